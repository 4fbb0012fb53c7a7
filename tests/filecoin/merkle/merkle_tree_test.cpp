// Dense trees against published answers: filecoin-hashers' binary Poseidon
// tree over [1,0,0,1], Curio's Poseidon-8 of real path data and its 32 GiB
// comm_r_last from the eight tree-r-last roots; then every shape's proofs
// verify and prove their own leaf, a compound tree's root equals the
// comm_r_last reduction of its base roots, and Single/Sub/Top layouts match
// rust-fil-proofs' (path_index, element counts).
#include <gtest/gtest.h>

#include <array>

#include "core/error.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "filecoin/merkle/merkle_verify.hpp"
#include "filecoin/merkle/node_hash.hpp"
#include "merkle_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace merkle_test;

TEST(PoseidonTree, FilecoinHashersBinaryTreeOverOneZeroZeroOne) {
  const Domain one = domain_of_u64s(1, 0, 0, 0), zero{};
  const TreeShape shape{NodeHasher::kPoseidon, 2, 0, 0, 4};
  auto tree = MerkleTree::build(shape, {one, zero, zero, one});
  // filecoin-hashers/src/poseidon.rs test_poseidon_hasher: read_at(4) and read_at(6).
  EXPECT_EQ(to_hex(tree.node(1, 0)),
            to_hex(domain_of_u64s(0xb339ff6079800b5e, 0xec5907b3dc3094af, 0x93c003cc74a24f26, 0x042f94ffbe786bc3)));
  EXPECT_EQ(to_hex(tree.root()),
            to_hex(domain_of_u64s(0xefbb8be3e291e671, 0x77cc72b8cb2b5ad2, 0x30eb6385ae6b74ae, 0x1effebb7b26ad9eb)));
  EXPECT_EQ(tree.level(1).size(), 2u);
  EXPECT_EQ(tree.level(2).size(), 1u);
}

TEST(PoseidonTree, CurioPoseidon8OfGoldenPathData) {
  // curio lib/proof/post_vproof_test.go TestPoseidonHashMulti.
  const char* in[8] = {"f743111428ecda9b74a18826f1cc62d48ae1510de17e58645997559f86442f31",
                       "197a6efa37086e3a37108f8460c52bc810e2781aff0091bfd7b74e3f6f752f02",
                       "01c2c12f7930bbb59e3b36dae1c694b33ac6b3f199ec32a8665fadb8338f4f21",
                       "bbe672a853f65cdb2563339ca61d6ad648473b4b4ce44bf3a48486424b865a2d",
                       "937d57295f488cea8099f5525958f1af39c6241614b917835292e8e2314cf908",
                       "3272570cd8ba38c1183629ca72d5e9149d76786ed22c1d591db3d2bccfa7d308",
                       "2d3fc90e11aaf601bd1beae80fc3aba15a9e1f886d8140533ce36cda3dd9f936",
                       "0a017e264d0728bfcd2edb3c6c60cc5a05a02af31a71cdd7bb2da27616f5f630"};
  std::array<Domain, 8> kids;
  for (int i = 0; i < 8; ++i) kids[size_t(i)] = domain_from_hex(in[i]);
  EXPECT_EQ(to_hex(hash_node(NodeHasher::kPoseidon, kids)),
            "0737ca506df7d4544f8512df35aaa07ed8a40691e96ae868c23320220fec6866");
}

// curio lib/proof/tree_r_last_comm_test.go: the roots of a real 32 GiB
// sector's eight sc-02-data-tree-r-last files and its p_aux (comm_c ||
// comm_r_last), as `hexdump` printed them.
static const char* kGoldenTreeRLastRoots = R"(0000000 4a92 c600 5816 2932 d995 49fc 8a3f 72ec
0000010 5b36 a530 9701 95e5 df37 6c24 9fa3 1bfd
0000020 95d7 6f8d 68f2 0977 9215 9bea de51 a35c
0000030 adb0 af57 fe34 10fd 9122 dba4 ec1a 3a54
0000040 fbfa 6411 076c 1cd0 63bf ccfa 6b26 dd46
0000050 b01a d30c 05e3 ef60 cf18 fd50 f340 732d
0000060 b8dc b4d1 3ebd 2a67 8cd9 e529 05cd 2edc
0000070 a709 f06e 8308 87a4 63e1 4efe 9f71 63e6
0000080 46d8 37e9 fe87 146c 6ff2 ee49 0f61 4d43
0000090 1c02 d1c0 a5ad 6962 085e 4daf f65a 5733
00000a0 ae5a e9f4 7d77 313b 4dd7 20ad dd75 84d5
00000b0 8c57 7993 efe7 1538 c92c fa19 d127 29c6
00000c0 6740 6828 7f4d 5ec8 0f05 db31 7599 552b
00000d0 2f2a 609d 0987 eaf0 d6a2 6ac6 96fc 6be4
00000e0 b09c 331c 137f bbb4 a4f4 02ae bd96 27d9
00000f0 b5db 7924 87e8 d35b 7413 e5c9 7367 2c5f)";
static const char* kGoldenPaux = R"(0000000 4199 9de5 a224 58a0 5577 c58a 1afa 25ab
0000010 d16b 3e2a ef88 ee51 f579 8d8b ad80 4eb9
0000020 6bf5 7f7f 8d31 ac88 724d d9e5 fd4e e77d
0000030 dff1 1b50 b098 851a fa64 b44c 3b98 4b9e)";

