// SyntheticCircuit: any number of constraints (exactly the requested count, up
// to 2^27 and beyond) with the statistics of Filecoin's SHA-heavy PoRep
// circuits, synthesized through the ordinary alloc/enforce calls so its
// synthesis cost is honest. Deterministic from a seed; needs no witness (the
// values are derived from the seed inside the value callables). The seed picks
// the witness only: all seeds share one constraint system, hence one key.
// The unit is a 130-constraint block on 32-bit words, like a round of SHA-256:
//   32 fresh bits w with booleanity          (1 - w) * w = 0
//   x = w XOR rot(previous block's d)        (2a) * b = a + b - c
//   y = x XOR rot(w)
//   d = y AND rot(w)                         a * b = c
//   num = sum 2^j d_j                        (packing) * 1 = num
//   prod = num * previous num                (product)
// Only w and one num per block reach B, so B touches 33 of every 130 aux
// variables (~1/4); 128 of the 130 are bits. The first num_public_inputs
// blocks expose num as a public input (one constraint each); leftover
// constraints are booleanity checks on extra bits.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "circuits/gadgets/lc.hpp"
#include "ff/fields.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::circuits {

struct SyntheticParams {
  size_t num_constraints = size_t(1) << 16;
  size_t num_public_inputs = 8;
  uint64_t seed = 1;
};

template <class F = ff::Bls12_381_Fr>
class SyntheticCircuit {
 public:
  static constexpr size_t kWord = 32;
  static constexpr size_t kBlock = 4 * kWord + 2;  // constraints and aux variables per block

  explicit SyntheticCircuit(SyntheticParams p) : p_(p) {
    const size_t n = p.num_constraints;
    inputs_ = std::min(p.num_public_inputs, n / (kBlock + 1));
    blocks_ = (n - inputs_) / kBlock;
    tail_ = n - inputs_ - blocks_ * kBlock;
  }

  size_t blocks() const { return blocks_; }
  r1cs::CircuitShape shape() const { return {1 + inputs_, blocks_ * kBlock + tail_, p_.num_constraints}; }

  // Public inputs after ONE (the first blocks' packed words).
  std::vector<F> public_inputs() const {
    std::vector<F> in;
    uint32_t prev_d = 0;
    for (size_t b = 0; b < inputs_; ++b) {
      const Words w = words(b, prev_d);
      in.push_back(F::from_u64(w.d));
      prev_d = w.d;
    }
    return in;
  }

