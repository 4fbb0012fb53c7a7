// Test tool: one real `cuzk daemon` process (CUZK_BINARY) with its own
// directory, config and log, on a unix socket, a loopback TCP port (bearer
// token) and a loopback HTTP port; polling with generous timeouts; the
// daemon's resident memory; searching its log.
#pragma once
#include <httplib.h>
#include <signal.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace cuzk::testing_support {

namespace daemon_fs = std::filesystem;

inline const std::string kDaemonToken = "test-token-0123456789";

inline std::string read_text(const daemon_fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// How many times `part` stands in `text` (overlaps counted).
inline size_t count_of(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// The `field` line ("VmRSS", "VmHWM") of /proc/<pid>/status in KiB; -1 when
// unreadable.
inline long proc_status_kib(pid_t pid, const std::string& field) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/status");
  const std::string key = field + ":";
  std::string line;
  while (std::getline(f, line))
    if (line.rfind(key, 0) == 0) return std::stol(line.substr(key.size()));
  return -1;
}

inline void run_or_die(const std::string& cmd) {
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
}

// A development key of the synthetic circuit with `constraints`, written to
// `path` by `cuzk setup`; its path.
inline std::string synthetic_key(const std::filesystem::path& path, size_t constraints) {
  run_or_die(std::string(CUZK_BINARY) + " setup --circuit synthetic --constraints " + std::to_string(constraints) +
             " -o " + path.string() + " > /dev/null");
  return path.string();
}

// Polls `holds` until it returns true or `timeout` passes; whether it held.
// The timeouts are generous: the machine running the tests may be loaded.
template <class Pred>
bool wait_until(Pred&& holds, std::chrono::seconds timeout = std::chrono::seconds(60)) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (holds()) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

// Starts `cuzk daemon --config <dir>/cuzk.toml`, its stdout and stderr
// going to <dir>/daemon.log; its pid, -1 when it could not be started.
inline pid_t spawn_daemon(const daemon_fs::path& dir) {
  const std::string log = (dir / "daemon.log").string(), cfg = (dir / "cuzk.toml").string();
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  std::vector<std::string> args = {CUZK_BINARY, "daemon", "--config", cfg};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  if (posix_spawn(&pid, CUZK_BINARY, &fa, nullptr, argv.data(), environ) != 0) pid = -1;
  posix_spawn_file_actions_destroy(&fa);
  return pid;
}

class DaemonProcess {
 public:
  // `memory` is [memory] total_budget; `extra_config` is appended (other tables).
  DaemonProcess(const daemon_fs::path& dir, const std::string& extra_config, const std::string& memory = "\"4GB\"")
      : dir_(dir) {
    daemon_fs::create_directories(dir_);
    socket_ = (dir_ / "cuzk.sock").string();
    std::ofstream(dir_ / "cuzk.toml") << "[daemon]\nlisten = [\"unix://" << socket_ << "\", \"127.0.0.1:0\"]\n"
                                      << "token = \"" << kDaemonToken << "\"\nmax_message_mb = 1\n"
                                      << "status_listen = \"127.0.0.1:0\"\n"
                                      << "[memory]\ntotal_budget = " << memory
                                      << "\n[cpu]\nworkers = 1\n[synthesis]\nthreads = 2\n"
                                      << extra_config;
    pid_ = spawn_daemon(dir_);
    wait_until([&] { return log_text().find("cuzk daemon: ready") != std::string::npos || !alive(); });
    std::smatch m;
    const std::string text = log_text();
    if (std::regex_search(text, m, std::regex("grpc on tcp port (\\d+)"))) tcp_port_ = std::stoi(m[1]);
    if (std::regex_search(text, m, std::regex("http on 127\\.0\\.0\\.1:(\\d+)"))) http_port_ = std::stoi(m[1]);
  }
  ~DaemonProcess() {
    if (pid_ > 0 && !exited_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  DaemonProcess(const DaemonProcess&) = delete;
  DaemonProcess& operator=(const DaemonProcess&) = delete;

  bool ready() const { return tcp_port_ > 0 && http_port_ > 0; }
  bool alive() {
    if (pid_ <= 0 || exited_) return false;
    int st = 0;
    if (::waitpid(pid_, &st, WNOHANG) == pid_) {
      exited_ = true;
      status_ = st;
    }
    return !exited_;
  }
  pid_t pid() const { return pid_; }
  std::string log_text() const { return read_text(dir_ / "daemon.log"); }
  std::string unix_address() const { return "unix:" + socket_; }
  std::string tcp_address() const { return "127.0.0.1:" + std::to_string(tcp_port_); }
  int http_port() const { return http_port_; }
  const std::string& socket() const { return socket_; }

  // SIGTERM, then waits up to `limit` for the exit (a daemon that hangs is
  // killed: -1); otherwise the exit status, 128 + signal for a signal.
  int terminate(std::chrono::seconds limit = std::chrono::seconds(120)) {
    if (!alive()) return exit_code();
    ::kill(pid_, SIGTERM);
    if (!wait_until([&] { return !alive(); }, limit)) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
      exited_ = true;
      return -1;
    }
    return exit_code();
  }

  // Peak resident memory (VmHWM) in KiB; -1 when unreadable.
  long peak_rss_kib() const { return proc_status_kib(pid_, "VmHWM"); }

  nlohmann::json http_json(const std::string& path) const {
    httplib::Client c("127.0.0.1", http_port_);
    auto r = c.Get(path.c_str());
    if (!r || r->status != 200) return nlohmann::json();
    return nlohmann::json::parse(r->body);
  }

  std::string http_text(const std::string& path) const {
    httplib::Client c("127.0.0.1", http_port_);
    auto r = c.Get(path.c_str());
    return r && r->status == 200 ? r->body : "";
  }

 private:
  int exit_code() const { return WIFEXITED(status_) ? WEXITSTATUS(status_) : 128 + WTERMSIG(status_); }

  daemon_fs::path dir_;
  std::string socket_;
  pid_t pid_ = -1;
  bool exited_ = false;
  int status_ = 0;
  int tcp_port_ = 0, http_port_ = 0;
};

// SIGTERM ends the daemon cleanly; a hang is killed after a generous bound.
inline void expect_clean_exit(DaemonProcess& d) {
  EXPECT_EQ(d.terminate(std::chrono::seconds(120)), 0) << d.log_text();
  EXPECT_TRUE(contains(d.log_text(), "cuzk daemon: stopped")) << d.log_text();
}

// Whether /status lists job `id` with a partition in `stage` (synthesis, proving, ...).
inline bool job_has_partition_in(const DaemonProcess& d, const std::string& id, const std::string& stage) {
  const nlohmann::json st = d.http_json("/status");
  if (!st.contains("jobs")) return false;
  for (const auto& j : st["jobs"])
    if (j["id"] == id)
      for (const auto& p : j["partitions"])
        if (p["stage"] == stage) return true;
  return false;
}

// A `cuzk daemon` started with the whole of `config` as its cuzk.toml (in
// `dir`), for tests of the [daemon] table itself; waits until it is ready or
// has exited. The ports it printed: grpc_port(i) of the i-th TCP listener.
class ConfiguredDaemon {
 public:
  ConfiguredDaemon(const daemon_fs::path& dir, const std::string& config) : dir_(dir) {
    daemon_fs::create_directories(dir_);
    std::ofstream(dir_ / "cuzk.toml") << config;
    pid_ = spawn_daemon(dir_);
    wait_until([&] { return ready() || !alive(); });
  }
  ~ConfiguredDaemon() {
    if (alive()) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  ConfiguredDaemon(const ConfiguredDaemon&) = delete;
  ConfiguredDaemon& operator=(const ConfiguredDaemon&) = delete;

  bool ready() const { return log_text().find("cuzk daemon: ready") != std::string::npos; }
  bool alive() {
    if (pid_ <= 0 || exited_) return false;
    if (::waitpid(pid_, &status_, WNOHANG) == pid_) exited_ = true;
    return !exited_;
  }
  // The exit status once it has exited (waits up to 60 s); -1 if it runs on.
  int exit_code() {
    if (!wait_until([&] { return !alive(); })) return -1;
    return WIFEXITED(status_) ? WEXITSTATUS(status_) : 128 + WTERMSIG(status_);
  }
  pid_t pid() const { return pid_; }
  std::string log_text() const { return read_text(dir_ / "daemon.log"); }
  int grpc_port(size_t i = 0) const { return nth_port("grpc on tcp port (\\d+)", i); }
  int http_port() const { return nth_port("http on [^ ]*:(\\d+) ", 0); }
  // Peak resident memory (VmHWM) in KiB; -1 when unreadable.
  long peak_rss_kib() const { return proc_status_kib(pid_, "VmHWM"); }

 private:
  int nth_port(const std::string& pattern, size_t i) const {
    const std::string text = log_text();
    const std::regex re(pattern);
    size_t n = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it, ++n)
      if (n == i) return std::stoi((*it)[1]);
    return 0;
  }

  daemon_fs::path dir_;
  pid_t pid_ = -1;
  bool exited_ = false;
  int status_ = 0;
};

}  // namespace cuzk::testing_support
