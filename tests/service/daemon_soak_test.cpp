// The daemon under a long mixed load: one `cuzk daemon` with a
// small memory budget and a short result TTL takes thousands of requests
// from several clients at once: good built-in and snarkjs proofs, bad
// requests, cancelled jobs, callers that go away mid-await or mid-Prove,
// oversized messages, calls with a wrong token. Afterwards: every good proof
// was returned and verifies, nothing was lost or answered wrongly, the pool
// and budget are idle, resident memory after the warm-up and at the end are
// within a margin, and no result is held past its TTL.
//
// CI runs a bounded number of rounds. For a longer soak:
//   CUZK_SOAK_SECONDS=3600 build/tests/service/service_daemon_soak_test
// (rounds repeat until that many seconds have passed).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <mutex>

#include "daemon_fixture.hpp"
#include "formats/snarkjs/json.hpp"
#include "support/snarkjs_fixtures.hpp"

using namespace daemon_fixture;
using cuzk::service::Client;
using cuzk::service::ClientError;
namespace bp = cuzk::formats::bellperson;
namespace sj = cuzk::formats::snarkjs;
using Bn = cuzk::groth16::Bn254;

namespace {

constexpr size_t kSmall = 256;
constexpr int kClients = 6, kWarmupRounds = 10, kRounds = 100;  // per client
constexpr double kTtl = 2;
constexpr auto kCompleted = v1::AwaitProofResponse::COMPLETED;
constexpr auto kCancelled = v1::AwaitProofResponse::CANCELLED;
constexpr auto kFailed = v1::AwaitProofResponse::FAILED;

struct Tally {
  std::atomic<uint64_t> requests{0}, faults{0}, proofs_verified{0}, good_jobs{0}, cancelled{0}, disconnected{0},
      bad{0}, oversized{0}, unauthenticated{0};
  std::mutex mu;
  std::vector<std::string> wrong;  // answers that were not what the request deserved
  void bad_answer(const std::string& what) {
    std::lock_guard lk(mu);
    if (wrong.size() < 20) wrong.push_back(what);
  }
};

struct Fixture {
  std::string small_params, zkey, wtns, bad_wtns;
  std::unique_ptr<cuzk::groth16::PreparedVerifyingKey<E>> small_vk;
  std::unique_ptr<cuzk::groth16::PreparedVerifyingKey<Bn>> snark_vk;
};

bool snarkjs_verifies(const Fixture& fx, const v1::AwaitProofResponse& r) {
  try {
    auto pub = sj::public_from_json<Bn::Fr>(r.snarkjs_public_json(), "public");
    auto proof = sj::proof_from_json<Bn>(r.snarkjs_proof_json(), "proof");
    return cuzk::groth16::verify_proof(*fx.snark_vk, proof, std::span<const Bn::Fr>(pub));
  } catch (const std::exception&) {
    return false;
  }
}

// One round of one client: every kind of request once (a snarkjs witness
// with a wrong wire every fourth round).
void round(const Daemon& d, const Fixture& fx, Tally& t, int client, int n) {
  Client cl(d.unix_address());
  const uint64_t seed = 1'000'000ull * uint64_t(client + 1) + uint64_t(n) * 16;
  auto expect_proved = [&](const v1::AwaitProofResponse& r, int partitions, const std::string& what) {
    const int ok = count_valid(r, *fx.small_vk);
    t.proofs_verified += ok;
    if (r.status() != kCompleted || ok != partitions) t.bad_answer(what + ": " + r.error_message());
  };
  auto expect_error = [&](grpc::StatusCode code, const std::string& what, auto&& call) {
    ++t.requests;
    ++t.faults;
    try {
      call();
      t.bad_answer(what + ": accepted");
    } catch (const ClientError& e) {
      if (e.code != code) t.bad_answer(what + ": " + e.what());
    }
  };
  try {
    // good: a built-in proof by Prove, a snarkjs proof by Submit + Await
    ++t.requests;
    expect_proved(cl.prove(builtin_request(fx.small_params, kSmall, seed)), 1, "builtin prove");
    ++t.good_jobs;
    v1::SubmitProofRequest sr;
    sr.set_proof_kind(v1::SNARKJS_GROTH16);
    sr.mutable_snarkjs()->set_zkey_path(fx.zkey);
    sr.mutable_snarkjs()->set_wtns(fx.wtns);
    t.requests += 2;
    const auto sid = cl.submit(sr).job_id();
    const auto s = cl.await(sid);
    if (s.status() != kCompleted || !snarkjs_verifies(fx, s)) t.bad_answer("snarkjs: " + s.error_message());
    else ++t.proofs_verified;
    ++t.good_jobs;

    // bad requests: each refused with its code
    auto mismatch = builtin_request(fx.small_params, 512, seed);
    expect_error(grpc::StatusCode::INVALID_ARGUMENT, "shape mismatch", [&] { cl.submit(mismatch); });
    expect_error(grpc::StatusCode::NOT_FOUND, "missing key", [&] { cl.submit(builtin_request("/nonexistent/k.params", kSmall, 1)); });
    auto unknown = builtin_request(fx.small_params, kSmall, seed);
    unknown.mutable_builtin()->set_circuit("nope");
    expect_error(grpc::StatusCode::INVALID_ARGUMENT, "unknown circuit", [&] { cl.submit(unknown); });
    t.bad += 3;
    if (n % 4 == 0) {  // a witness that does not satisfy the circuit: the job fails, no proof
      sr.mutable_snarkjs()->set_wtns(fx.bad_wtns);
      ++t.requests;
      ++t.faults;
      ++t.bad;
      const auto b = cl.prove(sr);
      if (b.status() != kFailed || !b.snarkjs_proof_json().empty()) t.bad_answer("bad witness: " + b.error_message());
    }

    // oversized: over max_message_mb = 1
    auto big = builtin_request(fx.small_params, kSmall, seed);
    big.set_label(std::string(2 << 20, 'x'));
    expect_error(grpc::StatusCode::RESOURCE_EXHAUSTED, "oversized", [&] { cl.submit(big); });
    ++t.oversized;

    // a wrong token over TCP
    expect_error(grpc::StatusCode::UNAUTHENTICATED, "wrong token", [&] { Client(d.tcp_address(), "wrong").status(); });
    ++t.unauthenticated;

    // cancelled: 8 partitions, cancelled at once; if it won the race, its proofs verify
    t.requests += 3;
    ++t.faults;
    const auto cid = cl.submit(builtin_request(fx.small_params, kSmall, seed + 1, 8, v1::LOW)).job_id();
    cl.cancel(cid);
    const auto c = cl.await(cid);
    if (c.status() == kCompleted)
      expect_proved(c, 8, "cancelled too late");
    else if (c.status() != kCancelled || c.partitions_size() != 0)
      t.bad_answer("cancelled: " + std::to_string(c.status()) + " " + c.error_message());
    ++t.cancelled;

    // a caller that goes away mid-await: the job goes on and is fetched later
    t.requests += 3;
    ++t.faults;
    const auto did = cl.submit(builtin_request(fx.small_params, kSmall, seed + 9)).job_id();
    {
      auto stub = v1::ProvingEngine::NewStub(grpc::CreateChannel(d.unix_address(), grpc::InsecureChannelCredentials()));
      grpc::ClientContext ctx;
      ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(1 + n % 5));
      v1::AwaitProofRequest ar;
      ar.set_job_id(did);
      v1::AwaitProofResponse out;
      const auto st = stub->AwaitProof(&ctx, ar, &out);
      if (st.ok() && out.status() == kCompleted) expect_proved(out, 1, "await before going away");
    }
    expect_proved(cl.await(did), 1, "await after a caller went away");
    ++t.good_jobs;
    ++t.disconnected;

    // a Prove caller that goes away: its job is cancelled (or done first)
    t.requests += 2;
    ++t.faults;
    {
      auto stub = v1::ProvingEngine::NewStub(grpc::CreateChannel(d.unix_address(), grpc::InsecureChannelCredentials()));
      grpc::ClientContext ctx;
      ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(2 + n % 7));
      v1::ProveRequest pr;
      *pr.mutable_submit() = builtin_request(fx.small_params, kSmall, seed + 10, 4, v1::LOW);
      v1::ProveResponse out;
      const auto st = stub->Prove(&ctx, pr, &out);
      if (st.ok()) expect_proved(out.result(), 4, "prove before going away");
      else if (st.error_code() != grpc::StatusCode::DEADLINE_EXCEEDED) t.bad_answer("prove gone: " + st.error_message());
    }
    ++t.disconnected;
    cl.status();  // GetStatus
  } catch (const std::exception& e) {
    t.bad_answer(std::string("round threw: ") + e.what());
  }
}

