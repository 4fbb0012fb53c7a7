// Recorded matrices on disk and in the engine: the matrix file round-trips
// and refuses a file cut short, changed, of another circuit or of no kind;
// the store records once, then reads its cached file, records afresh over a
// damaged one and counts what it keeps in the budget; and the engine proves
// a circuit from its witness alone with them (verified proofs, a tampered
// witness refused naming its constraint).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "engine/matrix_store.hpp"
#include "engine/synthetic_partition.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/matrix_recorder.hpp"
#include "support/cpu_engine_rig.hpp"
#include "support/error_of.hpp"
#include "support/synthetic_key.hpp"
#include "support/tampered_partition.hpp"

using namespace cuzk;
using namespace cuzk::engine;
namespace fs = std::filesystem;

namespace {

constexpr size_t kConstraints = 4096;

Matrices record_synthetic(size_t n = kConstraints, uint64_t seed = 1) {
  r1cs::MatrixRecorder<Fr> rec;
  SyntheticPartition(n, seed).circuit().synthesize(rec);
  return std::move(rec).finish();
}

struct ScratchDir {
  fs::path path = fs::temp_directory_path() / ("cuzk_matrix_store_test_" + std::to_string(::getpid()));
  ScratchDir() { fs::create_directories(path); }
  ~ScratchDir() { fs::remove_all(path); }
};

std::vector<char> read_all(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}
void write_all(const fs::path& p, const std::vector<char>& b) {
  std::ofstream(p, std::ios::binary | std::ios::trunc).write(b.data(), std::streamsize(b.size()));
}

}  // namespace

TEST(MatrixFile, RoundTrips) {
  ScratchDir dir;
  const auto m = record_synthetic();
  const auto p = (dir.path / "m").string();
  write_matrix_file(p, "synthetic", m);
  EXPECT_TRUE(read_matrix_file(p, "synthetic") == m);
}

TEST(MatrixFile, RefusesWhatIsNotItsOwn) {
  ScratchDir dir;
  const auto p = (dir.path / "m").string();
  write_matrix_file(p, "synthetic", record_synthetic());
  const auto good = read_all(p);
  EXPECT_NE(testing_support::error_of([&] { read_matrix_file(p, "other"); }).find("holds circuit 'synthetic'"),
            std::string::npos);
  auto cut = good;
  cut.resize(cut.size() - 100);
  write_all(p, cut);
  EXPECT_NE(testing_support::error_of([&] { read_matrix_file(p, "synthetic"); }).find("content digest"),
            std::string::npos);
  auto flipped = good;
  flipped[flipped.size() / 2] ^= 4;
  write_all(p, flipped);
  EXPECT_NE(testing_support::error_of([&] { read_matrix_file(p, "synthetic"); }).find("content digest"),
            std::string::npos);
  write_all(p, std::vector<char>(64, 'x'));
  EXPECT_NE(testing_support::error_of([&] { read_matrix_file(p, "synthetic"); }).find("not a cuzk matrix file"),
            std::string::npos);
}

TEST(MatrixStore, RecordsOnceThenReadsItsFileAndReplacesADamagedOne) {
  ScratchDir dir;
  int recorded = 0;
  auto record = [&] {
    ++recorded;
    return record_synthetic();
  };
  MatrixStore::Origin o;
  {
    MatrixStore store;
    const auto m = store.get("synthetic", dir.path.string(), record, &o);
    EXPECT_EQ(o.kind, MatrixStore::Origin::Kind::kRecorded);
    EXPECT_TRUE(fs::exists(MatrixStore::path_for(dir.path.string(), "synthetic")));
    EXPECT_EQ(store.get("synthetic", dir.path.string(), record, &o), m);  // the same object, from memory
    EXPECT_EQ(o.kind, MatrixStore::Origin::Kind::kMemory);
  }
  EXPECT_EQ(recorded, 1);
  MatrixStore again;
  EXPECT_TRUE(*again.get("synthetic", dir.path.string(), record, &o) == record_synthetic());
  EXPECT_EQ(o.kind, MatrixStore::Origin::Kind::kFile);
  EXPECT_EQ(recorded, 1);
  const fs::path file = MatrixStore::path_for(dir.path.string(), "synthetic");
  auto bytes = read_all(file);
  bytes[bytes.size() / 3] ^= 1;
  write_all(file, bytes);
  MatrixStore damaged;
  damaged.get("synthetic", dir.path.string(), record, &o);
  EXPECT_EQ(o.kind, MatrixStore::Origin::Kind::kRecorded);
  EXPECT_NE(o.note.find("content digest"), std::string::npos) << o.note;
  EXPECT_EQ(recorded, 2);
  MatrixStore replaced;
  replaced.get("synthetic", dir.path.string(), record, &o);
  EXPECT_EQ(o.kind, MatrixStore::Origin::Kind::kFile);
}

