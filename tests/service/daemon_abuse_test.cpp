// A real `cuzk daemon` under a hostile client's requests: a flood of large
// requests that are all refused gives its memory back (resident memory
// returns to within 10 % of the idle daemon's) and is bounded while it lasts
// (the in-flight limit counts requests from their arrival); a message over
// max_message_mb, whatever it holds, is RESOURCE_EXHAUSTED and, like every
// refusal, logged once and counted once in cuzk_rpc_errors_total; a key file
// truncated while it loads is refused within a second of the cut, its
// load's workers stopped at once.
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <future>
#include <regex>
#include <thread>

#include "cuzk/v1/proving.grpc.pb.h"
#include "formats/bellperson_params.hpp"
#include "service/client.hpp"
#include "builtin_request.hpp"
#include "daemon_process.hpp"

using namespace cuzk;
using namespace cuzk::service;
using namespace cuzk::testing_support;
namespace fs = std::filesystem;

namespace {

// Resident memory (VmRSS) of `pid` in KiB; -1 when unreadable.
long rss_kib(pid_t pid) { return proc_status_kib(pid, "VmRSS"); }

// CPU seconds `pid` has used (user and system).
double cpu_seconds(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::istringstream rest(text.substr(text.rfind(')') + 2));  // after "pid (comm) "
  std::string field;
  unsigned long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stoul(field);
    if (i == 15) stime = std::stoul(field);
  }
  return double(utime + stime) / double(::sysconf(_SC_CLK_TCK));
}

// A channel of its own (no connection shared with another channel).
std::shared_ptr<grpc::Channel> own_channel(const std::string& address) {
  grpc::ChannelArguments args;
  static std::atomic<int> channels{0};
  args.SetInt("cuzk.test.channel", ++channels);
  args.SetMaxSendMessageSize(-1);
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
}

// One unary call of raw bytes; its status.
grpc::Status raw_call(const std::shared_ptr<grpc::Channel>& channel, const std::string& method,
                      const grpc::ByteBuffer& body) {
  grpc::GenericStub stub(channel);
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(120));
  grpc::ByteBuffer req = body, resp;
  std::promise<grpc::Status> done;
  stub.UnaryCall(&ctx, method, grpc::StubOptions(), &req, &resp, [&](grpc::Status s) { done.set_value(s); });
  return done.get_future().get();
}

grpc::ByteBuffer buffer_of(const std::string& bytes) {
  grpc::Slice slice(bytes);
  return grpc::ByteBuffer(&slice, 1);
}

// A Prove request of about `bytes` bytes: a snarkjs job whose witness is
// garbage and whose key does not exist, so the daemon refuses it.
std::string garbage_prove(size_t bytes) {
  v1::ProveRequest r;
  auto* s = r.mutable_submit();
  s->set_proof_kind(v1::SNARKJS_GROTH16);
  s->mutable_snarkjs()->set_zkey_path("/nonexistent/garbage.zkey");
  std::string w(bytes, '\0');
  for (size_t i = 0; i < w.size(); i += 4096) w[i] = char(i * 2654435761u >> 24);
  s->mutable_snarkjs()->set_wtns(std::move(w));
  return r.SerializeAsString();
}

// A daemon on a unix socket with the [daemon] and [jobs] settings given (the
// shared DaemonProcess fixes max_message_mb = 1).
class AbuseDaemon {
 public:
  AbuseDaemon(const fs::path& dir, const std::string& daemon_table, const std::string& rest) : dir_(dir) {
    fs::create_directories(dir_);
    socket_ = (dir_ / "cuzk.sock").string();
    std::ofstream(dir_ / "cuzk.toml") << "[daemon]\nlisten = [\"unix://" << socket_ << "\"]\n"
                                      << "status_listen = \"127.0.0.1:0\"\n"
                                      << daemon_table << "\n[cpu]\nworkers = 1\n[synthesis]\nthreads = 2\n"
                                      << rest;
    pid_ = spawn_daemon(dir_);
    ready_ = pid_ > 0 && wait_until([&] { return log_text().find("cuzk daemon: ready") != std::string::npos; });
    std::smatch m;
    const std::string text = log_text();
    if (std::regex_search(text, m, std::regex("http on 127\\.0\\.0\\.1:(\\d+)"))) http_port_ = std::stoi(m[1]);
  }
  ~AbuseDaemon() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  AbuseDaemon(const AbuseDaemon&) = delete;
  AbuseDaemon& operator=(const AbuseDaemon&) = delete;

