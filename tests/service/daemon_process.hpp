// A real `cuzk daemon` process for tests (CUZK_BINARY, CPU backend) on a
// unix socket, a loopback TCP port (bearer token kToken) and a loopback HTTP
// port, with its own directory, config and log; and the polling the tests
// share.
#pragma once
#include <fcntl.h>
#include <httplib.h>
#include <signal.h>
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

inline const std::string kToken = "test-token-0123456789";

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline void run_or_die(const std::string& cmd) {
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
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

// One daemon process with its own directory, config and log.
class DaemonProcess {
 public:
  DaemonProcess(const std::filesystem::path& dir, const std::string& extra_config) : dir_(dir) {
    std::filesystem::create_directories(dir_);
    socket_ = (dir_ / "cuzk.sock").string();
    std::ofstream(dir_ / "cuzk.toml") << "[daemon]\nlisten = [\"unix://" << socket_ << "\", \"127.0.0.1:0\"]\n"
                                      << "token = \"" << kToken << "\"\nmax_message_mb = 1\n"
                                      << "status_listen = \"127.0.0.1:0\"\n"
                                      << "[memory]\ntotal_budget = \"4GB\"\n[cpu]\nworkers = 1\n[synthesis]\nthreads = 2\n"
                                      << extra_config;
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
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < deadline && log_text().find("cuzk daemon: ready") == std::string::npos && alive())
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
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
  bool ready() const { return tcp_port_ > 0 && http_port_ > 0; }
  bool alive() {
    if (pid_ <= 0 || exited_) return false;
    if (::waitpid(pid_, nullptr, WNOHANG) == pid_) exited_ = true;
    return !exited_;
  }
  std::string log_text() const { return read_file(dir_ / "daemon.log"); }
  std::string unix_address() const { return "unix:" + socket_; }
  std::string tcp_address() const { return "127.0.0.1:" + std::to_string(tcp_port_); }
  const std::string& socket() const { return socket_; }
  // SIGTERM and wait; the exit status.
  int terminate() {
    ::kill(pid_, SIGTERM);
    int st = 0;
    ::waitpid(pid_, &st, 0);
    exited_ = true;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  }
  // SIGTERM and wait up to `limit` (generous: it catches a hang, not a slow
  // exit); the exit status, or -1 after a SIGKILL when it did not exit.
  int terminate_within(std::chrono::seconds limit) {
    ::kill(pid_, SIGTERM);
    int st = 0;
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (::waitpid(pid_, &st, WNOHANG) != pid_) {
      if (std::chrono::steady_clock::now() >= deadline) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
        exited_ = true;
        return -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    exited_ = true;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  }
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
  std::filesystem::path dir_;
  std::string socket_;
  pid_t pid_ = -1;
  bool exited_ = false;
  int tcp_port_ = 0, http_port_ = 0;
};

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
}  // namespace cuzk::testing_support
