// rapidsnark's verifier entry point (verifier.h): snarkjs JSON decoded by
// formats/snarkjs/json.hpp, checked by groth16::verify_proof.
#include "verifier.h"

#include <string>
#include <vector>

#include "c_error.hpp"
#include "capi/export.hpp"
#include "formats/snarkjs/json.hpp"
#include "groth16/verifier.hpp"

namespace {

namespace sj = cuzk::formats::snarkjs;

template <class E>
bool verify(const std::string& proof, const std::string& inputs, const std::string& vk) {
  const cuzk::groth16::PreparedVerifyingKey<E> pvk(sj::vk_from_json<E>(vk, "verification key"));
  const auto p = sj::proof_from_json<E>(proof, "proof");
  const auto x = sj::public_from_json<typename E::Fr>(inputs, "inputs");
  if (x.size() + 1 != pvk.vk.ic.size())
    throw cuzk::Error("inputs: " + std::to_string(x.size()) + " values, the verification key expects " +
                      std::to_string(pvk.vk.ic.size() - 1));
  return cuzk::groth16::verify_proof(pvk, p, std::span<const typename E::Fr>(x));
}

}  // namespace

CUZK_EXPORT int groth16_verify(const char* proof, const char* inputs, const char* verification_key, char* error_msg,
                               unsigned long error_msg_maxsize) {
  return cuzk::capi::guarded(error_msg, error_msg_maxsize, VERIFIER_ERROR, [&] {
    if (!proof || !inputs || !verification_key) {
      cuzk::capi::set_error(error_msg, error_msg_maxsize,
                            !proof ? "Null proof" : !inputs ? "Null inputs" : "Null verification key");
      return VERIFIER_ERROR;
    }
    const std::string vk = verification_key;
    const bool ok = sj::with_curve(sj::json_curve(vk, "verification key"),
                                   [&](auto e) { return verify<decltype(e)>(proof, inputs, vk); });
    return ok ? VERIFIER_VALID_PROOF : VERIFIER_INVALID_PROOF;
  });
}
