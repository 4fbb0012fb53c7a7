#include "filecoin/registry/parameter_ids.hpp"

#include "filecoin/hash/sha256.hpp"

namespace cuzk::filecoin {

namespace {

constexpr const char* kTreeHasher = "poseidon_hasher";
constexpr const char* kPieceHasher = "sha256_hasher";

CircuitParameters named(CircuitKind kind, uint64_t sector_size, const std::string& prefix, std::string identifier) {
  const Digest d = sha256({reinterpret_cast<const uint8_t*>(identifier.data()), identifier.size()});
  return {kind, sector_size, identifier, prefix + "-" + to_hex(d)};
}

}  // namespace

std::string CircuitParameters::file_name(std::string_view extension) const {
  std::string name("v");
  name.append(std::to_string(kParameterVersion));
  name.append("-").append(cache_id).append(".").append(extension);
  return name;
}

std::string tree_r_name(const TreeArities& shape) {
  return std::string("merkletree-") + kTreeHasher + "-" + shape.arities();
}

CircuitParameters circuit_parameters(RegisteredSealProof proof) {
  const SealProofInfo& p = seal_proof_info(proof);
  const SectorParams& s = p.sector();
  const std::string tree = tree_r_name(s.tree);
  // stacked/vanilla/params.rs, graph.rs and drgraph.rs identifier() (the
  // missing comma after the expansion degree is rust's).
  const std::string graph = "stacked_graph::StackedGraph{expansion_degree: " + std::to_string(kExpansionDegree) +
                            " base_graph: drgraph::BucketGraph{size: " + std::to_string(s.nodes) +
                            "; degree: " + std::to_string(kDrgDegree) + "; hasher: " + kTreeHasher + "} }";
  return named(CircuitKind::kPoRep, s.sector_size,
               "stacked-proof-of-replication-" + tree + "-" + kPieceHasher,
               "layered_drgporep::PublicParams{ graph: " + graph + ", challenges: LayerChallenges { layers: " +
                   std::to_string(s.layers) + ", max_count: " + std::to_string(p.challenges_per_partition) +
                   " }, tree: " + tree + " }");
}

CircuitParameters circuit_parameters(RegisteredPoStProof proof) {
  const PoStProofInfo& p = post_proof_info(proof);
  const SectorParams& s = sector_params(p.sector_size);
  return named(p.type == PoStType::kWinning ? CircuitKind::kWinningPoSt : CircuitKind::kWindowPoSt, s.sector_size,
               "proof-of-spacetime-fallback-" + tree_r_name(s.tree),
               "FallbackPoSt::PublicParams{sector_size: " + std::to_string(s.sector_size) +
                   ", challenge_count: " + std::to_string(p.circuit_challenge_count) +
                   ", sector_count: " + std::to_string(p.circuit_sector_count) + "}");
}

CircuitParameters circuit_parameters(RegisteredUpdateProof proof) {
  const UpdateProofInfo& p = update_proof_info(proof);
  const SectorParams& s = sector_params(p.sector_size);
  return named(CircuitKind::kSnapDeals, s.sector_size, "empty-sector-update-" + tree_r_name(s.tree),
               "empty_sector_update::PublicParams{ sector_nodes: " + std::to_string(s.nodes) + " }");
}

CircuitParameters update_poseidon_circuit_parameters(RegisteredUpdateProof proof) {
  const UpdateProofInfo& p = update_proof_info(proof);
  const SectorParams& s = sector_params(p.sector_size);
  return named(CircuitKind::kSnapDealsPoseidon, s.sector_size, "empty-sector-update-poseidon-" + tree_r_name(s.tree),
               "empty_sector_update::PublicParams{ sector_nodes: " + std::to_string(s.nodes) + " }");
}

std::vector<CircuitParameters> published_circuits() {
  std::vector<CircuitParameters> out;
  for (uint64_t i = 0; i < 5; ++i) {
    out.push_back(circuit_parameters(RegisteredSealProof(i)));
    out.push_back(circuit_parameters(RegisteredPoStProof(i)));      // Winning
    out.push_back(circuit_parameters(RegisteredPoStProof(10 + i)));  // Window (V1 shares it)
    out.push_back(circuit_parameters(RegisteredUpdateProof(i)));
  }
  return out;
}

}  // namespace cuzk::filecoin
