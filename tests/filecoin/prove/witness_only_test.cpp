// Witness-only synthesis against full synthesis on every Filecoin circuit
// kind (2 KiB sector sealed here): the circuit's matrices recorded from its
// blank synthesis, the witness synthesized alone (r1cs::WitnessAssignment),
// then a = A z, b = B z and the densities from the matrices must equal what
// a full synthesis (r1cs::ProvingAssignment) evaluates and tracks, for every
// partition; a tampered witness is caught at the constraint full synthesis
// names.
#include <gtest/gtest.h>

#include "core/timer.hpp"
#include "filecoin/circuits/stacked/stacked_porep.hpp"
#include "filecoin/prove/filecoin_circuit.hpp"
#include "filecoin/prove/two_kib_statements.hpp"
#include "formats/bellperson_params_check.hpp"
#include "r1cs/density_counter.hpp"
#include "r1cs/matrix_recorder.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_assignment.hpp"
#include "support/tampered_witness.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

r1cs::ConstraintMatrices<Fr> record(const FilecoinProofType& type) {
  r1cs::MatrixRecorder<Fr> rec;
  blank_filecoin_circuit(type).synthesize(rec);
  return std::move(rec).finish();
}

struct Full {
  r1cs::OwnedAssignmentBuffers<Fr> buf;
  std::unique_ptr<r1cs::ProvingAssignment<Fr>> pa;
};

// The witness-only path over one vector z (inputs, then aux), as the engine lays it out.
struct WitnessOnly {
  std::vector<Fr> z, a, b;
  std::unique_ptr<r1cs::ProvingAssignment<Fr>> pa;
};

template <class Synth>
Full full(const r1cs::CircuitShape& shape, Synth&& synth) {
  Full f{r1cs::OwnedAssignmentBuffers<Fr>(shape), nullptr};
  f.pa = std::make_unique<r1cs::ProvingAssignment<Fr>>(f.buf.view());
  synth(*f.pa);
  f.pa->finish();
  return f;
}

template <class Synth>
WitnessOnly witness_only(const r1cs::ConstraintMatrices<Fr>& m, Synth&& synth) {
  const auto& s = m.shape;
  WitnessOnly w{std::vector<Fr>(s.num_inputs + s.num_aux), std::vector<Fr>(s.abc_length()),
                std::vector<Fr>(s.abc_length()), nullptr};
  const std::span<Fr> inputs(w.z.data(), s.num_inputs), aux(w.z.data() + s.num_inputs, s.num_aux);
  r1cs::WitnessAssignment<Fr> wa(inputs, aux, s.num_constraints);
  synth(wa);
  EXPECT_EQ(wa.shape(), s);
  w.pa = std::make_unique<r1cs::ProvingAssignment<Fr>>(r1cs::AssignmentBuffers<Fr>{inputs, aux, w.a, w.b});
  w.pa->complete_from(m);
  return w;
}

void expect_same(const r1cs::ProvingAssignment<Fr>& want, const r1cs::ProvingAssignment<Fr>& got) {
  EXPECT_EQ(want.shape(), got.shape());
  EXPECT_TRUE(std::ranges::equal(want.inputs(), got.inputs()));
  EXPECT_TRUE(std::ranges::equal(want.aux(), got.aux()));
  EXPECT_TRUE(std::ranges::equal(want.a(), got.a()));
  EXPECT_TRUE(std::ranges::equal(want.b(), got.b()));
  EXPECT_EQ(want.a_aux_density(), got.a_aux_density());
  EXPECT_EQ(want.b_input_density(), got.b_input_density());
  EXPECT_EQ(want.b_aux_density(), got.b_aux_density());
  EXPECT_EQ(want.first_unsatisfied(), got.first_unsatisfied());
}

