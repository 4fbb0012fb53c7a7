// SDR labelling end to end against rust-fil-proofs' known answers (the last
// label of the last of 11 layers: storage-proofs-porep tests/stacked_vanilla.rs
// test_stacked_porep_generate_labels, create_label/multi.rs test_create_labels),
// which pin the DRG graph, the Feistel expander and the label hash together;
// plus the labeling-proof form of the hash and the Fr encoding.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "filecoin/hash/sha256.hpp"
#include "filecoin/sdr/labels.hpp"
#include "filecoin/sdr/parent_cache.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

PorepId filled(uint8_t b) {
  PorepId p;
  p.fill(b);
  return p;
}

Domain replica_nines() {
  Domain d;
  d.fill(9);
  return d;
}

// blstrs Fr::from_u64s_le(limbs).to_repr(): the limbs little-endian, in order.
Domain from_u64s_le(std::array<uint64_t, 4> limbs) {
  Domain d{};
  for (size_t i = 0; i < 32; ++i) d[i] = uint8_t(limbs[i / 8] >> (8 * (i % 8)));
  return d;
}

Domain last_label(uint64_t sector_bytes, const PorepId& porep_id, ApiVersion v, const Domain& replica_id) {
  StackedGraph graph(sector_bytes / 32, porep_id, v);
  auto labels = label_all_layers(graph, replica_id, 11);
  return labels.back().back();
}

struct Kat {
  uint64_t sector_bytes;
  uint8_t porep_byte;
  ApiVersion version;
  std::array<uint64_t, 4> limbs;
};

const Kat kKats[] = {
    {2048, 0, ApiVersion::kV1_0_0, {0xd3faa96b9a0fba04, 0xea81a283d106485e, 0xe3d51b9afa5ac2b3, 0x0462f4f4f1a68d37}},
    {4096, 0, ApiVersion::kV1_0_0, {0x7e191e52c4a8da86, 0x5ae8a1c9e6fac148, 0xce239f3b88a894b8, 0x234c00d1dc1d53be}},
    {2048, 123, ApiVersion::kV1_1_0, {0xabb3f38bb70defcf, 0x777a2e4d7769119f, 0x3448959d495490bc, 0x06021188c7a71cb5}},
    {4096, 123, ApiVersion::kV1_1_0, {0x22ab81cf68c4676d, 0x7a77a82fc7c9c189, 0xc6c03d32c1e42d23, 0x0f777c18cc2c55bd}},
    {2048, 123, ApiVersion::kV1_2_0, {0xabb3f38bb70defcf, 0x777a2e4d7769119f, 0x3448959d495490bc, 0x06021188c7a71cb5}},
    {4096, 123, ApiVersion::kV1_2_0, {0x22ab81cf68c4676d, 0x7a77a82fc7c9c189, 0xc6c03d32c1e42d23, 0x0f777c18cc2c55bd}},
};

}  // namespace

TEST(SdrLabels, LastLabelOfElevenLayersMatchesRust) {
  for (const Kat& k : kKats) {
    EXPECT_EQ(to_hex(last_label(k.sector_bytes, filled(k.porep_byte), k.version, replica_nines())),
              to_hex(from_u64s_le(k.limbs)))
        << k.sector_bytes << " bytes, porep_id [" << int(k.porep_byte) << "; 32], " << api_version_name(k.version);
  }
}

TEST(SdrLabels, AnotherReplicaPorepOrVersionGivesAnotherLabel) {
  const Domain want = from_u64s_le(kKats[0].limbs);
  Domain other_replica;
  other_replica.fill(8);
  EXPECT_NE(last_label(2048, filled(0), ApiVersion::kV1_0_0, other_replica), want);
  EXPECT_NE(last_label(2048, filled(1), ApiVersion::kV1_0_0, replica_nines()), want);
  // same porep_id, 1.1.0's DRG parent order
  EXPECT_NE(last_label(2048, filled(0), ApiVersion::kV1_1_0, replica_nines()), want);
}

TEST(SdrLabels, NodeZeroHashesOnlyReplicaLayerAndNode) {
  StackedGraph graph(64, filled(0), ApiVersion::kV1_0_0);
  auto labels = label_all_layers(graph, replica_nines(), 2);
  for (uint32_t layer : {1u, 2u}) {
    std::array<uint8_t, 64> in{};
    std::fill(in.begin(), in.begin() + 32, 9);
    in[35] = uint8_t(layer);  // layer u32 BE at 32..36, node 0 at 36..44
    EXPECT_EQ(labels[layer - 1][0], sha256_trunc254(in)) << "layer " << layer;
  }
}

