// A real `cuzk daemon` process and the keys operators and bad clients give
// it: a key that can never fit the memory budget beside the pinned keys is
// refused at once (waiting, it would hold the head of the budget's
// queue forever); a key load waiting for memory ends on the caller's deadline and on
// SIGTERM; a key file truncated while it loads is an error naming the file
// (not a SIGBUS that kills the daemon); small key files whose headers
// claim huge sizes are refused without the daemon's memory growing. After
// each, the daemon keeps serving proofs that verify, its budget and pool go
// back to idle, and SIGTERM ends it within the drain timeout.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "engine/job_key.hpp"
#include "ff/field_io.hpp"
#include "formats/bellperson_params.hpp"
#include "groth16/verifier.hpp"
#include "service/client.hpp"
#include "support/snarkjs_fixtures.hpp"
#include "builtin_request.hpp"
#include "daemon_process.hpp"

using namespace cuzk;
using namespace cuzk::service;
using namespace cuzk::testing_support;
using nlohmann::json;
namespace fs = std::filesystem;
namespace bp = formats::bellperson;
using E = groth16::Bls12_381;
using Fr = E::Fr;

namespace {

constexpr size_t kSmall = 256;     // constraints of the circuit that proves the daemon still serves
constexpr size_t kMedium = 16384;  // constraints of the long job that holds memory

// A file of `bytes` zero bytes: to the key cache, a key of that size (it is
// refused or waits before anything reads it).
std::string zero_file(const fs::path& p, uint64_t bytes) {
  std::ofstream(p, std::ios::binary).close();
  fs::resize_file(p, bytes);
  return p.string();
}

bool lists_key(const DaemonProcess& d, const std::string& id) {
  const json st = d.http_json("/status");
  if (!st.contains("keys")) return false;
  for (const auto& k : st["keys"])
    if (k["id"] == id) return true;
  return false;
}

// The call must fail with `code` and a message containing every one of `says`.
template <class Call>
void expect_refused(Call&& call, grpc::StatusCode code, std::initializer_list<std::string> says) {
  try {
    call();
    ADD_FAILURE() << "accepted; expected " << status_code_name(code);
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code, code) << e.what();
    for (const auto& s : says) EXPECT_NE(std::string(e.what()).find(s), std::string::npos) << "no '" << s << "' in: " << e.what();
  }
}

class DaemonKeys : public ::testing::Test {
 protected:
  static inline fs::path dir;
  static inline std::string small_params, medium_params;
  static inline std::unique_ptr<groth16::PreparedVerifyingKey<E>> small_vk;

  static void SetUpTestSuite() {
    dir = fs::temp_directory_path() / ("cuzk_daemon_keys_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    small_params = synthetic_key(dir / "small.params", kSmall);
    medium_params = synthetic_key(dir / "medium.params", kMedium);
    small_vk = std::make_unique<groth16::PreparedVerifyingKey<E>>(bp::read_params(small_params).vk);
  }
  static void TearDownTestSuite() { fs::remove_all(dir); }

  // Bytes the daemon's cache counts for a key file once loaded.
  static uint64_t key_bytes(const std::string& path) { return engine::key_memory_bytes(engine::load_key_file(path)); }

  // A small proof that verifies: the daemon still serves.
  static void expect_serves(DaemonProcess& d) {
    Client cl(d.unix_address());
    auto r = cl.prove(builtin_request(small_params, kSmall, 7));
    ASSERT_EQ(r.status(), v1::AwaitProofResponse::COMPLETED) << r.error_message();
    ASSERT_EQ(r.partitions_size(), 1);
    const auto& p = r.partitions(0);
    std::vector<Fr> inputs;
    for (const auto& s : p.public_inputs()) inputs.push_back(ff::from_decimal<Fr>(s, "input"));
    auto proof = bp::proof_from_bytes(
        std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(p.proof().data()), p.proof().size()));
    EXPECT_TRUE(groth16::verify_proof(*small_vk, proof, std::span<const Fr>(inputs)));
  }

  // No job, no waiter, nothing in use: the budget holds only idle pool
  // buffers and cached keys.
  static void expect_idle(DaemonProcess& d) {
    json st;
    const auto idle = [&] {
      st = d.http_json("/status");
      return st.contains("budget") && st["pool"]["bytes_in_use"] == 0 && st["jobs_in_flight"] == 0 &&
             st["budget"]["waiters"] == 0 &&
             st["budget"]["used"].get<uint64_t>() ==
                 st["pool"]["bytes_pinned"].get<uint64_t>() + st["key_bytes"].get<uint64_t>();
    };
    EXPECT_TRUE(wait_until(idle)) << st.dump(1);
  }
};

}  // namespace

