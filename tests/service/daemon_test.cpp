// A real `cuzk daemon` process (CPU backend) on a unix socket, a loopback
// TCP port (bearer token) and a loopback HTTP port: concurrent clients with
// different priorities get proofs that verify; cancelling mid-synthesis
// frees every buffer and byte; bad requests get clear gRPC errors and the
// daemon keeps serving; 500 small proofs from 16 clients lose nothing;
// SIGTERM drains and reports finished and cancelled jobs.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <map>
#include <thread>

#include "ff/field_io.hpp"
#include "formats/bellperson_params.hpp"
#include "formats/snarkjs/json.hpp"
#include "formats/snarkjs/json_vk.hpp"
#include "groth16/verifier.hpp"
#include "service/client.hpp"
#include "builtin_request.hpp"
#include "daemon_process.hpp"
#include "proof_check.hpp"
#include "support/snarkjs_fixtures.hpp"

using namespace cuzk;
using namespace cuzk::service;
using nlohmann::json;
namespace fs = std::filesystem;
namespace bp = formats::bellperson;
using E = groth16::Bls12_381;
using Fr = E::Fr;
using Clock = std::chrono::steady_clock;
using namespace cuzk::testing_support;

namespace {

constexpr size_t kSmall = 256;     // constraints of the load-test circuit
constexpr size_t kMedium = 16384;  // constraints of the cancel-test circuit

v1::SubmitProofRequest snarkjs_request(const std::string& zkey, const std::string& wtns) {
  v1::SubmitProofRequest r;
  r.set_proof_kind(v1::SNARKJS_GROTH16);
  r.mutable_snarkjs()->set_zkey_path(zkey);
  r.mutable_snarkjs()->set_wtns(wtns);
  return r;
}

constexpr auto kCompleted = v1::AwaitProofResponse::COMPLETED;
constexpr auto kCancelled = v1::AwaitProofResponse::CANCELLED;
constexpr auto kFailed = v1::AwaitProofResponse::FAILED;

class ServiceDaemon : public ::testing::Test {
 protected:
  static inline fs::path dir;
  static inline std::string small_params, medium_params;
  static inline std::unique_ptr<DaemonProcess> daemon;
  static inline std::unique_ptr<groth16::PreparedVerifyingKey<E>> small_vk;

