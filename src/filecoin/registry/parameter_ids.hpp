// The names of the Groth16 parameter files of every circuit, as rust-fil-
// proofs derives them (storage-proofs-core parameter_cache.rs): the circuit's
// public parameters print an identifier string, and the file is
//   v28-<prefix>-<hex SHA-256(identifier)>.{params,vk,meta}
// where the prefix names the circuit and its tree (e.g.
// "stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher").
// All 20 seal proof types share their size's PoRep circuit; Winning and both
// Window versions have one circuit each per size.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "filecoin/registry/post_proof.hpp"
#include "filecoin/registry/seal_proof.hpp"
#include "filecoin/registry/update_proof.hpp"

namespace cuzk::filecoin {

constexpr int kParameterVersion = 28;  // parameter_cache.rs VERSION

enum class CircuitKind { kPoRep, kWinningPoSt, kWindowPoSt, kSnapDeals, kSnapDealsPoseidon };

struct CircuitParameters {
  CircuitKind kind;
  uint64_t sector_size;
  std::string identifier;  // exactly as rust formats it
  std::string cache_id;    // <prefix>-<hex SHA-256(identifier)>

  // v28-<cache_id>.params / .vk / .meta
  std::string params_file() const { return file_name("params"); }
  std::string vk_file() const { return file_name("vk"); }
  std::string meta_file() const { return file_name("meta"); }
  std::string file_name(std::string_view extension) const;
};

// "merkletree-poseidon_hasher-8-8-0" (MerkleTreeTrait::display for TreeR).
std::string tree_r_name(const TreeArities& shape);

CircuitParameters circuit_parameters(RegisteredSealProof proof);
CircuitParameters circuit_parameters(RegisteredPoStProof proof);
CircuitParameters circuit_parameters(RegisteredUpdateProof proof);
// The single-partition EmptySectorUpdate-Poseidon circuit (published for 32
// and 64 GiB only).
CircuitParameters update_poseidon_circuit_parameters(RegisteredUpdateProof proof);

// The 20 published circuits: for each size, PoRep, WinningPoSt, WindowPoSt,
// SnapDeals.
std::vector<CircuitParameters> published_circuits();

}  // namespace cuzk::filecoin
