#include "filecoin/vanilla_check/post_check.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/challenges/post_challenges.hpp"
#include "filecoin/formats/fallback_post_bincode.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/merkle_verify.hpp"
#include "filecoin/merkle/tree_shape.hpp"
#include "filecoin/registry/post_proof.hpp"
#include "filecoin/vanilla_check/path_walk.hpp"

namespace cuzk::filecoin {

namespace {

using vanilla_check_detail::NoteSet;

// A slot of the circuit: one SectorProof, the public sector whose inputs it
// is proved against, and whether Rust's vanilla verifier looks at it.
struct Slot {
  const SectorProof* proof;
  PoStSector sector;
  uint64_t sector_index;           // what the challenge indexing of API 1.0 counts
  size_t challenge_count;          // per slot: Window 10, Winning 1
  uint64_t first_challenge_index;  // Winning slot i proves challenge index i
  bool vanilla_checked;
  std::string label;
};

struct Context {
  const PoStProofInfo& info;
  TreeShape shape;
  const Domain& randomness;
  NoteSet notes;  // the notes of one slot, or of the whole check
};

std::vector<uint64_t> slot_challenges(const Context& c, const Slot& s) {
  if (c.info.type == PoStType::kWinning)
    return {post_leaf_challenge(c.info.sector_nodes(), c.randomness, s.sector.sector_id, s.first_challenge_index)};
  return post_sector_leaf_challenges(c.info.sector_nodes(), c.info.api_version, c.randomness, s.sector.sector_id,
                                     s.sector_index, s.challenge_count);
}

std::string challenge_label(size_t n, uint64_t leaf) {
  return "challenge " + std::to_string(n) + " (leaf " + std::to_string(leaf) + ")";
}

// comm_r = Poseidon-2(comm_c, comm_r_last), with Rust's refusal of
// non-canonical inputs (Fr conversion panics); empty when it holds.
std::string comm_r_mismatch(const Domain& comm_c, const Domain& comm_r_last, const Domain& comm_r,
                            const char* last_name) {
  if (!is_canonical(comm_c)) return "comm_c " + to_hex(comm_c) + " is not a canonical field element";
  if (!is_canonical(comm_r_last))
    return std::string(last_name) + " " + to_hex(comm_r_last) + " is not a canonical field element";
  const Domain h = comm_r_of(comm_c, comm_r_last);
  if (h != comm_r)
    return "Poseidon(comm_c, " + std::string(last_name) + ") = " + to_hex(h) + " is not the sector's comm_r " +
           to_hex(comm_r);
  return {};
}

// FallbackPoSt::verify for one (public sector, sector proof) pair.
std::string vanilla_slot_failure(Context& c, const Slot& s, const std::vector<uint64_t>& challenges) {
  const auto& proofs = s.proof->inclusion_proofs;
  if (proofs.empty()) return "no inclusion proofs (Rust reads comm_r_last from the first)";
  const Domain& root0 = proofs[0].root;
  if (auto e = comm_r_mismatch(s.proof->comm_c, root0, s.sector.comm_r, "the first inclusion proof's root"); !e.empty())
    return e;
  if (proofs.size() != challenges.size())
    return std::to_string(proofs.size()) + " inclusion proofs, " + std::to_string(challenges.size()) + " challenges";
  for (size_t n = 0; n < proofs.size(); ++n) {
    const MerkleProof& p = proofs[n];
    const std::string at = challenge_label(n, challenges[n]) + ": ";
    if (p.root != root0)
      return at + "root " + to_hex(p.root) + " differs from the first inclusion proof's " + to_hex(root0);
    const PathWalk w = walk_merkle_path(p, c.shape, PathReading::kVanilla);
    if (!w) return at + w.error;
    if (w.computed_root != p.root)
      return at + "the path hashes to " + to_hex(w.computed_root) + ", the proof states root " + to_hex(p.root);
    if (w.rust_index != challenges[n])
      return at + "the path opens leaf " + std::to_string(w.rust_index) + ", the challenge is leaf " +
             std::to_string(challenges[n]);
    // The circuit's own reading of the index bits (the same leaf for every
    // production tree shape).
    if (w.circuit_index != challenges[n])
      return at + "the circuit reads the path as leaf " + std::to_string(w.circuit_index) + ", the challenge is leaf " +
             std::to_string(challenges[n]);
    if (w.kind_differs)
      c.notes.add("kind", s.label + ": " + at + "a " + merkle_proof_kind_name(p.kind) +
                              " proof where the tree's proofs are " + merkle_proof_kind_name(c.shape.proof_kind()) +
                              "; Rust reads the flattened path alike");
  }
  // The circuit proves the same paths against the comm_r_last field and
  // Poseidon(comm_c, comm_r_last) against comm_r: with the checks above,
  // all it adds is that the field is the roots' value.
  if (s.proof->comm_r_last != root0)
    return "comm_r_last " + to_hex(s.proof->comm_r_last) + " is not the inclusion proofs' root " + to_hex(root0) +
           " (the circuit proves the paths against comm_r_last)";
  return {};
}

// What the circuit demands of a slot no vanilla verifier reads
// (fallback/circuit.rs Sector).
std::string circuit_slot_failure(Context& c, const Slot& s, const std::vector<uint64_t>& challenges) {
  const auto& proofs = s.proof->inclusion_proofs;
  if (auto e = comm_r_mismatch(s.proof->comm_c, s.proof->comm_r_last, s.sector.comm_r, "comm_r_last"); !e.empty())
    return e;
  if (proofs.size() != challenges.size())
    return std::to_string(proofs.size()) + " inclusion proofs, the circuit has " + std::to_string(challenges.size()) +
           " challenges";
  for (size_t n = 0; n < proofs.size(); ++n) {
    const MerkleProof& p = proofs[n];
    const std::string at = challenge_label(n, challenges[n]) + ": ";
    const PathWalk w = walk_merkle_path(p, c.shape, PathReading::kCircuitOnly);
    if (!w) return at + w.error;
    if (w.computed_root != s.proof->comm_r_last)
      return at + "the path hashes to " + to_hex(w.computed_root) + ", not to comm_r_last " +
             to_hex(s.proof->comm_r_last);
    if (w.circuit_index != challenges[n])
      return at + "the path opens leaf " + std::to_string(w.circuit_index) + ", the challenge is leaf " +
             std::to_string(challenges[n]);
    if (p.root != s.proof->comm_r_last)
      c.notes.add("root", s.label + ": " + at + "root field " + to_hex(p.root) +
                              " is not comm_r_last; only the circuit reads this proof and it ignores the field");
    if (w.index_wrapped)
      c.notes.add("wrap", s.label + ": " + at +
                              "a path index is not below its arity; only the circuit reads this proof and it takes "
                              "the index's low bits");
    if (w.kind_differs)
      c.notes.add("kind", s.label + ": " + at + "a " + merkle_proof_kind_name(p.kind) +
                              " proof where the tree's proofs are " + merkle_proof_kind_name(c.shape.proof_kind()) +
                              "; Rust reads the flattened path alike");
  }
  return {};
}

VanillaCheck finish(Context& c, std::string failure) {
  VanillaCheck r;
  r.ok = failure.empty();
  r.failure = std::move(failure);
  r.notes = c.notes.lines();
  return r;
}

VanillaCheck refuse(std::string failure) {
  VanillaCheck r;
  r.ok = false;
  r.failure = std::move(failure);
  return r;
}

// The checks of the randomness and prover id every *_with_vanilla call makes
// (as_safe_commitment); empty when they pass.
std::string public_failure(const PoStPublic& pub) {
  if (!is_canonical(pub.randomness))
    return "randomness " + to_hex(pub.randomness) + " is not a canonical field element";
  if (pub.prover_id && !is_canonical(*pub.prover_id))
    return "prover_id " + to_hex(*pub.prover_id) + " is not a canonical field element";
  return {};
}

// Slots are independent: checked in parallel, the first failure in slot
// order reported, notes merged in slot order.
std::string check_slots(Context& c, const std::vector<Slot>& slots) {
  std::vector<std::string> failures(slots.size());
  std::vector<NoteSet> notes(slots.size());
  parallel_for(slots.size(), 1, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      Context local{c.info, c.shape, c.randomness, {}};
      const Slot& s = slots[i];
      const auto challenges = slot_challenges(local, s);
      std::string e =
          s.vanilla_checked ? vanilla_slot_failure(local, s, challenges) : circuit_slot_failure(local, s, challenges);
      if (!e.empty()) failures[i] = s.label + ": " + e;
      notes[i] = std::move(local.notes);
    }
  });
  for (const auto& n : notes) c.notes.merge(n);
  for (auto& f : failures)
    if (!f.empty()) return std::move(f);
  return {};
}

