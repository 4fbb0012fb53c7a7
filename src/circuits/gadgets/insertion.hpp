// storage-proofs-core's insertion gadgets (gadgets/insertion.rs), constraint
// for constraint: pick (one selection), select (a binary tree of picks,
// n - 1 constraints for n candidates) and insert (place an element among
// size - 1 others at the position given by little-endian index bits, as a
// Merkle path orders a node's children). insert costs 2 / 8 / 22 for size
// 2 / 4 / 8 (hand-optimised in the Rust) and size * (size - 1) otherwise.
#pragma once
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/gadgets/insert_at.hpp"  // the project's own variant, kept for its callers
#include "core/error.hpp"

namespace cuzk::circuits::insertion {

template <class CS>
using FieldOf = typename CS::Field;

// cond ? a : b, as (b - a) * cond = (b - c).
template <class CS, class N>
AllocatedNum<FieldOf<CS>> pick(CS& cs, const N& name, const Boolean<FieldOf<CS>>& cond,
                               const AllocatedNum<FieldOf<CS>>& a, const AllocatedNum<FieldOf<CS>>& b) {
  using F = FieldOf<CS>;
  r1cs::Namespace ns(cs, name);
  AllocatedNum<F> c = AllocatedNum<F>::alloc(
      cs, "pick result", [&] { return need(cond.value()) ? need(a.value()) : need(b.value()); });
  LC<F> lhs(b.variable());
  lhs -= a.variable();
  LC<F> out(b.variable());
  out -= c.variable();
  cs.enforce("pick", lhs, cond.lc(), out);
  return c;
}

// from[n] for n given by path_bits, least significant first; from.size()
// must be 2^path_bits.size(). Picks on the most significant bit first.
template <class CS, class N>
AllocatedNum<FieldOf<CS>> select(CS& cs, const N& name, std::span<const AllocatedNum<FieldOf<CS>>> from,
                                 std::span<const Boolean<FieldOf<CS>>> path_bits) {
  using F = FieldOf<CS>;
  if (path_bits.size() >= 32 || (size_t(1) << path_bits.size()) != from.size())
    throw Error("insertion::select: " + std::to_string(from.size()) + " candidates for " +
                std::to_string(path_bits.size()) + " path bits (need 2^bits)");
  r1cs::Namespace ns(cs, name);
  std::vector<AllocatedNum<F>> state(from.begin(), from.end());
  size_t half = from.size() / 2;
  for (size_t i = 0; i < path_bits.size(); ++i) {
    const Boolean<F>& bit = path_bits[path_bits.size() - 1 - i];
    std::vector<AllocatedNum<F>> next;
    next.reserve(half);
    for (size_t j = 0; j < half; ++j)
      next.push_back(pick(cs, [i, j] { return "pick " + std::to_string(i) + ", " + std::to_string(j); }, bit,
                          state[half + j], state[j]));
    state = std::move(next);
    half /= 2;
  }
  return state.front();
}

namespace detail {

template <class CS, class F>
std::vector<AllocatedNum<F>> insert_2(CS& cs, const AllocatedNum<F>& x, std::span<const Boolean<F>> bits,
                                      std::span<const AllocatedNum<F>> e) {
  return {pick(cs, "binary insert 0", bits[0], e[0], x), pick(cs, "binary insert 1", bits[0], x, e[0])};
}

// Position table (A = x, b.. = e[0..]):  n=0: A b c d, 1: b A c d, 2: b c A d, 3: b c d A.
template <class CS, class F>
std::vector<AllocatedNum<F>> insert_4(CS& cs, const AllocatedNum<F>& a, std::span<const Boolean<F>> bits,
                                      std::span<const AllocatedNum<F>> e) {
  const Boolean<F>&b0 = bits[0], &b1 = bits[1];
  const AllocatedNum<F>&b = e[0], &c = e[1], &d = e[2];
  const auto p0_x0 = pick(cs, "p0_x0", b0, b, a);
  const auto p0 = pick(cs, "p0", b1, b, p0_x0);
  const auto p1_x0 = pick(cs, "p1_x0", b0, a, b);
  const auto p1 = pick(cs, "p1", b1, c, p1_x0);
  const auto p2_x1 = pick(cs, "p2_x1", b0, d, a);
  const auto p2 = pick(cs, "p2", b1, p2_x1, c);
  const auto p3_x1 = pick(cs, "p3_x1", b0, a, d);
  const auto p3 = pick(cs, "p3", b1, p3_x1, d);
  return {p0, p1, p2, p3};
}

// The same table for 8 positions; b0 NOR b1 and b0 AND b1 are shared.
template <class CS, class F>
std::vector<AllocatedNum<F>> insert_8(CS& cs, const AllocatedNum<F>& a, std::span<const Boolean<F>> bits,
                                      std::span<const AllocatedNum<F>> el) {
  const Boolean<F>&b0 = bits[0], &b1 = bits[1], &b2 = bits[2];
  if (b0.kind() != Boolean<F>::Kind::kIs || b1.kind() != Boolean<F>::Kind::kIs)
    throw Error("insertion::insert: for size 8 the two low index bits must be allocated and unnegated");
  const AllocatedNum<F>&b = el[0], &c = el[1], &d = el[2], &e = el[3], &f = el[4], &g = el[5], &h = el[6];
  const Boolean<F> nor = AllocatedBit<F>::nor(cs, "b0 nor b1", b0.bit(), b1.bit());
  const Boolean<F> both = AllocatedBit<F>::and_(cs, "b0 and b1", b0.bit(), b1.bit());

  const auto p0_xx0 = pick(cs, "p0_xx0", nor, a, b);
  const auto p0 = pick(cs, "p0", b2, b, p0_xx0);

  const auto p1_x00 = pick(cs, "p1_x00", b0, a, b);
  const auto p1_xx0 = pick(cs, "p1_xx0", b1, c, p1_x00);
  const auto p1 = pick(cs, "p1", b2, c, p1_xx0);

  const auto p2_x10 = pick(cs, "p2_x10", b0, d, a);
  const auto p2_xx0 = pick(cs, "p2_xx0", b1, p2_x10, c);
  const auto p2 = pick(cs, "p2", b2, d, p2_xx0);

  const auto p3_xx0 = pick(cs, "p3_xx0", both, a, d);
  const auto p3 = pick(cs, "p3", b2, e, p3_xx0);

  const auto p4_xx1 = pick(cs, "p4_xx1", nor, a, f);
  const auto p4 = pick(cs, "p4", b2, p4_xx1, e);

  const auto p5_x01 = pick(cs, "p5_x01", b0, a, f);
  const auto p5_xx1 = pick(cs, "p5_xx1", b1, g, p5_x01);
  const auto p5 = pick(cs, "p5", b2, p5_xx1, f);

  const auto p6_x11 = pick(cs, "p6_x11", b0, h, a);
  const auto p6_xx1 = pick(cs, "p6_xx1", b1, p6_x11, g);
  const auto p6 = pick(cs, "p6", b2, p6_xx1, g);

  const auto p7_xx1 = pick(cs, "p7_xx1", both, a, h);
  const auto p7 = pick(cs, "p7", b2, p7_xx1, h);
  return {p0, p1, p2, p3, p4, p5, p6, p7};
}

}  // namespace detail

// (e_0 .. e_{n-1}, element, e_n ..) for n given by bits, least significant
// first; elements.size() + 1 must be 2^bits.size().
template <class CS, class N>
std::vector<AllocatedNum<FieldOf<CS>>> insert(CS& cs, const N& name, const AllocatedNum<FieldOf<CS>>& element,
                                              std::span<const Boolean<FieldOf<CS>>> bits,
                                              std::span<const AllocatedNum<FieldOf<CS>>> elements) {
  using F = FieldOf<CS>;
  const size_t size = elements.size() + 1;
  if (bits.size() >= 32 || (size_t(1) << bits.size()) != size)
    throw Error("insertion::insert: " + std::to_string(elements.size()) + " elements and " +
                std::to_string(bits.size()) + " index bits (need 2^bits - 1 elements)");
  r1cs::Namespace ns(cs, name);
  if (size == 2) return detail::insert_2<CS, F>(cs, element, bits, elements);
  if (size == 4) return detail::insert_4<CS, F>(cs, element, bits, elements);
  if (size == 8) return detail::insert_8<CS, F>(cs, element, bits, elements);
  // General case: output position pos takes, for each index, what that index
  // puts there (x at pos == index, e_pos below it, e_{pos-1} above it).
  std::vector<AllocatedNum<F>> result;
  result.reserve(size);
  std::vector<AllocatedNum<F>> choices(size);
  for (size_t pos = 0; pos < size; ++pos) {
    for (size_t index = 0; index < size; ++index)
      choices[index] = pos < index ? elements[pos] : pos == index ? element : elements[pos - 1];
    result.push_back(select(cs, [pos] { return "choice at " + std::to_string(pos); },
                            std::span<const AllocatedNum<F>>(choices), bits));
  }
  return result;
}

}  // namespace cuzk::circuits::insertion
