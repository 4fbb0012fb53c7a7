// Poseidon: the Grain stream and the permutation against published vectors,
// the Filecoin hash against neptune's vectors for every arity the circuits
// use, and the gadget against the native hash (values and constraint counts).
#include <gtest/gtest.h>

#include <random>

#include "circuits/poseidon/gadget.hpp"
#include "circuits/poseidon/native.hpp"
#include "ff/field_io.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;
namespace pos = cuzk::circuits::poseidon;

static F hex(const char* s) { return ff::from_hex<F>(s); }
static F limbs(uint64_t a, uint64_t b, uint64_t c, uint64_t d) { return F::from_canonical(ff::Limbs<4>{{a, b, c, d}}); }

static std::vector<F> perm_of_iota(const pos::PoseidonConstants<F>& c) {
  std::vector<F> st;
  for (int i = 0; i < c.width; ++i) st.push_back(F::from_u64(uint64_t(i)));
  pos::permute(std::span<F>(st), c);
  return st;
}

// neptune parameters/round_constants-1-1-255-9-8-57-<p>.txt: the first round
// constants the reference script prints for field 1, sbox 1, n 255, t 9, 8, 57.
TEST(Poseidon, GrainMatchesReferenceScriptConstants) {
  auto c = pos::make_poseidon_constants<F>(pos::filecoin_spec(8));
  ASSERT_EQ(c.round_constants.size(), 9u * 65u);
  EXPECT_EQ(c.round_constants[0], hex("6ce90d12c4045fe08c3caddb776dd84ac52b4ae7e48cd49443984154f2f4c2f9"));
  EXPECT_EQ(c.round_constants[1], hex("0ccd9b480c84022b25a75b52c8e89d80b4fa6378d32e58f3a175504940bcec39"));
  EXPECT_EQ(c.round_constants[2], hex("513ad11016ab7bb8c7ce9ae51256040e062487edf7168d206ba1b86dfe963629"));
  EXPECT_EQ(c.round_constants[8], hex("5f2a741651a2e15ce1479c0409485bcc62fffb8f1c10d818f7e1ee309632904b"));
}

// hadeshash test vectors for poseidonperm_x5_255_3 and _5 (the Poseidon
// authors' reference repository, code/test_vectors.txt): perm(0, 1, .., t-1).
TEST(Poseidon, ReferencePermutationVectorsWidth3) {
  auto c = pos::make_poseidon_constants<F>(pos::hades_spec(3));
  auto out = perm_of_iota(c);
  EXPECT_EQ(out[0], hex("28ce19420fc246a05553ad1e8c98f5c9d67166be2c18e9e4cb4b4e317dd2a78a"));
  EXPECT_EQ(out[1], hex("51f3e312c95343a896cfd8945ea82ba956c1118ce9b9859b6ea56637b4b1ddc4"));
  EXPECT_EQ(out[2], hex("3b2b69139b235626a0bfb56c9527ae66a7bf486ad8c11c14d1da0c69bbe0f79a"));
}

TEST(Poseidon, ReferencePermutationVectorsWidth5) {
  auto c = pos::make_poseidon_constants<F>(pos::hades_spec(5));
  auto out = perm_of_iota(c);
  EXPECT_EQ(out[0], hex("2a918b9c9f9bd7bb509331c81e297b5707f6fc7393dcee1b13901a0b22202e18"));
  EXPECT_EQ(out[1], hex("65ebf8671739eeb11fb217f2d5c5bf4a0c3f210e3f3cd3b08b5db75675d797f7"));
  EXPECT_EQ(out[2], hex("2cc176fc26bc70737a696a9dfd1b636ce360ee76926d182390cdb7459cf585ce"));
  EXPECT_EQ(out[3], hex("4dc4e29d283afd2a491fe6aef122b9a968e74eff05341f3cc23fda1781dcb566"));
  EXPECT_EQ(out[4], hex("03ff622da276830b9451b88b85e6184fd6ae15c8ab3ee25a5667be8592cce3b1"));
}

