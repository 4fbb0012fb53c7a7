// One partition of a Filecoin proof as a circuit value the engine proves
// (engine::CircuitPartition): the FallbackPoSt, StackedDRG or
// EmptySectorUpdate circuit with the public inputs rust-fil-proofs'
// verifier generates for it (filecoin_public_inputs), so a proof that the
// engine verifies before returning it verifies as the network checks it.
// A blank circuit (no values, no inputs) gives the shape and the keys.
#pragma once
#include <optional>
#include <type_traits>
#include <variant>
#include <vector>

#include "filecoin/circuits/fallback_post.hpp"
#include "filecoin/circuits/stacked/stacked_porep.hpp"
#include "filecoin/circuits/update/empty_sector_update_circuit.hpp"
#include "filecoin/vanilla/fallback_post_proof.hpp"
#include "filecoin/vanilla/seal_commit_phase1.hpp"
#include "filecoin/vanilla/snap_partition_proof.hpp"
#include "filecoin/verify/verify_filecoin_proof.hpp"

namespace cuzk::filecoin {

struct FilecoinCircuit {
  std::variant<FallbackPoStCircuit, stacked::StackedCircuitInputs, update_circuit::UpdateCircuitInputs> circuit;
  std::vector<Fr> inputs;  // ONE excluded; empty in a blank circuit

  template <class CS>
  void synthesize(CS& cs) const {
    std::visit(
        [&](const auto& c) {
          using C = std::decay_t<decltype(c)>;
          if constexpr (std::is_same_v<C, FallbackPoStCircuit>)
            synthesize_fallback_post(cs, c);
          else if constexpr (std::is_same_v<C, stacked::StackedCircuitInputs>)
            stacked::synthesize_stacked_porep(cs, c);
          else
            update_circuit::synthesize_empty_sector_update(cs, c);
        },
        circuit);
  }
  std::vector<Fr> public_inputs() const { return inputs; }
};

// The blank partition circuit of a registered proof.
FilecoinCircuit blank_filecoin_circuit(const FilecoinProofType& type);

// The file name rust-fil-proofs gives the type's parameters ("v28-...params").
std::string official_params_file(const FilecoinProofType& type);

// What a prover is given besides the public values: the C1 output (PoRep),
// the per-sector vanilla proofs (PoSt: Window any number of sectors, Winning
// one) or the per-partition vanilla proofs (SnapDeals).
struct FilecoinVanillaProofs {
  std::optional<SealCommitPhase1Output> c1;
  std::vector<FallbackPoStSectorProof> post;
  std::vector<SnapPartitionProof> snap;
};

// Every partition's circuit, in partition order, each with its public
// inputs. Error naming the mismatch when the vanilla proofs do not belong to
// the values (a C1 output for another replica id or comm_r, PoSt proofs for
// other sectors, the wrong number of SnapDeals partitions) or to the type.
std::vector<FilecoinCircuit> filecoin_partition_circuits(const FilecoinProofType& type,
                                                         const FilecoinPublicValues& values,
                                                         const FilecoinVanillaProofs& vanilla);

}  // namespace cuzk::filecoin
