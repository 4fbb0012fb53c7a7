#include "filecoin/formats/snap_bincode.hpp"

#include "filecoin/formats/bincode.hpp"
#include "filecoin/formats/merkle_proof_bincode.hpp"

namespace cuzk::filecoin {

namespace {

MerkleProof read_named(BincodeReader& r, const char* name) {
  auto f = r.field(name);
  return read_merkle_proof(r);
}

}  // namespace

SnapPartitionProof read_snap_partition_proof(std::span<const uint8_t> bytes, const std::string& source) {
  BincodeReader r(bytes, source);
  SnapPartitionProof p;
  {
    auto f = r.field("comm_c");
    p.comm_c = r.domain();
  }
  {
    auto f = r.field("apex_leafs");
    p.apex_leafs.resize(r.length(32));
    for (auto& d : p.apex_leafs) d = r.domain();
  }
  {
    auto f = r.field("challenge_proofs");
    p.challenge_proofs.resize(r.length(3 * kMerkleProofMinBincodeBytes));
    for (size_t i = 0; i < p.challenge_proofs.size(); ++i) {
      auto e = r.element(i);
      auto& c = p.challenge_proofs[i];
      c.proof_r_old = read_named(r, "proof_r_old");
      c.proof_d_new = read_named(r, "proof_d_new");
      c.proof_r_new = read_named(r, "proof_r_new");
    }
  }
  r.expect_end();
  return p;
}

std::vector<uint8_t> write_snap_partition_proof(const SnapPartitionProof& proof) {
  BincodeWriter w;
  w.domain(proof.comm_c);
  w.length(proof.apex_leafs.size());
  for (const auto& d : proof.apex_leafs) w.domain(d);
  w.length(proof.challenge_proofs.size());
  for (const auto& c : proof.challenge_proofs) {
    write_merkle_proof(w, c.proof_r_old);
    write_merkle_proof(w, c.proof_d_new);
    write_merkle_proof(w, c.proof_r_new);
  }
  return w.take();
}

}  // namespace cuzk::filecoin
