// PoRep C1 checks on sealer output: 2 KiB sectors of every challenge kind
// (interactive API 1.0 and 1.1, synthetic, non-interactive), an 8 MiB sector
// and a sparse 32 GiB sector pass; every value of a C1 output changed in
// turn is refused (a column's index field, which Rust never reads, gives a
// note instead); the structural and public-value refusals name their cause.
#include "filecoin/vanilla_check/porep_check.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "core/parallel.hpp"
#include "field_visit.hpp"
#include "filecoin/formats/curio_json.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"
#include "filecoin/sealer/commit_phase1.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "filecoin/sparse_sector/sparse_seal.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::data_nodes;
using cuzk::test::filled;

namespace {

constexpr auto k2KiBV1 = RegisteredSealProof::kStackedDrg2KiBV1;
constexpr auto k2KiBV1_1 = RegisteredSealProof::kStackedDrg2KiBV1_1;
constexpr auto k2KiBSynthetic = RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep;
constexpr auto k2KiBNonInteractive = RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep;
constexpr auto k8MiBV1_1 = RegisteredSealProof::kStackedDrg8MiBV1_1;
constexpr auto k32GiBV1_1 = RegisteredSealProof::kStackedDrg32GiBV1_1;

const SectorIdentity kIdentity{filled(3), 1234, filled(12)};

struct Sealed {
  SealedSector sector;
  SealCommitPhase1Output c1;
};

// One sealed sector per type, shared by the tests.
const Sealed& sealed(RegisteredSealProof proof) {
  static std::mutex mu;
  static std::map<RegisteredSealProof, std::unique_ptr<Sealed>> cache;
  std::lock_guard lk(mu);
  auto& slot = cache[proof];
  if (!slot) {
    const SealConfig config = seal_config(proof);
    SealedSector s = seal_sector(config, data_nodes(config.nodes(), uint64_t(proof) + 1), kIdentity);
    auto c1 = seal_commit_phase1(proof, s, filled(13));
    slot = std::make_unique<Sealed>(Sealed{std::move(s), std::move(c1)});
  }
  return *slot;
}

PoRepExpect full_expect(RegisteredSealProof proof, const SealCommitPhase1Output& c1) {
  return {kIdentity.prover_id, kIdentity.sector_id, c1.comm_r, c1.comm_d, c1.seed, kIdentity.ticket, proof};
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(PoRepCheck, SealerOutputOfEveryChallengeKindPasses) {
  for (RegisteredSealProof proof : {k2KiBV1, k2KiBV1_1, k2KiBSynthetic, k2KiBNonInteractive}) {
    const auto& c1 = sealed(proof).c1;
    SCOPED_TRACE(c1.registered_proof);
    const auto r = check_seal_commit_phase1(c1, full_expect(proof, c1));
    EXPECT_TRUE(r.ok) << r.failure;
    EXPECT_TRUE(r.notes.empty());
    const auto json = write_seal_commit_phase1_json(c1);
    EXPECT_TRUE(check_seal_commit_phase1_json(json).ok);
    // Curio's envelope: the sector number stands in for the sector id
    const auto wrapper = write_c1_output_wrapper_json(wrap_seal_commit_phase1(c1, kIdentity.sector_id));
    PoRepExpect prover_only;
    prover_only.prover_id = kIdentity.prover_id;
    EXPECT_TRUE(check_c2_input_json(wrapper, prover_only).ok);
    const auto other = write_c1_output_wrapper_json(wrap_seal_commit_phase1(c1, kIdentity.sector_id + 1));
    EXPECT_TRUE(has(check_c2_input_json(other, prover_only).failure, "replica_id"));
  }
}

TEST(PoRepCheck, EightMiBSealerOutputPasses) {
  const auto& c1 = sealed(k8MiBV1_1).c1;
  const auto r = check_seal_commit_phase1(c1, full_expect(k8MiBV1_1, c1));
  EXPECT_TRUE(r.ok) << r.failure;
  auto bad = c1;
  bad.vanilla_proofs[0][1].replica_column_proofs.exp_parents[7].inclusion_proof.base[4].index ^= 1;
  EXPECT_TRUE(has(check_seal_commit_phase1(bad).failure, "partition 0, challenge 1 (node "));
}

// A 32 GiB interactive C1 output (10 partitions x 18 challenges, tree 8-8-0,
// 11 layers) from a sparse CC sector.
TEST(PoRepCheck, SparseThirtyTwoGiBOutputPasses) {
  SparseSealRequest req;
  req.proof = k32GiBV1_1;
  req.prover_id = kIdentity.prover_id;
  req.sector_id = kIdentity.sector_id;
  req.ticket = kIdentity.ticket;
  req.seed = filled(13);
  req.default_label = trunc254(filled(0x5a));
  const SparseSeal s = seal_sparse(req);
  const auto r = check_seal_commit_phase1(s.c1, full_expect(k32GiBV1_1, s.c1));
  EXPECT_TRUE(r.ok) << r.failure;
  auto bad = s.c1;
  bad.vanilla_proofs[7][11].labeling_proofs[9].parents[20][5] ^= 1;
  const auto refused = check_seal_commit_phase1(bad);
  EXPECT_TRUE(has(refused.failure, "partition 7, challenge 11 (node ")) << refused.failure;
  EXPECT_TRUE(has(refused.failure, "the labeling proof of layer 10: parent 20")) << refused.failure;
}

// Every value of a 2 KiB C1 output (about 950), changed in turn.
TEST(PoRepCheck, EveryValueChangedIsRefused) {
  const auto& c1 = sealed(k2KiBV1_1).c1;
  const PoRepExpect expect = full_expect(k2KiBV1_1, c1);
  auto probe = c1;
  const size_t values = vanilla_check_test::count_values(probe);
  EXPECT_GT(values, 900u);
  std::mutex mu;
  std::vector<std::string> bad;
  size_t noted = 0;
  parallel_for(values, 8, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) {
      auto corrupt = c1;
      const std::string field = vanilla_check_test::corrupt_value(corrupt, i);
      const auto r = check_seal_commit_phase1(corrupt, expect);
      const bool column_index = has(field, ".column.index");
      std::lock_guard lk(mu);
      if (column_index) {
        // Rust never reads Column::index: accepted, with a note.
        if (r.ok && r.notes.size() == 1 && has(r.notes[0], "index field")) {
          ++noted;
          continue;
        }
      } else if (!r.ok && !r.failure.empty()) {
        continue;
      }
      bad.push_back(field + ": " + (r.ok ? "accepted" : r.failure));
    }
  });
  EXPECT_EQ(noted, 2 * 15u);  // two challenges, 15 columns each
  EXPECT_TRUE(bad.empty()) << bad.size() << " values";
  for (size_t i = 0; i < std::min<size_t>(bad.size(), 20); ++i) ADD_FAILURE() << bad[i];
}