// `rounds` rounds on each of kClients clients at once; with `until`, rounds
// repeat until then.
void run_rounds(const Daemon& d, const Fixture& fx, Tally& t, int first, int rounds,
                std::optional<Clock::time_point> until = std::nullopt) {
  std::vector<std::thread> ts;
  for (int c = 0; c < kClients; ++c)
    ts.emplace_back([&, c] {
      for (int n = first; until ? Clock::now() < *until : n < first + rounds; ++n) round(d, fx, t, c, n);
    });
  for (auto& th : ts) th.join();
}

}  // namespace

TEST(DaemonSoak, ThousandsOfMixedRequestsLoseNothingAndLeakNothing) {
  const fs::path dir = fs::temp_directory_path() / ("cuzk_soak_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  Fixture fx;
  fx.small_params = (dir / "small.params").string();
  ASSERT_TRUE(setup_params(kSmall, fx.small_params));
  fx.small_vk = std::make_unique<cuzk::groth16::PreparedVerifyingKey<E>>(bp::read_params(fx.small_params).vk);
  const std::string sjdir = cuzk::testing_support::snarkjs_fixture("bn128", "");
  fx.zkey = sjdir + "circuit.zkey";
  fx.wtns = read_file(sjdir + "witness.wtns");
  fx.bad_wtns = fx.wtns;
  fx.bad_wtns[fx.bad_wtns.size() - 32] ^= 1;  // the last wire's value
  fx.snark_vk = std::make_unique<cuzk::groth16::PreparedVerifyingKey<Bn>>(
      sj::vk_from_json<Bn>(read_file(sjdir + "verification_key.json"), "vk"));

  Daemon d(dir / "daemon", test_config((dir / "daemon" / "cuzk.sock").string(),
                                       "[jobs]\nresult_ttl_s = " + std::to_string(kTtl) + "\n", "127.0.0.1:0",
                                       "127.0.0.1:0", "96MB", "max_rpc_threads = 32\n"));
  ASSERT_TRUE(d.ready()) << d.log_text();
  Tally t;
  const auto t0 = Clock::now();
  run_rounds(d, fx, t, 0, kWarmupRounds);
  wait_idle(d);
  const uint64_t warm_rss = d.rss_bytes();
  std::optional<Clock::time_point> until;
  if (const char* s = std::getenv("CUZK_SOAK_SECONDS")) until = Clock::now() + std::chrono::seconds(std::atoll(s));
  run_rounds(d, fx, t, kWarmupRounds, kRounds, until);
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();

  {
    std::lock_guard lk(t.mu);
    EXPECT_TRUE(t.wrong.empty()) << [&] {
      std::string all;
      for (const auto& w : t.wrong) all += w + "\n";
      return all;
    }();
  }
  EXPECT_GE(t.requests.load(), 1000u);
  EXPECT_GE(t.proofs_verified.load(), t.good_jobs.load());
  // idle: nothing in use, the budget holding only idle buffers and keys
  const auto st = wait_idle(d);
  EXPECT_EQ(st["pool"]["bytes_in_use"], 0) << st.dump(1);
  EXPECT_EQ(st["jobs_in_flight"], 0);
  EXPECT_EQ(st["budget"]["waiters"], 0);
  EXPECT_EQ(st["budget"]["used"].get<uint64_t>(), st["pool"]["bytes_pinned"].get<uint64_t>() + st["key_bytes"].get<uint64_t>())
      << st.dump(1);
  const uint64_t end_rss = d.rss_bytes();
  EXPECT_LE(end_rss, warm_rss + std::max<uint64_t>(64ull << 20, warm_rss / 2))
      << "RSS " << warm_rss / 1e6 << " MB after warm-up, " << end_rss / 1e6 << " MB at the end";
  // past the TTL, the next job's submission drops every older result
  std::this_thread::sleep_for(std::chrono::milliseconds(int(kTtl * 1000) + 500));
  const auto last = Client(d.unix_address()).prove(builtin_request(fx.small_params, kSmall, 7));
  ASSERT_EQ(last.status(), kCompleted) << last.error_message();
  EXPECT_EQ(count_valid(last, *fx.small_vk), 1);
  const auto held = d.http_json("/status")["results_held"];
  EXPECT_LE(held.get<int>(), 1) << "results held past their TTL";
  const bool still_serving = d.alive();
  EXPECT_TRUE(still_serving);
  EXPECT_EQ(d.terminate(), 0) << d.log_text();
  std::printf("soak: %llu requests from %d clients in %.1f s; %llu faults injected (%llu bad, %llu cancelled, "
              "%llu callers gone, %llu oversized, %llu wrong token); %llu good jobs, %llu proofs verified; %zu wrong "
              "answers; RSS %.1f MB after warm-up, %.1f MB at the end; results held after the TTL: %d\n",
              (unsigned long long)t.requests, kClients, secs, (unsigned long long)t.faults, (unsigned long long)t.bad,
              (unsigned long long)t.cancelled, (unsigned long long)t.disconnected, (unsigned long long)t.oversized,
              (unsigned long long)t.unauthenticated, (unsigned long long)t.good_jobs,
              (unsigned long long)t.proofs_verified, t.wrong.size(), warm_rss / 1e6, end_rss / 1e6, held.get<int>());
  fs::remove_all(dir);
}
