// Cryptographically secure randomness from the kernel (getrandom), and
// uniform field elements drawn from it by rejection sampling. Used for the
// prover's blinding factors r, s and for setup's toxic waste.
#pragma once
#include <sys/random.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>

#include "core/error.hpp"

namespace cuzk {

inline void secure_random_bytes(void* out, size_t n) {
  auto* p = static_cast<uint8_t*>(out);
  while (n) {
    ssize_t got = getrandom(p, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw Error(std::string("getrandom failed: ") + std::strerror(errno));
    }
    p += got;
    n -= size_t(got);
  }
}

// A 64-bit generator over getrandom, usable where a UniformRandomBitGenerator
// is expected (e.g. ff::random_element). Buffers to keep syscalls rare.
class SecureRng {
 public:
  using result_type = uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~uint64_t(0); }
  result_type operator()() {
    if (pos_ == kWords) {
      secure_random_bytes(buf_, sizeof buf_);
      pos_ = 0;
    }
    uint64_t v = buf_[pos_];
    buf_[pos_++] = 0;  // don't keep used secrets around
    return v;
  }
  ~SecureRng() { std::memset(buf_, 0, sizeof buf_); }

 private:
  static constexpr size_t kWords = 32;
  uint64_t buf_[kWords] = {};
  size_t pos_ = kWords;
};

}  // namespace cuzk