TEST(SdrLabels, LabelingProofHashAgreesWithLabelling) {
  // the proof form hashes the 6 or 14 parent labels repeated to 37
  for (ApiVersion v : {ApiVersion::kV1_0_0, ApiVersion::kV1_1_0}) {
    StackedGraph graph(128, filled(7), v);
    const Domain replica = replica_nines();
    auto labels = label_all_layers(graph, replica, 3);
    for (uint32_t layer = 1; layer <= 3; ++layer) {
      for (uint64_t node : {1ull, 2ull, 77ull, 127ull}) {
        NodeParents p = graph.parents(node);
        std::vector<Domain> parent_labels;
        for (size_t i = 0; i < kBaseDegree; ++i) parent_labels.push_back(labels[layer - 1][p[i]]);
        if (layer > 1)
          for (size_t i = kBaseDegree; i < kDegree; ++i) parent_labels.push_back(labels[layer - 2][p[i]]);
        auto full = repeat_parents(parent_labels);
        EXPECT_EQ(label_from_parents(replica, layer, node, full), labels[layer - 1][node])
            << "layer " << layer << " node " << node;
        EXPECT_EQ(create_label(replica, layer, node, p, labels[layer - 1], layer > 1 ? labels[layer - 2] : labels[0]),
                  labels[layer - 1][node]);
      }
    }
  }
}

TEST(SdrLabels, RepeatParentsCyclesToThirtySeven) {
  std::vector<Domain> six(6), fourteen(14);
  for (size_t i = 0; i < 14; ++i) {
    fourteen[i].fill(uint8_t(i));
    if (i < 6) six[i].fill(uint8_t(i));
  }
  auto a = repeat_parents(six);
  EXPECT_EQ(a[0], six[0]);
  EXPECT_EQ(a[35], six[5]);
  EXPECT_EQ(a[36], six[0]);
  auto b = repeat_parents(fourteen);
  EXPECT_EQ(b[13], fourteen[13]);
  EXPECT_EQ(b[14], fourteen[0]);
  EXPECT_EQ(b[36], fourteen[8]);
  EXPECT_THROW(repeat_parents({}), Error);
}

TEST(SdrLabels, EncodeIsAdditionInFr) {
  Domain five{}, seven{}, twelve{};
  five[0] = 5, seven[0] = 7, twelve[0] = 12;
  EXPECT_EQ(encode_node(five, seven), twelve);
  EXPECT_EQ(decode_node(five, twelve), seven);
  // r - 1 + 2 = 1 (mod r), r = 0x73eda753...00000001
  Domain r_minus_1 = domain_from_hex("00000000fffffffffe5bfeff02a4bd5305d8a10908d83933487d9d2953a7ed73");
  Domain two{}, one{};
  two[0] = 2, one[0] = 1;
  EXPECT_EQ(encode_node(r_minus_1, two), one);
  EXPECT_EQ(decode_node(r_minus_1, one), two);
  Domain too_big;
  too_big.fill(0xff);
  EXPECT_THROW(encode_node(too_big, two), DecodeError);
  EXPECT_THROW(decode_node(two, too_big), DecodeError);
}

TEST(SdrLabels, BadArgumentsAreErrors) {
  StackedGraph graph(64, filled(0), ApiVersion::kV1_0_0);
  EXPECT_THROW(label_all_layers(graph, replica_nines(), 0), Error);
  EXPECT_THROW(label_all_layers(graph, replica_nines(), kMaxLabelLayers + 1), Error);
  StackedGraph big(kMaxHostLabelNodes * 2, filled(0), ApiVersion::kV1_1_0);
  EXPECT_THROW(label_all_layers(big, replica_nines(), 1), Error);
  // parents beyond the labels given
  std::vector<Domain> layer(10);
  NodeParents p = graph.parents(20);
  EXPECT_THROW(create_label(replica_nines(), 1, 20, p, layer, {}), Error);
  EXPECT_THROW(create_label(replica_nines(), 0, 0, p, layer, {}), Error);
}
