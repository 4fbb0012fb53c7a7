// neptune's Poseidon circuit (what Filecoin's circuits call): the constraint
// counts upstream tests assert, outputs against neptune's and
// filecoin-hashers' published digests and Curio's real-data vectors, the
// witness satisfying the system and a broken one caught, and the structure
// (every constraint, every variable, every merged coefficient) equal to a
// literal transliteration of circuit.rs (tests/circuits/neptune_reference.hpp).
#include "circuits/poseidon/neptune_gadget.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <random>

#include "circuits/poseidon/native.hpp"
#include "ff/field_io.hpp"
#include "neptune_reference.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/structure_digest.hpp"
#include "r1cs/test_constraint_system.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;
namespace pos = cuzk::circuits::poseidon;
using TestCS = r1cs::TestConstraintSystem<F>;
using Num = AllocatedNum<F>;

namespace {

// neptune's scalar_from_u64s: canonical little-endian 64-bit limbs.
F limbs(uint64_t a, uint64_t b, uint64_t c, uint64_t d) { return F::from_canonical(ff::Limbs<4>{{a, b, c, d}}); }

// A 32-byte little-endian Fr repr as hex (Filecoin's Domain bytes).
F le_hex(const char* h) {
  uint8_t b[32];
  for (int i = 0; i < 32; ++i) b[i] = uint8_t(std::stoi(std::string(h + 2 * i, 2), nullptr, 16));
  return ff::from_bytes_le<F>(b, 32);
}

std::vector<F> iota(int n) {
  std::vector<F> v;
  for (int i = 0; i < n; ++i) v.push_back(F::from_u64(uint64_t(i)));
  return v;
}

std::vector<F> random_elements(int n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<F> v;
  for (int i = 0; i < n; ++i) v.push_back(ff::random_element<F>(rng));
  return v;
}

template <class CS>
std::vector<Num> alloc_all(CS& cs, const std::vector<F>& vals) {
  std::vector<Num> out;
  for (size_t i = 0; i < vals.size(); ++i)
    out.push_back(Num::alloc(
        cs, [i] { return "data " + std::to_string(i); }, [&vals, i] { return vals[i]; }));
  return out;
}

F native(const std::vector<F>& in, const F& tag) {
  return pos::neptune_hash<F>(in, pos::filecoin_neptune_optimized<F>(int(in.size())), tag);
}
F native(const std::vector<F>& in) { return native(in, pos::neptune_merkle_tree_tag<F>(int(in.size()))); }

const int kArities[] = {2, 4, 8, 11, 16, 24, 36};

}  // namespace

// neptune v14 src/poseidon.rs: MerkleTree digests of (0, 1, .., arity-1).
TEST(NeptuneNative, MerkleTreeVectors) {
  const std::pair<int, F> kat[] = {
      {2, limbs(0x2e203c369a02e7ff, 0xa6fba9339d05a69d, 0x739e0fd902efe161, 0x396508d75e76a56b)},
      {4, limbs(0x019814ff6662075d, 0xfb6b4605bf1327ec, 0x00db3c6579229399, 0x58a54b10a9e5848a)},
      {8, limbs(0x2a9934f56d38a5e6, 0x4b682e9d9cc4aed9, 0x1201004211677077, 0x2394611da3a5de55)},
      {11, limbs(0xcee3bbc32b693163, 0x09f3dcd8ccb08fc1, 0x6ca537e232ebe87a, 0x0c0fc1b2e5227f28)},
      {16, limbs(0x1291c74060266d37, 0x5b8dbc6d30680a6f, 0xc1c2fb5a6f871e63, 0x2d3ae2663381ae8a)},
      {24, limbs(0xd7ef3569f585b321, 0xc3e779f6468815b1, 0x066f39bf783f3d9f, 0x63beb8831f11ae15)},
      {36, limbs(0x4473606dfa4e8140, 0x75cd368df8a8ac3c, 0x540a30e03c10bbaa, 0x699303082a6e5d5f)},
  };
  for (const auto& [arity, want] : kat) EXPECT_EQ(native(iota(arity)), want) << "arity " << arity;
}

