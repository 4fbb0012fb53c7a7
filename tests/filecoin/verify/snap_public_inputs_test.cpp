// SnapDeals public inputs against values worked out by hand from
// storage-proofs-update constants.rs (partition_count, hs) and circuit.rs
// (k | h_select << log2(partitions), then comm_r_old, comm_d_new, comm_r_new).
// The constants themselves are the registry's (tests/filecoin/registry).
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "filecoin/public_inputs/snap_public_inputs.hpp"
#include "filecoin/registry/update_params.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

constexpr uint64_t kNodes2K = 64, kNodes16K = 512, kNodes8M = uint64_t(1) << 18, kNodes32G = uint64_t(1) << 30;

Domain filled(uint8_t b) {
  Domain d;
  d.fill(b);
  d[31] &= 0x3f;
  return d;
}

SnapPublicValues values() { return {filled(0x11), filled(0x22), filled(0x33)}; }

uint64_t first_input(uint64_t nodes, size_t k, size_t h) {
  auto x = snap_public_inputs(nodes, k, h, values());
  for (uint64_t v = 0; v < 4096; ++v)
    if (x[0] == Fr::from_u64(v)) return v;
  ADD_FAILURE() << "k_and_h_select above 4096";
  return ~uint64_t(0);
}

}  // namespace

TEST(SnapPublicInputs, PartitionAndHSelectArePacked) {
  EXPECT_EQ(first_input(kNodes2K, 0, 1), 1u);        // h_select 1, no partition bits
  EXPECT_EQ(first_input(kNodes16K, 1, 1), 3u);       // 1 | 1 << 1
  EXPECT_EQ(first_input(kNodes8M, 3, 10), 35u);      // 3 | 8 << 2
  EXPECT_EQ(first_input(kNodes32G, 0, 10), 128u);    // 8 << 4
  EXPECT_EQ(first_input(kNodes32G, 15, 10), 143u);   // 15 | 8 << 4
  EXPECT_EQ(first_input(kNodes32G, 5, 12), 517u);    // 5 | 32 << 4
  EXPECT_EQ(first_input(kNodes32G, 5, 7), 21u);      // 5 | 1 << 4
}

TEST(SnapPublicInputs, CommitmentsFollowInOrder) {
  auto v = values();
  auto x = snap_public_inputs(kNodes8M, 2, 10, v);
  ASSERT_EQ(x.size(), 4u);
  EXPECT_EQ(x[1], fr_of(v.comm_r_old));
  EXPECT_EQ(x[2], fr_of(v.comm_d_new));
  EXPECT_EQ(x[3], fr_of(v.comm_r_new));
  EXPECT_EQ(update_h_default(kNodes8M), 10u);
  auto all = snap_public_inputs_all(kNodes8M, v);
  ASSERT_EQ(all.size(), 4u);
  for (size_t k = 0; k < 4; ++k) EXPECT_EQ(all[k], snap_public_inputs(kNodes8M, k, 10, v));
}

TEST(SnapPublicInputs, BadValuesAreRefused) {
  EXPECT_THROW(snap_public_inputs(kNodes8M, 4, 10, values()), Error);   // k out of range
  EXPECT_THROW(snap_public_inputs(kNodes32G, 0, 1, values()), Error);   // h not in hs
  EXPECT_THROW(snap_public_inputs(kNodes2K, 0, 10, values()), Error);
  EXPECT_THROW(snap_public_inputs(uint64_t(1) << 20, 0, 10, values()), Error);  // 32 MiB: no such size
  auto v = values();
  v.comm_d_new = Domain{};
  EXPECT_THROW(snap_public_inputs(kNodes8M, 0, 10, v), DecodeError);
  v = values();
  v.comm_r_new.fill(0xff);  // above the modulus
  try {
    snap_public_inputs(kNodes8M, 0, 10, v);
    FAIL() << "non-canonical comm_r_new accepted";
  } catch (const DecodeError& e) {
    EXPECT_NE(std::string(e.what()).find("comm_r_new"), std::string::npos) << e.what();
  }
}
