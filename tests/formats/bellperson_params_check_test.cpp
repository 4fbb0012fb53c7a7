// The header scan of a bellperson parameters file agrees with what the setup
// wrote for a circuit, names the section that differs when the file belongs
// to another circuit, reads a .vk's ic alone, and names the section a
// truncated or inflated file breaks in.
#include <gtest/gtest.h>

#include "formats/bellperson_params.hpp"
#include "formats/bellperson_params_check.hpp"
#include "groth16/setup.hpp"
#include "r1cs/density_counter.hpp"

using namespace cuzk;
using namespace cuzk::groth16;
namespace bp = cuzk::formats::bellperson;
using F = Bls12_381::Fr;
using LC = r1cs::LinearCombination<F>;

namespace {

// `extra` more private products, one more public input when `wide`.
struct Chain {
  size_t extra = 0;
  bool wide = false;
  template <class CS>
  void operator()(CS& cs) const {
    auto out = cs.alloc_input("out", [] { return F::from_u64(1); });
    if (wide) cs.alloc_input("spare", [] { return F::zero(); });
    auto x = cs.alloc("x", [] { return F::one(); });
    cs.enforce("x*x", LC(x), LC(x), LC(out));
    for (size_t i = 0; i < extra; ++i) {
      auto y = cs.alloc("y", [] { return F::one(); });
      cs.enforce("y*1", LC(y), LC(r1cs::Variable::one()), LC(x));
    }
  }
};

template <class C>
bp::ParamsCounts counts_of(const C& c) {
  r1cs::DensityCounter<F> dc;
  c(dc);
  return bp::expected_params_counts(dc);
}

}  // namespace

TEST(BellpersonParamsCheck, ScanAgreesWithTheSetupsFile) {
  const Chain c{5, false};
  const auto bytes = bp::serialize_params(generate_random_parameters<Bls12_381>(c));
  const auto file = bp::scan_params_counts(bytes, "test params");
  const auto want = counts_of(c);
  EXPECT_EQ(file, want);
  EXPECT_EQ(want.file_bytes(), bytes.size());
  EXPECT_TRUE(bp::params_mismatches(file, want).empty());
  // 6 constraints + 2 input rows -> domain 8.
  EXPECT_EQ(*file.h, 7u);
  EXPECT_EQ(file.ic, 2u);
  EXPECT_EQ(*file.l, 6u);
}

TEST(BellpersonParamsCheck, NamesEverySectionThatDiffers) {
  const auto bytes = bp::serialize_params(generate_random_parameters<Bls12_381>(Chain{5, false}));
  const auto file = bp::scan_params_counts(bytes, "test params");
  const auto other = bp::params_mismatches(file, counts_of(Chain{9, true}));
  ASSERT_FALSE(other.empty());
  std::string all;
  for (const auto& m : other) all += m + "\n";
  EXPECT_NE(all.find("ic: the file has 2 points, the circuit needs 3"), std::string::npos) << all;
  EXPECT_NE(all.find("h: the file has 7 points, the circuit needs 15"), std::string::npos) << all;
  EXPECT_NE(all.find("l: the file has 6 points, the circuit needs 10"), std::string::npos) << all;
}

TEST(BellpersonParamsCheck, VerifyingKeyFileHoldsIcOnly) {
  const auto pk = generate_random_parameters<Bls12_381>(Chain{2, true});
  const auto vk = bp::serialize_vk(pk.vk);
  const auto file = bp::scan_params_counts(vk, "test vk");
  EXPECT_EQ(file.ic, 3u);
  EXPECT_FALSE(file.h);
  EXPECT_EQ(file.file_bytes(), vk.size());
  EXPECT_TRUE(bp::params_mismatches(file, counts_of(Chain{7, true})).empty());
  EXPECT_EQ(bp::params_mismatches(file, counts_of(Chain{2, false})).size(), 1u);
}

TEST(BellpersonParamsCheck, TruncatedOrInflatedFilesNameTheSection) {
  const auto bytes = bp::serialize_params(generate_random_parameters<Bls12_381>(Chain{3, false}));
  auto expect_error = [](std::span<const uint8_t> b, const std::string& needle) {
    try {
      bp::scan_params_counts(b, "test params");
      ADD_FAILURE() << "no error; wanted one naming " << needle;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expect_error(std::span(bytes).first(100), "verifying key points");
  expect_error(std::span(bytes).first(bytes.size() - 1), "b_g2");
  auto longer = bytes;
  longer.push_back(0);
  expect_error(longer, "trailing");
  // A count past the end of the file: h's length field set to 2^31.
  auto inflated = bytes;
  const size_t h_at = 864 + 4 + 2 * 96;
  inflated[h_at] = 0x80;
  expect_error(inflated, "h claims");
}
