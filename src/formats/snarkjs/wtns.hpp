// circom/snarkjs .wtns witness files (versions 1 and 2): section 1 holds n8,
// the prime and the wire count, section 2 the wire values as canonical
// little-endian n8-byte integers, wire 0 being the constant ONE.
#pragma once
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "core/mapped_file.hpp"
#include "core/parallel.hpp"
#include "core/prefault.hpp"
#include "ff/field_io.hpp"
#include "formats/snarkjs/binfile.hpp"
#include "formats/snarkjs/curve_id.hpp"
#include "groth16/zkey_keys.hpp"

namespace cuzk::formats::snarkjs {

struct WtnsHeader {
  std::optional<Curve> curve;  // empty for a prime of neither curve
  uint32_t n8;
  uint32_t n_witness;
};

inline WtnsHeader read_wtns_header(const BinFile& f) {
  auto r = f.reader(1, "witness header");
  WtnsHeader h{};
  h.n8 = r.u32_le("n8");
  if (h.n8 == 0 || h.n8 > 64 || h.n8 % 8) r.fail("n8 = " + std::to_string(h.n8) + " is not a field width");
  auto prime = r.take(h.n8, "prime");
  h.curve = curve_from_prime('r', h.n8, prime);
  h.n_witness = r.u32_le("number of wires");
  r.expect_end();
  return h;
}

// The values section, once the prime is E's and the section holds the
// header's count of wires (before anything is allocated from that count).
template <class E>
std::span<const uint8_t> wtns_values(const BinFile& f, const WtnsHeader& h) {
  if (h.curve != curve_of<E>())
    f.fail(std::string("witness prime is ") + (h.curve ? std::string("the ") + curve_name(*h.curve) + " scalar field" :
                                                         "of no supported curve") +
           ", but the key's field is " + curve_name(curve_of<E>()) + "'s");
  return f.section(2, "witness values", uint64_t(h.n_witness) * E::Fr::kBytes);
}

// The wire values as elements of E's scalar field, decoded on all cores
// into `out`, sized for the key's wires (another count is an error naming
// both); refuses a witness over any other prime, naming both fields.
template <class E>
void read_wtns_into(std::span<const uint8_t> bytes, const std::string& source, std::span<typename E::Fr> out) {
  using F = typename E::Fr;
  BinFile f(bytes, "wtns", 2, source);
  const WtnsHeader h = read_wtns_header(f);
  auto s = wtns_values<E>(f, h);
  groth16::check_wire_count(h.n_witness, out.size());
  size_t bad = SIZE_MAX;
  std::mutex mu;
  parallel_for(out.size(), 1 << 13, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) {
      ff::Limbs<F::N> c{};
      for (int k = 0; k < F::kBytes; ++k) c.v[k / 8] |= uint64_t(s[i * F::kBytes + k]) << (8 * (k % 8));
      if (ff::limbs_geq(c, F::Params::modulus())) {
        std::lock_guard lk(mu);
        bad = std::min(bad, i);
        return;
      }
      out[i] = F::from_canonical(c);
    }
  });
  if (bad != SIZE_MAX) f.fail("wire " + std::to_string(bad) + " is not below the field's prime");
}

// The same into a vector of the header's length.
template <class E>
std::vector<typename E::Fr> read_wtns(std::span<const uint8_t> bytes, const std::string& source) {
  const BinFile f(bytes, "wtns", 2, source);
  const WtnsHeader h = read_wtns_header(f);
  (void)wtns_values<E>(f, h);
  std::vector<typename E::Fr> w;
  resize_prefaulted(w, h.n_witness);
  read_wtns_into<E>(bytes, source, std::span<typename E::Fr>(w));
  return w;
}

template <class E>
std::vector<typename E::Fr> read_wtns_file(const std::string& path) {
  MappedFile m(path);
  return m.parse([&](auto bytes) { return read_wtns<E>(bytes, "witness '" + path + "'"); });
}

// Writes a version-2 .wtns of the given wire values.
template <class F>
void write_wtns(const std::vector<F>& w, const std::string& path) {
  BinFileWriter out(path, "wtns", 2, 2);
  out.begin_section(1);
  out.u32(F::kBytes);
  std::vector<uint8_t> buf(F::kBytes);
  const auto p = F::Params::modulus();
  for (int i = 0; i < F::kBytes; ++i) buf[i] = uint8_t(p.v[i / 8] >> (8 * (i % 8)));
  out.bytes(buf);
  out.u32(uint32_t(w.size()));
  out.end_section();
  out.begin_section(2);
  buf.resize(w.size() * F::kBytes);
  for (size_t i = 0; i < w.size(); ++i) ff::to_bytes_le(w[i], buf.data() + i * F::kBytes);
  out.bytes(buf);
  out.end_section();
  out.close();
}

}  // namespace cuzk::formats::snarkjs
