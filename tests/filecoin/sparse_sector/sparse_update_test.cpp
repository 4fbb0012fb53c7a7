// SnapDeals on sparse sectors: a fully labelled small sparse sector updated
// with data is the dense sealer's update of the same CC sector (same
// commitments, phi, and partition proofs from the one builder); at 32 GiB
// and 64 GiB every partition (16 x 86 challenges) passes the SnapDeals
// vanilla check (filecoin/vanilla_check) against comm_r_old, comm_d_new and
// comm_r_new, also from Curio's bincode,
// the apex leafs of all partitions hash to comm_d_new, the data nodes are
// encoded and decode back; the bincode round-trips; refusals name the fault.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "filecoin/challenges/update_challenges.hpp"
#include "filecoin/formats/snap_bincode.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "filecoin/registry/update_params.hpp"
#include "filecoin/sealer/snap_update.hpp"
#include "filecoin/sparse_sector/sparse_seal.hpp"
#include "filecoin/sparse_sector/sparse_update.hpp"
#include "filecoin/hash/sha256.hpp"
#include "filecoin/registry/update_proof.hpp"
#include "filecoin/vanilla_check/snap_check.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::filled;

namespace {

// Root of a binary SHA-256 tree over a power of two of leaves.
Domain binary_root(std::vector<Domain> level) {
  while (level.size() > 1) {
    std::vector<Domain> up(level.size() / 2);
    for (size_t i = 0; i < up.size(); ++i) up[i] = sha256_trunc254_pair(level[2 * i], level[2 * i + 1]);
    level = std::move(up);
  }
  return level[0];
}

// The dense sealer's CC sector of `bytes` (2 layers, V1_1) and the sparse
// sector with every node labelled from the same replica_id.
void expect_sparse_update_is_dense(uint64_t bytes, const std::vector<SparseDataNode>& data) {
  SCOPED_TRACE(bytes);
  SealConfig config;
  config.sector_size = bytes;
  config.layers = 2;
  config.porep_id[0] = 5;
  config.api_version = ApiVersion::kV1_1_0;
  const SealedSector dense = seal_cc_sector(config, {filled(7), 77, filled(12)});
  SparseSectorContents contents;
  contents.replica_id = dense.replica_id;
  contents.default_label = filled(1);
  for (uint64_t n = 0; n < dense.nodes(); ++n) contents.labelled_nodes.push_back(n);
  const SparseSector sparse({bytes, 2, config.porep_id, config.api_version}, contents);
  ASSERT_EQ(sparse.comm_r(), dense.comm_r);

  std::vector<Domain> dense_data(dense.nodes());
  for (const auto& [node, value] : data) dense_data[node] = value;
  const UpdatedSector du = encode_sector_update(dense, dense_data);
  const SparseUpdate su = update_sparse_sector(sparse, data);
  EXPECT_EQ(su.comm_d_new, du.comm_d_new);
  EXPECT_EQ(su.comm_r_old, du.comm_r_old);
  EXPECT_EQ(su.comm_r_last_new, du.comm_r_last_new);
  EXPECT_EQ(su.comm_r_new, du.comm_r_new);
  EXPECT_EQ(su.phi, du.phi);
  EXPECT_EQ(su.h, du.h);
  for (uint64_t n = 0; n < dense.nodes(); ++n) ASSERT_EQ(su.tree_r_new.leaf(n), du.replica()[n]) << n;
  EXPECT_EQ(sparse_snap_partition_proofs(sparse, su), snap_partition_proofs(dense, du));
}

TEST(SparseUpdate, FullyLabelledSectorUpdatesAsTheDenseSealer) {
  expect_sparse_update_is_dense(2048, sparse_deal_data(0, 64));                  // every node
  expect_sparse_update_is_dense(2048, sparse_deal_data(10, 5));                  // a few
  expect_sparse_update_is_dense(32 << 10, sparse_deal_data(500, 300));           // two partitions, 8-8-2
  expect_sparse_update_is_dense(32 << 10, std::vector<SparseDataNode>{});        // no data: the key itself
}

SparseSealRequest request(RegisteredSealProof proof) {
  SparseSealRequest r;
  r.proof = proof;
  r.prover_id[0] = 0xe8;  // f01000
  r.prover_id[1] = 0x03;
  r.sector_id = 4242;
  r.ticket = filled(12);
  r.seed = filled(13);
  r.default_label = trunc254(filled(0x5a));
  return r;
}

void expect_large_update_valid(RegisteredSealProof seal, uint64_t bytes, RegisteredUpdateProof type) {
  const SparseSeal s = seal_sparse(request(seal));
  // A deal at the start of the sector and a few nodes past every h region edge.
  std::vector<SparseDataNode> data = sparse_deal_data(0, 2048);
  const uint64_t nodes = bytes / 32;
  for (uint64_t region = 1; region < 16; ++region) {
    const auto more = sparse_deal_data(region * (nodes / 16) + 3, 2);
    data.insert(data.end(), more.begin(), more.end());
  }
  const SparseUpdate u = update_sparse_sector(s.sector, data);
  EXPECT_EQ(u.comm_r_old, s.c1.comm_r);
  EXPECT_EQ(u.h, 10u);
  EXPECT_EQ(u.comm_d_new, u.tree_d_new.root());
  EXPECT_NE(u.comm_r_new, u.comm_r_old);

  // Every data node holds old + data * rho and decodes back.
  const uint32_t shift = uint32_t(std::countr_zero(nodes)) - 10;
  for (const auto& [node, value] : data) {
    const Fr rho = update_rho(u.phi, node >> shift);
    EXPECT_EQ(fr_of(u.tree_r_new.leaf(node)), fr_of(s.sector.replica_leaf(node)) + fr_of(value) * rho);
    EXPECT_EQ(domain_of((fr_of(u.tree_r_new.leaf(node)) - fr_of(s.sector.replica_leaf(node))) * rho.inverse()),
              value);
  }

  const auto proofs = sparse_snap_partition_proofs(s.sector, u);
  ASSERT_EQ(proofs.size(), 16u);
  const SnapPublic pub{.proof = type, .comm_r_old = u.comm_r_old, .comm_r_new = u.comm_r_new,
                       .comm_d_new = u.comm_d_new};
  const VanillaCheck all = check_snap_partitions(pub, proofs);
  EXPECT_TRUE(all.ok) << all.failure;
  EXPECT_TRUE(all.notes.empty()) << all.notes.front();
  std::vector<Domain> all_apex;
  std::vector<std::vector<uint8_t>> bytes_of;
  for (size_t k = 0; k < proofs.size(); ++k) {
    EXPECT_EQ(proofs[k].challenge_proofs.size(), 86u);
    EXPECT_EQ(proofs[k].comm_c, s.sector.comm_c());
    all_apex.insert(all_apex.end(), proofs[k].apex_leafs.begin(), proofs[k].apex_leafs.end());
    bytes_of.push_back(write_snap_partition_proof(proofs[k]));
  }
  EXPECT_EQ(binary_root(all_apex), u.comm_d_new);
  const VanillaCheck from_bytes = check_snap_partitions_bytes(pub, bytes_of);
  EXPECT_TRUE(from_bytes.ok) << from_bytes.failure;
  // Partition 3's proof is not partition 4's, nor valid for another comm_r_new.
  EXPECT_FALSE(check_snap_partition(pub, 4, proofs[3]).ok);
  SnapPublic other = pub;
  other.comm_r_new = u.comm_r_old;
  EXPECT_FALSE(check_snap_partition(other, 3, proofs[3]).ok);
}

TEST(SparseUpdate, ThirtyTwoGiBPartitionsVerify) {
  expect_large_update_valid(RegisteredSealProof::kStackedDrg32GiBV1_1, 32ull << 30,
                            RegisteredUpdateProof::kStackedDrg32GiBV1);
}

TEST(SparseUpdate, SixtyFourGiBPartitionsVerify) {
  expect_large_update_valid(RegisteredSealProof::kStackedDrg64GiBV1_1, 64ull << 30,
                            RegisteredUpdateProof::kStackedDrg64GiBV1);
}

TEST(SparseUpdate, CheckerRefusesATamperedPartition) {
  const SparseSeal s = seal_sparse(request(RegisteredSealProof::kStackedDrg2KiBV1_1));
  const SparseUpdate u = update_sparse_sector(s.sector, sparse_deal_data(0, 64));
  const auto proofs = sparse_snap_partition_proofs(s.sector, u);
  ASSERT_EQ(proofs.size(), 1u);
  const SnapPublic pub{.proof = RegisteredUpdateProof::kStackedDrg2KiBV1, .comm_r_old = u.comm_r_old,
                       .comm_r_new = u.comm_r_new, .comm_d_new = u.comm_d_new};
  const VanillaCheck good = check_snap_partition(pub, 0, proofs[0]);
  EXPECT_TRUE(good.ok) << good.failure;
  auto bad_apex = proofs[0];
  bad_apex.apex_leafs[0][0] ^= 1;
  auto bad_new = proofs[0];
  bad_new.challenge_proofs[1].proof_r_new.leaf[0] ^= 1;
  auto bad_data = proofs[0];
  bad_data.challenge_proofs[2].proof_d_new.leaf[0] ^= 1;
  auto bad_comm_c = proofs[0];
  bad_comm_c.comm_c[0] ^= 1;
  for (const auto* p : {&bad_apex, &bad_new, &bad_data, &bad_comm_c}) {
    const VanillaCheck check = check_snap_partition(pub, 0, *p);
    EXPECT_FALSE(check.ok);
    EXPECT_FALSE(check.failure.empty());
  }
}

TEST(SparseUpdate, RefusesBadData) {
  const SparseSeal s = seal_sparse(request(RegisteredSealProof::kStackedDrg2KiBV1_1));
  Domain not_canonical;
  not_canonical.fill(0xff);
  EXPECT_THROW(update_sparse_sector(s.sector, std::vector<SparseDataNode>{{64, Domain{}}}), Error);
  EXPECT_THROW(update_sparse_sector(s.sector, std::vector<SparseDataNode>{{3, Domain{}}, {3, filled(1)}}), Error);
  EXPECT_THROW(update_sparse_sector(s.sector, std::vector<SparseDataNode>{{3, not_canonical}}), DecodeError);
  // 1 GiB: a tree shape of rust's, but no SnapDeals parameters.
  const SparseSector no_update({1ull << 30, 2, {}, ApiVersion::kV1_1_0}, SparseSectorContents{});
  EXPECT_THROW(update_sparse_sector(no_update, {}), Error);
  EXPECT_THROW(sparse_deal_data(0, SparseSector::kMaxLabelledNodes + 1), Error);
}

}  // namespace