std::string sector_label(uint64_t id) { return "sector " + std::to_string(id); }

std::string expect_sector(const FallbackPoStSectorProof& p, const PoStSector& want, const std::string& at) {
  if (p.sector_id != want.sector_id)
    return at + "the proof is for sector " + std::to_string(p.sector_id) + ", the challenged sector is " +
           std::to_string(want.sector_id);
  if (p.comm_r != want.comm_r)
    return at + "comm_r " + to_hex(p.comm_r) + " is not the sector's comm_r " + to_hex(want.comm_r);
  return {};
}

template <class Check>
VanillaCheck with_decoded(std::span<const std::vector<uint8_t>> bytes, Check check) {
  std::vector<FallbackPoStSectorProof> proofs;
  proofs.reserve(bytes.size());
  for (size_t i = 0; i < bytes.size(); ++i) {
    try {
      proofs.push_back(read_fallback_post_sector_proof(bytes[i], "vanilla_proofs[" + std::to_string(i) + "]"));
    } catch (const DecodeError& e) {
      return refuse(e.what());
    }
  }
  return check(std::span<const FallbackPoStSectorProof>(proofs));
}

}  // namespace

VanillaCheck check_window_post_partition(const PoStPublic& pub, size_t partition_index,
                                         std::span<const FallbackPoStSectorProof> proofs,
                                         std::span<const PoStSector> sectors) {
  const PoStProofInfo& info = post_proof_info(pub.proof);
  if (info.type != PoStType::kWindow) return refuse(std::string(info.name) + " is not a Window PoSt type");
  if (auto e = public_failure(pub); !e.empty()) return refuse(e);
  if (proofs.empty()) return refuse("no sector proofs (Rust pads a partition from its last sector)");
  if (proofs.size() > info.sector_count)
    return refuse(std::to_string(proofs.size()) + " sector proofs, a " + std::string(info.name) +
                  " partition holds at most " + std::to_string(info.sector_count));
  if (!sectors.empty()) {
    if (sectors.size() != proofs.size())
      return refuse(std::to_string(proofs.size()) + " sector proofs for " + std::to_string(sectors.size()) +
                    " challenged sectors");
    for (size_t i = 0; i < proofs.size(); ++i)
      if (auto e = expect_sector(proofs[i], sectors[i], "vanilla_proofs[" + std::to_string(i) + "]: "); !e.empty())
        return refuse(e);
  }

  Context c{info, tree_r_shape(info.sector_size), pub.randomness, {}};
  // single_partition_vanilla_proofs: each public sector (the proofs' own,
  // in order) takes every SectorProof of the first proof with its id.
  std::vector<Slot> slots;
  const size_t n = proofs.size();
  for (size_t i = 0; i < n; ++i) {
    const uint64_t id = proofs[i].sector_id;
    size_t found = 0;
    while (proofs[found].sector_id != id) ++found;
    if (found != i)
      c.notes.add("duplicate", "vanilla_proofs[" + std::to_string(i) + "] is for sector " + std::to_string(id) +
                                   " like vanilla_proofs[" + std::to_string(found) +
                                   "]; Rust proves the first one for both positions");
    const auto& sps = proofs[found].sectors;
    for (size_t k = 0; k < sps.size(); ++k) {
      const bool own_slot = slots.size() < n;
      const size_t owner = std::min(slots.size(), n - 1);
      std::string label = sector_label(proofs[owner].sector_id);
      if (k > 0) label += " (sector proof " + std::to_string(k) + " of vanilla_proofs[" + std::to_string(found) + "])";
      slots.push_back({&sps[k],
                       {proofs[owner].sector_id, proofs[owner].comm_r},
                       uint64_t(partition_index) * info.sector_count + owner,
                       info.challenge_count,
                       0,
                       own_slot,
                       std::move(label)});
    }
  }
  if (slots.empty()) return refuse("the sector proofs hold no SectorProof (Rust pads from the last one)");
  if (slots.size() > info.sector_count)
    return refuse("the sector proofs fill " + std::to_string(slots.size()) + " circuit slots, a partition has " +
                  std::to_string(info.sector_count));
  // Padding copies the last slot into slots that repeat the last sector's
  // public inputs: each copy checks exactly as the last slot does.
  return finish(c, check_slots(c, slots));
}

