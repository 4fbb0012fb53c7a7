// A line-by-line transliteration of neptune circuit.rs poseidon_hash (the
// legacy circuit Filecoin calls) over bellpepper-like types: a Num carries
// its value and a merged combination (bellpepper lc.rs: one entry per
// variable, inputs before aux, zero coefficients kept), an Elt is Allocated
// or Num. Slow and literal on purpose: the tests compare the planned gadget
// against it constraint for constraint and value for value.
#pragma once
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/gadgets/lc.hpp"
#include "circuits/poseidon/neptune.hpp"

namespace neptune_reference {

using cuzk::r1cs::Variable;
template <class F>
using LC = cuzk::r1cs::LinearCombination<F>;

// bellpepper LinearCombination: sorted map, inputs first, duplicates summed.
template <class F>
struct BpLc {
  std::map<std::pair<int, size_t>, F> terms;
  static std::pair<int, size_t> key(Variable v) { return {v.is_input() ? 0 : 1, v.index()}; }
  static Variable var(const std::pair<int, size_t>& k) {
    return k.first == 0 ? Variable::input(k.second) : Variable::aux(k.second);
  }
  BpLc& add(Variable v, const F& c) {
    auto [it, fresh] = terms.try_emplace(key(v), c);
    if (!fresh) it->second += c;
    return *this;
  }
  BpLc& add(const BpLc& o, const F& scale = F::one()) {
    for (const auto& [k, c] : o.terms) add(var(k), c * scale);
    return *this;
  }
  LC<F> lc() const {
    LC<F> out;
    for (const auto& [k, c] : terms) out.add(var(k), c);
    return out;
  }
};

template <class F>
struct Num {
  std::optional<F> value = F::zero();
  BpLc<F> lc;
};

template <class F>
struct Elt {
  bool allocated = false;
  Variable var = Variable::one();
  std::optional<F> value;  // Allocated's value
  Num<F> num;              // Num's

  static Elt of(Variable v, std::optional<F> value) { return {true, v, value, {}}; }
  static Elt num_from_fr(const F& fr) {
    Elt e;
    e.num.value = fr;
    e.num.lc.add(Variable::one(), fr);
    return e;
  }
  std::optional<F> val() const { return allocated ? value : num.value; }
  Num<F> as_num() const {
    if (!allocated) return num;
    Num<F> n;
    n.value = value;
    n.lc.add(var, F::one());
    return n;
  }
  // Elt::scale: Allocated becomes a Num first.
  Elt scale(const F& s) const {
    Elt e;
    e.num = as_num();
    for (auto& [k, c] : e.num.lc.terms) c *= s;
    if (e.num.value) *e.num.value *= s;
    return e;
  }
  // Elt::add, only between Nums (bellpepper Num::add: an unknown side is ignored).
  Elt add(const Elt& o) const {
    if (allocated || o.allocated) throw std::logic_error("only two numbers may be added");
    Elt e = *this;
    e.num.lc.add(o.num.lc);
    if (num.value && o.num.value)
      e.num.value = *num.value + *o.num.value;
    else
      e.num.value = num.value ? num.value : o.num.value;
    return e;
  }
};

template <class F, class CS>
struct Circuit {
  CS& cs;
  const cuzk::circuits::poseidon::NeptuneOptimized<F>& c;
  std::vector<Elt<F>> elements;
  size_t constants_offset = 0;
  int current_round = 0;

  struct Alloc {
    Variable var = Variable::one();
    std::optional<F> value;
  };
  Alloc alloc(const char* name, std::optional<F> value) {
    return {cs.alloc(name, [&] { return *value; }), value};
  }

  Alloc ensure_allocated(const Elt<F>& e) {
    if (e.allocated) return {e.var, e.value};
    Alloc v = alloc("allocate for Elt::Num", e.num.value);
    LC<F> one_lc(Variable::one());
    cs.enforce("enforce num allocation preserves lc", e.num.lc.lc(), one_lc, LC<F>(v.var));
    return v;
  }
  Alloc square(const Alloc& x) {
    Alloc r = alloc("squared num", x.value ? std::optional<F>(x.value->sqr()) : std::nullopt);
    cs.enforce("squaring constraint", LC<F>(x.var), LC<F>(x.var), LC<F>(r.var));
    return r;
  }
  Alloc square_sum(const F& to_add, const Alloc& num) {
    Alloc r = alloc("squared sum", num.value ? std::optional<F>((*num.value + to_add).sqr()) : std::nullopt);
    LC<F> s(num.var);
    s.add(Variable::one(), to_add);
    cs.enforce("squared sum constraint", s, s, LC<F>(r.var));
    return r;
  }
  Alloc mul_sum(const Alloc& a, const Alloc& b, std::optional<F> pre, std::optional<F> post) {
    std::optional<F> v;
    if (a.value && b.value) {
      F tmp = *b.value;
      if (pre) tmp += *pre;
      tmp *= *a.value;
      if (post) tmp += *post;
      v = tmp;
    }
    Alloc r = alloc("mul_sum", v);
    LC<F> lhs(b.var), rhs(r.var);
    if (pre) lhs.add(Variable::one(), *pre);
    if (post) rhs.add(Variable::one(), -*post);
    cs.enforce("mul sum", lhs, LC<F>(a.var), rhs);
    return r;
  }
  Elt<F> quintic_s_box(const Elt<F>& e, std::optional<F> post) {
    Alloc l = ensure_allocated(e);
    Alloc l2 = square(l);
    Alloc l4 = square(l2);
    Alloc l5 = mul_sum(l4, l, std::nullopt, post);
    return Elt<F>::of(l5.var, l5.value);
  }
  Elt<F> quintic_s_box_pre_add(const Elt<F>& e, const F& pre, const F& post) {
    Alloc l = ensure_allocated(e);
    Alloc l2 = square_sum(pre, l);
    Alloc l4 = square(l2);
    Alloc l5 = mul_sum(l4, l, pre, post);
    return Elt<F>::of(l5.var, l5.value);
  }