// neptune v14 src/poseidon.rs: ConstantLength(4) over (0, 1, 2, 3), zero-padded
// to the arity (one permutation for arity >= 4).
TEST(NeptuneNative, ConstantLength4Vectors) {
  const std::pair<int, F> kat[] = {
      {4, limbs(0x8935b00a07909d45, 0x4984de08542c9977, 0x39443980077d7593, 0x3a21a6ae86754a29)},
      {8, limbs(0x370a94532f818897, 0x203e3c7c4a85c1f9, 0xcad8b9f8aeb1578f, 0x5c6de4b69de9d792)},
      {11, limbs(0xe9b0cb7d6496f73b, 0x7d2807d793af9582, 0xef841b6bf51a5a39, 0x02550c3a2113c7ca)},
      {16, limbs(0x6a1e563d359c1bdd, 0x6b4493d5d40be9d3, 0x275a6eb04a0ecb37, 0x30ec6fa0fec08504)},
      {24, limbs(0xc540772c5968a299, 0xe2e556352af20f97, 0x15ed0a6b8faba5aa, 0x327bdee6fa2b22b6)},
      {36, limbs(0x7d89cddb70217dcd, 0x02ae71d3d04f0b32, 0xfe52151f29c50f99, 0x626bdae6cad79307)},
  };
  for (const auto& [arity, want] : kat) {
    auto in = iota(4);
    in.resize(size_t(arity), F::zero());
    EXPECT_EQ(native(in, pos::neptune_constant_length_tag<F>(4)), want) << "arity " << arity;
  }
}

// neptune src/hash_type.rs.
TEST(NeptuneNative, DomainTags) {
  EXPECT_EQ(pos::neptune_merkle_tree_tag<F>(8), F::from_u64(0xff));
  EXPECT_EQ(pos::neptune_constant_length_tag<F>(4), limbs(0, 4, 0, 0));
  EXPECT_EQ(pos::neptune_custom_tag<F>(1), F::from_u64(uint64_t(1) << 40));
  EXPECT_THROW(pos::neptune_custom_tag<F>(0), Error);
  EXPECT_THROW(pos::neptune_custom_tag<F>(257), Error);
}

// The trace's last value is the output, and the hash equals the existing
// permutations (neptune form and plain constants).
TEST(NeptuneNative, TraceAndOtherPermutationsAgree) {
  for (int arity : kArities) {
    const auto in = random_elements(arity, uint64_t(arity));
    const auto& o = pos::filecoin_neptune_optimized<F>(arity);
    std::vector<F> trace(pos::neptune_trace_length(o));
    const F out = pos::neptune_hash<F>(in, o, pos::neptune_merkle_tree_tag<F>(arity), trace.data());
    EXPECT_EQ(trace.back(), out);
    EXPECT_EQ(out, pos::hash<F>(in, pos::filecoin_poseidon<F>(arity))) << "arity " << arity;
  }
}

// neptune src/circuit.rs test_poseidon_hash (Standard): 311 / 377 / 505 /
// 761 / 1009 / 1385, and its formula 3 (t R_F + R_P - 1) + (t R_F + R_P - arity);
// outputs equal the native hash, the system is satisfied.
TEST(NeptuneCircuit, ConstraintCountsOutputsAndSatisfaction) {
  const std::pair<int, size_t> counts[] = {{2, 311}, {4, 377}, {8, 505}, {16, 761}, {24, 1009}, {36, 1385}};
  for (const auto& [arity, want] : counts) {
    const auto& o = pos::filecoin_neptune_optimized<F>(arity);
    const size_t t = size_t(arity) + 1, sboxes = t * size_t(o.full_rounds) + size_t(o.partial_rounds);
    EXPECT_EQ(3 * (sboxes - 1) + (sboxes - size_t(arity)), want) << "formula, arity " << arity;
    TestCS cs;
    const auto vals = random_elements(arity, 100 + uint64_t(arity));
    const auto in = alloc_all(cs, vals);
    const Num out =
        pos::neptune_poseidon_hash(cs, "poseidon", std::span<const Num>(in), pos::neptune_circuit_plan<F>(arity));
    EXPECT_EQ(cs.constraints().size(), want) << "arity " << arity;
    EXPECT_EQ(cs.aux().size(), size_t(arity) + want) << "one variable per constraint, arity " << arity;
    EXPECT_EQ(cs.inputs().size(), 1u);
    EXPECT_EQ(pos::neptune_circuit_plan<F>(arity).constraints(), want);
    EXPECT_TRUE(cs.is_satisfied()) << *cs.which_is_unsatisfied();
    ASSERT_TRUE(out.value());
    EXPECT_EQ(*out.value(), native(vals)) << "arity " << arity;
  }
}

