// End-to-end Groth16 on the CPU for both curves: setup, prove, verify; a
// tampered proof, wrong public inputs and a mismatched key are all refused.
#include <gtest/gtest.h>

#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/constraint_namer.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "support/tampered_witness.hpp"

using namespace cuzk;
using namespace cuzk::groth16;

// Proves knowledge of x with x^3 + x + 5 = out (public), plus k extra squarings
// chained on x (public input y = x^(2^k)) to give the circuit some size.
template <class F>
struct CubeCircuit {
  F x;
  int k;
  template <class CS>
  void operator()(CS& cs) const {
    using LC = r1cs::LinearCombination<F>;
    F x2 = x * x, x3 = x2 * x;
    auto out = cs.alloc_input("out", [&] { return x3 + x + F::from_u64(5); });
    auto xv = cs.alloc("x", [&] { return x; });
    auto sq = cs.alloc("x2", [&] { return x2; });
    auto cu = cs.alloc("x3", [&] { return x3; });
    cs.enforce("sq", LC(xv), LC(xv), LC(sq));
    cs.enforce("cu", LC(sq), LC(xv), LC(cu));
    cs.enforce("out", LC(cu) + LC(xv) + LC::constant(F::from_u64(5)), LC(r1cs::Variable::one()), LC(out));
    F cur = x;
    r1cs::Variable prev = xv;
    for (int i = 0; i < k; ++i) {
      F next = cur * cur;
      auto v = cs.alloc("s", [&] { return next; });
      cs.enforce("s", LC(prev), LC(prev), LC(v));
      prev = v;
      cur = next;
    }
    auto y = cs.alloc_input("y", [&] { return cur; });
    cs.enforce("y", LC(prev), LC(r1cs::Variable::one()), LC(y));
  }
  std::vector<F> public_inputs() const {
    F cur = x;
    for (int i = 0; i < k; ++i) cur = cur * cur;
    return {x * x * x + x + F::from_u64(5), cur};
  }
};

template <class E>
r1cs::OwnedAssignmentBuffers<typename E::Fr> buffers_for(const CubeCircuit<typename E::Fr>& c) {
  r1cs::ShapeCounter<typename E::Fr> sc;
  c(sc);
  return r1cs::OwnedAssignmentBuffers<typename E::Fr>(sc.shape());
}

template <class E>
class Groth16Test : public ::testing::Test {};
using Curves = ::testing::Types<Bls12_381, Bn254>;
TYPED_TEST_SUITE(Groth16Test, Curves);

TYPED_TEST(Groth16Test, ProveVerifyAndRejectTampering) {
  using E = TypeParam;
  using F = typename E::Fr;
  CubeCircuit<F> circuit{F::from_u64(3), 40};
  auto pk = generate_random_parameters<E>(circuit);
  PreparedVerifyingKey<E> pvk(pk.vk);

  auto buf = buffers_for<E>(circuit);
  r1cs::ProvingAssignment<F> pa(buf.view());
  circuit(pa);
  pa.finish();
  Proof<E> proof = prove_cpu(pk, pa);
  auto x = circuit.public_inputs();
  EXPECT_TRUE(verify_proof(pvk, proof, std::span<const F>(x)));

  // a second proof of the same statement is different (fresh r, s) and verifies
  Proof<E> proof2 = prove_cpu(pk, pa);
  EXPECT_FALSE(proof2 == proof);
  EXPECT_TRUE(verify_proof(pvk, proof2, std::span<const F>(x)));

  // wrong public input
  auto bad_x = x;
  bad_x[0] += F::one();
  EXPECT_FALSE(verify_proof(pvk, proof, std::span<const F>(bad_x)));
  // tampered points (still valid group elements)
  Proof<E> t = proof;
  t.a = (ec::Jacobian<typename E::G1>::from_affine(t.a) + ec::Affine<typename E::G1>::generator()).to_affine();
  EXPECT_FALSE(verify_proof(pvk, t, std::span<const F>(x)));
  t = proof;
  t.c = -t.c;
  EXPECT_FALSE(verify_proof(pvk, t, std::span<const F>(x)));
  t = proof;
  t.b = proof2.b;
  EXPECT_FALSE(verify_proof(pvk, t, std::span<const F>(x)));
  // wrong number of inputs is an error, not a silent failure
  std::vector<F> short_x(1, x[0]);
  EXPECT_THROW(verify_proof(pvk, proof, std::span<const F>(short_x)), Error);

  // batch verification: both good proofs pass; one bad one fails the batch
  std::vector<Proof<E>> ps = {proof, proof2};
  std::vector<std::vector<F>> xs = {x, x};
  EXPECT_TRUE(verify_proofs_batch<E>(pvk, ps, xs));
  xs[1] = bad_x;
  EXPECT_FALSE(verify_proofs_batch<E>(pvk, ps, xs));
}

