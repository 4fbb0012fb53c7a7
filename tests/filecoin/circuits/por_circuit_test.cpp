// The PoR gadget against storage-proofs-core tests/por_circuit.rs: for every
// tree shape of the upstream table (leaves = 64 x base tree count) a real
// tree's proof satisfies the circuit with the upstream constraint and input
// counts, its inputs equal por_public_inputs (challenge, then root), the blank
// circuit has the same shape, and a tampered leaf, sibling, index or root is
// refused. por_no_challenge_input over the compound shapes of the Rust test.
#include <gtest/gtest.h>

#include <array>
#include <random>

#include "core/error.hpp"
#include "circuits/gadgets/blake2s.hpp"
#include "filecoin/circuits/por.hpp"
#include "filecoin/hash/sha256.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using TCS = r1cs::TestConstraintSystem<Fr>;
using Num = circuits::AllocatedNum<Fr>;

namespace {

TreeShape poseidon_shape(uint32_t base, uint32_t sub, uint32_t top) {
  TreeShape s{NodeHasher::kPoseidon, base, sub, top, 0};
  s.leaves = 64 * s.base_tree_count();
  return s;
}

// A proof in a tree of any arity whose node is hash(children's bytes), as
// merkletree's multi_node hashes them.
template <class Hash>
MerkleProof tree_proof(uint32_t arity, const std::vector<Domain>& leaves, uint64_t leaf, Hash hash) {
  std::vector<std::vector<Domain>> levels{leaves};
  while (levels.back().size() > 1) {
    const auto& below = levels.back();
    std::vector<Domain> up(below.size() / arity);
    for (size_t i = 0; i < up.size(); ++i)
      up[i] = hash(std::span<const uint8_t>(below[i * arity].data(), 32 * size_t(arity)));
    levels.push_back(std::move(up));
  }
  MerkleProof p;
  p.leaf = leaves[leaf];
  p.root = levels.back()[0];
  uint64_t index = leaf;
  for (size_t l = 0; l + 1 < levels.size(); ++l) {
    PathElement e;
    e.index = index % arity;
    for (uint64_t k = index - e.index; k < index - e.index + arity; ++k)
      if (k != index) e.hashes.push_back(levels[l][k]);
    p.base.push_back(e);
    index /= arity;
  }
  return p;
}

// A SHA-256 tree of any arity (MerkleTree builds only binary ones): node =
// trunc254(SHA-256(children's bytes)).
MerkleProof sha_proof(uint32_t arity, const std::vector<Domain>& leaves, uint64_t leaf) {
  return tree_proof(arity, leaves, leaf, [](std::span<const uint8_t> b) { return sha256_trunc254(b); });
}

// Blake2sHasher's node: BLAKE2s-256 of the children's bytes, top two bits
// cleared (Blake2sDomain::trim_to_fr32). The digest comes from the BLAKE2s
// gadget over constant bits (free, and checked against OpenSSL in
// tests/circuits/blake2s_test).
MerkleProof blake2s_proof(uint32_t arity, const std::vector<Domain>& leaves, uint64_t leaf) {
  return tree_proof(arity, leaves, leaf, [](std::span<const uint8_t> bytes) {
    using Bit = circuits::Boolean<Fr>;
    std::vector<Bit> bits;
    for (uint8_t b : bytes)
      for (int i = 0; i < 8; ++i) bits.push_back(Bit::constant(((b >> i) & 1) != 0));
    r1cs::ShapeCounter<Fr> none;
    const std::array<uint8_t, 8> person{};
    const std::vector<Bit> out = circuits::blake2s(none, "node", std::span<const Bit>(bits), person);
    Domain d{};
    for (size_t i = 0; i < 256; ++i)
      if (*out[i].value()) d[i / 8] |= uint8_t(1u << (i % 8));
    d[31] &= 0x3f;
    return d;
  });
}

struct Synthesized {
  TCS cs;
  r1cs::CircuitShape blank;
};

void synthesize_both(Synthesized& out, const TreeShape& shape, const MerkleProof& proof, bool private_root) {
  synthesize_por(out.cs, PorCircuit::from_proof(shape, proof, private_root));
  r1cs::ShapeCounter<Fr> counter;
  synthesize_por(counter, PorCircuit::blank(shape, private_root));
  out.blank = counter.shape();
}

void expect_por(const TreeShape& shape, const MerkleProof& proof, uint64_t challenge, bool private_root,
                size_t constraints) {
  SCOPED_TRACE(shape.describe() + " challenge " + std::to_string(challenge));
  Synthesized s;
  synthesize_both(s, shape, proof, private_root);
  EXPECT_EQ(s.cs.which_is_unsatisfied(), std::nullopt);
  EXPECT_EQ(s.cs.shape().num_constraints, constraints);
  EXPECT_EQ(s.cs.shape().num_inputs, private_root ? 2u : 3u);
  EXPECT_EQ(s.blank.num_constraints, s.cs.shape().num_constraints);
  EXPECT_EQ(s.blank.num_inputs, s.cs.shape().num_inputs);
  EXPECT_EQ(s.blank.num_aux, s.cs.shape().num_aux);
  const auto expected = por_public_inputs(challenge, shape.leaves,
                                          private_root ? std::nullopt : std::optional<Fr>(fr_of(proof.root)));
  const std::vector<Fr> got(s.cs.inputs().begin() + 1, s.cs.inputs().end());
  EXPECT_EQ(got, expected);
  EXPECT_EQ(s.cs.inputs()[0], Fr::one());
}

void expect_poseidon_por(const TreeShape& shape, bool private_root, size_t constraints) {
  const MerkleTree tree = MerkleTree::build(shape, test::data_nodes(shape.leaves, shape.base_arity + shape.sub_arity));
  std::mt19937_64 rng(shape.leaves + shape.top_arity);
  for (uint64_t challenge : {uint64_t(0), shape.leaves - 1, rng() % shape.leaves, rng() % shape.leaves})
    expect_por(shape, tree.prove(challenge), challenge, private_root, constraints);
}

}  // namespace

