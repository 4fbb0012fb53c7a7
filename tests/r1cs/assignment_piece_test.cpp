// ProvingAssignment::split / join: pieces synthesized concurrently at their
// offsets give the sequential assignment bit for bit (values, a, b, the
// three densities, the first broken constraint), including density words
// shared between neighbouring pieces and the prefix; a piece that fills
// another shape than it was split with, or outgrows it, is an Error.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "ff/fields.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"

using namespace cuzk;
using namespace cuzk::r1cs;
using F = ff::Bls12_381_Fr;
using LC = LinearCombination<F>;

namespace {

struct Prefix {
  Variable k, bit;
};

// Two shared variables (one also public), as a circuit's commitments.
template <class CS>
Prefix prefix(CS& cs, uint64_t seed) {
  const Variable k = cs.alloc("k", [&] { return F::from_u64(seed); });
  const Variable pub = cs.alloc_input("k public", [&] { return F::from_u64(seed); });
  cs.enforce("k = pub", LC(k), LC(Variable::one()), LC(pub));
  const Variable bit = cs.alloc("bit", [&] { return F::one(); });
  cs.enforce("bit boolean", LC(Variable::one()) - LC(bit), LC(bit), LC());
  return {k, bit};
}

// Piece i: 37 aux (an odd count, so pieces share density words), one input,
// a chain reading the prefix's k and bit; `bad` breaks constraint 5 of it.
template <class CS>
void piece(CS& cs, const Prefix& p, size_t i, uint64_t seed, bool bad) {
  F acc = F::from_u64(seed);
  Variable prev = p.k;
  for (int j = 0; j < 36; ++j) {
    const F next = acc * F::from_u64(i + 2) + (j % 3 == 0 ? F::one() : F::zero());
    const Variable v = cs.alloc("v", [&] { return (bad && j == 5) ? next + F::one() : next; });
    LC c(v);
    if (j % 3 == 0) c -= Variable::one();
    // A reads aux, B reads the prefix's bit (or an input), C the new variable.
    cs.enforce("step", LC(prev), j % 5 == 0 ? LC(Variable::one()) * F::from_u64(i + 2) : LC(p.bit) * F::from_u64(i + 2),
               c);
    acc = next;
    prev = v;
  }
  const Variable out = cs.alloc_input("out", [&] { return acc; });
  const Variable copy = cs.alloc("copy", [&] { return acc; });
  cs.enforce("out", LC(out), LC(Variable::one()), LC(copy));
  cs.enforce("uses out in B", LC(copy), LC(out), LC(copy) * acc);
}

template <class CS>
void tail(CS& cs, const Prefix& p) {
  const Variable t = cs.alloc("t", [&] { return F::from_u64(9); });
  cs.enforce("t", LC(t) - LC::constant(F::from_u64(9)), LC(p.bit), LC());
}

constexpr size_t kPieces = 7;

CircuitShape piece_shape() {
  ShapeCounter<F> c;
  piece(c, {Variable::aux(0), Variable::aux(0)}, 0, 1, false);
  CircuitShape s = c.shape();
  s.num_inputs -= 1;
  return s;
}

CircuitShape total_shape() {
  ShapeCounter<F> c;
  const Prefix p = prefix(c, 1);
  for (size_t i = 0; i < kPieces; ++i) piece(c, p, i, 1, false);
  tail(c, p);
  return c.shape();
}

struct Result {
  std::vector<F> inputs, aux, a, b;
  Density a_aux, b_input, b_aux;
  std::optional<size_t> first_bad;
};

Result sequential(size_t bad_piece) {
  OwnedAssignmentBuffers<F> buf(total_shape());
  ProvingAssignment<F> cs(buf.view());
  const Prefix p = prefix(cs, 11);
  for (size_t i = 0; i < kPieces; ++i) piece(cs, p, i, 11, i == bad_piece);
  tail(cs, p);
  cs.finish();
  return {{cs.inputs().begin(), cs.inputs().end()}, {cs.aux().begin(), cs.aux().end()},
          {cs.a().begin(), cs.a().end()}, {cs.b().begin(), cs.b().end()},
          cs.a_aux_density(), cs.b_input_density(), cs.b_aux_density(), cs.first_unsatisfied()};
}

Result parallel(size_t bad_piece) {
  OwnedAssignmentBuffers<F> buf(total_shape());
  ProvingAssignment<F> cs(buf.view());
  const Prefix p = prefix(cs, 11);
  EXPECT_TRUE(cs.can_split());
  auto pieces = cs.split(kPieces, piece_shape());
  EXPECT_FALSE(cs.can_split());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < kPieces; ++i)
    threads.emplace_back([&, i] { piece(pieces[i], p, i, 11, i == bad_piece); });
  for (auto& t : threads) t.join();
  cs.join(pieces);
  tail(cs, p);
  cs.finish();
  return {{cs.inputs().begin(), cs.inputs().end()}, {cs.aux().begin(), cs.aux().end()},
          {cs.a().begin(), cs.a().end()}, {cs.b().begin(), cs.b().end()},
          cs.a_aux_density(), cs.b_input_density(), cs.b_aux_density(), cs.first_unsatisfied()};
}

}  // namespace