TYPED_TEST(Groth16Test, KeyOfAnotherCircuitIsRefused) {
  using E = TypeParam;
  using F = typename E::Fr;
  CubeCircuit<F> small{F::from_u64(3), 4}, big{F::from_u64(3), 9};
  auto pk = generate_random_parameters<E>(small);
  auto buf = buffers_for<E>(big);
  r1cs::ProvingAssignment<F> pa(buf.view());
  big(pa);
  pa.finish();
  EXPECT_THROW(prove_cpu(pk, pa), Error);
}

TYPED_TEST(Groth16Test, UnsatisfiedWitnessGivesFailingProof) {
  // the prover itself doesn't check satisfaction (TestConstraintSystem does,
  // before proving); a proof from a bad witness must not verify
  using E = TypeParam;
  using F = typename E::Fr;
  CubeCircuit<F> circuit{F::from_u64(3), 4};
  auto pk = generate_random_parameters<E>(circuit);
  PreparedVerifyingKey<E> pvk(pk.vk);
  auto buf = buffers_for<E>(circuit);
  r1cs::ProvingAssignment<F> pa(buf.view());
  circuit(pa);
  pa.finish();
  // break x^3 after the fact, past the check: the witness no longer gives c = a*b of constraint "cu"
  buf.aux[2] += F::one();
  auto proof = prove_cpu(pk, pa);
  auto x = circuit.public_inputs();
  EXPECT_FALSE(verify_proof(pvk, proof, std::span<const F>(x)));
}

TYPED_TEST(Groth16Test, UnsatisfiedWitnessIsRefusedNamingTheConstraint) {
  // the prover path (ProvingAssignment -> require_satisfied) names the same
  // constraint as TestConstraintSystem does for the same broken witness
  using E = TypeParam;
  using F = typename E::Fr;
  CubeCircuit<F> circuit{F::from_u64(3), 4};
  auto pk = generate_random_parameters<E>(circuit);
  for (size_t aux : {0u, 2u, 5u}) {
    auto buf = buffers_for<E>(circuit);
    r1cs::ProvingAssignment<F> pa(buf.view());
    testing_support::TamperedWitness tampered(pa, aux);
    circuit(tampered);
    pa.finish();
    r1cs::TestConstraintSystem<F> tcs;
    testing_support::TamperedWitness tampered_tcs(tcs, aux);
    circuit(tampered_tcs);
    auto expected = tcs.which_is_unsatisfied();
    ASSERT_TRUE(expected.has_value());
    try {
      require_satisfied<F>(pa, [&](size_t i) { return r1cs::describe_constraint<F>(i, circuit); });
      FAIL() << "an unsatisfied witness was accepted (aux " << aux << ")";
    } catch (const UnsatisfiedError& e) {
      EXPECT_NE(std::string(e.what()).find(*expected), std::string::npos) << e.what() << " vs " << *expected;
    }
  }
  // x (aux 0) feeds "sq" first; x^3 (aux 2) first appears in "cu"
  auto name_for = [&](size_t aux) {
    r1cs::TestConstraintSystem<F> tcs;
    testing_support::TamperedWitness t(tcs, aux);
    circuit(t);
    return *tcs.which_is_unsatisfied();
  };
  EXPECT_EQ(name_for(0), "constraint #0 'sq'");
  EXPECT_EQ(name_for(2), "constraint #1 'cu'");
  // the satisfied witness passes
  auto buf = buffers_for<E>(circuit);
  r1cs::ProvingAssignment<F> pa(buf.view());
  circuit(pa);
  pa.finish();
  EXPECT_NO_THROW(require_satisfied<F>(pa, nullptr));
}
