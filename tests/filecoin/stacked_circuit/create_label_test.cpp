// create_label_circuit against storage-proofs-porep create_label.rs's test
// (replica id and 37 parents allocated as bits, layer 3, node 22 of a 64-node
// graph: 532,025 constraints) and against the native SDR label
// (label_from_parents) both there and in the form the PoRep circuit uses
// (parents unpacked from field elements, a constant padding bit each, the
// node an allocated UInt64); tampering a parent bit breaks it.
#include <gtest/gtest.h>

#include <random>

#include "circuits/gadgets/bits.hpp"
#include "ff/field_io.hpp"
#include "filecoin/circuits/stacked/create_label.hpp"
#include "filecoin/sdr/labels.hpp"
#include "filecoin/sdr/stacked_graph.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using F = Fr;
using Bool = cuzk::circuits::Boolean<F>;
using TCS = r1cs::TestConstraintSystem<F>;

namespace {

struct LabelCase {
  Domain id;
  std::vector<Domain> parents;  // the 37, repeated as the graph prescribes
  uint32_t layer = 3;
  uint64_t node = 22;
};

// Node 22 of a 64-node graph, layer 3: its 6 DRG parents from one random
// layer, its 8 expander parents from another, repeated to 37.
LabelCase upstream_case() {
  const StackedGraph graph(64, test::filled(32), ApiVersion::kV1_1_0);
  const auto this_layer = test::data_nodes(64, 1), prev_layer = test::data_nodes(64, 2);
  LabelCase c;
  c.id = test::data_nodes(1, 3)[0];
  const NodeParents p = graph.parents(c.node);
  std::vector<Domain> raw;
  for (size_t i = 0; i < kDegree; ++i) raw.push_back(i < kBaseDegree ? this_layer[p[i]] : prev_layer[p[i]]);
  const auto rep = repeat_parents(raw);
  c.parents.assign(rep.begin(), rep.end());
  return c;
}

}  // namespace

TEST(CreateLabelCircuit, UpstreamShapeAndNativeValue) {
  const LabelCase c = upstream_case();
  TCS cs;
  std::vector<std::vector<Bool>> parent_bits;
  for (size_t i = 0; i < c.parents.size(); ++i)
    parent_bits.push_back(cuzk::circuits::bytes_into_boolean_vec_be(
        cs, [i] { return "parents " + std::to_string(i); }, std::optional<std::span<const uint8_t>>(c.parents[i]),
        256));
  const auto id_bits =
      cuzk::circuits::bytes_into_boolean_vec_be(cs, "id", std::optional<std::span<const uint8_t>>(c.id), 256);
  const auto out = stacked::create_label_circuit(cs, "create_label", std::span<const Bool>(id_bits), parent_bits,
                                                  cuzk::circuits::UInt32<F>::constant(c.layer),
                                                  cuzk::circuits::UInt64<F>::constant(c.node));
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(cs.shape().num_constraints, 532'025u);
  EXPECT_EQ(out.value(), fr_of(label_from_parents(c.id, c.layer, c.node, c.parents)));

  // A parent bit flipped: its booleanity still holds, the digest's does not.
  const size_t flipped = parent_bits[5][3].bit().variable().index();
  cs.mutable_aux()[flipped] = F::one() - cs.aux()[flipped];
  EXPECT_FALSE(cs.is_satisfied());
}

// The PoRep circuit's form: 14 distinct parents as field elements, each
// unpacked once (255 bits and a constant), the node allocated.
TEST(CreateLabelCircuit, FromUnpackedFieldElements) {
  const LabelCase c = upstream_case();
  TCS cs;
  const auto id = cuzk::circuits::AllocatedNum<F>::alloc(cs, "id", [&] { return fr_of(c.id); });
  const auto id_bits = cuzk::circuits::reverse_bit_numbering(id.to_bits_le(cs, "id bits"));
  std::vector<std::vector<Bool>> distinct;
  for (size_t i = 0; i < kDegree; ++i) {
    const auto p = cuzk::circuits::AllocatedNum<F>::alloc(cs, "p", [&] { return fr_of(c.parents[i]); });
    distinct.push_back(cuzk::circuits::reverse_bit_numbering(p.to_bits_le(cs, "bits")));
  }
  std::vector<std::vector<Bool>> parents;
  for (size_t i = 0; i < kLabelParents; ++i) parents.push_back(distinct[i % kDegree]);
  const auto node = cuzk::circuits::UInt64<F>::alloc(cs, "node", c.node);
  const auto out = stacked::create_label_circuit(cs, "create_label", std::span<const Bool>(id_bits), parents,
                                                  cuzk::circuits::UInt32<F>::constant(c.layer), node);
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(out.value(), fr_of(label_from_parents(c.id, c.layer, c.node, c.parents)));
}

TEST(CreateLabelCircuit, RejectsBadSizes) {
  TCS cs;
  std::vector<Bool> id(256), short_id(31);
  std::vector<std::vector<Bool>> parents(kLabelParents, std::vector<Bool>(256));
  const auto layer = cuzk::circuits::UInt32<F>::constant(1);
  const auto node = cuzk::circuits::UInt64<F>::constant(0);
  EXPECT_THROW(stacked::create_label_circuit(cs, "l", std::span<const Bool>(short_id), parents, layer, node), Error);
  std::vector<std::vector<Bool>> fewer(36, std::vector<Bool>(256));
  EXPECT_THROW(stacked::create_label_circuit(cs, "l", std::span<const Bool>(id), fewer, layer, node), Error);
  parents[0].resize(257);
  EXPECT_THROW(stacked::create_label_circuit(cs, "l", std::span<const Bool>(id), parents, layer, node), Error);
}
