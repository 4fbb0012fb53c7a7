// Curio's golden 32 GiB WindowPoSt vanilla proof (lib/proof/testgolden/
// post.vproof and postpub.json, FILECOIN.md 2.6) as the tests read it: the
// proof's bytes and its public values from postpub.json.
#pragma once
#include <cstdint>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/formats/base64.hpp"
#include "filecoin/merkle/commitment_cid.hpp"

namespace vanilla_check_test {

inline std::vector<uint8_t> golden_bytes(const std::string& name) {
  const std::string path = std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/data/golden/" + name;
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot open " + path);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

struct GoldenPoStPublic {
  cuzk::filecoin::Domain randomness{};
  uint64_t post_proof = 0;  // RegisteredPoStProof id
  uint64_t seal_proof = 0;
  uint64_t sector_id = 0;
  cuzk::filecoin::Domain comm_r{};  // from the SealedCID
  uint64_t prover = 0;
};

inline GoldenPoStPublic golden_post_public() {
  const auto text = golden_bytes("postpub.json");
  const auto j = nlohmann::json::parse(text.begin(), text.end());
  GoldenPoStPublic g;
  const auto rand = cuzk::filecoin::base64_decode(j.at("Randomness").get<std::string>(), "Randomness");
  if (rand.size() != 32) throw std::runtime_error("postpub.json: Randomness is not 32 bytes");
  std::copy(rand.begin(), rand.end(), g.randomness.begin());
  g.post_proof = j.at("Proofs").at(0).at("PoStProof").get<uint64_t>();
  const auto& s = j.at("ChallengedSectors").at(0);
  g.seal_proof = s.at("SealProof").get<uint64_t>();
  g.sector_id = s.at("SectorNumber").get<uint64_t>();
  g.comm_r = cuzk::filecoin::commitment_from_cid(s.at("SealedCID").at("/").get<std::string>(),
                                                 cuzk::filecoin::CommitmentKind::kSealed);
  g.prover = j.at("Prover").get<uint64_t>();
  return g;
}

}  // namespace vanilla_check_test
