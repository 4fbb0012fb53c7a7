// Helpers of the sealer tests: deterministic sector data and an independent
// check of a stacked-DRG proof against the sealed sector (every Merkle path
// verified against the roots, labels recomputed from the proof's parents,
// the encoding recomputed, parents compared with the graph).
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "filecoin/hash/poseidon.hpp"
#include "filecoin/merkle/merkle_verify.hpp"
#include "filecoin/merkle/tree_shape.hpp"
#include "filecoin/sdr/labels.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "filecoin/vanilla/stacked_proof.hpp"
#include "support/filecoin_values.hpp"

namespace cuzk::filecoin::sealer_test {

using cuzk::test::filled;

// Canonical pseudo-random nodes (top two bits of each cleared, as Fr32 padding leaves them).
inline std::vector<Domain> random_nodes(uint64_t nodes, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Domain> out(nodes);
  for (auto& d : out) {
    for (size_t i = 0; i < 32; i += 8) {
      const uint64_t v = rng();
      for (size_t j = 0; j < 8; ++j) d[i + j] = uint8_t(v >> (8 * j));
    }
    d = trunc254(d);
  }
  return out;
}

inline void expect_column_proof(const SealedSector& s, const ColumnProof& cp, uint64_t node, const char* what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(cp.column.index, node);
  ASSERT_EQ(cp.column.rows.size(), s.config.layers);
  for (uint32_t l = 0; l < s.config.layers; ++l) EXPECT_EQ(cp.column.rows[l], s.labels[l][node]);
  // the tree C leaf is the column's Poseidon hash
  EXPECT_EQ(cp.inclusion_proof.leaf, poseidon_hash(std::span<const Domain>(cp.column.rows)));
  const auto check = check_merkle_proof(cp.inclusion_proof, tree_r_shape(s.config.sector_size),
                                        {.root = s.comm_c, .leaf_index = node});
  EXPECT_TRUE(check.ok) << check.error;
}

inline void expect_stacked_proof(const SealedSector& s, const StackedProof& p, uint64_t challenge) {
  SCOPED_TRACE("challenge " + std::to_string(challenge));
  const auto d = check_merkle_proof(p.comm_d_proofs, tree_d_shape(s.config.sector_size),
                                    {.root = s.comm_d, .leaf_index = challenge, .leaf = s.data()[challenge]});
  EXPECT_TRUE(d.ok) << d.error;
  const auto r = check_merkle_proof(p.comm_r_last_proof, tree_r_shape(s.config.sector_size),
                                    {.root = s.comm_r_last, .leaf_index = challenge});
  EXPECT_TRUE(r.ok) << r.error;

  const NodeParents parents = s.graph.parents(challenge);
  const ReplicaColumnProof& rcp = p.replica_column_proofs;
  expect_column_proof(s, rcp.c_x, challenge, "c_x");
  ASSERT_EQ(rcp.drg_parents.size(), kBaseDegree);
  ASSERT_EQ(rcp.exp_parents.size(), kExpDegree);
  for (size_t i = 0; i < kBaseDegree; ++i) expect_column_proof(s, rcp.drg_parents[i], parents[i], "drg parent");
  for (size_t i = 0; i < kExpDegree; ++i)
    expect_column_proof(s, rcp.exp_parents[i], parents[kBaseDegree + i], "exp parent");

  // Every labeling proof recomputes the column's label in its layer.
  ASSERT_EQ(p.labeling_proofs.size(), s.config.layers);
  for (uint32_t layer = 1; layer <= s.config.layers; ++layer) {
    const LabelingProof& lp = p.labeling_proofs[layer - 1];
    EXPECT_EQ(lp.layer_index, layer);
    EXPECT_EQ(lp.node, challenge);
    ASSERT_EQ(lp.parents.size(), kLabelParents);
    EXPECT_EQ(label_from_parents(s.replica_id, layer, challenge, lp.parents), rcp.c_x.column.rows[layer - 1])
        << "layer " << layer;
  }
  // The encoding proof: its label (the key) plus the data node gives the replica node.
  EXPECT_EQ(p.encoding_proof.layer_index, s.config.layers);
  EXPECT_EQ(p.encoding_proof.node, challenge);
  const Domain key = label_from_parents(s.replica_id, s.config.layers, challenge, p.encoding_proof.parents);
  EXPECT_EQ(encode_node(key, p.comm_d_proofs.leaf), p.comm_r_last_proof.leaf);
}

}  // namespace cuzk::filecoin::sealer_test
