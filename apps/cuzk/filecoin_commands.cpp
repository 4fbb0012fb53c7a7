#include "filecoin_commands.hpp"

namespace cuzk::app {

namespace {

const char* kTypeHelp =
    "registered proof name: a seal proof (StackedDrg32GiBV1_1), a PoSt proof (StackedDrgWindow32GiBV1_2) or "
    "update: and an update proof (update:StackedDrg32GiBV1)";

}  // namespace

FilecoinCommands::FilecoinCommands(CLI::App& app) {
  c_filecoin_ = app.add_subcommand("filecoin", "Filecoin proofs");
  c_filecoin_->require_subcommand(1);

  c_verify_ = c_filecoin_->add_subcommand(
      "verify", "verify a Filecoin PoRep, WindowPoSt, WinningPoSt or SnapDeals proof against its public values");
  {
    auto* c = c_verify_;
    auto& v = verify_;
    c->add_option("--type", v.type, kTypeHelp)->required();
    c->add_option("--vk", v.vk, "bellperson verifying key (.vk), or .params (its key comes first)")
        ->required()
        ->check(CLI::ExistingFile);
    c->add_option("--proof", v.proof, "proof bytes: 192 per partition, in partition order")
        ->required()
        ->check(CLI::ExistingFile);
    add_value_options(c, v.values);
  }

  c_prove_ = c_filecoin_->add_subcommand(
      "prove", "prove a Filecoin PoRep (from its C1 output), WindowPoSt / WinningPoSt (from per-sector vanilla "
               "proofs) or SnapDeals (from per-partition vanilla proofs); the proof is verified before it is written");
  {
    auto* c = c_prove_;
    auto& p = prove_;
    c->add_option("--type", p.type, kTypeHelp)->required();
    c->add_option("--params", p.params, "bellperson parameters (.params) of the circuit")
        ->required()
        ->check(CLI::ExistingFile);
    c->add_option("--out", p.out, "where to write the proof: 192 bytes per partition")->required();
    c->add_option("--c1", p.c1, "PoRep: the C1 output (SealCommitPhase1Output JSON, or Curio's envelope of it)")
        ->check(CLI::ExistingFile);
    c->add_option("--vanilla", p.vanilla,
                  "PoSt: a sector's vanilla proof; SnapDeals: a partition's (bincode, or a JSON array of base64 "
                  "items); repeat for each")
        ->check(CLI::ExistingFile);
    c->add_flag("--no-verify", p.no_verify, "write the proof without verifying it first");
    c->add_flag("--cpu", p.cpu, "prove on the CPU even where a GPU answers");
    add_value_options(c, p.values);
  }

  c_shape_ = c_filecoin_->add_subcommand(
      "shape", "a Filecoin circuit's inputs, aux, constraints, non-zeros and densities, and the counts its "
               ".params file must hold; with --params, whether a file fits");
  {
    auto* c = c_shape_;
    c->add_option("--type", shape_.type, kTypeHelp)->required();
    c->add_option("--params", shape_.params, "a .params or .vk file to check against the circuit")
        ->check(CLI::ExistingFile);
    c->add_flag("--json", shape_.json, "print JSON");
  }

  c_setup_ = c_filecoin_->add_subcommand(
      "setup", "an INSECURE development key (.params) for a Filecoin circuit: for tests and benchmarks, never "
               "for the network");
  {
    auto* c = c_setup_;
    c->add_option("--type", setup_.type, kTypeHelp)->required();
    c->add_option("--params-out", setup_.params_out, "where to write the parameters")->required();
    c->add_option("--vk-out", setup_.vk_out, "where to write the verifying key alone");
  }
}

std::optional<int> FilecoinCommands::run() const {
  if (*c_verify_) return run_filecoin_verify(verify_);
  if (*c_prove_) return run_filecoin_prove(prove_);
  if (*c_shape_) return run_filecoin_shape(shape_);
  if (*c_setup_) return run_filecoin_setup(setup_);
  return std::nullopt;
}

}  // namespace cuzk::app
