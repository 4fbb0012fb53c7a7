// The HTTP status port of a real `cuzk daemon` process under clients that
// hold connections: /healthz, /status and /metrics answer within a second
// with 200 idle and slow connections open, which are closed; every answer
// carries Curio's CORS header; /status has Curio's status document's keys
// (cuzk-core/src/status.rs) with this daemon's values, as GetStatus's json.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "builtin_request.hpp"
#include "daemon_process.hpp"
#include "service/client.hpp"

using namespace cuzk::testing_support;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

fs::path test_dir(const std::string& name) {
  return fs::temp_directory_path() / ("cuzk_daemon_http_test_" + std::to_string(::getpid())) / name;
}

// A blocking TCP connection to 127.0.0.1:port; -1 on failure.
int connect_local(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(uint16_t(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) return fd;
  if (fd >= 0) ::close(fd);
  return -1;
}

// Whether the server has closed `fd` (EOF or reset), without waiting.
bool closed_by_server(int fd) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, 0) <= 0) return false;
  char c;
  const ssize_t n = ::recv(fd, &c, 1, MSG_DONTWAIT);
  return n == 0 || (n < 0 && errno != EAGAIN);
}

struct Timed {
  int status = 0;
  double seconds = 0;
  std::string body;
  httplib::Headers headers;
};

Timed timed_get(int port, const std::string& path) {
  httplib::Client c("127.0.0.1", port);
  c.set_connection_timeout(5, 0);
  c.set_read_timeout(5, 0);
  const auto t0 = Clock::now();
  auto r = c.Get(path.c_str());
  Timed t;
  t.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  if (r) {
    t.status = r->status;
    t.body = r->body;
    t.headers = r->headers;
  }
  return t;
}

}  // namespace

// 200 connections that send nothing and 20 that send half a request line
// (more than the server keeps open: the oldest are dropped) must not delay
// the pages a supervisor polls; the server closes them all.
TEST(DaemonHttp, HealthAnswersWithinASecondWhateverIdleClientsHold) {
  DaemonProcess d(test_dir("idle"), "");
  ASSERT_TRUE(d.ready()) << d.log_text();
  const int port = d.http_port();
  std::vector<int> held;
  for (int i = 0; i < 200; ++i) held.push_back(connect_local(port));
  for (int i = 0; i < 20; ++i) {
    held.push_back(connect_local(port));
    const char half[] = "GET /status HT";
    ASSERT_EQ(::send(held.back(), half, sizeof half - 1, MSG_NOSIGNAL), ssize_t(sizeof half - 1));
  }
  for (int fd : held) ASSERT_GE(fd, 0);
  for (const char* path : {"/healthz", "/status", "/metrics"}) {
    const Timed t = timed_get(port, path);
    EXPECT_EQ(t.status, 200) << path;
    EXPECT_LT(t.seconds, 1.0) << path << " with " << held.size() << " connections held";
  }
  // each held connection is closed: dropped for a newer one, or past its time
  size_t open = held.size();
  EXPECT_TRUE(wait_until(
      [&] {
        open = 0;
        for (int fd : held) open += !closed_by_server(fd);
        return open == 0;
      },
      std::chrono::seconds(20)))
      << open << " connections still open";
  for (int fd : held) ::close(fd);
  EXPECT_EQ(timed_get(port, "/healthz").status, 200);
  EXPECT_TRUE(d.alive());
}

// Every answer, errors included, carries Access-Control-Allow-Origin: * (a
// browser dashboard reads /status from another origin); a CORS preflight
// is answered; a request head over 4 KiB is refused.
TEST(DaemonHttp, EveryAnswerCarriesCuriosCorsHeader) {
  DaemonProcess d(test_dir("cors"), "");
  ASSERT_TRUE(d.ready()) << d.log_text();
  const int port = d.http_port();
  for (const char* path : {"/status", "/metrics", "/healthz", "/status?pretty=1", "/nothing-here"}) {
    const Timed t = timed_get(port, path);
    EXPECT_EQ(t.status, std::string(path) == "/nothing-here" ? 404 : 200) << path;
    const auto it = t.headers.find("Access-Control-Allow-Origin");
    ASSERT_NE(it, t.headers.end()) << path;
    EXPECT_EQ(it->second, "*") << path;
  }
  httplib::Client c("127.0.0.1", port);
  auto pre = c.Options("/status");
  ASSERT_TRUE(pre);
  EXPECT_EQ(pre->status, 204);
  EXPECT_EQ(pre->get_header_value("Access-Control-Allow-Origin"), "*");
  httplib::Headers big = {{"X-Filler", std::string(5000, 'a')}};
  auto r = c.Get("/status", big);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 431);
}

