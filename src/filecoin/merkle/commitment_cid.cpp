#include "filecoin/merkle/commitment_cid.hpp"

#include <cstdio>
#include <vector>

#include "core/error.hpp"

namespace cuzk::filecoin {

namespace {

constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz234567";

std::string hex_code(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

void put_varint(std::vector<uint8_t>& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(uint8_t(v | 0x80));
    v >>= 7;
  }
  out.push_back(uint8_t(v));
}

// Reads a minimal unsigned varint (at most 9 bytes, as multiformats allows).
uint64_t get_varint(const std::vector<uint8_t>& in, size_t& pos, const char* field) {
  uint64_t v = 0;
  for (int i = 0; i < 9; ++i) {
    if (pos >= in.size()) throw DecodeError(std::string("commitment CID: truncated in its ") + field);
    const uint8_t b = in[pos++];
    v |= uint64_t(b & 0x7f) << (7 * i);
    if (!(b & 0x80)) {
      if (b == 0 && i > 0) throw DecodeError(std::string("commitment CID: non-minimal varint in its ") + field);
      return v;
    }
  }
  throw DecodeError(std::string("commitment CID: varint longer than 9 bytes in its ") + field);
}

struct Codes {
  uint64_t codec, multihash;
  const char *codec_name, *multihash_name;
};

Codes codes_of(CommitmentKind kind) {
  if (kind == CommitmentKind::kUnsealed)
    return {kFilCommitmentUnsealed, kSha256Trunc254Padded, "fil-commitment-unsealed", "sha2-256-trunc254-padded"};
  return {kFilCommitmentSealed, kPoseidonBls12381A2Fc1, "fil-commitment-sealed", "poseidon-bls12_381-a2-fc1"};
}

// Empty when valid, else why not.
std::string commitment_fault(const Domain& c, CommitmentKind kind) {
  if (kind == CommitmentKind::kUnsealed) {
    if (c[31] & 0xc0) return "an unsealed commitment has its two top bits clear (SHA-256-trunc254)";
    return {};
  }
  try {
    fr_of(c);
    return {};
  } catch (const DecodeError&) {
    return "a sealed commitment is a canonical BLS12-381 scalar";
  }
}

std::string base32_lower(const std::vector<uint8_t>& bytes) {
  std::string s;
  uint32_t acc = 0;
  int bits = 0;
  for (uint8_t b : bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      s.push_back(kAlphabet[(acc >> (bits - 5)) & 31]);
      bits -= 5;
    }
  }
  if (bits > 0) s.push_back(kAlphabet[(acc << (5 - bits)) & 31]);
  return s;
}

// Decodes s[first..]; messages count characters of the whole of s from 1.
std::vector<uint8_t> from_base32_lower(std::string_view s, size_t first) {
  std::vector<uint8_t> out;
  uint32_t acc = 0;
  int bits = 0;
  for (size_t i = first; i < s.size(); ++i) {
    const char c = s[i];
    int v = -1;
    if (c >= 'a' && c <= 'z') v = c - 'a';
    if (c >= '2' && c <= '7') v = c - '2' + 26;
    if (v < 0)
      throw DecodeError("commitment CID: character " + std::to_string(i + 1) + " ('" + std::string(1, c) +
                        "') is not in the lower-case base32 alphabet");
    acc = (acc << 5) | uint32_t(v);
    bits += 5;
    if (bits >= 8) {
      out.push_back(uint8_t(acc >> (bits - 8)));
      bits -= 8;
    }
    acc &= (1u << bits) - 1;
  }
  // RFC 4648 without padding: at most 4 leftover bits, all zero.
  if (bits >= 5) throw DecodeError("commitment CID: base32 text has a dangling character");
  if (acc != 0) throw DecodeError("commitment CID: base32 text has non-zero trailing bits");
  return out;
}

}  // namespace

std::string commitment_to_cid(const Domain& commitment, CommitmentKind kind) {
  if (auto fault = commitment_fault(commitment, kind); !fault.empty())
    throw Error("commitment CID: " + to_hex(commitment) + " is not valid: " + fault);
  const Codes k = codes_of(kind);
  std::vector<uint8_t> bytes;
  put_varint(bytes, 1);
  put_varint(bytes, k.codec);
  put_varint(bytes, k.multihash);
  put_varint(bytes, commitment.size());
  bytes.insert(bytes.end(), commitment.begin(), commitment.end());
  std::string cid(1, 'b');  // the multibase prefix of base32 lower case
  cid += base32_lower(bytes);
  return cid;
}

Domain commitment_from_cid(std::string_view cid, CommitmentKind kind) {
  const Codes k = codes_of(kind);
  if (cid.empty() || cid[0] != 'b')
    throw DecodeError("commitment CID '" + std::string(cid) + "': not multibase base32 lower case (prefix 'b')");
  const auto bytes = from_base32_lower(cid, 1);
  size_t pos = 0;
  if (uint64_t v = get_varint(bytes, pos, "version"); v != 1)
    throw DecodeError("commitment CID: version " + std::to_string(v) + ", expected CIDv1");
  if (uint64_t c = get_varint(bytes, pos, "codec"); c != k.codec)
    throw DecodeError("commitment CID: codec " + hex_code(c) + " is not " + k.codec_name + " (" +
                      hex_code(k.codec) + ")");
  if (uint64_t m = get_varint(bytes, pos, "multihash code"); m != k.multihash)
    throw DecodeError("commitment CID: multihash " + hex_code(m) + " is not " + k.multihash_name + " (" +
                      hex_code(k.multihash) + ")");
  if (uint64_t n = get_varint(bytes, pos, "digest length"); n != 32)
    throw DecodeError("commitment CID: digest length " + std::to_string(n) + ", expected 32");
  if (bytes.size() - pos != 32)
    throw DecodeError("commitment CID: " + std::to_string(bytes.size() - pos) + " digest bytes, expected 32");
  Domain d;
  std::copy(bytes.begin() + long(pos), bytes.end(), d.begin());
  if (auto fault = commitment_fault(d, kind); !fault.empty())
    throw DecodeError("commitment CID: digest " + to_hex(d) + " is not valid: " + fault);
  return d;
}

}  // namespace cuzk::filecoin