TEST(CommRLast, CurioGolden32GiBEightRoots) {
  const auto roots = domains_of(parse_hexdump_words(kGoldenTreeRLastRoots));
  const auto paux = domains_of(parse_hexdump_words(kGoldenPaux));
  ASSERT_EQ(roots.size(), 8u);
  ASSERT_EQ(paux.size(), 2u);
  EXPECT_EQ(to_hex(roots[0]), "924a00c61658322995d9fc493f8aec72365b30a50197e59537df246ca39ffd1b");
  EXPECT_EQ(to_hex(comm_r_last_from_roots(roots)), to_hex(paux[1]));
  EXPECT_EQ(to_hex(paux[1]), "f56b7f7f318d88ac4d72e5d94efd7de7f1df501b98b01a8564fa4cb4983b9e4b");
}

TEST(CommRLast, ReductionRulesAndRefusals) {
  auto roots = random_domains(16, 7);
  EXPECT_EQ(comm_r_last_from_roots(std::span(roots).first(1)), roots[0]);
  EXPECT_EQ(comm_r_last_from_roots(std::span(roots).first(2)), poseidon_node(std::span<const Domain>(roots).first(2)));
  const std::array<Domain, 2> halves = {poseidon_node(std::span<const Domain>(roots).first(8)),
                                        poseidon_node(std::span<const Domain>(roots).subspan(8))};
  EXPECT_EQ(comm_r_last_from_roots(roots), poseidon_node(halves));
  EXPECT_THROW(comm_r_last_from_roots(std::span(roots).first(3)), Error);
  EXPECT_THROW(comm_r_last_from_roots(std::span(roots).first(0)), Error);
}

TEST(CommR, IsPoseidon2OfCommCAndCommRLast) {
  const auto paux = domains_of(parse_hexdump_words(kGoldenPaux));
  const std::array<Domain, 2> both = {paux[0], paux[1]};
  EXPECT_EQ(comm_r_of(paux[0], paux[1]), hash_node(NodeHasher::kPoseidon, both));
  Domain bad{};
  bad.fill(0xff);
  EXPECT_THROW(comm_r_of(bad, paux[1]), DecodeError);
}

TEST(TreeShape, SectorShapesAndRefusals) {
  EXPECT_EQ(tree_r_shape(2048), (TreeShape{NodeHasher::kPoseidon, 8, 0, 0, 64}));
  EXPECT_EQ(tree_r_shape(4096), (TreeShape{NodeHasher::kPoseidon, 8, 2, 0, 128}));
  EXPECT_EQ(tree_r_shape(uint64_t(32) << 30), (TreeShape{NodeHasher::kPoseidon, 8, 8, 0, uint64_t(1) << 30}));
  EXPECT_EQ(tree_r_shape(uint64_t(64) << 30), (TreeShape{NodeHasher::kPoseidon, 8, 8, 2, uint64_t(1) << 31}));
  EXPECT_EQ(tree_r_shape(uint64_t(32) << 30).base_height(), 9u);
  EXPECT_EQ(tree_r_shape(uint64_t(32) << 30).height(), 10u);
  EXPECT_EQ(tree_r_shape(uint64_t(64) << 30).height(), 11u);
  EXPECT_EQ(tree_r_shape(8 << 20).height(), 6u);
  EXPECT_EQ(tree_d_shape(uint64_t(32) << 30).height(), 30u);
  EXPECT_THROW(tree_r_shape(1 << 20), Error);
  EXPECT_THROW(tree_d_shape(100), Error);
  EXPECT_THROW((TreeShape{NodeHasher::kPoseidon, 8, 0, 0, 63}).validate(), Error);
  EXPECT_THROW((TreeShape{NodeHasher::kPoseidon, 8, 0, 2, 128}).validate(), Error);   // top without sub
  EXPECT_THROW((TreeShape{NodeHasher::kPoseidon, 3, 0, 0, 9}).validate(), Error);     // arity 3
  EXPECT_THROW((TreeShape{NodeHasher::kSha256Trunc254, 8, 0, 0, 64}).validate(), Error);
  EXPECT_THROW((TreeShape{NodeHasher::kPoseidon, 8, 8, 0, 8}).validate(), Error);     // base trees of 1 leaf
}

