// Fixture points <-> cuzk affine points. G1 points are {x, y}; G2 points are
// {x: [c0, c1], y: [c0, c1]}; infinity is {infinity: true}.
#pragma once
#include <string>

#include "ec/ec.hpp"
#include "ff/field_io.hpp"
#include "kat_common.hpp"

namespace cuzk::kat {

template <class F>
F field_from_json(const json& j) {
  if constexpr (requires { F::Config::kXiC0; }) {  // Fp2 = c0 + c1 u
    using B = typename F::Base;
    return F{ff::from_hex<B>(j.at(0).get<std::string>()), ff::from_hex<B>(j.at(1).get<std::string>())};
  } else {
    return ff::from_hex<F>(j.get<std::string>());
  }
}

template <class F>
json field_to_json(const F& x) {
  if constexpr (requires { F::Config::kXiC0; }) {
    return json::array({ff::to_hex(x.c0), ff::to_hex(x.c1)});
  } else {
    return ff::to_hex(x);
  }
}

template <class C>
ec::Affine<C> point_from_json(const json& j) {
  if (j.value("infinity", false)) return ec::Affine<C>::infinity();
  using F = typename C::Base;
  return ec::Affine<C>::from_xy(field_from_json<F>(j.at("x")), field_from_json<F>(j.at("y")));
}

// Same shape as the fixture (without the encodings), so a mismatch prints both.
template <class C>
json point_to_json(const ec::Affine<C>& p) {
  if (p.inf) return json{{"infinity", true}};
  return json{{"x", field_to_json(p.x)}, {"y", field_to_json(p.y)}};
}

inline json strip_encodings(json j) {
  j.erase("compressed");
  j.erase("uncompressed");
  return j;
}

}  // namespace cuzk::kat
