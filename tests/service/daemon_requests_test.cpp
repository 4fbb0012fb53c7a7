// The request path of a real `cuzk daemon` process under requests that used
// to hurt it: a built-in circuit far larger than its key is refused before
// any witness is built; a job is cancellable while it is being prepared (its
// key loading), and one key is loaded once for concurrent requests; results
// past their TTL are collected with no further traffic; request payloads in
// flight are bounded (RESOURCE_EXHAUSTED naming the limit); a snarkjs job
// with a wrong witness fails naming the verification, and snarkjs jobs cancel
// promptly, queued or running. After each, the daemon keeps serving (a proof that verifies),
// its pool and budget go back to idle, and SIGTERM ends it.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <thread>

#include "builtin_request.hpp"
#include "daemon_process.hpp"
#include "proof_check.hpp"
#include "ff/field_io.hpp"
#include "formats/bellperson_params.hpp"
#include "formats/snarkjs/json.hpp"
#include "formats/snarkjs/json_vk.hpp"
#include "formats/snarkjs/wtns.hpp"
#include "formats/snarkjs/zkey.hpp"
#include "groth16/verifier.hpp"
#include "groth16/zkey_setup.hpp"
#include "service/client.hpp"
#include "support/snarkjs_fixtures.hpp"

using namespace cuzk;
using namespace cuzk::service;
using namespace cuzk::testing_support;
using nlohmann::json;
namespace fs = std::filesystem;
namespace bp = formats::bellperson;
using E = groth16::Bls12_381;
using Fr = E::Fr;

namespace {

constexpr size_t kSmall = 256;
constexpr size_t kMedium = 16384;
constexpr auto kCompleted = v1::AwaitProofResponse::COMPLETED;
constexpr auto kCancelled = v1::AwaitProofResponse::CANCELLED;
constexpr auto kFailed = v1::AwaitProofResponse::FAILED;

v1::SubmitProofRequest builtin(const std::string& params, const std::string& circuit, uint32_t partitions = 1,
                               v1::Priority pr = v1::NORMAL) {
  v1::SubmitProofRequest r;
  r.set_proof_kind(v1::BUILTIN_CIRCUIT);
  auto* b = r.mutable_builtin();
  b->set_params_path(params);
  b->set_circuit(circuit);
  b->set_partitions(partitions);
  r.set_priority(pr);
  return r;
}

v1::SubmitProofRequest snarkjs_request(const std::string& zkey, const std::string& wtns,
                                       v1::Priority pr = v1::NORMAL) {
  v1::SubmitProofRequest r;
  r.set_proof_kind(v1::SNARKJS_GROTH16);
  r.mutable_snarkjs()->set_zkey_path(zkey);
  r.mutable_snarkjs()->set_wtns(wtns);
  r.set_priority(pr);
  return r;
}

// The gRPC error a submit gets (OK when it is accepted).
ClientError submit_error(Client& cl, const v1::SubmitProofRequest& r) {
  try {
    cl.submit(r);
    return ClientError(grpc::StatusCode::OK, "accepted");
  } catch (const ClientError& e) {
    return e;
  }
}

// The state /status gives job `id` ("" when not listed).
std::string job_state(const DaemonProcess& d, const std::string& id) {
  const json st = d.http_json("/status");
  if (st.contains("jobs"))
    for (const auto& j : st["jobs"])
      if (j["id"] == id) return j["state"];
  return "";
}

class DaemonRequests : public ::testing::Test {
 protected:
  static inline fs::path dir;
  static inline std::string small_params, medium_params;
  static inline std::unique_ptr<groth16::PreparedVerifyingKey<E>> small_vk;

