// What operators and careless clients do to a real `cuzk daemon` process,
// each failing before its fix: a second daemon on the same socket or port
// exits and leaves the first serving; a key id never hides another file; a
// key at a non-UTF-8 path leaves /status and GetStatus working; callers
// blocked in AwaitProof never starve CancelProof and GetStatus; a TCP call
// without the token is refused before its message is read; the drain report
// lists a cancelled job as cancelled; the daemon asks malloc for huge pages.
#include <grpcpp/generic/generic_stub.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <condition_variable>
#include <mutex>

#include "daemon_fixture.hpp"

using namespace daemon_fixture;
using cuzk::service::Client;
using cuzk::service::ClientError;
namespace bp = cuzk::formats::bellperson;

namespace {

constexpr size_t kSmall = 256, kMedium = 16384;
constexpr auto kCompleted = v1::AwaitProofResponse::COMPLETED;
constexpr auto kCancelled = v1::AwaitProofResponse::CANCELLED;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// The gRPC status of a call that is expected to fail (OK when it did not).
template <class F>
std::pair<grpc::StatusCode, std::string> failure_of(F&& call) {
  try {
    call();
    return {grpc::StatusCode::OK, ""};
  } catch (const ClientError& e) {
    return {e.code, e.what()};
  }
}

class DaemonProcessTest : public ::testing::Test {
 protected:
  static inline fs::path dir;
  static inline std::string small_params, medium_params;
  static inline std::unique_ptr<cuzk::groth16::PreparedVerifyingKey<E>> small_vk;

