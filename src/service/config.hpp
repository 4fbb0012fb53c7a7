// The daemon's configuration (cuzk.toml; docs/cuzk.example.toml lists every
// key). Unknown sections or keys and values of the wrong type are errors
// naming the file and the key: a typo must not silently fall back to a default.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cuzk::service {

struct PreloadKeyConfig {
  std::string id, path;
  bool pin = false;
  unsigned prewarm = 0;  // partitions whose witness buffers are pinned at startup
};

struct DaemonConfig {
  // [memory]
  double budget_gb = 0;   // 0: detected (cgroup limit / MemAvailable) less margin
  double margin_gb = 4;
  // [gpus]
  std::vector<int> gpu_devices;  // empty: every device found
  unsigned workers_per_gpu = 2;
  std::string host_memory = "register";  // register | pinned | pageable | staged (bench_commands.hpp)
  bool stream_abc = true;  // a/b stream to the GPU during synthesis where it has room
  bool use_gpus = true;                // false: CPU backend even with a GPU
  // [cpu]
  unsigned cpu_workers = 1;  // CPU backend workers (when there is no GPU)
  // [synthesis]
  unsigned synthesis_threads = 0;  // 0: automatic
  unsigned max_ready = 0;          // synthesized partitions waiting for a backend; 0: automatic
  // [keys]
  std::vector<PreloadKeyConfig> preload;
  // [listen]
  std::string unix_socket = "/run/cuzk/cuzk.sock";
  std::string tcp;         // "host:port"; empty: no TCP listener
  std::string token;       // bearer token for TCP
  std::string token_file;  // or read from this file (first line)
  unsigned max_message_mb = 4;
  unsigned max_rpc_threads = 256;
  // [http]
  int http_port = 9821;  // loopback only; 0: any free port (printed); -1: off
  // [jobs]
  unsigned max_partitions = 256;
  unsigned max_jobs = 10000;      // queued or running
  double result_ttl_s = 600;      // results of submitted jobs kept this long after they end
  double drain_timeout_s = 60;    // on SIGINT/SIGTERM: finish in-flight work this long, then cancel

  // The bearer token, from token or token_file; empty when neither is set.
  std::string bearer_token() const;
};

// Throws cuzk::Error naming the file and the key at fault.
DaemonConfig load_config(const std::string& path);
DaemonConfig parse_config(const std::string& text, const std::string& source);

}  // namespace cuzk::service
