// PoseidonMerkleCircuit: inclusion of num_challenges leaves in one Poseidon
// tree of the given height and arity (8 by default: Filecoin's octrees, the
// shape of WinningPoSt/WindowPoSt). Public inputs, after ONE: the root, then
// each challenge's leaf index as one packed number. Witness: per challenge the
// leaf and its siblings, level by level from the leaves.
// Per level: index bits (k = log2 arity, booleanity each), insertion of the
// running node among the siblings, one Poseidon hash; per challenge one index
// packing and one root equality. Arity 8, Filecoin constants: 404 constraints
// per level + 2 per challenge.
// random_merkle_witness() builds a consistent witness for any height by
// materialising only the challenged paths: every node off those paths is a
// random field element standing for the root of a subtree nobody opens.
#pragma once
#include <cstdint>
#include <map>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/insertion.hpp"
#include "circuits/gadgets/num.hpp"
#include "circuits/poseidon/gadget.hpp"
#include "circuits/poseidon/native.hpp"
#include "core/error.hpp"
#include "ff/field_io.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::circuits {

struct MerkleShape {
  int height = 1;  // levels of hashing between leaf and root
  int num_challenges = 1;
  int arity = 8;  // a power of two, 2..32

  int index_bits_per_level() const { return __builtin_ctz(unsigned(arity)); }
  void validate() const {
    if (arity < 2 || arity > 32 || (arity & (arity - 1)) != 0)
      throw Error("Merkle circuit: arity " + std::to_string(arity) + " is not a power of two in 2..32");
    if (height < 1 || height * index_bits_per_level() > 63)
      throw Error("Merkle circuit: height " + std::to_string(height) + " is outside 1.." +
                  std::to_string(63 / index_bits_per_level()) + " for arity " + std::to_string(arity));
    if (num_challenges < 1) throw Error("Merkle circuit: needs at least one challenge");
  }
};

template <class F>
struct MerkleChallenge {
  uint64_t leaf_index = 0;
  F leaf;
  std::vector<F> siblings;  // height * (arity - 1), from the leaf level up, in child order without the path's own child
};

template <class F>
struct MerkleWitness {
  F root;
  std::vector<MerkleChallenge<F>> challenges;
};

// Root implied by one challenge's path (native; what the circuit recomputes).
template <class F>
F merkle_root_of(const MerkleChallenge<F>& ch, const MerkleShape& s, const poseidon::PoseidonConstants<F>& c) {
  const int k = s.index_bits_per_level();
  const size_t a = size_t(s.arity);
  F cur = ch.leaf;
  std::vector<F> children(a);
  for (int l = 0; l < s.height; ++l) {
    const size_t pos = size_t(ch.leaf_index >> (l * k)) & (a - 1);
    const F* sib = &ch.siblings[size_t(l) * (a - 1)];
    for (size_t j = 0, m = 0; j < a; ++j) children[j] = j == pos ? cur : sib[m++];
    cur = poseidon::hash<F>(children, c);
  }
  return cur;
}

template <class F = ff::Bls12_381_Fr>
class PoseidonMerkleCircuit {
 public:
  // witness may be null (key generation, shape counting); constants default
  // to the Filecoin ones for the shape's arity.
  explicit PoseidonMerkleCircuit(MerkleShape shape, const MerkleWitness<F>* witness = nullptr,
                                 const poseidon::PoseidonConstants<F>* constants = nullptr)
      : shape_(shape), witness_(witness), c_(constants) {
    shape_.validate();
    if (!c_) c_ = &poseidon::filecoin_poseidon<F>(shape_.arity);
    if (c_->arity != shape_.arity)
      throw Error("Merkle circuit: Poseidon constants have arity " + std::to_string(c_->arity) + ", tree has " +
                  std::to_string(shape_.arity));
    if (witness_) check_witness(*witness_);
  }

  const MerkleShape& merkle_shape() const { return shape_; }

  size_t constraints_per_level() const {
    const size_t k = size_t(shape_.index_bits_per_level()), a = size_t(shape_.arity);
    return k + (a - k - 1) + (2 * a - 3) + c_->plan.constraints();
  }
  // The assignment's size, without synthesizing.
  r1cs::CircuitShape shape() const {
    const size_t k = size_t(shape_.index_bits_per_level()), a = size_t(shape_.arity), h = size_t(shape_.height);
    const size_t n = size_t(shape_.num_challenges);
    const size_t aux_per_level = k + (a - 1) + (a - k - 1) + (2 * a - 3) + c_->plan.constraints();
    return {2 + n, n * (1 + h * aux_per_level), n * (2 + h * constraints_per_level())};
  }

  // Public inputs after ONE: root, then the leaf indices.
  std::vector<F> public_inputs() const {
    const auto& w = need_witness();
    std::vector<F> in{w.root};
    for (const auto& ch : w.challenges) in.push_back(F::from_u64(ch.leaf_index));
    return in;
  }