static_assert(ConstraintSystem<AssignmentPiece<F>>);

TEST(AssignmentPiece, ParallelPiecesEqualSequentialSynthesis) {
  for (size_t bad : {kPieces, size_t(0), size_t(3), kPieces - 1}) {
    const Result s = sequential(bad), p = parallel(bad);
    EXPECT_EQ(s.inputs, p.inputs);
    EXPECT_EQ(s.aux, p.aux);
    EXPECT_EQ(s.a, p.a);
    EXPECT_EQ(s.b, p.b);
    EXPECT_TRUE(s.a_aux == p.a_aux);
    EXPECT_TRUE(s.b_input == p.b_input);
    EXPECT_TRUE(s.b_aux == p.b_aux);
    EXPECT_EQ(s.first_bad, p.first_bad) << "bad piece " << bad;
    EXPECT_EQ(s.first_bad.has_value(), bad < kPieces);
    // the densities are not trivially full or empty
    EXPECT_GT(s.b_aux.count(), 0u);
    EXPECT_LT(s.b_aux.count(), s.aux.size());
    EXPECT_GT(s.b_input.count(), 1u);
  }
}

TEST(AssignmentPiece, JoinRejectsAPieceOfAnotherShape) {
  OwnedAssignmentBuffers<F> buf(total_shape());
  ProvingAssignment<F> cs(buf.view());
  const Prefix p = prefix(cs, 11);
  auto pieces = cs.split(kPieces, piece_shape());
  for (size_t i = 0; i + 1 < kPieces; ++i) piece(pieces[i], p, i, 11, false);  // the last left empty
  EXPECT_THROW(cs.join(pieces), Error);
  EXPECT_THROW(cs.join(std::span<const AssignmentPiece<F>>(pieces).first(2)), Error);
}

TEST(AssignmentPiece, APieceCannotOutgrowItsShape) {
  OwnedAssignmentBuffers<F> buf(total_shape());
  ProvingAssignment<F> cs(buf.view());
  const Prefix p = prefix(cs, 11);
  CircuitShape smaller = piece_shape();
  smaller.num_constraints -= 1;
  auto pieces = cs.split(2, smaller);
  EXPECT_THROW(piece(pieces[0], p, 0, 11, false), Error);
  AssignmentPiece<F> empty;
  EXPECT_THROW(empty.alloc("x", [] { return F::one(); }), Error);
}

TEST(AssignmentPiece, SplitChecksCapacityAndState) {
  OwnedAssignmentBuffers<F> buf(total_shape());
  ProvingAssignment<F> cs(buf.view());
  prefix(cs, 11);
  EXPECT_THROW(cs.split(kPieces + 2, piece_shape()), Error);  // more than the buffers hold
  auto pieces = cs.split(1, piece_shape());
  EXPECT_THROW(cs.split(1, piece_shape()), Error);  // already split
}
