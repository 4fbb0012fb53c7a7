// snarkjs JSON: proof.json (projective decimal coordinates with z = "1",
// "protocol":"groth16", "curve"), public.json (decimal strings) and
// verification_key.json. Writers reproduce snarkjs's layout (one-space
// indent, no trailing newline) or rapidsnark's compact one; readers accept
// any projective z (Jacobian, as ffjavascript) and throw DecodeError naming
// the file and field at fault. The verification-key writer, which needs a
// pairing, is in json_vk.hpp.
#pragma once
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "ec/subgroup.hpp"
#include "ff/field_io.hpp"
#include "formats/snarkjs/curve_id.hpp"
#include "groth16/keys.hpp"

namespace cuzk::formats::snarkjs {

using ojson = nlohmann::ordered_json;

// indent < 0: compact (rapidsnark); 1: snarkjs's files.
inline std::string dump_json(const ojson& j, int indent) { return j.dump(indent); }

namespace detail {

template <class Fq>
ojson fq2_json(const Fq& a, const Fq& b) {
  return ojson::array({ff::to_decimal(a), ff::to_decimal(b)});
}

template <class C>
ojson point_json(const ec::Affine<C>& p) {
  using Fq = ec::PrimeField<C>;
  if constexpr (C::kDegree == 1) {
    if (p.inf) return ojson::array({"0", "1", "0"});
    return ojson::array({ff::to_decimal(p.x), ff::to_decimal(p.y), "1"});
  } else {
    if (p.inf) return ojson::array({fq2_json(Fq::zero(), Fq::zero()), fq2_json(Fq::one(), Fq::zero()),
                                    fq2_json(Fq::zero(), Fq::zero())});
    return ojson::array({fq2_json(p.x.c0, p.x.c1), fq2_json(p.y.c0, p.y.c1), fq2_json(Fq::one(), Fq::zero())});
  }
}

[[noreturn]] inline void fail(const std::string& source, const std::string& what, const std::string& why) {
  throw DecodeError(source + ": " + what + ": " + why);
}

inline const nlohmann::json& field(const nlohmann::json& j, const char* key, const std::string& source) {
  if (!j.is_object()) throw DecodeError(source + ": expected a JSON object");
  auto it = j.find(key);
  if (it == j.end()) throw DecodeError(source + ": missing \"" + key + "\"");
  return *it;
}

template <class F>
F decimal(const nlohmann::json& j, const std::string& source, const std::string& what) {
  if (!j.is_string()) fail(source, what, "expected a decimal string");
  const std::string w = source + ": " + what;
  return ff::from_decimal<F>(j.get<std::string>(), w.c_str());
}

template <class C>
typename C::Base coord(const nlohmann::json& j, const std::string& source, const std::string& what) {
  using Fq = ec::PrimeField<C>;
  if constexpr (C::kDegree == 1) {
    return decimal<Fq>(j, source, what);
  } else {
    if (!j.is_array() || j.size() != 2) fail(source, what, "expected an array of two decimal strings");
    return typename C::Base{decimal<Fq>(j[0], source, what + "[0]"), decimal<Fq>(j[1], source, what + "[1]")};
  }
}

// A projective point [x, y, z] (Jacobian: x/z^2, y/z^3; z = 0 is infinity).
// Curve membership is left to the caller: an off-curve proof point is an
// invalid proof, an off-curve key point is bad input.
template <class C>
ec::Affine<C> point(const nlohmann::json& j, const std::string& source, const std::string& what) {
  if (!j.is_array() || (j.size() != 3 && j.size() != 2))
    fail(source, what, "expected an array of 3 projective coordinates");
  auto x = coord<C>(j[0], source, what + "[0]");
  auto y = coord<C>(j[1], source, what + "[1]");
  if (j.size() == 2) return ec::Affine<C>::from_xy(x, y);
  auto z = coord<C>(j[2], source, what + "[2]");
  if (z.is_zero()) return ec::Affine<C>::infinity();
  return ec::Jacobian<C>{x, y, z}.to_affine();
}

template <class C>
ec::Affine<C> key_point(const nlohmann::json& j, const std::string& source, const std::string& what) {
  auto p = point<C>(j, source, what);
  if (!p.is_on_curve()) fail(source, what, "point is not on the curve");
  if (!ec::is_in_subgroup(p)) fail(source, what, "point is not in the prime-order subgroup");
  return p;
}

inline nlohmann::json parse(const std::string& text, const std::string& source) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw DecodeError(source + ": not valid JSON: " + e.what());
  }
}

inline void check_protocol(const nlohmann::json& j, const std::string& source, bool required) {
  if (!j.is_object()) throw DecodeError(source + ": expected a JSON object");
  auto it = j.find("protocol");
  if (it == j.end()) {
    if (required) throw DecodeError(source + ": missing \"protocol\"");
    return;
  }
  if (!it->is_string() || it->get<std::string>() != "groth16")
    throw DecodeError(source + ": unsupported protocol " + it->dump() + " (only groth16)");
}

}  // namespace detail

