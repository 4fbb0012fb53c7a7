#include "filecoin/merkle/merkle_verify.hpp"

#include <array>
#include <vector>

#include "core/error.hpp"
#include "filecoin/merkle/node_hash.hpp"

namespace cuzk::filecoin {

namespace {

struct Step {
  const PathElement* element;
  uint32_t arity;
  std::string name;
};

bool canonical(const Domain& d) {
  try {
    fr_of(d);
    return true;
  } catch (const DecodeError&) {
    return false;
  }
}

// The path elements leaf to root with their arity and a name for messages;
// an error string when the proof's kind or path lengths do not fit the shape.
std::string flatten(const MerkleProof& p, const TreeShape& shape, std::vector<Step>& steps) {
  const auto want = shape.proof_kind();
  if (p.kind != want)
    return std::string("proof is ") + merkle_proof_kind_name(p.kind) + ", shape " + shape.describe() + " needs " +
           merkle_proof_kind_name(want);
  auto count = [](const char* what, const InclusionPath& path, size_t need) -> std::string {
    if (path.size() == need) return {};
    return std::string(what) + " path has " + std::to_string(path.size()) + " levels, the shape needs " +
           std::to_string(need);
  };
  const uint32_t height = shape.height(), bh = shape.base_height();
  std::string e;
  if (p.kind == MerkleProof::Kind::kSingle) {
    if (!(e = count("the", p.base, height)).empty() || !(e = count("sub", p.sub, 0)).empty() ||
        !(e = count("top", p.top, 0)).empty())
      return e;
    for (uint32_t l = 0; l < height; ++l)
      steps.push_back({&p.base[l], shape.arity_at(l), "level " + std::to_string(l + 1) + " of " + std::to_string(height)});
    return {};
  }
  const bool top = p.kind == MerkleProof::Kind::kTop;
  if (!(e = count("base", p.base, bh)).empty() || !(e = count("sub", p.sub, 1)).empty() ||
      !(e = count("top", p.top, top ? 1 : 0)).empty())
    return e;
  for (uint32_t l = 0; l < bh; ++l)
    steps.push_back({&p.base[l], shape.base_arity, "base level " + std::to_string(l + 1) + " of " + std::to_string(bh)});
  steps.push_back({&p.sub[0], shape.sub_arity, "sub level"});
  if (top) steps.push_back({&p.top[0], shape.top_arity, "top level"});
  return {};
}

std::string well_formed(const std::vector<Step>& steps, const MerkleProof& p, NodeHasher hasher) {
  const bool poseidon = hasher == NodeHasher::kPoseidon;
  if (poseidon && !canonical(p.leaf)) return "leaf " + to_hex(p.leaf) + " is not a canonical field element";
  for (const auto& s : steps) {
    const auto& e = *s.element;
    if (e.hashes.size() != s.arity - 1)
      return s.name + ": " + std::to_string(e.hashes.size()) + " siblings, arity " + std::to_string(s.arity) +
             " needs " + std::to_string(s.arity - 1);
    if (e.index >= s.arity)
      return s.name + ": index " + std::to_string(e.index) + " is out of range for arity " + std::to_string(s.arity);
    if (poseidon)
      for (size_t k = 0; k < e.hashes.size(); ++k)
        if (!canonical(e.hashes[k]))
          return s.name + ": sibling " + std::to_string(k) + " (" + to_hex(e.hashes[k]) +
                 ") is not a canonical field element";
  }
  return {};
}

}  // namespace

const char* merkle_proof_kind_name(MerkleProof::Kind k) {
  switch (k) {
    case MerkleProof::Kind::kSingle: return "Single";
    case MerkleProof::Kind::kSub: return "Sub";
    case MerkleProof::Kind::kTop: return "Top";
  }
  return "an unknown kind";
}

MerkleCheck check_merkle_proof(const MerkleProof& proof, const TreeShape& shape, const MerkleExpect& expect) {
  MerkleCheck r;
  try {
    shape.validate();
  } catch (const Error& e) {
    r.error = e.what();
    return r;
  }
  std::vector<Step> steps;
  if (!(r.error = flatten(proof, shape, steps)).empty()) return r;
  if (!(r.error = well_formed(steps, proof, shape.hasher)).empty()) return r;

  Domain node = proof.leaf;
  uint64_t index = 0, below = 1;  // below: leaves under one node of the current level
  std::array<Domain, 16> kids;
  for (const auto& s : steps) {
    const auto& e = *s.element;
    for (uint32_t k = 0, j = 0; k < s.arity; ++k) kids[k] = k == e.index ? node : e.hashes[j++];
    node = hash_node(shape.hasher, std::span<const Domain>(kids.data(), s.arity));
    index += e.index * below;
    below *= s.arity;
  }
  r.leaf_index = index;
  r.computed_root = node;
  if (node != proof.root) {
    r.error = "the path hashes to " + to_hex(node) + ", the proof states root " + to_hex(proof.root);
  } else if (expect.root && proof.root != *expect.root) {
    r.error = "root " + to_hex(proof.root) + " is not the expected root " + to_hex(*expect.root);
  } else if (expect.leaf_index && index != *expect.leaf_index) {
    r.error = "the path proves leaf " + std::to_string(index) + ", expected leaf " + std::to_string(*expect.leaf_index);
  } else if (expect.leaf && proof.leaf != *expect.leaf) {
    r.error = "leaf " + to_hex(proof.leaf) + " is not the expected leaf " + to_hex(*expect.leaf);
  } else {
    r.ok = true;
  }
  return r;
}

uint64_t merkle_path_index(const MerkleProof& proof, const TreeShape& shape) {
  shape.validate();
  std::vector<Step> steps;
  if (auto e = flatten(proof, shape, steps); !e.empty()) throw Error("Merkle proof: " + e);
  uint64_t index = 0, below = 1;
  for (const auto& s : steps) {
    if (s.element->index >= s.arity)
      throw Error("Merkle proof: " + s.name + ": index " + std::to_string(s.element->index) +
                  " is out of range for arity " + std::to_string(s.arity));
    index += s.element->index * below;
    below *= s.arity;
  }
  return index;
}

uint64_t verify_merkle_proof(const MerkleProof& proof, const TreeShape& shape, const MerkleExpect& expect) {
  auto r = check_merkle_proof(proof, shape, expect);
  if (!r) throw Error("Merkle proof: " + r.error);
  return r.leaf_index;
}

}  // namespace cuzk::filecoin
