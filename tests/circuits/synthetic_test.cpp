// Synthetic circuit: exact size, satisfied, deterministic, Filecoin-like
// statistics (bits, B density about 1/4), and agreement of the three systems.
#include <gtest/gtest.h>

#include "circuits/synthetic.hpp"
#include "r1cs/keypair_assembly.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;

TEST(Synthetic, ExactSizeAndSatisfied) {
  for (size_t n : {size_t(1), size_t(100), size_t(131), size_t(1000), size_t(4096), size_t(12345)}) {
    SyntheticCircuit<F> c({n, 8, 5});
    r1cs::TestConstraintSystem<F> tcs;
    c.synthesize(tcs);
    SCOPED_TRACE("n = " + std::to_string(n));
    EXPECT_EQ(tcs.shape().num_constraints, n);
    EXPECT_EQ(tcs.shape(), c.shape());
    EXPECT_TRUE(tcs.is_satisfied()) << *tcs.which_is_unsatisfied();
    auto pub = c.public_inputs();
    ASSERT_EQ(tcs.inputs().size(), pub.size() + 1);
    for (size_t i = 0; i < pub.size(); ++i) EXPECT_EQ(tcs.inputs()[i + 1], pub[i]);
    if (n >= 12345) {
      EXPECT_EQ(pub.size(), 8u);
    }
  }
}

TEST(Synthetic, WrongValueIsNamed) {
  SyntheticCircuit<F> c({1000, 2, 5});
  r1cs::TestConstraintSystem<F> tcs;
  c.synthesize(tcs);
  tcs.mutable_aux()[40] += F::one();  // block 0, x_8
  auto bad = tcs.which_is_unsatisfied();
  ASSERT_TRUE(bad.has_value());
  EXPECT_NE(bad->find("synthetic/block 0/xor"), std::string::npos) << *bad;
}

TEST(Synthetic, StatisticsAreFilecoinLike) {
  const size_t n = size_t(1) << 16;
  SyntheticCircuit<F> c({n, 8, 1});
  r1cs::ShapeCounter<F> sc;
  c.synthesize(sc);
  ASSERT_EQ(sc.shape(), c.shape());
  r1cs::OwnedAssignmentBuffers<F> buf(sc.shape());
  r1cs::ProvingAssignment<F> pa(buf.view());
  c.synthesize(pa);
  pa.finish();
  EXPECT_EQ(pa.shape(), sc.shape());
  const double b_density = double(pa.b_aux_density().count()) / double(pa.shape().num_aux);
  EXPECT_GT(b_density, 0.23);
  EXPECT_LT(b_density, 0.27);
  size_t bits = 0;
  for (const F& v : pa.aux()) bits += v.is_zero() || v.is_one();
  EXPECT_GT(double(bits) / double(pa.shape().num_aux), 0.95);
  EXPECT_GT(double(pa.a_aux_density().count()) / double(pa.shape().num_aux), 0.95);
  EXPECT_FALSE(pa.first_unsatisfied());  // every a_i * b_i = c_i
  std::printf("synthetic 2^16: aux %zu, B density %.4f, bits %.4f\n", pa.shape().num_aux, b_density,
              double(bits) / double(pa.shape().num_aux));
}

TEST(Synthetic, SystemsAgree) {
  SyntheticCircuit<F> c({5000, 3, 2});
  r1cs::ShapeCounter<F> sc;
  c.synthesize(sc);
  r1cs::TestConstraintSystem<F> tcs;
  c.synthesize(tcs);
  r1cs::OwnedAssignmentBuffers<F> buf(sc.shape());
  r1cs::ProvingAssignment<F> pa(buf.view());
  c.synthesize(pa);
  pa.finish();
  EXPECT_EQ(sc.shape(), c.shape());
  EXPECT_EQ(tcs.shape(), c.shape());
  EXPECT_EQ(pa.shape(), c.shape());
  for (size_t i = 0; i < tcs.aux().size(); ++i) ASSERT_EQ(pa.aux()[i], tcs.aux()[i]) << i;
  for (size_t i = 0; i < 5000; ++i) {
    const auto& k = tcs.constraints()[i];
    ASSERT_EQ(pa.b()[i], k.b.evaluate(tcs.inputs(), tcs.aux())) << i;
  }
}

TEST(Synthetic, DeterministicFromSeed) {
  auto aux_of = [](uint64_t seed) {
    SyntheticCircuit<F> c({3000, 4, seed});
    r1cs::TestConstraintSystem<F> tcs;
    c.synthesize(tcs);
    return tcs.aux();
  };
  EXPECT_EQ(aux_of(9), aux_of(9));
  EXPECT_NE(aux_of(9), aux_of(10));
}

TEST(Synthetic, LargeShapesArePredictedWithoutSynthesis) {
  SyntheticCircuit<F> c({size_t(1) << 27, 16, 1});
  EXPECT_EQ(c.shape().num_constraints, size_t(1) << 27);
  EXPECT_EQ(c.shape().num_inputs, 17u);
  EXPECT_EQ(c.shape().num_aux, (size_t(1) << 27) - 16);
}

// One key must serve every seed: the seed changes values, never the wiring.
TEST(SyntheticCircuit, SeedChangesWitnessNotConstraints) {
  using Fr = cuzk::ff::Bls12_381_Fr;
  auto record = [](uint64_t seed) {
    cuzk::r1cs::KeypairAssembly<Fr> ka;
    cuzk::circuits::SyntheticCircuit<Fr>({3000, 4, seed}).synthesize(ka);
    return ka;
  };
  auto k1 = record(1), k2 = record(99);
  auto same = [](const auto& x, const auto& y) {
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!(x[i].var == y[i].var) || x[i].constraint != y[i].constraint || x[i].coeff != y[i].coeff) return false;
    return true;
  };
  EXPECT_TRUE(same(k1.a(), k2.a()));
  EXPECT_TRUE(same(k1.b(), k2.b()));
  EXPECT_TRUE(same(k1.c(), k2.c()));
  EXPECT_NE(cuzk::circuits::SyntheticCircuit<Fr>({3000, 4, 1}).public_inputs(),
            cuzk::circuits::SyntheticCircuit<Fr>({3000, 4, 99}).public_inputs());
}
