// The daemon's configuration (cuzk.toml; docs/cuzk.example.toml lists every
// key). Curio's cuzk.example.toml is accepted as it is: its sections and keys
// mean here what they mean there, and the few this daemon does not act on are
// listed in `notes` (logged as warnings at startup) saying why. Unknown
// sections or keys and values of the wrong type are errors naming the file
// and the key: a typo must not silently fall back to a default.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cuzk::service {

struct PreloadKeyConfig {
  std::string circuit_id;  // "porep-32g", ...: the parameter folder's file of that circuit
  std::string id, path;    // or a file, loaded under id (default: its canonical path)
  bool pin = false;
  unsigned prewarm = 0;  // partitions whose witness buffers are pinned at startup
};

struct DaemonConfig {
  // [daemon]
  // "unix:///path" (or "unix:/path") or "host:port"; Curio's default socket.
  std::vector<std::string> listen = {"unix:///run/curio/cuzk.sock"};
  // HTTP /status, /metrics, /healthz: "host:port" ("" off, as in Curio; port
  // 0: any free port, printed).
  std::string status_listen;
  unsigned socket_mode = 0660;  // unix sockets' mode ("0660": owner and socket_group connect)
  std::string socket_group;     // unix sockets' group (name or number); "": the daemon's
  // TCP on a loopback address is trusted like the socket. Any other address
  // needs one of: a token, allow_networks, or insecure_tcp.
  std::string token;        // bearer token every TCP call must carry
  std::string token_file;   // or read from this file (first line)
  std::vector<std::string> allow_networks;  // CIDRs ("10.0.0.0/8", "::1/128") whose TCP clients are served
  bool insecure_tcp = false;  // any TCP client, no token: warned about
  unsigned max_message_mb = 256;  // a 32 GiB C1 output is ~50 MB; Curio's client allows 256
  unsigned max_rpc_threads = 256;

  // [srs]
  // parameter folder; "": searched in $FIL_PROOFS_PARAMETER_CACHE, Curio's
  // /data/zk/params, /var/tmp/filecoin-proof-parameters (param_folders())
  std::string param_cache;
  std::vector<PreloadKeyConfig> preload;  // `preload = ["porep-32g"]` and/or [[srs.preload]] tables

  // [memory]
  uint64_t total_budget_bytes = 0;           // "auto" (0): cgroup limit / MemAvailable less safety_margin
  uint64_t safety_margin_bytes = 4ull << 30;  // "5GiB", "512MiB", or a number of bytes
  double eviction_min_idle_s = 0;            // an idle key is evicted for memory only after this long ("5m")

  // [gpus]
  bool use_gpus = true;          // enabled = false: CPU backend even with a GPU
  std::vector<int> gpu_devices;  // devices; empty: every device found
  unsigned workers_per_gpu = 2;  // gpu_workers_per_device
  std::string host_memory = "register";  // register | pinned | pageable | staged (bench_commands.hpp)
  bool stream_abc = true;  // a/b stream to the GPU during synthesis where it has room

  // [cpu]
  unsigned cpu_workers = 1;  // CPU backend workers (when there is no GPU)

  // [synthesis]
  // Threads, each synthesizing one partition: how many partitions synthesize
  // at once (Curio's [pipeline] max_parallel_synthesis). 0: automatic.
  unsigned synthesis_threads = 0;
  // Synthesized partitions waiting for a backend (Curio's [pipeline]
  // max_gpu_queue_depth, slot_size, synthesis_lookahead). 0: automatic.
  unsigned max_ready = 0;

  // [logging]
  // Rust EnvFilter directives as Curio takes them ("info", "cuzk=debug,info",
  // "warn,h2=off"): parse_log_directives says what they mean here. RUST_LOG
  // and --log-level replace it (apply_overrides).
  std::string log_level = "info";
  std::string log_format;  // "" human-readable, "json" one object per line

  // [jobs]
  unsigned max_partitions = 256;
  unsigned max_jobs = 10000;      // queued or running
  double result_ttl_s = 600;      // results of submitted jobs kept this long after they end
  double drain_timeout_s = 60;    // on SIGINT/SIGTERM: finish in-flight work this long, then cancel
  bool verify_proofs = true;      // verify every proof before returning it (a request may override)
  uint64_t max_queued_bytes = 0;  // witnesses and vanilla proofs held by jobs in flight; "auto" (0): budget / 4
  // A Prove caller that goes away (deadline, disconnect) cancels its job
  // only when this is true; by default the job goes on and a retry with the
  // same request id collects it, as with Curio's daemon.
  bool cancel_on_disconnect = false;

  // Logged as warnings at startup, one line each: keys accepted but not
  // acted on (saying why), overrides taken or refused, a default file absent.
  std::vector<std::string> notes;

  // The bearer token, from token or token_file; empty when neither is set.
  std::string bearer_token() const;
  // The parameter folders in search order: param_cache alone when set.
  std::vector<std::string> param_folders() const;
};

// The daemon's command line, Curio's flags; "" where not given.
struct DaemonOverrides {
  std::string listen;     // -l/--listen: replaces [daemon] listen
  std::string log_level;  // --log-level: replaces [logging] level
};

// Throws cuzk::Error naming the file and the key at fault. `flags.listen`
// replaces the file's addresses before the listening rules judge them.
DaemonConfig load_config(const std::string& path, const DaemonOverrides& flags = {});
DaemonConfig parse_config(const std::string& text, const std::string& source, const DaemonOverrides& flags = {});
// Applies the flags, then `rust_log` (the RUST_LOG variable; null or blank:
// unset), which wins over both as in Curio when its directives parse and is
// otherwise ignored with a note. The result is checked as the file is: an
// error names the flag.
void apply_overrides(DaemonConfig& c, const DaemonOverrides& o, const char* rust_log);

// What EnvFilter directives mean for this daemon's one logger: the level
// they give targets named cuzk or cuzk_* (the most verbose of them; else the
// bare default level; else off, as EnvFilter leaves targets no directive
// names), and the directives about other targets (Curio's Rust crates), which
// have no effect. Error naming `what` and the directive for an unknown level
// word or an empty target, and for text with no directive at all.
struct LogDirectives {
  std::string level;                 // trace, debug, info, warn, error or off
  std::vector<std::string> ignored;  // directives for other targets
};
LogDirectives parse_log_directives(const std::string& text, const std::string& what);

// "256GiB", "5 GB", "512MiB", "1024" (bytes). Error naming `what` otherwise.
uint64_t parse_byte_size(const std::string& text, const std::string& what);
// "5m", "30s", "1h", "250ms", "2" (seconds).
double parse_duration_s(const std::string& text, const std::string& what);

}  // namespace cuzk::service