// Every leaf's proof verifies, proves that leaf, carries the leaf and root,
// and has the kind and per-part lengths rust-fil-proofs gives the shape.
static void expect_all_proofs_verify(const MerkleTree& tree) {
  const auto& s = tree.shape();
  for (uint64_t i = 0; i < s.leaves; ++i) {
    const auto p = tree.prove(i);
    ASSERT_EQ(p.kind, s.proof_kind());
    ASSERT_EQ(p.leaf, tree.node(0, i));
    ASSERT_EQ(p.root, tree.root());
    if (p.kind == MerkleProof::Kind::kSingle) {
      ASSERT_EQ(p.base.size(), s.height());
    } else {
      ASSERT_EQ(p.base.size(), s.base_height());
      ASSERT_EQ(p.sub.size(), 1u);
      ASSERT_EQ(p.top.size(), p.kind == MerkleProof::Kind::kTop ? 1u : 0u);
    }
    const auto r = check_merkle_proof(p, s, {tree.root(), i, tree.node(0, i)});
    ASSERT_TRUE(r.ok) << s.describe() << " leaf " << i << ": " << r.error;
    ASSERT_EQ(r.leaf_index, i);
    ASSERT_EQ(merkle_path_index(p, s), i);
  }
}

TEST(MerkleTree, EveryShapeProvesEveryLeaf) {
  for (uint64_t sector : {2048u, 4096u, 16384u, 32768u}) {
    const auto shape = tree_r_shape(sector);
    expect_all_proofs_verify(MerkleTree::build(shape, random_domains(shape.leaves, sector)));
  }
  expect_all_proofs_verify(MerkleTree::build(tree_d_shape(2048), random_domains(64, 11)));
  for (uint32_t a : {2u, 4u, 16u})
    expect_all_proofs_verify(
        MerkleTree::build(TreeShape{NodeHasher::kPoseidon, a, 4, 2, uint64_t(8) * a * a}, random_domains(8 * a * a, a)));
}

TEST(MerkleTree, CompoundRootIsTheCommRLastReductionOfBaseRoots) {
  for (uint64_t sector : {4096u, 16384u, 32768u}) {
    const auto shape = tree_r_shape(sector);
    const auto leaves = random_domains(shape.leaves, sector + 1);
    const auto tree = MerkleTree::build(shape, leaves);
    // Each base tree built on its own, as the sc-02-data-tree-r-last-N files are.
    std::vector<Domain> roots;
    const TreeShape base{NodeHasher::kPoseidon, 8, 0, 0, shape.base_leaves()};
    for (uint64_t t = 0; t < shape.base_tree_count(); ++t)
      roots.push_back(MerkleTree::build(base, std::vector<Domain>(leaves.begin() + long(t * base.leaves),
                                                                 leaves.begin() + long((t + 1) * base.leaves)))
                          .root());
    EXPECT_EQ(to_hex(tree.root()), to_hex(comm_r_last_from_roots(roots))) << shape.describe();
  }
}

TEST(MerkleTree, PathElementsListSiblingsInChildOrder) {
  const TreeShape shape{NodeHasher::kPoseidon, 8, 0, 0, 64};
  const auto tree = MerkleTree::build(shape, random_domains(64, 3));
  const auto p = tree.prove(13);  // level 1: node 1, position 5; level 2: position 1
  ASSERT_EQ(p.base.size(), 2u);
  EXPECT_EQ(p.base[0].index, 5u);
  EXPECT_EQ(p.base[1].index, 1u);
  const std::vector<Domain> want0 = {tree.node(0, 8),  tree.node(0, 9),  tree.node(0, 10), tree.node(0, 11),
                                     tree.node(0, 12), tree.node(0, 14), tree.node(0, 15)};
  EXPECT_EQ(p.base[0].hashes, want0);
  EXPECT_EQ(p.base[1].hashes[0], tree.node(1, 0));
  EXPECT_EQ(p.base[1].hashes[1], tree.node(1, 2));
}

TEST(MerkleTree, RefusesBadInput) {
  const TreeShape shape{NodeHasher::kPoseidon, 8, 0, 0, 64};
  EXPECT_THROW(MerkleTree::build(shape, random_domains(63, 1)), Error);
  auto leaves = random_domains(64, 1);
  leaves[17].fill(0xff);
  try {
    MerkleTree::build(shape, leaves);
    FAIL() << "a non-canonical leaf was accepted";
  } catch (const DecodeError& e) {
    EXPECT_NE(std::string(e.what()).find("leaf 17"), std::string::npos) << e.what();
  }
  const auto tree = MerkleTree::build(shape, random_domains(64, 1));
  EXPECT_THROW(tree.prove(64), Error);
  EXPECT_THROW(tree.node(3, 0), Error);
  // SHA-256 leaves are bytes: no field check.
  std::vector<Domain> raw(64);
  raw[0].fill(0xff);
  EXPECT_NO_THROW(MerkleTree::build(tree_d_shape(2048), raw));
}