// storage-proofs-porep stacked/circuit/hash.rs: hash2_circuit 311,
// hash_single_column (11 labels) 598.
TEST(NeptuneCircuit, FilecoinHash2AndSingleColumn) {
  {
    TestCS cs;
    const auto vals = random_elements(2, 7);
    const auto in = alloc_all(cs, vals);
    const Num out = pos::hash2_circuit(cs, "hash2", in[0], in[1]);
    EXPECT_EQ(cs.constraints().size(), 311u);
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(*out.value(), native(vals));
  }
  {
    TestCS cs;
    const std::vector<F> vals(11, random_elements(1, 8)[0]);  // the upstream test repeats one value
    const auto in = alloc_all(cs, vals);
    const Num out = pos::hash_single_column(cs, "hash_single_column", std::span<const Num>(in));
    EXPECT_EQ(cs.constraints().size(), 598u);
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(*out.value(), native(vals));
  }
  TestCS cs;
  const auto in = alloc_all(cs, random_elements(3, 9));
  EXPECT_THROW(pos::hash_single_column(cs, "bad", std::span<const Num>(in)), Error);
}

// filecoin-hashers poseidon.rs test_poseidon_hasher: binary tree over leaves
// [1, 0, 0, 1]; node(1, 0) and the root, through the circuit.
TEST(NeptuneCircuit, FilecoinHasherTreeVectors) {
  TestCS cs;
  const auto leaves = alloc_all(cs, {F::one(), F::zero(), F::zero(), F::one()});
  const Num left = pos::hash2_circuit(cs, "left", leaves[0], leaves[1]);
  const Num right = pos::hash2_circuit(cs, "right", leaves[2], leaves[3]);
  const Num root = pos::hash2_circuit(cs, "root", left, right);
  EXPECT_EQ(*left.value(), limbs(0xb339ff6079800b5e, 0xec5907b3dc3094af, 0x93c003cc74a24f26, 0x042f94ffbe786bc3));
  EXPECT_EQ(*root.value(), limbs(0xefbb8be3e291e671, 0x77cc72b8cb2b5ad2, 0x30eb6385ae6b74ae, 0x1effebb7b26ad9eb));
  EXPECT_EQ(cs.constraints().size(), 3 * 311u);
  EXPECT_TRUE(cs.is_satisfied());
}

// filecoin-hashers poseidon.rs test_hash_md / test_hash_md_circuit: 71 x ONE,
// 2,770 constraints, digest [0x351c54133b332c90, ...].
TEST(NeptuneCircuit, FilecoinHashMd) {
  const F want = limbs(0x351c54133b332c90, 0xc26f6d625f4e8195, 0x5fd9623643ed9622, 0x59f42220e09ff6f7);
  // Natively: the running hash and 35 more elements per arity-36 hash.
  {
    std::vector<F> chunk(36, F::one());
    F acc = native(chunk);
    chunk[0] = acc;
    EXPECT_EQ(native(chunk), want);
  }
  TestCS cs;
  const auto in = alloc_all(cs, std::vector<F>(71, F::one()));
  const Num out = pos::hash_md_circuit(cs, "md", std::span<const Num>(in));
  EXPECT_EQ(cs.constraints().size(), 2770u);
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(*out.value(), want);
}

// A short last chunk is padded with fresh zero variables, one per slot.
TEST(NeptuneCircuit, HashMdPadsTheLastChunk) {
  const auto vals = random_elements(40, 11);  // 1 + 35 + 4: the second hash has 31 padding slots
  TestCS cs;
  const auto in = alloc_all(cs, vals);
  const Num out = pos::hash_md_circuit(cs, "md", std::span<const Num>(in));
  EXPECT_EQ(cs.constraints().size(), 2 * 1385u);
  EXPECT_EQ(cs.aux().size(), 40 + 2 * 1385u + 31u);
  EXPECT_TRUE(cs.is_satisfied());
  std::vector<F> first(vals.begin(), vals.begin() + 36);
  std::vector<F> second(36, F::zero());
  second[0] = native(first);
  std::copy(vals.begin() + 36, vals.end(), second.begin() + 1);
  EXPECT_EQ(*out.value(), native(second));

  TestCS one;
  const auto single = alloc_all(one, {F::from_u64(5)});
  EXPECT_EQ(pos::hash_md_circuit(one, "md", std::span<const Num>(single)).variable(), single[0].variable());
  EXPECT_EQ(one.constraints().size(), 0u);
  EXPECT_THROW(pos::hash_md_circuit(one, "md", std::span<const Num>()), Error);
}

