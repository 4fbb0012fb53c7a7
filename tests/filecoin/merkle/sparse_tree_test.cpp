// Sparse trees: equal to the dense tree over the same leaves (root, every
// node, every proof) for TreeD and every Poseidon shape; the all-zero 32 GiB
// CC sector's TreeD equals Curio's whole-file dump (expect32Null, every
// level) and comm_d CID; 32 and 64 GiB TreeR proofs from a few set leaves
// verify against their roots.
#include <gtest/gtest.h>

#include <random>

#include "core/error.hpp"
#include "filecoin/merkle/commitment_cid.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "filecoin/merkle/merkle_verify.hpp"
#include "filecoin/merkle/piece_commitment.hpp"
#include "filecoin/merkle/sparse_tree.hpp"
#include "merkle_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace merkle_test;

static void expect_sparse_equals_dense(const TreeShape& shape, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const Domain def = random_domain(rng);
  std::vector<Domain> leaves(shape.leaves, def);
  SparseMerkleTree sparse(shape, def);
  // Some leaves one at a time, some in one batch (with a repeat: last wins).
  std::vector<std::pair<uint64_t, Domain>> batch;
  for (int k = 0; k < 6; ++k) {
    const uint64_t i = rng() % shape.leaves;
    leaves[i] = random_domain(rng);
    sparse.set_leaf(i, leaves[i]);
  }
  for (int k = 0; k < 6; ++k) {
    const uint64_t i = rng() % shape.leaves;
    batch.emplace_back(i, random_domain(rng));
  }
  batch.emplace_back(batch[0].first, random_domain(rng));
  for (const auto& [i, v] : batch) leaves[i] = v;
  sparse.set_leaves(batch);

  const auto dense = MerkleTree::build(shape, leaves);
  ASSERT_EQ(sparse.root(), dense.root()) << shape.describe();
  for (uint32_t l = 0; l <= shape.height(); ++l)
    for (uint64_t i = 0; i < shape.nodes_at(l); ++i)
      ASSERT_EQ(sparse.node(l, i), dense.node(l, i)) << shape.describe() << " level " << l << " node " << i;
  for (uint64_t i = 0; i < shape.leaves; ++i) ASSERT_EQ(sparse.prove(i), dense.prove(i)) << "leaf " << i;
  EXPECT_LT(sparse.stored_nodes(), 13u * (shape.height() + 1));
}

TEST(SparseTree, EqualsDenseTreeOnSmallSizes) {
  expect_sparse_equals_dense(tree_d_shape(2048), 1);
  expect_sparse_equals_dense(tree_d_shape(8192), 2);
  for (uint64_t sector : {2048u, 4096u, 16384u, 32768u}) expect_sparse_equals_dense(tree_r_shape(sector), sector);
  expect_sparse_equals_dense(TreeShape{NodeHasher::kPoseidon, 4, 16, 2, 32 * 16}, 3);
}

TEST(SparseTree, AllZero32GiBSectorIsCuriosCcTreeD) {
  const auto shape = tree_d_shape(uint64_t(32) << 30);
  SparseMerkleTree tree(shape, Domain{});
  EXPECT_EQ(piece_cid(tree.root()), "baga6ea4seaqao7s73y24kcutaosvacpdjgfe5pw76ooefnyqw4ynr3d2y6x2mpq");
  EXPECT_EQ(tree.root(), zero_piece_commitment(uint64_t(32) << 30));
  // Curio's Test32G dump of the whole 64 GiB tree file: one run per level.
  DedupHexdump dump;
  for (uint32_t l = 0; l <= shape.height(); ++l) dump.add_run(tree.default_node(l), shape.nodes_at(l));
  EXPECT_EQ(dump.finish(), read_text(data_path("treed_32gib_zero.hexdump")));
  EXPECT_EQ(tree.stored_nodes(), 0u);
}

TEST(SparseTree, LargeSectorProofsVerify) {
  for (uint64_t gib : {32u, 64u}) {
    const auto shape = tree_r_shape(gib << 30);
    std::mt19937_64 rng(gib);
    SparseMerkleTree tree(shape, random_domain(rng));
    std::vector<std::pair<uint64_t, Domain>> set;
    for (int k = 0; k < 20; ++k) set.emplace_back(rng() % shape.leaves, random_domain(rng));
    set.emplace_back(shape.leaves - 1, random_domain(rng));
    tree.set_leaves(set);
    for (const auto& [i, v] : set) {
      const auto p = tree.prove(i);
      const auto r = check_merkle_proof(p, shape, {tree.root(), i, tree.leaf(i)});
      ASSERT_TRUE(r.ok) << shape.describe() << " leaf " << i << ": " << r.error;
    }
    // An untouched leaf proves the default value.
    const uint64_t far = (set[0].first + shape.leaves / 2) % shape.leaves;
    const auto p = tree.prove(far);
    EXPECT_EQ(p.leaf, tree.default_node(0));
    EXPECT_TRUE(check_merkle_proof(p, shape, {.root = tree.root(), .leaf_index = far}).ok);
  }
  // 64 GiB TreeD: 2^31 leaves.
  SparseMerkleTree d(tree_d_shape(uint64_t(64) << 30), Domain{});
  d.set_leaf((uint64_t(1) << 31) - 1, Domain{1});
  EXPECT_TRUE(check_merkle_proof(d.prove((uint64_t(1) << 31) - 1), d.shape(), {.root = d.root()}).ok);
  EXPECT_NE(d.root(), zero_piece_commitment(uint64_t(64) << 30));
}

TEST(SparseTree, RefusesBadInput) {
  SparseMerkleTree t(tree_r_shape(2048), Domain{});
  EXPECT_THROW(t.set_leaf(64, Domain{}), Error);
  Domain big{};
  big.fill(0xff);
  EXPECT_THROW(t.set_leaf(0, big), DecodeError);
  EXPECT_THROW(SparseMerkleTree(tree_r_shape(2048), big), DecodeError);
  EXPECT_THROW(t.prove(64), Error);
  EXPECT_THROW(t.node(1, 8), Error);
  EXPECT_THROW(t.default_node(3), Error);
}
