// The C API over the zkey prover; exceptions never cross it.
#include "capi/groth16_prover.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "core/mapped_file.hpp"
#include "formats/snarkjs/json.hpp"
#include "formats/snarkjs/wtns.hpp"
#include "formats/snarkjs/zkey.hpp"
#include "groth16/zkey_prover.hpp"

namespace {

namespace sj = cuzk::formats::snarkjs;

// Thrown for a witness whose wire count differs from the key's.
struct WitnessLength : cuzk::Error {
  using cuzk::Error::Error;
};

void set_error(char* msg, unsigned long max, const char* what) {
  if (msg && max) std::snprintf(msg, max, "%s", what);
}

// proof_max: the longest proof of the key's curve, so that a size reported
// for a short buffer fits every later proof (their decimal lengths vary).
void prove(std::span<const uint8_t> zkey, std::span<const uint8_t> wtns, std::string& proof, std::string& pub,
           size_t& proof_max) {
  const std::string src = "zkey";
  sj::with_curve(sj::zkey_curve(zkey, src), [&](auto e) {
    using E = decltype(e);
    using F = typename E::Fr;
    auto pk = sj::read_zkey<E>(zkey, src);
    auto w = sj::read_wtns<E>(wtns, "witness");
    if (w.size() != pk.n_vars)
      throw WitnessLength("witness length differs from the key: the witness has " + std::to_string(w.size()) +
                          " wires, the key's circuit has " + std::to_string(pk.n_vars));
    auto p = cuzk::groth16::prove_zkey(pk, std::span<const F>(w));
    proof = sj::proof_to_json(p, -1);
    proof_max = sj::proof_json_max_size<E>(-1);
    auto x = cuzk::groth16::public_signals(pk, std::span<const F>(w));
    pub = sj::public_to_json<F>(x, -1);
  });
}

int run(std::span<const uint8_t> zkey, const void* wtns_buffer, unsigned long wtns_size, char* proof_buffer,
        unsigned long* proof_size, char* public_buffer, unsigned long* public_size, char* error_msg,
        unsigned long error_msg_maxsize) {
  if (!wtns_buffer || !proof_buffer || !proof_size || !public_buffer || !public_size) {
    set_error(error_msg, error_msg_maxsize, "null witness, proof or public buffer or size");
    return PROVER_ERROR;
  }
  std::string proof, pub;
  size_t proof_max = 0;
  try {
    prove(zkey, {static_cast<const uint8_t*>(wtns_buffer), size_t(wtns_size)}, proof, pub, proof_max);
  } catch (const WitnessLength& e) {
    set_error(error_msg, error_msg_maxsize, e.what());
    return PROVER_INVALID_WITNESS_LENGTH;
  } catch (const std::exception& e) {
    set_error(error_msg, error_msg_maxsize, e.what());
    return PROVER_ERROR;
  } catch (...) {
    set_error(error_msg, error_msg_maxsize, "unknown error");
    return PROVER_ERROR;
  }
  if (*proof_size < proof.size() + 1 || *public_size < pub.size() + 1) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "buffer too small: proof needs %zu bytes (given %lu), public %zu (given %lu)",
                  proof.size() + 1, *proof_size, pub.size() + 1, *public_size);
    set_error(error_msg, error_msg_maxsize, buf);
    *proof_size = std::max(proof.size(), proof_max) + 1;
    *public_size = pub.size() + 1;
    return PROVER_ERROR_SHORT_BUFFER;
  }
  std::memcpy(proof_buffer, proof.c_str(), proof.size() + 1);
  std::memcpy(public_buffer, pub.c_str(), pub.size() + 1);
  *proof_size = proof.size();
  *public_size = pub.size();
  return PROVER_OK;
}

}  // namespace

extern "C" int groth16_prover(const void* zkey_buffer, unsigned long zkey_size, const void* wtns_buffer,
                              unsigned long wtns_size, char* proof_buffer, unsigned long* proof_size,
                              char* public_buffer, unsigned long* public_size, char* error_msg,
                              unsigned long error_msg_maxsize) {
  if (!zkey_buffer) {
    set_error(error_msg, error_msg_maxsize, "null zkey buffer");
    return PROVER_ERROR;
  }
  return run({static_cast<const uint8_t*>(zkey_buffer), size_t(zkey_size)}, wtns_buffer, wtns_size, proof_buffer,
             proof_size, public_buffer, public_size, error_msg, error_msg_maxsize);
}

extern "C" int groth16_prover_zkey_file(const char* zkey_file_path, const void* wtns_buffer, unsigned long wtns_size,
                                        char* proof_buffer, unsigned long* proof_size, char* public_buffer,
                                        unsigned long* public_size, char* error_msg, unsigned long error_msg_maxsize) {
  try {
    if (!zkey_file_path) throw cuzk::Error("null zkey path");
    cuzk::MappedFile f(zkey_file_path);
    return run(f.bytes(), wtns_buffer, wtns_size, proof_buffer, proof_size, public_buffer, public_size, error_msg,
               error_msg_maxsize);
  } catch (const std::exception& e) {
    set_error(error_msg, error_msg_maxsize, e.what());
    return PROVER_ERROR;
  }
}
