// bellperson's Groth16 files for BLS12-381: the parameters file (verifying key,
// then h, l, a, b_g1, b_g2, each a big-endian u32 count followed by
// uncompressed points) and the 192-byte proof (compressed A | B | C).
// Readers validate everything: lengths against the bytes left, flags,
// canonical coordinates, curve and subgroup membership, no identity points in
// the queries; errors name the file, the section and the offset.
#pragma once
#include <atomic>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "core/mapped_file.hpp"
#include "core/parallel.hpp"
#include "core/prefault.hpp"
#include "ec/serialize_zcash.hpp"
#include "formats/byte_reader.hpp"
#include "groth16/keys.hpp"

namespace cuzk::formats::bellperson {

using E = groth16::Bls12_381;
using G1 = E::G1;
using G2 = E::G2;
inline constexpr size_t kProofBytes = 192;

namespace detail {

template <class C>
void put_point(std::vector<uint8_t>& out, const ec::Affine<C>& p) {
  auto b = ec::zcash::encode_uncompressed(p);
  out.insert(out.end(), b.begin(), b.end());
}

inline void put_u32_be(std::vector<uint8_t>& out, size_t v) {
  if (v > 0xffffffffu) throw Error("bellperson params: section of " + std::to_string(v) + " points exceeds u32");
  for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

template <class C>
void put_section(std::vector<uint8_t>& out, const std::vector<ec::Affine<C>>& pts) {
  put_u32_be(out, pts.size());
  out.reserve(out.size() + pts.size() * ec::zcash::kUncompressedBytes<C>);
  for (const auto& p : pts) put_point(out, p);
}

template <class C>
ec::Affine<C> get_point(ByteReader& r, const std::string& what) {
  auto b = r.take(ec::zcash::kUncompressedBytes<C>, what);
  try {
    return ec::zcash::decode_uncompressed<C>(b);
  } catch (const DecodeError& e) {
    r.fail(what + ": " + e.what());
  }
}

// Decodes a counted section in parallel (subgroup checks dominate load time).
template <class C>
std::vector<ec::Affine<C>> get_section(ByteReader& r, const std::string& name, bool allow_identity,
                                       ec::SubgroupCheck check = ec::SubgroupCheck::kCheck) {
  constexpr size_t w = ec::zcash::kUncompressedBytes<C>;
  const size_t count = r.u32_be(name + " length");
  if (count > r.remaining() / w)
    r.fail(name + " claims " + std::to_string(count) + " points but only " + std::to_string(r.remaining()) +
           " bytes remain");
  const size_t start = r.offset();
  auto bytes = r.take(count * w, name);
  std::vector<ec::Affine<C>> pts;
  resize_prefaulted(pts, count);
  std::string err;
  std::mutex mu;
  // one bad point or a file changed under the load stops every worker
  const SourceWatch watch(bytes);
  std::atomic<bool> stop{false};
  parallel_for(count, 256, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) {
      if (i % 64 == 0 && (stop.load(std::memory_order_relaxed) || watch.changed())) {
        stop = true;
        return;
      }
      try {
        pts[i] = ec::zcash::decode_uncompressed<C>(bytes.subspan(i * w, w), check);
        if (!allow_identity && pts[i].inf) throw DecodeError("point at infinity is not allowed here");
      } catch (const DecodeError& ex) {
        stop = true;
        std::lock_guard lk(mu);
        if (err.empty())
          err = r.source() + ": " + name + "[" + std::to_string(i) + "] at byte offset " +
                std::to_string(start + i * w) + ": " + ex.what();
        return;
      }
    }
  });
  if (watch.changed()) r.fail(name + ": the file changed while it was read");
  if (!err.empty()) throw DecodeError(err);
  return pts;
}

}  // namespace detail

inline std::vector<uint8_t> serialize_vk(const groth16::VerifyingKey<E>& vk) {
  std::vector<uint8_t> out;
  detail::put_point(out, vk.alpha_g1);
  detail::put_point(out, vk.beta_g1);
  detail::put_point(out, vk.beta_g2);
  detail::put_point(out, vk.gamma_g2);
  detail::put_point(out, vk.delta_g1);
  detail::put_point(out, vk.delta_g2);
  detail::put_section(out, vk.ic);
  return out;
}