  template <class CS>
  void synthesize(CS& cs) const {
    const LC<F> one_lc(Variable::one()), empty;
    F pow2[kWord];
    pow2[0] = F::one();
    for (size_t j = 1; j < kWord; ++j) pow2[j] = pow2[j - 1].dbl();
    const F two = pow2[1];
    auto bit = [](uint32_t word, size_t j) { return ((word >> j) & 1) ? F::one() : F::zero(); };

    // Variable has no default; ONE is a placeholder until each slot is allocated.
    std::vector<Variable> w(kWord, Variable::one()), x = w, y = w, d = w, prev_d_var = w;
    LC<F> w_lc[kWord];  // each w_j is the B side of four constraints
    LC<F> a, c, num_lc, prev_num_lc;
    uint32_t prev_d = 0;
    F num_val = F::zero(), prev_num_val = F::zero();

    r1cs::Namespace top(cs, "synthetic");
    for (size_t b = 0; b < blocks_; ++b) {
      r1cs::Namespace ns(cs, [b] { return "block " + std::to_string(b); });
      const Words v = words(b, prev_d);
      for (size_t j = 0; j < kWord; ++j) {
        w[j] = cs.alloc("w", [&] { return bit(v.w, j); });
        reset(w_lc[j]);
        w_lc[j] += w[j];
        reset(a);
        a += Variable::one();
        a -= w[j];
        cs.enforce("boolean", a, w_lc[j], empty);
      }
      if (b == 0) prev_d_var = w;
      for (size_t j = 0; j < kWord; ++j) {
        const Variable p = prev_d_var[(j + v.r1) % kWord];
        x[j] = cs.alloc("x", [&] { return bit(v.x, j); });
        xor_constraint(cs, a, c, two, p, w[j], x[j], w_lc[j]);
      }
      for (size_t j = 0; j < kWord; ++j) {
        const size_t k = (j + v.r2) % kWord;
        y[j] = cs.alloc("y", [&] { return bit(v.y, j); });
        xor_constraint(cs, a, c, two, x[j], w[k], y[j], w_lc[k]);
      }
      for (size_t j = 0; j < kWord; ++j) {
        const size_t k = (j + v.r3) % kWord;
        d[j] = cs.alloc("d", [&] { return bit(v.d, j); });
        reset(a);
        a += y[j];
        reset(c);
        c += d[j];
        cs.enforce("and", a, w_lc[k], c);
      }
      const Variable num = cs.alloc("num", [&] { return num_val = F::from_u64(v.d); });
      reset(a);
      for (size_t j = 0; j < kWord; ++j) a.add(d[j], pow2[j]);
      std::swap(prev_num_lc, num_lc);
      reset(num_lc);
      num_lc += num;
      cs.enforce("packing", a, one_lc, num_lc);
      const Variable prod = cs.alloc("product", [&] { return num_val * (b == 0 ? num_val : prev_num_val); });
      reset(c);
      c += prod;
      cs.enforce("product", num_lc, b == 0 ? num_lc : prev_num_lc, c);
      if (b < inputs_) {
        const Variable in = cs.alloc_input("input", [&] { return num_val; });
        reset(c);
        c += in;
        cs.enforce("input", num_lc, one_lc, c);
      }
      prev_d_var.swap(d);
      prev_d = v.d;
      prev_num_val = num_val;
    }
    r1cs::Namespace tail(cs, "tail");
    for (size_t i = 0; i < tail_; ++i) {
      const uint64_t word = mix(p_.seed ^ 0x7a11u, blocks_ + i / 64);
      const Variable t = cs.alloc("bit", [&] { return F::from_u64((word >> (i % 64)) & 1); });
      reset(c);
      c += t;
      reset(a);
      a += Variable::one();
      a -= t;
      cs.enforce("boolean", a, c, empty);
    }
  }

 private:
  struct Words {
    uint32_t w, x, y, d;
    unsigned r1, r2, r3;
  };

  static uint64_t mix(uint64_t seed, uint64_t i) {  // splitmix64 of (seed, i)
    uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  static uint32_t rotr(uint32_t v, unsigned r) { return (v >> r) | (v << ((32 - r) & 31)); }

  // Block b's words; bit j of rotr(v, r) is v's bit (j + r) mod 32, matching the wiring.
  // The wiring (rotations) depends only on the block index, never on the
  // seed, so every seed is a witness of the same circuit (one key serves all).
  Words words(size_t b, uint32_t prev_d) const {
    const uint64_t h = mix(p_.seed, b);
    const uint64_t wiring = mix(0x5717c7u, b);
    Words v;
    v.w = uint32_t(h);
    v.r1 = 1 + unsigned((wiring >> 32) % 31);
    v.r2 = 1 + unsigned((wiring >> 40) % 31);
    v.r3 = 1 + unsigned((wiring >> 48) % 31);
    v.x = v.w ^ rotr(b == 0 ? v.w : prev_d, v.r1);
    v.y = v.x ^ rotr(v.w, v.r2);
    v.d = v.y & rotr(v.w, v.r3);
    return v;
  }

  // out = p XOR q as (2p) * q = p + q - out, with q's LC supplied.
  template <class CS>
  static void xor_constraint(CS& cs, LC<F>& a, LC<F>& c, const F& two, Variable p, Variable q, Variable out,
                             const LC<F>& q_lc) {
    reset(a);
    a.add(p, two);
    reset(c);
    c += p;
    c += q;
    c -= out;
    cs.enforce("xor", a, q_lc, c);
  }

  SyntheticParams p_;
  size_t inputs_ = 0, blocks_ = 0, tail_ = 0;
};

}  // namespace cuzk::circuits