VanillaCheck check_winning_post(const PoStPublic& pub, std::span<const FallbackPoStSectorProof> proofs,
                                const std::optional<PoStSector>& sector) {
  const PoStProofInfo& info = post_proof_info(pub.proof);
  if (info.type != PoStType::kWinning) return refuse(std::string(info.name) + " is not a Winning PoSt type");
  if (proofs.size() != info.sector_count)
    return refuse(std::to_string(proofs.size()) + " vanilla proofs, Winning PoSt proves " +
                  std::to_string(info.sector_count) + " sector");
  if (auto e = public_failure(pub); !e.empty()) return refuse(e);
  const FallbackPoStSectorProof& p = proofs[0];
  if (sector)
    if (auto e = expect_sector(p, *sector, ""); !e.empty()) return refuse(e);
  if (p.sectors.size() != 1)
    return refuse("the vanilla proof holds " + std::to_string(p.sectors.size()) +
                  " SectorProofs, Winning PoSt takes exactly one");
  const SectorProof& sp = p.sectors[0];
  const size_t slot_count = info.circuit_sector_count;
  if (sp.inclusion_proofs.empty()) return refuse("no inclusion proofs (Rust pads from the last one)");
  if (sp.inclusion_proofs.size() > slot_count)
    return refuse(std::to_string(sp.inclusion_proofs.size()) + " inclusion proofs, Winning PoSt has " +
                  std::to_string(slot_count) + " challenges");

  Context c{info, tree_r_shape(info.sector_size), pub.randomness, {}};
  // The inclusion proofs unrolled into one-challenge sector proofs, padded
  // with copies of the last; each slot i proves challenge index i.
  std::vector<SectorProof> unrolled(slot_count);
  std::vector<Slot> slots;
  for (size_t i = 0; i < slot_count; ++i) {
    const size_t from = std::min(i, sp.inclusion_proofs.size() - 1);
    unrolled[i] = {{sp.inclusion_proofs[from]}, sp.comm_c, sp.comm_r_last};
    std::string label = sector_label(p.sector_id) + " challenge " + std::to_string(i);
    if (from != i) label += " (padded with inclusion proof " + std::to_string(from) + ")";
    slots.push_back({&unrolled[i], {p.sector_id, p.comm_r}, i, 1, i, i == 0, std::move(label)});
  }
  return finish(c, check_slots(c, slots));
}

