// The SDR label of one node as a circuit (storage-proofs-porep
// stacked/circuit/create_label.rs create_label_circuit): SHA-256 over
// replica_id (padded to 32 bytes) || layer (u32 BE) || node (u64 BE), padded
// to 64 bytes, then the 37 parents' labels, 32 bytes each; the digest's bits
// renumbered little-endian and its first CAPACITY bits packed into one
// witness. Constant padding bits are passed to SHA-256 as constants, which
// the gadget exploits exactly as bellperson's does.
#pragma once
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/bits.hpp"
#include "circuits/gadgets/multipack.hpp"
#include "circuits/gadgets/sha256.hpp"
#include "circuits/gadgets/uint32.hpp"
#include "circuits/gadgets/uint64.hpp"
#include "core/error.hpp"
#include "filecoin/sdr/labels.hpp"

namespace cuzk::filecoin::stacked {

using cuzk::circuits::AllocatedNum;
using cuzk::circuits::Boolean;
using cuzk::circuits::UInt32;
using cuzk::circuits::UInt64;

// replica_id: 32..256 bits, most significant first per byte (as
// reverse_bit_numbering leaves them); parents: kLabelParents bit vectors of
// at most 256 bits each. Error for other sizes (the Rust asserts).
template <class CS, class N, class F = typename CS::Field>
AllocatedNum<F> create_label_circuit(CS& cs, const N& name, std::span<const Boolean<F>> replica_id,
                                     const std::vector<std::vector<Boolean<F>>>& parents, const UInt32<F>& layer_index,
                                     const UInt64<F>& node) {
  if (replica_id.size() < 32 || replica_id.size() > 256)
    throw Error("create_label_circuit: replica id of " + std::to_string(replica_id.size()) + " bits (32..256)");
  if (parents.size() != kLabelParents)
    throw Error("create_label_circuit: " + std::to_string(parents.size()) + " parents, " +
                std::to_string(kLabelParents) + " needed");
  r1cs::Namespace ns(cs, name);
  std::vector<Boolean<F>> message(replica_id.begin(), replica_id.end());
  message.reserve((2 + kLabelParents) * 256);
  message.resize(256, Boolean<F>::constant(false));
  const auto layer_bits = layer_index.into_bits_be();
  const auto node_bits = node.to_bits_be();
  message.insert(message.end(), layer_bits.begin(), layer_bits.end());
  message.insert(message.end(), node_bits.begin(), node_bits.end());
  message.resize(512, Boolean<F>::constant(false));
  for (const auto& parent : parents) {
    if (parent.size() > 256)
      throw Error("create_label_circuit: a parent of " + std::to_string(parent.size()) + " bits (at most 256)");
    message.insert(message.end(), parent.begin(), parent.end());
    message.resize((message.size() + 255) / 256 * 256, Boolean<F>::constant(false));
  }
  const auto digest = cuzk::circuits::sha256(cs, "hash", std::span<const Boolean<F>>(message));
  const auto bits = cuzk::circuits::reverse_bit_numbering(digest);
  return cuzk::circuits::multipack::pack_bits(
      cs, "result_num", std::span<const Boolean<F>>(bits).first(cuzk::circuits::multipack::kCapacity<F>));
}

}  // namespace cuzk::filecoin::stacked
