#include "filecoin/prove/filecoin_circuit.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "core/error.hpp"
#include "filecoin/circuits/fallback_post_circuit.hpp"
#include "filecoin/circuits/stacked/circuit_inputs.hpp"
#include "filecoin/circuits/update/update_circuit_builder.hpp"
#include "filecoin/domain.hpp"
#include "filecoin/registry/parameter_ids.hpp"

namespace cuzk::filecoin {

namespace {

std::string hex_of(const Domain& d) { return to_hex(d); }

void refuse_other_vanilla(const FilecoinProofType& type, const FilecoinVanillaProofs& v, bool c1, bool post,
                          bool snap) {
  std::string extra;
  if (!c1 && v.c1) extra += " a C1 output";
  if (!post && !v.post.empty()) extra += " PoSt vanilla proofs";
  if (!snap && !v.snap.empty()) extra += " SnapDeals vanilla proofs";
  if (!extra.empty()) throw Error(type.name + " is not proved from" + extra);
}

// The C1 output must be this statement's: the values give the replica id
// the C1 output's challenges were drawn for.
void check_c1(const FilecoinProofType& type, const FilecoinPublicValues& v, const SealCommitPhase1Output& c1,
              const PorepPublicInputs& pub) {
  if (c1.registered_proof != type.name)
    throw Error("the C1 output is for " + c1.registered_proof + ", not " + type.name);
  const auto same = [](const char* name, const Domain& c1_value, const std::optional<Domain>& given) {
    if (given && *given != c1_value)
      throw Error(std::string("the C1 output's ") + name + " " + hex_of(c1_value) + " differs from the " + name +
                  " given, " + hex_of(*given));
  };
  same("comm_r", c1.comm_r, v.comm_r);
  same("comm_d", c1.comm_d, v.comm_d);
  same("ticket", c1.ticket, v.ticket);
  if (type.porep.mode != PoRepChallengeKind::kNonInteractive) same("seed", c1.seed, v.seed);
  if (pub.replica_id() != c1.replica_id)
    throw Error("prover_id and sector_id give replica id " + hex_of(pub.replica_id()) +
                ", the C1 output's is " + hex_of(c1.replica_id) + ": the C1 output is another sector's");
}

// The proofs must be exactly the statement's sectors (any order).
void check_post_sectors(const FilecoinPublicValues& v, const std::vector<FallbackPoStSectorProof>& proofs) {
  std::map<uint64_t, Domain> given;
  for (const auto& s : v.sectors) given.emplace(s.sector_id, s.comm_r);
  std::map<uint64_t, Domain> proved;
  for (const auto& p : proofs)
    if (!proved.emplace(p.sector_id, p.comm_r).second)
      throw Error("two vanilla proofs for sector " + std::to_string(p.sector_id));
  for (const auto& [id, comm_r] : proved) {
    const auto it = given.find(id);
    if (it == given.end()) throw Error("a vanilla proof for sector " + std::to_string(id) + ", which is not challenged");
    if (it->second != comm_r)
      throw Error("sector " + std::to_string(id) + ": the vanilla proof's comm_r " + hex_of(comm_r) +
                  " differs from the challenged sector's " + hex_of(it->second));
  }
  for (const auto& [id, comm_r] : given)
    if (!proved.count(id)) throw Error("no vanilla proof for challenged sector " + std::to_string(id));
}

std::vector<FilecoinCircuit> with_inputs(std::vector<FilecoinCircuit> circuits, std::vector<std::vector<Fr>> inputs) {
  if (circuits.size() != inputs.size())
    throw Error("the vanilla proofs make " + std::to_string(circuits.size()) + " partitions, the public values " +
                std::to_string(inputs.size()));
  for (size_t k = 0; k < circuits.size(); ++k) circuits[k].inputs = std::move(inputs[k]);
  return circuits;
}

}  // namespace

FilecoinCircuit blank_filecoin_circuit(const FilecoinProofType& type) {
  switch (type.kind) {
    case FilecoinProofKind::kPoRep:
      return {stacked::blank_stacked_circuit(
                  stacked::stacked_circuit_shape(std::get<RegisteredSealProof>(type.registered))),
              {}};
    case FilecoinProofKind::kWindowPoSt:
    case FilecoinProofKind::kWinningPoSt:
      return {fallback_post_blank_circuit(fallback_post_config(std::get<RegisteredPoStProof>(type.registered))), {}};
    case FilecoinProofKind::kSnapDeals:
      return {update_circuit::blank_update_circuit_inputs(type.sector_nodes), {}};
  }
  throw Error("blank circuit: unknown proof kind");
}

std::string official_params_file(const FilecoinProofType& type) {
  return std::visit([](auto proof) { return circuit_parameters(proof).params_file(); }, type.registered);
}

std::vector<FilecoinCircuit> filecoin_partition_circuits(const FilecoinProofType& type,
                                                         const FilecoinPublicValues& values,
                                                         const FilecoinVanillaProofs& vanilla) {
  const bool porep = type.kind == FilecoinProofKind::kPoRep;
  const bool snap = type.kind == FilecoinProofKind::kSnapDeals;
  refuse_other_vanilla(type, vanilla, porep, !porep && !snap, snap);
  // Checks the values the kind needs before anything is built.
  auto inputs = filecoin_public_inputs(type, values);
  std::vector<FilecoinCircuit> circuits;
  switch (type.kind) {
    case FilecoinProofKind::kPoRep: {
      if (!vanilla.c1) throw Error(type.name + " is proved from a C1 output; none given");
      PorepPublicValues pv{*values.comm_r, *values.comm_d, *values.prover_id, *values.ticket,
                           values.seed.value_or(Domain{}), *values.sector_id};
      check_c1(type, values, *vanilla.c1, PorepPublicInputs(type.porep, pv));
      for (auto& c : stacked::stacked_circuit_partitions(*vanilla.c1)) circuits.push_back({std::move(c), {}});
      break;
    }
    case FilecoinProofKind::kWindowPoSt: {
      check_post_sectors(values, vanilla.post);
      const auto proof = std::get<RegisteredPoStProof>(type.registered);
      for (size_t k = 0; k < inputs.size(); ++k) circuits.push_back({window_post_circuit(proof, vanilla.post, k), {}});
      break;
    }
    case FilecoinProofKind::kWinningPoSt: {
      check_post_sectors(values, vanilla.post);
      circuits.push_back(
          {winning_post_circuit(std::get<RegisteredPoStProof>(type.registered), vanilla.post.front()), {}});
      break;
    }
    case FilecoinProofKind::kSnapDeals: {
      const SnapPublicValues sv{*values.comm_r_old, *values.comm_d_new, *values.comm_r_new};
      for (auto& c : update_circuit::update_circuit_inputs_all(type.sector_nodes, sv, vanilla.snap))
        circuits.push_back({std::move(c), {}});
      break;
    }
  }
  return with_inputs(std::move(circuits), std::move(inputs));
}

}  // namespace cuzk::filecoin
