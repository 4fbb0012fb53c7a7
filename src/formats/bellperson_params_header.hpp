// The section counts of a bellperson parameters file (or of a .vk file: the
// verifying key alone), read without decoding a point, so a 47 GB file is
// checked against a circuit in microseconds. Each count is checked against
// the bytes that remain; a file that ends early names the section.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "core/mapped_file.hpp"
#include "ec/serialize_zcash.hpp"
#include "formats/byte_reader.hpp"
#include "groth16/curve.hpp"

namespace cuzk::formats::bellperson {

struct ParamsCounts {
  size_t ic = 0;
  // Absent in a .vk file.
  std::optional<size_t> h, l, a, b_g1, b_g2;
  bool operator==(const ParamsCounts&) const = default;

  // The size of the file these counts make (a .vk file's without h).
  uint64_t file_bytes() const {
    const uint64_t g1 = 96, g2 = 192;
    const uint64_t vk = 3 * g1 + 3 * g2 + 4 + ic * g1;
    if (!h) return vk;
    return vk + 4 * 5 + (*h + *l + *a + *b_g1) * g1 + *b_g2 * g2;
  }
};

namespace detail {

inline size_t skip_section(ByteReader& r, const std::string& name, size_t point_bytes) {
  const size_t count = r.u32_be(name + " length");
  if (count > r.remaining() / point_bytes)
    r.fail(name + " claims " + std::to_string(count) + " points (" + std::to_string(count * point_bytes) +
           " bytes) but only " + std::to_string(r.remaining()) + " bytes remain");
  r.seek(r.offset() + count * point_bytes);
  return count;
}

}  // namespace detail

// Reads a .params file's counts, or a .vk file's (the bytes end after ic).
inline ParamsCounts scan_params_counts(std::span<const uint8_t> bytes, const std::string& source) {
  using E = groth16::Bls12_381;
  constexpr size_t g1 = ec::zcash::kUncompressedBytes<typename E::G1>;
  constexpr size_t g2 = ec::zcash::kUncompressedBytes<typename E::G2>;
  ByteReader r(bytes, source);
  r.take(3 * g1 + 3 * g2, "verifying key points");
  ParamsCounts c;
  c.ic = detail::skip_section(r, "vk.ic", g1);
  if (r.remaining() == 0) return c;
  c.h = detail::skip_section(r, "h", g1);
  c.l = detail::skip_section(r, "l", g1);
  c.a = detail::skip_section(r, "a", g1);
  c.b_g1 = detail::skip_section(r, "b_g1", g1);
  c.b_g2 = detail::skip_section(r, "b_g2", g2);
  r.expect_end();
  return c;
}

inline ParamsCounts scan_params_counts_file(const std::string& path) {
  MappedFile f(path);
  return f.parse([&](auto bytes) { return scan_params_counts(bytes, "parameters file '" + path + "'"); });
}

}  // namespace cuzk::formats::bellperson