TEST(PoRepCheck, ReasonsNameTheFault) {
  const auto& c1 = sealed(k2KiBV1_1).c1;
  const auto challenge = c1.vanilla_proofs[0][1].replica_column_proofs.c_x.column.index;
  const std::string at = "partition 0, challenge 1 (node " + std::to_string(challenge) + "): ";
  auto reason = [&](auto mutate) {
    auto bad = c1;
    mutate(bad.vanilla_proofs[0][1]);
    return check_seal_commit_phase1(bad).failure;
  };
  // a parent column opened at the wrong node (challenge 0's column, valid in tree C)
  const auto& s = sealed(k2KiBV1_1).sector;
  const auto graph_parent = s.graph.parents(challenge)[2];
  std::string r = reason([&](StackedProof& p) {
    p.replica_column_proofs.drg_parents[2] = sealed(k2KiBV1_1).c1.vanilla_proofs[0][0].replica_column_proofs.c_x;
  });
  EXPECT_TRUE(has(r, at + "drg parent 2 is column ")) << r;
  EXPECT_TRUE(has(r, ", the graph says " + std::to_string(graph_parent))) << r;
  r = reason([](StackedProof& p) { p.replica_column_proofs.exp_parents.pop_back(); });
  EXPECT_TRUE(has(r, at + "7 expander parent columns, the graph has 8")) << r;
  r = reason([](StackedProof& p) { p.labeling_proofs.pop_back(); });
  EXPECT_TRUE(has(r, at + "1 labeling proofs, the sector has 2 layers")) << r;
  r = reason([](StackedProof& p) { p.encoding_proof.node += 1; });
  EXPECT_TRUE(has(r, at + "the encoding proof is for node")) << r;
  r = reason([](StackedProof& p) { p.comm_r_last_proof.leaf[0] ^= 1; });
  EXPECT_TRUE(has(r, at + "the comm_r_last proof: the path hashes to")) << r;
  r = reason([](StackedProof& p) { p.replica_column_proofs.c_x.column.rows[1][3] ^= 4; });
  EXPECT_TRUE(has(r, at + "the challenge's column: leaf ")) << r;
  r = reason([](StackedProof& p) { p.replica_column_proofs.c_x.column.rows.push_back(Domain{}); });
  EXPECT_TRUE(has(r, at + "the challenge's column has 3 rows, the sector has 2 layers")) << r;
  r = reason([](StackedProof& p) { p.comm_d_proofs.base[0].index ^= 1; });
  EXPECT_TRUE(has(r, at + "the comm_d proof opens node ")) << r;

  // Two proofs swapped: each proves the other's challenge.
  auto swapped = c1;
  std::swap(swapped.vanilla_proofs[0][0], swapped.vanilla_proofs[0][1]);
  EXPECT_TRUE(has(check_seal_commit_phase1(swapped).failure, "partition 0, challenge 0 (node "));
}