TEST(MatrixStore, NamesFilesByCircuitAndCode) {
  EXPECT_NE(MatrixStore::path_for("/some/folder", "a"), MatrixStore::path_for("/some/folder", "b"));
  const auto p = MatrixStore::path_for("/some/folder", "StackedDrg32GiBV1_1");
  EXPECT_EQ(p.rfind("/some/folder/StackedDrg32GiBV1_1.", 0), 0u) << p;
  EXPECT_NE(p.find(".cuzk-matrices"), std::string::npos) << p;
  EXPECT_EQ(circuit_code_digest().size(), 64u);
  EXPECT_EQ(MatrixStore::path_for("", "a"), "");
}

TEST(MatrixStore, CountsWhatItKeepsInTheBudgetAndGivesBackWhatNoOneHolds) {
  const uint64_t bytes = record_synthetic().bytes();
  MemoryBudget budget(bytes * 3 / 2);
  MatrixStore store(&budget);
  auto first = store.get("first", "", [] { return record_synthetic(); });
  EXPECT_EQ(budget.stats().used, bytes);
  EXPECT_EQ(store.evict_idle(UINT64_MAX), 0u);  // held here: kept
  first.reset();
  // no one holds the first set now: it is dropped to make room for a second
  const auto other = store.get("other", "", [] { return record_synthetic(); });
  EXPECT_EQ(budget.stats().used, bytes);
  EXPECT_EQ(store.size(), 1u);
  EXPECT_EQ(store.evict_idle(UINT64_MAX), 0u);
}

// The engine proves from the witness alone when the partition carries its
// circuit's matrices (here on the CPU backend: a, b by the host product).
TEST(WitnessOnlyEngine, ProofsVerifyAndATamperedWitnessIsNamed) {
  const auto pk = testing_support::synthetic_key(kConstraints);
  const auto m = std::make_shared<const Matrices>(record_synthetic());
  testing_support::CpuEngineRig rig;
  JobSpec spec;
  spec.key = std::make_shared<const BellpersonKey>(*pk);
  for (uint64_t seed : {1, 2, 3}) {
    SyntheticPartition p(kConstraints, seed);
    spec.partitions.push_back(std::make_shared<CircuitPartition<circuits::SyntheticCircuit<Fr>>>(p.circuit(), m));
  }
  spec.verify_after = true;
  const auto r = rig.engine->await(rig.engine->submit(spec));
  ASSERT_EQ(r.status, JobStatus::kDone) << r.error;
  groth16::PreparedVerifyingKey<Curve> pvk(pk->vk);
  for (size_t i = 0; i < 3; ++i)
    EXPECT_TRUE(groth16::verify_proof(pvk, r.proofs<Curve>()[i], std::span<const Fr>(r.public_inputs<Curve>()[i])));

  const auto bad = std::make_shared<testing_support::TamperedPartition>(kConstraints, 1, 100, m);
  JobSpec tampered;
  tampered.key = spec.key;
  tampered.partitions = {bad};
  const auto f = rig.engine->await(rig.engine->submit(tampered));
  ASSERT_EQ(f.status, JobStatus::kFailed);
  EXPECT_EQ(f.failure, Failure::kBadInput);
  EXPECT_NE(f.error.find(bad->expected_error()), std::string::npos) << f.error << " / " << bad->expected_error();
  rig.expect_all_returned();
}
