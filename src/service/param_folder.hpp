// Keys of Filecoin proofs found by name in a parameter folder (Curio's
// `[srs] param_cache`, rust-fil-proofs' FIL_PROOFS_PARAMETER_CACHE): the
// official v28 file of each circuit, and Curio's circuit ids for them
// ("porep-32g", "wpost-32g", "winning-32g", "snap-32g"), extended to every
// published sector size ("porep-2k", "wpost-8m", "snap-512m", ...).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filecoin/verify/verify_filecoin_proof.hpp"

namespace cuzk::service {

// The registered type a circuit id stands for (PoRep V1_1, Window V1_2,
// Winning V1, update V1: those of today's network), or nullopt.
std::optional<filecoin::FilecoinProofType> circuit_type(std::string_view circuit_id);
// The id of the circuit a type proves (types sharing a circuit share it).
std::string circuit_id_of(const filecoin::FilecoinProofType& type);
std::vector<std::string> all_circuit_ids();

// Folders searched in order: a key's file is taken from the first that has it.
class ParamFolder {
 public:
  explicit ParamFolder(std::vector<std::string> dirs);
  const std::vector<std::string>& dirs() const { return dirs_; }
  // The first folder: where a file that none has is looked for.
  const std::string& dir() const { return dirs_.front(); }
  // The type's file in the first folder that has it; in the first folder
  // when none has it (a path that does not exist).
  std::string params_path(const filecoin::FilecoinProofType& type) const;
  // "parameter folder '/a'" or "parameter folders '/a', '/b' (searched in
  // this order)", for messages naming where a file was looked for.
  std::string searched() const;
  // The circuit id whose official file `path` is, or "".
  std::string circuit_id_of_path(const std::string& path) const;

 private:
  std::vector<std::string> dirs_;
};

}  // namespace cuzk::service