// Curio lib/proof/post_vproof_test.go TestPoseidonHashMulti (the first path
// element of a real 32 GiB WindowPoSt proof) and tree_r_last_comm_test.go
// (comm_r_last of a real 32 GiB sector from its 8 tree-r-last roots).
TEST(NeptuneCircuit, CurioRealDataArity8) {
  const char* path[8] = {
      "f743111428ecda9b74a18826f1cc62d48ae1510de17e58645997559f86442f31",
      "197a6efa37086e3a37108f8460c52bc810e2781aff0091bfd7b74e3f6f752f02",
      "01c2c12f7930bbb59e3b36dae1c694b33ac6b3f199ec32a8665fadb8338f4f21",
      "bbe672a853f65cdb2563339ca61d6ad648473b4b4ce44bf3a48486424b865a2d",
      "937d57295f488cea8099f5525958f1af39c6241614b917835292e8e2314cf908",
      "3272570cd8ba38c1183629ca72d5e9149d76786ed22c1d591db3d2bccfa7d308",
      "2d3fc90e11aaf601bd1beae80fc3aba15a9e1f886d8140533ce36cda3dd9f936",
      "0a017e264d0728bfcd2edb3c6c60cc5a05a02af31a71cdd7bb2da27616f5f630",
  };
  const char* roots[8] = {
      "924a00c61658322995d9fc493f8aec72365b30a50197e59537df246ca39ffd1b",
      "d7958d6ff26877091592ea9b51de5ca3b0ad57af34fefd102291a4db1aec543a",
      "fafb11646c07d01cbf63facc266b46dd1ab00cd3e30560ef18cf50fd40f32d73",
      "dcb8d1b4bd3e672ad98c29e5cd05dc2e09a76ef00883a487e163fe4e719fe663",
      "d846e93787fe6c14f26f49ee610f434d021cc0d1ada562695e08af4d5af63357",
      "5aaef4e9777d3b31d74dad2075ddd584578c9379e7ef38152cc919fa27d1c629",
      "406728684d7fc85e050f31db99752b552a2f9d608709f0eaa2d6c66afc96e46b",
      "9cb01c337f13b4bbf4a4ae0296bdd927dbb52479e8875bd31374c9e567735f2c",
  };
  const std::pair<const char* const*, const char*> cases[] = {
      {path, "0737ca506df7d4544f8512df35aaa07ed8a40691e96ae868c23320220fec6866"},
      {roots, "f56b7f7f318d88ac4d72e5d94efd7de7f1df501b98b01a8564fa4cb4983b9e4b"},
  };
  for (const auto& [inputs, want] : cases) {
    std::vector<F> vals;
    for (int i = 0; i < 8; ++i) vals.push_back(le_hex(inputs[i]));
    TestCS cs;
    const auto in = alloc_all(cs, vals);
    const Num out = pos::hash_multi_leaf_circuit(cs, "node", std::span<const Num>(in));
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(*out.value(), le_hex(want));
  }
}

// Every witness variable the gadget allocates is pinned by a constraint:
// changing any one of a sample breaks the system.
TEST(NeptuneCircuit, WrongWitnessIsCaught) {
  for (int arity : {2, 8}) {
    TestCS cs;
    const auto in = alloc_all(cs, random_elements(arity, 21));
    pos::neptune_poseidon_hash(cs, "h", std::span<const Num>(in), pos::neptune_circuit_plan<F>(arity));
    ASSERT_TRUE(cs.is_satisfied());
    const size_t n = cs.aux().size();
    for (size_t i : {size_t(arity), size_t(arity) + 1, size_t(arity) + 2, size_t(arity) + 3 * size_t(arity),
                     size_t(arity) + 3 * size_t(arity) + 1, n / 2, n - 2, n - 1}) {
      TestCS bad = cs;
      bad.mutable_aux()[i] += F::one();
      EXPECT_FALSE(bad.is_satisfied()) << "arity " << arity << ", aux " << i;
    }
  }
}

