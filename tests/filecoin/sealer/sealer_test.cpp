// The host sealer against what is known without running rust: Curio's comm_d
// of a 2 KiB sector, zero_piece_commitment for committed capacity,
// rust-fil-proofs' last SDR label (11 layers, replica_id [9; 32]), and the
// consistency of every artefact (replica = label + data, comm_r =
// Poseidon-2(comm_c, comm_r_last), replica_id recomputed), at the published
// 2 KiB size and the test sizes 4, 16 and 32 KiB (shapes 8-2-0, 8-8-0, 8-8-2);
// and agreement with the independent sparse-sector implementation.
#include <gtest/gtest.h>

#include <array>

#include "core/error.hpp"
#include "filecoin/challenges/replica_id.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/commitment_cid.hpp"
#include "filecoin/merkle/piece_commitment.hpp"
#include "filecoin/sealer/column.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "filecoin/sealer/stacked_proof_builder.hpp"
#include "filecoin/sparse_sector/sparse_sector.hpp"
#include "sealer_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::sealer_test;

namespace {

// StackedDrg2KiBV1_1: RegisteredSealProof id 5, porep_id = u64_le(5) || 24 zero bytes.
SealConfig config_2k_v1_1() {
  SealConfig c;
  c.sector_size = 2048;
  c.layers = 2;
  c.porep_id = {};
  c.porep_id[0] = 5;
  c.api_version = ApiVersion::kV1_1_0;
  return c;
}

SectorIdentity identity() { return {filled(7), 77, filled(12)}; }

Domain from_u64s_le(std::array<uint64_t, 4> limbs) {
  Domain d{};
  for (size_t i = 0; i < 32; ++i) d[i] = uint8_t(limbs[i / 8] >> (8 * (i % 8)));
  return d;
}

void expect_consistent(const SealedSector& s) {
  ASSERT_EQ(s.labels.size(), s.config.layers);
  EXPECT_EQ(s.tree_d.root(), s.comm_d);
  EXPECT_EQ(s.tree_c.root(), s.comm_c);
  EXPECT_EQ(s.tree_r.root(), s.comm_r_last);
  EXPECT_EQ(s.comm_r, comm_r_of(s.comm_c, s.comm_r_last));
  for (uint64_t i = 0; i < s.nodes(); i += std::max<uint64_t>(1, s.nodes() / 64)) {
    EXPECT_EQ(decode_node(s.labels.back()[i], s.replica()[i]), s.data()[i]) << "node " << i;
    std::vector<Domain> rows;
    for (const auto& layer : s.labels) rows.push_back(layer[i]);
    EXPECT_EQ(s.tree_c.level(0)[i], poseidon_hash(std::span<const Domain>(rows))) << "node " << i;
  }
}

}  // namespace

TEST(Sealer, CcSectorCommDIsTheZeroPieceCommitment) {
  const SealedSector s = seal_cc_sector(config_2k_v1_1(), identity());
  EXPECT_EQ(to_hex(s.comm_d), to_hex(zero_piece_commitment(2048)));
  EXPECT_EQ(s.replica_id, replica_id(filled(7), 77, filled(12), s.comm_d, config_2k_v1_1().porep_id));
  expect_consistent(s);
}

TEST(Sealer, CommDOfCurioTwoKiBSector) {
  std::vector<Domain> data(64);
  data[0][0] = 0x01;  // curio lib/proof/treed_build_test.go Test2K
  const SealedSector s = seal_sector(config_2k_v1_1(), data, identity());
  EXPECT_EQ(commitment_to_cid(s.comm_d, CommitmentKind::kUnsealed),
            "baga6ea4seaqovgk4kr4eoifujh6jfmdqvw3m6zrvyjqzu6s6abkketui6jjoydi");
  expect_consistent(s);
}

