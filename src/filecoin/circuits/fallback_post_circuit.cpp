#include "filecoin/circuits/fallback_post_circuit.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace cuzk::filecoin {

namespace {

void validate(const FallbackPoStConfig& c) {
  if (c.sector_count == 0 || c.challenge_count == 0)
    throw Error("FallbackPoSt circuit: " + std::to_string(c.sector_count) + " sectors x " +
                std::to_string(c.challenge_count) + " challenges (both must be positive)");
  validate_por_shape(c.tree);
}

// Sector::circuit.
FallbackPoStSector sector_circuit(const FallbackPoStConfig& c, const PostSector& pub, const SectorProof& proof) {
  const std::string who = "FallbackPoSt circuit: sector " + std::to_string(pub.sector_id);
  if (proof.inclusion_proofs.size() != c.challenge_count)
    throw Error(who + ": " + std::to_string(proof.inclusion_proofs.size()) + " inclusion proofs, the circuit has " +
                std::to_string(c.challenge_count) + " challenges");
  FallbackPoStSector s;
  s.comm_r = fr_of(pub.comm_r, "comm_r");
  s.comm_c = fr_of(proof.comm_c, "comm_c");
  s.comm_r_last = fr_of(proof.comm_r_last, "comm_r_last");
  s.leafs.reserve(c.challenge_count);
  s.paths.reserve(c.challenge_count);
  for (const MerkleProof& p : proof.inclusion_proofs) {
    s.leafs.emplace_back(fr_of(p.leaf, "inclusion proof leaf"));
    s.paths.push_back(por_auth_path(c.tree, p));
  }
  return s;
}

const PoStProofInfo& of_type(RegisteredPoStProof proof, PoStType type) {
  const PoStProofInfo& info = post_proof_info(proof);
  if (info.type != type)
    throw Error("FallbackPoSt circuit: " + std::string(info.name) + " is not a " +
                (type == PoStType::kWindow ? "Window" : "Winning") + " PoSt proof");
  return info;
}

}  // namespace

FallbackPoStConfig fallback_post_config(RegisteredPoStProof proof) {
  const PoStProofInfo& info = post_proof_info(proof);
  FallbackPoStConfig c;
  c.tree = tree_r_shape(info.sector_size);
  c.sector_count = info.circuit_sector_count;
  c.challenge_count = info.circuit_challenge_count;
  c.api_version = info.api_version;
  return c;
}

FallbackPostShape public_input_shape(const FallbackPoStConfig& c) {
  return {c.tree.leaves, c.sector_count, c.challenge_count, c.api_version};
}

FallbackPoStCircuit fallback_post_blank_circuit(const FallbackPoStConfig& c) {
  validate(c);
  FallbackPoStSector blank;
  blank.leafs.resize(c.challenge_count);
  blank.paths.assign(c.challenge_count, por_blank_auth_path(c.tree));
  return {c.tree, std::vector<FallbackPoStSector>(c.sector_count, blank)};
}

FallbackPoStCircuit fallback_post_circuit(const FallbackPoStConfig& c, std::span<const PostSector> sectors,
                                          std::span<const SectorProof> partition_proofs, size_t k) {
  validate(c);
  const size_t per = c.sector_count;
  if (k >= sectors.size() / per + (sectors.size() % per != 0))
    throw Error("FallbackPoSt circuit: partition " + std::to_string(k) + " has no sectors (" +
                std::to_string(sectors.size()) + " sectors, " + std::to_string(per) + " per partition)");
  const auto chunk = sectors.subspan(k * per, std::min(per, sectors.size() - k * per));
  if (partition_proofs.size() < chunk.size() || partition_proofs.size() > per)
    throw Error("FallbackPoSt circuit: partition " + std::to_string(k) + " has " + std::to_string(chunk.size()) +
                " sectors and " + std::to_string(partition_proofs.size()) + " sector proofs (at most " +
                std::to_string(per) + ")");
  FallbackPoStCircuit circuit{c.tree, {}};
  circuit.sectors.reserve(per);
  for (size_t i = 0; i < partition_proofs.size(); ++i)
    circuit.sectors.push_back(sector_circuit(c, chunk[std::min(i, chunk.size() - 1)], partition_proofs[i]));
  while (circuit.sectors.size() < per) circuit.sectors.push_back(circuit.sectors.back());
  return circuit;
}

FallbackPoStCircuit window_post_circuit(const FallbackPoStConfig& c, std::span<const FallbackPoStSectorProof> proofs,
                                        size_t k) {
  std::vector<const FallbackPoStSectorProof*> by_id;
  by_id.reserve(proofs.size());
  for (const auto& p : proofs) by_id.push_back(&p);
  std::sort(by_id.begin(), by_id.end(), [](auto* a, auto* b) { return a->sector_id < b->sector_id; });
  for (size_t i = 1; i < by_id.size(); ++i)
    if (by_id[i]->sector_id == by_id[i - 1]->sector_id)
      throw Error("WindowPoSt circuit: sector " + std::to_string(by_id[i]->sector_id) + " given twice");
  std::vector<PostSector> sectors;
  sectors.reserve(by_id.size());
  for (const auto* p : by_id) sectors.push_back({p->sector_id, p->comm_r});
  const size_t per = std::max<size_t>(c.sector_count, 1);
  std::vector<SectorProof> partition;
  for (size_t i = k * per; i < sectors.size() && i < (k + 1) * per; ++i) {
    if (by_id[i]->sectors.empty())
      throw Error("WindowPoSt circuit: sector " + std::to_string(by_id[i]->sector_id) + " has no sector proof");
    partition.insert(partition.end(), by_id[i]->sectors.begin(), by_id[i]->sectors.end());
  }
  return fallback_post_circuit(c, sectors, partition, k);
}

FallbackPoStCircuit window_post_circuit(RegisteredPoStProof proof, std::span<const FallbackPoStSectorProof> proofs,
                                        size_t k) {
  of_type(proof, PoStType::kWindow);
  return window_post_circuit(fallback_post_config(proof), proofs, k);
}

FallbackPoStCircuit winning_post_circuit(RegisteredPoStProof proof, const FallbackPoStSectorProof& sector_proof) {
  of_type(proof, PoStType::kWinning);
  const FallbackPoStConfig c = fallback_post_config(proof);
  if (sector_proof.sectors.size() != 1)
    throw Error("WinningPoSt circuit: " + std::to_string(sector_proof.sectors.size()) +
                " sector proofs (a Winning proof holds one)");
  const SectorProof& whole = sector_proof.sectors[0];
  if (whole.inclusion_proofs.size() != c.sector_count)
    throw Error("WinningPoSt circuit: " + std::to_string(whole.inclusion_proofs.size()) + " inclusion proofs, " +
                std::to_string(c.sector_count) + " challenges expected");
  std::vector<SectorProof> unrolled;
  unrolled.reserve(c.sector_count);
  for (const MerkleProof& p : whole.inclusion_proofs) unrolled.push_back({{p}, whole.comm_c, whole.comm_r_last});
  const std::vector<PostSector> copies(c.sector_count, PostSector{sector_proof.sector_id, sector_proof.comm_r});
  return fallback_post_circuit(c, copies, unrolled, 0);
}

}  // namespace cuzk::filecoin