// storage-proofs-core tests/por_circuit.rs test_por_circuit_poseidon_*.
TEST(PorCircuit, PoseidonBase2) { expect_poseidon_por(poseidon_shape(2, 0, 0), false, 1'887); }
TEST(PorCircuit, PoseidonBase4) { expect_poseidon_por(poseidon_shape(4, 0, 0), false, 1'164); }
TEST(PorCircuit, PoseidonBase8) { expect_poseidon_por(poseidon_shape(8, 0, 0), false, 1'063); }
TEST(PorCircuit, PoseidonSub8_2) { expect_poseidon_por(poseidon_shape(8, 2, 0), false, 1'377); }
TEST(PorCircuit, PoseidonTop8_4_2) { expect_poseidon_por(poseidon_shape(8, 4, 2), false, 1'764); }
TEST(PorCircuit, PoseidonSub8_8) { expect_poseidon_por(poseidon_shape(8, 8, 0), false, 1'593); }
TEST(PorCircuit, PoseidonTop8_8_2) { expect_poseidon_por(poseidon_shape(8, 8, 2), false, 1'907); }
TEST(PorCircuit, PoseidonTop8_2_4) { expect_poseidon_por(poseidon_shape(8, 2, 4), false, 1'764); }

// test_por_circuit_poseidon_base_*_private_root: 2 inputs (ONE, the challenge).
TEST(PorCircuit, PoseidonBase2PrivateRoot) { expect_poseidon_por(poseidon_shape(2, 0, 0), true, 1'886); }
TEST(PorCircuit, PoseidonBase4PrivateRoot) { expect_poseidon_por(poseidon_shape(4, 0, 0), true, 1'163); }
TEST(PorCircuit, PoseidonBase8PrivateRoot) { expect_poseidon_por(poseidon_shape(8, 0, 0), true, 1'062); }

// test_por_circuit_sha256_base_*: one challenge each (a SHA-256 level costs
// about 45k constraints).
TEST(PorCircuit, Sha256Bases) {
  const std::pair<uint32_t, size_t> cases[] = {{2, 272'295}, {4, 216'258}, {8, 250'987}};
  for (const auto& [arity, constraints] : cases) {
    const TreeShape shape{NodeHasher::kSha256Trunc254, arity, 0, 0, 64};
    const auto leaves = test::data_nodes(64, arity);
    const uint64_t challenge = 37 % 64;
    const MerkleProof proof = sha_proof(arity, leaves, challenge);
    if (arity == 2) {
      EXPECT_EQ(proof, MerkleTree::build(shape, leaves).prove(challenge));
    }
    expect_por(shape, proof, challenge, false, constraints);
  }
}

// test_por_circuit_blake2s_base_*: one challenge each (a BLAKE2s level
// costs about 22k constraints).
TEST(PorCircuit, Blake2sBases) {
  const std::pair<uint32_t, size_t> cases[] = {{2, 129'135}, {4, 130'296}, {8, 174'503}};
  for (const auto& [arity, constraints] : cases) {
    const TreeShape shape{NodeHasher::kBlake2s, arity, 0, 0, 64};
    const auto leaves = test::data_nodes(64, arity);
    const uint64_t challenge = 37 % 64;
    expect_por(shape, blake2s_proof(arity, leaves, challenge), challenge, false, constraints);
  }
  // No native BLAKE2s trees: the data model refuses them.
  EXPECT_THROW(TreeShape({NodeHasher::kBlake2s, 2, 0, 0, 64}).validate(), Error);
}

TEST(PorCircuit, TamperedWitnessIsRefused) {
  const TreeShape shape = poseidon_shape(8, 8, 2);
  const MerkleTree tree = MerkleTree::build(shape, test::data_nodes(shape.leaves, 3));
  const MerkleProof good = tree.prove(700);
  auto refused = [&](const MerkleProof& bad, bool private_root) {
    TCS cs;
    synthesize_por(cs, PorCircuit::from_proof(shape, bad, private_root));
    return cs.which_is_unsatisfied();
  };
  EXPECT_EQ(refused(good, false), std::nullopt);

  MerkleProof bad_leaf = good;
  bad_leaf.leaf[0] ^= 1;
  // The root equality is the constraint after the path packing: the last
  // (private root) or the one before the root's input constraint, #1905 of
  // 1,907 / 1,906.
  EXPECT_EQ(refused(bad_leaf, true), "constraint #1905 'enforce root is correct'");

  MerkleProof bad_sibling = good;
  bad_sibling.sub[0].hashes[3][5] ^= 1;
  EXPECT_EQ(refused(bad_sibling, false), "constraint #1905 'enforce root is correct'");

  // The root is checked against the path's: a wrong public root is refused too.
  MerkleProof bad_root = good;
  bad_root.root[1] ^= 1;
  EXPECT_NE(refused(bad_root, false), std::nullopt);

  // Another index with the same siblings reaches another root.
  MerkleProof bad_index = good;
  bad_index.base[0].index ^= 1;
  EXPECT_NE(refused(bad_index, true), std::nullopt);
}

TEST(PorCircuit, ProofsOfTheWrongShapeAreRefused) {
  const TreeShape shape = poseidon_shape(8, 8, 0);
  const MerkleProof proof = MerkleTree::build(shape, test::data_nodes(shape.leaves, 1)).prove(5);
  EXPECT_THROW(PorCircuit::from_proof(poseidon_shape(8, 8, 2), proof, true), Error);
  MerkleProof short_level = proof;
  short_level.base[1].hashes.pop_back();
  EXPECT_THROW(PorCircuit::from_proof(shape, short_level, true), Error);
  MerkleProof big_index = proof;
  big_index.sub[0].index = 8;
  EXPECT_THROW(PorCircuit::from_proof(shape, big_index, true), Error);
  EXPECT_THROW(PorCircuit::blank(TreeShape{NodeHasher::kPoseidon, 8, 0, 2, 128}, true), Error);
  EXPECT_THROW(PorCircuit::blank(TreeShape{NodeHasher::kPoseidon, 8, 0, 0, 96}, true), Error);
  EXPECT_THROW(por_public_inputs(64, 64, std::nullopt), Error);
}

// tests/por_circuit.rs test_por_no_challenge_input_*: one shared root, many
// challenges, each with its own leaf, challenge bits and siblings allocated
// by the caller; no public input besides ONE.
TEST(PorNoChallengeInput, CompoundShapes) {
  const std::array<std::array<uint32_t, 4>, 5> cases = {{{8, 0, 0, 64}, {8, 8, 0, 64}, {8, 4, 0, 256}, {8, 8, 2, 1024},
                                                         {8, 2, 4, 512}}};
  for (const auto& [base, sub, top, nodes] : cases) {
    const TreeShape shape{NodeHasher::kPoseidon, base, sub, top, nodes};
    SCOPED_TRACE(shape.describe());
    const MerkleTree tree = MerkleTree::build(shape, test::data_nodes(nodes, nodes + top));
    std::mt19937_64 rng(nodes);
    TCS cs;
    const Num root = Num::alloc(cs, "root", [&] { return fr_of(tree.root()); });
    const int bit_len = __builtin_ctzll(nodes);
    for (int c_index = 0; c_index < 10; ++c_index) {
      const uint64_t c = rng() % nodes;
      const MerkleProof proof = tree.prove(c);
      const Num leaf = Num::alloc(cs, "leaf", [&] { return fr_of(proof.leaf); });
      std::vector<circuits::AllocatedBit<Fr>> bits;
      for (int i = 0; i < bit_len; ++i)
        bits.push_back(circuits::AllocatedBit<Fr>::alloc(cs, "challenge bit", std::optional<bool>((c >> i) & 1)));
      std::vector<std::vector<Num>> path;
      for (const InclusionPath* part : {&proof.base, &proof.sub, &proof.top})
        for (const PathElement& e : *part) {
          path.emplace_back();
          for (const Domain& h : e.hashes) path.back().push_back(Num::alloc(cs, "sibling", [&] { return fr_of(h); }));
        }
      por_no_challenge_input(cs, "por", shape, std::span<const circuits::AllocatedBit<Fr>>(bits), leaf, path, root);
    }
    EXPECT_EQ(cs.which_is_unsatisfied(), std::nullopt);
    EXPECT_EQ(cs.shape().num_inputs, 1u);
    // A wrong root is caught by the last constraint of every challenge.
    cs.mutable_aux()[root.variable().index()] += Fr::one();
    EXPECT_NE(cs.which_is_unsatisfied(), std::nullopt);
  }
}
