// The outside verifier for the Filecoin verify tests: the Groth16 pairing
// check redone by @noble/curves (noble_groth16_verify.mjs, run by node), fed
// the vk, proofs and public inputs cuzk uses. Without node/npm the tests that
// need it skip, unless CUZK_EXPECT_NODE=1 says they were installed: then they
// fail.
#pragma once
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

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

// One statement for the outside verifier: the key, every partition's proof
// (192 bytes each) and its inputs.
struct OutsideCase {
  const groth16::VerifyingKey<groth16::Bls12_381>* vk = nullptr;
  std::vector<std::vector<uint8_t>> proofs;
  std::vector<std::vector<Fr>> inputs;
};

// The cases as the outside verifier reads them (noble_groth16_verify.mjs):
// a file of this JSON can also be checked later, elsewhere (proofs made on a
// machine without node): node noble_groth16_verify.mjs <node_modules> <file>.
inline nlohmann::json outside_cases_json(const std::vector<OutsideCase>& cases) {
  nlohmann::json j;
  j["cases"] = nlohmann::json::array();
  for (const auto& c : cases) {
    nlohmann::json cj;
    cj["vk"]["alpha_g1"] = compressed_hex(c.vk->alpha_g1);
    cj["vk"]["beta_g2"] = compressed_hex(c.vk->beta_g2);
    cj["vk"]["gamma_g2"] = compressed_hex(c.vk->gamma_g2);
    cj["vk"]["delta_g2"] = compressed_hex(c.vk->delta_g2);
    for (const auto& p : c.vk->ic) cj["vk"]["ic"].push_back(compressed_hex(p));
    for (const auto& p : c.proofs) cj["proofs"].push_back(to_hex(p));
    for (const auto& x : c.inputs) {
      nlohmann::json row = nlohmann::json::array();
      for (const auto& v : x) row.push_back(ff::to_decimal(v));
      cj["inputs"].push_back(row);
    }
    j["cases"].push_back(cj);
  }
  return j;
}

// noble's verdict on each case, in one node run; nothing when node is not
// available.
inline std::optional<std::vector<OutsideVerdict>> noble_verify(const std::vector<OutsideCase>& cases) {
  auto modules = noble_node_modules();
  if (!modules) return std::nullopt;
  const nlohmann::json j = outside_cases_json(cases);
  static int serial = 0;
  const std::string base = ::testing::TempDir() + "/cuzk_noble_" + std::to_string(::getpid()) + "_" +
                           std::to_string(serial++);
  std::ofstream(base + ".json") << j.dump();
  const std::string script = std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/verify/noble_groth16_verify.mjs";
  const int status = std::system(
      ("node '" + script + "' '" + *modules + "' '" + base + ".json' >'" + base + ".out' 2>&1").c_str());
  std::ifstream out(base + ".out");
  std::vector<OutsideVerdict> verdicts;
  std::string line, all;
  while (std::getline(out, line)) {
    all += line + "\n";
    if (line == "valid") verdicts.push_back(OutsideVerdict::kValid);
    else if (line == "invalid") verdicts.push_back(OutsideVerdict::kInvalid);
    else if (line.starts_with("malformed:")) verdicts.push_back(OutsideVerdict::kMalformed);
  }
  std::remove((base + ".json").c_str());
  std::remove((base + ".out").c_str());
  const int rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (rc < 0 || rc > 2 || verdicts.size() != cases.size())
    throw Error("noble verifier: exit " + std::to_string(rc) + ", output:\n" + all);
  return verdicts;
}

}  // namespace cuzk::filecoin::test
