// Request ids as Curio's retries use them, against a real `cuzk daemon`: a
// Prove caller whose deadline passes leaves its job running, and a retry
// under the same id and content gets that job's proof without a second
// proving; the same id with other content supersedes the old job (finished:
// its result is dropped; running: its waiter gets CANCELLED saying so) and
// proves the new content; cancel_on_disconnect = true cancels the job of a
// caller that goes away, as does a missing request id; a SubmitProof whose
// caller's deadline passes while the key loads leaves no job. Every proof is
// verified. Keys are loaded with the validation memo off
// (CUZK_VALIDATED_KEYS=""), so the medium key takes seconds to load.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <thread>

#include "builtin_request.hpp"
#include "daemon_process.hpp"
#include "proof_check.hpp"
#include "ff/field_io.hpp"
#include "formats/bellperson_params.hpp"
#include "groth16/verifier.hpp"
#include "service/client.hpp"

using namespace cuzk;
using namespace cuzk::service;
using namespace cuzk::testing_support;
using nlohmann::json;
namespace fs = std::filesystem;
namespace bp = formats::bellperson;
using E = groth16::Bls12_381;
using Fr = E::Fr;
using namespace std::chrono_literals;

namespace {

constexpr size_t kSmall = 256;
constexpr size_t kMedium = 16384;
constexpr auto kCompleted = v1::AwaitProofResponse::COMPLETED;
constexpr auto kCancelled = v1::AwaitProofResponse::CANCELLED;

// builtin_request under the request id `id`, its priority the daemon's default
v1::SubmitProofRequest synthetic(const std::string& id, const std::string& params, size_t constraints, uint64_t seed,
                                 uint32_t partitions = 1) {
  auto r = builtin_request(params, constraints, seed, partitions, v1::PRIORITY_UNSPECIFIED);
  r.set_request_id(id);
  return r;
}

// The partitions' public inputs, in order.
std::vector<std::vector<std::string>> inputs_of(const v1::AwaitProofResponse& r) {
  std::vector<std::vector<std::string>> out;
  for (const auto& p : r.partitions()) out.emplace_back(p.public_inputs().begin(), p.public_inputs().end());
  return out;
}

// Jobs GetStatus counts as queued or running.
uint32_t jobs_in_queues(Client& cl) {
  uint32_t n = 0;
  const auto st = cl.status();
  for (const auto& q : st.queues()) n += q.pending() + q.in_progress();
  return n;
}

class DaemonRetry : public ::testing::Test {
 protected:
  static inline fs::path dir;
  static inline std::string small_params, medium_params;
  static inline std::unique_ptr<groth16::PreparedVerifyingKey<E>> small_vk, medium_vk;

