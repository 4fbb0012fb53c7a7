// ProvingAssignment::adopt: a circuit synthesized elsewhere, taken in with its
// densities, is the same assignment (values, a/b, densities, shape) as the
// circuit synthesized here, kept or streamed; a broken c is found; sizes that
// do not fit and unreduced values are refused. Density's word constructor
// reads bellperson's bit layout.
#include <gtest/gtest.h>

#include "circuits/synthetic.hpp"
#include "r1cs/proving_assignment.hpp"
#include "support/host_abc_stream.hpp"

using namespace cuzk;
using namespace cuzk::r1cs;
using F = ff::Bls12_381_Fr;

namespace {

const circuits::SyntheticCircuit<F>& circuit() {
  static const circuits::SyntheticCircuit<F> c({3000, 3, 5});
  return c;
}

struct Kept {
  OwnedAssignmentBuffers<F> buf{circuit().shape()};
  ProvingAssignment<F> pa{buf.view()};
  std::vector<F> c;  // a * b of the circuit's own constraints
  Kept() {
    circuit().synthesize(pa);
    pa.finish();
    for (size_t i = 0; i < pa.shape().num_constraints; ++i) c.push_back(pa.a()[i] * pa.b()[i]);
  }
  std::span<const F> a() const { return pa.a().first(c.size()); }
  std::span<const F> b() const { return pa.b().first(c.size()); }
};

const Kept& kept() {
  static const Kept k;
  return k;
}

std::vector<uint64_t> words_of(const Density& d) {
  std::vector<uint64_t> w((d.size() + 63) / 64);
  for (size_t i = 0; i < d.size(); ++i)
    if (d.get(i)) w[i / 64] |= uint64_t(1) << (i % 64);
  return w;
}

Density copy_of(const Density& d) { return Density(words_of(d), d.size()); }

void adopt_kept(ProvingAssignment<F>& pa, std::span<const F> c) {
  const auto& k = kept().pa;
  pa.adopt(k.inputs(), k.aux(), kept().a(), kept().b(), c, copy_of(k.a_aux_density()), copy_of(k.b_input_density()),
           copy_of(k.b_aux_density()));
}

}  // namespace

TEST(Adopt, DensityFromWordsReadsBitvecLayoutAndClearsTheTail) {
  const std::vector<uint64_t> w{0x8000000000000001ull, ~uint64_t(0)};
  const Density d(w, 70);
  EXPECT_TRUE(d.get(0));
  EXPECT_FALSE(d.get(1));
  EXPECT_TRUE(d.get(63));
  EXPECT_TRUE(d.get(64) && d.get(69));
  EXPECT_EQ(d.count(), 2u + 6u);
}

TEST(Adopt, EqualsSynthesisKeptOrStreamed) {
  const auto& k = kept().pa;
  const auto shape = circuit().shape();
  OwnedAssignmentBuffers<F> buf(shape);
  ProvingAssignment<F> pa(buf.view());
  adopt_kept(pa, kept().c);
  pa.finish();
  EXPECT_EQ(pa.shape(), k.shape());
  EXPECT_FALSE(pa.first_unsatisfied());
  EXPECT_TRUE(std::ranges::equal(pa.inputs(), k.inputs()));
  EXPECT_TRUE(std::ranges::equal(pa.aux(), k.aux()));
  EXPECT_TRUE(std::ranges::equal(pa.a(), k.a()));  // the input constraints appended alike
  EXPECT_TRUE(std::ranges::equal(pa.b(), k.b()));
  EXPECT_TRUE(pa.a_aux_density() == k.a_aux_density());
  EXPECT_TRUE(pa.b_input_density() == k.b_input_density());
  EXPECT_TRUE(pa.b_aux_density() == k.b_aux_density());

  std::vector<F> inputs(shape.num_inputs), aux(shape.num_aux);
  testing_support::HostAbcStream<F> stream(shape.abc_length(), 7);
  ProvingAssignment<F> streamed(inputs, aux, stream);
  adopt_kept(streamed, kept().c);
  streamed.finish();
  ASSERT_EQ(stream.shipped, shape.abc_length());
  EXPECT_TRUE(std::equal(stream.a.begin(), stream.a.end(), k.a().begin()));
  EXPECT_TRUE(std::equal(stream.b.begin(), stream.b.end(), k.b().begin()));
}

TEST(Adopt, FindsTheFirstBrokenConstraint) {
  std::vector<F> c = kept().c;
  c[17] += F::one();
  c[40] += F::one();
  OwnedAssignmentBuffers<F> buf(circuit().shape());
  ProvingAssignment<F> pa(buf.view());
  adopt_kept(pa, c);
  ASSERT_TRUE(pa.first_unsatisfied());
  EXPECT_EQ(*pa.first_unsatisfied(), 17u);
}

TEST(Adopt, RefusesWhatDoesNotFit) {
  const auto& k = kept().pa;
  const auto shape = circuit().shape();
  const auto fresh = [&](auto&& body) {
    OwnedAssignmentBuffers<F> buf(shape);
    ProvingAssignment<F> pa(buf.view());
    EXPECT_THROW(body(pa), Error);
  };
  const auto d = [](const Density& x) { return copy_of(x); };
  // c one short
  fresh([&](auto& pa) {
    pa.adopt(k.inputs(), k.aux(), kept().a(), kept().b(), std::span<const F>(kept().c).first(kept().c.size() - 1),
             d(k.a_aux_density()), d(k.b_input_density()), d(k.b_aux_density()));
  });
  // a density sized for another aux count
  fresh([&](auto& pa) {
    pa.adopt(k.inputs(), k.aux(), kept().a(), kept().b(), kept().c, Density(k.aux().size() - 1),
             d(k.b_input_density()), d(k.b_aux_density()));
  });
  // more aux than the buffers hold
  {
    auto small = shape;
    small.num_aux -= 1;
    OwnedAssignmentBuffers<F> buf(small);
    ProvingAssignment<F> pa(buf.view());
    EXPECT_THROW(adopt_kept(pa, kept().c), Error);
  }
  // input 0 other than ONE
  std::vector<F> inputs(k.inputs().begin(), k.inputs().end());
  inputs[0] = F::zero();
  fresh([&](auto& pa) {
    pa.adopt(inputs, k.aux(), kept().a(), kept().b(), kept().c, d(k.a_aux_density()), d(k.b_input_density()),
             d(k.b_aux_density()));
  });
  // a value not below the modulus
  std::vector<F> aux(k.aux().begin(), k.aux().end());
  aux[3] = F::from_montgomery(F::Params::modulus());
  fresh([&](auto& pa) {
    pa.adopt(k.inputs(), aux, kept().a(), kept().b(), kept().c, d(k.a_aux_density()), d(k.b_input_density()),
             d(k.b_aux_density()));
  });
  // twice
  fresh([&](auto& pa) {
    adopt_kept(pa, kept().c);
    adopt_kept(pa, kept().c);
  });
}