// HorizenLabs/poseidon2 plain_implementations: poseidon_instance_bls12.rs
// (reference-script constants with sbox field 1, R_F 8, R_P 56) and the kats()
// test in poseidon/poseidon.rs.
TEST(Poseidon, HorizenLabsVectors) {
  pos::PoseidonSpec s3{3, 8, 56, 1, pos::MdsKind::kGrainCauchy};
  auto c3 = pos::make_poseidon_constants<F>(s3);
  EXPECT_EQ(c3.round_constants[0], hex("452088f7ec90c80818a1b5665f38ea30116456becd6709977cd8a2e0a2b38b62"));
  EXPECT_EQ(c3.m(0, 0), hex("211d0c9c28920044b34c2ed4a4a2b4e3139485ee7cf3598c291cdcf51b48ba21"));
  EXPECT_EQ(c3.m(2, 2), hex("65d256a96817f3ab2a30d19785500fe898df9589cb8af15ec7c4a2e33aaaa87b"));
  auto o3 = perm_of_iota(c3);
  EXPECT_EQ(o3[0], hex("200e6982ac00df8fa65cef1fde9f21373fdbbfd98f2df1eb5fa04f3302ab0397"));
  EXPECT_EQ(o3[1], hex("2233c9a40d91c1f643b700f836a1ac231c3f3a8d438ad1609355e1b7317a47e5"));
  EXPECT_EQ(o3[2], hex("2eae6736db3c086ad29938869dedbf969dd9804a58aa228ec467b7d5a08dc765"));

  pos::PoseidonSpec s2{2, 8, 56, 1, pos::MdsKind::kGrainCauchy};
  auto c2 = pos::make_poseidon_constants<F>(s2);
  EXPECT_EQ(c2.m(1, 0), hex("23672c49f9f5a653914cc84486a5c1d7454d5c836b867249a09af66a55250d32"));
  auto o2 = perm_of_iota(c2);
  EXPECT_EQ(o2[0], hex("1dc37ce34aeee058292bb73bff9acffce73a8a92f3d6d1daa8b77d9516b5c837"));
  EXPECT_EQ(o2[1], hex("534cc8001b9c21da25d62749e136ea3d702651ba129f0d5ed7847cf81bc8b042"));
}

// neptune src/poseidon.rs hash_values (Strength::Standard, HashType::MerkleTree):
// hash of (0, 1, .., arity-1), expected values as little-endian u64 limbs.
TEST(Poseidon, FilecoinHashVectors) {
  struct Case {
    int arity;
    F expected;
  };
  const Case cases[] = {
      {2, limbs(0x2e203c369a02e7ff, 0xa6fba9339d05a69d, 0x739e0fd902efe161, 0x396508d75e76a56b)},
      {4, limbs(0x019814ff6662075d, 0xfb6b4605bf1327ec, 0x00db3c6579229399, 0x58a54b10a9e5848a)},
      {8, limbs(0x2a9934f56d38a5e6, 0x4b682e9d9cc4aed9, 0x1201004211677077, 0x2394611da3a5de55)},
      {11, limbs(0xcee3bbc32b693163, 0x09f3dcd8ccb08fc1, 0x6ca537e232ebe87a, 0x0c0fc1b2e5227f28)},
  };
  for (const auto& k : cases) {
    const auto& c = pos::filecoin_poseidon(k.arity);
    EXPECT_EQ(c.partial_rounds, k.arity == 2 ? 55 : k.arity == 4 ? 56 : 57);
    std::vector<F> pre;
    for (int i = 0; i < k.arity; ++i) pre.push_back(F::from_u64(uint64_t(i)));
    EXPECT_EQ(pos::hash<F>(pre, c), k.expected) << "arity " << k.arity;
  }
}

