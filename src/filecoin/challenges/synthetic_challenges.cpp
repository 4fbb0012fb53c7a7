#include "filecoin/challenges/synthetic_challenges.hpp"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "filecoin/challenges/challenge_math.hpp"

namespace cuzk::filecoin {

namespace {

constexpr std::string_view kGenerationKey = "filecoin.io|PoRep|1|Synthetic|1|Generation";
constexpr std::string_view kSelectionKey = "filecoin.io|PoRep|1|Synthetic|1|Selection";
constexpr uint8_t kNonce[12] = {'s', 'y', 'n', 't', 'h', '-', 'p', 'o', 'r', 'e', 'p', 0};
constexpr size_t kChallengeBytes = 32;
constexpr size_t kIndexBytes = 4;
constexpr size_t kChaChaBlock = 64;

// Blake2b with a 32-byte digest, keyed (RFC 7693 keyed mode, as blake2b_simd
// Params::key), over a || b.
std::array<uint8_t, 32> blake2b256_keyed(std::string_view key, const Domain& a, const Domain& b) {
  std::unique_ptr<EVP_MAC, decltype(&EVP_MAC_free)> mac(EVP_MAC_fetch(nullptr, "BLAKE2BMAC", nullptr),
                                                        &EVP_MAC_free);
  if (!mac) throw Error("synthetic challenges: OpenSSL has no BLAKE2BMAC");
  std::unique_ptr<EVP_MAC_CTX, decltype(&EVP_MAC_CTX_free)> ctx(EVP_MAC_CTX_new(mac.get()), &EVP_MAC_CTX_free);
  size_t size = 32;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size), OSSL_PARAM_construct_end()};
  std::array<uint8_t, 32> out{};
  size_t written = 0;
  if (!ctx || EVP_MAC_init(ctx.get(), reinterpret_cast<const unsigned char*>(key.data()), key.size(), params) != 1 ||
      EVP_MAC_update(ctx.get(), a.data(), a.size()) != 1 || EVP_MAC_update(ctx.get(), b.data(), b.size()) != 1 ||
      EVP_MAC_final(ctx.get(), out.data(), &written, out.size()) != 1 || written != out.size())
    throw Error("synthetic challenges: Blake2b-256 failed in OpenSSL");
  return out;
}

// Bytes [offset, offset + out.size()) of the IETF ChaCha20 keystream (32-bit
// block counter from 0, 96-bit nonce), as RustCrypto's ChaCha20 after
// try_seek(offset).
void chacha20_keystream(const std::array<uint8_t, 32>& key, uint64_t offset, std::span<uint8_t> out) {
  const uint64_t block = offset / kChaChaBlock;
  if (block + (out.size() + kChaChaBlock) / kChaChaBlock >= (uint64_t(1) << 32))
    throw Error("synthetic challenges: keystream position beyond ChaCha20's 2^32 blocks");
  uint8_t iv[16];
  detail::write_u32_le(uint32_t(block), iv);
  std::copy(std::begin(kNonce), std::end(kNonce), iv + 4);
  std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)> ctx(EVP_CIPHER_CTX_new(), &EVP_CIPHER_CTX_free);
  if (!ctx || EVP_EncryptInit_ex(ctx.get(), EVP_chacha20(), nullptr, key.data(), iv) != 1)
    throw Error("synthetic challenges: OpenSSL could not start ChaCha20");
  auto run = [&](uint8_t* dst, size_t n) {
    std::fill(dst, dst + n, uint8_t(0));
    int len = 0;
    if (EVP_EncryptUpdate(ctx.get(), dst, &len, dst, int(n)) != 1 || size_t(len) != n)
      throw Error("synthetic challenges: ChaCha20 failed in OpenSSL");
  };
  uint8_t skip[kChaChaBlock];
  if (offset % kChaChaBlock) run(skip, size_t(offset % kChaChaBlock));
  constexpr size_t kChunk = size_t(1) << 20;  // EVP takes int lengths
  for (size_t done = 0; done < out.size(); done += kChunk) run(out.data() + done, std::min(kChunk, out.size() - done));
}

size_t checked_count(uint64_t sector_nodes, size_t count) {
  detail::check_porep_nodes(sector_nodes);
  // rust seeks with (i * 32) as u32, exact only below 2^27 challenges.
  if (count == 0 || count > (size_t(1) << 27))
    throw Error("synthetic challenges: count " + std::to_string(count) + " is outside [1, 2^27]");
  return count;
}

}  // namespace

SyntheticChallenges::SyntheticChallenges(uint64_t sector_nodes, const Domain& replica_id, const Domain& comm_r)
    : SyntheticChallenges(sector_nodes, replica_id, comm_r,
                          size_t(std::min<uint64_t>(sector_nodes, kDefaultCount))) {}

SyntheticChallenges::SyntheticChallenges(uint64_t sector_nodes, const Domain& replica_id, const Domain& comm_r,
                                         size_t count)
    : nodes_(sector_nodes), count_(checked_count(sector_nodes, count)), replica_id_(replica_id) {
  // rust converts both to Fr first (and would panic on a non-canonical value).
  fr_of(replica_id, "synthetic challenges: replica_id");
  fr_of(comm_r, "synthetic challenges: comm_r");
  generation_key_ = blake2b256_keyed(kGenerationKey, replica_id, comm_r);
}

uint64_t SyntheticChallenges::challenge(size_t i) const {
  if (i >= count_)
    throw Error("synthetic challenges: index " + std::to_string(i) + " >= count " + std::to_string(count_));
  std::array<uint8_t, kChallengeBytes> bytes;
  chacha20_keystream(generation_key_, uint64_t(i) * kChallengeBytes, bytes);
  return detail::porep_challenge_of(bytes, nodes_);
}

std::vector<uint64_t> SyntheticChallenges::all() const {
  std::vector<uint8_t> stream(count_ * kChallengeBytes);
  chacha20_keystream(generation_key_, 0, stream);
  std::vector<uint64_t> out(count_);
  for (size_t i = 0; i < count_; ++i)
    out[i] = detail::porep_challenge_of(std::span<const uint8_t, 32>(stream.data() + i * kChallengeBytes, 32), nodes_);
  return out;
}

std::vector<uint32_t> SyntheticChallenges::selection(const Domain& seed, size_t challenges_per_partition,
                                                     size_t partition) const {
  if (partition > 255)
    throw Error("synthetic challenges: partition index " + std::to_string(partition) + " does not fit u8");
  const uint64_t first = uint64_t(partition) * challenges_per_partition;
  // rust seeks with (first * 4) as u32.
  if ((first + challenges_per_partition) * kIndexBytes > (uint64_t(1) << 32))
    throw Error("synthetic challenges: selection position beyond u32");
  const auto key = blake2b256_keyed(kSelectionKey, replica_id_, seed);
  std::vector<uint8_t> stream(challenges_per_partition * kIndexBytes);
  chacha20_keystream(key, first * kIndexBytes, stream);
  std::vector<uint32_t> out(challenges_per_partition);
  for (size_t i = 0; i < challenges_per_partition; ++i) {
    const uint8_t* p = stream.data() + i * kIndexBytes;
    const uint32_t v = uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
    out[i] = uint32_t(v % count_);
  }
  return out;
}

std::vector<uint64_t> SyntheticChallenges::porep_challenges(const Domain& seed, size_t challenges_per_partition,
                                                            size_t partition) const {
  std::vector<uint64_t> out;
  out.reserve(challenges_per_partition);
  for (uint32_t index : selection(seed, challenges_per_partition, partition)) out.push_back(challenge(index));
  return out;
}

}  // namespace cuzk::filecoin