// /status holds Curio's keys with this daemon's values (a finished job is
// counted by kind), beside this daemon's own keys; GetStatus's json is the
// same document.
TEST(DaemonHttp, StatusHasCuriosDocument) {
  const fs::path dir = test_dir("status");
  fs::create_directories(dir);
  const std::string key = synthetic_key(dir / "k.params", 64);
  DaemonProcess d(dir / "daemon", "");
  ASSERT_TRUE(d.ready()) << d.log_text();
  cuzk::service::Client client(d.unix_address());
  auto r = client.prove(builtin_request(key, 64, 3));
  ASSERT_EQ(r.status(), cuzk::v1::AwaitProofResponse::COMPLETED) << r.error_message();
  // the job lets go of its key just after its answer
  EXPECT_TRUE(wait_until([&] {
    const auto st = d.http_json("/status");
    return st.contains("allocations") && st["allocations"]["srs"].size() == 1 &&
           st["allocations"]["srs"][0]["evictable"] == true;
  }, std::chrono::seconds(10)));

  for (const nlohmann::json& st : {d.http_json("/status"), nlohmann::json::parse(client.status_json())}) {
    ASSERT_TRUE(st.is_object());
    for (const char* k : {"uptime_secs", "memory", "synthesis", "pipelines", "gpu_workers", "allocations", "counters",
                          "buffers"})
      EXPECT_TRUE(st.contains(k)) << k;
    for (const char* k : {"total_bytes", "used_bytes", "available_bytes"}) EXPECT_TRUE(st["memory"].contains(k)) << k;
    EXPECT_GT(st["memory"]["total_bytes"].get<uint64_t>(), 0u);
    EXPECT_GE(st["synthesis"]["max_concurrent"].get<unsigned>(), 1u);
    EXPECT_EQ(st["synthesis"]["active"], 0);
    EXPECT_TRUE(st["pipelines"].is_array());
    EXPECT_TRUE(st["gpu_workers"].is_array());
    EXPECT_TRUE(st["allocations"]["srs"].is_array());
    EXPECT_TRUE(st["allocations"]["pce"].is_array());
    ASSERT_EQ(st["allocations"]["srs"].size(), 1u);
    for (const char* k : {"circuit_id", "bytes", "last_used_secs_ago", "evictable"})
      EXPECT_TRUE(st["allocations"]["srs"][0].contains(k)) << k;
    EXPECT_EQ(st["allocations"]["srs"][0]["evictable"], true) << st["keys"].dump();
    const auto& c = st["counters"];
    EXPECT_EQ(c["total_completed"], 1);
    EXPECT_EQ(c["total_failed"], 0);
    EXPECT_EQ(c["completed_by_kind"]["builtin"], 1);
    EXPECT_TRUE(c["failed_by_kind"].is_object());
    EXPECT_EQ(c["queue_depth"], 0);
    for (const char* k : {"synth_in_flight", "provers_in_flight", "aux_in_flight", "shells_in_flight", "pending_handles"})
      EXPECT_EQ(st["buffers"][k], 0) << k;
    // this daemon's own document stays beside Curio's
    for (const char* k : {"uptime_s", "jobs", "budget", "pool", "keys", "backends"}) EXPECT_TRUE(st.contains(k)) << k;
  }
  const std::string metrics = d.http_text("/metrics");
  for (const char* line : {"cuzk_queue_depth 0", "cuzk_running_jobs 0", "cuzk_proofs_completed_total 1",
                           "cuzk_proofs_completed{proof_kind=\"builtin\"} 1"})
    EXPECT_NE(metrics.find(line), std::string::npos) << line << "\n" << metrics;
  fs::remove_all(dir.parent_path());
}
