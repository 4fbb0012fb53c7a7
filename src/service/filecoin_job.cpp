#include "service/filecoin_job.hpp"

#include <string_view>

#include "filecoin/challenges/prover_id.hpp"
#include "filecoin/formats/curio_json.hpp"
#include "filecoin/formats/fallback_post_bincode.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"
#include "filecoin/formats/snap_bincode.hpp"
#include "filecoin/registry/post_proof.hpp"
#include "filecoin/registry/seal_proof.hpp"
#include "filecoin/registry/update_proof.hpp"
#include "filecoin/verify/proof_types.hpp"
#include "filecoin/vanilla_check/porep_check.hpp"
#include "filecoin/vanilla_check/post_check.hpp"
#include "filecoin/vanilla_check/snap_check.hpp"

namespace cuzk::service {

namespace fc = filecoin;
using Bad = BadFilecoinRequest;

namespace {

fc::Domain domain_field(const std::vector<uint8_t>& b, const char* name) {
  if (b.size() != 32) throw Bad(std::string(name) + " must be 32 bytes, got " + std::to_string(b.size()));
  fc::Domain d;
  std::copy(b.begin(), b.end(), d.begin());
  return d;
}

void check_sector_size(uint64_t given, uint64_t type_size, const std::string& type_name) {
  if (given != 0 && given != type_size)
    throw Bad("sector_size " + std::to_string(given) + " is not " + type_name + "'s " + std::to_string(type_size));
}

void accept(const fc::VanillaCheck& c, const std::string& what) {
  if (!c.ok) throw Bad(what + " fails verification: " + c.failure);
}

FilecoinJob porep_job(const FilecoinRequest& r) {
  if (r.vanilla_proof.empty()) throw Bad("vanilla_proof (the C1 output) is empty");
  const std::string_view text(reinterpret_cast<const char*>(r.vanilla_proof.data()), r.vanilla_proof.size());
  fc::SealCommitPhase1Output c1;
  uint64_t sector_id = r.sector_number;
  if (text.find("\"Phase1Out\"") != std::string_view::npos) {
    const auto w = fc::read_c1_output_wrapper_json(text, "vanilla_proof");
    c1 = fc::read_wrapped_seal_commit_phase1(w, "vanilla_proof");
    if (sector_id == 0) sector_id = w.sector_num;
    if (w.sector_num != sector_id)
      throw Bad("sector_number " + std::to_string(sector_id) + " differs from the C1 wrapper's SectorNum " +
                std::to_string(w.sector_num));
    check_sector_size(w.sector_size, fc::seal_proof_info(fc::seal_proof_from_name(c1.registered_proof)).sector_size,
                      "the C1 wrapper's SectorSize: " + c1.registered_proof);
  } else {
    c1 = fc::read_seal_commit_phase1_json(text, "vanilla_proof");
  }
  const auto seal = fc::seal_proof_from_name(c1.registered_proof);
  FilecoinJob job;
  job.type = fc::porep_proof_type(seal);
  check_sector_size(r.sector_size, fc::seal_proof_info(seal).sector_size, job.type.name);
  auto& v = job.values;
  v.prover_id = fc::prover_id_of_actor(r.miner_id);
  v.sector_id = sector_id;
  v.comm_r = c1.comm_r;
  v.comm_d = c1.comm_d;
  v.ticket = c1.ticket;
  v.seed = c1.seed;
  const auto check = fc::check_seal_commit_phase1(c1, {.prover_id = v.prover_id, .sector_id = sector_id, .proof = seal});
  accept(check, "vanilla proof (C1 output) of sector " + std::to_string(sector_id) + " of miner " +
                    std::to_string(r.miner_id));
  job.notes = check.notes;
  fc::FilecoinVanillaProofs vanilla;
  vanilla.c1 = std::move(c1);
  job.circuits = fc::filecoin_partition_circuits(job.type, job.values, vanilla);
  return job;
}

FilecoinJob post_job(JobKind kind, const FilecoinRequest& r) {
  const auto proof = fc::post_proof_from_id(r.registered_proof);
  const auto& info = fc::post_proof_info(proof);
  const bool winning = kind == JobKind::kWinningPoSt;
  if ((info.type == fc::PoStType::kWinning) != winning)
    throw Bad("registered_proof " + std::to_string(r.registered_proof) + " is " + std::string(info.name) + ", not a " +
              (winning ? "WinningPoSt" : "WindowPoSt") + " type");
  FilecoinJob job;
  job.type = fc::post_proof_type(proof);
  check_sector_size(r.sector_size, info.sector_size, job.type.name);
  const fc::PoStPublic pub{proof, domain_field(r.randomness, "randomness"), std::nullopt};
  if (r.vanilla_proofs.empty()) throw Bad("vanilla_proofs is empty: one FallbackPoStSectorProof per sector expected");
  fc::FilecoinVanillaProofs vanilla;
  for (size_t i = 0; i < r.vanilla_proofs.size(); ++i)
    vanilla.post.push_back(fc::read_fallback_post_sector_proof(r.vanilla_proofs[i], "vanilla_proofs[" + std::to_string(i) + "]"));
  if (winning) {
    if (r.partition_index != 0) throw Bad("partition_index must be 0 for WinningPoSt");
    const auto check = fc::check_winning_post(pub, vanilla.post);
    accept(check, "WinningPoSt vanilla proof");
    job.notes = check.notes;
  } else {
    if (vanilla.post.size() > job.type.post.sectors_per_partition)
      throw Bad("vanilla_proofs holds " + std::to_string(vanilla.post.size()) + " sectors; a " + job.type.name +
                " partition takes at most " + std::to_string(job.type.post.sectors_per_partition));
    // API 1.0 types draw a sector's challenges from its position in the
    // whole proof; its circuits are built as partition 0.
    if (r.partition_index != 0 && job.type.post.api_version == fc::ApiVersion::kV1_0_0)
      throw Bad("partition_index " + std::to_string(r.partition_index) + " of " + job.type.name +
                " (API 1.0): only partition 0 of these retired types is supported; use the V1_2 type");
    const auto check = fc::check_window_post_partition(pub, r.partition_index, vanilla.post);
    accept(check, "WindowPoSt vanilla proof");
    job.notes = check.notes;
  }
  job.values.randomness = pub.randomness;
  for (const auto& p : vanilla.post) job.values.sectors.push_back({p.sector_id, p.comm_r});
  job.circuits = fc::filecoin_partition_circuits(job.type, job.values, vanilla);
  if (job.circuits.size() != 1)
    throw Bad("the vanilla proofs make " + std::to_string(job.circuits.size()) + " partitions, not one");
  return job;
}

FilecoinJob snap_job(const FilecoinRequest& r) {
  const auto proof = fc::update_proof_from_id(r.registered_proof);
  FilecoinJob job;
  job.type = fc::snap_proof_type(proof);
  check_sector_size(r.sector_size, fc::update_proof_info(proof).sector_size, job.type.name);
  const fc::SnapPublic pub{proof, domain_field(r.comm_r_old, "comm_r_old"), domain_field(r.comm_r_new, "comm_r_new"),
                           domain_field(r.comm_d_new, "comm_d_new")};
  if (r.vanilla_proofs.empty()) throw Bad("vanilla_proofs is empty: one PartitionProof per partition expected");
  fc::FilecoinVanillaProofs vanilla;
  for (size_t i = 0; i < r.vanilla_proofs.size(); ++i)
    vanilla.snap.push_back(fc::read_snap_partition_proof(r.vanilla_proofs[i], "vanilla_proofs[" + std::to_string(i) + "]"));
  const auto check = fc::check_snap_partitions(pub, vanilla.snap);
  accept(check, "SnapDeals vanilla proof");
  job.notes = check.notes;
  job.values.comm_r_old = pub.comm_r_old;
  job.values.comm_r_new = pub.comm_r_new;
  job.values.comm_d_new = pub.comm_d_new;
  job.circuits = fc::filecoin_partition_circuits(job.type, job.values, vanilla);
  return job;
}

}  // namespace

FilecoinJob prepare_filecoin_job(JobKind kind, const FilecoinRequest& r) {
  try {
    switch (kind) {
      case JobKind::kPoRep: return porep_job(r);
      case JobKind::kWindowPoSt:
      case JobKind::kWinningPoSt: return post_job(kind, r);
      case JobKind::kSnapDeals: return snap_job(r);
      default: break;
    }
  } catch (const BadFilecoinRequest&) {
    throw;
  } catch (const Error& e) {  // decoders and registries name what they refuse
    throw Bad(e.what());
  }
  throw Bad(std::string(job_kind_name(kind)) + " is not a Filecoin proof kind");
}

}  // namespace cuzk::service
