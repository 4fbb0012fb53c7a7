// How long the vanilla checks take on this machine: the golden 32 GiB
// WindowPoSt sector proof (accepted, and refused at its last challenge),
// PoRep C1 outputs of 2 KiB and 8 MiB sealer sectors and of a sparse 32 GiB
// sector, SnapDeals proofs of an 8 MiB update, and the Poseidon-8 node hash
// the Merkle paths spend their time in. Prints figures (wall and CPU
// seconds, the host is shared); asserts nothing.
#include <chrono>
#include <cstdio>
#include <ctime>
#include <vector>

#include "filecoin/formats/fallback_post_bincode.hpp"
#include "filecoin/hash/poseidon.hpp"
#include "filecoin/merkle/node_hash.hpp"
#include "filecoin/sealer/commit_phase1.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "filecoin/sealer/snap_update.hpp"
#include "filecoin/sparse_sector/sparse_seal.hpp"
#include "filecoin/vanilla_check/porep_check.hpp"
#include "filecoin/vanilla_check/post_check.hpp"
#include "filecoin/vanilla_check/snap_check.hpp"
#include "golden_post.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

struct Clock {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  std::clock_t cpu = std::clock();
  double wall_s() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count(); }
  double cpu_s() const { return double(std::clock() - cpu) / CLOCKS_PER_SEC; }
};

template <class F>
void time_it(const char* what, int runs, F f) {
  f();  // warm-up: constants, caches
  Clock c;
  for (int i = 0; i < runs; ++i) f();
  std::printf("%-58s %9.3f ms wall %9.3f ms CPU per run\n", what, 1e3 * c.wall_s() / runs, 1e3 * c.cpu_s() / runs);
}

}  // namespace

int main() {
  std::vector<Domain> kids(8);
  for (size_t i = 0; i < kids.size(); ++i) kids[i] = domain_of(Fr::from_u64(i + 1));
  time_it("Poseidon-8 node (merkle hash_node), x1000", 5, [&] {
    for (int i = 0; i < 1000; ++i) kids[0] = hash_node(NodeHasher::kPoseidon, kids);
  });
  time_it("Poseidon-8 (hash/poseidon_hash, OptimizedStatic), x1000", 5, [&] {
    for (int i = 0; i < 1000; ++i) kids[0] = poseidon_hash(std::span<const Domain>(kids));
  });

  const auto bytes = vanilla_check_test::golden_bytes("post.vproof");
  const auto g = vanilla_check_test::golden_post_public();
  const PoStPublic pub{RegisteredPoStProof(g.post_proof), g.randomness, std::nullopt};
  const PoStSector sector{g.sector_id, g.comm_r};
  time_it("golden 32 GiB WindowPoSt sector proof from bytes, accepted", 20, [&] {
    if (!check_post_sector_proof_bytes(pub, bytes, sector).ok) std::puts("unexpected refusal");
  });
  auto late = bytes;
  late[late.size() - 64 - 40] ^= 1;  // the leaf of the last inclusion proof
  time_it("the same, its last challenge's leaf flipped (refused)", 20, [&] {
    if (check_post_sector_proof_bytes(pub, late, sector).ok) std::puts("unexpected acceptance");
  });

  Domain seed;
  seed.fill(13);
  for (RegisteredSealProof proof :
       {RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredSealProof::kStackedDrg8MiBV1_1}) {
    const SealedSector sector = seal_cc_sector(seal_config(proof), {seed, 7, seed});
    const auto c1 = seal_commit_phase1(proof, sector, seed);
    const std::string what = "PoRep C1 check, " + c1.registered_proof + " (sealer)";
    time_it(what.c_str(), 5, [&] {
      if (!check_seal_commit_phase1(c1).ok) std::puts("unexpected refusal");
    });
    if (proof != RegisteredSealProof::kStackedDrg8MiBV1_1) continue;
    const UpdatedSector u = encode_sector_update(sector, std::vector<Domain>(sector.nodes(), trunc254(seed)));
    const auto parts = snap_partition_proofs(sector, u);
    const SnapPublic pub{RegisteredUpdateProof::kStackedDrg8MiBV1, u.comm_r_old, u.comm_r_new, u.comm_d_new};
    time_it("SnapDeals check, 8 MiB, all 4 partitions (sealer)", 5, [&] {
      if (!check_snap_partitions(pub, parts).ok) std::puts("unexpected refusal");
    });
  }
  SparseSealRequest req;
  req.proof = RegisteredSealProof::kStackedDrg32GiBV1_1;
  req.seed = seed;
  req.default_label = trunc254(seed);
  const SparseSeal sparse = seal_sparse(req);
  time_it("PoRep C1 check, StackedDrg32GiBV1_1 (sparse sector, 180 challenges)", 3, [&] {
    if (!check_seal_commit_phase1(sparse.c1).ok) std::puts("unexpected refusal");
  });
  return 0;
}
