// Host conversion of many projective points to affine with one field inversion
// (Montgomery's trick). Contract: out.size() == in.size(); infinity maps to
// infinity; in and out may not overlap.
#pragma once
#include <span>
#include <stdexcept>
#include <vector>

#include "ec/xyzz.hpp"
#include "ff/field_io.hpp"

namespace cuzk::ec {

template <class C>
void batch_to_affine(std::span<const Jacobian<C>> in, std::span<Affine<C>> out) {
  using F = typename C::Base;
  if (in.size() != out.size()) throw std::invalid_argument("batch_to_affine: input and output sizes differ");
  std::vector<F> zinv(in.size());
  for (size_t i = 0; i < in.size(); ++i) zinv[i] = in[i].z;  // zero for infinity: batch_inverse leaves it zero
  ff::batch_inverse(std::span<F>(zinv));
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i].is_infinity()) {
      out[i] = Affine<C>::infinity();
      continue;
    }
    F zi2 = zinv[i].sqr();
    out[i] = Affine<C>{in[i].x * zi2, in[i].y * zi2 * zinv[i], false};
  }
}

// XYZZ: invert ZZ * ZZZ once per point, as in Xyzz::to_affine.
template <class C>
void batch_to_affine(std::span<const Xyzz<C>> in, std::span<Affine<C>> out) {
  using F = typename C::Base;
  if (in.size() != out.size()) throw std::invalid_argument("batch_to_affine: input and output sizes differ");
  std::vector<F> inv(in.size());
  for (size_t i = 0; i < in.size(); ++i) inv[i] = in[i].zz * in[i].zzz;
  ff::batch_inverse(std::span<F>(inv));
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i].is_infinity()) {
      out[i] = Affine<C>::infinity();
      continue;
    }
    out[i] = Affine<C>{in[i].x * in[i].zzz * inv[i], in[i].y * in[i].zz * inv[i], false};
  }
}

template <class C>
std::vector<Affine<C>> batch_to_affine(const std::vector<Jacobian<C>>& in) {
  std::vector<Affine<C>> out(in.size());
  batch_to_affine<C>(std::span<const Jacobian<C>>(in), std::span<Affine<C>>(out));
  return out;
}
template <class C>
std::vector<Affine<C>> batch_to_affine(const std::vector<Xyzz<C>>& in) {
  std::vector<Affine<C>> out(in.size());
  batch_to_affine<C>(std::span<const Xyzz<C>>(in), std::span<Affine<C>>(out));
  return out;
}

}  // namespace cuzk::ec
