#include "filecoin/vanilla_check/snap_check.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/challenges/registered_challenges.hpp"
#include "filecoin/formats/snap_bincode.hpp"
#include "filecoin/hash/poseidon.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/merkle_verify.hpp"
#include "filecoin/merkle/node_hash.hpp"
#include "filecoin/merkle/tree_shape.hpp"
#include "filecoin/registry/update_params.hpp"
#include "filecoin/registry/update_proof.hpp"
#include "filecoin/vanilla_check/path_walk.hpp"

namespace cuzk::filecoin {

namespace {

using vanilla_check_detail::NoteSet;

uint32_t log2_exact(uint64_t n) { return uint32_t(__builtin_ctzll(n)); }

struct Params {
  const UpdateProofInfo& info;
  uint64_t nodes;
  uint32_t challenge_bits, partition_bits, apex_bits, apex_height, h;
  TreeShape tree_d, tree_r;
};

Domain sha_node(const Domain& left, const Domain& right) {
  const std::array<Domain, 2> kids = {left, right};
  return hash_node(NodeHasher::kSha256Trunc254, kids);
}

VanillaCheck refuse(std::string failure) {
  VanillaCheck r;
  r.ok = false;
  r.failure = std::move(failure);
  return r;
}

std::string noncanonical(const char* name, const Domain& d) {
  return is_canonical(d) ? std::string() : std::string(name) + " " + to_hex(d) + " is not a canonical field element";
}

// The flattened TreeD path's level l (the walk has checked the shape).
const PathElement& d_level(const MerkleProof& p, size_t l) {
  if (l < p.base.size()) return p.base[l];
  l -= p.base.size();
  if (l < p.sub.size()) return p.sub[l];
  return p.top[l - p.sub.size()];
}

void note_kind(NoteSet& notes, const std::string& what, const MerkleProof& p, const TreeShape& shape) {
  notes.add("kind", what + " is a " + std::string(merkle_proof_kind_name(p.kind)) + " proof where the tree's are " +
                        merkle_proof_kind_name(shape.proof_kind()) + "; Rust reads the flattened path alike");
}

std::string opening_failure(NoteSet& notes, const std::string& where, const std::string& what, const MerkleProof& p,
                            const TreeShape& shape, uint32_t c, const Domain& root, const char* root_name) {
  const PathWalk w = walk_merkle_path(p, shape, PathReading::kVanilla);
  if (!w) return what + ": " + w.error;
  if (w.rust_index != c)
    return what + " opens node " + std::to_string(w.rust_index) + ", the challenge is node " + std::to_string(c);
  if (w.circuit_index != c)
    return what + " is read by the circuit as node " + std::to_string(w.circuit_index) + ", the challenge is node " +
           std::to_string(c);
  if (p.root != root) return what + ": root " + to_hex(p.root) + " is not " + root_name + " " + to_hex(root);
  if (w.computed_root != p.root)
    return what + ": the path hashes to " + to_hex(w.computed_root) + ", not to its root " + to_hex(p.root);
  if (w.kind_differs) note_kind(notes, where + what, p, shape);
  return {};
}

struct Partition {
  const Params& prm;
  const SnapPublic& pub;
  const SnapPartitionProof& proof;
  size_t k;
  Domain root_r_old, root_r_new;
  Fr phi;
  std::vector<std::vector<Domain>> apex_rows;  // apex_rows[0] = apex leaves
};

// `where` prefixes notes ("partition 2, challenge 5 (node 123): ").
std::string challenge_failure(const Partition& P, NoteSet& notes, const std::string& where,
                              const SnapChallengeProof& cp, uint32_t c) {
  const Params& prm = P.prm;
  // Vanilla: the three openings.
  if (auto e = opening_failure(notes, where, "proof_r_old", cp.proof_r_old, prm.tree_r, c, P.root_r_old,
                               "challenge 0's root_r_old");
      !e.empty())
    return e;
  if (auto e =
          opening_failure(notes, where, "proof_d_new", cp.proof_d_new, prm.tree_d, c, P.pub.comm_d_new, "comm_d_new");
      !e.empty())
    return e;
  if (auto e = opening_failure(notes, where, "proof_r_new", cp.proof_r_new, prm.tree_r, c, P.root_r_new,
                               "challenge 0's root_r_new");
      !e.empty())
    return e;

  // Vanilla and circuit: the encoding of the new replica.
  const Fr rho = poseidon_hash(std::array<Fr, 2>{P.phi, Fr::from_u64(c >> (prm.challenge_bits - prm.h))}, 2,
                               snapdeals_randomness_hash_type());
  const Fr want = fr_of(cp.proof_r_old.leaf) + fr_of(cp.proof_d_new.leaf) * rho;
  if (domain_of(want) != cp.proof_r_new.leaf)
    return "proof_r_new's leaf " + to_hex(cp.proof_r_new.leaf) +
           " is not label_r_old + label_d_new * rho = " + to_hex(domain_of(want));

  // Vanilla: each apex-level sibling of the TreeD path is somewhere in its
  // apex-tree row (Rust checks membership, not position).
  const auto& D = cp.proof_d_new;
  for (uint32_t j = 0; j < prm.apex_bits; ++j) {
    const Domain& s = d_level(D, prm.apex_height + j).hashes[0];
    const auto& row = P.apex_rows[j];
    if (std::find(row.begin(), row.end(), s) == row.end())
      return "proof_d_new's sibling at level " + std::to_string(prm.apex_height + j + 1) + " " + to_hex(s) +
             " is not in row " + std::to_string(j) + " of the apex tree";
  }

  // Circuit: the path up to the apex level, read with the challenge's bits,
  // reaches the apex leaf the challenge selects.
  Domain node = D.leaf;
  for (uint32_t l = 0; l < prm.apex_height; ++l) {
    const Domain& s = d_level(D, l).hashes[0];
    node = (c >> l) & 1 ? sha_node(s, node) : sha_node(node, s);
  }
  const uint64_t apex_index = (uint64_t(c) >> prm.apex_height) & ((uint64_t(1) << prm.apex_bits) - 1);
  if (node != P.proof.apex_leafs[apex_index])
    return "proof_d_new reaches " + to_hex(node) + " at the apex level, apex leaf " + std::to_string(apex_index) +
           " is " + to_hex(P.proof.apex_leafs[apex_index]);
  // Circuit: every challenge carries challenge 0's partition path.
  const auto& D0 = P.proof.challenge_proofs[0].proof_d_new;
  for (uint32_t l = prm.challenge_bits - prm.partition_bits; l < prm.challenge_bits; ++l)
    if (d_level(D, l).hashes != d_level(D0, l).hashes)
      return "proof_d_new's sibling at level " + std::to_string(l + 1) +
             " (the partition path) differs from challenge 0's";
  return {};
}

VanillaCheck check_partition(const Params& prm, const SnapPublic& pub, size_t k, const SnapPartitionProof& proof) {
  const auto& info = prm.info;
  if (k >= info.partitions) return refuse("partition " + std::to_string(k) + " of " + std::to_string(info.partitions));
  const std::string at = "partition " + std::to_string(k) + ": ";
  for (auto e : {noncanonical("comm_r_old", pub.comm_r_old), noncanonical("comm_r_new", pub.comm_r_new),
                 noncanonical("comm_d_new", pub.comm_d_new)})
    if (!e.empty()) return refuse(e);
  if (proof.apex_leafs.size() != info.apex_leaves)
    return refuse(at + std::to_string(proof.apex_leafs.size()) + " apex leaves, the sector has " +
                  std::to_string(info.apex_leaves));
  if (proof.challenge_proofs.size() != info.challenges_per_partition)
    return refuse(at + std::to_string(proof.challenge_proofs.size()) + " challenge proofs, the partition has " +
                  std::to_string(info.challenges_per_partition) + " challenges");
  for (size_t i = 0; i < proof.apex_leafs.size(); ++i)
    if (auto e = noncanonical(("apex leaf " + std::to_string(i)).c_str(), proof.apex_leafs[i]); !e.empty())
      return refuse(at + e);

  Partition P{
      prm,        pub, proof, k, proof.challenge_proofs[0].proof_r_old.root, proof.challenge_proofs[0].proof_r_new.root,
      Fr::zero(), {}};
  for (auto e : {noncanonical("comm_c", proof.comm_c), noncanonical("challenge 0's root_r_old", P.root_r_old),
                 noncanonical("challenge 0's root_r_new", P.root_r_new)})
    if (!e.empty()) return refuse(at + e);
  if (const Domain h = comm_r_of(proof.comm_c, P.root_r_old); h != pub.comm_r_old)
    return refuse(at + "Poseidon(comm_c, root_r_old) = " + to_hex(h) + " is not comm_r_old " + to_hex(pub.comm_r_old));
  if (const Domain h = comm_r_of(proof.comm_c, P.root_r_new); h != pub.comm_r_new)
    return refuse(at + "Poseidon(comm_c, root_r_new) = " + to_hex(h) + " is not comm_r_new " + to_hex(pub.comm_r_new));

  P.apex_rows.push_back(proof.apex_leafs);
  for (uint32_t j = 0; j < prm.apex_bits; ++j) {
    const auto& below = P.apex_rows.back();
    std::vector<Domain> row(below.size() / 2);
    for (size_t i = 0; i < row.size(); ++i) row[i] = sha_node(below[2 * i], below[2 * i + 1]);
    P.apex_rows.push_back(std::move(row));
  }
  P.phi =
      fr_of(poseidon_hash(std::array<Domain, 2>{pub.comm_d_new, pub.comm_r_old}, 2, snapdeals_randomness_hash_type()));
  const auto challenges = update_partition_challenges(info.proof, pub.comm_r_new, k);

  // Challenge 0's TreeD proof gives the partition path the circuit checks
  // once, from the apex root (apex_por): its shape first.
  const auto& D0 = proof.challenge_proofs[0].proof_d_new;
  if (const PathWalk w = walk_merkle_path(D0, prm.tree_d, PathReading::kVanilla); !w)
    return refuse(at + "challenge 0 (node " + std::to_string(challenges[0]) + "): proof_d_new: " + w.error);

  std::vector<std::string> failures(challenges.size());
  std::vector<NoteSet> notes(challenges.size());
  parallel_for(challenges.size(), 1, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) {
      const std::string where =
          at + "challenge " + std::to_string(i) + " (node " + std::to_string(challenges[i]) + "): ";
      auto f = challenge_failure(P, notes[i], where, proof.challenge_proofs[i], challenges[i]);
      if (!f.empty()) failures[i] = where + f;
    }
  });
  VanillaCheck out;
  NoteSet all;
  for (size_t i = 0; i < challenges.size(); ++i) {
    all.merge(notes[i]);
    if (out.ok && !failures[i].empty()) {
      out.ok = false;
      out.failure = std::move(failures[i]);
    }
  }
  if (out.ok) {
    // Circuit (apex_por): the apex root climbs the partition path, by the
    // partition index's bits, to comm_d_new.
    Domain node = P.apex_rows.back()[0];
    for (uint32_t j = 0; j < prm.partition_bits; ++j) {
      const Domain& s = d_level(D0, prm.challenge_bits - prm.partition_bits + j).hashes[0];
      node = (k >> j) & 1 ? sha_node(s, node) : sha_node(node, s);
    }
    if (node != pub.comm_d_new) {
      out.ok = false;
      out.failure = at + "the apex leaves with the partition path hash to " + to_hex(node) + ", not to comm_d_new " +
                    to_hex(pub.comm_d_new);
    }
  }
  out.notes = all.lines();
  return out;
}

