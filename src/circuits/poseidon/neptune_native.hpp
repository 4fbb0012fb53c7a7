// neptune's domain tags and its hash on plain field elements with any tag,
// optionally recording what neptune's circuit (circuit.rs poseidon_hash)
// allocates: the value of every S-box input the circuit pins into a variable
// (all but the first round's, whose inputs are the preimage itself), in the
// circuit's order, then the output. The gadget takes its witness from here.
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "circuits/poseidon/neptune.hpp"
#include "core/error.hpp"

namespace cuzk::circuits::poseidon {

// neptune hash_type.rs: MerkleTree 2^arity - 1.
template <class F>
F neptune_merkle_tree_tag(int arity) {
  if (arity < 1 || arity > 63) throw Error("Poseidon: no MerkleTree tag for arity " + std::to_string(arity));
  return F::from_u64((uint64_t(1) << arity) - 1);
}

// ConstantLength(length): length * 2^64.
template <class F>
F neptune_constant_length_tag(uint64_t length) {
  return F::from_u64(length) * F::from_u64(uint64_t(1) << 32).sqr();
}

// Custom(Arbitrary(id)): id * 2^40, id in 1..=256 (SnapDeals' randomness uses id 1).
template <class F>
F neptune_custom_tag(uint64_t id) {
  if (id < 1 || id > 256) throw Error("Poseidon: custom domain tag id " + std::to_string(id) + " is outside 1..256");
  return F::from_u64(id << 40);
}

// Values neptune_hash records: t * (R_F - 1) + R_P S-box inputs, then the output.
template <class F>
size_t neptune_trace_length(const NeptuneOptimized<F>& o) {
  return size_t(o.width) * size_t(o.full_rounds - 1) + size_t(o.partial_rounds) + 1;
}

// state = (tag, preimage), neptune's OptimizedStatic permutation, output state[1].
template <class F>
F neptune_hash(std::span<const F> preimage, const NeptuneOptimized<F>& o, const F& tag, F* trace = nullptr) {
  const int t = o.width, h = o.half_full_rounds();
  if (int(preimage.size()) + 1 != t)
    throw Error("Poseidon: preimage has " + std::to_string(preimage.size()) + " elements, arity is " +
                std::to_string(t - 1));
  if (t > 64) throw Error("Poseidon: width " + std::to_string(t) + " is above 64");
  F s[64];
  F tmp[64];
  s[0] = tag;
  for (int i = 1; i < t; ++i) s[i] = preimage[size_t(i - 1)];
  const F* rc = o.compressed_round_constants.data();
  auto pow5 = [](const F& x) { return x.sqr().sqr() * x; };
  auto record = [&](const F& x) {
    if (trace) *trace++ = x;
  };
  // new_j = sum_i m[i][j] s_i (neptune's vector-matrix product; m = mds is symmetric)
  auto mix = [&](const std::vector<F>& m) {
    for (int j = 0; j < t; ++j) {
      F acc = m[size_t(j)] * s[0];
      for (int i = 1; i < t; ++i) acc += m[size_t(i * t + j)] * s[i];
      tmp[j] = acc;
    }
    for (int i = 0; i < t; ++i) s[i] = tmp[i];
  };
  for (int i = 0; i < t; ++i) s[i] += *rc++;
  for (int r = 0; r < h; ++r) {
    for (int i = 0; i < t; ++i) {
      if (r > 0) record(s[i]);
      s[i] = pow5(s[i]) + *rc++;
    }
    mix(r + 1 == h ? o.pre_sparse : o.mds);
  }
  for (const auto& sp : o.sparse) {
    record(s[0]);
    s[0] = pow5(s[0]) + *rc++;
    const F s0 = s[0];
    F first = sp.w_hat[0] * s0;
    for (int i = 1; i < t; ++i) {
      first += sp.w_hat[size_t(i)] * s[i];
      s[i] += sp.v_rest[size_t(i - 1)] * s0;
    }
    s[0] = first;
  }
  for (int r = 1; r < h; ++r) {
    for (int i = 0; i < t; ++i) {
      record(s[i]);
      s[i] = pow5(s[i]) + *rc++;
    }
    mix(o.mds);
  }
  for (int i = 0; i < t; ++i) {
    record(s[i]);
    s[i] = pow5(s[i]);
  }
  mix(o.mds);
  record(s[1]);
  return s[1];
}

}  // namespace cuzk::circuits::poseidon