// The sparse partial rounds agree with the textbook loop.
TEST(Poseidon, SparsePermutationEqualsPlain) {
  std::mt19937_64 rng(3);
  std::vector<pos::PoseidonConstants<F>> all;
  for (int arity : {1, 2, 4, 8, 11, 16}) all.push_back(pos::filecoin_poseidon(arity));
  for (int width : {3, 5}) all.push_back(pos::make_poseidon_constants<F>(pos::hades_spec(width)));
  for (const auto& c : all) {
    std::vector<F> a, b;
    for (int i = 0; i < c.width; ++i) a.push_back(ff::random_element<F>(rng));
    b = a;
    std::vector<F> trace(pos::trace_length(c.width, c.full_rounds, c.partial_rounds));
    pos::permute(std::span<F>(a), c, trace.data());
    pos::permute_plain(std::span<F>(b), c);
    EXPECT_EQ(a, b) << "width " << c.width;
    // (The trace feeds the gadget's values; the gadget tests check every entry.)
  }
}

template <class CS>
static Num<F> hash_circuit(CS& cs, const std::vector<F>* pre, const pos::PoseidonConstants<F>& c) {
  std::vector<Num<F>> in;
  for (int i = 0; i < c.arity; ++i)
    in.emplace_back(AllocatedNum<F>::alloc(cs, [i] { return "in " + std::to_string(i); },
                                           [&, i] { return (*pre)[size_t(i)]; }));
  return pos::hash(cs, "poseidon", std::span<const Num<F>>(in), c);
}

static void check_gadget(const pos::PoseidonConstants<F>& c, size_t expected_constraints) {
  std::mt19937_64 rng(uint64_t(c.width) * 77);
  std::vector<F> pre;
  for (int i = 0; i < c.arity; ++i) pre.push_back(ff::random_element<F>(rng));
  const F expect = pos::hash<F>(pre, c);

  r1cs::TestConstraintSystem<F> tcs;
  Num<F> out = hash_circuit(tcs, &pre, c);
  ASSERT_TRUE(out.value().has_value());
  EXPECT_EQ(*out.value(), expect);
  EXPECT_EQ(out.lc().evaluate(tcs.inputs(), tcs.aux()), expect);
  EXPECT_TRUE(tcs.is_satisfied()) << *tcs.which_is_unsatisfied();
  EXPECT_EQ(tcs.shape().num_constraints, expected_constraints);
  EXPECT_EQ(tcs.shape().num_aux, expected_constraints + size_t(c.arity));

  r1cs::ShapeCounter<F> sc;
  Num<F> none = hash_circuit(sc, nullptr, c);
  EXPECT_FALSE(none.value().has_value());
  EXPECT_EQ(sc.shape(), tcs.shape());

  r1cs::OwnedAssignmentBuffers<F> buf(sc.shape());
  r1cs::ProvingAssignment<F> pa(buf.view());
  hash_circuit(pa, &pre, c);
  pa.finish();
  EXPECT_EQ(pa.shape(), tcs.shape());
  EXPECT_FALSE(pa.first_unsatisfied());  // every a_i * b_i = c_i

  // A wrong S-box output is caught and named.
  tcs.mutable_aux()[size_t(c.arity) + 5] += F::one();  // sbox 1's x^3 slot: its x^4 (aux = inputs, then x^2, x^4, x^5 per S-box)
  auto bad = tcs.which_is_unsatisfied();
  ASSERT_TRUE(bad.has_value());
  EXPECT_NE(bad->find("poseidon/sbox 1/"), std::string::npos) << *bad;
}

TEST(Poseidon, GadgetEqualsNativeForAllArities) {
  // 3 constraints per S-box; the tag's first-round S-box is a constant.
  for (int arity : {2, 4, 8, 11}) {
    const auto& c = pos::filecoin_poseidon(arity);
    SCOPED_TRACE("arity " + std::to_string(arity));
    check_gadget(c, size_t(3 * ((arity + 1) * 8 - 1 + c.partial_rounds)));
  }
  EXPECT_EQ(pos::filecoin_poseidon(8).plan.constraints(), 384u);
}

TEST(Poseidon, GadgetEqualsNativeForReferenceConstants) {
  for (int width : {3, 5}) {
    auto c = pos::make_poseidon_constants<F>(pos::hades_spec(width));
    SCOPED_TRACE("width " + std::to_string(width));
    check_gadget(c, size_t(3 * (width * 8 - 1 + c.partial_rounds)));
  }
}
