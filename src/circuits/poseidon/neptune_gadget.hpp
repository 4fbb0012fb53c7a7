// neptune's Poseidon circuit as Filecoin's circuits call it (neptune
// circuit.rs poseidon_hash, through filecoin-hashers and storage-proofs):
// the same constraints in the same order, the same variables allocated in
// the same order, the same merged coefficients, so a proof made here
// verifies under the official parameters. Per hash: 3 constraints per
// first-round S-box, 4 per later S-box, 1 to pin the result:
// 3 (t R_F + R_P - 1) + (t R_F + R_P - arity); 311 / 377 / 505 / 598 / 761 /
// 1009 / 1385 at arity 2 / 4 / 8 / 11 / 16 / 24 / 36.
// Names follow neptune's for diagnostics; they do not enter the R1CS.
#pragma once
#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/gadgets/lc.hpp"
#include "circuits/gadgets/witness.hpp"
#include "circuits/poseidon/neptune_native.hpp"
#include "circuits/poseidon/neptune_plan.hpp"
#include "core/error.hpp"

namespace cuzk::circuits::poseidon {

namespace neptune_gadget_detail {

// neptune's namespace for later S-box k: its round, and whether it is a
// partial round's solitary S-box.
struct SboxPlace {
  std::string round;
  int element;  // -1: solitary
};
inline SboxPlace place_of(size_t k, int width, int full_rounds, int partial_rounds) {
  const size_t t = size_t(width), h = size_t(full_rounds / 2), rp = size_t(partial_rounds);
  const size_t initial = t * (h - 1);
  if (k < initial) return {"initial full round " + std::to_string(k / t + 1), int(k % t)};
  k -= initial;
  if (k < rp) return {"partial round " + std::to_string(k), -1};
  k -= rp;
  if (k < initial) return {"final full round " + std::to_string(k / t), int(k % t)};
  return {"terminal full round", int(k - initial)};
}

}  // namespace neptune_gadget_detail

// poseidon_hash(cs.namespace(name), preimage, constants) with the constants
// and domain tag of `plan` (neptune_circuit_plan(arity[, tag])).
template <class CS, class N>
AllocatedNum<typename CS::Field> neptune_poseidon_hash(CS& cs, const N& name,
                                                       std::span<const AllocatedNum<typename CS::Field>> preimage,
                                                       const NeptuneCircuitPlan<typename CS::Field>& plan) {
  using F = typename CS::Field;
  if (int(preimage.size()) != plan.arity)
    throw Error("Poseidon (neptune circuit): preimage has " + std::to_string(preimage.size()) + " elements, arity is " +
                std::to_string(plan.arity));
  r1cs::Namespace ns(cs, name);
  const Variable one = Variable::one();
  std::vector<Variable> symbol(plan.symbols(), one);

  // Witness, only if the system asks: one native run records every pinned value.
  std::vector<F> trace;
  auto traced = [&](size_t i) -> const F& {
    if (trace.empty()) {
      std::vector<F> in;
      in.reserve(preimage.size());
      for (const auto& x : preimage) in.push_back(need(x.value()));
      trace.resize(neptune_trace_length(*plan.constants));
      neptune_hash<F>(in, *plan.constants, plan.tag, trace.data());
    }
    return trace[i];
  };

  // Scratch combinations reused for every constraint.
  LC<F> a, b, c;
  auto just = [](LC<F>& lc, Variable v) -> const LC<F>& {
    reset(lc);
    lc += v;
    return lc;
  };
  auto minus_constant = [&](LC<F>& lc, Variable v, bool has, const F& k) -> const LC<F>& {
    reset(lc);
    lc += v;
    if (has) lc.add(one, -k);
    return lc;
  };

  {
    r1cs::Namespace round(cs, "first round");
    for (int i = 0; i < plan.arity; ++i) {
      const auto& keys = plan.first_round[size_t(i)];
      const AllocatedNum<F>& in = preimage[size_t(i)];
      r1cs::Namespace sbox(cs, [i] { return "quintic s-box " + std::to_string(i + 1); });
      F xv, l2v, l4v;
      // x + pre, the S-box input, in the first and third constraint.
      reset(a);
      a += in.variable();
      a.add(one, keys.pre);
      Variable l2 = one, l4 = one, l5 = one;
      {
        r1cs::Namespace step(cs, "(l+rk)^2");
        l2 = cs.alloc("squared sum", [&] {
          xv = need(in.value()) + keys.pre;
          return l2v = xv.sqr();
        });
        cs.enforce("squared sum constraint", a, a, just(c, l2));
      }
      {
        r1cs::Namespace step(cs, "l^4");
        l4 = cs.alloc("squared num", [&] { return l4v = l2v.sqr(); });
        cs.enforce("squaring constraint", just(b, l2), b, just(c, l4));
      }
      {
        r1cs::Namespace step(cs, "l4 * (l + rk)");
        l5 = cs.alloc("mul_sum", [&] { return l4v * xv + keys.post; });
        cs.enforce("mul sum constraint pre-post-add", a, just(b, l4), minus_constant(c, l5, true, keys.post));
      }
      symbol[size_t(i)] = l5;
    }
  }

  auto pin = [&](const typename NeptuneCircuitPlan<F>::PinnedNum& n) -> const LC<F>& {
    reset(a);
    a.add(one, n.one);
    for (const auto& term : plan.terms_of(n)) a.add(symbol[term.symbol], term.coeff);
    return a;
  };

  for (size_t k = 0; k < plan.sboxes.size(); ++k) {
    const auto& s = plan.sboxes[k];
    auto place = [&] { return neptune_gadget_detail::place_of(k, plan.width, plan.full_rounds, plan.partial_rounds); };
    r1cs::Namespace round(cs, [&] { return place().round; });
    r1cs::Namespace sbox(cs, [&] {
      const int e = place().element;
      return e < 0 ? std::string("solitary quintic s-box") : "quintic s-box " + std::to_string(e);
    });
    F lv, l2v, l4v;
    Variable l = one, l2 = one, l4 = one, l5 = one;
    {
      r1cs::Namespace step(cs, "S-box input");
      l = cs.alloc("allocate for Elt::Num", [&] { return lv = traced(k); });
      cs.enforce("enforce num allocation preserves lc", pin(s.input), just(b, one), just(c, l));
    }
    {
      r1cs::Namespace step(cs, "l^2");
      l2 = cs.alloc("squared num", [&] { return l2v = lv.sqr(); });
      cs.enforce("squaring constraint", just(a, l), a, just(c, l2));
    }
    {
      r1cs::Namespace step(cs, "l^4");
      l4 = cs.alloc("squared num", [&] { return l4v = l2v.sqr(); });
      cs.enforce("squaring constraint", just(a, l2), a, just(c, l4));
    }
    {
      r1cs::Namespace step(cs, "(l4 * l) + rk)");
      l5 = cs.alloc("mul_sum", [&] { return s.has_post ? l4v * lv + s.post : l4v * lv; });
      cs.enforce(s.has_post ? "mul sum constraint post-add" : "mul sum constraint", just(a, l), just(b, l4),
                 minus_constant(c, l5, s.has_post, s.post));
    }
    symbol[size_t(plan.arity) + k] = l5;
  }

  r1cs::Namespace result(cs, "hash result");
  const auto out = AllocatedNum<F>::alloc(cs, "allocate for Elt::Num", [&] { return traced(neptune_trace_length(*plan.constants) - 1); });
  cs.enforce("enforce num allocation preserves lc", pin(plan.output), just(b, one), just(c, out.variable()));
  return out;
}

// filecoin-hashers PoseidonFunction::hash2_circuit (and hash_leaf_circuit):
// arity 2, MerkleTree tag.
template <class CS, class N>
AllocatedNum<typename CS::Field> hash2_circuit(CS& cs, const N& name, const AllocatedNum<typename CS::Field>& a,
                                               const AllocatedNum<typename CS::Field>& b) {
  using F = typename CS::Field;
  const AllocatedNum<F> preimage[2] = {a, b};
  return neptune_poseidon_hash(cs, name, std::span<const AllocatedNum<F>>(preimage, 2), neptune_circuit_plan<F>(2));
}

// PoseidonFunction::hash_multi_leaf_circuit: arity = number of leaves
// (2, 4, 8, 16 in Filecoin's trees), MerkleTree tag.
template <class CS, class N>
AllocatedNum<typename CS::Field> hash_multi_leaf_circuit(CS& cs, const N& name,
                                                         std::span<const AllocatedNum<typename CS::Field>> leaves) {
  using F = typename CS::Field;
  return neptune_poseidon_hash(cs, name, leaves, neptune_circuit_plan<F>(int(leaves.size())));
}

// storage-proofs-porep stacked/circuit/hash.rs hash_single_column: a column
// of 2 or 11 labels, MerkleTree tag of that arity.
template <class CS, class N>
AllocatedNum<typename CS::Field> hash_single_column(CS& cs, const N& name,
                                                    std::span<const AllocatedNum<typename CS::Field>> column) {
  using F = typename CS::Field;
  if (column.size() != 2 && column.size() != 11)
    throw Error("hash_single_column: unsupported column size " + std::to_string(column.size()) + " (2 or 11)");
  return neptune_poseidon_hash(cs, name, column, neptune_circuit_plan<F>(int(column.size())));
}

// PoseidonFunction::hash_md_circuit: Merkle-Damgard over arity-36 Poseidon
// (MerkleTree tag). The running hash and the next 35 elements fill each
// preimage; a short last chunk is padded with fresh zero variables (one per
// missing slot, allocated before that hash). One element: returned as is.
template <class CS, class N>
AllocatedNum<typename CS::Field> hash_md_circuit(CS& cs, const N& name,
                                                 std::span<const AllocatedNum<typename CS::Field>> elements) {
  using F = typename CS::Field;
  constexpr size_t kArity = 36;
  if (elements.empty()) throw Error("hash_md_circuit: no elements");
  const auto& plan = neptune_circuit_plan<F>(int(kArity));
  r1cs::Namespace ns(cs, name);
  AllocatedNum<F> hash = elements[0];
  std::vector<AllocatedNum<F>> preimage(kArity);
  size_t chunk = 0;
  for (size_t at = 1; at < elements.size(); at += kArity - 1, ++chunk) {
    const size_t n = std::min(kArity - 1, elements.size() - at);
    preimage[0] = hash;
    for (size_t i = 0; i < n; ++i) preimage[i + 1] = elements[at + i];
    for (size_t i = n + 1; i < kArity; ++i)
      preimage[i] = AllocatedNum<F>::alloc(
          cs, [i] { return "padding " + std::to_string(i); }, [] { return F::zero(); });
    hash = neptune_poseidon_hash(
        cs, [chunk] { return "hash md " + std::to_string(chunk); }, std::span<const AllocatedNum<F>>(preimage), plan);
  }
  return hash;
}

}  // namespace cuzk::circuits::poseidon
