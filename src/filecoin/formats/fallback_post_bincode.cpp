#include "filecoin/formats/fallback_post_bincode.hpp"

#include "filecoin/formats/bincode.hpp"
#include "filecoin/formats/merkle_proof_bincode.hpp"

namespace cuzk::filecoin {

namespace {

constexpr size_t kSectorProofMinBytes = 8 + 32 + 32;

SectorProof read_sector_proof(BincodeReader& r) {
  SectorProof s;
  {
    auto f = r.field("inclusion_proofs");
    s.inclusion_proofs.resize(r.length(kMerkleProofMinBincodeBytes));
    for (size_t i = 0; i < s.inclusion_proofs.size(); ++i) {
      auto e = r.element(i);
      s.inclusion_proofs[i] = read_merkle_proof(r);
    }
  }
  {
    auto f = r.field("comm_c");
    s.comm_c = r.domain();
  }
  auto f = r.field("comm_r_last");
  s.comm_r_last = r.domain();
  return s;
}

}  // namespace

FallbackPoStSectorProof read_fallback_post_sector_proof(std::span<const uint8_t> bytes, const std::string& source) {
  BincodeReader r(bytes, source);
  FallbackPoStSectorProof p;
  {
    auto f = r.field("sector_id");
    p.sector_id = r.u64();
  }
  {
    auto f = r.field("comm_r");
    p.comm_r = r.domain();
  }
  {
    auto f = r.field("vanilla_proof");
    auto g = r.field("sectors");
    p.sectors.resize(r.length(kSectorProofMinBytes));
    for (size_t i = 0; i < p.sectors.size(); ++i) {
      auto e = r.element(i);
      p.sectors[i] = read_sector_proof(r);
    }
  }
  r.expect_end();
  return p;
}

std::vector<uint8_t> write_fallback_post_sector_proof(const FallbackPoStSectorProof& proof) {
  BincodeWriter w;
  w.u64(proof.sector_id);
  w.domain(proof.comm_r);
  w.length(proof.sectors.size());
  for (const auto& s : proof.sectors) {
    w.length(s.inclusion_proofs.size());
    for (const auto& m : s.inclusion_proofs) write_merkle_proof(w, m);
    w.domain(s.comm_c);
    w.domain(s.comm_r_last);
  }
  return w.take();
}

}  // namespace cuzk::filecoin
