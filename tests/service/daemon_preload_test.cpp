// [srs] preload against a real `cuzk daemon`: the daemon listens first and
// loads its preloads while it serves. GetStatus answers within 100 ms while
// a key loads and shows the load's progress (key_loads, also in /status); a
// job for the key being preloaded waits for that same load (one load) and
// its proof verifies; a preload whose file is missing is logged, naming
// where it was looked for, and skipped. Keys are loaded with the validation
// memo off (CUZK_VALIDATED_KEYS=""), so the medium key takes seconds.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "daemon_process.hpp"
#include "ff/field_io.hpp"
#include "formats/bellperson_params.hpp"
#include "filecoin/prove/filecoin_circuit.hpp"
#include "groth16/verifier.hpp"
#include "service/client.hpp"
#include "service/param_folder.hpp"

using namespace cuzk;
using namespace cuzk::service;
using namespace cuzk::testing_support;
using nlohmann::json;
namespace fs = std::filesystem;
namespace bp = formats::bellperson;
using E = groth16::Bls12_381;
using Fr = E::Fr;
using Clock = std::chrono::steady_clock;

namespace {

constexpr size_t kMedium = 16384;

class DaemonPreload : public ::testing::Test {
 protected:
  static inline fs::path dir;
  static inline std::string medium_params;
  static inline std::unique_ptr<groth16::PreparedVerifyingKey<E>> medium_vk;

  static void SetUpTestSuite() {
    ::setenv("CUZK_VALIDATED_KEYS", "", 1);  // every load checks every point: seconds for the medium key
    dir = fs::temp_directory_path() / ("cuzk_daemon_preload_test_" + std::to_string(::getpid()));
    fs::create_directories(dir / "params");  // a parameter folder without files
    medium_params = synthetic_key(dir / "medium.params", kMedium);
    medium_vk = std::make_unique<groth16::PreparedVerifyingKey<E>>(bp::read_params(medium_params).vk);
  }
  static void TearDownTestSuite() {
    fs::remove_all(dir);
    ::unsetenv("CUZK_VALIDATED_KEYS");
  }
};

}  // namespace

