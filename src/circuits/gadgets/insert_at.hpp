// insert_at: this project's own insertion gadget, NOT storage-proofs-core's
// (for Filecoin circuits use insertion::insert in insertion.hpp, which costs
// more but matches the official parameters). Places cur among the arity-1
// siblings at the position given by k = log2(arity) little-endian index bits:
// out = (s_0..s_{p-1}, cur, s_p..), the child list a Merkle path hashes at one
// level. Cost for arity 2^k: one constraint per product of two or more index
// bits (2^k - k - 1), then two per output except the first (one) and the last
// (free: the outputs are a permutation of the inputs, so the last one is
// their sum minus the others). Arity 8: 17.
// The index bits must already be boolean-constrained.
#pragma once
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "circuits/gadgets/num.hpp"
#include "core/error.hpp"

namespace cuzk::circuits {

template <class CS, class N, class F = typename CS::Field>
std::vector<Num<F>> insert_at(CS& cs, const N& name, const Num<F>& cur, std::span<const Num<std::type_identity_t<F>>> siblings,
                              std::span<const AllocatedBit<std::type_identity_t<F>>> bits) {
  const int k = int(bits.size());
  const size_t arity = size_t(1) << k;
  if (k < 1 || k > 5 || siblings.size() + 1 != arity)
    throw Error("insert_at: need arity-1 siblings for arity 2^k with 1 <= k <= 5, got " +
                std::to_string(siblings.size()) + " siblings and " + std::to_string(k) + " bits");
  r1cs::Namespace ns(cs, name);

  // Every multilinear monomial prod_{i in m} b_i, as one variable each.
  std::vector<Variable> mono(arity, Variable::one());
  std::vector<AllocatedBit<F>> products(arity);
  mono[0] = Variable::one();
  for (size_t m = 1; m < arity; ++m) {
    const int hi = 31 - __builtin_clz(unsigned(m));
    const size_t rest = m & ~(size_t(1) << hi);
    if (rest == 0) {
      products[m] = bits[hi];
    } else {
      products[m] = AllocatedBit<F>::and_(cs, [m] { return "monomial " + std::to_string(m); }, products[rest], bits[hi]);
    }
    mono[m] = products[m].variable();
  }

  // [p == j] expands to sum over masks m containing j of (-1)^|m \ j| * monomial(m);
  // [p > j] is the sum of those for q > j.
  auto indicator = [&](size_t j_lo, size_t j_hi) {  // [j_lo <= p <= j_hi]
    std::vector<long> c(arity, 0);
    for (size_t q = j_lo; q <= j_hi; ++q)
      for (size_t m = 0; m < arity; ++m)
        if ((m & q) == q) c[m] += (__builtin_popcountll(m ^ q) & 1) ? -1 : 1;
    LC<F> lc;
    for (size_t m = 0; m < arity; ++m)
      if (c[m] != 0) lc.add(mono[m], c[m] > 0 ? F::from_u64(uint64_t(c[m])) : -F::from_u64(uint64_t(-c[m])));
    return lc;
  };

  // The position, when the bits carry values.
  bool known = true;
  size_t pos = 0;
  for (int i = 0; i < k && known; ++i) {
    known = bits[i].value().has_value();
    if (known && *bits[i].value()) pos |= size_t(1) << i;
  }
  auto at = [&] {
    if (!known) throw r1cs::AssignmentMissing{};
    return pos;
  };
  auto diff = [](const Num<F>& a, const Num<F>& b) {
    LC<F> lc = a.lc();
    lc -= b.lc();
    return lc;
  };
  auto product = [&](auto&& nm, const LC<F>& sel, const LC<F>& d, auto value) {
    AllocatedNum<F> r = AllocatedNum<F>::alloc(cs, nm, value);
    cs.enforce(nm, sel, d, LC<F>(r.variable()));
    return r;
  };
  auto val = [](const Num<F>& x) -> const F& { return need(x.value()); };

  std::vector<Num<F>> out;
  out.reserve(arity);
  Num<F> last(siblings[arity - 2].lc(), std::nullopt);  // s_{a-2} - sum X_j - sum Y_j

  // out_0 = cur + [p > 0] * (s_0 - cur)
  AllocatedNum<F> x0 = product([] { return std::string("shift 0"); }, indicator(1, arity - 1), diff(siblings[0], cur),
                               [&] { return at() > 0 ? val(siblings[0]) - val(cur) : F::zero(); });
  LC<F> o0 = cur.lc();
  o0 += x0.variable();
  out.emplace_back(std::move(o0), known && pos > 0 ? siblings[0].value() : known ? cur.value() : std::nullopt);
  last.add(x0.variable(), std::nullopt, -F::one());

  // out_j = s_{j-1} + [p > j] * (s_j - s_{j-1}) + [p == j] * (cur - s_{j-1})
  for (size_t j = 1; j + 1 < arity; ++j) {
    const Num<F>& prev = siblings[j - 1];
    AllocatedNum<F> x = product([j] { return "shift " + std::to_string(j); }, indicator(j + 1, arity - 1),
                                diff(siblings[j], prev), [&] { return at() > j ? val(siblings[j]) - val(prev) : F::zero(); });
    AllocatedNum<F> y = product([j] { return "place " + std::to_string(j); }, indicator(j, j), diff(cur, prev),
                                [&] { return at() == j ? val(cur) - val(prev) : F::zero(); });
    LC<F> o = prev.lc();
    o += x.variable();
    o += y.variable();
    std::optional<F> v;
    if (known) v = pos > j ? siblings[j].value() : pos == j ? cur.value() : prev.value();
    out.emplace_back(std::move(o), v);
    last.add(x.variable(), std::nullopt, -F::one());
    last.add(y.variable(), std::nullopt, -F::one());
  }
  std::optional<F> lv;
  if (known) lv = pos == arity - 1 ? cur.value() : siblings[arity - 2].value();
  out.emplace_back(LC<F>(last.lc()), lv);
  return out;
}

}  // namespace cuzk::circuits