// The gadget and the literal transliteration of circuit.rs produce the same
// R1CS (structure digest: counts, every constraint's merged A, B, C in
// order) and the same witness, for every Filecoin arity and for the other
// domain tags Filecoin uses (SnapDeals' Custom(1) at arity 2) or neptune allows
// (ConstantLength(arity)).
TEST(NeptuneCircuit, SameR1csAndWitnessAsCircuitRsTransliteration) {
  std::vector<std::pair<int, F>> cases;
  for (int arity : kArities) cases.emplace_back(arity, pos::neptune_merkle_tree_tag<F>(arity));
  cases.emplace_back(2, pos::neptune_custom_tag<F>(1));
  cases.emplace_back(4, pos::neptune_constant_length_tag<F>(4));
  for (const auto& [arity, tag] : cases) {
    const auto vals = random_elements(arity, 1000 + uint64_t(arity));
    TestCS ours, theirs;
    const auto a = alloc_all(ours, vals);
    const auto b = alloc_all(theirs, vals);
    const Num x =
        pos::neptune_poseidon_hash(ours, "h", std::span<const Num>(a), pos::neptune_circuit_plan<F>(arity, tag));
    const Num y = neptune_reference::poseidon_hash<F>(theirs, std::span<const Num>(b),
                                                      pos::filecoin_neptune_optimized<F>(arity), tag);
    EXPECT_EQ(r1cs::structure_digest(ours), r1cs::structure_digest(theirs)) << "arity " << arity;
    EXPECT_EQ(ours.aux(), theirs.aux()) << "arity " << arity;
    EXPECT_EQ(x.variable(), y.variable());
    EXPECT_EQ(*x.value(), *y.value());
    EXPECT_EQ(*x.value(), native(vals, tag));
    EXPECT_TRUE(ours.is_satisfied());
  }
}

// Every constraint system sees the same shape; the prover's is satisfied;
// value-free systems never ask for values.
TEST(NeptuneCircuit, ProverAndCounterAgree) {
  const auto vals = random_elements(8, 5);
  r1cs::ShapeCounter<F> counter;
  {
    std::vector<Num> in;
    for (int i = 0; i < 8; ++i) in.push_back(Num::alloc(counter, "x", [] { return F::zero(); }));
    pos::hash_multi_leaf_circuit(counter, "h", std::span<const Num>(in));
  }
  EXPECT_EQ(counter.shape(), (r1cs::CircuitShape{1, 8 + 505, 505}));
  r1cs::OwnedAssignmentBuffers<F> buf(counter.shape());
  r1cs::ProvingAssignment<F> pa(buf.view());
  const auto in = alloc_all(pa, vals);
  const Num out = pos::hash_multi_leaf_circuit(pa, "h", std::span<const Num>(in));
  pa.finish();
  EXPECT_FALSE(pa.first_unsatisfied());
  EXPECT_EQ(pa.shape(), counter.shape());
  EXPECT_EQ(*out.value(), native(vals));
}

// For comparison with Rust: TestConstraintSystem::new(), `arity` AllocatedNums,
// neptune::circuit::poseidon_hash(&mut cs, preimage, &PoseidonConstants::new()),
// cs.hash() should print these (values do not enter the digest).
TEST(NeptuneCircuit, PrintStructureDigestsForRustComparison) {
  for (int arity : kArities) {
    TestCS cs;
    const auto in = alloc_all(cs, random_elements(arity, 3));
    pos::neptune_poseidon_hash(cs, "h", std::span<const Num>(in), pos::neptune_circuit_plan<F>(arity));
    const auto d = r1cs::structure_digest(cs);
    std::cout << "poseidon_hash arity " << arity << " (inputs 1, aux " << cs.aux().size() << ", constraints "
              << cs.constraints().size() << "): " << d << "\n";
    RecordProperty("digest_arity_" + std::to_string(arity), d);
  }
}
