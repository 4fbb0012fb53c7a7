// `cuzk filecoin prove`, `shape` and `setup`: the real Filecoin circuits
// (filecoin/prove/filecoin_circuit.hpp) through the engine.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "core/mapped_file.hpp"
#include "core/timer.hpp"
#include "engine/circuit_partition.hpp"
#include "engine/matrix_store.hpp"
#include "exit_codes.hpp"
#include "filecoin/formats/curio_json.hpp"
#include "filecoin/formats/fallback_post_bincode.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"
#include "filecoin/formats/snap_bincode.hpp"
#include "filecoin/prove/filecoin_circuit.hpp"
#include "filecoin/registry/parameter_ids.hpp"
#include "filecoin/registry/update_params.hpp"
#include "filecoin_commands.hpp"
#include "formats/bellperson_params.hpp"
#include "formats/bellperson_params_check.hpp"
#include "formats/public_inputs_json.hpp"
#include "groth16/setup.hpp"
#include "local_jobs.hpp"
#include "r1cs/density_counter.hpp"
#include "r1cs/keypair_assembly.hpp"
#include "r1cs/matrix_recorder.hpp"

namespace cuzk::app {

namespace fc = filecoin;
namespace bp = formats::bellperson;
using E = groth16::Bls12_381;
using Fr = E::Fr;

namespace {

r1cs::DensityCounter<Fr> count(const fc::FilecoinCircuit& c) {
  r1cs::DensityCounter<Fr> dc;
  c.synthesize(dc);
  return dc;
}

std::string partitions_text(const fc::FilecoinProofType& t) {
  switch (t.kind) {
    case fc::FilecoinProofKind::kPoRep: return std::to_string(t.porep.partitions) + " per proof";
    case fc::FilecoinProofKind::kWindowPoSt:
      return "one per " + std::to_string(t.post.sectors_per_partition) + " sectors";
    case fc::FilecoinProofKind::kWinningPoSt: return "1 per proof";
    case fc::FilecoinProofKind::kSnapDeals: return std::to_string(fc::update_partition_count(t.sector_nodes)) + " per proof";
  }
  return "?";
}

std::string mismatch_message(const std::string& path, const fc::FilecoinProofType& type,
                             const std::vector<std::string>& mismatches) {
  std::string m = "params '" + path + "' do not fit the " + type.name + " circuit:";
  for (const auto& line : mismatches) m += "\n  " + line;
  return m;
}

}  // namespace

int run_filecoin_shape(const FilecoinShapeArgs& a) {
  const auto type = fc::filecoin_proof_type(a.type);
  const auto dc = count(fc::blank_filecoin_circuit(type));
  const auto s = dc.shape();
  const auto need = bp::expected_params_counts(dc);
  const size_t log_domain = size_t(std::bit_width(*need.h));
  std::optional<bp::ParamsCounts> file;
  std::vector<std::string> mismatches;
  if (!a.params.empty()) {
    file = bp::scan_params_counts_file(a.params);
    mismatches = bp::params_mismatches(*file, need);
  }
  if (a.json) {
    nlohmann::ordered_json j;
    j["type"] = type.name;
    j["kind"] = fc::filecoin_proof_kind_name(type.kind);
    j["partitions"] = partitions_text(type);
    j["inputs"] = s.num_inputs;
    j["aux"] = s.num_aux;
    j["constraints"] = s.num_constraints;
    j["input_constraints"] = s.num_inputs;
    j["nnz"] = {{"a", dc.nnz_a()}, {"b", dc.nnz_b()}, {"c", dc.nnz_c()}};
    j["density"] = {{"a_aux", dc.a_aux_density()}, {"b_input", dc.b_input_density()}, {"b_aux", dc.b_aux_density()}};
    j["log_domain"] = log_domain;
    j["official_params_file"] = fc::official_params_file(type);
    j["params"] = {{"ic", need.ic}, {"h", *need.h}, {"l", *need.l}, {"a", *need.a}, {"b_g1", *need.b_g1},
                   {"b_g2", *need.b_g2}, {"bytes", need.file_bytes()}};
    if (file) {
      j["file"] = a.params;
      j["fits"] = mismatches.empty();
      j["mismatches"] = mismatches;
    }
    std::cout << j.dump(2) << "\n";
  } else {
    std::printf("%s (%s), partitions: %s\n", type.name.c_str(), fc::filecoin_proof_kind_name(type.kind),
                partitions_text(type).c_str());
    std::printf("  public inputs      %zu (ONE included)\n", s.num_inputs);
    std::printf("  aux                %zu\n", s.num_aux);
    std::printf("  constraints        %zu + %zu input constraints = %zu (domain 2^%zu)\n", s.num_constraints,
                s.num_inputs, s.abc_length(), log_domain);
    std::printf("  non-zeros A/B/C    %zu / %zu / %zu\n", dc.nnz_a(), dc.nnz_b(), dc.nnz_c());
    std::printf("  densities          a_aux %zu, b_input %zu, b_aux %zu\n", dc.a_aux_density(),
                dc.b_input_density(), dc.b_aux_density());
    std::printf("  .params counts     ic %zu, h %zu, l %zu, a %zu, b_g1 %zu, b_g2 %zu (%llu bytes)\n", need.ic,
                *need.h, *need.l, *need.a, *need.b_g1, *need.b_g2,
                static_cast<unsigned long long>(need.file_bytes()));
    std::printf("  official file      %s\n", fc::official_params_file(type).c_str());
    if (file && mismatches.empty())
      std::cout << "OK: '" << a.params << "' fits the circuit" << (file->h ? "" : " (a verifying key: ic only)") << "\n";
  }
  if (!file || mismatches.empty()) return kExitOk;
  throw Error(mismatch_message(a.params, type, mismatches));
}

int run_filecoin_setup(const FilecoinSetupArgs& a) {
  const auto type = fc::filecoin_proof_type(a.type);
  PhaseTimer t;
  std::cout << "setup: " << type.name << " (INSECURE development setup: never use its proofs on the network)\n";
  auto pk = t.run("setup", [&] {
    r1cs::KeypairAssembly<Fr> ka;
    fc::blank_filecoin_circuit(type).synthesize(ka);
    ka.finish();
    const auto s = ka.shape();
    std::cout << "  " << s.num_constraints << " constraints, " << s.num_aux << " aux, " << s.num_inputs - 1
              << " public inputs\n";
    return groth16::generate_parameters<E>(ka, groth16::ToxicWaste<E>::random());
  });
  t.run("write params", [&] { bp::write_params(pk, a.params_out); });
  if (!a.vk_out.empty()) bp::write_file(a.vk_out, bp::serialize_vk(pk.vk));
  for (const auto& [name, s] : t.phases()) std::printf("  %-14s %10.3f s\n", name.c_str(), s);
  return kExitOk;
}

int run_filecoin_prove(const FilecoinProveArgs& a) {
  PhaseTimer t;
  Statement st = read_statement(a.values);
  const auto type = resolve_type(a.type, st);
  fc::FilecoinVanillaProofs vanilla;
  t.run("read inputs", [&] {
    if (!a.c1.empty()) {
      vanilla.c1 = read_c1(a.c1, st);
      if (type.kind == fc::FilecoinProofKind::kPoRep) values_from_c1(*vanilla.c1, st);
    }
    const auto items = vanilla_items(a.vanilla);
    for (size_t i = 0; i < items.size(); ++i) {
      const std::string what = "vanilla proof #" + std::to_string(i);
      if (type.kind == fc::FilecoinProofKind::kSnapDeals)
        vanilla.snap.push_back(fc::read_snap_partition_proof(items[i], what));
      else
        vanilla.post.push_back(fc::read_fallback_post_sector_proof(items[i], what));
    }
  });
  const auto circuits = t.run("build circuits", [&] { return fc::filecoin_partition_circuits(type, st.values, vanilla); });

  // The key file is checked against the circuit before it is loaded: a file
  // for another circuit is named at once, not after minutes of proving.
  const auto dc = t.run("count circuit", [&] { return count(circuits.front()); });
  const auto mismatches = bp::params_mismatches(bp::scan_params_counts_file(a.params), bp::expected_params_counts(dc));
  if (!mismatches.empty()) throw Error(mismatch_message(a.params, type, mismatches));

  auto host = local_host(a.cpu);
  engine::JobSpec spec;
  spec.key = t.run("load params", [&] { return host->keys().get(a.params); });
  if (!std::holds_alternative<std::shared_ptr<const engine::BellpersonKey>>(spec.key))
    throw Error("'" + a.params + "' is a " + engine::key_kind(spec.key) + " key, not bellperson params");
  // the partitions are synthesized from the witness alone under the
  // circuit's matrices, recorded once and cached beside the key file
  engine::MatrixStore store(&host->budget());
  const auto matrices = t.run("circuit matrices", [&] {
    return store.get(type.name, std::filesystem::path(a.params).parent_path().string(), [&] {
      r1cs::MatrixRecorder<Fr> rec;
      fc::blank_filecoin_circuit(type).synthesize(rec);
      return std::move(rec).finish();
    });
  });
  for (const auto& c : circuits)
    spec.partitions.push_back(std::make_shared<engine::CircuitPartition<fc::FilecoinCircuit>>(c, matrices));
  const auto key = std::get<std::shared_ptr<const engine::BellpersonKey>>(spec.key);
  spec.verify_after = !a.no_verify;
  spec.label = type.name;
  const auto r = run_job(*host, std::move(spec));
  add_stages(t, r);

  std::vector<uint8_t> bytes;
  for (const auto& p : r.proofs<E>()) {
    const auto b = bp::proof_to_bytes(p);
    bytes.insert(bytes.end(), b.begin(), b.end());
  }
  if (!a.no_verify) {
    // Once more as the network sees it: from the bytes, against inputs
    // generated from the public values alone.
    const auto v = t.run("verify (from bytes)", [&] { return fc::verify_filecoin_proof(type, st.values, key->vk, bytes); });
    if (!v.valid)
      throw VerificationFailed("the proof of partition " + std::to_string(*v.first_invalid_partition) +
                               " does not verify from its bytes");
  }
  bp::write_file(a.out, bytes);
  std::printf("prove: %s, %zu partition%s of %zu constraints on %s%s\n", type.name.c_str(), circuits.size(),
              circuits.size() == 1 ? "" : "s", dc.shape().num_constraints, where(*host).c_str(),
              a.no_verify ? " (NOT verified)" : ", verified");
  for (const auto& [name, s] : t.phases()) std::printf("  %-28s %10.3f s\n", name.c_str(), s);
  return kExitOk;
}

}  // namespace cuzk::app