// The key fits the budget's total but never beside the pinned key: a wait
// would hold the head of the budget's queue forever, every later job behind
// it in memory_wait, SIGTERM hanging on the blocked handler.
TEST_F(DaemonKeys, KeyThatCanNeverFitBesidePinnedKeysIsRefusedAtOnce) {
  const uint64_t pinned = key_bytes(medium_params);
  const uint64_t room = 24ull << 20;  // beside the pinned key: enough for the small proofs
  // the cache reserves file * 9/8 + 4 KiB before reading: a file of `room`
  // bytes must fit the total, or the old check (more than the total) refuses it
  ASSERT_GT(pinned, room / 8 + 4096);
  DaemonProcess d(dir / "never-fits", "[jobs]\ndrain_timeout_s = 2\n", std::to_string(pinned + room));
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  cl.preload("medium", medium_params, true);
  // needs more than `room` (the cache reserves a little more than the file's size) but less than the total
  const std::string big = zero_file(dir / "big.params", room);
  expect_refused([&] { cl.submit(builtin_request(big, kSmall, 1)); }, grpc::StatusCode::RESOURCE_EXHAUSTED,
                 {"big.params", "can never fit", "pinned keys hold " + std::to_string(pinned) + " bytes",
                  "budget is " + std::to_string(pinned + room) + " bytes"});
  expect_refused([&] { cl.preload("big", big); }, grpc::StatusCode::RESOURCE_EXHAUSTED, {"big.params", "can never fit"});
  EXPECT_TRUE(d.alive());
  expect_serves(d);
  expect_idle(d);
  const json st = d.http_json("/status");
  EXPECT_EQ(st["budget"]["pinned"].get<uint64_t>(), pinned) << st.dump(1);
  EXPECT_FALSE(lists_key(d, big)) << st.dump(1);
  expect_clean_exit(d);
}

// A load that could fit later (a running job holds the memory) waits, but
// no longer than its caller's deadline, and SIGTERM ends the wait.
TEST_F(DaemonKeys, ALoadWaitingForMemoryEndsOnTheCallersDeadlineAndOnSigterm) {
  const uint64_t medium = key_bytes(medium_params);
  const uint64_t room = 64ull << 20;
  DaemonProcess d(dir / "waits", "[jobs]\ndrain_timeout_s = 1\n", std::to_string(medium + room));
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  // a long job holds the medium key (not evictable while it runs)
  const std::string job = cl.submit(builtin_request(medium_params, kMedium, 1, 64)).job_id();
  ASSERT_TRUE(wait_until([&] {
    return job_has_partition_in(d, job, "synthesis") || job_has_partition_in(d, job, "proving");
  })) << d.http_json("/status").dump(1);
  // fits the budget once the medium key goes, not before
  const std::string later = zero_file(dir / "later.params", (room + medium / 2) / 9 * 8);
  const std::string later_id = fs::canonical(later).string();  // how the cache lists a key loaded by path
  try {
    cl.prove(builtin_request(later, kSmall, 1), std::chrono::milliseconds(1500));
    ADD_FAILURE() << "proved with a key of zeros";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code, grpc::StatusCode::DEADLINE_EXCEEDED) << e.what();
  }
  // the daemon's side of that call stopped waiting too
  EXPECT_TRUE(wait_until([&] { return !lists_key(d, later_id); })) << d.http_json("/status").dump(1);
  ASSERT_GE(d.http_json("/status")["jobs_in_flight"].get<int>(), 1)
      << "the long job ended before the test could make a load wait: " << d.http_json("/status").dump(1);
  // a load with no deadline waits until SIGTERM
  std::atomic<int> code{-1};
  std::string message;
  std::thread waiter([&] {
    try {
      Client(d.unix_address()).submit(builtin_request(later, kSmall, 2));
      code = 0;
    } catch (const ClientError& e) {
      message = e.what();
      code = int(e.code);
    }
  });
  const bool waiting = wait_until([&] { return lists_key(d, later_id); });
  EXPECT_TRUE(waiting) << d.http_json("/status").dump(1);
  expect_clean_exit(d);
  waiter.join();
  EXPECT_EQ(code.load(), int(grpc::StatusCode::UNAVAILABLE)) << message;
  EXPECT_NE(message.find("shutting down"), std::string::npos) << message;
  EXPECT_NE(message.find("later.params"), std::string::npos) << message;
}

