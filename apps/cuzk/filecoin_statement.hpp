// The public values of a Filecoin statement as the CLI takes them: a --public
// JSON object and flags of the same names ('-' for '_'), shared by
// `cuzk filecoin verify` and `cuzk filecoin prove`. A value given both ways,
// an unknown key or a malformed value is an Error naming it.
#pragma once
#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "filecoin/vanilla/seal_commit_phase1.hpp"
#include "filecoin/verify/proof_types.hpp"

namespace cuzk::app {

struct FilecoinValueArgs {
  std::string public_json;
  // values as flags (hex digits for 32-byte values)
  std::string comm_r, comm_d, prover_id, sector_id, ticket, seed, randomness, comm_r_old, comm_d_new, comm_r_new;
  std::vector<std::string> sectors;  // "ID:COMM_R"
  // overrides of what the registered type fixes, for custom setups
  std::string porep_id, api_version;
};

// Registers --public and the value flags on a subcommand.
void add_value_options(CLI::App* c, FilecoinValueArgs& v);

struct Statement {
  filecoin::FilecoinPublicValues values;
  std::optional<filecoin::Domain> porep_id;
  std::optional<filecoin::ApiVersion> api_version;
};

Statement read_statement(const FilecoinValueArgs& a);

// The registered type `name` with the statement's overrides applied.
filecoin::FilecoinProofType resolve_type(const std::string& name, const Statement& st);

uint64_t parse_u64(const std::string& s, const std::string& what);

// A C1 output as rust-filecoin-proofs-api writes it, or inside Curio's
// envelope (whose SectorNum becomes the sector id when none is given).
filecoin::SealCommitPhase1Output read_c1(const std::string& path, Statement& st);

// The values a PoRep prover finds in its C1 output (comm_r, comm_d, ticket,
// seed), where not given; values given are checked against it when the
// circuits are built.
void values_from_c1(const filecoin::SealCommitPhase1Output& c1, Statement& st);

// The vanilla proofs in files: each file raw bincode (one proof), or Curio's
// JSON array of base64 items (several).
std::vector<std::vector<uint8_t>> vanilla_items(const std::vector<std::string>& paths);

}  // namespace cuzk::app
