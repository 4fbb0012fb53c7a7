#include "commands.hpp"

#include <cstdio>
#include <iostream>

#include "core/mapped_file.hpp"
#include "core/timer.hpp"
#include "engine/builtin_partition.hpp"
#include "formats/bellperson_params.hpp"
#include "formats/public_inputs_json.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "local_jobs.hpp"

namespace cuzk::app {

namespace bp = formats::bellperson;
using E = groth16::Bls12_381;

namespace {

void print_phases(const PhaseTimer& t) {
  std::printf("%-28s %12s\n", "phase", "seconds");
  for (const auto& [name, s] : t.phases()) std::printf("%-28s %12.4f\n", name.c_str(), s);
  std::printf("%-28s %12.4f\n", "total", t.total());
}

std::string shape_text(const r1cs::CircuitShape& s) {
  return std::to_string(s.num_constraints) + " constraints, " + std::to_string(s.num_aux) + " aux, " +
         std::to_string(s.num_inputs - 1) + " public inputs";
}

// A file holding only a verifying key, or full params (the vk comes first).
groth16::VerifyingKey<E> load_vk(const std::string& path) {
  MappedFile f(path);
  formats::ByteReader r(f.bytes(), "key file '" + path + "'");
  return bp::read_vk(r);
}

}  // namespace

int run_setup(const SetupArgs& a) {
  auto circuit = make_builtin_circuit(a.circuit);
  PhaseTimer t;
  std::cout << "setup: " << circuit->describe() << " (INSECURE development setup)\n";
  auto pk = t.run("setup", [&] {
    r1cs::KeypairAssembly<Fr> ka;
    circuit->synthesize(ka);
    ka.finish();
    std::cout << "  " << shape_text(ka.shape()) << "\n";
    return groth16::generate_parameters<E>(ka, groth16::ToxicWaste<E>::random());
  });
  t.run("write params", [&] { bp::write_params(pk, a.params_out); });
  if (!a.vk_out.empty()) bp::write_file(a.vk_out, bp::serialize_vk(pk.vk));
  print_phases(t);
  return kExitOk;
}

int run_prove(const ProveArgs& a) {
  PhaseTimer t;
  auto host = local_host();
  engine::JobSpec spec;
  spec.key = t.run("load params", [&] { return host->keys().get(a.params); });
  if (!std::holds_alternative<std::shared_ptr<const engine::BellpersonKey>>(spec.key))
    throw Error("'" + a.params + "' is a " + engine::key_kind(spec.key) + " key, not bellperson params");
  auto part = t.run("shape", [&] { return std::make_shared<engine::BuiltinPartition>(make_builtin_circuit(a.circuit)); });
  const auto& pk = *std::get<std::shared_ptr<const engine::BellpersonKey>>(spec.key);
  const auto shape = part->shape();
  // refused before any proving work, naming what differs
  if (pk.vk.ic.size() != shape.num_inputs || pk.l.size() != shape.num_aux)
    throw Error("params '" + a.params + "': the proving key does not match the circuit: it has " +
                std::to_string(pk.vk.ic.size() - 1) + " public inputs and " + std::to_string(pk.l.size()) +
                " aux, the circuit " + std::to_string(shape.num_inputs - 1) + " and " + std::to_string(shape.num_aux));
  spec.partitions.push_back(part);
  spec.verify_after = a.verify_after;
  const auto r = run_job(*host, std::move(spec));
  add_stages(t, r);
  const auto& out = r.on<E>();
  bp::write_file(a.proof_out, bp::proof_to_bytes(out.proofs[0]));
  formats::write_text_file(a.public_out, formats::public_inputs_to_json(out.public_inputs[0]));
  if (a.verify_after) std::cout << "verify: OK\n";
  std::cout << "prove: " << part->circuit().describe() << ", " << shape_text(shape) << " on " << where(*host) << "\n";
  print_phases(t);
  return kExitOk;
}

int run_verify(const VerifyArgs& a) {
  auto vk = load_vk(a.params_or_vk);
  MappedFile pf(a.proof);
  auto proof = bp::proof_from_bytes(pf.bytes(), "proof file '" + a.proof + "'");
  auto inputs = formats::public_inputs_from_json<Fr>(formats::read_text_file(a.public_inputs), "'" + a.public_inputs + "'");
  groth16::PreparedVerifyingKey<E> pvk(vk);
  bool ok = groth16::verify_proof(pvk, proof, std::span<const Fr>(inputs));
  std::cout << (ok ? "OK: proof verifies\n" : "FAILED: proof does not verify\n");
  return ok ? kExitOk : kExitInvalidProof;
}

int run_demo(const DemoArgs& a) {
  PhaseTimer t;
  auto host = local_host();
  auto part = t.run("shape", [&] { return std::make_shared<engine::BuiltinPartition>(make_builtin_circuit(a.circuit)); });
  std::cout << "demo: " << part->circuit().describe() << " on " << where(*host) << "\n";
  std::cout << "  " << shape_text(part->shape()) << "\n";
  auto pk = t.run("setup (dev, insecure)", [&] {
    r1cs::KeypairAssembly<Fr> ka;
    part->circuit().synthesize(ka);
    ka.finish();
    return std::make_shared<const engine::BellpersonKey>(groth16::generate_parameters<E>(ka, groth16::ToxicWaste<E>::random()));
  });
  engine::JobSpec spec;
  spec.key = pk;
  spec.partitions.push_back(part);
  spec.verify_after = true;  // by the engine, before it returns the proof
  const auto r = run_job(*host, std::move(spec));
  add_stages(t, r);
  // and once more as a verifier would see it: from the proof's 192 bytes
  const bool ok = t.run("verify (from bytes)", [&] {
    groth16::PreparedVerifyingKey<E> pvk(pk->vk);
    auto back = bp::proof_from_bytes(bp::proof_to_bytes(r.proofs<E>()[0]));
    return groth16::verify_proof(pvk, back, std::span<const Fr>(r.public_inputs<E>()[0]));
  });
  print_phases(t);
  std::cout << "proof verifies: " << (ok ? "yes" : "NO") << "\n";
  return ok ? kExitOk : kExitInvalidProof;
}

}  // namespace cuzk::app