// Curio's minimal config preloads porep-32g, a 47 GB key: the daemon must
// serve while it loads, WinningPoSt first. Here a missing porep-32g, a
// missing file and the medium key (seconds to load).
TEST_F(DaemonPreload, TheDaemonServesWhileItsKeysPreload) {
  const std::string missing = (dir / "gone.params").string();
  DaemonProcess d(dir / "serve", "[srs]\nparam_cache = \"" + (dir / "params").string() +
                                     "\"\npreload = [\"porep-32g\", {path = \"" + missing +
                                     "\", id = \"gone\"}, {path = \"" + medium_params + "\", id = \"medium\"}]\n" +
                                     "[jobs]\ndrain_timeout_s = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  Client cl(d.unix_address());
  // a job for the key while it preloads: it waits for that load
  v1::SubmitProofRequest req;
  req.set_request_id("winpost-1000-0a1b2c3d");
  req.set_proof_kind(v1::BUILTIN_CIRCUIT);
  req.mutable_builtin()->set_params_path(medium_params);  // the file the preload is loading
  req.mutable_builtin()->set_circuit("synthetic");
  req.mutable_builtin()->set_constraints(kMedium);
  req.mutable_builtin()->set_seed(1);
  req.mutable_builtin()->set_partitions(1);
  v1::AwaitProofResponse proved;
  std::string prove_error;
  std::thread prover([&] {
    try {
      proved = Client(d.unix_address()).prove(req, std::chrono::seconds(120));
    } catch (const std::exception& e) {
      prove_error = e.what();
    }
  });
  struct Joined {  // also when an assertion ends the test early
    std::thread& t;
    ~Joined() {
      if (t.joinable()) t.join();
    }
  } joined{prover};
  // GetStatus answers at once while the key loads, and shows the load
  double slowest_ms = 0;
  int while_loading = 0;
  v1::KeyLoadStatus seen;
  const auto give_up = Clock::now() + std::chrono::seconds(120);
  for (bool loaded = false; !loaded;) {
    ASSERT_LT(Clock::now(), give_up) << "the preload never ended\n" << d.log_text();
    const auto t0 = Clock::now();
    const auto st = cl.status();
    slowest_ms = std::max(slowest_ms, std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    loaded = true;
    for (const auto& l : st.key_loads())
      if (l.path() == fs::canonical(medium_params).string()) {
        loaded = l.state() == "loaded";
        if (l.state() == "loading") {
          ++while_loading;
          seen = l;
        }
        ASSERT_NE(l.state(), "failed") << l.error();
      }
    if (st.key_loads_size() == 0) loaded = false;  // not started yet
    ASSERT_TRUE(d.alive()) << d.log_text();
  }
  EXPECT_LT(slowest_ms, 100.0) << "GetStatus took " << slowest_ms << " ms while a key loaded";
  ASSERT_GE(while_loading, 3) << "the key was loaded when GetStatus first answered (loaded before the daemon "
                                  "listened, or too fast to watch)\n"
                               << d.log_text();
  EXPECT_EQ(seen.key(), "medium");
  EXPECT_EQ(seen.bytes_total(), fs::file_size(medium_params));
  EXPECT_LE(seen.bytes_read(), seen.bytes_total());
  EXPECT_GT(seen.seconds(), 0.0);
  prover.join();
  ASSERT_EQ(prove_error, "");
  ASSERT_EQ(proved.status(), v1::AwaitProofResponse::COMPLETED) << proved.error_message();
  ASSERT_EQ(proved.partitions_size(), 1);
  {
    const auto& p = proved.partitions(0);
    std::vector<Fr> inputs;
    for (const auto& s : p.public_inputs()) inputs.push_back(ff::from_decimal<Fr>(s, "input"));
    const auto proof = bp::proof_from_bytes(
        std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(p.proof().data()), p.proof().size()));
    EXPECT_TRUE(groth16::verify_proof(*medium_vk, proof, std::span<const Fr>(inputs)));
  }
  // one load, shared by the preload and the job; /status shows it loaded
  const std::string log = d.log_text();
  EXPECT_EQ(count_of(log, "loading '" + medium_params + "'"), 1u) << log;
  EXPECT_LT(log.find("cuzk daemon: ready"), log.find("key medium: load ended")) << log;
  const json st = d.http_json("/status");
  bool listed = false;
  for (const auto& l : st["key_loads"])
    if (l["key"] == "medium") {
      listed = true;
      EXPECT_EQ(l["state"], "loaded") << l.dump();
      EXPECT_EQ(l["bytes_read"], l["bytes_total"]) << l.dump();
    }
  EXPECT_TRUE(listed) << st.dump(1);
  // the missing files: logged, naming where they were looked for, and skipped
  EXPECT_TRUE(contains(log, "preload porep-32g skipped: no file 'v28-stacked-proof-of-replication")) << log;
  EXPECT_TRUE(contains(log, (dir / "params").string())) << log;
  EXPECT_TRUE(contains(log, "preload 'gone' skipped: '" + missing + "' does not exist")) << log;
  EXPECT_EQ(d.terminate(std::chrono::seconds(120)), 0) << d.log_text();
}

// Preloads go in the order of the proofs' deadlines: WinningPoSt's key, then
// WindowPoSt's, then the others as listed.
TEST_F(DaemonPreload, WinningAndWindowPostKeysPreloadFirst) {
  // the parameter folder's files of three circuits, each a copy of one small
  // key (their names decide the order; the loads merely succeed)
  const fs::path params = dir / "ordered";
  fs::create_directories(params);
  const std::string small = synthetic_key(dir / "small.params", 256);
  for (const std::string id : {"porep-2k", "wpost-2k", "winning-2k"})
    fs::copy_file(small, params / filecoin::official_params_file(*circuit_type(id)));
  DaemonProcess d(dir / "order", "[srs]\nparam_cache = \"" + params.string() +
                                     "\"\npreload = [\"porep-2k\", \"wpost-2k\", \"winning-2k\"]\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  ASSERT_TRUE(wait_until([&] { return contains(d.log_text(), "cuzk daemon: preloads done"); })) << d.log_text();
  const std::string log = d.log_text();
  EXPECT_TRUE(contains(log, "in this order: winning-2k wpost-2k porep-2k")) << log;
  const size_t winning = log.find("key winning-2k: loading"), wpost = log.find("key wpost-2k: loading"),
               porep = log.find("key porep-2k: loading");
  ASSERT_NE(porep, std::string::npos) << log;
  EXPECT_LT(winning, wpost) << log;
  EXPECT_LT(wpost, porep) << log;
  EXPECT_EQ(d.terminate(std::chrono::seconds(120)), 0) << d.log_text();
}
