// A streamed ProvingAssignment ships exactly the a/b (and records the same
// densities) as one that keeps them, for windows that divide the length and
// windows that do not; it names the first broken constraint as a kept one does.
#include <gtest/gtest.h>

#include "circuits/synthetic.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "support/host_abc_stream.hpp"
#include "support/tampered_witness.hpp"

using namespace cuzk;
using namespace cuzk::r1cs;
using F = ff::Bls12_381_Fr;
using testing_support::HostAbcStream;

namespace {

const circuits::SyntheticCircuit<F>& circuit() {
  static const circuits::SyntheticCircuit<F> c({5000, 3, 7});
  return c;
}

struct Kept {
  OwnedAssignmentBuffers<F> buf{circuit().shape()};
  ProvingAssignment<F> pa{buf.view()};
  Kept() {
    circuit().synthesize(pa);
    pa.finish();
  }
};

}  // namespace

TEST(AbcStream, StreamedEqualsKeptForAnyWindow) {
  static const Kept kept;
  const auto shape = circuit().shape();
  const size_t len = shape.abc_length();
  for (size_t window : {size_t(1), size_t(7), size_t(64), size_t(1000), len - 1, len, size_t(1) << 20}) {
    SCOPED_TRACE("window " + std::to_string(window));
    std::vector<F> inputs(shape.num_inputs), aux(shape.num_aux);
    HostAbcStream<F> stream(len, window);
    ProvingAssignment<F> pa(inputs, aux, stream);
    circuit().synthesize(pa);
    pa.finish();
    EXPECT_TRUE(pa.streamed());
    EXPECT_TRUE(stream.closed);
    ASSERT_EQ(stream.shipped, len);
    EXPECT_EQ(stream.ships, (len + window - 1) / window);
    EXPECT_EQ(pa.shape(), kept.pa.shape());
    EXPECT_EQ(pa.abc_length(), kept.pa.abc_length());
    for (size_t i = 0; i < len; ++i) {
      ASSERT_EQ(stream.a[i], kept.pa.a()[i]) << i;
      ASSERT_EQ(stream.b[i], kept.pa.b()[i]) << i;
    }
    EXPECT_TRUE(std::equal(aux.begin(), aux.end(), kept.pa.aux().begin()));
    EXPECT_TRUE(pa.a_aux_density() == kept.pa.a_aux_density());
    EXPECT_TRUE(pa.b_aux_density() == kept.pa.b_aux_density());
    EXPECT_TRUE(pa.b_input_density() == kept.pa.b_input_density());
    EXPECT_FALSE(pa.first_unsatisfied());
    EXPECT_THROW((void)pa.a(), Error);  // a/b are not on the host
  }
}

TEST(AbcStream, RefusesToOverflowTheStream) {
  const auto shape = circuit().shape();
  std::vector<F> inputs(shape.num_inputs), aux(shape.num_aux);
  HostAbcStream<F> stream(shape.abc_length() - 1, 100);  // one constraint short
  ProvingAssignment<F> pa(inputs, aux, stream);
  circuit().synthesize(pa);
  EXPECT_THROW(pa.finish(), Error);
}

TEST(AbcStream, StreamedAssignmentFindsTheFirstBrokenConstraint) {
  const auto shape = circuit().shape();
  // aux 1000 is a bit of block 7: its booleanity constraint is the first it breaks
  const size_t target = 1000;
  TestConstraintSystem<F> tcs;  // the reference: evaluates every constraint afresh
  testing_support::TamperedWitness tampered_tcs(tcs, target);
  circuit().synthesize(tampered_tcs);
  const auto want = tcs.which_is_unsatisfied();
  ASSERT_TRUE(want);

  std::vector<F> inputs(shape.num_inputs), aux(shape.num_aux);
  HostAbcStream<F> host(shape.abc_length(), 256);
  ProvingAssignment<F> pa(inputs, aux, host);
  testing_support::TamperedWitness tampered(pa, target);
  circuit().synthesize(tampered);
  pa.finish();
  EXPECT_TRUE(host.closed);  // the stream is closed even so
  ASSERT_TRUE(pa.first_unsatisfied());
  EXPECT_TRUE(want->starts_with("constraint #" + std::to_string(*pa.first_unsatisfied()) + " '")) << *want;
}
