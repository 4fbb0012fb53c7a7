// One bit per variable: does the variable appear in a query (A or B)?
// Sized once from the circuit's shape; the MSMs skip the clear bits.
#pragma once
#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::r1cs {

class Density {
 public:
  Density() = default;
  explicit Density(size_t n) : bits_((n + 63) / 64, 0), n_(n) {}
  // n bits from 64-bit words as bellperson's bitvec stores them (bit i in
  // word i / 64, bit i % 64); `words` holds at least (n + 63) / 64 of them
  // (more are ignored), bits past n are cleared.
  Density(std::span<const uint64_t> words, size_t n) : Density(n) {
    for (size_t w = 0; w < bits_.size(); ++w) bits_[w] = words[w];
    if (n % 64) bits_.back() &= (uint64_t(1) << (n % 64)) - 1;
  }
  void set(size_t i) { bits_[i / 64] |= uint64_t(1) << (i % 64); }
  // set() for a word other threads may set bits of at the same time (all of
  // them through set_shared while they do).
  void set_shared(size_t i) {
    std::atomic_ref<uint64_t> w(bits_[i / 64]);
    const uint64_t m = uint64_t(1) << (i % 64);
    if (!(w.load(std::memory_order_relaxed) & m)) w.fetch_or(m, std::memory_order_relaxed);
  }
  bool get(size_t i) const { return (bits_[i / 64] >> (i % 64)) & 1; }
  size_t size() const { return n_; }
  void resize(size_t n) {
    bits_.resize((n + 63) / 64, 0);
    n_ = n;
  }
  bool operator==(const Density&) const = default;
  size_t count() const {
    size_t c = 0;
    for (auto w : bits_) c += size_t(__builtin_popcountll(w));
    return c;
  }

 private:
  std::vector<uint64_t> bits_;
  size_t n_ = 0;
};

}  // namespace cuzk::r1cs
