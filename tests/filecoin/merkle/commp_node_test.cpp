// CommP of random payloads against @web3-storage/data-segment 5.3.0 (the npm
// package pinned in tools/snarkjs/package.json) through commp_oracle.mjs:
// the piece CID and padded size must match for sizes around every boundary
// (minimum payload, one Fr32 chunk, power-of-two edges, the 1 MiB work
// chunk). Skipped without node/npm unless CUZK_EXPECT_NODE=1.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "filecoin/merkle/commitment_cid.hpp"
#include "filecoin/merkle/piece_commitment.hpp"

using namespace cuzk::filecoin;
namespace fs = std::filesystem;

namespace {

// Runs cmd, returns (exit status, stdout).
std::pair<int, std::string> run(const std::string& cmd) {
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return {-1, ""};
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  const int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

bool node_expected() {
  const char* e = std::getenv("CUZK_EXPECT_NODE");
  return e && std::string(e) == "1";
}

}  // namespace

TEST(CommPNode, MatchesWeb3StorageDataSegment) {
  const std::string root = CUZK_SOURCE_DIR;
  auto [rc, bin] = run("'" + root + "/scripts/setup/snarkjs-tools'");
  if (rc == 77) {
    if (node_expected()) FAIL() << "node/npm not available, but CUZK_EXPECT_NODE=1 says they were installed";
    GTEST_SKIP() << "node/npm not available";
  }
  ASSERT_EQ(rc, 0) << "scripts/setup/snarkjs-tools failed";
  while (!bin.empty() && (bin.back() == '\n' || bin.back() == '\r')) bin.pop_back();
  const fs::path modules = fs::path(bin).parent_path();  // .../node_modules/.bin -> node_modules

  const fs::path dir = fs::temp_directory_path() / ("cuzk_commp_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::mt19937_64 rng(20240817);
  const std::vector<uint64_t> sizes = {65,   100,  127,  128,  254,  255,  508,  1016, 1017, 2032,
                                       2033, 4064, 8191, 127 * 8192, 127 * 8192 + 1, 3000000};
  std::vector<std::vector<uint8_t>> payloads;
  std::string cmd = "node '" + root + "/tests/filecoin/merkle/commp_oracle.mjs' '" + modules.string() + "'";
  for (size_t i = 0; i < sizes.size(); ++i) {
    std::vector<uint8_t> data(sizes[i]);
    for (auto& b : data) b = uint8_t(rng());
    if (i == 2) std::fill(data.begin(), data.end(), 0xff);  // every padding boundary carries set bits
    const fs::path f = dir / ("payload" + std::to_string(i));
    std::ofstream(f, std::ios::binary).write(reinterpret_cast<const char*>(data.data()), std::streamsize(data.size()));
    cmd += " '" + f.string() + "'";
    payloads.push_back(std::move(data));
  }
  auto [nrc, out] = run(cmd);
  fs::remove_all(dir);
  ASSERT_EQ(nrc, 0) << "commp_oracle.mjs failed:\n" << out;

  std::istringstream lines(out);
  for (size_t i = 0; i < payloads.size(); ++i) {
    std::string cid;
    uint64_t size = 0;
    ASSERT_TRUE(lines >> cid >> size) << "oracle output ended early:\n" << out;
    const auto pc = piece_commitment(payloads[i]);
    EXPECT_EQ(piece_cid(pc.comm_p), cid) << payloads[i].size() << " bytes";
    EXPECT_EQ(pc.padded_size, size) << payloads[i].size() << " bytes";
  }
}
