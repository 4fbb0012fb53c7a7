// cuzk: Groth16 proving on NVIDIA GPUs, with a CPU fallback.
#include <CLI/CLI.hpp>
#include <iostream>

#include "bench_commands.hpp"
#include "command_line.hpp"
#include "commands.hpp"
#include "core/error.hpp"
#include "exit_codes.hpp"
#include "filecoin_commands.hpp"
#include "huge_page_malloc.hpp"
#include "service/daemon.hpp"
#include "service_commands.hpp"
#include "snarkjs_commands.hpp"

using namespace cuzk::app;

static void add_circuit_options(CLI::App* cmd, CircuitOptions& c) {
  cmd->add_option("--circuit", c.name, "built-in circuit: merkle (Poseidon octree inclusion) or synthetic")
      ->check(CLI::IsMember({"merkle", "synthetic"}));
  cmd->add_option("--height", c.height, "merkle: tree height (8^height leaves)")->check(CLI::Range(1, 12));
  cmd->add_option("--challenges", c.challenges, "merkle: number of leaves proven")->check(CLI::Range(1, 1 << 16));
  cmd->add_option("--constraints", c.constraints, "synthetic: number of constraints")
      ->check(CLI::Range(size_t(16), size_t(1) << 27));
  cmd->add_option("--seed", c.seed, "seed of the witness (the same seed rebuilds the same statement)");
}

int main(int argc, char** argv) {
  // the processes that hold whole requests in malloc's memory
  const bool daemon = runs_daemon(argc, argv);  // `cuzk` with no command is the daemon too
  const std::string command = argc > 1 ? argv[1] : "";
  if (daemon || command == "client") reexec_with_huge_page_malloc(argv);
  // the daemon blocks SIGINT/SIGTERM before any thread exists, so its
  // sigwait is their only receiver; other commands keep the default handling
  if (daemon) cuzk::service::block_shutdown_signals();
  // named, so that help and messages say "cuzk", not the path it was run by
  CLI::App app{"cuzk: Groth16 proofs on NVIDIA GPUs (CPU fallback)", "cuzk"};
  app.require_subcommand(0, 1);  // none: the daemon (ServiceCommands)
#if CUZK_WITH_CUDA
  app.set_version_flag("--version", "cuzk " CUZK_VERSION " (CUDA backend, CPU fallback)");
#else
  app.set_version_flag("--version", "cuzk " CUZK_VERSION " (CPU only: built without the CUDA backend)");
#endif

  SetupArgs setup;
  auto* c_setup = app.add_subcommand("setup", "development setup (INSECURE toxic waste) writing bellperson params");
  add_circuit_options(c_setup, setup.circuit);
  c_setup->add_option("-o,--params", setup.params_out, "params file to write")->required();
  c_setup->add_option("--vk", setup.vk_out, "also write the verifying key alone");

  ProveArgs prove;
  auto* c_prove = app.add_subcommand("prove", "prove a built-in circuit with bellperson params");
  add_circuit_options(c_prove, prove.circuit);
  c_prove->add_option("-p,--params", prove.params, "params file")->required()->check(CLI::ExistingFile);
  c_prove->add_option("-o,--proof", prove.proof_out, "proof file to write (192 bytes)")->required();
  c_prove->add_option("--public", prove.public_out, "public inputs JSON to write")->required();
  c_prove->add_flag("--verify", prove.verify_after, "verify the proof after proving");

  VerifyArgs verify;
  auto* c_verify = app.add_subcommand("verify", "verify a proof");
  c_verify->add_option("-k,--key", verify.params_or_vk, "params or verifying-key file")->required()->check(CLI::ExistingFile);
  c_verify->add_option("--proof", verify.proof, "proof file")->required()->check(CLI::ExistingFile);
  c_verify->add_option("--public", verify.public_inputs, "public inputs JSON")->required()->check(CLI::ExistingFile);

  DemoArgs demo;
  auto* c_demo = app.add_subcommand("demo", "build a Poseidon-Merkle circuit, set up, prove, verify, print timings");
  add_circuit_options(c_demo, demo.circuit);

  SnarkjsCommands snarkjs(app);
  BenchCommands bench(app);
  ServiceCommands service(app);
  FilecoinCommands filecoin(app);
  // after the commands: CLI11 copies a footer into those added later
  app.footer("With no command, cuzk runs the proving daemon, as Curio's cuzk binary does: cuzk --config "
             "/data/zk/cuzk.toml");

  if (auto rc = parse_command_line(app, argc, argv)) return *rc;
  try {
    if (auto rc = snarkjs.run()) return *rc;
    if (auto rc = bench.run()) return *rc;
    if (auto rc = service.run()) return *rc;
    if (auto rc = filecoin.run()) return *rc;
    if (*c_setup) return run_setup(setup);
    if (*c_prove) return run_prove(prove);
    if (*c_verify) return run_verify(verify);
    if (*c_demo) return run_demo(demo);
  } catch (const cuzk::VerificationFailed& e) {
    // a proof the engine made that does not verify: nothing was written
    std::cerr << selected_command_path(app) << ": FAILED: " << e.what() << "\n";
    return kExitInvalidProof;
  } catch (const cuzk::CudaError& e) {
    std::cerr << selected_command_path(app) << ": device error: " << e.what() << "\n";
    return kExitInternal;
  } catch (const cuzk::Error& e) {
    // what src/ throws for input at fault (a file, field or request, which
    // the message names); its device failures are CudaError, caught above
    std::cerr << selected_command_path(app) << ": error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << selected_command_path(app) << ": internal error: " << e.what() << "\n";
    return kExitInternal;
  } catch (...) {
    // uncaught, it would abort (SIGABRT) with no message
    std::cerr << selected_command_path(app) << ": internal error: an exception of unknown type\n";
    return kExitInternal;
  }
  // a subcommand registered without a branch above
  std::cerr << selected_command_path(app) << ": internal error: no command to run for this command line\n";
  return kExitInternal;
}