  Elt<F> scalar_product(const std::vector<F>& scalars) {
    Elt<F> acc;  // Num::zero()
    for (size_t i = 0; i < elements.size(); ++i) acc = acc.add(elements[i].scale(scalars[i]));
    return acc;
  }
  void product_mds_with_matrix(const std::vector<F>& m) {
    const size_t t = size_t(c.width);
    std::vector<Elt<F>> result;
    for (size_t j = 0; j < t; ++j) {
      std::vector<F> column;
      for (size_t i = 0; i < t; ++i) column.push_back(m[i * t + j]);
      result.push_back(scalar_product(column));
    }
    elements = std::move(result);
  }
  void product_mds() {
    const int full_half = c.half_full_rounds(), sparse_offset = full_half - 1;
    if (current_round == sparse_offset) {
      product_mds_with_matrix(c.pre_sparse);
    } else if (current_round > sparse_offset && current_round < full_half + c.partial_rounds) {
      const auto& sp = c.sparse[size_t(current_round - sparse_offset - 1)];
      std::vector<Elt<F>> result;
      result.push_back(scalar_product(sp.w_hat));
      for (size_t j = 1; j < size_t(c.width); ++j)
        result.push_back(elements[j].add(elements[0].scale(sp.v_rest[j - 1])));
      elements = std::move(result);
    } else {
      product_mds_with_matrix(c.mds);
    }
    ++current_round;
  }

  void full_round(bool first_round, bool last_round) {
    const size_t t = size_t(c.width);
    size_t off = constants_offset;
    std::vector<F> pre, post;
    if (first_round)
      pre.assign(c.compressed_round_constants.begin() + long(off),
                 c.compressed_round_constants.begin() + long(off + t));
    off += pre.size();
    if (first_round || !last_round)
      post.assign(c.compressed_round_constants.begin() + long(off),
                  c.compressed_round_constants.begin() + long(off + t));
    off += post.size();
    for (size_t i = 0; i < elements.size(); ++i) {
      if (first_round) {
        if (i == 0) {
          F x = *elements[0].val() + pre[0];
          x = x.sqr().sqr() * x + post[0];
          elements[0] = Elt<F>::num_from_fr(x);
        } else {
          elements[i] = quintic_s_box_pre_add(elements[i], pre[i], post[i]);
        }
      } else {
        elements[i] = quintic_s_box(elements[i], post.empty() ? std::nullopt : std::optional<F>(post[i]));
      }
    }
    constants_offset = off;
    product_mds();
  }
  void partial_round() {
    const F key = c.compressed_round_constants[constants_offset++];
    elements[0] = quintic_s_box(elements[0], key);
    product_mds();
  }
};

// poseidon_hash(cs, preimage, constants) with the given domain tag.
template <class F, class CS>
cuzk::circuits::AllocatedNum<F> poseidon_hash(CS& cs, std::span<const cuzk::circuits::AllocatedNum<F>> preimage,
                                              const cuzk::circuits::poseidon::NeptuneOptimized<F>& c, const F& tag) {
  Circuit<F, CS> p{cs, c, {}};
  p.elements.push_back(Elt<F>::num_from_fr(tag));
  for (const auto& x : preimage) p.elements.push_back(Elt<F>::of(x.variable(), x.value()));
  p.full_round(true, false);
  for (int i = 1; i < c.full_rounds / 2; ++i) p.full_round(false, false);
  for (int i = 0; i < c.partial_rounds; ++i) p.partial_round();
  for (int i = 0; i < c.full_rounds / 2 - 1; ++i) p.full_round(false, false);
  p.full_round(false, true);
  const Elt<F>& out = p.elements[1];
  auto r = cuzk::circuits::AllocatedNum<F>::alloc(cs, "allocate for Elt::Num", [&] { return *out.num.value; });
  cs.enforce("enforce num allocation preserves lc", out.num.lc.lc(), LC<F>(Variable::one()), LC<F>(r.variable()));
  return r;
}

}  // namespace neptune_reference
