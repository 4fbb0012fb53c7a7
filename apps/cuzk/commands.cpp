#include "commands.hpp"

#include <cstdio>
#include <iostream>

#include "core/mapped_file.hpp"
#include "core/timer.hpp"
#include "formats/bellperson_params.hpp"
#include "formats/public_inputs_json.hpp"
#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#if CUZK_WITH_CUDA
#include "gpu/device.hpp"
#include "groth16/cuda/gpu_prover.hpp"
#endif

namespace cuzk::app {

namespace bp = formats::bellperson;
using E = groth16::Bls12_381;

namespace {

void print_phases(const PhaseTimer& t) {
  std::printf("%-28s %12s\n", "phase", "seconds");
  for (const auto& [name, s] : t.phases()) std::printf("%-28s %12.4f\n", name.c_str(), s);
  std::printf("%-28s %12.4f\n", "total", t.total());
}

// Synthesizes into plain buffers sized from the circuit's shape; refuses an
// unsatisfied witness before any proving work, naming the constraint.
struct Synthesized {
  r1cs::OwnedAssignmentBuffers<Fr> buffers;
  r1cs::ProvingAssignment<Fr> assignment;
  explicit Synthesized(const BuiltinCircuit& c, const r1cs::CircuitShape& shape)
      : buffers(shape), assignment(buffers.view()) {
    c.synthesize(assignment);
    assignment.finish();
    groth16::require_satisfied<Fr>(assignment, [&](size_t i) { return c.describe_constraint(i); });
  }
};

r1cs::CircuitShape shape_of(const BuiltinCircuit& c) {
  r1cs::ShapeCounter<Fr> sc;
  c.synthesize(sc);
  return sc.shape();
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

// The CPU proving steps shared by prove and demo: key check, H, each MSM timed.
groth16::ProofTerms<E> terms_on_cpu(const groth16::ProvingKey<E>& pk, const r1cs::ProvingAssignment<Fr>& pa,
                                    PhaseTimer& t) {
  groth16::check_key_matches(pk, pa);
  auto h = t.run("H (NTT)", [&] { return groth16::compute_h_bellperson<Fr>(pa.a(), pa.b()); });
  return groth16::compute_terms_cpu(pk, pa, h, &t);
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
  auto circuit = make_builtin_circuit(a.circuit);
  PhaseTimer t;
  auto pk = t.run("load params", [&] { return bp::read_params(a.params); });
  auto shape = t.run("shape", [&] { return shape_of(*circuit); });
  auto syn = t.run("synthesize", [&] { return std::make_unique<Synthesized>(*circuit, shape); });
  auto terms = terms_on_cpu(pk, syn->assignment, t);
  auto proof = t.run("finalize", [&] { return groth16::blind_proof(pk.vk, terms); });
  auto bytes = bp::proof_to_bytes(proof);
  bp::write_file(a.proof_out, bytes);
  auto inputs = circuit->public_inputs();
  formats::write_text_file(a.public_out, formats::public_inputs_to_json(inputs));
  int rc = kExitOk;
  if (a.verify_after) {
    bool ok = t.run("verify", [&] {
      groth16::PreparedVerifyingKey<E> pvk(pk.vk);
      return groth16::verify_proof(pvk, proof, std::span<const Fr>(inputs));
    });
    std::cout << "verify: " << (ok ? "OK" : "FAILED") << "\n";
    rc = ok ? kExitOk : kExitInvalidProof;
  }
  std::cout << "prove: " << circuit->describe() << ", " << shape_text(shape) << "\n";
  print_phases(t);
  return rc;
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
  auto circuit = make_builtin_circuit(a.circuit);
  bool on_gpu = false;
#if CUZK_WITH_CUDA
  on_gpu = gpu::device_count() > 0;
#endif
  std::cout << "demo: " << circuit->describe() << " on "
            << (on_gpu ? "the GPU" : "the CPU (" + std::to_string(global_pool().size()) + " threads)") << "\n";
  PhaseTimer t;
  auto shape = t.run("shape", [&] { return shape_of(*circuit); });
  std::cout << "  " << shape_text(shape) << "\n";
  auto pk = t.run("setup (dev, insecure)", [&] {
    r1cs::KeypairAssembly<Fr> ka;
    circuit->synthesize(ka);
    ka.finish();
    return groth16::generate_parameters<E>(ka, groth16::ToxicWaste<E>::random());
  });
  auto syn = t.run("synthesize", [&] { return std::make_unique<Synthesized>(*circuit, shape); });
  groth16::ProofTerms<E> terms;
#if CUZK_WITH_CUDA
  if (on_gpu) {
    auto key = t.run("key to GPU", [&] { return std::make_unique<groth16::cuda::GpuProvingKey<E>>(pk, 0); });
    groth16::cuda::GpuProver<E> prover(0);
    groth16::cuda::GpuTimings gt;
    terms = prover.compute(*key, syn->assignment, &gt);
    t.add("H2D (" + std::to_string(int(gt.h2d_gbps())) + " GB/s)", gt.h2d);
    t.add("H (NTT, GPU)", gt.ntt);
    t.add("MSMs (GPU)", gt.msm);
  }
#endif
  if (!on_gpu) terms = terms_on_cpu(pk, syn->assignment, t);
  auto proof = t.run("finalize", [&] { return groth16::blind_proof(pk.vk, terms); });
  auto inputs = circuit->public_inputs();
  bool ok = t.run("verify", [&] {
    groth16::PreparedVerifyingKey<E> pvk(pk.vk);
    auto back = bp::proof_from_bytes(bp::proof_to_bytes(proof));
    return groth16::verify_proof(pvk, back, std::span<const Fr>(inputs));
  });
  print_phases(t);
  std::cout << "proof verifies: " << (ok ? "yes" : "NO") << "\n";
  return ok ? kExitOk : kExitInvalidProof;
}

}  // namespace cuzk::app
