#include "snarkjs_commands.hpp"

#include <cstdio>
#include <iostream>

#include "core/mapped_file.hpp"
#include "core/timer.hpp"
#include "exit_codes.hpp"
#include "formats/public_inputs_json.hpp"
#include "formats/snarkjs/json.hpp"
#include "formats/snarkjs/json_vk.hpp"
#include "formats/snarkjs/r1cs_file.hpp"
#include "formats/snarkjs/wtns.hpp"
#include "formats/snarkjs/zkey.hpp"
#include "groth16/verifier.hpp"
#include "groth16/zkey_setup.hpp"
#include "engine/snarkjs_job.hpp"
#include "local_jobs.hpp"

namespace cuzk::app {

namespace sj = formats::snarkjs;

namespace {

void print_phases(const PhaseTimer& t, std::FILE* out) {
  for (const auto& [name, s] : t.phases()) std::fprintf(out, "  %-20s %9.4f s\n", name.c_str(), s);
  std::fprintf(out, "  %-20s %9.4f s\n", "total", t.total());
}

}  // namespace

int run_snarkjs_prover(const SnarkjsProverArgs& a) {
  Stopwatch wall;
  PhaseTimer t;
  engine::require_zkey_file(a.zkey);
  auto [host, key, key_memory] = local_host_with_key(a.zkey, a.cpu_only, t);
  auto wtns = t.run("load witness", [&] { return std::make_shared<const std::vector<uint8_t>>(read_whole_file(a.wtns)); });
  // every proof verified before it is written (engine::snarkjs_job)
  const auto r = run_job(*host, engine::snarkjs_job(key, std::move(wtns), a.zkey));
  add_stages(t, r);
  t.run("write json", [&] {
    const auto json = engine::snarkjs_json(r);
    formats::write_text_file(a.proof_out, json.proof);
    formats::write_text_file(a.public_out, json.public_signals);
  });
  if (a.verify_after) std::cerr << "verify: OK\n";
  if (a.timings) {
    std::fprintf(stderr, "prover: %s on %s\n", engine::key_kind(key).c_str(), where(*host).c_str());
    print_phases(t, stderr);
    std::fprintf(stderr, "  %-20s %9.4f s\n", "wall", wall.seconds());
  }
  return kExitOk;
}

int run_snarkjs_verifier(const SnarkjsVerifierArgs& a) {
  const std::string vk_text = formats::read_text_file(a.vk);
  const std::string vk_src = "verification key '" + a.vk + "'";
  return sj::with_curve(sj::json_curve(vk_text, vk_src), [&](auto e) {
    using E = decltype(e);
    using F = typename E::Fr;
    auto vk = sj::vk_from_json<E>(vk_text, vk_src);
    auto pub = sj::public_from_json<F>(formats::read_text_file(a.public_json), "public signals '" + a.public_json + "'");
    auto proof = sj::proof_from_json<E>(formats::read_text_file(a.proof_json), "proof '" + a.proof_json + "'");
    if (pub.size() + 1 != vk.ic.size())
      throw DecodeError("public signals '" + a.public_json + "': " + std::to_string(pub.size()) +
                        " values, the verification key expects " + std::to_string(vk.ic.size() - 1));
    groth16::PreparedVerifyingKey<E> pvk(vk);
    const bool ok = groth16::verify_proof(pvk, proof, std::span<const F>(pub));
    std::cout << (ok ? "Result: Valid proof\n" : "Result: Invalid proof\n");
    return ok ? kExitOk : kExitInvalidProof;
  });
}

int run_zkey_setup(const ZkeySetupArgs& a) {
  MappedFile rf(a.r1cs);
  const std::string src = "r1cs '" + a.r1cs + "'";
  return sj::with_curve(sj::r1cs_curve(rf.bytes(), src), [&](auto e) {
    using E = decltype(e);
    using F = typename E::Fr;
    std::cerr << "zkey-setup: INSECURE development setup: the toxic waste is drawn and known by this process; "
                 "never use these keys to secure anything\n";
    PhaseTimer t;
    auto r1cs = t.run("read r1cs", [&] { return sj::read_r1cs<E>(rf.bytes(), src); });
    const auto& h = r1cs.header;
    groth16::QapCircuit<F> qc{h.n_wires, h.n_public(), std::move(r1cs.a), std::move(r1cs.b), std::move(r1cs.c)};
    auto pk = t.run("setup", [&] { return groth16::zkey_setup<E>(qc, groth16::ToxicWaste<E>::random()); });
    t.run("write zkey", [&] { sj::write_zkey(pk, a.zkey_out); });
    if (!a.vk_out.empty()) formats::write_text_file(a.vk_out, sj::vk_to_json(pk.vk));
    std::fprintf(stderr, "zkey-setup: %s, %u constraints, %u wires, %u public, domain 2^%d\n",
                 sj::curve_name(sj::curve_of<E>()), h.n_constraints, h.n_wires, h.n_public(), pk.log_n());
    print_phases(t, stderr);
    return kExitOk;
  });
}

SnarkjsCommands::SnarkjsCommands(CLI::App& app) {
  c_prover_ = app.add_subcommand("prover", "prove from a snarkjs .zkey and a circom .wtns (rapidsnark-compatible)");
  c_prover_->add_option("zkey", prover_.zkey, "circuit.zkey")->required()->check(CLI::ExistingFile);
  c_prover_->add_option("witness", prover_.wtns, "witness.wtns")->required()->check(CLI::ExistingFile);
  c_prover_->add_option("proof", prover_.proof_out, "proof.json to write")->required();
  c_prover_->add_option("public", prover_.public_out, "public.json to write")->required();
  c_prover_->add_flag("--timings", prover_.timings, "print per-phase timings to stderr");
  c_prover_->add_flag("--verify", prover_.verify_after, "verify the proof with the key's verifying part (exit 1 if not)");
  c_prover_->add_flag("--cpu", prover_.cpu_only, "prove on the CPU even when a GPU is present");

  c_verifier_ = app.add_subcommand("verifier", "verify a snarkjs Groth16 proof (rapidsnark-compatible)");
  c_verifier_->add_option("vk", verifier_.vk, "verification_key.json")->required()->check(CLI::ExistingFile);
  c_verifier_->add_option("public", verifier_.public_json, "public.json")->required()->check(CLI::ExistingFile);
  c_verifier_->add_option("proof", verifier_.proof_json, "proof.json")->required()->check(CLI::ExistingFile);

  c_setup_ = app.add_subcommand("zkey-setup", "development setup (INSECURE toxic waste) writing a snarkjs .zkey from a circom .r1cs");
  c_setup_->add_option("r1cs", setup_.r1cs, "circuit.r1cs")->required()->check(CLI::ExistingFile);
  c_setup_->add_option("zkey", setup_.zkey_out, "circuit.zkey to write")->required();
  c_setup_->add_option("--vk", setup_.vk_out, "also write verification_key.json");
}

std::optional<int> SnarkjsCommands::run() const {
  if (*c_prover_) return run_snarkjs_prover(prover_);
  if (*c_verifier_) return run_snarkjs_verifier(verifier_);
  if (*c_setup_) return run_zkey_setup(setup_);
  return std::nullopt;
}

}  // namespace cuzk::app