  static void SetUpTestSuite() {
    dir = fs::temp_directory_path() / ("cuzk_daemon_requests_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    small_params = synthetic_key(dir / "small.params", kSmall);
    medium_params = synthetic_key(dir / "medium.params", kMedium);
    small_vk = std::make_unique<groth16::PreparedVerifyingKey<E>>(bp::read_params(small_params).vk);
  }
  static void TearDownTestSuite() { fs::remove_all(dir); }

  // Still serving: a small job's proof verifies.
  static void expect_serving(DaemonProcess& d) {
    Client cl(d.unix_address());
    auto r = cl.prove(builtin_request(small_params, kSmall, 77));
    ASSERT_EQ(r.status(), kCompleted) << r.error_message();
    EXPECT_EQ(count_valid(r, *small_vk), 1);
  }

  // Pool and budget back to idle: nothing in use, no job in flight, no
  // payload held, the budget holding only idle pool buffers and cached keys.
  static void expect_idle(DaemonProcess& d) {
    json st;
    auto idle = [&] {
      st = d.http_json("/status");
      return st.contains("pool") && st["pool"]["bytes_in_use"] == 0 && st["jobs_in_flight"] == 0 &&
             st["queued_bytes"] == 0 &&
             st["budget"]["used"].get<uint64_t>() ==
                 st["pool"]["bytes_pinned"].get<uint64_t>() + st["key_bytes"].get<uint64_t>();
    };
    EXPECT_TRUE(wait_until(idle)) << st.dump(1);
  }
};

}  // namespace

// A built-in circuit far larger than its key (256 partitions of the largest
// Merkle circuit: hours of witness building and tens of GB if each partition
// were built first) is refused at once with INVALID_ARGUMENT naming both
// shapes: the circuit is counted without a witness, and only as far as the
// key reaches. Smaller and equal-sized mismatches name the counts too.
TEST_F(DaemonRequests, BuiltinShapeIsComparedWithTheKeyBeforeAnyWitnessIsBuilt) {
  DaemonProcess d(dir / "shape", "[jobs]\ndrain_timeout_s = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  auto huge = builtin(small_params, "merkle", 256);
  huge.mutable_builtin()->set_height(12);
  huge.mutable_builtin()->set_challenges(1 << 16);
  auto e = submit_error(cl, huge);
  EXPECT_EQ(e.code, grpc::StatusCode::INVALID_ARGUMENT) << e.what();
  EXPECT_TRUE(contains(e.what(), "circuit 'merkle' has more than")) << e.what();
  EXPECT_TRUE(contains(e.what(), "does not match key '" + small_params + "'")) << e.what();
  // larger than the key by constraints alone: the count stops at the key's
  e = submit_error(cl, builtin_request(small_params, size_t(1) << 27, 1, 256));
  EXPECT_EQ(e.code, grpc::StatusCode::INVALID_ARGUMENT) << e.what();
  EXPECT_TRUE(contains(e.what(), "circuit 'synthetic' has more than")) << e.what();
  // smaller than the key: counted in full, both shapes named
  e = submit_error(cl, builtin_request(small_params, 64, 1, 256));
  EXPECT_EQ(e.code, grpc::StatusCode::INVALID_ARGUMENT) << e.what();
  EXPECT_TRUE(std::regex_search(std::string(e.what()),
                                std::regex("circuit 'synthetic' \\(\\d+ public inputs, \\d+ aux\\) does not match key")))
      << e.what();
  // bad options are named before the key is touched
  auto bad = huge;
  bad.mutable_builtin()->set_height(13);
  e = submit_error(cl, bad);
  EXPECT_EQ(e.code, grpc::StatusCode::INVALID_ARGUMENT) << e.what();
  EXPECT_TRUE(contains(e.what(), "height=13 out of range")) << e.what();
  expect_serving(d);
  // the partitions of a good multi-partition job are built as they are proved
  auto r = cl.prove(builtin_request(small_params, kSmall, 5, 4));
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_EQ(count_valid(r, *small_vk), 4);
  EXPECT_TRUE(r.verified());
  // a job that asks not to be verified says its proofs were not
  auto unchecked = builtin_request(small_params, kSmall, 6);
  unchecked.set_verify(v1::VERIFY_NEVER);
  r = cl.prove(unchecked);
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_FALSE(r.verified());
  EXPECT_EQ(count_valid(r, *small_vk), 1);
  expect_idle(d);
  expect_clean_exit(d);
}

namespace {
// A params file that takes a while to load: the small key with its h section
// padded to `points` copies of one point (each is decoded and
// subgroup-checked). A job under it is refused once loaded (wrong h), which
// the test never reaches: it cancels the job while the key loads.
std::string slow_params(const fs::path& dir, const std::string& small, size_t points) {
  auto pk = bp::read_params(small);
  const auto p = pk.h.at(0);
  pk.h.assign(points, p);
  const std::string path = (dir / "slow.params").string();
  bp::write_params(pk, path);
  return path;
}
}  // namespace

// A job is registered before it is prepared: while its key loads it is
// listed as "preparing", and CancelProof ends it at once (CANCELLED, saying
// so), also for a second request waiting on the same load; a Prove caller
// without a request id whose deadline passes there ends its job too (nobody
// could collect it); the key is loaded (and
// logged as loading) once; the load goes on for the cache.
TEST_F(DaemonRequests, CancelReachesAJobWhileItsKeyLoads) {
  DaemonProcess d(dir / "prepare", "[jobs]\ndrain_timeout_s = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  const std::string slow = slow_params(dir, small_params, size_t(1) << 18);
  std::vector<std::thread> submitters;
  std::atomic<int> submitted{0};
  std::string errors[2];
  for (int i = 0; i < 2; ++i) {
    submitters.emplace_back([&, i] {
      Client cl(d.unix_address());
      auto req = builtin_request(slow, kSmall, 1 + i);
      req.set_request_id("prep-" + std::to_string(i));
      try {
        EXPECT_EQ(cl.submit(req).job_id(), "prep-" + std::to_string(i));
      } catch (const std::exception& e) {
        errors[i] = e.what();
      }
      ++submitted;
    });
  }
  const bool both_preparing =
      wait_until([&] { return job_state(d, "prep-0") == "preparing" && job_state(d, "prep-1") == "preparing"; });
  ASSERT_TRUE(both_preparing) << d.http_json("/status").dump(1) << d.log_text();
  Client cl(d.unix_address());
  for (const std::string id : {"prep-0", "prep-1"}) {
    const auto c = cl.cancel(id);
    EXPECT_TRUE(c.was_running()) << id;
    EXPECT_EQ(c.status(), kCancelled) << id;
  }
  for (auto& t : submitters) t.join();
  EXPECT_EQ(submitted.load(), 2);
  EXPECT_EQ(errors[0], "");
  EXPECT_EQ(errors[1], "");
  for (const std::string id : {"prep-0", "prep-1"}) {
    const auto r = cl.await(id);
    EXPECT_EQ(r.status(), kCancelled) << id;
    EXPECT_TRUE(contains(r.error_message(), "while being prepared")) << r.error_message();
    EXPECT_EQ(r.partitions_size(), 0);
  }
  // a Prove caller without a request id whose deadline passes while its job
  // waits for the key ends the job (nobody else waits for it)
  try {
    cl.prove(builtin_request(slow, kSmall, 3), std::chrono::milliseconds(300));
    ADD_FAILURE() << "proved under a key that is still loading";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code, grpc::StatusCode::DEADLINE_EXCEEDED) << e.what();
  }
  std::smatch gone;
  std::string log;
  EXPECT_TRUE(wait_until([&] {
    log = d.log_text();
    return std::regex_search(log, gone, std::regex("job (job-\\d+): cancelled: its caller went away"));
  })) << d.log_text();
  if (!gone.empty()) {
    EXPECT_EQ(cl.await(gone[1]).status(), kCancelled);
  }
  // one load for every request; it ends for the cache, then the key goes
  EXPECT_EQ(count_of(d.log_text(), "loading '" + slow + "'"), 1u) << d.log_text();
  ASSERT_TRUE(wait_until([&] { return contains(d.log_text(), "load ended"); }, std::chrono::seconds(600)))
      << d.log_text();
  cl.evict(slow);
  expect_serving(d);
  expect_idle(d);
  expect_clean_exit(d);
}

// Results nobody fetches go once their TTL passes, with no request coming
// to collect them (the daemon's timer does), and AwaitProof then says the
// job is unknown.
TEST_F(DaemonRequests, ResultsPastTheirTtlAreCollectedWithoutTraffic) {
  DaemonProcess d(dir / "ttl", "[jobs]\nresult_ttl_s = 0.5\ndrain_timeout_s = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  std::vector<std::string> ids;
  for (int i = 0; i < 6; ++i) ids.push_back(cl.submit(builtin_request(small_params, kSmall, 10 + i)).job_id());
  const auto first = cl.await(ids.front());
  ASSERT_EQ(first.status(), kCompleted) << first.error_message();
  EXPECT_EQ(count_valid(first, *small_vk), 1);
  // the others end and are never fetched; only /status is polled now
  const bool collected = wait_until([&] {
    const json st = d.http_json("/status");
    return st.contains("results_held") && st["jobs_in_flight"] == 0 && st["results_held"] == 0;
  });
  EXPECT_TRUE(collected) << d.http_json("/status").dump(1);
  try {
    cl.await(ids.back());
    ADD_FAILURE() << "a result past its TTL was still held";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code, grpc::StatusCode::NOT_FOUND);
    EXPECT_TRUE(contains(e.what(), "result expired")) << e.what();
  }
  expect_serving(d);
  expect_idle(d);
  expect_clean_exit(d);
}

// Witnesses held by jobs in flight are bounded: past [jobs]
// max_queued_bytes a request is refused with RESOURCE_EXHAUSTED naming the
// bytes and the limit; once the jobs end the bytes are back to 0 and the same
// request is accepted and proved.
TEST_F(DaemonRequests, QueuedWitnessBytesAreBounded) {
  const std::string zkey = testing_support::snarkjs_fixture("bn128", "circuit.zkey");
  const std::string wtns = read_text(testing_support::snarkjs_fixture("bn128", "witness.wtns"));
  const uint64_t limit = wtns.size() * 5 / 2;  // two witnesses fit, three do not
  DaemonProcess d(dir / "bytes", "[jobs]\ndrain_timeout_s = 1\nmax_queued_bytes = " + std::to_string(limit) + "\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  // a long LOW job ahead keeps the LOW snarkjs jobs queued
  const std::string blocker = cl.submit(builtin_request(medium_params, kMedium, 1, 64, v1::LOW)).job_id();
  const std::string a = cl.submit(snarkjs_request(zkey, wtns, v1::LOW)).job_id();
  const std::string b = cl.submit(snarkjs_request(zkey, wtns, v1::LOW)).job_id();
  auto e = submit_error(cl, snarkjs_request(zkey, wtns, v1::LOW));
  EXPECT_EQ(e.code, grpc::StatusCode::RESOURCE_EXHAUSTED) << e.what();
  EXPECT_TRUE(contains(e.what(), "max_queued_bytes")) << e.what();
  EXPECT_TRUE(contains(e.what(), std::to_string(limit))) << e.what();
  EXPECT_EQ(d.http_json("/status")["queued_bytes"], 2 * wtns.size());
  // a request without a witness still goes through
  expect_serving(d);
  for (const auto& id : {blocker, a, b}) EXPECT_EQ(cl.cancel(id).status(), kCancelled) << id;
  expect_idle(d);
  const auto r = cl.prove(snarkjs_request(zkey, wtns));
  EXPECT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_FALSE(r.snarkjs_proof_json().empty());
  expect_idle(d);
  expect_clean_exit(d);
}

// A snarkjs job whose witness breaks the circuit is FAILED naming the
// verification, with no proof; a queued snarkjs job cancels at once with
// its real status, and a finished one's cancel says how it ended.
TEST_F(DaemonRequests, SnarkjsJobsFailVerificationAndCancelPromptly) {
  namespace sj = formats::snarkjs;
  using B = groth16::Bn254;
  DaemonProcess d(dir / "snarkjs", "[jobs]\ndrain_timeout_s = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  const std::string fx = testing_support::snarkjs_fixture("bn128", "");
  const std::string wtns = read_text(fx + "witness.wtns");
  std::string bad = wtns;
  bad[bad.size() - 32] ^= 1;  // the last wire's value
  auto rb = cl.prove(snarkjs_request(fx + "circuit.zkey", bad));
  EXPECT_EQ(rb.status(), kFailed);
  EXPECT_EQ(rb.failure(), "unverified");
  EXPECT_TRUE(contains(rb.error_message(), "does not verify")) << rb.error_message();
  EXPECT_TRUE(rb.snarkjs_proof_json().empty());
  // a snarkjs job may not skip verification: its key cannot check the witness
  auto never = snarkjs_request(fx + "circuit.zkey", wtns);
  never.set_verify(v1::VERIFY_NEVER);
  auto e = submit_error(cl, never);
  EXPECT_EQ(e.code, grpc::StatusCode::INVALID_ARGUMENT) << e.what();
  EXPECT_TRUE(contains(e.what(), "always verified")) << e.what();
  // queued behind a long LOW job: cancelled at once
  const std::string blocker = cl.submit(builtin_request(medium_params, kMedium, 2, 64, v1::LOW)).job_id();
  const std::string queued = cl.submit(snarkjs_request(fx + "circuit.zkey", wtns, v1::LOW)).job_id();
  const auto c = cl.cancel(queued);
  EXPECT_TRUE(c.was_running());
  EXPECT_EQ(c.status(), kCancelled);
  EXPECT_EQ(cl.await(queued).status(), kCancelled);
  EXPECT_EQ(cl.cancel(blocker).status(), kCancelled);
  // a good one proves and verifies with the fixture's key; cancelling it
  // afterwards says it was done
  const std::string good = cl.submit(snarkjs_request(fx + "circuit.zkey", wtns)).job_id();
  const auto r = cl.await(good);
  ASSERT_EQ(r.status(), kCompleted) << r.error_message();
  EXPECT_TRUE(r.verified());
  groth16::PreparedVerifyingKey<B> pvk(sj::vk_from_json<B>(read_text(fx + "verification_key.json"), "vk"));
  const auto pub = sj::public_from_json<B::Fr>(r.snarkjs_public_json(), "public");
  EXPECT_TRUE(groth16::verify_proof(pvk, sj::proof_from_json<B>(r.snarkjs_proof_json(), "proof"),
                                    std::span<const B::Fr>(pub)));
  const auto after = cl.cancel(good);
  EXPECT_FALSE(after.was_running());
  EXPECT_EQ(after.status(), kCompleted);
  expect_idle(d);
  expect_clean_exit(d);
}

namespace {
// A circom-style multiplication chain of `rows` constraints over BN254 (out =
// x^rows, public), with a development key and its witness written as
// `.zkey` / `.wtns`: a snarkjs job that runs for seconds on the CPU.
void write_chain(size_t rows, const std::string& zkey, const std::string& wtns) {
  using B = groth16::Bn254;
  using F = B::Fr;
  using T = groth16::SparseRows<F>::Triple;
  // wire 0 ONE, 1 out, 2 x, 3.. the chain: x*x = w3, w(k)*x = w(k+1), w(last)*ONE = out
  const uint32_t n_wires = uint32_t(rows) + 2;
  std::vector<T> a, b, c;
  for (uint32_t r = 0; r + 1 < rows; ++r) {
    a.push_back({r, r == 0 ? 2u : r + 2, F::one()});
    b.push_back({r, 2, F::one()});
    c.push_back({r, r + 3, F::one()});
  }
  const uint32_t last = uint32_t(rows) - 1;
  a.push_back({last, last + 2, F::one()});
  b.push_back({last, 0, F::one()});
  c.push_back({last, 1, F::one()});
  groth16::QapCircuit<F> qc{n_wires, 1, groth16::SparseRows<F>::from_triples(rows, a),
                            groth16::SparseRows<F>::from_triples(rows, b), groth16::SparseRows<F>::from_triples(rows, c)};
  formats::snarkjs::write_zkey(groth16::zkey_setup<B>(qc, groth16::ToxicWaste<B>::random()), zkey);
  std::vector<F> w(n_wires);
  w[0] = F::one();
  w[2] = F::from_u64(3);
  w[3] = w[2] * w[2];
  for (uint32_t k = 4; k < n_wires; ++k) w[k] = w[k - 1] * w[2];
  w[1] = w[n_wires - 1];
  formats::snarkjs::write_wtns(w, wtns);
}
}  // namespace

// A snarkjs job cancelled while a backend proves it answers at once with
// CANCELLED (the backend stops between its MSMs), the daemon keeps serving
// and its memory goes back to idle; the same job left alone proves and its
// proof verifies.
TEST_F(DaemonRequests, CancelReachesARunningSnarkjsJob) {
  const std::string zkey = (dir / "chain.zkey").string(), wtns_path = (dir / "chain.wtns").string();
  write_chain(size_t(1) << 14, zkey, wtns_path);  // its .wtns fits the 1 MB message limit
  const std::string wtns = read_text(wtns_path);
  DaemonProcess d(dir / "snarkjs-running", "[jobs]\ndrain_timeout_s = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  // four in a row on the one CPU worker: one of them is caught proving
  std::vector<std::string> ids;
  for (int i = 0; i < 4; ++i) ids.push_back(cl.submit(snarkjs_request(zkey, wtns)).job_id());
  std::string id;
  ASSERT_TRUE(wait_until([&] {
    for (const auto& j : ids)
      if (job_has_partition_in(d, j, "proving")) id = j;
    return !id.empty();
  })) << d.http_json("/status").dump(1) << d.log_text();
  const auto c = cl.cancel(id);
  EXPECT_TRUE(c.was_running());
  EXPECT_EQ(c.status(), kCancelled);
  const auto r = cl.await(id);
  EXPECT_EQ(r.status(), kCancelled);
  EXPECT_TRUE(r.snarkjs_proof_json().empty());
  for (const auto& j : ids) cl.cancel(j);  // the others, wherever they are
  expect_idle(d);
  expect_serving(d);
  const auto good = cl.prove(snarkjs_request(zkey, wtns));
  ASSERT_EQ(good.status(), kCompleted) << good.error_message();
  EXPECT_TRUE(good.verified());
  namespace sj = formats::snarkjs;
  using B = groth16::Bn254;
  const auto pk = sj::read_zkey_file<B>(zkey);
  groth16::PreparedVerifyingKey<B> pvk(pk.vk);
  const auto pub = sj::public_from_json<B::Fr>(good.snarkjs_public_json(), "public");
  EXPECT_TRUE(groth16::verify_proof(pvk, sj::proof_from_json<B>(good.snarkjs_proof_json(), "proof"),
                                    std::span<const B::Fr>(pub)));
  expect_idle(d);
  expect_clean_exit(d);
}
