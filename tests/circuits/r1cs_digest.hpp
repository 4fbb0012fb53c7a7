// The structural digest bellman's / bellpepper's TestConstraintSystem::hash()
// computes, so a circuit's R1CS can be compared with a hash an upstream Rust
// test asserts: BLAKE2s-256 over the counts (inputs incl. ONE, aux,
// constraints; u64 big-endian), then per constraint A, B, C, each as its
// terms merged per variable with zero sums dropped, sorted inputs first then
// aux by index: count, then per term 'I'/'A', index (u64 BE), coefficient
// (canonical, 32 bytes BE). The digest sees allocation order, constraint
// order and every merged coefficient, and nothing else (no names).
// Streaming (no constraint is kept), so multi-million-constraint circuits fit.
#pragma once
#include <openssl/evp.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "r1cs/linear_combination.hpp"
#include "r1cs/shape.hpp"
#include "r1cs/shape_counter.hpp"

namespace cuzk::test {

template <class F_>
class DigestSystem {
 public:
  using Field = F_;
  using F = F_;

  // shape: the counts the circuit will reach (a ShapeCounter pass gives them);
  // with_values: evaluate the witness and check every constraint.
  DigestSystem(const r1cs::CircuitShape& shape, bool with_values)
      : ctx_(EVP_MD_CTX_new(), EVP_MD_CTX_free), with_values_(with_values) {
    EVP_DigestInit_ex(ctx_.get(), EVP_blake2s256(), nullptr);
    put_u64(shape.num_inputs);
    put_u64(shape.num_aux);
    put_u64(shape.num_constraints);
    inputs_.push_back(F::one());
  }

  template <class N, class V>
  r1cs::Variable alloc(const N&, const V& value) {
    if (with_values_) aux_.push_back(value());
    return r1cs::Variable::aux(num_aux_++);
  }
  template <class N, class V>
  r1cs::Variable alloc_input(const N&, const V& value) {
    if (with_values_) inputs_.push_back(value());
    return r1cs::Variable::input(num_inputs_++);
  }
  template <class N>
  void enforce(const N&, const r1cs::LinearCombination<F>& a, const r1cs::LinearCombination<F>& b,
               const r1cs::LinearCombination<F>& c) {
    cancelled_ab_ += put_lc(a);
    cancelled_ab_ += put_lc(b);
    put_lc(c);
    if (with_values_ && !first_unsatisfied_ &&
        a.evaluate(inputs_, aux_) * b.evaluate(inputs_, aux_) != c.evaluate(inputs_, aux_))
      first_unsatisfied_ = num_constraints_;
    ++num_constraints_;
  }
  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  r1cs::CircuitShape shape() const { return {num_inputs_, num_aux_, num_constraints_}; }
  const std::optional<size_t>& first_unsatisfied() const { return first_unsatisfied_; }
  const std::vector<F>& inputs() const { return inputs_; }
  // Variables named in some A or B only with coefficients summing to zero:
  // bellperson's densities skip them (it merges first), so a prover that
  // marks every named variable would disagree there.
  size_t cancelled_ab_terms() const { return cancelled_ab_; }

  // Lower-case hex of the digest; call once, after synthesis.
  std::string hex() {
    unsigned char md[32];
    unsigned int len = 0;
    EVP_DigestFinal_ex(ctx_.get(), md, &len);
    static const char* kHex = "0123456789abcdef";
    std::string s;
    for (unsigned i = 0; i < len; ++i) {
      s += kHex[md[i] >> 4];
      s += kHex[md[i] & 15];
    }
    return s;
  }

 private:
  void put(const unsigned char* p, size_t n) { EVP_DigestUpdate(ctx_.get(), p, n); }
  void put_u64(uint64_t v) {
    unsigned char b[8];
    for (int i = 0; i < 8; ++i) b[i] = (unsigned char)(v >> (56 - 8 * i));
    put(b, 8);
  }

  // Returns how many variables appear in lc with terms that cancel out.
  size_t put_lc(const r1cs::LinearCombination<F>& lc) {
    terms_.clear();
    for (const auto& t : lc.terms())
      terms_.emplace_back((uint64_t(t.var.is_input() ? 0 : 1) << 63) | uint64_t(t.var.index()), t.coeff);
    std::stable_sort(terms_.begin(), terms_.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    merged_.clear();
    for (const auto& [key, coeff] : terms_) {
      if (!merged_.empty() && merged_.back().first == key)
        merged_.back().second += coeff;
      else
        merged_.emplace_back(key, coeff);
    }
    const size_t cancelled = std::erase_if(merged_, [](const auto& kv) { return kv.second.is_zero(); });
    put_u64(merged_.size());
    for (const auto& [key, coeff] : merged_) {
      unsigned char buf[9 + 32];
      buf[0] = (key >> 63) ? 'A' : 'I';
      const uint64_t index = key & ~(uint64_t(1) << 63);
      for (int i = 0; i < 8; ++i) buf[1 + i] = (unsigned char)(index >> (56 - 8 * i));
      const auto limbs = coeff.to_canonical();
      for (int l = 0; l < 4; ++l)
        for (int i = 0; i < 8; ++i) buf[9 + 8 * l + i] = (unsigned char)(limbs.v[3 - l] >> (56 - 8 * i));
      put(buf, sizeof buf);
    }
    return cancelled;
  }

  std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> ctx_;
  bool with_values_;
  size_t num_inputs_ = 1, num_aux_ = 0, num_constraints_ = 0;
  std::vector<F> inputs_, aux_;
  std::optional<size_t> first_unsatisfied_;
  size_t cancelled_ab_ = 0;
  std::vector<std::pair<uint64_t, F>> terms_, merged_;
};

template <class F>
struct Digest {
  r1cs::CircuitShape shape;
  std::string hex;
  std::optional<size_t> first_unsatisfied;  // with values only
  std::vector<F> inputs;                    // with values only, ONE first
  bool passes_agree = true;                 // both passes reached the same shape
  size_t cancelled_ab_terms = 0;            // see DigestSystem::cancelled_ab_terms
};

// Runs synth(cs) twice, with a ShapeCounter and then with a DigestSystem.
template <class F, class Synth>
Digest<F> r1cs_digest(const Synth& synth, bool with_values) {
  r1cs::ShapeCounter<F> sc;
  synth(sc);
  DigestSystem<F> ds(sc.shape(), with_values);
  synth(ds);
  return {ds.shape(), ds.hex(), ds.first_unsatisfied(), ds.inputs(), ds.shape() == sc.shape(),
          ds.cancelled_ab_terms()};
}

}  // namespace cuzk::test
