// The two per-challenge label proofs of the stacked-DRG PoRep
// (storage-proofs-porep stacked/vanilla labeling_proof.rs,
// encoding_proof.rs): the parents' labels from which the label of `node` in
// layer `layer_index` is computed (labeling), and those of the last layer
// from which the replica node is encoded (encoding).
#pragma once
#include <cstdint>
#include <vector>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

struct LabelingProof {
  std::vector<Domain> parents;
  uint32_t layer_index = 0;
  uint64_t node = 0;
  friend bool operator==(const LabelingProof&, const LabelingProof&) = default;
};

struct EncodingProof {
  std::vector<Domain> parents;
  uint32_t layer_index = 0;
  uint64_t node = 0;
  friend bool operator==(const EncodingProof&, const EncodingProof&) = default;
};

}  // namespace cuzk::filecoin
