// Pairing overloads on the curve types of src/ec (ec::Affine of the G1 / G2 configs):
// the engine is picked from the curve, so callers write pairing(P, Q).
#pragma once
#include "ec/affine.hpp"
#include "ec/curves.hpp"
#include "ec/pairing/pairing.hpp"

namespace cuzk::ec::pairing {

template <class G1>
struct EngineOf;
template <>
struct EngineOf<Bls12_381_G1> {
  using type = Bls12_381_Engine;
  using G2 = Bls12_381_G2;
};
template <>
struct EngineOf<Bn254_G1> {
  using type = Bn254_Engine;
  using G2 = Bn254_G2;
};

template <class G1, class E = typename EngineOf<G1>::type, class G2 = typename EngineOf<G1>::G2>
typename E::Fp12 pairing(const Affine<G1>& p, const Affine<G2>& q, Gt gt = Gt::kExact) {
  return pairing<E>(p, q, gt);
}

template <class G1, class E = typename EngineOf<G1>::type, class G2 = typename EngineOf<G1>::G2>
typename E::Fp12 multi_pairing(std::span<const std::pair<Affine<G1>, Affine<G2>>> pairs, Gt gt = Gt::kExact) {
  return multi_pairing<E, Affine<G1>, Affine<G2>>(pairs, gt);
}

template <class G1, class E = typename EngineOf<G1>::type, class G2 = typename EngineOf<G1>::G2>
bool pairing_check(std::span<const std::pair<Affine<G1>, Affine<G2>>> pairs) {
  return pairing_check<E, Affine<G1>, Affine<G2>>(pairs);
}

}  // namespace cuzk::ec::pairing
