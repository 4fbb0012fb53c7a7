// A real `cuzk daemon` process for tests (CUZK_BINARY): its own directory,
// config and log; its socket, TCP and HTTP ports as it printed them; its exit
// status and resident memory; its /status and /metrics over HTTP. Request
// builders and proof checks for the clients that talk to it.
#pragma once
#include <fcntl.h>
#include <httplib.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "ff/field_io.hpp"
#include "formats/bellperson_params.hpp"
#include "groth16/verifier.hpp"
#include "service/client.hpp"
#include "builtin_request.hpp"
#include "proof_check.hpp"

namespace daemon_fixture {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
inline const std::string kToken = "test-token-0123456789";

inline std::string read_file(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Polls `holds` until it returns true or `timeout` passes; whether it held.
// The timeouts are generous: the machine running the tests may be loaded.
template <class Pred>
bool wait_until(Pred&& holds, std::chrono::seconds timeout = std::chrono::seconds(60)) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    if (holds()) return true;
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

// The usual test config: a unix socket in `dir`, loopback TCP with kToken and
// loopback HTTP on free ports, 1 MB messages, a CPU worker; `extra` appended
// (sections the usual lines do not open).
inline std::string test_config(const std::string& socket, const std::string& extra = "",
                               const std::string& tcp = "127.0.0.1:0", const std::string& http = "127.0.0.1:0",
                               const std::string& budget = "4GB", const std::string& daemon_extra = "") {
  std::ostringstream c;
  c << "[daemon]\nlisten = [\"unix://" << socket << "\", \"" << tcp << "\"]\n"
    << "token = \"" << kToken << "\"\nmax_message_mb = 1\nstatus_listen = \"" << http << "\"\n"
    << daemon_extra << "[memory]\ntotal_budget = \"" << budget << "\"\n[cpu]\nworkers = 1\n[synthesis]\nthreads = 2\n"
    << extra;
  return c.str();
}

class Daemon {
 public:
  // Starts `cuzk daemon --config <dir>/cuzk.toml` and waits until it says it
  // is ready or exits.
  Daemon(const fs::path& dir, const std::string& config) : dir_(dir) {
    fs::create_directories(dir_);
    std::ofstream(dir_ / "cuzk.toml") << config;
    const std::string log = (dir_ / "daemon.log").string(), cfg = (dir_ / "cuzk.toml").string();
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    std::vector<std::string> args = {CUZK_BINARY, "daemon", "--config", cfg};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (posix_spawn(&pid_, CUZK_BINARY, &fa, nullptr, argv.data(), environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&fa);
    wait_until([&] { return log_text().find("cuzk daemon: ready") != std::string::npos || !alive(); });
    std::smatch m;
    const std::string text = log_text();
    if (std::regex_search(text, m, std::regex("grpc on unix:(\\S+) "))) socket_ = m[1];
    if (std::regex_search(text, m, std::regex("grpc on tcp port (\\d+)"))) tcp_port_ = std::stoi(m[1]);
    if (std::regex_search(text, m, std::regex("http on 127\\.0\\.0\\.1:(\\d+)"))) http_port_ = std::stoi(m[1]);
  }
  ~Daemon() {
    if (pid_ > 0 && !exited_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  Daemon(const Daemon&) = delete;
  Daemon& operator=(const Daemon&) = delete;

  bool ready() const { return log_text().find("cuzk daemon: ready") != std::string::npos; }
  pid_t pid() const { return pid_; }
  bool alive() {
    if (pid_ <= 0 || exited_) return false;
    int st = 0;
    if (::waitpid(pid_, &st, WNOHANG) == pid_) {
      exited_ = true;
      status_ = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    }
    return !exited_;
  }
  // The exit status once it has exited by itself (waits for it); nullopt if
  // it is still running after `timeout`.
  std::optional<int> exit_status(std::chrono::seconds timeout = std::chrono::seconds(60)) {
    if (!wait_until([&] { return !alive(); }, timeout)) return std::nullopt;
    return status_;
  }
  std::string log_text() const { return read_file(dir_ / "daemon.log"); }
  std::string unix_address() const { return "unix:" + socket_; }
  std::string tcp_address() const { return "127.0.0.1:" + std::to_string(tcp_port_); }
  int tcp_port() const { return tcp_port_; }
  int http_port() const { return http_port_; }
  // SIGTERM and wait; the exit status.
  int terminate() {
    ::kill(pid_, SIGTERM);
    int st = 0;
    ::waitpid(pid_, &st, 0);
    exited_ = true;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  }
  void kill_hard() {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    exited_ = true;
  }
  // Resident memory now (VmRSS), bytes.
  uint64_t rss_bytes() const {
    std::istringstream in(read_file("/proc/" + std::to_string(pid_) + "/status"));
    std::string line;
    while (std::getline(in, line))
      if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
    return 0;
  }
  // The HTTP page's status and body; status -1 when nothing answered.
  std::pair<int, std::string> http_get(const std::string& path) const {
    httplib::Client c("127.0.0.1", http_port_);
    auto r = c.Get(path.c_str());
    if (!r) return {-1, ""};
    return {r->status, r->body};
  }
  nlohmann::json http_json(const std::string& path) const {
    auto [status, body] = http_get(path);
    if (status != 200) return nlohmann::json();
    return nlohmann::json::parse(body, nullptr, false);
  }

 private:
  fs::path dir_;
  std::string socket_;
  pid_t pid_ = -1;
  bool exited_ = false;
  int status_ = -1;
  int tcp_port_ = 0, http_port_ = 0;
};

namespace v1 = cuzk::v1;
using E = cuzk::groth16::Bls12_381;

using cuzk::testing_support::builtin_request;

using cuzk::testing_support::count_valid;

// `cuzk setup` of the synthetic circuit into `out`; whether it worked.
inline bool setup_params(size_t constraints, const std::string& out) {
  const std::string cmd = std::string(CUZK_BINARY) + " setup --circuit synthetic --constraints " +
                          std::to_string(constraints) + " -o " + out + " > /dev/null";
  return std::system(cmd.c_str()) == 0;
}

// Pool and budget back to idle: nothing in use, the budget holding only idle
// pool buffers and cached keys. The last /status seen.
inline nlohmann::json wait_idle(const Daemon& d) {
  nlohmann::json st;
  wait_until([&] {
    st = d.http_json("/status");
    return st.is_object() && st["pool"]["bytes_in_use"] == 0 && st["jobs_in_flight"] == 0 &&
           st["budget"]["used"].get<uint64_t>() ==
               st["pool"]["bytes_pinned"].get<uint64_t>() + st["key_bytes"].get<uint64_t>();
  });
  return st;
}

}  // namespace daemon_fixture
