// Measures the vanilla-proof codecs at production size: a 32 GiB PoRep C1
// output (10 partitions × 18 challenges, 11 layers, tree R 8-8-0) of random
// domains through the JSON writer and reader and Curio's base64 envelope,
// and the golden 32 GiB WindowPoSt sector proof through bincode. Prints
// figures; asserts only that what was written reads back equal.
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "core/timer.hpp"
#include "filecoin/formats/curio_json.hpp"
#include "filecoin/formats/fallback_post_bincode.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

std::mt19937_64 rng(2024);

// CPU seconds of this process: on a shared machine, steadier than wall time.
double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

Domain random_domain() {
  Domain d;
  for (auto& b : d) b = uint8_t(rng());
  d[31] &= 0x3f;
  return d;
}

std::vector<Domain> random_domains(size_t n) {
  std::vector<Domain> v(n);
  for (auto& d : v) d = random_domain();
  return v;
}

InclusionPath random_path(size_t levels, size_t hashes) {
  InclusionPath p(levels);
  for (auto& e : p) {
    e.hashes = random_domains(hashes);
    e.index = rng() % (hashes + 1);
  }
  return p;
}

MerkleProof tree_r_proof() {
  MerkleProof m;
  m.kind = MerkleProof::Kind::kSub;
  m.base = random_path(9, 7);
  m.sub = random_path(1, 7);
  m.root = random_domain();
  m.leaf = random_domain();
  return m;
}

ColumnProof column_proof() {
  ColumnProof c;
  c.column.index = uint32_t(rng() % (uint64_t(1) << 30));
  c.column.rows = random_domains(11);
  c.inclusion_proof = tree_r_proof();
  return c;
}

StackedProof challenge_proof() {
  StackedProof p;
  p.comm_d_proofs.kind = MerkleProof::Kind::kSingle;
  p.comm_d_proofs.base = random_path(30, 1);
  p.comm_d_proofs.root = random_domain();
  p.comm_d_proofs.leaf = random_domain();
  p.comm_r_last_proof = tree_r_proof();
  p.replica_column_proofs.c_x = column_proof();
  for (int i = 0; i < 6; ++i) p.replica_column_proofs.drg_parents.push_back(column_proof());
  for (int i = 0; i < 8; ++i) p.replica_column_proofs.exp_parents.push_back(column_proof());
  for (uint32_t l = 1; l <= 11; ++l)
    p.labeling_proofs.push_back({random_domains(l == 1 ? 6 : 14), l, rng() % (uint64_t(1) << 30)});
  p.encoding_proof = {random_domains(14), 11, rng() % (uint64_t(1) << 30)};
  return p;
}

}  // namespace

int main() {
  SealCommitPhase1Output c1;
  c1.registered_proof = "StackedDrg32GiBV1_1";
  c1.vanilla_proofs_kind = VanillaSealProofKind::k32GiB;
  for (int k = 0; k < 10; ++k) {
    auto& partition = c1.vanilla_proofs.emplace_back();
    for (int i = 0; i < 18; ++i) partition.push_back(challenge_proof());
  }
  c1.comm_r = random_domain();
  c1.comm_d = random_domain();

  Stopwatch sw;
  double cpu = cpu_seconds();
  const std::string text = write_seal_commit_phase1_json(c1);
  const double t_write = sw.seconds(), c_write = cpu_seconds() - cpu;
  sw.restart();
  cpu = cpu_seconds();
  const auto back = read_seal_commit_phase1_json(text);
  const double t_read = sw.seconds(), c_read = cpu_seconds() - cpu;
  if (back != c1) {
    std::fprintf(stderr, "C1 JSON did not read back equal\n");
    return 1;
  }
  const double mb = double(text.size()) / 1e6;
  std::printf("C1 JSON 32 GiB (10 x 18 challenges): %.1f MB; write %.3f s wall, %.3f s CPU (%.0f MB/s of CPU); "
              "read %.3f s wall, %.3f s CPU (%.0f MB/s of CPU)\n",
              mb, t_write, c_write, mb / c_write, t_read, c_read, mb / c_read);

  sw.restart();
  cpu = cpu_seconds();
  const std::string wrapped = write_c1_output_wrapper_json(wrap_seal_commit_phase1(c1, 1));
  const double t_wrap = sw.seconds(), c_wrap = cpu_seconds() - cpu;
  sw.restart();
  cpu = cpu_seconds();
  const auto unwrapped = read_wrapped_seal_commit_phase1(read_c1_output_wrapper_json(wrapped));
  const double t_unwrap = sw.seconds(), c_unwrap = cpu_seconds() - cpu;
  if (unwrapped != c1) {
    std::fprintf(stderr, "C2 input did not read back equal\n");
    return 1;
  }
  std::printf("Curio C2 input (base64 envelope): %.1f MB; write %.3f s wall, %.3f s CPU; read %.3f s wall, %.3f s CPU\n",
              double(wrapped.size()) / 1e6, t_wrap, c_wrap, t_unwrap, c_unwrap);

  std::ifstream f(std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/data/golden/post.vproof", std::ios::binary);
  const std::vector<uint8_t> post{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
  const int reps = 2000;
  cpu = cpu_seconds();
  size_t proofs = 0;
  for (int i = 0; i < reps; ++i) proofs += read_fallback_post_sector_proof(post).sectors[0].inclusion_proofs.size();
  const double c_post = cpu_seconds() - cpu;
  std::printf("PoSt sector proof (24,960 B, golden): read %.1f us of CPU each (%zu inclusion proofs in %d reads)\n",
              c_post / reps * 1e6, proofs, reps);
  return 0;
}
