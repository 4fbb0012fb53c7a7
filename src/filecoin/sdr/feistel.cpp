#include "filecoin/sdr/feistel.hpp"

#include <openssl/evp.h>

#include <memory>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/hash/sha256.hpp"

namespace cuzk::filecoin {

namespace {

struct MdFree {
  void operator()(EVP_MD* md) const { EVP_MD_free(md); }
};
struct CtxFree {
  void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};

// One fetched BLAKE2b-512 and a context reused across calls of one thread.
class Blake2b512 {
 public:
  Blake2b512() : md_(EVP_MD_fetch(nullptr, "BLAKE2B-512", nullptr)), ctx_(EVP_MD_CTX_new()) {
    if (!md_ || !ctx_) throw Error("Feistel: OpenSSL has no BLAKE2b-512");
  }
  uint64_t round_hash(uint64_t right, uint64_t key) {
    uint8_t in[16], out[EVP_MAX_MD_SIZE];
    for (int i = 0; i < 8; ++i) {
      in[i] = uint8_t(right >> (56 - 8 * i));
      in[8 + i] = uint8_t(key >> (56 - 8 * i));
    }
    unsigned n = 0;
    if (EVP_DigestInit_ex2(ctx_.get(), md_.get(), nullptr) != 1 || EVP_DigestUpdate(ctx_.get(), in, 16) != 1 ||
        EVP_DigestFinal_ex(ctx_.get(), out, &n) != 1 || n != 64)
      throw Error("Feistel: OpenSSL BLAKE2b-512 failed");
    uint64_t r = 0;
    for (int i = 0; i < 8; ++i) r = (r << 8) | out[i];
    return r;
  }

 private:
  std::unique_ptr<EVP_MD, MdFree> md_;
  std::unique_ptr<EVP_MD_CTX, CtxFree> ctx_;
};

}  // namespace

FeistelKeys derive_feistel_keys(const PorepId& porep_id) {
  static constexpr char kTag[] = "Filecoin_Feistel";
  Digest seed = Sha256().update(kTag, sizeof(kTag) - 1).update(porep_id).finish();
  FeistelKeys keys{};
  for (size_t k = 0; k < keys.size(); ++k)
    for (int b = 7; b >= 0; --b) keys[k] = (keys[k] << 8) | seed[8 * k + size_t(b)];
  return keys;
}

uint64_t feistel_round_hash(uint64_t right, uint64_t key) { return Blake2b512().round_hash(right, key); }

FeistelPermutation::FeistelPermutation(uint64_t num_elements, const FeistelKeys& keys) : num_elements_(num_elements) {
  if (num_elements == 0 || num_elements > kMaxFeistelElements)
    throw Error("Feistel: num_elements " + std::to_string(num_elements) + " is outside [1, 2^34]");
  // rust's precompute: the smallest power of four, from 4 up, covering num_elements
  half_bits_ = 1;
  while ((uint64_t(1) << (2 * half_bits_)) < num_elements) ++half_bits_;
  right_mask_ = (uint64_t(1) << half_bits_) - 1;

  const size_t per_round = size_t(1) << half_bits_;
  table_.resize(size_t(kFeistelRounds) * per_round);
  parallel_for(table_.size(), 4096, [&](size_t begin, size_t end) {
    Blake2b512 blake;
    for (size_t i = begin; i < end; ++i)
      table_[i] = uint32_t(blake.round_hash(i & right_mask_, keys[i >> half_bits_]) & right_mask_);
  });
}

}  // namespace cuzk::filecoin