  static void SetUpTestSuite() {
    ::setenv("CUZK_VALIDATED_KEYS", "", 1);  // every load checks every point: the medium key loads for seconds
    dir = fs::temp_directory_path() / ("cuzk_daemon_retry_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    small_params = synthetic_key(dir / "small.params", kSmall);
    medium_params = synthetic_key(dir / "medium.params", kMedium);
    small_vk = std::make_unique<groth16::PreparedVerifyingKey<E>>(bp::read_params(small_params).vk);
    medium_vk = std::make_unique<groth16::PreparedVerifyingKey<E>>(bp::read_params(medium_params).vk);
  }
  static void TearDownTestSuite() {
    fs::remove_all(dir);
    ::unsetenv("CUZK_VALIDATED_KEYS");
  }

  // A Prove whose deadline passes before its job ends.
  static void prove_past_deadline(Client& cl, const v1::SubmitProofRequest& r, std::chrono::milliseconds deadline) {
    try {
      const auto early = cl.prove(r, deadline);
      ADD_FAILURE() << "the job ended within " << deadline.count() << " ms (" << early.status()
                    << "): the test needs a longer one";
    } catch (const ClientError& e) {
      EXPECT_EQ(e.code, grpc::StatusCode::DEADLINE_EXCEEDED) << e.what();
    }
  }
};

}  // namespace

// Curio's Prove times out and its task retries later with the same request
// id: the job went on after the first caller left (its key loading, then
// proving), and the retry waits for it or collects its result; it is queued
// and proved once.
TEST_F(DaemonRetry, ARetryAfterTheDeadlineGetsTheProofWithoutProvingAgain) {
  DaemonProcess d(dir / "retry", "[jobs]\ndrain_timeout_s = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  const std::string id = "porep-1000-7";
  const auto req = synthetic(id, medium_params, kMedium, 1, 2);
  prove_past_deadline(cl, req, 500ms);
  EXPECT_TRUE(wait_until([&] { return contains(d.log_text(), "job " + id + ": its caller went away; the job goes on"); }))
      << d.log_text();
  const auto r = cl.prove(req);
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_EQ(r.job_id(), id);
  EXPECT_TRUE(r.verified());
  EXPECT_EQ(count_valid(r, *medium_vk), 2);
  std::string log = d.log_text();
  EXPECT_TRUE(contains(log, "job " + id + ": a request with the same id and content attaches to the") ||
              contains(log, "job " + id + ": a request with the same id and content collects its result"))
      << log;
  // once done, a retry collects the same proof
  const auto again = cl.prove(req);
  ASSERT_EQ(again.status(), kCompleted) << again.error_message();
  EXPECT_EQ(again.proof(), r.proof());
  log = d.log_text();
  EXPECT_TRUE(contains(log, "job " + id + ": a request with the same id and content collects its result")) << log;
  EXPECT_EQ(count_of(log, "job " + id + ": queued"), 1u) << log;
  EXPECT_EQ(count_of(log, "job " + id + ": proving started"), 1u) << log;
  EXPECT_EQ(count_of(log, "job " + id + ": cancelled"), 0u) << log;
  EXPECT_EQ(count_of(log, "loading '" + medium_params + "'"), 1u) << log;
  expect_clean_exit(d);
}

// A request id reused for other content after its job finished (Curio's
// WindowPoSt ids end in random bytes, but a PoRep id is the sector's): the
// old result is dropped and the new content proved; a retry of the new
// content then collects it.
TEST_F(DaemonRetry, AFinishedIdReusedWithOtherContentProvesTheNewContent) {
  DaemonProcess d(dir / "reuse", "[jobs]\ndrain_timeout_s = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  const std::string id = "wdpost-1000-0-a1b2c3d4";
  const auto first = cl.prove(synthetic(id, small_params, kSmall, 1));
  ASSERT_EQ(first.status(), kCompleted) << first.error_message();
  EXPECT_EQ(count_valid(first, *small_vk), 1);
  const auto other = synthetic(id, small_params, kSmall, 2);
  const auto second = cl.prove(other);
  ASSERT_EQ(second.status(), kCompleted) << second.error_message();
  EXPECT_EQ(second.job_id(), id);
  EXPECT_EQ(count_valid(second, *small_vk), 1);
  EXPECT_NE(inputs_of(second), inputs_of(first)) << "the new content's public inputs are the old content's";
  const auto retried = cl.prove(other);
  ASSERT_EQ(retried.status(), kCompleted) << retried.error_message();
  EXPECT_EQ(inputs_of(retried), inputs_of(second));
  EXPECT_EQ(retried.proof(), second.proof());
  const std::string log = d.log_text();
  EXPECT_TRUE(contains(log, "job " + id + ": a request with the same id and other content supersedes the finished job"))
      << log;
  EXPECT_EQ(count_of(log, "job " + id + ": proving started"), 2u) << log;
  expect_clean_exit(d);
}

// The same id with other content while the old job runs: the old job's
// waiter gets CANCELLED naming the supersede, the new content is proved, and
// the old job's work is let go.
TEST_F(DaemonRetry, ARunningIdReusedWithOtherContentSupersedesTheOldJob) {
  DaemonProcess d(dir / "supersede", "[jobs]\ndrain_timeout_s = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  const std::string id = "porep-1000-9";
  v1::AwaitProofResponse old_answer;
  std::string old_error;
  std::thread old_caller([&] {
    try {
      old_answer =
          Client(d.unix_address()).prove(synthetic(id, small_params, kSmall, 5, 64), std::chrono::seconds(120));
    } catch (const std::exception& e) {
      old_error = e.what();
    }
  });
  const bool running = wait_until(
      [&] { return job_has_partition_in(d, id, "synthesis") || job_has_partition_in(d, id, "proving"); });
  EXPECT_TRUE(running) << d.http_json("/status").dump(1) << d.log_text();
  Client cl(d.unix_address());
  v1::AwaitProofResponse fresh;
  std::string fresh_error;
  try {
    fresh = cl.prove(synthetic(id, small_params, kSmall, 6));
  } catch (const std::exception& e) {
    fresh_error = e.what();
  }
  if (!fresh_error.empty()) cl.cancel(id);  // the old caller is not left waiting
  old_caller.join();
  ASSERT_EQ(fresh_error, "");
  ASSERT_EQ(fresh.status(), kCompleted) << fresh.error_message();
  EXPECT_EQ(count_valid(fresh, *small_vk), 1);
  EXPECT_EQ(old_error, "");
  EXPECT_EQ(old_answer.status(), kCancelled) << old_answer.DebugString();
  EXPECT_TRUE(contains(old_answer.error_message(), "superseded by a new request with the same id"))
      << old_answer.error_message();
  EXPECT_EQ(old_answer.partitions_size(), 0);
  EXPECT_TRUE(contains(d.log_text(), "job " + id + ": a request with the same id and other content supersedes the "))
      << d.log_text();
  // the old job's partitions are let go
  EXPECT_TRUE(wait_until([&] { return jobs_in_queues(cl) == 0; })) << d.http_json("/status").dump(1);
  expect_clean_exit(d);
}

// cancel_on_disconnect = true: a Prove caller that goes away cancels its job
// (the behaviour before Curio-style retries); the job answers CANCELLED.
TEST_F(DaemonRetry, CancelOnDisconnectCancelsTheJobOfACallerThatGoesAway) {
  DaemonProcess d(dir / "cancel", "[jobs]\ncancel_on_disconnect = true\ndrain_timeout_s = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  const std::string id = "porep-1000-8";
  prove_past_deadline(cl, synthetic(id, medium_params, kMedium, 1, 2), 500ms);
  EXPECT_TRUE(wait_until([&] {
    return contains(d.log_text(), "job " + id + ": cancelled: its caller went away ([jobs] cancel_on_disconnect = true)");
  })) << d.log_text();
  EXPECT_EQ(cl.await(id).status(), kCancelled);
  EXPECT_TRUE(wait_until([&] { return jobs_in_queues(cl) == 0; })) << d.http_json("/status").dump(1);
  EXPECT_EQ(count_of(d.log_text(), "job " + id + ": proving started"), 0u) << d.log_text();
  expect_clean_exit(d);
}

// A Prove without a request id whose caller goes away is cancelled whatever
// cancel_on_disconnect says: nobody could ever collect its result.
TEST_F(DaemonRetry, AJobWithoutARequestIdEndsWhenItsCallerGoesAway) {
  DaemonProcess d(dir / "anonymous", "[jobs]\ndrain_timeout_s = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  prove_past_deadline(cl, synthetic("", small_params, kSmall, 1, 64), 200ms);
  EXPECT_TRUE(wait_until([&] {
    return std::regex_search(d.log_text(), std::regex("job job-\\d+: (cancelled: )?its caller went away, and without "
                                                      "a request id nobody can collect its result"));
  })) << d.log_text();
  EXPECT_TRUE(wait_until([&] { return jobs_in_queues(cl) == 0; })) << d.http_json("/status").dump(1);
  EXPECT_FALSE(contains(d.log_text(), "the job goes on")) << d.log_text();
  expect_clean_exit(d);
}

// A SubmitProof whose caller's deadline passes while the key loads never
// told anyone the job id: the job ends there (logged) and nothing is queued;
// the key's load goes on for the cache.
TEST_F(DaemonRetry, ASubmitWhoseCallerLeftBeforeLearningTheIdLeavesNoJob) {
  DaemonProcess d(dir / "orphan", "[jobs]\ndrain_timeout_s = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  const std::string id = "porep-1000-11";
  {
    auto stub = v1::ProvingEngine::NewStub(grpc::CreateChannel(d.unix_address(), grpc::InsecureChannelCredentials()));
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + 500ms);
    v1::SubmitProofResponse out;
    const auto st = stub->SubmitProof(&ctx, synthetic(id, medium_params, kMedium, 1), &out);
    EXPECT_EQ(st.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED) << st.error_message();
  }
  EXPECT_TRUE(wait_until([&] {
    return contains(d.log_text(),
                    "job " + id + ": cancelled: its caller went away before it learned the job id; not started");
  })) << d.log_text();
  // no job while the key still loads, nor after
  const json st = d.http_json("/status");
  bool loading = false;
  for (const auto& l : st["key_loads"]) loading |= l["state"] == "loading";
  EXPECT_TRUE(loading) << "the key loaded before the caller's deadline: the test needs a slower key\n" << st.dump(1);
  EXPECT_TRUE(st["jobs"].empty()) << st.dump(1);
  EXPECT_EQ(jobs_in_queues(cl), 0u);
  ASSERT_TRUE(wait_until([&] { return contains(d.log_text(), "load ended"); })) << d.log_text();
  EXPECT_EQ(jobs_in_queues(cl), 0u);
  EXPECT_EQ(count_of(d.log_text(), "job " + id + ": queued"), 0u) << d.log_text();
  EXPECT_EQ(cl.await(id).status(), kCancelled);
  expect_clean_exit(d);
}
