// Filecoin's Poseidon over BLS12-381 Fr, exactly as neptune (Strength::
// Standard) and filecoin-hashers compute it: arities 2, 4, 8, 11, 16, 24, 36;
// hash types MerkleTree (tag 2^arity - 1), ConstantLength(l) (tag l * 2^64;
// neptune's simplex sponge when l > arity) and Custom(Arbitrary(id)) (tag
// id * 2^40, id 1..=256). The output is state[1] after the permutation.
// Constants are built once per arity and shared by every thread.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "circuits/poseidon/constants.hpp"
#include "circuits/poseidon/neptune.hpp"
#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

// neptune's HashType, limited to the variants Filecoin uses.
struct PoseidonHashType {
  enum class Kind { kMerkleTree, kConstantLength, kCustom };
  Kind kind = Kind::kMerkleTree;
  uint64_t value = 0;  // the length of ConstantLength, the id of Custom

  static PoseidonHashType merkle_tree() { return {Kind::kMerkleTree, 0}; }
  static PoseidonHashType constant_length(uint64_t length) { return {Kind::kConstantLength, length}; }
  static PoseidonHashType custom(uint64_t id) { return {Kind::kCustom, id}; }

  // state[0] for this type at this arity; Error for a length of 0 or an id
  // outside 1..=256.
  Fr domain_tag(int arity) const;
  friend bool operator==(const PoseidonHashType&, const PoseidonHashType&) = default;
};

// SnapDeals' randomness (phi, rho, challenges): Custom(Arbitrary(1)), arity 2.
inline PoseidonHashType snapdeals_randomness_hash_type() { return PoseidonHashType::custom(1); }

inline constexpr int kPoseidonArities[] = {2, 4, 8, 11, 16, 24, 36};
bool is_poseidon_arity(int arity);

// The constants for (arity, type) with the domain tag set, in the form the
// circuits/poseidon gadget takes; built on first use, cached for the process
// (thread-safe; one entry per distinct type asked for). Error naming the
// arity if Filecoin does not use it.
const circuits::poseidon::PoseidonConstants<Fr>& poseidon_constants(
    int arity, PoseidonHashType type = PoseidonHashType::merkle_tree());
// neptune's OptimizedStatic constants for an arity (they do not depend on the type).
const circuits::poseidon::NeptuneOptimized<Fr>& poseidon_optimized_constants(int arity);

// The permutation of a width = arity + 1 state.
void poseidon_permute(std::span<Fr> state);

// MerkleTree / Custom: exactly `arity` elements, arity = preimage.size() must
// be one Filecoin uses. ConstantLength: any non-empty preimage whose length is
// the type's length, at the given arity (sponge when longer than the arity).
Fr poseidon_hash(std::span<const Fr> preimage, int arity, PoseidonHashType type);
// MerkleTree type, arity = preimage.size().
Fr poseidon_hash(std::span<const Fr> preimage);

// The same over 32-byte little-endian Fr representations; a non-canonical
// input is refused with a DecodeError naming its index.
Domain poseidon_hash(std::span<const Domain> preimage);  // MerkleTree, arity = size (multi_node)
Domain poseidon_hash(std::span<const Domain> preimage, int arity, PoseidonHashType type);
// The 2-to-1 node hash of binary Poseidon trees (hash2 / node).
Domain poseidon_node(const Domain& left, const Domain& right);
// PoseidonFunction::hash_md: at least 2 elements; folds acc = H36(acc, next
// 35 elements, zero padded) from acc = input[0], MerkleTree type, arity 36.
Domain poseidon_hash_md(std::span<const Domain> input);

// supraseal's precomputed constants file for an arity: [compressed round
// constants][MDS][pre-sparse][sparse: w_hat, v_rest per partial round], each
// element 32 bytes, Montgomery form (R = 2^256), little-endian.
std::vector<uint8_t> poseidon_supraseal_constants(int arity);

}  // namespace cuzk::filecoin
