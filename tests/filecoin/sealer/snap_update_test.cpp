// SnapDeals with the host sealer: decoding the new replica with rho gives
// back the data, every replica node is old + data * rho(high bits), comm_r_new
// = Poseidon-2(comm_c, comm_r_last_new), and each partition proof holds the
// challenges re-derived by update_challenges, paths verifying against the
// old / new roots and comm_d_new, and apex leafs that hash up to comm_d_new
// with the other partitions'; bincode round trip. 2 KiB (one partition, h =
// 1) and 32 KiB (two partitions, shape 8-8-2).
#include <gtest/gtest.h>

#include <bit>

#include "core/error.hpp"
#include "filecoin/challenges/update_challenges.hpp"
#include "filecoin/formats/snap_bincode.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/node_hash.hpp"
#include "filecoin/registry/update_params.hpp"
#include "filecoin/sealer/snap_update.hpp"
#include "sealer_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::sealer_test;

namespace {

SealConfig config(uint64_t size) {
  SealConfig c;
  c.sector_size = size;
  c.porep_id = {};
  c.porep_id[0] = 5;  // StackedDrg2KiBV1_1's id; the update does not depend on it
  c.api_version = ApiVersion::kV1_1_0;
  return c;
}

// Root of a binary SHA-256 tree over `leaves` (a power of two of them).
Domain binary_root(std::vector<Domain> level) {
  while (level.size() > 1) {
    std::vector<Domain> up(level.size() / 2);
    for (size_t i = 0; i < up.size(); ++i)
      up[i] = hash_node(NodeHasher::kSha256Trunc254, std::span<const Domain>(&level[2 * i], 2));
    level = std::move(up);
  }
  return level[0];
}

void check_update(uint64_t size) {
  SCOPED_TRACE(size);
  const uint64_t nodes = size / 32;
  const SealedSector s = seal_cc_sector(config(size), {filled(4), 99, filled(5)});
  const std::vector<Domain> data = random_nodes(nodes, size + 7);
  const UpdatedSector u = encode_sector_update(s, data);

  EXPECT_EQ(u.comm_r_old, s.comm_r);
  EXPECT_EQ(u.h, update_h_default(nodes));
  EXPECT_EQ(u.comm_r_new, comm_r_of(s.comm_c, u.tree_r_new.root()));
  EXPECT_EQ(u.phi, poseidon_hash(std::vector<Domain>{u.comm_d_new, s.comm_r}, 2, PoseidonHashType::custom(1)));
  EXPECT_EQ(decode_sector_update(u.replica(), s.replica(), u.phi, u.h), data);
  const uint32_t shift = uint32_t(std::countr_zero(nodes)) - uint32_t(u.h);
  for (uint64_t i = 0; i < nodes; i += 7)
    EXPECT_EQ(fr_of(u.replica()[i]), fr_of(s.replica()[i]) + fr_of(data[i]) * update_rho(u.phi, i >> shift));

  const auto proofs = snap_partition_proofs(s, u);
  ASSERT_EQ(proofs.size(), update_partition_count(nodes));
  std::vector<Domain> all_apex;
  for (size_t k = 0; k < proofs.size(); ++k) {
    SCOPED_TRACE("partition " + std::to_string(k));
    const SnapPartitionProof& p = proofs[k];
    EXPECT_EQ(p.comm_c, s.comm_c);
    ASSERT_EQ(p.apex_leafs.size(), update_apex_leaf_count(nodes));
    all_apex.insert(all_apex.end(), p.apex_leafs.begin(), p.apex_leafs.end());
    const auto challenges = update_challenges(nodes, u.comm_r_new, k);
    ASSERT_EQ(p.challenge_proofs.size(), challenges.size());
    for (size_t i = 0; i < challenges.size(); ++i) {
      const uint64_t c = challenges[i];
      const SnapChallengeProof& cp = p.challenge_proofs[i];
      const TreeShape r = tree_r_shape(size);
      auto old_ok = check_merkle_proof(cp.proof_r_old, r, {.root = s.comm_r_last, .leaf_index = c});
      auto d_ok = check_merkle_proof(cp.proof_d_new, tree_d_shape(size), {.root = u.comm_d_new, .leaf_index = c});
      auto new_ok = check_merkle_proof(cp.proof_r_new, r, {.root = u.comm_r_last_new, .leaf_index = c});
      EXPECT_TRUE(old_ok.ok) << old_ok.error;
      EXPECT_TRUE(d_ok.ok) << d_ok.error;
      EXPECT_TRUE(new_ok.ok) << new_ok.error;
      EXPECT_EQ(fr_of(cp.proof_r_new.leaf),
                fr_of(cp.proof_r_old.leaf) + fr_of(cp.proof_d_new.leaf) * update_rho(u.phi, c >> shift));
    }
    EXPECT_EQ(read_snap_partition_proof(write_snap_partition_proof(p)), p);
  }
  EXPECT_EQ(binary_root(all_apex), u.comm_d_new);
}

}  // namespace

TEST(SnapUpdate, TwoKiB) { check_update(2048); }

TEST(SnapUpdate, ThirtyTwoKiBTwoPartitions) { check_update(32 << 10); }

TEST(SnapUpdate, RefusesBadInput) {
  const SealedSector s = seal_cc_sector(config(2048), {filled(4), 99, filled(5)});
  EXPECT_THROW(encode_sector_update(s, std::vector<Domain>(63)), Error);
  std::vector<Domain> bad(64);
  bad[0].fill(0xff);
  EXPECT_THROW(encode_sector_update(s, bad), DecodeError);
  const UpdatedSector u = encode_sector_update(s, std::vector<Domain>(64));
  EXPECT_THROW(snap_partition_proof(s, u, 1), Error);
}
