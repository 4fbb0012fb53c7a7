// The CID text form of Filecoin's commitments (go-fil-commcid): CIDv1 in
// multibase base32 lower case ('b' prefix, RFC 4648 alphabet, no padding)
// of varint(1) | varint(codec) | varint(multihash) | varint(32) | 32 bytes.
//   unsealed (CommP / comm_d): codec fil-commitment-unsealed 0xf101,
//                              multihash sha2-256-trunc254-padded 0x1012
//   sealed (comm_r):           codec fil-commitment-sealed 0xf102,
//                              multihash poseidon-bls12_381-a2-fc1 0xb401
// Decoding is strict: any other prefix, alphabet, length, non-minimal varint
// or non-zero trailing bit is a DecodeError naming it, as is a digest that is
// not a valid commitment (unsealed: top two bits set; sealed: not below the
// BLS12-381 scalar modulus).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

enum class CommitmentKind : uint8_t { kUnsealed, kSealed };

inline constexpr uint64_t kFilCommitmentUnsealed = 0xf101;
inline constexpr uint64_t kFilCommitmentSealed = 0xf102;
inline constexpr uint64_t kSha256Trunc254Padded = 0x1012;
inline constexpr uint64_t kPoseidonBls12381A2Fc1 = 0xb401;

// Error when the commitment is not valid for its kind (see above).
std::string commitment_to_cid(const Domain& commitment, CommitmentKind kind);
Domain commitment_from_cid(std::string_view cid, CommitmentKind kind);

inline std::string piece_cid(const Domain& comm_p) { return commitment_to_cid(comm_p, CommitmentKind::kUnsealed); }
inline Domain comm_p_from_cid(std::string_view cid) { return commitment_from_cid(cid, CommitmentKind::kUnsealed); }

}  // namespace cuzk::filecoin
