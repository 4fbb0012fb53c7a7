// SnapDeals checks on sealer output: 2 KiB (one partition, h = 1) and 8 MiB
// (four partitions, h = 10) updates pass; every value of a partition proof
// changed in turn is refused, and so is every byte of its bincode flipped;
// wrong public values, partition indexes and counts are refused.
#include "filecoin/vanilla_check/snap_check.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "core/parallel.hpp"
#include "field_visit.hpp"
#include "filecoin/formats/snap_bincode.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "filecoin/sealer/snap_update.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::data_nodes;
using cuzk::test::filled;

namespace {

struct Updated {
  SnapPublic pub;
  std::vector<SnapPartitionProof> proofs;
};

// One CC sector per size, updated with pseudo-random data, shared by the tests.
const Updated& updated(RegisteredUpdateProof proof) {
  static std::mutex mu;
  static std::map<RegisteredUpdateProof, std::unique_ptr<Updated>> cache;
  std::lock_guard lk(mu);
  auto& slot = cache[proof];
  if (!slot) {
    const UpdateProofInfo& info = update_proof_info(proof);
    SealConfig config;
    config.sector_size = info.sector_size;
    config.layers = 2;
    config.porep_id = porep_id(proof);
    config.api_version = info.api_version;
    const SealedSector s = seal_cc_sector(config, {filled(4), 99, filled(5)});
    const UpdatedSector u = encode_sector_update(s, data_nodes(info.sector_nodes(), uint64_t(proof) + 3));
    slot = std::make_unique<Updated>(
        Updated{{proof, u.comm_r_old, u.comm_r_new, u.comm_d_new}, snap_partition_proofs(s, u)});
  }
  return *slot;
}

constexpr auto k2KiB = RegisteredUpdateProof::kStackedDrg2KiBV1;
constexpr auto k8MiB = RegisteredUpdateProof::kStackedDrg8MiBV1;

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(SnapCheck, SealerUpdatesPass) {
  for (RegisteredUpdateProof proof : {k2KiB, k8MiB}) {
    const Updated& u = updated(proof);
    SCOPED_TRACE(update_proof_info(proof).name);
    ASSERT_EQ(u.proofs.size(), update_proof_info(proof).partitions);
    const auto all = check_snap_partitions(u.pub, u.proofs);
    EXPECT_TRUE(all.ok) << all.failure;
    EXPECT_TRUE(all.notes.empty());
    std::vector<std::vector<uint8_t>> bytes;
    for (size_t k = 0; k < u.proofs.size(); ++k) {
      bytes.push_back(write_snap_partition_proof(u.proofs[k]));
      const auto one = check_snap_partition_bytes(u.pub, k, bytes.back());
      EXPECT_TRUE(one.ok) << one.failure;
    }
    EXPECT_TRUE(check_snap_partitions_bytes(u.pub, bytes).ok);
  }
}

TEST(SnapCheck, PartitionsAndPublicValuesMustMatch) {
  const Updated& u = updated(k8MiB);
  // partition proofs in another order: each proves the wrong partition
  EXPECT_TRUE(has(check_snap_partition(u.pub, 1, u.proofs[0]).failure, "partition 1: challenge 0 (node "));
  EXPECT_EQ(check_snap_partition(u.pub, 4, u.proofs[0]).failure, "partition 4 of 4");
  EXPECT_EQ(check_snap_partitions(u.pub, std::span(u.proofs).first(3)).failure,
            "3 partition proofs, StackedDrg8MiBV1 has 4");
  for (auto field : {&SnapPublic::comm_r_old, &SnapPublic::comm_r_new, &SnapPublic::comm_d_new}) {
    SnapPublic pub = u.pub;
    (pub.*field)[1] ^= 1;
    EXPECT_FALSE(check_snap_partitions(pub, u.proofs).ok);
    (pub.*field)[31] |= 0xc0;
    EXPECT_TRUE(has(check_snap_partitions(pub, u.proofs).failure, "is not a canonical field element"));
  }
  SnapPublic other = u.pub;
  other.proof = RegisteredUpdateProof::kStackedDrg2KiBV1;
  EXPECT_FALSE(check_snap_partition(other, 0, u.proofs[0]).ok);
}

TEST(SnapCheck, ReasonsNameTheFault) {
  const Updated& u = updated(k8MiB);
  auto reason = [&](auto mutate) {
    auto p = u.proofs[2];
    mutate(p);
    return check_snap_partition(u.pub, 2, p).failure;
  };
  std::string r = reason([](SnapPartitionProof& p) { p.apex_leafs.pop_back(); });
  EXPECT_EQ(r, "partition 2: 127 apex leaves, the sector has 128");
  r = reason([](SnapPartitionProof& p) { p.challenge_proofs.pop_back(); });
  EXPECT_EQ(r, "partition 2: 9 challenge proofs, the partition has 10 challenges");
  r = reason([](SnapPartitionProof& p) { p.comm_c[0] ^= 1; });
  EXPECT_TRUE(has(r, "partition 2: Poseidon(comm_c, root_r_old)")) << r;
  r = reason([](SnapPartitionProof& p) { p.challenge_proofs[6].proof_r_new.leaf[2] ^= 1; });
  EXPECT_TRUE(has(r, "partition 2: challenge 6 (node ")) << r;
  EXPECT_TRUE(has(r, "proof_r_new: the path hashes to")) << r;
  r = reason([](SnapPartitionProof& p) { p.apex_leafs[77][4] ^= 1; });
  EXPECT_TRUE(has(r, "partition 2: challenge ")) << r;
  EXPECT_TRUE(has(r, "of the apex tree")) << r;
  r = reason([](SnapPartitionProof& p) { p.challenge_proofs[3].proof_d_new.leaf[0] ^= 1; });
  EXPECT_TRUE(has(r, "challenge 3 (node ")) << r;
  EXPECT_TRUE(has(r, "proof_d_new: the path hashes to")) << r;
}

// Every value of the 2 KiB partition proof (about 900), changed in turn.
TEST(SnapCheck, EveryValueChangedIsRefused) {
  const Updated& u = updated(k2KiB);
  auto probe = u.proofs[0];
  const size_t values = vanilla_check_test::count_values(probe);
  EXPECT_GT(values, 500u);
  std::mutex mu;
  std::vector<std::string> bad;
  parallel_for(values, 8, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) {
      auto corrupt = u.proofs[0];
      const std::string field = vanilla_check_test::corrupt_value(corrupt, i);
      const auto r = check_snap_partition(u.pub, 0, corrupt);
      if (!r.ok && !r.failure.empty()) continue;
      std::lock_guard lk(mu);
      bad.push_back(field + ": accepted");
    }
  });
  EXPECT_TRUE(bad.empty()) << bad.size() << " values";
  for (size_t i = 0; i < std::min<size_t>(bad.size(), 20); ++i) ADD_FAILURE() << bad[i];
}

// Bytes of the 2 KiB partition proof's bincode flipped (all bits): every
// 13th byte by default, all 15k on request (CUZK_EXHAUSTIVE=1, a minute of
// CPU on a small machine).
TEST(SnapCheck, FlippedBytesAreRefused) {
  const Updated& u = updated(k2KiB);
  const auto bytes = write_snap_partition_proof(u.proofs[0]);
  const size_t stride = std::getenv("CUZK_EXHAUSTIVE") ? 1 : 13;
  std::mutex mu;
  std::vector<std::string> bad;
  parallel_for((bytes.size() + stride - 1) / stride, 8, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) {
      auto corrupt = bytes;
      corrupt[i * stride] ^= 0xff;
      const auto r = check_snap_partition_bytes(u.pub, 0, corrupt);
      if (!r.ok && !r.failure.empty()) continue;
      std::lock_guard lk(mu);
      bad.push_back("byte " + std::to_string(i * stride) + ": accepted");
    }
  });
  EXPECT_TRUE(bad.empty()) << bad.size() << " bytes";
  for (size_t i = 0; i < std::min<size_t>(bad.size(), 20); ++i) ADD_FAILURE() << bad[i];
}
