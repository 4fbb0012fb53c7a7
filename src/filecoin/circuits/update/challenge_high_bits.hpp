// storage-proofs-update gadgets.rs get_challenge_high_bits: the h high bits
// of a challenge packed into one number, h = hs[i] chosen by the one set bit
// i of h_select. Per h in hs: pack the h top bits (1 constraint), then
// c_high * h_select_bit = c_high_or_zero (1); finally the sum of those six
// products * 1 = c_high_selected (1): 13 constraints for six hs.
#pragma once
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/allocated_bit.hpp"
#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/gadgets/boolean.hpp"
#include "circuits/gadgets/multipack.hpp"
#include "core/error.hpp"

namespace cuzk::filecoin::update_circuit {

// c_bits least significant first; h_select_bits.size() == hs.size().
template <class CS, class N, class F = typename CS::Field>
circuits::AllocatedNum<F> get_challenge_high_bits(CS& cs, const N& name,
                                                  std::span<const circuits::AllocatedBit<F>> c_bits,
                                                  std::span<const circuits::AllocatedBit<F>> h_select_bits,
                                                  std::span<const size_t> hs) {
  using circuits::AllocatedNum;
  using circuits::need;
  if (h_select_bits.size() != hs.size())
    throw Error("get_challenge_high_bits: " + std::to_string(h_select_bits.size()) + " h_select bits for " +
                std::to_string(hs.size()) + " h values");
  for (size_t h : hs)
    if (h > c_bits.size())
      throw Error("get_challenge_high_bits: h = " + std::to_string(h) + " exceeds the challenge's " +
                  std::to_string(c_bits.size()) + " bits");
  r1cs::Namespace ns(cs, name);
  const std::vector<circuits::Boolean<F>> bools(c_bits.begin(), c_bits.end());
  const std::span<const circuits::Boolean<F>> all(bools);

  std::vector<AllocatedNum<F>> c_high_or_zero;
  c_high_or_zero.reserve(hs.size());
  for (size_t k = 0; k < hs.size(); ++k) {
    const size_t h = hs[k];
    const circuits::AllocatedBit<F>& select = h_select_bits[k];
    auto tag = [h, k] { return " (h=" + std::to_string(h) + ", k=" + std::to_string(k) + ")"; };
    const AllocatedNum<F> c_high = circuits::multipack::pack_bits(
        cs, [&] { return "c_high" + tag(); }, all.subspan(all.size() - h));
    const AllocatedNum<F> product = AllocatedNum<F>::alloc(
        cs, [&] { return "c_high_or_zero" + tag(); },
        [&] { return need(select.value()) ? need(c_high.value()) : F::zero(); });
    cs.enforce([&] { return "c_high_or_zero == c_high * h_select_bit" + tag(); }, c_high.lc(),
               circuits::LC<F>(select.variable()), product.lc());
    c_high_or_zero.push_back(product);
  }

  const AllocatedNum<F> selected = AllocatedNum<F>::alloc(cs, "c_high_selected", [&] {
    F sum = F::zero();
    for (const auto& x : c_high_or_zero) sum += need(x.value());
    return sum;
  });
  circuits::LC<F> sum;
  for (const auto& x : c_high_or_zero) sum += x.variable();
  cs.enforce("c_high_selected == dot(c_highs, h_select_bits)", sum, circuits::LC<F>(r1cs::Variable::one()),
             selected.lc());
  return selected;
}

}  // namespace cuzk::filecoin::update_circuit
