// The proving daemon, run by `cuzk` with no command (as Curio's cuzk binary)
// or `cuzk daemon`, both with Curio's flags; and `cuzk client`, which talks
// to it.
#pragma once
#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "builtin_circuits.hpp"

namespace cuzk::app {

struct ClientArgs {
  std::string address = "unix:///run/curio/cuzk.sock";
  std::string token, token_file;
  CircuitOptions circuit;
  std::string params, key_id, vk;
  std::string zkey, wtns;  // a snarkjs job: zkey path as the daemon sees it, local .wtns
  std::string priority = "normal";
  unsigned partitions = 1;
  std::string label;
  bool verify_after = false;        // the daemon verifies, whatever its config
  bool skip_daemon_verify = false;  // the daemon does not verify
  bool verify = false;        // here, with the key's vk
  std::string proof_out, public_out;
  std::string job_id, request_id;
  // a Filecoin job, as Curio sends it
  struct Filecoin {
    std::string kind;  // porep, snap, window, winning
    std::string c1;    // PoRep: Curio's C1 wrapper (or the bare C1 JSON)
    std::vector<std::string> vanilla;  // PoSt / SnapDeals vanilla proof files
    uint64_t registered_proof = 0, sector_size = 0, sector_number = 0, miner_id = 0;
    uint32_t partition_index = 0;
    std::string randomness, comm_r_old, comm_r_new, comm_d_new;  // hex
  } filecoin;
  double timeout_s = 0;  // 0: wait forever
  bool pin = false;
};

// Curio's daemon flags (extern/cuzk/cuzk-daemon/src/main.rs).
struct DaemonArgs {
  std::string config = "/data/zk/cuzk.toml";  // -c/--config; this default missing: the defaults
  std::string listen;                          // -l/--listen: replaces [daemon] listen
  std::string log_level;                       // --log-level: replaces [logging] level
};

// Whether this command line runs the daemon: no command (`cuzk`, `cuzk -c
// PATH`, `cuzk --listen ADDR`) or `cuzk daemon ...`; not `cuzk --help` or
// `--version`. Read from argv before it is parsed (main decides early).
bool runs_daemon(int argc, char** argv);

class ServiceCommands {
 public:
  // Adds the daemon's flags to `app` too: they run the daemon with no
  // command, and are refused before any command.
  explicit ServiceCommands(CLI::App& app);
  // The exit code when the daemon or a client command was chosen.
  std::optional<int> run();

 private:
  CLI::App* root_ = nullptr;
  CLI::App* daemon_ = nullptr;
  DaemonArgs daemon_args_;
  std::vector<CLI::Option*> root_daemon_options_, daemon_options_;
  CLI::App* client_ = nullptr;
  CLI::App *submit_ = nullptr, *await_ = nullptr, *prove_ = nullptr, *cancel_ = nullptr, *status_ = nullptr,
           *metrics_ = nullptr, *preload_ = nullptr, *evict_ = nullptr, *filecoin_ = nullptr;
  ClientArgs c_;
};

}  // namespace cuzk::app
