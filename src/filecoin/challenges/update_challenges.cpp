#include "filecoin/challenges/update_challenges.hpp"

#include <array>
#include <bit>
#include <string>

#include "circuits/poseidon/constants.hpp"
#include "circuits/poseidon/native.hpp"
#include "core/error.hpp"
#include "filecoin/registry/update_params.hpp"

namespace cuzk::filecoin {

namespace {

constexpr size_t kFrCapacity = 254;  // Fr::CAPACITY: bits every field element can hold

// Arity-2 Poseidon with neptune's Custom(Arbitrary(1)) domain tag, 1 * 2^40
// (storage-proofs-update constants.rs POSEIDON_CONSTANTS_GEN_RANDOMNESS).
// Kept private here; a shared filecoin Poseidon may replace it.
const circuits::poseidon::PoseidonConstants<Fr>& gen_randomness_constants() {
  static const auto constants = circuits::poseidon::make_poseidon_constants<Fr>(
      circuits::poseidon::filecoin_spec(2), Fr::from_u64(uint64_t(1) << 40));
  return constants;
}

struct Draw {
  Fr comm_r_new;
  size_t bits_per_challenge, per_digest;
  uint64_t digest_index;
  uint32_t high_bits;
};

std::vector<uint32_t> draw(const Draw& d, size_t count) {
  std::vector<uint32_t> out;
  out.reserve(count);
  uint64_t digest_index = d.digest_index;
  Domain digest{};
  for (size_t c = 0; c < count; ++c) {
    const size_t i = c % d.per_digest;
    if (i == 0) {
      const std::array<Fr, 2> preimage = {d.comm_r_new, Fr::from_u64(digest_index++)};
      digest = domain_of(circuits::poseidon::hash<Fr>(preimage, gen_randomness_constants()));
    }
    uint32_t v = 0;
    for (size_t b = 0; b < d.bits_per_challenge; ++b) {
      const size_t bit = i * d.bits_per_challenge + b;
      v |= uint32_t((digest[bit / 8] >> (bit % 8)) & 1) << b;
    }
    out.push_back(v | d.high_bits);
  }
  return out;
}

}  // namespace

std::vector<uint32_t> update_challenges(uint64_t sector_nodes, const Domain& comm_r_new, size_t partition) {
  const size_t partitions = update_partition_count(sector_nodes);
  if (partition >= partitions)
    throw Error("SnapDeals challenges: partition " + std::to_string(partition) + " >= partition count " +
                std::to_string(partitions));
  const size_t count = update_challenge_count(sector_nodes);
  const size_t bits = size_t(std::countr_zero(sector_nodes)) - size_t(std::countr_zero(partitions));
  const size_t per_digest = kFrCapacity / bits;
  const size_t digests_per_partition = (count + per_digest - 1) / per_digest;
  return draw({fr_of(comm_r_new, "SnapDeals challenges: comm_r_new"), bits, per_digest,
               uint64_t(partition) * digests_per_partition, uint32_t(partition << bits)},
              count);
}

std::vector<uint32_t> update_poseidon_challenges(uint64_t sector_nodes, const Domain& comm_r_new) {
  const size_t count = update_poseidon_challenge_count(sector_nodes);
  const size_t bits = size_t(std::countr_zero(sector_nodes));
  return draw({fr_of(comm_r_new, "SnapDeals challenges: comm_r_new"), bits, kFrCapacity / bits, 0, 0}, count);
}

}  // namespace cuzk::filecoin
