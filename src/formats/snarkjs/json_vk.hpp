// verification_key.json as `snarkjs zkey export verificationkey` writes it,
// including vk_alphabeta_12 = e(alpha, beta) in ffjavascript's Fp12 layout
// and final-exponentiation convention (Gt::kCompat).
#pragma once
#include "ec/pairing/affine_pairing.hpp"
#include "formats/snarkjs/json.hpp"

namespace cuzk::formats::snarkjs {

namespace detail {

template <class Fp12>
ojson fp12_json(const Fp12& f) {
  auto f6 = [](const auto& x) {
    return ojson::array({fq2_json(x.c0.c0, x.c0.c1), fq2_json(x.c1.c0, x.c1.c1), fq2_json(x.c2.c0, x.c2.c1)});
  };
  return ojson::array({f6(f.c0), f6(f.c1)});
}

}  // namespace detail

template <class E>
std::string vk_to_json(const groth16::VerifyingKey<E>& vk, int indent = 1) {
  ojson j;
  j["protocol"] = "groth16";
  j["curve"] = curve_name(curve_of<E>());
  j["nPublic"] = vk.ic.size() - 1;
  j["vk_alpha_1"] = detail::point_json(vk.alpha_g1);
  j["vk_beta_2"] = detail::point_json(vk.beta_g2);
  j["vk_gamma_2"] = detail::point_json(vk.gamma_g2);
  j["vk_delta_2"] = detail::point_json(vk.delta_g2);
  j["vk_alphabeta_12"] =
      detail::fp12_json(ec::pairing::pairing<typename E::G1>(vk.alpha_g1, vk.beta_g2, ec::pairing::Gt::kCompat));
  ojson ic = ojson::array();
  for (const auto& p : vk.ic) ic.push_back(detail::point_json(p));
  j["IC"] = ic;
  return dump_json(j, indent);
}

}  // namespace cuzk::formats::snarkjs