// The key file is cut short while the daemon parses it (a `cp` over it, a
// failed sync): the daemon must not die of SIGBUS.
TEST_F(DaemonKeys, KeyFileTruncatedWhileLoadingIsAnErrorNamingTheFile) {
  // valid and slow to read: 100000 copies of a real point, each checked
  auto pk = bp::read_params(small_params);
  pk.h.assign(100000, pk.h[0]);
  const std::string path = (dir / "slow.params").string();
  bp::write_params(pk, path);
  const std::string canon = fs::canonical(path).string();
  DaemonProcess d(dir / "truncated", "");
  ASSERT_TRUE(d.ready()) << d.log_text();
  std::atomic<int> code{-1};
  std::string message;
  std::thread loader([&] {
    try {
      Client(d.unix_address()).preload("slow", path);
      code = 0;
    } catch (const ClientError& e) {
      message = e.what();
      code = int(e.code);
    }
  });
  EXPECT_TRUE(wait_until([&] { return lists_key(d, "slow") || code >= 0; })) << d.http_json("/status").dump(1);
  ASSERT_EQ(::truncate(path.c_str(), 4096), 0);
  loader.join();
  std::printf("the load ended: %s\n", message.c_str());  // whether the cut came during the parse or before it
  EXPECT_TRUE(d.alive()) << d.log_text();
  EXPECT_EQ(code.load(), int(grpc::StatusCode::FAILED_PRECONDITION)) << message;
  EXPECT_NE(message.find(canon), std::string::npos) << message;
  EXPECT_FALSE(lists_key(d, "slow"));
  expect_serves(d);
  expect_idle(d);
  expect_clean_exit(d);
}

// Small files whose headers claim huge sizes: the sizes are checked against
// the sections before anything is allocated (allocating first, a 2^24 domain
// costs ~400 MB outside the budget; a BLS12-381 2^31 one, the OOM killer).
TEST_F(DaemonKeys, SmallKeyFilesClaimingHugeSizesAreRefusedWithoutMemoryGrowth) {
  // the bn128 fixture with domainSize 2^24 in its header (section 2)
  auto zkey = file_bytes(snarkjs_fixture("bn128", "circuit.zkey"));
  const auto u32 = [&](size_t o) {
    return uint32_t(zkey[o]) | uint32_t(zkey[o + 1]) << 8 | uint32_t(zkey[o + 2]) << 16 | uint32_t(zkey[o + 3]) << 24;
  };
  size_t pos = 12, header = 0;
  for (uint32_t i = 0, n = u32(8); i < n; ++i) {
    if (u32(pos) == 2) header = pos + 12;
    pos += 12 + (u32(pos + 4) | uint64_t(u32(pos + 8)) << 32);
  }
  ASSERT_GT(header, 0u);
  const size_t domain_at = header + 4 + 32 + 4 + 32 + 8;  // n8q q n8r r nVars nPublic
  ASSERT_EQ(u32(domain_at) & (u32(domain_at) - 1), 0u);  // really the domain size: a power of two
  for (int i = 0; i < 4; ++i) zkey[domain_at + i] = uint8_t((1u << 24) >> (8 * i));
  const std::string huge_zkey = (dir / "huge-domain.zkey").string();
  std::ofstream(huge_zkey, std::ios::binary).write(reinterpret_cast<const char*>(zkey.data()), std::streamsize(zkey.size()));
  // bellperson params: the verifying key, then h claiming 2^31 points
  auto pk = bp::read_params(small_params);
  auto vk = bp::serialize_vk(pk.vk);
  for (uint8_t b : {0x80, 0x00, 0x00, 0x00}) vk.push_back(b);
  vk.resize(vk.size() + 8192, 0);
  const std::string huge_params = (dir / "huge-h.params").string();
  bp::write_file(huge_params, vk);

  DaemonProcess d(dir / "huge", "");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  const long before = d.peak_rss_kib();
  ASSERT_GT(before, 0);
  v1::SubmitProofRequest sj;
  sj.set_proof_kind(v1::SNARKJS_GROTH16);
  sj.mutable_snarkjs()->set_zkey_path(huge_zkey);
  const auto wtns = file_bytes(snarkjs_fixture("bn128", "witness.wtns"));
  sj.mutable_snarkjs()->set_wtns(std::string(wtns.begin(), wtns.end()));
  expect_refused([&] { cl.submit(sj); }, grpc::StatusCode::FAILED_PRECONDITION,
                 {fs::canonical(huge_zkey).string(), "section 9 (H)", "expected " + std::to_string((uint64_t(1) << 24) * 64)});
  expect_refused([&] { cl.preload("huge-h", huge_params); }, grpc::StatusCode::FAILED_PRECONDITION,
                 {fs::canonical(huge_params).string(), "h claims 2147483648 points"});
  const long after = d.peak_rss_kib();
  EXPECT_LT(after - before, 100 * 1024) << "peak RSS grew from " << before << " KiB to " << after << " KiB";
  expect_serves(d);
  expect_idle(d);
  expect_clean_exit(d);
}
