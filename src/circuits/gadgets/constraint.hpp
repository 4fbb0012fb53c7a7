// storage-proofs-core's small arithmetic gadgets (gadgets/constraint.rs and
// encode.rs), constraint for constraint: equal (a * 1 = b), sum
// ((a + b) * 1 = s), difference ((d + b) * 1 = a), add / sub (allocate the
// result, then sum / difference), and the SDR encoding encode = key + value,
// decode = value - key.
#pragma once
#include "circuits/gadgets/allocated_num.hpp"

namespace cuzk::circuits::constraint {

template <class F, class CS, class N>
void equal(CS& cs, const N& name, const AllocatedNum<F>& a, const AllocatedNum<F>& b) {
  cs.enforce(name, LC<F>(a.variable()), LC<F>(Variable::one()), LC<F>(b.variable()));
}

template <class F, class CS, class N>
void sum(CS& cs, const N& name, const AllocatedNum<F>& a, const AllocatedNum<F>& b, const AllocatedNum<F>& s) {
  LC<F> ab(a.variable());
  ab += b.variable();
  cs.enforce(name, ab, LC<F>(Variable::one()), LC<F>(s.variable()));
}

// a - b = d, written (d + b) * 1 = a.
template <class F, class CS, class N>
void difference(CS& cs, const N& name, const AllocatedNum<F>& a, const AllocatedNum<F>& b,
                const AllocatedNum<F>& d) {
  LC<F> db(d.variable());
  db += b.variable();
  cs.enforce(name, db, LC<F>(Variable::one()), LC<F>(a.variable()));
}

template <class F, class CS, class N>
AllocatedNum<F> add(CS& cs, const N& name, const AllocatedNum<F>& a, const AllocatedNum<F>& b) {
  r1cs::Namespace ns(cs, name);
  AllocatedNum<F> r = AllocatedNum<F>::alloc(cs, "add_num", [&] { return need(a.value()) + need(b.value()); });
  sum(cs, "sum constraint", a, b, r);
  return r;
}

template <class F, class CS, class N>
AllocatedNum<F> sub(CS& cs, const N& name, const AllocatedNum<F>& a, const AllocatedNum<F>& b) {
  r1cs::Namespace ns(cs, name);
  AllocatedNum<F> r = AllocatedNum<F>::alloc(cs, "sub_num", [&] { return need(a.value()) - need(b.value()); });
  difference(cs, "subtraction constraint", a, b, r);
  return r;
}

// SDR's label encoding: key + value, and its inverse value - key.
template <class F, class CS, class N>
AllocatedNum<F> encode(CS& cs, const N& name, const AllocatedNum<F>& key, const AllocatedNum<F>& value) {
  r1cs::Namespace ns(cs, name);
  return add(cs, "encode_add", key, value);
}
template <class F, class CS, class N>
AllocatedNum<F> decode(CS& cs, const N& name, const AllocatedNum<F>& key, const AllocatedNum<F>& value) {
  r1cs::Namespace ns(cs, name);
  return sub(cs, "decode_sub", value, key);
}

}  // namespace cuzk::circuits::constraint
