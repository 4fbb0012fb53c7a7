// SHA-256 by OpenSSL's libcrypto (which uses the CPU's SHA extensions), and
// Filecoin's SHA-256-trunc254: the digest with the two top bits of its last
// byte cleared, so that it is a BLS12-381 Fr representation.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <span>

#include "filecoin/domain.hpp"

struct evp_md_ctx_st;

namespace cuzk::filecoin {

using Digest = std::array<uint8_t, 32>;

// Incremental SHA-256; reusable after finish().
class Sha256 {
 public:
  Sha256();
  Sha256& update(std::span<const uint8_t> bytes);
  Sha256& update(const void* data, size_t n) { return update({static_cast<const uint8_t*>(data), n}); }
  // The digest of everything updated since construction or the last finish().
  Digest finish();

 private:
  struct Free {
    void operator()(evp_md_ctx_st* ctx) const;
  };
  std::unique_ptr<evp_md_ctx_st, Free> ctx_;
};

Digest sha256(std::span<const uint8_t> bytes);
Domain sha256_trunc254(std::span<const uint8_t> bytes);
// The node hash of a SHA-256 Merkle tree (TreeD): trunc254(SHA-256(left || right)).
Domain sha256_trunc254_pair(const Domain& left, const Domain& right);

}  // namespace cuzk::filecoin
