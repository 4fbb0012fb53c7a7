// A Filecoin proving request as Curio sends it (the Filecoin fields of
// SubmitProofRequest) made into the circuits of its partitions before
// anything is queued: inputs decoded, the vanilla proofs verified as
// rust-fil-proofs verifies them (filecoin/vanilla_check), the public values
// derived. Every refusal is a BadFilecoinRequest naming the field at fault.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "filecoin/prove/filecoin_circuit.hpp"
#include "service/job_kind.hpp"

namespace cuzk::service {

class BadFilecoinRequest : public Error {
 public:
  using Error::Error;
};

struct FilecoinRequest {
  uint64_t sector_size = 0;       // 0: not checked
  uint64_t registered_proof = 0;  // PoSt / SnapDeals numeric id
  std::vector<uint8_t> vanilla_proof;                // PoRep: Curio's C1 wrapper (or the bare C1 JSON)
  std::vector<std::vector<uint8_t>> vanilla_proofs;  // PoSt: per sector; SnapDeals: per partition
  uint64_t sector_number = 0, miner_id = 0;
  std::vector<uint8_t> randomness;
  uint32_t partition_index = 0;
  std::vector<uint8_t> comm_r_old, comm_r_new, comm_d_new;
};

struct FilecoinJob {
  filecoin::FilecoinProofType type;
  filecoin::FilecoinPublicValues values;
  std::vector<filecoin::FilecoinCircuit> circuits;  // partition order, with public inputs
  std::vector<std::string> notes;                   // the vanilla check's notes (never refusals)
};

// kind: one of the four Filecoin kinds.
FilecoinJob prepare_filecoin_job(JobKind kind, const FilecoinRequest& r);

}  // namespace cuzk::service
