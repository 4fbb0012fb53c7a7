// The outside verifier for the Filecoin verify tests: the Groth16 pairing
// check redone by @noble/curves (noble_groth16_verify.mjs, run by node), fed
// the vk, proofs and public inputs cuzk uses. Without node/npm the tests that
// need it skip, unless CUZK_EXPECT_NODE=1 says they were installed: then they
// fail.
#pragma once
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ec/serialize_zcash.hpp"
#include "ff/field_io.hpp"
#include "filecoin/domain.hpp"
#include "groth16/curve.hpp"
#include "groth16/keys.hpp"

namespace cuzk::filecoin::test {

enum class OutsideVerdict { kValid, kInvalid, kMalformed };

// The node_modules folder holding the pinned @noble/curves, installed by
// scripts/setup/snarkjs-tools; nothing when node/npm are absent (and
// CUZK_EXPECT_NODE is not 1). Throws when the install fails or when node was
// promised but is missing.
inline std::optional<std::string> noble_node_modules() {
  static const std::optional<std::string> dir = [] () -> std::optional<std::string> {
    const std::string root = CUZK_SOURCE_DIR;
    const int status = std::system(("'" + root + "/scripts/setup/snarkjs-tools' >/dev/null 2>&1").c_str());
    const int rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (rc == 77) {
      const char* expect = std::getenv("CUZK_EXPECT_NODE");
      if (expect && std::string(expect) == "1")
        throw Error("node/npm not available, but CUZK_EXPECT_NODE=1 says they were installed");
      return std::nullopt;
    }
    if (rc != 0) throw Error("scripts/setup/snarkjs-tools failed (exit " + std::to_string(rc) + ")");
    return root + "/tools/snarkjs/node_modules";
  }();
  return dir;
}

template <class C>
std::string compressed_hex(const ec::Affine<C>& p) {
  auto b = ec::zcash::encode_compressed(p);
  return to_hex(b);
}

// The verdict of noble on every proof (192 bytes each) with its inputs;
// nothing when node is not available.
inline std::optional<OutsideVerdict> noble_verify(const groth16::VerifyingKey<groth16::Bls12_381>& vk,
                                                  const std::vector<std::vector<uint8_t>>& proofs,
                                                  const std::vector<std::vector<Fr>>& inputs) {
  auto modules = noble_node_modules();
  if (!modules) return std::nullopt;
  nlohmann::json j;
  j["vk"]["alpha_g1"] = compressed_hex(vk.alpha_g1);
  j["vk"]["beta_g2"] = compressed_hex(vk.beta_g2);
  j["vk"]["gamma_g2"] = compressed_hex(vk.gamma_g2);
  j["vk"]["delta_g2"] = compressed_hex(vk.delta_g2);
  for (const auto& p : vk.ic) j["vk"]["ic"].push_back(compressed_hex(p));
  for (const auto& p : proofs) j["proofs"].push_back(to_hex(p));
  for (const auto& x : inputs) {
    nlohmann::json row = nlohmann::json::array();
    for (const auto& v : x) row.push_back(ff::to_decimal(v));
    j["inputs"].push_back(row);
  }
  static int serial = 0;
  const std::string path = ::testing::TempDir() + "/cuzk_noble_case_" + std::to_string(::getpid()) + "_" +
                           std::to_string(serial++) + ".json";
  std::ofstream(path) << j.dump();
  const std::string script = std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/verify/noble_groth16_verify.mjs";
  const int status = std::system(("node '" + script + "' '" + *modules + "' '" + path + "' >/dev/null").c_str());
  std::remove(path.c_str());
  const int rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  switch (rc) {
    case 0: return OutsideVerdict::kValid;
    case 1: return OutsideVerdict::kInvalid;
    case 2: return OutsideVerdict::kMalformed;
    default: throw Error("noble verifier: unexpected exit " + std::to_string(rc));
  }
}

}  // namespace cuzk::filecoin::test