  template <class CS>
  void synthesize(CS& cs) const {
    const int k = shape_.index_bits_per_level();
    const size_t a = size_t(shape_.arity);
    r1cs::Namespace top(cs, "merkle");
    const AllocatedNum<F> root = AllocatedNum<F>::alloc_input(cs, "root", [&] { return need_witness().root; });
    std::vector<AllocatedBit<F>> bits(static_cast<size_t>(k));
    std::vector<Num<F>> sibs(a - 1);
    for (int ci = 0; ci < shape_.num_challenges; ++ci) {
      r1cs::Namespace cns(cs, [ci] { return "challenge " + std::to_string(ci); });
      auto ch = [&]() -> const MerkleChallenge<F>& { return need_witness().challenges[size_t(ci)]; };
      const AllocatedNum<F> index =
          AllocatedNum<F>::alloc_input(cs, "index", [&] { return F::from_u64(ch().leaf_index); });
      Num<F> cur = AllocatedNum<F>::alloc(cs, "leaf", [&] { return ch().leaf; });
      LC<F> packed;
      F weight = F::one();
      for (int l = 0; l < shape_.height; ++l) {
        r1cs::Namespace lns(cs, [l] { return "level " + std::to_string(l); });
        for (int i = 0; i < k; ++i) {
          const int shift = l * k + i;
          bits[size_t(i)] = AllocatedBit<F>::alloc(cs, [i] { return "index bit " + std::to_string(i); },
                                                   [&] { return ((ch().leaf_index >> shift) & 1) != 0; });
          packed.add(bits[size_t(i)].variable(), weight);
          weight = weight.dbl();
        }
        for (size_t j = 0; j + 1 < a; ++j)
          sibs[j] = AllocatedNum<F>::alloc(cs, [j] { return "sibling " + std::to_string(j); },
                                           [&] { return ch().siblings[size_t(l) * (a - 1) + j]; });
        const std::vector<Num<F>> children =
            insert_at(cs, "insert", cur, std::span<const Num<F>>(sibs), std::span<const AllocatedBit<F>>(bits));
        cur = poseidon::hash(cs, "hash", std::span<const Num<F>>(children), *c_);
      }
      cs.enforce("index packing", packed, LC<F>(Variable::one()), LC<F>(index.variable()));
      Num<F>::enforce_equal(cs, "root", cur, Num<F>(root));
    }
  }

 private:
  const MerkleWitness<F>& need_witness() const {
    if (!witness_) throw r1cs::AssignmentMissing{};
    return *witness_;
  }
  void check_witness(const MerkleWitness<F>& w) const {
    if (w.challenges.size() != size_t(shape_.num_challenges))
      throw Error("Merkle witness: " + std::to_string(w.challenges.size()) + " challenges, circuit has " +
                  std::to_string(shape_.num_challenges));
    const uint64_t leaves = uint64_t(1) << (shape_.height * shape_.index_bits_per_level());
    for (size_t i = 0; i < w.challenges.size(); ++i) {
      const auto& ch = w.challenges[i];
      if (ch.siblings.size() != size_t(shape_.height) * size_t(shape_.arity - 1))
        throw Error("Merkle witness: challenge " + std::to_string(i) + " has " + std::to_string(ch.siblings.size()) +
                    " siblings, expected " + std::to_string(shape_.height * (shape_.arity - 1)));
      if (ch.leaf_index >= leaves)
        throw Error("Merkle witness: challenge " + std::to_string(i) + " leaf index " + std::to_string(ch.leaf_index) +
                    " is outside the tree's " + std::to_string(leaves) + " leaves");
    }
  }

  MerkleShape shape_;
  const MerkleWitness<F>* witness_;
  const poseidon::PoseidonConstants<F>* c_;
};

// A random tree (deterministic from seed) and num_challenges uniformly drawn
// leaves with their paths; see the header comment for what "random tree" means
// at heights too large to materialise.
template <class F = ff::Bls12_381_Fr>
MerkleWitness<F> random_merkle_witness(const MerkleShape& s, uint64_t seed,
                                       const poseidon::PoseidonConstants<F>* constants = nullptr) {
  s.validate();
  const auto& c = constants ? *constants : poseidon::filecoin_poseidon<F>(s.arity);
  const int k = s.index_bits_per_level();
  const uint64_t a = uint64_t(s.arity);
  const uint64_t leaves = uint64_t(1) << (s.height * k);
  std::mt19937_64 rng(seed);
  MerkleWitness<F> w;
  std::vector<std::map<uint64_t, F>> level(size_t(s.height) + 1);
  for (int i = 0; i < s.num_challenges; ++i) {
    MerkleChallenge<F> ch;
    ch.leaf_index = rng() & (leaves - 1);
    auto [it, fresh] = level[0].try_emplace(ch.leaf_index, F::zero());
    if (fresh) it->second = ff::random_element<F>(rng);
    ch.leaf = it->second;
    w.challenges.push_back(std::move(ch));
  }
  std::vector<F> children(a);
  for (int l = 0; l < s.height; ++l) {
    auto& nodes = level[size_t(l)];
    std::vector<uint64_t> parents;
    for (const auto& [idx, v] : nodes)
      if (parents.empty() || parents.back() != idx / a) parents.push_back(idx / a);
    for (uint64_t p : parents) {
      for (uint64_t j = 0; j < a; ++j) {
        auto [it, fresh] = nodes.try_emplace(p * a + j, F::zero());
        if (fresh) it->second = ff::random_element<F>(rng);
        children[j] = it->second;
      }
      level[size_t(l) + 1][p] = poseidon::hash<F>(children, c);
    }
  }
  w.root = level[size_t(s.height)].at(0);
  for (auto& ch : w.challenges) {
    for (int l = 0; l < s.height; ++l) {
      const uint64_t idx = ch.leaf_index >> (l * k), base = idx & ~(a - 1);
      for (uint64_t j = 0; j < a; ++j)
        if (base + j != idx) ch.siblings.push_back(level[size_t(l)].at(base + j));
    }
  }
  return w;
}

}  // namespace cuzk::circuits