template <class E>
std::string proof_to_json(const groth16::Proof<E>& p, int indent = 1) {
  ojson j;
  j["pi_a"] = detail::point_json(p.a);
  j["pi_b"] = detail::point_json(p.b);
  j["pi_c"] = detail::point_json(p.c);
  j["protocol"] = "groth16";
  j["curve"] = curve_name(curve_of<E>());
  return dump_json(j, indent);
}

// The longest proof_to_json can be: every coordinate with as many digits as p - 1.
template <class E>
size_t proof_json_max_size(int indent = 1) {
  using Fq = ec::PrimeField<typename E::G1>;
  const Fq m = -Fq::one();
  const typename E::G2::Base m2{m, m};
  groth16::Proof<E> p{{m, m, false}, {m2, m2, false}, {m, m, false}};
  return proof_to_json(p, indent).size();
}

template <class F>
std::string public_to_json(std::span<const F> xs, int indent = 1) {
  ojson j = ojson::array();
  for (const auto& x : xs) j.push_back(ff::to_decimal(x));
  return dump_json(j, indent);
}

// The curve a proof or verification key names ("curve"; bn128 when absent, as rapidsnark's files).
inline Curve json_curve(const std::string& text, const std::string& source) {
  auto j = detail::parse(text, source);
  if (!j.is_object()) throw DecodeError(source + ": expected a JSON object");
  auto it = j.find("curve");
  if (it == j.end()) return Curve::kBn128;
  if (!it->is_string()) throw DecodeError(source + ": \"curve\" is not a string");
  auto c = curve_from_name(it->get<std::string>());
  if (!c) throw DecodeError(source + ": unsupported curve \"" + it->get<std::string>() + "\" (bn128 or bls12381)");
  return *c;
}

template <class E>
groth16::Proof<E> proof_from_json(const std::string& text, const std::string& source) {
  auto j = detail::parse(text, source);
  detail::check_protocol(j, source, false);
  if (j.contains("curve") && json_curve(text, source) != curve_of<E>())
    throw DecodeError(source + ": the proof is not on " + curve_name(curve_of<E>()));
  groth16::Proof<E> p;
  p.a = detail::point<typename E::G1>(detail::field(j, "pi_a", source), source, "pi_a");
  p.b = detail::point<typename E::G2>(detail::field(j, "pi_b", source), source, "pi_b");
  p.c = detail::point<typename E::G1>(detail::field(j, "pi_c", source), source, "pi_c");
  return p;
}

template <class F>
std::vector<F> public_from_json(const std::string& text, const std::string& source) {
  auto j = detail::parse(text, source);
  if (!j.is_array()) throw DecodeError(source + ": expected a JSON array of decimal strings");
  std::vector<F> out;
  out.reserve(j.size());
  for (size_t i = 0; i < j.size(); ++i) out.push_back(detail::decimal<F>(j[i], source, "entry " + std::to_string(i)));
  return out;
}

// verification_key.json; beta1 and delta1 are not in it and come back as infinity.
template <class E>
groth16::VerifyingKey<E> vk_from_json(const std::string& text, const std::string& source) {
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  auto j = detail::parse(text, source);
  detail::check_protocol(j, source, true);
  if (json_curve(text, source) != curve_of<E>())
    throw DecodeError(source + ": the key is not on " + std::string(curve_name(curve_of<E>())));
  groth16::VerifyingKey<E> vk;
  vk.alpha_g1 = detail::key_point<G1>(detail::field(j, "vk_alpha_1", source), source, "vk_alpha_1");
  vk.beta_g1 = ec::Affine<G1>::infinity();
  vk.beta_g2 = detail::key_point<G2>(detail::field(j, "vk_beta_2", source), source, "vk_beta_2");
  vk.gamma_g2 = detail::key_point<G2>(detail::field(j, "vk_gamma_2", source), source, "vk_gamma_2");
  vk.delta_g1 = ec::Affine<G1>::infinity();
  vk.delta_g2 = detail::key_point<G2>(detail::field(j, "vk_delta_2", source), source, "vk_delta_2");
  const auto& ic = detail::field(j, "IC", source);
  if (!ic.is_array() || ic.empty()) throw DecodeError(source + ": \"IC\" must be a non-empty array of points");
  for (size_t i = 0; i < ic.size(); ++i)
    vk.ic.push_back(detail::key_point<G1>(ic[i], source, "IC[" + std::to_string(i) + "]"));
  if (auto it = j.find("nPublic"); it != j.end()) {
    if (!it->is_number_unsigned() || it->get<uint64_t>() + 1 != ic.size())
      throw DecodeError(source + ": nPublic " + it->dump() + " disagrees with the " + std::to_string(ic.size()) +
                        " IC points");
  }
  return vk;
}

}  // namespace cuzk::formats::snarkjs
