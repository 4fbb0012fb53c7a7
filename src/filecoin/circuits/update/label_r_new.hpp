// storage-proofs-update gadgets.rs label_r_new: the SnapDeals encoding of one
// node, label_r_new = label_r_old + label_d_new * rho, as a product (1
// constraint) and a sum checked against a new variable (1 constraint).
#pragma once
#include "circuits/gadgets/allocated_num.hpp"

namespace cuzk::filecoin::update_circuit {

template <class CS, class N, class F = typename CS::Field>
circuits::AllocatedNum<F> label_r_new(CS& cs, const N& name, const circuits::AllocatedNum<F>& label_r_old,
                                      const circuits::AllocatedNum<F>& label_d_new,
                                      const circuits::AllocatedNum<F>& rho) {
  using circuits::need;
  r1cs::Namespace ns(cs, name);
  const circuits::AllocatedNum<F> d_rho = label_d_new.mul(cs, "label_d_new * rho", rho);
  const circuits::AllocatedNum<F> r_new = circuits::AllocatedNum<F>::alloc(
      cs, "label_r_new", [&] { return need(label_r_old.value()) + need(d_rho.value()); });
  circuits::LC<F> sum(label_r_old.variable());
  sum += d_rho.variable();
  cs.enforce("label_r_new == label_r_old + label_d_new * rho", sum, circuits::LC<F>(r1cs::Variable::one()), r_new.lc());
  return r_new;
}

}  // namespace cuzk::filecoin::update_circuit