VanillaCheck check_post_sector_proof(const PoStPublic& pub, const FallbackPoStSectorProof& proof,
                                     const std::optional<PoStSector>& sector, uint64_t sector_index) {
  const PoStProofInfo& info = post_proof_info(pub.proof);
  if (info.type == PoStType::kWinning) {
    if (sector_index != 0) return refuse("Winning PoSt has one sector, at index 0");
    return check_winning_post(pub, std::span<const FallbackPoStSectorProof>(&proof, 1), sector);
  }
  if (auto e = public_failure(pub); !e.empty()) return refuse(e);
  if (sector)
    if (auto e = expect_sector(proof, *sector, ""); !e.empty()) return refuse(e);
  if (proof.sectors.size() != 1)
    return refuse("the vanilla proof holds " + std::to_string(proof.sectors.size()) +
                  " SectorProofs; a sector's proof has one (check the partition to place more)");
  Context c{info, tree_r_shape(info.sector_size), pub.randomness, {}};
  const Slot s{&proof.sectors[0],
               {proof.sector_id, proof.comm_r},
               sector_index,
               info.challenge_count,
               0,
               true,
               sector_label(proof.sector_id)};
  return finish(c, check_slots(c, {s}));
}

VanillaCheck check_window_post_partition_bytes(const PoStPublic& pub, size_t partition_index,
                                               std::span<const std::vector<uint8_t>> proofs,
                                               std::span<const PoStSector> sectors) {
  return with_decoded(proofs, [&](std::span<const FallbackPoStSectorProof> decoded) {
    return check_window_post_partition(pub, partition_index, decoded, sectors);
  });
}

VanillaCheck check_winning_post_bytes(const PoStPublic& pub, std::span<const std::vector<uint8_t>> proofs,
                                      const std::optional<PoStSector>& sector) {
  return with_decoded(proofs, [&](std::span<const FallbackPoStSectorProof> decoded) {
    return check_winning_post(pub, decoded, sector);
  });
}

VanillaCheck check_post_sector_proof_bytes(const PoStPublic& pub, std::span<const uint8_t> proof,
                                           const std::optional<PoStSector>& sector, uint64_t sector_index) {
  FallbackPoStSectorProof decoded;
  try {
    decoded = read_fallback_post_sector_proof(proof, "vanilla proof");
  } catch (const DecodeError& e) {
    return refuse(e.what());
  }
  return check_post_sector_proof(pub, decoded, sector, sector_index);
}

}  // namespace cuzk::filecoin