inline groth16::VerifyingKey<E> read_vk(ByteReader& r) {
  groth16::VerifyingKey<E> vk;
  vk.alpha_g1 = detail::get_point<G1>(r, "vk.alpha_g1");
  vk.beta_g1 = detail::get_point<G1>(r, "vk.beta_g1");
  vk.beta_g2 = detail::get_point<G2>(r, "vk.beta_g2");
  vk.gamma_g2 = detail::get_point<G2>(r, "vk.gamma_g2");
  vk.delta_g1 = detail::get_point<G1>(r, "vk.delta_g1");
  vk.delta_g2 = detail::get_point<G2>(r, "vk.delta_g2");
  vk.ic = detail::get_section<G1>(r, "vk.ic", true);
  if (vk.ic.empty()) r.fail("vk.ic is empty (it needs at least the point for the constant ONE)");
  return vk;
}

inline groth16::VerifyingKey<E> parse_vk(std::span<const uint8_t> bytes, const std::string& source) {
  ByteReader r(bytes, source);
  auto vk = read_vk(r);
  r.expect_end();
  return vk;
}

inline std::vector<uint8_t> serialize_params(const groth16::ProvingKey<E>& pk) {
  std::vector<uint8_t> out = serialize_vk(pk.vk);
  detail::put_section(out, pk.h);
  detail::put_section(out, pk.l);
  detail::put_section(out, pk.a);
  detail::put_section(out, pk.b_g1);
  detail::put_section(out, pk.b_g2);
  return out;
}

// queries: kSkip only for contents known to have passed every check before
// (engine/validation_memo.hpp); the verifying key is always checked in full.
inline groth16::ProvingKey<E> parse_params(std::span<const uint8_t> bytes, const std::string& source,
                                           ec::SubgroupCheck queries = ec::SubgroupCheck::kCheck) {
  ByteReader r(bytes, source);
  groth16::ProvingKey<E> pk;
  pk.vk = read_vk(r);
  pk.h = detail::get_section<G1>(r, "h", false, queries);
  pk.l = detail::get_section<G1>(r, "l", false, queries);
  pk.a = detail::get_section<G1>(r, "a", false, queries);
  pk.b_g1 = detail::get_section<G1>(r, "b_g1", false, queries);
  pk.b_g2 = detail::get_section<G2>(r, "b_g2", false, queries);
  r.expect_end();
  return pk;
}

inline void write_file(const std::string& path, std::span<const uint8_t> bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw Error("cannot create '" + path + "'");
  f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  if (!f) throw Error("write to '" + path + "' failed");
}

inline void write_params(const groth16::ProvingKey<E>& pk, const std::string& path) {
  write_file(path, serialize_params(pk));
}

inline groth16::ProvingKey<E> read_params(const std::string& path) {
  MappedFile f(path);
  return f.parse([&](auto bytes) { return parse_params(bytes, "params file '" + path + "'"); });
}

inline std::array<uint8_t, kProofBytes> proof_to_bytes(const groth16::Proof<E>& p) {
  std::array<uint8_t, kProofBytes> out;
  auto a = ec::zcash::encode_compressed(p.a);
  auto b = ec::zcash::encode_compressed(p.b);
  auto c = ec::zcash::encode_compressed(p.c);
  std::copy(a.begin(), a.end(), out.begin());
  std::copy(b.begin(), b.end(), out.begin() + 48);
  std::copy(c.begin(), c.end(), out.begin() + 144);
  return out;
}

inline groth16::Proof<E> proof_from_bytes(std::span<const uint8_t> in, const std::string& source = "proof") {
  if (in.size() != kProofBytes)
    throw DecodeError(source + ": expected " + std::to_string(kProofBytes) + " bytes, got " + std::to_string(in.size()));
  groth16::Proof<E> p;
  p.a = ec::zcash::decode_compressed<G1>(in.subspan(0, 48), ec::SubgroupCheck::kCheck, "proof.a");
  p.b = ec::zcash::decode_compressed<G2>(in.subspan(48, 96), ec::SubgroupCheck::kCheck, "proof.b");
  p.c = ec::zcash::decode_compressed<G1>(in.subspan(144, 48), ec::SubgroupCheck::kCheck, "proof.c");
  return p;
}

}  // namespace cuzk::formats::bellperson
