// storage-proofs-update gadgets.rs gen_challenge_bits: each challenge's random
// low bits for partition k, constraint for constraint. Per digest j of the
// partition (ceil(challenges / floor(254 / bits_per_challenge)) of them):
// digest_index = k * digests_per_partition + j (1 constraint), digest =
// randomness Poseidon(comm_r_new, digest_index) (311), its 255 bits (255
// booleanity constraints) and their binary decomposition (1): 568 per digest.
// The caller appends the partition bits above each challenge's bits.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "circuits/gadgets/allocated_bit.hpp"
#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/gadgets/bits.hpp"
#include "core/error.hpp"
#include "filecoin/circuits/update/randomness_hash.hpp"

namespace cuzk::filecoin::update_circuit {

// gadgets.rs allocated_num_to_allocated_bits: F::kBits bits, least
// significant first, and (sum 2^i bit_i) * 1 = num (A holds the bits, unlike
// AllocatedNum::to_bits_le's 0 * 0 = sum - num).
template <class CS, class N, class F = typename CS::Field>
std::vector<circuits::AllocatedBit<F>> allocated_num_to_allocated_bits(CS& cs, const N& name,
                                                                       const circuits::AllocatedNum<F>& num) {
  r1cs::Namespace ns(cs, name);
  std::vector<circuits::AllocatedBit<F>> bits = circuits::field_into_allocated_bits_le(cs, "bits", num.value());
  circuits::LC<F> lc;
  lc.reserve(bits.size());
  F pow2 = F::one();
  for (const auto& bit : bits) {
    lc.add(bit.variable(), pow2);
    pow2 = pow2.dbl();
  }
  cs.enforce("binary decomp", lc, circuits::LC<F>(r1cs::Variable::one()), num.lc());
  return bits;
}

// Digests one partition draws: ceil(challenges / challenges_per_digest).
inline size_t digests_per_partition(size_t challenges, size_t bits_per_challenge, size_t capacity) {
  if (bits_per_challenge == 0 || bits_per_challenge > capacity)
    throw Error("gen_challenge_bits: " + std::to_string(bits_per_challenge) + " bits per challenge (need 1.." +
                std::to_string(capacity) + ")");
  const size_t per_digest = capacity / bits_per_challenge;
  return (challenges + per_digest - 1) / per_digest;
}

// `challenges` vectors of bits_per_challenge bits each, least significant first.
template <class CS, class N, class F = typename CS::Field>
std::vector<std::vector<circuits::AllocatedBit<F>>> gen_challenge_bits(CS& cs, const N& name,
                                                                       const circuits::AllocatedNum<F>& comm_r_new,
                                                                       const circuits::AllocatedNum<F>& partition,
                                                                       size_t challenges, size_t bits_per_challenge) {
  using circuits::AllocatedNum;
  const size_t capacity = size_t(F::kBits - 1);
  const size_t digests = digests_per_partition(challenges, bits_per_challenge, capacity);
  const size_t per_digest = capacity / bits_per_challenge;
  r1cs::Namespace ns(cs, name);
  std::vector<std::vector<circuits::AllocatedBit<F>>> generated;
  generated.reserve(challenges);
  const F digests_f = F::from_u64(digests);
  for (size_t j = 0; j < digests; ++j) {
    const F j_f = F::from_u64(j);
    const AllocatedNum<F> digest_index = AllocatedNum<F>::alloc(
        cs, [j] { return "digest_index_" + std::to_string(j); },
        [&] { return circuits::need(partition.value()) * digests_f + j_f; });
    circuits::LC<F> index_lc;
    index_lc.add(partition.variable(), digests_f);
    index_lc.add(r1cs::Variable::one(), j_f);  // dropped for j = 0: a zero coefficient is no term
    cs.enforce(
        [j] { return "digest_index_" + std::to_string(j) + " == k * digests_per_partition + " + std::to_string(j); },
        index_lc, circuits::LC<F>(r1cs::Variable::one()), digest_index.lc());

    const AllocatedNum<F> digest = randomness_hash(
        cs, [j] { return "digest_" + std::to_string(j); }, comm_r_new, digest_index);
    const auto bits = allocated_num_to_allocated_bits(
        cs, [j] { return "digest_" + std::to_string(j) + "_bits"; }, digest);

    // The last digest may give fewer challenges than it could.
    const size_t take = j + 1 == digests ? challenges - generated.size() : per_digest;
    for (size_t c = 0; c < take; ++c)
      generated.emplace_back(bits.begin() + std::ptrdiff_t(c * bits_per_challenge),
                             bits.begin() + std::ptrdiff_t((c + 1) * bits_per_challenge));
  }
  return generated;
}

}  // namespace cuzk::filecoin::update_circuit