TEST(PoRepCheck, ExtraLabelingProofsAndVariantsAreNotes) {
  const auto& c1 = sealed(k2KiBV1_1).c1;
  auto extra = c1;
  extra.vanilla_proofs[0][0].labeling_proofs.push_back(extra.vanilla_proofs[0][0].labeling_proofs[0]);
  auto r = check_seal_commit_phase1(extra);
  EXPECT_TRUE(r.ok) << r.failure;
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_TRUE(has(r.notes[0], "3 labeling proofs for 2 layers")) << r.notes[0];
  // The same path as a Sub proof with no sub level: Rust reads it alike.
  auto variant = c1;
  variant.vanilla_proofs[0][1].comm_r_last_proof.kind = MerkleProof::Kind::kSub;
  r = check_seal_commit_phase1(variant);
  EXPECT_TRUE(r.ok) << r.failure;
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_TRUE(has(r.notes[0], "is a Sub proof where the tree's are Single")) << r.notes[0];
}

TEST(PoRepCheck, InputsAndPublicValuesAreChecked) {
  const auto& c1 = sealed(k2KiBV1_1).c1;
  const PoRepExpect expect = full_expect(k2KiBV1_1, c1);
  auto refusal = [&](auto mutate, PoRepExpect e) {
    auto bad = c1;
    mutate(bad, e);
    return check_seal_commit_phase1(bad, e).failure;
  };
  using C = SealCommitPhase1Output;
  using E = PoRepExpect;
  EXPECT_EQ(refusal([](C& c, E&) { c.seed = Domain{}; }, {}),
            "seed is all zero (Rust refuses it as an invalid challenge seed)");
  EXPECT_EQ(refusal([](C& c, E&) { c.comm_d = Domain{}; }, {}), "comm_d is all zero");
  EXPECT_EQ(refusal([](C& c, E&) { c.comm_r = Domain{}; }, {}), "comm_r is all zero");
  EXPECT_TRUE(has(refusal([](C& c, E&) { c.comm_r.fill(0xff); }, {}), "comm_r ffff"));
  EXPECT_TRUE(has(refusal([](C& c, E&) { c.replica_id.fill(0xff); }, {}), "is not a canonical field element"));
  EXPECT_EQ(refusal([](C& c, E&) { c.registered_proof = "StackedDrg2KiBV9"; }, {}),
            "registered_proof 'StackedDrg2KiBV9' names no seal proof type");
  EXPECT_TRUE(has(refusal([](C& c, E&) { c.registered_proof = "StackedDrg8MiBV1_1"; }, {}), "vanilla_proofs are"));
  EXPECT_TRUE(has(refusal([](C& c, E&) { c.vanilla_proofs.push_back(c.vanilla_proofs[0]); }, {}),
                  "2 partitions of vanilla proofs"));
  EXPECT_EQ(refusal([](C& c, E&) { c.vanilla_proofs[0].clear(); }, {}), "partition 0 holds no vanilla proofs");
  EXPECT_TRUE(has(refusal([](C& c, E&) { c.vanilla_proofs[0].pop_back(); }, {}), "1 challenge proofs"));
  // the C1 output's own values against the caller's
  for (auto field : {&E::comm_r, &E::comm_d, &E::seed, &E::ticket}) {
    const std::string r = refusal([&](C&, E& e) { (*(e.*field))[0] ^= 1; }, expect);
    EXPECT_TRUE(has(r, "is not the expected")) << r;
  }
  EXPECT_TRUE(has(refusal([](C&, E& e) { e.sector_id = 1235; }, expect), "replica_id"));
  EXPECT_TRUE(has(refusal([](C&, E& e) { (*e.prover_id)[0] ^= 1; }, expect), "replica_id"));
  EXPECT_TRUE(has(refusal([](C&, E& e) { e.proof = k2KiBV1; }, expect), "is not the expected StackedDrg2KiBV1"));
  // another seed: other challenges
  EXPECT_TRUE(has(refusal([](C& c, E&) { c.seed[0] ^= 1; }, {}), "partition 0, challenge 0"));
}

