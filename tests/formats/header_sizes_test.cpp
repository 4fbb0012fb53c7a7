// The key and witness readers size nothing from a header before checking it
// against the file's real sections: small files claiming huge counts are
// refused with an error naming the section, and the process's peak memory
// does not grow.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "formats/bellperson_params_header.hpp"
#include "formats/snarkjs/wtns.hpp"
#include "formats/snarkjs/zkey.hpp"
#include "support/error_of.hpp"
#include "support/snarkjs_fixtures.hpp"

using namespace cuzk;
namespace bp = cuzk::formats::bellperson;
namespace sj = cuzk::formats::snarkjs;

using testing_support::error_of;

namespace {

// Resets the peak resident memory (VmHWM) to the current use.
void reset_peak_rss() { std::ofstream("/proc/self/clear_refs") << "5"; }

long status_kib(const std::string& field) {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
  return -1;
}

}  // namespace

TEST(HeaderSizes, SmallFilesClaimingHugeCountsAllocateNothing) {
  // zkey: the bn128 fixture with domainSize 2^24 (its H section holds 32 points)
  auto zkey = testing_support::file_bytes(testing_support::snarkjs_fixture("bn128", "circuit.zkey"));
  sj::BinFile f(zkey, "zkey", 2, "zkey");
  const size_t domain_at = size_t(f.section(2, "header").data() - zkey.data()) + 4 + 32 + 4 + 32 + 8;
  for (int i = 0; i < 4; ++i) zkey[domain_at + i] = uint8_t((1u << 24) >> (8 * i));
  // wtns: 2^30 wires claimed
  auto wtns = testing_support::file_bytes(testing_support::snarkjs_fixture("bn128", "witness.wtns"));
  sj::BinFile w(wtns, "wtns", 2, "wtns");
  const size_t wires_at = size_t(w.section(1, "header").data() - wtns.data()) + 4 + 32;
  for (int i = 0; i < 4; ++i) wtns[wires_at + i] = uint8_t((1u << 30) >> (8 * i));

  reset_peak_rss();
  const long base = status_kib("VmRSS");
  const std::string ze = error_of([&] { sj::read_zkey<groth16::Bn254>(zkey, "zkey"); });
  EXPECT_NE(ze.find("section 9 (H) has 2048 bytes, expected 1073741824"), std::string::npos) << ze;
  const std::string we = error_of([&] { sj::read_wtns<groth16::Bn254>(wtns, "wtns"); });
  EXPECT_NE(we.find("section 2 (witness values)"), std::string::npos) << we;
  // params: the counts of a .params file claiming 2^31 h points (the
  // verifying key's points are not decoded by the count scan)
  std::vector<uint8_t> p(3 * 96 + 3 * 192, 0);
  for (uint8_t b : {0, 0, 0, 0, 0x80, 0, 0, 0}) p.push_back(b);  // ic: 0 points; h: 2^31
  p.resize(p.size() + 8192, 0);
  const std::string pe = error_of([&] { bp::scan_params_counts(p, "params"); });
  EXPECT_NE(pe.find("h claims 2147483648 points"), std::string::npos) << pe;
  const long peak = status_kib("VmHWM");
  ASSERT_GT(base, 0);
  // allocating before the H section is checked, a 2^24 domain costs ~400 MB
  EXPECT_LT(peak - base, 64 * 1024) << "peak RSS " << peak << " KiB, " << base << " KiB before";
}
