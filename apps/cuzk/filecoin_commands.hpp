// `cuzk filecoin verify`: a Filecoin proof (PoRep, WindowPoSt, WinningPoSt,
// SnapDeals) checked against its public values, the public inputs generated
// as rust-fil-proofs' verifiers generate them. Exit codes (exit_codes.hpp):
// 0 valid, 1 a well-formed proof that does not verify, 2 bad input or usage.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cuzk::app {

struct FilecoinVerifyArgs {
  std::string type, vk, proof, public_json;
  // values as flags (hex digits for 32-byte values); each may instead come
  // from --public under the same name with '_' for '-'
  std::string comm_r, comm_d, prover_id, sector_id, ticket, seed, randomness, comm_r_old, comm_d_new, comm_r_new;
  std::vector<std::string> sectors;  // "ID:COMM_R"
  // overrides of what the registered type fixes, for custom setups
  std::string porep_id, api_version;
};
int run_filecoin_verify(const FilecoinVerifyArgs& a);

// Registers `filecoin` and its `verify` subcommand; after parsing, run()
// returns the exit code when it was selected.
class FilecoinCommands {
 public:
  explicit FilecoinCommands(CLI::App& app);
  std::optional<int> run() const;

 private:
  FilecoinVerifyArgs verify_;
  CLI::App *c_filecoin_, *c_verify_;
};

}  // namespace cuzk::app