// Non-interactive PoRep draws its challenges from comm_r, not the seed:
// Rust only asks the seed to be non-zero.
TEST(PoRepCheck, NonInteractiveIgnoresTheSeed) {
  const auto& c1 = sealed(k2KiBNonInteractive).c1;
  auto other_seed = c1;
  other_seed.seed = filled(77);
  EXPECT_TRUE(check_seal_commit_phase1(other_seed).ok);
  EXPECT_FALSE(check_seal_commit_phase1(other_seed, full_expect(k2KiBNonInteractive, c1)).ok);
  other_seed.seed = Domain{};
  EXPECT_FALSE(check_seal_commit_phase1(other_seed).ok);
}

TEST(PoRepCheck, UndecodableInputsAreRefusedWithTheDecoderReason) {
  EXPECT_TRUE(has(check_seal_commit_phase1_json("{\"registered_proof\":1}").failure, "C1 output"));
  EXPECT_TRUE(has(check_c2_input_json("{}").failure, "C2 input"));
  const auto& c1 = sealed(k2KiBV1_1).c1;
  const auto bad = check_seal_commit_phase1(c1);
  EXPECT_NO_THROW(require_accepted(bad, "C1"));
  auto broken = c1;
  broken.comm_d[0] ^= 1;
  EXPECT_THROW(require_accepted(check_seal_commit_phase1(broken), "C1"), VanillaProofRefused);
}

// Bytes of the 2 KiB C1 output's JSON flipped in their lowest bit (digits
// stay digits), checked with the prover and sector ids cuzk knows (without
// them a changed ticket cannot be told): each refused, except a digit of a
// column's index field, which Rust never reads (accepted with a note, or
// refused by the JSON reader when the first digit turns into a leading zero).
// Every 23rd byte by default, all of them on request (CUZK_EXHAUSTIVE=1).
TEST(PoRepCheck, FlippedJsonBytesAreRefused) {
  const auto& c1 = sealed(k2KiBV1_1).c1;
  const std::string json = write_seal_commit_phase1_json(c1);
  // the digits of every column's "index" value
  std::vector<bool> column_index(json.size(), false);
  const std::string key = "\"column\":{\"index\":";
  for (size_t at = json.find(key); at != std::string::npos; at = json.find(key, at + 1))
    for (size_t i = at + key.size(); i < json.size() && std::isdigit(static_cast<unsigned char>(json[i])); ++i)
      column_index[i] = true;
  PoRepExpect ids;
  ids.prover_id = kIdentity.prover_id;
  ids.sector_id = kIdentity.sector_id;
  const size_t stride = std::getenv("CUZK_EXHAUSTIVE") ? 1 : 23;
  std::mutex mu;
  std::vector<std::string> bad;
  parallel_for((json.size() + stride - 1) / stride, 8, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) {
      const size_t at = i * stride;
      std::string corrupt = json;
      corrupt[at] ^= 1;
      const auto r = check_seal_commit_phase1_json(corrupt, ids);
      const bool fine = column_index[at] ? (r.ok && r.notes.size() == 1) || has(r.failure, "leading zero")
                                         : !r.ok && !r.failure.empty();
      if (fine) continue;
      std::lock_guard lk(mu);
      bad.push_back("byte " + std::to_string(at) + " ('" + json[at] + "'): " + (r.ok ? "accepted" : r.failure));
    }
  });
  EXPECT_TRUE(bad.empty()) << bad.size() << " bytes of " << json.size();
  for (size_t i = 0; i < std::min<size_t>(bad.size(), 20); ++i) ADD_FAILURE() << bad[i];
}
