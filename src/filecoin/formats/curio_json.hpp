// Curio's JSON envelopes around vanilla proofs for cuzk (lib/ffi/cuzk_funcs.go,
// extern/cuzk/cuzk-core/src/prover.rs), as Go's encoding/json writes them:
//   the PoRep C2 input  {"SectorNum":n,"Phase1Out":"<base64 of the C1 JSON>","SectorSize":n}
//   a proof list        ["<base64>",...]   (Go's [][]byte: SnapDeals partition proofs)
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "filecoin/vanilla/seal_commit_phase1.hpp"

namespace cuzk::filecoin {

// SectorNum and SectorSize must be unsigned (cuzk reads both as u64);
// DecodeError naming the field otherwise.
C1OutputWrapper read_c1_output_wrapper_json(std::string_view text, const std::string& source = "C2 input");
std::string write_c1_output_wrapper_json(const C1OutputWrapper& w);

// The C1 output inside a wrapper; DecodeError when its sector size is not
// the wrapper's SectorSize.
SealCommitPhase1Output read_wrapped_seal_commit_phase1(const C1OutputWrapper& w,
                                                       const std::string& source = "C2 input");
// The wrapper Curio would send for c1: SectorSize from its variant.
C1OutputWrapper wrap_seal_commit_phase1(const SealCommitPhase1Output& c1, uint64_t sector_num);

std::vector<std::vector<uint8_t>> read_base64_array_json(std::string_view text, const std::string& source);
std::string write_base64_array_json(const std::vector<std::vector<uint8_t>>& items);

}  // namespace cuzk::filecoin
