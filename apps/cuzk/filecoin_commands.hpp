// `cuzk filecoin`: Filecoin proofs (PoRep, WindowPoSt, WinningPoSt,
// SnapDeals) on the real circuits.
//   verify  a proof against its public values (inputs generated as
//           rust-fil-proofs' verifiers generate them);
//   prove   C1 output or vanilla proofs + params -> proof bytes, verified
//           before they are written unless told not to;
//   shape   a circuit's counts, and whether a .params/.vk file fits it;
//   setup   an INSECURE development key for a circuit.
// Exit codes (exit_codes.hpp): 0 ok, 1 a proof that does not verify, 2 bad
// input or usage (a key file that does not fit the circuit included), 3
// internal or device errors.
#pragma once
#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "filecoin_statement.hpp"

namespace cuzk::app {

struct FilecoinVerifyArgs {
  std::string type, vk, proof;
  FilecoinValueArgs values;
};
int run_filecoin_verify(const FilecoinVerifyArgs& a);

struct FilecoinProveArgs {
  std::string type, params, out, c1;
  std::vector<std::string> vanilla;  // PoSt per-sector / SnapDeals per-partition vanilla proofs
  FilecoinValueArgs values;
  bool no_verify = false;
  bool cpu = false;
};
int run_filecoin_prove(const FilecoinProveArgs& a);

struct FilecoinShapeArgs {
  std::string type, params;
  bool json = false;
};
int run_filecoin_shape(const FilecoinShapeArgs& a);

struct FilecoinSetupArgs {
  std::string type, params_out, vk_out;
};
int run_filecoin_setup(const FilecoinSetupArgs& a);

// Registers `filecoin` and its subcommands; after parsing, run() returns the
// exit code when one was selected.
class FilecoinCommands {
 public:
  explicit FilecoinCommands(CLI::App& app);
  std::optional<int> run() const;

 private:
  FilecoinVerifyArgs verify_;
  FilecoinProveArgs prove_;
  FilecoinShapeArgs shape_;
  FilecoinSetupArgs setup_;
  CLI::App *c_filecoin_, *c_verify_, *c_prove_, *c_shape_, *c_setup_;
};

}  // namespace cuzk::app