Params params_of(RegisteredUpdateProof proof) {
  const UpdateProofInfo& info = update_proof_info(proof);
  const uint64_t nodes = info.sector_nodes();
  const uint32_t challenge_bits = log2_exact(nodes), partition_bits = log2_exact(info.partitions),
                 apex_bits = log2_exact(info.apex_leaves);
  return {info,
          nodes,
          challenge_bits,
          partition_bits,
          apex_bits,
          challenge_bits - partition_bits - apex_bits,
          uint32_t(update_h_default(nodes)),
          tree_d_shape(info.sector_size),
          tree_r_shape(info.sector_size)};
}

}  // namespace

VanillaCheck check_snap_partition(const SnapPublic& pub, size_t partition, const SnapPartitionProof& proof) {
  return check_partition(params_of(pub.proof), pub, partition, proof);
}

VanillaCheck check_snap_partitions(const SnapPublic& pub, std::span<const SnapPartitionProof> proofs) {
  const Params prm = params_of(pub.proof);
  if (proofs.size() != prm.info.partitions)
    return refuse(std::to_string(proofs.size()) + " partition proofs, " + std::string(prm.info.name) + " has " +
                  std::to_string(prm.info.partitions));
  VanillaCheck out;
  for (size_t k = 0; k < proofs.size() && out.ok; ++k) {
    VanillaCheck r = check_partition(prm, pub, k, proofs[k]);
    out.notes.insert(out.notes.end(), r.notes.begin(), r.notes.end());
    out.ok = r.ok;
    out.failure = std::move(r.failure);
  }
  return out;
}

VanillaCheck check_snap_partition_bytes(const SnapPublic& pub, size_t partition, std::span<const uint8_t> proof) {
  SnapPartitionProof decoded;
  try {
    decoded = read_snap_partition_proof(proof, "partition " + std::to_string(partition) + " proof");
  } catch (const Error& e) {
    return refuse(e.what());
  }
  return check_snap_partition(pub, partition, decoded);
}

VanillaCheck check_snap_partitions_bytes(const SnapPublic& pub, std::span<const std::vector<uint8_t>> proofs) {
  std::vector<SnapPartitionProof> decoded;
  decoded.reserve(proofs.size());
  for (size_t k = 0; k < proofs.size(); ++k) {
    try {
      decoded.push_back(read_snap_partition_proof(proofs[k], "vanilla_proofs[" + std::to_string(k) + "]"));
    } catch (const Error& e) {
      return refuse(e.what());
    }
  }
  return check_snap_partitions(pub, decoded);
}

}  // namespace cuzk::filecoin