void check_kind(const filecoin::test::ProofStatement& s) {
  const auto m = record(s.type);
  m.check("recorded matrices");
  // the recorder sees what the counter sees
  r1cs::DensityCounter<Fr> dc;
  blank_filecoin_circuit(s.type).synthesize(dc);
  EXPECT_EQ(m.shape, dc.shape());
  EXPECT_EQ(m.a.entries(), dc.nnz_a());
  EXPECT_EQ(m.b.entries(), dc.nnz_b());
  EXPECT_EQ(m.c.entries(), dc.nnz_c());
  EXPECT_EQ(m.a_aux.count(), dc.a_aux_density());
  EXPECT_EQ(m.b_aux.count(), dc.b_aux_density());
  EXPECT_EQ(formats::bellperson::expected_params_counts(m), formats::bellperson::expected_params_counts(dc));
  std::printf("%s: %zu constraints; A/B/C %zu/%zu/%zu entries, %zu/%zu/%zu coefficients; %.1f MB\n",
              s.type.name.c_str(), m.shape.num_constraints, m.a.entries(), m.b.entries(), m.c.entries(),
              m.a.table.size(), m.b.table.size(), m.c.table.size(), double(m.bytes()) / 1e6);

  const auto circuits = filecoin_partition_circuits(s.type, s.values, s.vanilla);
  {
    // for the record, not asserted: one partition synthesized each way, one thread
    const auto& c = circuits[0];
    Stopwatch sw;
    full(m.shape, [&](auto& cs) { c.synthesize(cs); });
    const double full_s = sw.seconds();
    std::vector<Fr> z(m.witness_length());
    sw.restart();
    r1cs::WitnessAssignment<Fr> wa(std::span<Fr>(z.data(), m.shape.num_inputs),
                                   std::span<Fr>(z.data() + m.shape.num_inputs, m.shape.num_aux), m.shape.num_constraints);
    c.synthesize(wa);
    std::printf("  one partition: full synthesis %.3f s, witness only %.3f s\n", full_s, sw.seconds());
  }
  for (size_t p = 0; p < circuits.size(); ++p) {
    SCOPED_TRACE("partition " + std::to_string(p));
    const auto want = full(m.shape, [&](auto& cs) { circuits[p].synthesize(cs); });
    ASSERT_FALSE(want.pa->first_unsatisfied());
    const auto got = witness_only(m, [&](auto& cs) { circuits[p].synthesize(cs); });
    expect_same(*want.pa, *got.pa);
  }
  // the circuits split into concurrent pieces for both systems here; through
  // a wrapper that does not split (nothing tampered), the sequential order
  // gives the same assignment bit for bit
  {
    const auto split = full(m.shape, [&](auto& cs) { circuits[0].synthesize(cs); });
    const auto sequential = full(m.shape, [&](auto& cs) {
      testing_support::TamperedWitness t(cs, SIZE_MAX);
      circuits[0].synthesize(t);
    });
    expect_same(*sequential.pa, *split.pa);
  }
  // one aux value off by one: both paths name the same first broken constraint
  for (size_t target : {size_t(0), m.shape.num_aux / 2, m.shape.num_aux - 1}) {
    SCOPED_TRACE("aux " + std::to_string(target) + " tampered");
    const auto want = full(m.shape, [&](auto& cs) {
      testing_support::TamperedWitness t(cs, target);
      circuits[0].synthesize(t);
    });
    const auto got = witness_only(m, [&](auto& cs) {
      testing_support::TamperedWitness t(cs, target);
      circuits[0].synthesize(t);
    });
    ASSERT_TRUE(want.pa->first_unsatisfied());
    EXPECT_EQ(got.pa->first_unsatisfied(), want.pa->first_unsatisfied());
  }
}

}  // namespace

TEST(WitnessOnly, WindowPoSt2KiB) { check_kind(filecoin::test::two_kib_sector().window()); }
TEST(WitnessOnly, WinningPoSt2KiB) { check_kind(filecoin::test::two_kib_sector().winning()); }
TEST(WitnessOnly, PoRep2KiB) { check_kind(filecoin::test::two_kib_sector().porep()); }
TEST(WitnessOnly, SnapDeals2KiB) { check_kind(filecoin::test::two_kib_sector().snap()); }

// The parallel witness synthesis (one challenge per task) writes what the sequential one does.
TEST(WitnessOnly, PoRepChallengesInParallelEqualSequential) {
  const auto s = filecoin::test::two_kib_sector().porep();
  const auto m = record(s.type);
  const auto circuits = filecoin_partition_circuits(s.type, s.values, s.vanilla);
  const auto& in = std::get<stacked::StackedCircuitInputs>(circuits[0].circuit);
  ThreadPool pool(4), one(1);
  const auto par = witness_only(m, [&](auto& cs) { stacked::synthesize_stacked_porep(cs, in, pool); });
  const auto seq = witness_only(m, [&](auto& cs) { stacked::synthesize_stacked_porep(cs, in, one); });
  EXPECT_TRUE(par.z == seq.z);
  EXPECT_FALSE(par.pa->first_unsatisfied());
}

// The same for the PoSt circuit, one sector per task, in both systems that split.
TEST(WitnessOnly, PoStSectorsInParallelEqualSequential) {
  const auto s = filecoin::test::two_kib_sector().window();
  const auto m = record(s.type);
  const auto circuits = filecoin_partition_circuits(s.type, s.values, s.vanilla);
  const auto& post = std::get<FallbackPoStCircuit>(circuits[0].circuit);
  ASSERT_GT(post.sectors.size(), 1u);  // split into more than one piece
  ThreadPool pool(4), one(1);
  const auto par = witness_only(m, [&](auto& cs) { synthesize_fallback_post(cs, post, pool); });
  const auto seq = witness_only(m, [&](auto& cs) { synthesize_fallback_post(cs, post, one); });
  EXPECT_TRUE(par.z == seq.z);
  EXPECT_FALSE(par.pa->first_unsatisfied());
  const auto full_par = full(m.shape, [&](auto& cs) { synthesize_fallback_post(cs, post, pool); });
  const auto full_seq = full(m.shape, [&](auto& cs) { synthesize_fallback_post(cs, post, one); });
  expect_same(*full_seq.pa, *full_par.pa);
  expect_same(*full_seq.pa, *par.pa);
}

// Recording splits too: the matrices recorded in concurrent pieces (one
// challenge per task) are the sequential recording's, table order included.
TEST(WitnessOnly, MatricesRecordedInParallelEqualSequential) {
  const auto s = filecoin::test::two_kib_sector().porep();
  const auto circuits = filecoin_partition_circuits(s.type, s.values, s.vanilla);
  const auto& in = std::get<stacked::StackedCircuitInputs>(circuits[0].circuit);
  ThreadPool pool(4), one(1);
  r1cs::MatrixRecorder<Fr> par, seq;
  stacked::synthesize_stacked_porep(par, in, pool);
  stacked::synthesize_stacked_porep(seq, in, one);
  const auto mp = std::move(par).finish(), ms = std::move(seq).finish();
  EXPECT_TRUE(mp == ms);
  EXPECT_TRUE(mp == record(s.type));  // the blank circuit's, on the process-wide pool
}
