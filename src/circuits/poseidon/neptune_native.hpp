// neptune's domain tags and its hash on plain field elements with any tag,
// optionally recording what neptune's circuit (circuit.rs poseidon_hash)
// allocates: the value of every S-box input the circuit pins into a variable
// (all but the first round's, whose inputs are the preimage itself), in the
// circuit's order, then the output. The gadget takes its witness from here.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

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
  const int t = o.width;
  if (int(preimage.size()) + 1 != t)
    throw Error("Poseidon: preimage has " + std::to_string(preimage.size()) + " elements, arity is " +
                std::to_string(t - 1));
  std::vector<F> s(static_cast<size_t>(t));
  s[0] = tag;
  for (int i = 1; i < t; ++i) s[size_t(i)] = preimage[size_t(i - 1)];
  permute_neptune(std::span<F>(s), o, [&](const F& x) {
    if (trace) *trace++ = x;
  });
  if (trace) *trace = s[1];
  return s[1];
}

}  // namespace cuzk::circuits::poseidon
