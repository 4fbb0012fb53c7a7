// Measures the vanilla-proof codecs at production size: a 32 GiB PoRep C1
// output (10 partitions × 18 challenges, 11 layers, tree R 8-8-0) of random
// domains through the JSON writer and reader and Curio's base64 envelope,
// and the golden 32 GiB WindowPoSt sector proof through bincode. Prints
// figures; asserts only that what was written reads back equal.
#include <cstdio>
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
  const std::string text = write_seal_commit_phase1_json(c1);
  const double t_write = sw.seconds();
  sw.restart();
  const auto back = read_seal_commit_phase1_json(text);
  const double t_read = sw.seconds();
  if (back != c1) {
    std::fprintf(stderr, "C1 JSON did not read back equal\n");
    return 1;
  }
  const double mb = double(text.size()) / 1e6;
  std::printf("C1 JSON 32 GiB (10 x 18 challenges): %.1f MB; write %.3f s (%.0f MB/s), read %.3f s (%.0f MB/s)\n", mb,
              t_write, mb / t_write, t_read, mb / t_read);

  sw.restart();
  const std::string wrapped = write_c1_output_wrapper_json(wrap_seal_commit_phase1(c1, 1));
  const double t_wrap = sw.seconds();
  sw.restart();
  const auto unwrapped = read_wrapped_seal_commit_phase1(read_c1_output_wrapper_json(wrapped));
  const double t_unwrap = sw.seconds();
  if (unwrapped != c1) {
    std::fprintf(stderr, "C2 input did not read back equal\n");
    return 1;
  }
  std::printf("Curio C2 input (base64 envelope): %.1f MB; write %.3f s, read %.3f s\n", double(wrapped.size()) / 1e6,
              t_wrap, t_unwrap);

  std::ifstream f(std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/data/golden/post.vproof", std::ios::binary);
  const std::vector<uint8_t> post{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
  const int reps = 2000;
  sw.restart();
  size_t proofs = 0;
  for (int i = 0; i < reps; ++i) proofs += read_fallback_post_sector_proof(post).sectors[0].inclusion_proofs.size();
  const double t_post = sw.seconds();
  std::printf("PoSt sector proof (24,960 B, golden): read %.1f us each (%zu inclusion proofs in %d reads)\n",
              t_post / reps * 1e6, proofs, reps);
  return 0;
}