  static void SetUpTestSuite() {
    dir = fs::temp_directory_path() / ("cuzk_daemon_process_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    small_params = (dir / "small.params").string();
    medium_params = (dir / "medium.params").string();
    ASSERT_TRUE(setup_params(kSmall, small_params));
    ASSERT_TRUE(setup_params(kMedium, medium_params));
    small_vk = std::make_unique<cuzk::groth16::PreparedVerifyingKey<E>>(bp::read_params(small_params).vk);
  }
  static void TearDownTestSuite() { fs::remove_all(dir); }

  // A daemon of its own for each test, in dir/<name>.
  static std::unique_ptr<Daemon> start(const std::string& name, const std::string& extra = "",
                                       const std::string& daemon_extra = "") {
    const auto d = dir / name;
    fs::create_directories(d);
    return std::make_unique<Daemon>(d, test_config((d / "cuzk.sock").string(), extra, "127.0.0.1:0", "127.0.0.1:0",
                                                   "4GB", daemon_extra));
  }
};

}  // namespace

// A second daemon given the first one's socket path (or its TCP
// or HTTP port) exits non-zero naming what is taken; the first keeps every
// address. A socket left by a killed daemon is taken over by the next one.
TEST_F(DaemonProcessTest, OneDaemonOwnsItsSocketAndPorts) {
  auto first = start("owner");
  ASSERT_TRUE(first->ready()) << first->log_text();
  const std::string socket = (dir / "owner" / "cuzk.sock").string();
  auto serves = [&](const Daemon& d) {
    Client unix_cl(d.unix_address()), tcp_cl(d.tcp_address(), kToken);
    try {
      return !unix_cl.status_json().empty() && !tcp_cl.status_json().empty() && d.http_get("/healthz").first == 200;
    } catch (const std::exception&) {
      return false;
    }
  };
  ASSERT_TRUE(serves(*first));
  const std::string tcp = first->tcp_address(), http = "127.0.0.1:" + std::to_string(first->http_port());
  struct Case {
    std::string name, socket, tcp, http, says;
  };
  const Case cases[] = {
      {"same-socket", socket, "127.0.0.1:0", "127.0.0.1:0", "unix socket '" + socket + "' belongs to another"},
      {"same-tcp", (dir / "second-tcp" / "cuzk.sock").string(), tcp, "127.0.0.1:0", "cannot listen"},
      {"same-http", (dir / "second-http" / "cuzk.sock").string(), "127.0.0.1:0", http, "http: cannot listen"},
  };
  for (const auto& c : cases) {
    Daemon second(dir / c.name, test_config(c.socket, "", c.tcp, c.http));
    const auto status = second.exit_status();
    ASSERT_TRUE(status.has_value()) << c.name << ": the second daemon still runs:\n" << second.log_text();
    EXPECT_NE(*status, 0) << c.name;
    EXPECT_TRUE(contains(second.log_text(), c.says)) << c.name << ":\n" << second.log_text();
    if (c.name == "same-socket") {
      EXPECT_TRUE(contains(second.log_text(), "pid " + std::to_string(first->pid()))) << second.log_text();
    }
    // the first still has its socket file and answers on every address
    struct stat st {};
    EXPECT_EQ(::stat(socket.c_str(), &st), 0) << c.name;
    EXPECT_TRUE(serves(*first)) << c.name << ": the first daemon stopped answering";
  }
  // every TCP connection reaches the first daemon (no port sharing)
  for (int i = 0; i < 8; ++i) EXPECT_FALSE(Client(tcp, kToken).status_json().empty());
  auto r = Client(first->unix_address()).prove(builtin_request(small_params, kSmall, 1));
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_EQ(count_valid(r, *small_vk), 1);

  // killed without a chance to clean up: its socket file stays, stale
  first->kill_hard();
  ASSERT_TRUE(fs::exists(socket));
  Daemon next(dir / "owner", test_config(socket));
  ASSERT_TRUE(next.ready()) << next.log_text();
  EXPECT_TRUE(serves(next));
  EXPECT_EQ(next.terminate(), 0);
  EXPECT_FALSE(fs::exists(socket));
}

// A key loaded under an id that is the path of another file
// would answer for that file. Such an id is refused; an id that became a
// file's path later is refused as ambiguous instead of proving under the
// wrong key.
TEST_F(DaemonProcessTest, AKeyIdNeverHidesAnotherFile) {
  auto d = start("shadow");
  ASSERT_TRUE(d->ready()) << d->log_text();
  Client cl(d->unix_address());
  auto [code, what] = failure_of([&] { cl.preload(medium_params, small_params); });
  EXPECT_EQ(code, grpc::StatusCode::FAILED_PRECONDITION) << what;
  EXPECT_TRUE(contains(what, "is the path of another file")) << what;
  // the medium file is still itself
  auto r = cl.submit(builtin_request(medium_params, kMedium, 1));
  EXPECT_EQ(cl.await(r.job_id()).status(), kCompleted);

  const std::string later = (dir / "shadow" / "later.params").string();
  cl.preload(later, small_params);  // no such file yet: a plain id
  fs::copy_file(medium_params, later);
  std::tie(code, what) = failure_of([&] { cl.submit(builtin_request(later, kMedium, 2)); });
  EXPECT_EQ(code, grpc::StatusCode::FAILED_PRECONDITION) << what;
  EXPECT_TRUE(contains(what, "is both the id of key")) << what;
  // by the id under which it was loaded through a path that is no file, the key still serves
  auto ok = cl.prove(builtin_request(small_params, kSmall, 3));
  ASSERT_EQ(ok.status(), kCompleted) << ok.error_message();
  EXPECT_EQ(count_valid(ok, *small_vk), 1);
}

// A key whose canonical path is not UTF-8 (reached here through a symlink):
// left raw, /status fails (nlohmann::json throws) and GetStatus answers bytes
// the client cannot parse; the path is listed with \xNN escapes.
TEST_F(DaemonProcessTest, AKeyAtANonUtf8PathLeavesStatusWorking) {
  auto d = start("utf8");
  ASSERT_TRUE(d->ready()) << d->log_text();
  const fs::path raw = dir / "utf8" / "key-\xff\xfe.params", link = dir / "utf8" / "link.params";
  fs::copy_file(small_params, raw);
  fs::create_symlink(raw, link);
  Client cl(d->unix_address());
  const auto k = cl.preload("", link.string());
  EXPECT_TRUE(contains(k.path(), "key-\\xff\\xfe.params")) << k.path();
  auto r = cl.prove(builtin_request(link.string(), kSmall, 5));
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_EQ(count_valid(r, *small_vk), 1);
  const auto [status, body] = d->http_get("/status");
  ASSERT_EQ(status, 200) << body;
  const auto st = nlohmann::json::parse(body, nullptr, false);
  ASSERT_TRUE(st.is_object()) << body;
  bool listed = false;
  for (const auto& key : st["keys"]) listed = listed || contains(key["path"].get<std::string>(), "key-\\xff\\xfe.params");
  EXPECT_TRUE(listed) << st["keys"].dump();
  bool typed = false;
  const auto srs = cl.status();
  for (const auto& s : srs.loaded_srs()) typed = typed || contains(s.path(), "key-\\xff\\xfe.params");
  EXPECT_TRUE(typed);
  EXPECT_EQ(d->http_get("/metrics").first, 200);
}

// With 16 RPC threads, 20 callers blocked in AwaitProof must not take every
// thread and starve GetStatus / CancelProof: the waiting calls
// are bounded (the rest refused with RESOURCE_EXHAUSTED naming the limit) and
// the control calls are served throughout: the job is cancelled and every
// waiter hears it.
TEST_F(DaemonProcessTest, WaitingCallersNeverStarveControlCalls) {
  auto d = start("waiters", "", "max_rpc_threads = 16\n");
  ASSERT_TRUE(d->ready()) << d->log_text();
  Client cl(d->unix_address());
  const std::string slow = cl.submit(builtin_request(medium_params, kMedium, 1, 256, v1::LOW)).job_id();
  constexpr int kWaiters = 20;
  std::atomic<int> refused{0}, cancelled{0}, other{0};
  std::mutex mu;
  std::string refusals, others;
  // joined however the test ends: a failure below reports instead of aborting
  std::vector<std::jthread> ts;
  for (int i = 0; i < kWaiters; ++i) {
    // one at a time: a burst of refused callers would compete with the control calls below
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ts.emplace_back([&] {
      try {
        // bounded: should the cancel below be refused, the test fails instead of hanging
        const auto r = Client(d->unix_address()).await(slow, std::chrono::minutes(2));
        (r.status() == kCancelled ? cancelled : other) += 1;
      } catch (const ClientError& e) {
        std::lock_guard lk(mu);
        if (e.code == grpc::StatusCode::RESOURCE_EXHAUSTED) {
          ++refused;
          refusals += std::string(e.what()) + "\n";
        } else {
          ++other;
          others += std::string(e.what()) + "\n";
        }
      }
    });
  }
  // some waiters are refused at once; the others wait in the daemon
  const bool settled = wait_until([&] { return refused + other > 0 && refused + other + 13 >= kWaiters; });
  EXPECT_TRUE(settled) << refused << " refused, " << other << " others: " << others;
  {
    std::lock_guard lk(mu);
    EXPECT_TRUE(contains(refusals, "calls already wait on jobs")) << refusals;
    EXPECT_TRUE(contains(refusals, "max_rpc_threads")) << refusals;
  }
  // control calls, one after another and several at once, all served
  for (int i = 0; i < 10; ++i) {
    const auto st = failure_of([&] { cl.status(); });
    EXPECT_EQ(st.first, grpc::StatusCode::OK) << st.second;
    const auto m = failure_of([&] { cl.metrics_text(); });
    EXPECT_EQ(m.first, grpc::StatusCode::OK) << m.second;
  }
  std::atomic<int> served{0};
  std::vector<std::jthread> control;
  for (int i = 0; i < 2; ++i)
    control.emplace_back([&] { served += failure_of([&] { Client(d->unix_address()).status(); }).first == grpc::StatusCode::OK; });
  for (auto& t : control) t.join();
  EXPECT_EQ(served.load(), 2);
  v1::CancelProofResponse c;
  const auto cancel = failure_of([&] { c = cl.cancel(slow); });
  EXPECT_EQ(cancel.first, grpc::StatusCode::OK) << "CancelProof: " << cancel.second;
  EXPECT_TRUE(c.was_running());
  EXPECT_EQ(c.status(), kCancelled);
  for (auto& t : ts) t.join();
  EXPECT_EQ(other.load(), 0) << others;
  EXPECT_EQ(cancelled + refused, kWaiters);
  EXPECT_GT(cancelled.load(), 0);
  EXPECT_GT(refused.load(), 0);
  // the slots are back: a waiter is served again
  auto r = cl.prove(builtin_request(small_params, kSmall, 2));
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_EQ(count_valid(r, *small_vk), 1);
}

// A TCP call without the token is refused before its body is parsed (else an
// unparsable body gets a parse error, one over the size limit a size error):
// the token is checked on the call's headers first, so both are
// UNAUTHENTICATED, and with the token the same bodies get their own errors.
TEST_F(DaemonProcessTest, TheTokenIsCheckedBeforeTheMessageIsRead) {
  auto d = start("auth");
  ASSERT_TRUE(d->ready()) << d->log_text();
  auto channel = grpc::CreateChannel(d->tcp_address(), grpc::InsecureChannelCredentials());
  grpc::GenericStub generic(channel);
  // a raw body: garbage (not a SubmitProofRequest), or one over max_message_mb = 1
  auto call = [&](const std::string& body, const std::string& token) {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
    if (!token.empty()) ctx.AddMetadata("authorization", "Bearer " + token);
    grpc::Slice slice(body);
    grpc::ByteBuffer req(&slice, 1), resp;
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    grpc::Status status;
    generic.UnaryCall(&ctx, "/cuzk.v1.ProvingEngine/SubmitProof", grpc::StubOptions(), &req, &resp,
                      [&](grpc::Status s) {
                        std::lock_guard lk(m);
                        status = s;
                        done = true;
                        cv.notify_all();
                      });
    std::unique_lock lk(m);
    cv.wait(lk, [&] { return done; });
    return status;
  };
  const std::string garbage(4096, '\xff'), huge(8 << 20, 'x');
  for (const auto& [body, name] : {std::pair{garbage, "garbage"}, std::pair{huge, "8 MB"}}) {
    for (const std::string token : {"", "wrong"}) {
      const auto st = call(body, token);
      EXPECT_EQ(st.error_code(), grpc::StatusCode::UNAUTHENTICATED) << name << ": " << st.error_message();
      EXPECT_TRUE(contains(st.error_message(), token.empty() ? "missing 'authorization" : "wrong bearer token"))
          << st.error_message();
    }
  }
  // with the token the body is read, and refused for what it is
  EXPECT_EQ(call(garbage, kToken).error_code(), grpc::StatusCode::INTERNAL);
  EXPECT_EQ(call(huge, kToken).error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_TRUE(contains(d->http_get("/metrics").second,
                       "cuzk_rpc_errors_total{method=\"SubmitProof\",code=\"UNAUTHENTICATED\"} 4"))
      << d->http_get("/metrics").second;
  EXPECT_TRUE(contains(d->log_text(), "UNAUTHENTICATED: wrong bearer token (refused before its message was read)"));
  // a good call over TCP with the token proves; over the socket none is needed
  auto r = Client(d->tcp_address(), kToken).prove(builtin_request(small_params, kSmall, 4));
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_EQ(count_valid(r, *small_vk), 1);
  EXPECT_FALSE(Client(d->unix_address()).status_json().empty());
}

// With a short result TTL, a job the drain cancels must be listed as
// cancelled in the drain report, not under "finished jobs" (its record
// expiring first).
TEST_F(DaemonProcessTest, TheDrainReportListsACancelledJobAsCancelled) {
  auto d = start("drain", "[jobs]\ndrain_timeout_s = 0.3\nresult_ttl_s = 0\n");
  ASSERT_TRUE(d->ready()) << d->log_text();
  Client cl(d->unix_address());
  const std::string slow = cl.submit(builtin_request(medium_params, kMedium, 1, 256)).job_id();
  const bool running = wait_until([&] {
    const auto st = d->http_json("/status");
    if (st.is_object())
      for (const auto& j : st["jobs"])
        if (j["id"] == slow)
          for (const auto& p : j["partitions"])
            if (p["stage"] == "synthesis" || p["stage"] == "proving") return true;
    return false;
  });
  ASSERT_TRUE(running) << d->http_json("/status").dump(1);
  EXPECT_EQ(d->terminate(), 0) << d->log_text();
  const std::string log = d->log_text();
  EXPECT_TRUE(contains(log, "cancelled jobs: " + slow)) << log;
  EXPECT_TRUE(contains(log, "finished jobs: none")) << log;
}

// The daemon re-executes itself once with malloc's huge pages asked for where
// the kernel gives them only on advice (apps/cuzk/huge_page_malloc.hpp); an
// operator's own setting of that tunable stands.
TEST_F(DaemonProcessTest, TheDaemonAsksMallocForHugePagesUnlessTheOperatorChose) {
  // the daemon's own view (getenv): /proc/<pid>/environ shows the string as
  // glibc's start-up parse left it, not as it was given
  const auto logged = [](Daemon& d) {
    std::smatch m;
    const std::string log = d.log_text();
    return std::regex_search(log, m, std::regex("GLIBC_TUNABLES=(\\S+)")) ? m[1].str() : "(no such line)";
  };
  std::string thp;
  std::getline(std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled"), thp);
  const bool on_advice = contains(thp, "[madvise]");
  const char* outer = std::getenv("GLIBC_TUNABLES");
  const std::string saved = outer ? outer : "";
  ::unsetenv("GLIBC_TUNABLES");
  {
    auto d = start("huge_pages");
    ASSERT_TRUE(d->ready()) << d->log_text();
    EXPECT_EQ(logged(*d), on_advice ? "glibc.malloc.hugetlb=1" : "(unset)");
  }
  ::setenv("GLIBC_TUNABLES", "glibc.malloc.perturb=0:glibc.malloc.hugetlb=0", 1);
  {
    auto d = start("huge_pages_declined");
    ASSERT_TRUE(d->ready()) << d->log_text();
    EXPECT_EQ(logged(*d), "glibc.malloc.perturb=0:glibc.malloc.hugetlb=0");
  }
  ::setenv("GLIBC_TUNABLES", "glibc.malloc.perturb=0", 1);
  {
    auto d = start("huge_pages_added");
    ASSERT_TRUE(d->ready()) << d->log_text();
    EXPECT_EQ(logged(*d), on_advice ? "glibc.malloc.perturb=0:glibc.malloc.hugetlb=1" : "glibc.malloc.perturb=0");
  }
  if (outer)
    ::setenv("GLIBC_TUNABLES", saved.c_str(), 1);
  else
    ::unsetenv("GLIBC_TUNABLES");
}