  static void SetUpTestSuite() {
    dir = fs::temp_directory_path() / ("cuzk_daemon_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    small_params = synthetic_key(dir / "small.params", kSmall);
    medium_params = synthetic_key(dir / "medium.params", kMedium);
    small_vk = std::make_unique<groth16::PreparedVerifyingKey<E>>(bp::read_params(small_params).vk);
    daemon = std::make_unique<DaemonProcess>(dir / "main", "");
  }
  static void TearDownTestSuite() {
    daemon.reset();
    fs::remove_all(dir);
  }
  void SetUp() override { ASSERT_TRUE(daemon && daemon->ready()) << (daemon ? daemon->log_text() : ""); }

  static Client unix_client() { return Client(daemon->unix_address()); }

  // Pool and budget back to idle: nothing in use, the budget holds only idle
  // pool buffers and cached keys.
  static void expect_idle() {
    json st;
    wait_until([&] {
      st = daemon->http_json("/status");
      return st["pool"]["bytes_in_use"] == 0 && st["jobs_in_flight"] == 0 &&
             st["budget"]["used"].get<uint64_t>() ==
                 st["pool"]["bytes_pinned"].get<uint64_t>() + st["key_bytes"].get<uint64_t>();
    });
    EXPECT_EQ(st["pool"]["bytes_in_use"], 0) << st.dump(1);
    EXPECT_EQ(st["pool"]["buffers_in_use"], 0);
    EXPECT_EQ(st["jobs_in_flight"], 0);
    EXPECT_EQ(st["budget"]["used"].get<uint64_t>(),
              st["pool"]["bytes_pinned"].get<uint64_t>() + st["key_bytes"].get<uint64_t>())
        << st.dump(1);
  }
};

}  // namespace

// socket_mode's default, Curio's users in the daemon's group connect
TEST_F(ServiceDaemon, SocketIsOwnerAndGroupOnly) {
  struct stat st {};
  ASSERT_EQ(::stat(daemon->socket().c_str(), &st), 0);
  EXPECT_TRUE(S_ISSOCK(st.st_mode));
  EXPECT_EQ(st.st_mode & 0777, 0660u);
}

TEST_F(ServiceDaemon, ConcurrentClientsWithPrioritiesGetProofsThatVerify) {
  const v1::Priority prs[] = {v1::LOW, v1::NORMAL, v1::HIGH, v1::CRITICAL};
  std::atomic<int> valid{0}, done{0};
  std::vector<std::thread> ts;
  for (int c = 0; c < 4; ++c)
    ts.emplace_back([&, c] {
      Client cl = unix_client();
      std::vector<std::string> ids;
      for (int j = 0; j < 3; ++j)
        ids.push_back(cl.submit(builtin_request(small_params, kSmall, 100 * c + 10 * j + 1, 2, prs[c])).job_id());
      for (const auto& id : ids) {
        auto r = cl.await(id);
        done += r.status() == kCompleted;
        valid += count_valid(r, *small_vk);
      }
    });
  for (auto& t : ts) t.join();
  EXPECT_EQ(done.load(), 12);
  EXPECT_EQ(valid.load(), 24);
  // the blocking Prove call and the daemon-side verification
  auto req = builtin_request(small_params, kSmall, 7, 3, v1::CRITICAL);
  req.set_verify(v1::VERIFY_ALWAYS);
  auto r = unix_client().prove(req);
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_EQ(r.proof().size(), 3u * 192);
  EXPECT_GT(r.timeline_size(), 0);
  EXPECT_EQ(count_valid(r, *small_vk), 3);
  expect_idle();
}

namespace {
// Submits a 16-partition job, waits until /status shows one of its partitions
// in `stage`, cancels it: the job ends CANCELLED with no proofs, and the pool
// and budget go back to idle.
void cancel_at_stage(DaemonProcess& d, Client& cl, const std::string& params, const std::string& stage) {
  const std::string id = cl.submit(builtin_request(params, kMedium, 1, 16)).job_id();
  const bool seen = wait_until([&] { return job_has_partition_in(d, id, stage); });
  ASSERT_TRUE(seen) << "never saw a partition of job " << id << " in " << stage << ": " << d.http_json("/status").dump(1);
  const auto c = cl.cancel(id);
  EXPECT_TRUE(c.was_running());
  EXPECT_EQ(c.status(), kCancelled);
  auto r = cl.await(id);
  EXPECT_EQ(r.status(), kCancelled);
  EXPECT_EQ(r.partitions_size(), 0);
  EXPECT_TRUE(r.proof().empty());
  // cancelling again, or an ended job, says how it ended
  const auto again = cl.cancel(id);
  EXPECT_FALSE(again.was_running());
  EXPECT_EQ(again.status(), kCancelled);
}
}  // namespace

TEST_F(ServiceDaemon, CancelMidSynthesisFreesEverything) {
  Client cl = unix_client();
  cancel_at_stage(*daemon, cl, medium_params, "synthesis");
  expect_idle();
}

TEST_F(ServiceDaemon, CancelWhileProvingFreesEverything) {
  // the backend stage (the GPU's in a GPU build; the CPU backend here)
  Client cl = unix_client();
  cancel_at_stage(*daemon, cl, medium_params, "proving");
  expect_idle();
}

TEST_F(ServiceDaemon, BadRequestsGetClearErrorsAndTheDaemonKeepsServing) {
  Client cl = unix_client();
  auto expect_error = [&](v1::SubmitProofRequest r, grpc::StatusCode code, const std::string& says) {
    try {
      cl.submit(r);
      ADD_FAILURE() << "accepted; expected " << status_code_name(code);
    } catch (const ClientError& e) {
      EXPECT_EQ(e.code, code) << e.what();
      EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
    }
  };
  auto r = builtin_request(small_params, kSmall, 1);
  r.mutable_builtin()->set_circuit("nope");
  expect_error(r, grpc::StatusCode::INVALID_ARGUMENT, "unknown built-in circuit 'nope'");
  expect_error(builtin_request(small_params, 5, 1), grpc::StatusCode::INVALID_ARGUMENT, "constraints=5 out of range");
  expect_error(builtin_request(small_params, kSmall, 1, 100000), grpc::StatusCode::INVALID_ARGUMENT, "exceeds the daemon's limit");
  expect_error(builtin_request(small_params, 512, 1), grpc::StatusCode::INVALID_ARGUMENT, "does not match key");
  expect_error(builtin_request((dir / "missing.params").string(), kSmall, 1), grpc::StatusCode::NOT_FOUND, "missing.params");
  r = builtin_request(small_params, kSmall, 1);
  r.mutable_builtin()->set_key_id("no-such-key");
  expect_error(r, grpc::StatusCode::NOT_FOUND, "unknown key 'no-such-key'");
  r = builtin_request(small_params, kSmall, 1);
  r.mutable_builtin()->clear_params_path();
  expect_error(r, grpc::StatusCode::INVALID_ARGUMENT, "no key");
  r = builtin_request(small_params, kSmall, 1);
  r.set_proof_kind(v1::ProofKind(77));
  expect_error(r, grpc::StatusCode::INVALID_ARGUMENT, "unknown proof_kind 77");
  r = builtin_request(small_params, kSmall, 1);
  r.set_priority(v1::Priority(9));
  expect_error(r, grpc::StatusCode::INVALID_ARGUMENT, "unknown priority 9");
  r = builtin_request(small_params, kSmall, 1);
  r.set_proof_kind(v1::WINNING_POST);
  r.clear_builtin();
  expect_error(r, grpc::StatusCode::INVALID_ARGUMENT, "randomness must be 32 bytes");
  r = builtin_request(small_params, kSmall, 1);
  r.set_label(std::string(2 << 20, 'x'));  // over max_message_mb = 1
  expect_error(r, grpc::StatusCode::RESOURCE_EXHAUSTED, "");
  // a file that is not a params file
  std::ofstream(dir / "junk.params") << "not a key";
  expect_error(builtin_request((dir / "junk.params").string(), kSmall, 1), grpc::StatusCode::FAILED_PRECONDITION, "junk.params");
  try {
    cl.await("987654321");
    ADD_FAILURE() << "awaited an unknown job";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code, grpc::StatusCode::NOT_FOUND);
    EXPECT_NE(std::string(e.what()).find("unknown job '987654321'"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(cl.evict("no-such-key").was_loaded());
  try {
    v1::ProveRequest empty;
    grpc::ClientContext ctx;
    v1::ProveResponse out;
    auto st = v1::ProvingEngine::NewStub(grpc::CreateChannel(daemon->unix_address(), grpc::InsecureChannelCredentials()))
                  ->Prove(&ctx, empty, &out);
    EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(st.error_message().find("missing submit"), std::string::npos) << st.error_message();
  } catch (const std::exception& e) {
    ADD_FAILURE() << e.what();
  }
  // still serving
  auto ok = cl.prove(builtin_request(small_params, kSmall, 3));
  ASSERT_EQ(ok.status(), kCompleted) << ok.error_message();
  EXPECT_EQ(count_valid(ok, *small_vk), 1);
  EXPECT_NE(daemon->http_text("/metrics").find("cuzk_rpc_errors_total{method=\"SubmitProof\",code=\"INVALID_ARGUMENT\"}"),
            std::string::npos);
}

TEST_F(ServiceDaemon, TcpNeedsTheBearerToken) {
  auto status_with = [&](const std::string& token) {
    Client cl(daemon->tcp_address(), token);
    try {
      cl.status_json();
      return grpc::StatusCode::OK;
    } catch (const ClientError& e) {
      if (e.code == grpc::StatusCode::UNAUTHENTICATED) {
        EXPECT_NE(std::string(e.what()).find(token.empty() ? "missing" : "wrong bearer token"), std::string::npos)
            << e.what();
      }
      return e.code;
    }
  };
  EXPECT_EQ(status_with(""), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(status_with("wrong"), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(status_with(kDaemonToken), grpc::StatusCode::OK);
  Client tcp(daemon->tcp_address(), kDaemonToken);
  auto r = tcp.prove(builtin_request(small_params, kSmall, 11));
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_EQ(count_valid(r, *small_vk), 1);
}

// A preloaded key with `prewarm`: once its key is loaded (while the daemon
// serves) the daemon pins that many witness buffers, and a job takes them
// instead of pinning new ones.
TEST_F(ServiceDaemon, PrewarmPinsWitnessBuffersAtStartup) {
  DaemonProcess d(dir / "prewarm",
                  "[[srs.preload]]\nid = \"small-pw\"\npath = \"" + small_params + "\"\nprewarm = 2\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  EXPECT_TRUE(wait_until([&] { return d.log_text().find("key 'small-pw': 2 of 2 witness buffer(s)") != std::string::npos; }))
      << d.log_text();
  auto st = d.http_json("/status");
  EXPECT_EQ(st["pool"]["buffers_idle"], 2) << st["pool"].dump();
  EXPECT_EQ(st["pool"]["misses"], 2);
  EXPECT_EQ(st["pool"]["hits"], 0);
  Client cl(d.unix_address());
  auto req = builtin_request(small_params, kSmall, 31);
  req.mutable_builtin()->set_key_id("small-pw");
  auto r = cl.prove(req);
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_EQ(count_valid(r, *small_vk), 1);
  // nothing new was pinned: the witness, and at this size the a/b buffer too,
  // went into the prewarmed (2 MiB) buffers
  st = d.http_json("/status");
  EXPECT_EQ(st["pool"]["hits"], 2) << st["pool"].dump();
  EXPECT_EQ(st["pool"]["misses"], 2);
}

TEST_F(ServiceDaemon, KeysPreloadByIdAndEvict) {
  Client cl = unix_client();
  const auto copy = (dir / "small-copy.params").string();  // small.params is cached by path already
  fs::copy_file(small_params, copy, fs::copy_options::overwrite_existing);
  cl.preload("", small_params);  // cached under its path
  try {
    cl.preload("other-name", small_params);
    ADD_FAILURE() << "one file loaded under two ids";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code, grpc::StatusCode::FAILED_PRECONDITION);
    EXPECT_NE(std::string(e.what()).find("already loaded as"), std::string::npos) << e.what();
  }
  auto k = cl.preload("small", copy);
  EXPECT_EQ(k.circuit_id(), "small");
  EXPECT_FALSE(k.already_loaded());
  EXPECT_GT(k.size_bytes(), 0u);
  EXPECT_TRUE(cl.preload("small", copy).already_loaded());
  auto req = builtin_request(small_params, kSmall, 21);
  req.mutable_builtin()->set_key_id("small");
  auto r = cl.prove(req);
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  bool typed = false;
  const auto srs = cl.status();
  for (const auto& s : srs.loaded_srs()) typed = typed || (s.circuit_id() == "small" && s.size_bytes() == k.size_bytes());
  EXPECT_TRUE(typed);
  EXPECT_EQ(count_valid(r, *small_vk), 1);
  auto st = daemon->http_json("/status");
  bool listed = false;
  for (const auto& key : st["keys"]) listed = listed || key["id"] == "small";
  EXPECT_TRUE(listed) << st["keys"].dump();
  // engine threads drop their hold on a job moments after it ends: wait
  // until /status shows no job using the key, then it must evict at once
  const bool unused = wait_until([&] {
    const json keys = daemon->http_json("/status")["keys"];
    for (const auto& key : keys)
      if (key["id"] == "small") return key["users"] == 0;
    return false;
  });
  ASSERT_TRUE(unused) << "key 'small' still in use: " << daemon->http_json("/status")["keys"].dump(1);
  const auto ev = cl.evict("small");
  EXPECT_TRUE(ev.was_loaded());
  EXPECT_EQ(ev.freed_bytes(), k.size_bytes());
  EXPECT_FALSE(cl.evict("small").was_loaded());
  expect_idle();
}

TEST_F(ServiceDaemon, LoadTest500ProofsFrom16Clients) {
  constexpr int kClients = 16, kPerClient = 500 / kClients + 1;  // 16 x 32 = 512 >= 500
  std::atomic<int> submitted{0}, done{0}, valid{0}, errors{0};
  const auto t0 = Clock::now();
  std::vector<std::thread> ts;
  for (int c = 0; c < kClients; ++c)
    ts.emplace_back([&, c] {
      Client cl = unix_client();
      std::vector<std::string> ids;
      // half the clients submit everything then await; the others call Prove
      for (int j = 0; j < kPerClient && submitted.fetch_add(1) < 500; ++j) {
        auto req = builtin_request(small_params, kSmall, 100000 + 1000 * c + j, 1, v1::Priority(1 + (c + j) % 4));
        try {
          if (c % 2 == 0) {
            ids.push_back(cl.submit(req).job_id());
          } else {
            auto r = cl.prove(req);
            done += r.status() == kCompleted;
            valid += count_valid(r, *small_vk);
          }
        } catch (const std::exception& e) {
          ++errors;
          ADD_FAILURE() << e.what();
        }
      }
      for (const auto& id : ids) {
        auto r = cl.await(id);
        done += r.status() == kCompleted;
        valid += count_valid(r, *small_vk);
      }
    });
  for (auto& t : ts) t.join();
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  EXPECT_EQ(errors.load(), 0);
  EXPECT_EQ(done.load(), 500);
  EXPECT_EQ(valid.load(), 500);
  std::printf("load test: 500 proofs (%zu constraints) from %d clients in %.2f s: %.1f proofs/s (incl. client-side verify)\n",
              kSmall, kClients, secs, 500 / secs);
  const std::string m = daemon->http_text("/metrics");
  EXPECT_NE(m.find("cuzk_proofs_total{kind=\"builtin\",outcome=\"done\"}"), std::string::npos);
  EXPECT_NE(m.find("cuzk_stage_seconds_count{stage=\"synthesis\"}"), std::string::npos);
  EXPECT_NE(m.find("cuzk_budget_used_bytes"), std::string::npos);
  EXPECT_NE(m.find("cuzk_proofs_completed{proof_kind=\"builtin\"}"), std::string::npos);
  EXPECT_NE(m.find("cuzk_proof_duration_seconds_count{proof_kind=\"builtin\"}"), std::string::npos);
  EXPECT_NE(m.find("cuzk_pool_in_use_bytes"), std::string::npos);
  expect_idle();
}

TEST_F(ServiceDaemon, SigtermDrainsReportingFinishedAndCancelledJobs) {
  DaemonProcess d(dir / "drain", "[jobs]\ndrain_timeout_s = 0.5\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  const std::string quick = cl.submit(builtin_request(small_params, kSmall, 1)).job_id();
  ASSERT_EQ(cl.await(quick).status(), kCompleted);
  const std::string slow = cl.submit(builtin_request(medium_params, kMedium, 1, 64)).job_id();  // far longer than the drain timeout
  std::atomic<int> waiter_state{-1};
  std::atomic<bool> awaiting{false};
  std::string waiter_error;
  std::thread waiter([&] {
    try {
      awaiting = true;
      waiter_state = cl.await(slow).status();
    } catch (const std::exception& e) {
      waiter_error = e.what();
      waiter_state = -2;
    }
  });
  // SIGTERM only once the slow job is running (a partition in synthesis or
  // proving) and the waiter is in its AwaitProof call. Its call may still be
  // on the (already connected) socket then: the daemon keeps answering
  // through the drain (drain_timeout_s, which the slow job outlasts), and an
  // await reaching a drained job gets how it ended.
  const bool running = wait_until([&] {
    return awaiting && (job_has_partition_in(d, slow, "synthesis") || job_has_partition_in(d, slow, "proving"));
  });
  if (!running) ADD_FAILURE() << "job " << slow << " never started: " << d.http_json("/status").dump(1);
  EXPECT_EQ(d.terminate(), 0) << d.log_text();
  waiter.join();
  EXPECT_EQ(waiter_state.load(), kCancelled) << waiter_error;  // the waiting caller hears how it ended
  const std::string log = d.log_text();
  EXPECT_NE(log.find("cancelled jobs: " + slow), std::string::npos) << log;
  EXPECT_NE(log.find("cuzk daemon: stopped"), std::string::npos) << log;
  EXPECT_FALSE(fs::exists(dir / "drain" / "cuzk.sock"));
}

namespace {
using formats::read_text_file;

// The snarkjs fixture's proof from the daemon verifies with the fixture's
// verification_key.json; a witness with one wire changed fails its job (its
// proof would not verify, and the daemon returns only proofs that do).
template <class E>
void check_snarkjs_job(Client& cl, const std::string& curve_dir) {
  namespace sj = formats::snarkjs;
  using F = typename E::Fr;
  const std::string fx = testing_support::snarkjs_fixture(curve_dir, "");
  const std::string vk_text = read_text_file(fx + "verification_key.json");
  groth16::PreparedVerifyingKey<E> pvk(sj::vk_from_json<E>(vk_text, "vk"));
  auto verifies = [&](const v1::AwaitProofResponse& r) {
    auto pub = sj::public_from_json<F>(r.snarkjs_public_json(), "public");
    auto proof = sj::proof_from_json<E>(r.snarkjs_proof_json(), "proof");
    return groth16::verify_proof(pvk, proof, std::span<const F>(pub));
  };
  const std::string wtns = read_text_file(fx + "witness.wtns");
  auto req = snarkjs_request(fx + "circuit.zkey", wtns);
  auto r = cl.prove(req);
  ASSERT_EQ(r.status(), kCompleted) << curve_dir << ": " << r.error_message();
  EXPECT_EQ(r.partitions_size(), 0);
  EXPECT_TRUE(verifies(r)) << curve_dir;
  EXPECT_EQ(sj::public_from_json<F>(r.snarkjs_public_json(), "public"),
            sj::public_from_json<F>(read_text_file(fx + "public.json"), "fixture public.json"))
      << curve_dir;
  // the last 32 bytes of a .wtns are the last wire's value: change it
  std::string bad = wtns;
  bad[bad.size() - 32] ^= 1;
  req.mutable_snarkjs()->set_wtns(bad);
  auto rb = cl.prove(req);
  EXPECT_EQ(rb.status(), kFailed) << curve_dir;
  EXPECT_EQ(rb.failure(), "unverified");
  EXPECT_NE(rb.error_message().find("does not verify"), std::string::npos) << rb.error_message();
  EXPECT_TRUE(rb.snarkjs_proof_json().empty());
  // a witness of another length: the job fails, naming both lengths
  req.mutable_snarkjs()->set_wtns(read_text_file(fx + (curve_dir == "bn128" ? "../bls12381/" : "../bn128/") + "witness.wtns"));
  auto rf = cl.prove(req);
  EXPECT_EQ(rf.status(), kFailed);
  EXPECT_FALSE(rf.error_message().empty());
}
}  // namespace

TEST_F(ServiceDaemon, SnarkjsJobsProveAndVerify) {
  Client cl = unix_client();
  check_snarkjs_job<groth16::Bn254>(cl, "bn128");
  check_snarkjs_job<groth16::Bls12_381>(cl, "bls12381");
  // unknown zkey, missing witness: clear errors at submit
  auto req = snarkjs_request((dir / "none.zkey").string(), "x");
  try {
    cl.submit(req);
    ADD_FAILURE() << "accepted a missing zkey";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code, grpc::StatusCode::NOT_FOUND);
    EXPECT_NE(std::string(e.what()).find("none.zkey"), std::string::npos) << e.what();
  }
  req.mutable_snarkjs()->set_zkey_path(testing_support::snarkjs_fixture("bn128", "circuit.zkey"));
  req.mutable_snarkjs()->clear_wtns();
  try {
    cl.submit(req);
    ADD_FAILURE() << "accepted a job without a witness";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code, grpc::StatusCode::INVALID_ARGUMENT);
  }
  expect_idle();
}

// One queue for every kind of job: a snarkjs job submitted at CRITICAL behind
// a long LOW bellperson job is listed beside it in /status (one engine, each
// with its key kind) and overtakes it.
TEST_F(ServiceDaemon, SnarkjsAndBellpersonJobsShareOneQueue) {
  Client cl = unix_client();
  const std::string slow = cl.submit(builtin_request(medium_params, kMedium, 3, 16, v1::LOW)).job_id();
  ASSERT_TRUE(wait_until([&] { return job_has_partition_in(*daemon, slow, "synthesis"); }));
  auto req = snarkjs_request(testing_support::snarkjs_fixture("bn128", "circuit.zkey"),
                             read_text_file(testing_support::snarkjs_fixture("bn128", "witness.wtns")));
  req.set_priority(v1::CRITICAL);
  const std::string quick = cl.submit(req).job_id();
  std::map<std::string, std::string> kinds;
  const json listed = daemon->http_json("/status");
  for (const auto& j : listed["jobs"]) kinds[j["id"].get<std::string>()] = j["key_kind"];
  // listed together unless the snarkjs job is already done (then it was forgotten)
  EXPECT_EQ(kinds[slow], "bellperson bls12_381") << listed.dump(1);
  if (kinds.count(quick)) {
    EXPECT_EQ(kinds[quick], "snarkjs bn254");
  }
  const auto r = cl.await(quick);
  EXPECT_EQ(r.status(), kCompleted) << r.error_message();
  // the LOW job still has partitions left to prove when the CRITICAL one is done
  const json st = daemon->http_json("/status");
  bool slow_in_flight = false;
  for (const auto& j : st["jobs"])
    if (j["id"] == slow) slow_in_flight = j["state"] != "done";
  EXPECT_TRUE(slow_in_flight) << st.dump(1);
  EXPECT_EQ(cl.cancel(slow).status(), kCancelled);
  expect_idle();
}

// Curio's semantics: job_id = request_id; the same request under a live id is
// the same job, another request under it supersedes it; AwaitProof's timeout
// answers TIMEOUT while the job goes on; GetStatus counts it per kind (what
// Curio sums for back-pressure); /healthz answers.
TEST_F(ServiceDaemon, RequestIdsTimeoutsAndTypedStatus) {
  Client cl = unix_client();
  auto req = builtin_request(medium_params, kMedium, 5, 16, v1::LOW);
  req.set_request_id("porep-1000-7");
  const auto first = cl.submit(req);
  EXPECT_EQ(first.job_id(), "porep-1000-7");
  const auto again = cl.submit(req);  // a retry: the same job
  EXPECT_EQ(again.job_id(), "porep-1000-7");
  auto other = builtin_request(medium_params, kMedium, 6, 16, v1::LOW);
  other.set_request_id("porep-1000-7");
  EXPECT_EQ(cl.submit(other).job_id(), "porep-1000-7");  // supersedes the first
  const auto t = cl.await("porep-1000-7", std::chrono::milliseconds(1));
  EXPECT_EQ(t.status(), v1::AwaitProofResponse::TIMEOUT);
  uint32_t builtin_jobs = 0;
  const auto st = cl.status();
  for (const auto& q : st.queues())
    if (q.proof_kind() == "builtin") builtin_jobs = q.pending() + q.in_progress();
  EXPECT_EQ(builtin_jobs, 1u) << st.DebugString();
  EXPECT_FALSE(st.json().empty());
  EXPECT_GT(st.pinned_memory_limit_bytes(), 0u);
  EXPECT_EQ(daemon->http_text("/healthz"), "ok\n");
  EXPECT_EQ(cl.cancel("porep-1000-7").status(), kCancelled);
  // a cancelled job's id is free again
  auto quick = builtin_request(small_params, kSmall, 9);
  quick.set_request_id("porep-1000-7");
  const auto r = cl.prove(quick);
  EXPECT_EQ(r.job_id(), "porep-1000-7");
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_EQ(count_valid(r, *small_vk), 1);
  const auto after = cl.status();
  for (const auto& q : after.queues()) EXPECT_EQ(q.pending() + q.in_progress(), 0u) << q.proof_kind();
  expect_idle();
}
