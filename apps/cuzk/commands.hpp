// The cuzk subcommands. Each returns the process exit code (exit_codes.hpp);
// bad input is thrown as cuzk::Error, which main turns into kExitBadInput.
#pragma once
#include <string>

#include "builtin_circuits.hpp"
#include "exit_codes.hpp"

namespace cuzk::app {

struct SetupArgs {
  CircuitOptions circuit;
  std::string params_out;
  std::string vk_out;  // optional
};
int run_setup(const SetupArgs& a);

struct ProveArgs {
  CircuitOptions circuit;
  std::string params;
  std::string proof_out;
  std::string public_out;
  bool verify_after = false;
};
int run_prove(const ProveArgs& a);

struct VerifyArgs {
  std::string params_or_vk;
  std::string proof;
  std::string public_inputs;
};
int run_verify(const VerifyArgs& a);

struct DemoArgs {
  CircuitOptions circuit;
};
int run_demo(const DemoArgs& a);

}  // namespace cuzk::app