TEST(Sealer, ElevenLayerLabelsMatchRust) {
  // storage-proofs-porep tests/stacked_vanilla.rs: 2 KiB, porep_id [0; 32], API 1.0, replica_id [9; 32].
  SealConfig c;
  c.sector_size = 2048;
  c.layers = 11;
  c.porep_id = {};
  c.api_version = ApiVersion::kV1_0_0;
  const SealedSector s = seal_sector_with_replica_id(c, std::vector<Domain>(64), filled(9));
  EXPECT_EQ(to_hex(s.labels.back().back()),
            to_hex(from_u64s_le({0xd3faa96b9a0fba04, 0xea81a283d106485e, 0xe3d51b9afa5ac2b3, 0x0462f4f4f1a68d37})));
  expect_consistent(s);
}

TEST(Sealer, RandomDataSealsConsistently) {
  const SealedSector s = seal_sector(config_2k_v1_1(), random_nodes(64, 1), identity());
  expect_consistent(s);
  EXPECT_NE(s.comm_d, zero_piece_commitment(2048));
}

TEST(Sealer, TestSizesOfOtherTreeShapes) {
  for (uint64_t size : {uint64_t(4) << 10, uint64_t(16) << 10, uint64_t(32) << 10}) {
    SCOPED_TRACE(size);
    SealConfig c = config_2k_v1_1();
    c.sector_size = size;
    const SealedSector s = seal_sector(c, random_nodes(size / 32, size), identity());
    expect_consistent(s);
    EXPECT_EQ(s.tree_r.shape(), tree_r_shape(size));
  }
}

TEST(Sealer, ColumnOfNode) {
  const SealedSector s = seal_cc_sector(config_2k_v1_1(), identity());
  const Column c = column_of(s.labels, 17);
  EXPECT_EQ(c.index, 17u);
  EXPECT_EQ(c.rows, (std::vector<Domain>{s.labels[0][17], s.labels[1][17]}));
  EXPECT_EQ(poseidon_hash(std::span<const Domain>(c.rows)), s.tree_c.level(0)[17]);
  EXPECT_THROW(column_of(s.labels, 64), Error);
  EXPECT_THROW(tree_c_leaves(std::vector<std::vector<Domain>>(3, std::vector<Domain>(64))), Error);
}

TEST(Sealer, RefusesBadInput) {
  SealConfig c = config_2k_v1_1();
  EXPECT_THROW(seal_sector(c, std::vector<Domain>(63), identity()), Error);
  std::vector<Domain> bad(64);
  bad[5].fill(0xff);  // not below the modulus
  EXPECT_THROW(seal_sector(c, bad, identity()), DecodeError);
  c.layers = 3;
  EXPECT_THROW(seal_cc_sector(c, identity()), Error);
  c = config_2k_v1_1();
  c.sector_size = 3000;
  EXPECT_THROW(seal_cc_sector(c, identity()), Error);
  c.sector_size = uint64_t(1) << 30;  // 2^25 nodes: beyond host labelling
  EXPECT_THROW(seal_cc_sector(c, identity()), Error);
}

// The sparse sector (another implementation, sparse_sector/) with every node
// labelled and no filler leaves is a real CC sector: same commitments.
TEST(Sealer, AgreesWithAFullyLabelledSparseSector) {
  const SealedSector s = seal_cc_sector(config_2k_v1_1(), identity());
  SparseSectorContents contents;
  contents.replica_id = s.replica_id;
  for (uint64_t i = 0; i < 64; ++i) contents.labelled_nodes.push_back(i);
  contents.default_label = filled(1);
  const SparseSector sparse({2048, 2, config_2k_v1_1().porep_id, ApiVersion::kV1_1_0}, contents);
  EXPECT_EQ(to_hex(sparse.comm_d()), to_hex(s.comm_d));
  EXPECT_EQ(to_hex(sparse.comm_c()), to_hex(s.comm_c));
  EXPECT_EQ(to_hex(sparse.comm_r_last()), to_hex(s.comm_r_last));
  EXPECT_EQ(to_hex(sparse.comm_r()), to_hex(s.comm_r));
  // and both assemble the same stacked proofs and PoSt paths
  for (uint64_t c = 1; c < 64; c += 5) {
    EXPECT_EQ(sparse.prove_challenge(c), stacked_proof(s.graph, DenseSectorOpenings(s), c)) << "challenge " << c;
    EXPECT_EQ(sparse.prove_tree_r(c), s.tree_r.prove(c));
  }
}
