// eigerco/polka-storage's verifiable 2 KiB Groth16 known answers
// (tests/filecoin/data/verify/polka_*.json): their verifying-key encoding
// decoded here for tests only, and the KAT files loaded.
// polka-storage's vk encoding (lib/polka-storage-proofs/src/groth16/mod.rs):
// compressed alpha_g1, beta_g1 (48 B), beta_g2, gamma_g2 (96 B), delta_g1,
// delta_g2, a big-endian u32 count, then that many compressed IC points.
#pragma once
#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "ec/serialize_zcash.hpp"
#include "filecoin/domain.hpp"
#include "groth16/curve.hpp"
#include "groth16/keys.hpp"

namespace cuzk::filecoin::test {

using E = groth16::Bls12_381;
using VerifyingKey = groth16::VerifyingKey<E>;

inline std::vector<uint8_t> bytes_from_hex(const std::string& hex) {
  if (hex.size() % 2) throw DecodeError("odd number of hex digits");
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    throw DecodeError(std::string("not a hex digit: '") + c + "'");
  };
  std::vector<uint8_t> out(hex.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) out[i] = uint8_t(digit(hex[2 * i]) * 16 + digit(hex[2 * i + 1]));
  return out;
}

inline VerifyingKey decode_polka_vk(std::span<const uint8_t> in) {
  using G1 = E::G1;
  using G2 = E::G2;
  constexpr size_t g1 = ec::zcash::kCompressedBytes<G1>, g2 = ec::zcash::kCompressedBytes<G2>;
  constexpr size_t fixed = 3 * g1 + 3 * g2 + 4;
  if (in.size() < fixed) throw DecodeError("polka vk: " + std::to_string(in.size()) + " bytes, fewer than " +
                                           std::to_string(fixed));
  size_t off = 0;
  auto take = [&](size_t n) {
    auto s = in.subspan(off, n);
    off += n;
    return s;
  };
  VerifyingKey vk;
  vk.alpha_g1 = ec::zcash::decode_compressed<G1>(take(g1), ec::SubgroupCheck::kCheck, "vk.alpha_g1");
  vk.beta_g1 = ec::zcash::decode_compressed<G1>(take(g1), ec::SubgroupCheck::kCheck, "vk.beta_g1");
  vk.beta_g2 = ec::zcash::decode_compressed<G2>(take(g2), ec::SubgroupCheck::kCheck, "vk.beta_g2");
  vk.gamma_g2 = ec::zcash::decode_compressed<G2>(take(g2), ec::SubgroupCheck::kCheck, "vk.gamma_g2");
  vk.delta_g1 = ec::zcash::decode_compressed<G1>(take(g1), ec::SubgroupCheck::kCheck, "vk.delta_g1");
  vk.delta_g2 = ec::zcash::decode_compressed<G2>(take(g2), ec::SubgroupCheck::kCheck, "vk.delta_g2");
  auto n = take(4);
  const size_t count = size_t(n[0]) << 24 | size_t(n[1]) << 16 | size_t(n[2]) << 8 | size_t(n[3]);
  if (count == 0 || (in.size() - off) / g1 != count || (in.size() - off) % g1 != 0)
    throw DecodeError("polka vk: ic count " + std::to_string(count) + " does not match the " +
                      std::to_string(in.size() - off) + " bytes that follow");
  for (size_t i = 0; i < count; ++i)
    vk.ic.push_back(ec::zcash::decode_compressed<G1>(take(g1), ec::SubgroupCheck::kCheck, "vk.ic"));
  return vk;
}

inline nlohmann::json load_kat(const std::string& name) {
  const std::string path = std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/data/verify/" + name;
  std::ifstream f(path);
  if (!f) throw Error("cannot open " + path);
  return nlohmann::json::parse(f);
}

inline Domain domain_field(const nlohmann::json& j, const char* key) {
  return domain_from_hex(j.at(key).get<std::string>());
}

}  // namespace cuzk::filecoin::test