  bool ready() const { return ready_ && http_port_ > 0; }
  pid_t pid() const { return pid_; }
  std::string address() const { return "unix:" + socket_; }
  std::string log_text() const { return read_text(dir_ / "daemon.log"); }
  std::string metrics() const {
    httplib::Client c("127.0.0.1", http_port_);
    auto r = c.Get("/metrics");
    return r && r->status == 200 ? r->body : "";
  }
  long peak_rss_kib() const { return proc_status_kib(pid_, "VmHWM"); }

 private:
  fs::path dir_;
  std::string socket_;
  pid_t pid_ = -1;
  bool ready_ = false;
  int http_port_ = 0;
};

class DaemonAbuse : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() / ("cuzk_abuse_" + std::to_string(::getpid()));
  void TearDown() override { fs::remove_all(dir); }
};

constexpr size_t kMiB = size_t(1) << 20;

}  // namespace

// 20 concurrent Prove calls of 100 MB each, on 20 connections, every one
// refused (a garbage witness for a key that does not exist): while they
// arrive, the requests held at once are bounded by [jobs] max_queued_bytes
// (the rest RESOURCE_EXHAUSTED naming it, or reset by gRPC's quota of
// buffers); once they are answered the daemon's resident memory returns to
// within 10 % of what it was idle. The first flood may leave a few MB of
// gRPC's own state among its freed buffers (malloc cannot return a page with
// anything live on it), so idle is measured after one, and that first one
// may leave at most 64 MB.
TEST_F(DaemonAbuse, ARefusedFloodGivesItsMemoryBack) {
  AbuseDaemon d(dir / "flood", "max_message_mb = 128", "[memory]\ntotal_budget = \"2GB\"\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  const std::string method = "/cuzk.v1.ProvingEngine/Prove";
  const grpc::ByteBuffer small = buffer_of(garbage_prove(1024)), large = buffer_of(garbage_prove(100 * kMiB));
  constexpr size_t kCallers = 20;
  // holds gRPC's library open: the last channel's end shuts it down, which can take seconds
  const auto library = own_channel(d.address());
  const auto at_once = [&](const grpc::ByteBuffer& body) {
    std::vector<grpc::Status> st(kCallers);
    std::vector<std::thread> ts;
    for (size_t i = 0; i < st.size(); ++i) ts.emplace_back([&, i] { st[i] = raw_call(own_channel(d.address()), method, body); });
    for (auto& t : ts) t.join();
    return st;
  };
  // resident memory once it has not moved for 1.5 s (longer than the
  // daemon's follow-up trim, HeapRelease::kSettle)
  const auto settled_rss = [&] {
    long last = rss_kib(d.pid());
    auto since = std::chrono::steady_clock::now();
    wait_until(
        [&] {
          const long now = rss_kib(d.pid());
          if (std::labs(now - last) >= 256) since = std::chrono::steady_clock::now();
          last = now;
          return std::chrono::steady_clock::now() - since >= std::chrono::milliseconds(1500);
        },
        std::chrono::seconds(30));
    return last;
  };
  // refused for what they hold, for room ([jobs] max_queued_bytes), or
  // reset by gRPC while they arrived (its quota: ENHANCE_YOUR_CALM)
  const auto flood = [&] {
    size_t room = 0, reset = 0;
    for (const auto& s : at_once(large)) {
      EXPECT_FALSE(s.ok());
      if (s.error_code() != grpc::StatusCode::RESOURCE_EXHAUSTED) continue;
      const bool named = s.error_message().find("max_queued_bytes") != std::string::npos;
      const bool by_grpc = s.error_message().find("RST_STREAM with error code 11") != std::string::npos;
      EXPECT_TRUE(named || by_grpc) << s.error_message();
      room += named;
      reset += by_grpc;
    }
    std::printf("of %zu: %zu refused for room, %zu reset while arriving; peak %ld KiB\n", kCallers, room, reset,
                d.peak_rss_kib());
  };
  for (const auto& s : at_once(small)) EXPECT_FALSE(s.ok());
  const long fresh = settled_rss();
  flood();
  const long idle = settled_rss();
  std::printf("idle: %ld KiB fresh, %ld KiB after a first flood\n", fresh, idle);
  EXPECT_LT(idle, fresh + 64 * 1024);
  flood();
  long now = 0;
  const bool back = wait_until(
      [&] {
        now = rss_kib(d.pid());
        return now > 0 && now <= idle + idle / 10;
      },
      std::chrono::seconds(5));
  EXPECT_TRUE(back) << "resident " << now << " KiB after the flood, " << idle << " KiB idle before it";
  // never a flood's 2 GB at once: the in-flight limit (500 MB) parsed and
  // copied, beside gRPC's quota of buffers
  EXPECT_LT(d.peak_rss_kib(), 2000l * 1024) << "peak " << d.peak_rss_kib() << " KiB";
  // every refusal logged and counted once
  const std::string log = d.log_text();
  EXPECT_EQ(count_of(log, "Prove from"), 3 * kCallers) << log;
}

// A message over max_message_mb = 1, a valid request or garbage, is refused
// before it is parsed with RESOURCE_EXHAUSTED naming the limit; it is logged
// once and counted once, as is a refusal of a handler.
TEST_F(DaemonAbuse, EveryRefusalIsLoggedAndCountedOnce) {
  DaemonProcess d(dir / "oversized", "");
  ASSERT_TRUE(d.ready()) << d.log_text();
  const auto channel = own_channel(d.unix_address());
  const auto big = garbage_prove(2 * kMiB);
  for (const auto& body : {big, std::string(2 * kMiB, '\xff')}) {
    const auto s = raw_call(channel, "/cuzk.v1.ProvingEngine/Prove", buffer_of(body));
    EXPECT_EQ(s.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << s.error_message();
    EXPECT_NE(s.error_message().find("max_message_mb"), std::string::npos) << s.error_message();
  }
  // a refusal of the handler: a key that does not exist
  const auto s = raw_call(channel, "/cuzk.v1.ProvingEngine/Prove", buffer_of(garbage_prove(1024)));
  EXPECT_FALSE(s.ok());
  EXPECT_TRUE(wait_until([&] {
    const auto m = d.http_text("/metrics");
    return m.find("cuzk_rpc_errors_total{method=\"Prove\",code=\"RESOURCE_EXHAUSTED\"} 2") != std::string::npos;
  }, std::chrono::seconds(10)))
      << d.http_text("/metrics");
  const std::string log = d.log_text();
  EXPECT_EQ(count_of(log, "RESOURCE_EXHAUSTED: Prove: the request has 2"), 2u) << log;
  EXPECT_EQ(count_of(log, s.error_message()), 1u) << log;
  EXPECT_EQ(count_of(log, "Prove from unix"), 3u) << log;
}

// A key file cut short while the daemon checks its points (the rest of its
// parse still ahead, seconds of work) is refused within a second of the cut,
// naming the file, and the daemon spends little CPU after the cut: every
// worker of the load stops as soon as one sees the change.
TEST_F(DaemonAbuse, AKeyTruncatedWhileLoadingIsRefusedWithinASecond) {
  ::setenv("CUZK_VALIDATED_KEYS", "", 1);  // every point of every load is checked
  namespace bp = formats::bellperson;
  fs::create_directories(dir);
  auto pk = bp::read_params(synthetic_key(dir / "small.params", 256));
  pk.h.assign(400000, pk.h[0]);  // ~10 CPU-seconds of subgroup checks
  const std::string path = (dir / "slow.params").string();
  bp::write_params(pk, path);
  const auto size = fs::file_size(path);
  const std::string canon = fs::canonical(path).string();
  DaemonProcess d(dir / "truncated", "");
  ASSERT_TRUE(d.ready()) << d.log_text();
  const double cpu_before = cpu_seconds(d.pid());
  std::atomic<int> code{-1};
  std::string message;
  std::chrono::steady_clock::time_point ended;
  std::thread loader([&] {
    try {
      Client(d.unix_address()).preload("slow", path);
      code = 0;
    } catch (const ClientError& e) {
      message = e.what();
      code = int(e.code);
    }
    ended = std::chrono::steady_clock::now();
  });
  // cut once the load has had a CPU-second: most of its checks are ahead
  EXPECT_TRUE(wait_until([&] { return cpu_seconds(d.pid()) - cpu_before >= 1.0 || code >= 0; }));
  const auto cut = std::chrono::steady_clock::now();
  const double cpu_at_cut = cpu_seconds(d.pid());
  const bool ended_before = code >= 0;
  ASSERT_EQ(::truncate(path.c_str(), off_t(size * 9 / 10)), 0);
  loader.join();
  ASSERT_FALSE(ended_before) << "the load ended before the cut: " << message;
  const double wall = std::chrono::duration<double>(ended - cut).count();
  const double cpu = cpu_seconds(d.pid()) - cpu_at_cut;
  std::printf("refused %.3f s after the cut, %.2f CPU-s spent meanwhile: %s\n", wall, cpu, message.c_str());
  EXPECT_EQ(code.load(), int(grpc::StatusCode::FAILED_PRECONDITION)) << message;
  EXPECT_NE(message.find(canon), std::string::npos) << message;
  EXPECT_NE(message.find("changed while it was being read"), std::string::npos) << message;
  EXPECT_LT(wall, 1.0);
  EXPECT_LT(cpu, 1.0);
  EXPECT_FALSE(Client(d.unix_address()).status_json().empty());
}
