// The 2 KiB statements the prove tests share: one sector sealed here
// (StackedDrg2KiBV1_1, real SDR), and its WindowPoSt, WinningPoSt, PoRep and
// SnapDeals statements, each with the vanilla proofs a prover gets.
#pragma once
#include "filecoin/prove/filecoin_circuit.hpp"
#include "filecoin/sealer/commit_phase1.hpp"
#include "filecoin/sealer/post_prover.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "filecoin/sealer/snap_update.hpp"
#include "filecoin/verify/proof_types.hpp"
#include "support/filecoin_values.hpp"

namespace cuzk::filecoin::test {

struct ProofStatement {
  FilecoinProofType type;
  FilecoinPublicValues values;
  FilecoinVanillaProofs vanilla;
};

class TwoKiBSector {
 public:
  TwoKiBSector() : sealed_(seal()) {}

  const SealedSector& sealed() const { return sealed_; }
  const SectorIdentity& id() const { return id_; }

  ProofStatement post(RegisteredPoStProof proof) const {
    ProofStatement s{post_proof_type(proof), {}, {}};
    s.values.randomness = randomness_;
    s.values.sectors = {{id_.sector_id, sealed_.comm_r}};
    s.vanilla.post.push_back(post_sector_proof(proof, sealed_, id_.sector_id, randomness_));
    return s;
  }
  ProofStatement window() const { return post(RegisteredPoStProof::kStackedDrgWindow2KiBV1_2); }
  ProofStatement winning() const { return post(RegisteredPoStProof::kStackedDrgWinning2KiBV1); }

  ProofStatement porep() const {
    ProofStatement s{porep_proof_type(kProof), {}, {}};
    s.values.comm_r = sealed_.comm_r;
    s.values.comm_d = sealed_.comm_d;
    s.values.prover_id = id_.prover_id;
    s.values.sector_id = id_.sector_id;
    s.values.ticket = id_.ticket;
    s.values.seed = seed_;
    s.vanilla.c1 = seal_commit_phase1(kProof, sealed_, seed_);
    return s;
  }

  ProofStatement snap() const {
    std::vector<Domain> fresh(sealed_.nodes());
    for (size_t i = 0; i < fresh.size(); ++i) fresh[i] = trunc254(cuzk::test::filled(uint8_t(i + 100)));
    const auto u = encode_sector_update(sealed_, std::move(fresh));
    ProofStatement s{snap_proof_type(RegisteredUpdateProof::kStackedDrg2KiBV1), {}, {}};
    s.values.comm_r_old = sealed_.comm_r;
    s.values.comm_d_new = u.comm_d_new;
    s.values.comm_r_new = u.comm_r_new;
    s.vanilla.snap = snap_partition_proofs(sealed_, u);
    return s;
  }

 private:
  static constexpr RegisteredSealProof kProof = RegisteredSealProof::kStackedDrg2KiBV1_1;

  SealedSector seal() const {
    const auto config = seal_config(kProof);
    std::vector<Domain> data(config.nodes());
    for (size_t i = 0; i < data.size(); ++i) data[i] = trunc254(cuzk::test::filled(uint8_t(i * 37 + 1)));
    return seal_sector(config, std::move(data), id_);
  }

  SectorIdentity id_{cuzk::test::filled(7), 42, trunc254(cuzk::test::filled(3))};
  Domain seed_ = trunc254(cuzk::test::filled(5));
  Domain randomness_ = trunc254(cuzk::test::filled(9));
  SealedSector sealed_;
};

inline const TwoKiBSector& two_kib_sector() {
  static const TwoKiBSector s;
  return s;
}

}  // namespace cuzk::filecoin::test
