#include "filecoin/hash/poseidon.hpp"

#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "core/error.hpp"
#include "ff/field_io.hpp"

namespace cuzk::filecoin {

namespace pos = circuits::poseidon;

namespace {

constexpr int kMaxWidth = 37;

int arity_index(int arity) {
  for (int i = 0; i < int(std::size(kPoseidonArities)); ++i)
    if (kPoseidonArities[i] == arity) return i;
  throw Error("Poseidon: arity " + std::to_string(arity) + " is not one Filecoin uses (2, 4, 8, 11, 16, 24, 36)");
}

// Hot path: one once_flag per arity, so lookups after the first are lock-free
// (circuits/poseidon's cache, which owns the constants, takes a mutex).
const pos::NeptuneOptimized<Fr>& optimized(int arity) {
  static std::once_flag once[std::size(kPoseidonArities)];
  static const pos::NeptuneOptimized<Fr>* table[std::size(kPoseidonArities)];
  const int i = arity_index(arity);
  std::call_once(once[i], [&] { table[i] = &pos::filecoin_neptune_optimized<Fr>(arity); });
  return *table[i];
}

// The element a 32-byte little-endian representation encodes; DecodeError
// naming the input's position when it is not below the modulus.
Fr fr_at(const Domain& d, size_t index) {
  ff::Limbs<Fr::N> l{};
  for (size_t i = 0; i < d.size(); ++i) l.v[i / 8] |= uint64_t(d[i]) << (8 * (i % 8));
  if (ff::limbs_geq(l, Fr::Params::modulus()))
    throw DecodeError("Poseidon input " + std::to_string(index) + ": " + to_hex(d) +
                      " is not canonical (>= the BLS12-381 Fr modulus)");
  return Fr::from_canonical(l);
}

// Up to the widest arity, on the stack: tree hashing calls this per node.
struct FrBlock {
  Fr v[kMaxWidth];
  size_t n = 0;
  explicit FrBlock(std::span<const Domain> in) {
    if (in.size() >= size_t(kMaxWidth))
      throw Error("Poseidon: " + std::to_string(in.size()) + " inputs exceed the widest arity (36)");
    for (; n < in.size(); ++n) v[n] = fr_at(in[n], n);
  }
  std::span<const Fr> span() const { return {v, n}; }
};

// One permutation of (tag, preimage, zeros) with output element 1.
Fr hash_one_block(std::span<const Fr> preimage, int arity, const Fr& tag) {
  const auto& o = optimized(arity);
  Fr state[kMaxWidth];
  state[0] = tag;
  for (int i = 0; i < arity; ++i) state[i + 1] = size_t(i) < preimage.size() ? preimage[size_t(i)] : Fr::zero();
  pos::permute_neptune(std::span<Fr>(state, size_t(arity + 1)), o);
  return state[1];
}

// neptune's simplex sponge (sponge/vanilla.rs) for ConstantLength(l): rate =
// arity, capacity 1. Absorbing adds into the rate part and permutes whenever
// it is full; a partial last block then zeroes (overwrites, not adds) the
// rest of the rate before the final permutation; the first squeeze is state[1].
Fr sponge_constant_length(std::span<const Fr> preimage, int arity, const Fr& tag) {
  const auto& o = optimized(arity);
  const size_t width = size_t(arity) + 1;
  Fr state[kMaxWidth];
  state[0] = tag;
  for (size_t i = 1; i < width; ++i) state[i] = Fr::zero();
  std::span<Fr> s(state, width);
  size_t absorbed = 0;  // into the current block
  for (const Fr& x : preimage) {
    state[1 + absorbed] += x;
    if (++absorbed == size_t(arity)) {
      pos::permute_neptune(s, o);
      absorbed = 0;
    }
  }
  if (absorbed > 0) {
    for (size_t i = 1 + absorbed; i < width; ++i) state[i] = Fr::zero();
    pos::permute_neptune(s, o);
  }
  return state[1];
}

}  // namespace

Fr PoseidonHashType::domain_tag(int arity) const {
  arity_index(arity);
  switch (kind) {
    case Kind::kMerkleTree:
      return Fr::from_u64((uint64_t(1) << arity) - 1);
    case Kind::kConstantLength:
      if (value == 0) throw Error("Poseidon: ConstantLength needs a length of at least 1");
      return Fr::from_canonical(ff::Limbs<Fr::N>{{0, value, 0, 0}});
    case Kind::kCustom:
      if (value < 1 || value > 256)
        throw Error("Poseidon: custom domain tag id " + std::to_string(value) + " is outside 1..=256");
      return Fr::from_u64(value << 40);
  }
  throw Error("Poseidon: unknown hash type");
}

bool is_poseidon_arity(int arity) {
  for (int a : kPoseidonArities)
    if (a == arity) return true;
  return false;
}

const pos::PoseidonConstants<Fr>& poseidon_constants(int arity, PoseidonHashType type) {
  const Fr tag = type.domain_tag(arity);
  // circuits/poseidon's own cache already holds the MerkleTree-tagged set.
  if (type.kind == PoseidonHashType::Kind::kMerkleTree) return pos::filecoin_poseidon<Fr>(arity);
  static std::mutex mu;
  static std::map<std::tuple<int, int, uint64_t>, std::unique_ptr<const pos::PoseidonConstants<Fr>>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[{arity, int(type.kind), type.value}];
  if (!slot)
    slot = std::make_unique<const pos::PoseidonConstants<Fr>>(
        pos::make_poseidon_constants<Fr>(pos::filecoin_spec(arity), tag));
  return *slot;
}

const pos::NeptuneOptimized<Fr>& poseidon_optimized_constants(int arity) { return optimized(arity); }

void poseidon_permute(std::span<Fr> state) {
  const int arity = int(state.size()) - 1;
  pos::permute_neptune(state, optimized(arity));
}

Fr poseidon_hash(std::span<const Fr> preimage, int arity, PoseidonHashType type) {
  const Fr tag = type.domain_tag(arity);
  if (type.kind == PoseidonHashType::Kind::kConstantLength) {
    if (preimage.size() != type.value)
      throw Error("Poseidon: ConstantLength(" + std::to_string(type.value) + ") given " +
                  std::to_string(preimage.size()) + " elements");
    return sponge_constant_length(preimage, arity, tag);
  }
  if (preimage.size() != size_t(arity))
    throw Error("Poseidon: preimage has " + std::to_string(preimage.size()) + " elements, arity is " +
                std::to_string(arity));
  return hash_one_block(preimage, arity, tag);
}

Fr poseidon_hash(std::span<const Fr> preimage) {
  return poseidon_hash(preimage, int(preimage.size()), PoseidonHashType::merkle_tree());
}

Domain poseidon_hash(std::span<const Domain> preimage) {
  arity_index(int(preimage.size()));
  return domain_of(poseidon_hash(FrBlock(preimage).span()));
}

Domain poseidon_hash(std::span<const Domain> preimage, int arity, PoseidonHashType type) {
  if (type.kind != PoseidonHashType::Kind::kConstantLength && preimage.size() == size_t(arity))
    return domain_of(poseidon_hash(FrBlock(preimage).span(), arity, type));
  std::vector<Fr> in;
  in.reserve(preimage.size());
  for (size_t i = 0; i < preimage.size(); ++i) in.push_back(fr_at(preimage[i], i));
  return domain_of(poseidon_hash(in, arity, type));
}

Domain poseidon_node(const Domain& left, const Domain& right) {
  const Fr in[2] = {fr_at(left, 0), fr_at(right, 1)};
  return domain_of(hash_one_block(in, 2, Fr::from_u64(3)));
}

Domain poseidon_hash_md(std::span<const Domain> input) {
  constexpr int kArity = 36;
  if (input.size() < 2) throw Error("Poseidon hash_md: needs at least 2 elements, got " + std::to_string(input.size()));
  const Fr tag = PoseidonHashType::merkle_tree().domain_tag(kArity);
  Fr acc = fr_at(input[0], 0);
  std::vector<Fr> block;
  block.reserve(kArity);
  for (size_t next = 1; next < input.size();) {
    block.assign(1, acc);
    for (; next < input.size() && block.size() < size_t(kArity); ++next) block.push_back(fr_at(input[next], next));
    acc = hash_one_block(block, kArity, tag);
  }
  return domain_of(acc);
}

std::vector<uint8_t> poseidon_supraseal_constants(int arity) {
  const auto& o = optimized(arity);
  const size_t t = size_t(o.width);
  std::vector<const Fr*> order;
  for (const Fr& x : o.compressed_round_constants) order.push_back(&x);
  for (const Fr& x : o.mds) order.push_back(&x);
  for (const Fr& x : o.pre_sparse) order.push_back(&x);
  for (const auto& sp : o.sparse) {
    if (sp.w_hat.size() != t || sp.v_rest.size() != t - 1) throw Error("Poseidon: malformed sparse matrix");
    for (const Fr& x : sp.w_hat) order.push_back(&x);
    for (const Fr& x : sp.v_rest) order.push_back(&x);
  }
  std::vector<uint8_t> out(order.size() * 32);
  for (size_t i = 0; i < order.size(); ++i) ff::to_montgomery_bytes_le(*order[i], out.data() + 32 * i);
  return out;
}

}  // namespace cuzk::filecoin
