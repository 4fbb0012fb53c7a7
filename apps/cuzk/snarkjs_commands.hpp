// The circom/snarkjs subcommands: `prover` and `verifier`, with rapidsnark's
// arguments and, where they agree with cuzk's table (exit_codes.hpp), its exit
// codes: 0 valid, 1 invalid proof; bad input exits 2 where rapidsnark exits 1
// for every failure. And `zkey-setup` (INSECURE development .zkey keys).
#pragma once
#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>

namespace cuzk::app {

struct SnarkjsProverArgs {
  std::string zkey, wtns, proof_out, public_out;
  bool timings = false;
  bool verify_after = false;
  bool cpu_only = false;  // --cpu: ignore a present GPU
};
int run_snarkjs_prover(const SnarkjsProverArgs& a);

struct SnarkjsVerifierArgs {
  std::string vk, public_json, proof_json;
};
int run_snarkjs_verifier(const SnarkjsVerifierArgs& a);

struct ZkeySetupArgs {
  std::string r1cs, zkey_out, vk_out;
};
int run_zkey_setup(const ZkeySetupArgs& a);

// Registers the three subcommands on app; after parsing, run() returns the
// exit code of the one selected, or nothing when none of them was.
class SnarkjsCommands {
 public:
  explicit SnarkjsCommands(CLI::App& app);
  std::optional<int> run() const;

 private:
  SnarkjsProverArgs prover_;
  SnarkjsVerifierArgs verifier_;
  ZkeySetupArgs setup_;
  CLI::App *c_prover_, *c_verifier_, *c_setup_;
};

}  // namespace cuzk::app
