// Writes fully valid Filecoin inputs of a sparse CC sector to a folder and
// prints the time and size of each step:
//   c1_wrapper.json     Curio's C2 input {"SectorNum","Phase1Out","SectorSize"} (interactive PoRep, V1_1)
//   window_post.vproof  the sector's WindowPoSt vanilla proof (bincode, API 1.2)
//   winning_post.vproof the sector's WinningPoSt vanilla proof (bincode)
//   snap_proofs.json    SnapDeals of the sector with a small deal at its start: Curio's
//                       ["<base64 bincode PartitionProof>", ...], 16 partitions x 86 challenges
//   inputs.json         the public values (commitments, ids, seed, ticket, randomness,
//                       SnapDeals comm_r_old / comm_d_new / comm_r_new) in hex
// Usage: filecoin_sparse_sector_gen [out_dir=sparse_sector_out] [size: 32GiB (default), 64GiB, 512MiB, 8MiB, 2KiB]
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/timer.hpp"
#include "filecoin/formats/curio_json.hpp"
#include "filecoin/formats/fallback_post_bincode.hpp"
#include "filecoin/formats/snap_bincode.hpp"
#include "filecoin/registry/update_proof.hpp"
#include "filecoin/sparse_sector/sparse_seal.hpp"
#include "filecoin/sparse_sector/sparse_update.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::filled;

namespace {

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void write_file(const std::filesystem::path& path, const void* data, size_t n) {
  std::ofstream f(path, std::ios::binary);
  f.write(static_cast<const char*>(data), std::streamsize(n));
  if (!f) throw Error("cannot write " + path.string());
}

struct Step {
  Stopwatch wall;
  double cpu0 = cpu_seconds();
  void report(const char* what, size_t bytes = 0) {
    std::printf("%-34s %8.3f s wall %8.3f s cpu", what, wall.seconds(), cpu_seconds() - cpu0);
    if (bytes) std::printf("  %12zu bytes", bytes);
    std::printf("\n");
    wall.restart();
    cpu0 = cpu_seconds();
  }
};

}  // namespace

int main(int argc, char** argv) try {
  const std::filesystem::path out = argc > 1 ? argv[1] : "sparse_sector_out";
  std::string size = argc > 2 ? argv[2] : "32GiB";
  if (size == "32" || size == "64") size += "GiB";
  std::filesystem::create_directories(out);
  // The production types of the size: StackedDrg<size>V1_1, StackedDrgWindow<size>V1_2,
  // StackedDrgWinning<size>V1, update StackedDrg<size>V1 (an unknown size is an Error naming it).
  const RegisteredSealProof seal = seal_proof_from_name("StackedDrg" + size + "V1_1");
  const RegisteredPoStProof window = post_proof_from_name("StackedDrgWindow" + size + "V1_2");
  const RegisteredPoStProof winning = post_proof_from_name("StackedDrgWinning" + size + "V1");
  RegisteredUpdateProof update{};
  bool found = false;
  for (const auto& u : all_update_proofs())
    if (u.name == "StackedDrg" + size + "V1") update = u.proof, found = true;
  if (!found) throw Error("no update proof for sector size " + size);

  SparseSealRequest r;
  r.proof = seal;
  r.prover_id = filled(0);
  r.prover_id[0] = 0xe8;  // f0488: LEB128 of the actor id 488, zero-padded
  r.prover_id[1] = 0x03;
  r.sector_id = 1;
  r.ticket = trunc254(filled(0x11));
  r.seed = trunc254(filled(0x22));
  r.default_label = trunc254(filled(0x5a));
  const Domain post_randomness = trunc254(filled(0x33));
  r.post_targets = {{window, post_randomness, 0}, {winning, post_randomness, 0}};

  Step step;
  const SparseSeal s = seal_sparse(r);
  step.report("sparse sector + C1 proofs");
  std::printf("  labelled nodes %zu, stored nodes TreeC %zu TreeR %zu\n", s.sector.labelled_count(),
              s.sector.tree_c().stored_nodes(), s.sector.tree_r().stored_nodes());

  const C1OutputWrapper wrapper = wrap_seal_commit_phase1(s.c1, r.sector_id);
  step.report("C1 JSON", wrapper.phase1_out.size());
  const std::string wrapper_json = write_c1_output_wrapper_json(wrapper);
  step.report("Curio wrapper (base64)", wrapper_json.size());
  write_file(out / "c1_wrapper.json", wrapper_json.data(), wrapper_json.size());
  step.report("write c1_wrapper.json", wrapper_json.size());

  for (auto [proof, name] : {std::pair{window, "window_post.vproof"}, std::pair{winning, "winning_post.vproof"}}) {
    const auto bytes = write_fallback_post_sector_proof(
        sparse_post_vanilla_proof(s.sector, r.sector_id, proof, post_randomness));
    write_file(out / name, bytes.data(), bytes.size());
    step.report(name, bytes.size());
  }

  // A deal at the sector's start (64 KiB, or half a smaller sector), zero elsewhere.
  const uint64_t deal_nodes = std::min<uint64_t>(2048, update_proof_info(update).sector_nodes() / 2);
  const SparseUpdate u = update_sparse_sector(s.sector, sparse_deal_data(0, deal_nodes));
  step.report("SnapDeals encoding");
  const auto snap = sparse_snap_partition_proofs(s.sector, u);
  step.report("SnapDeals partition proofs");
  std::vector<std::vector<uint8_t>> snap_bytes;
  for (const auto& p : snap) snap_bytes.push_back(write_snap_partition_proof(p));
  const std::string snap_json = write_base64_array_json(snap_bytes);
  write_file(out / "snap_proofs.json", snap_json.data(), snap_json.size());
  step.report("snap_proofs.json", snap_json.size());

  std::string inputs = "{\"registered_proof\":\"" + s.c1.registered_proof + "\",\"window_post_proof\":\"" +
                       post_proof_name(window) + "\",\"winning_post_proof\":\"" + post_proof_name(winning) +
                       "\",\"sector_id\":" + std::to_string(r.sector_id) + ",\"prover_id\":\"" +
                       to_hex(r.prover_id) + "\",\"ticket\":\"" + to_hex(r.ticket) + "\",\"seed\":\"" +
                       to_hex(r.seed) + "\",\"post_randomness\":\"" + to_hex(post_randomness) +
                       "\",\"replica_id\":\"" + to_hex(s.c1.replica_id) + "\",\"comm_d\":\"" + to_hex(s.c1.comm_d) +
                       "\",\"comm_c\":\"" + to_hex(s.sector.comm_c()) + "\",\"comm_r_last\":\"" +
                       to_hex(s.sector.comm_r_last()) + "\",\"comm_r\":\"" + to_hex(s.c1.comm_r) +
                       "\",\"update_proof\":\"" + std::string(update_proof_info(update).name) +
                       "\",\"snap_partitions\":" + std::to_string(snap.size()) + ",\"comm_r_old\":\"" +
                       to_hex(u.comm_r_old) + "\",\"comm_d_new\":\"" + to_hex(u.comm_d_new) +
                       "\",\"comm_r_new\":\"" + to_hex(u.comm_r_new) + "\"}\n";
  write_file(out / "inputs.json", inputs.data(), inputs.size());
  std::printf("%s", inputs.c_str());
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "filecoin_sparse_sector_gen: %s\n", e.what());
  return 1;
}
