#include "filecoin/hash/sha256.hpp"

#include <openssl/evp.h>

#include "core/error.hpp"

namespace cuzk::filecoin {

void Sha256::Free::operator()(evp_md_ctx_st* ctx) const { EVP_MD_CTX_free(ctx); }

Sha256::Sha256() : ctx_(EVP_MD_CTX_new()) {
  if (!ctx_ || EVP_DigestInit_ex(ctx_.get(), EVP_sha256(), nullptr) != 1)
    throw Error("SHA-256: OpenSSL could not start a digest");
}

Sha256& Sha256::update(std::span<const uint8_t> bytes) {
  if (EVP_DigestUpdate(ctx_.get(), bytes.data(), bytes.size()) != 1) throw Error("SHA-256: OpenSSL update failed");
  return *this;
}

Digest Sha256::finish() {
  Digest d{};
  unsigned int n = 0;
  if (EVP_DigestFinal_ex(ctx_.get(), d.data(), &n) != 1 || n != d.size() ||
      EVP_DigestInit_ex(ctx_.get(), EVP_sha256(), nullptr) != 1)
    throw Error("SHA-256: OpenSSL finish failed");
  return d;
}

Digest sha256(std::span<const uint8_t> bytes) {
  Digest d{};
  unsigned int n = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), d.data(), &n, EVP_sha256(), nullptr) != 1 || n != d.size())
    throw Error("SHA-256: OpenSSL digest failed");
  return d;
}

Domain sha256_trunc254(std::span<const uint8_t> bytes) { return trunc254(sha256(bytes)); }

Domain sha256_trunc254_pair(const Domain& left, const Domain& right) {
  uint8_t buf[64];
  std::copy(left.begin(), left.end(), buf);
  std::copy(right.begin(), right.end(), buf + 32);
  return sha256_trunc254(buf);
}

}  // namespace cuzk::filecoin
