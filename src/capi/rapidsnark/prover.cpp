// rapidsnark's prover entry points (prover.h) over ZkeyProver.
#include "prover.h"

#include <cstring>
#include <memory>

#include "c_error.hpp"
#include "capi/export.hpp"
#include "zkey_prover.hpp"

namespace {

using cuzk::capi::guarded;
using cuzk::capi::set_error;
using cuzk::capi::ZkeyProver;

std::span<const uint8_t> bytes_of(const void* p, unsigned long long n) {
  return {static_cast<const uint8_t*>(p), size_t(n)};
}

int store(void** prover_object, ZkeyProver p) {
  *prover_object = std::make_unique<ZkeyProver>(std::move(p)).release();  // owned by the caller until destroy
  return PROVER_OK;
}

}  // namespace

CUZK_EXPORT int groth16_public_size_for_zkey_buf(const void* zkey_buffer, unsigned long long zkey_size,
                                                 unsigned long long* public_size, char* error_msg,
                                                 unsigned long long error_msg_maxsize) {
  return guarded(error_msg, error_msg_maxsize, PROVER_ERROR, [&] {
    if (!zkey_buffer || !public_size) {
      set_error(error_msg, error_msg_maxsize, !zkey_buffer ? "Null zkey buffer" : "Null public size");
      return PROVER_ERROR;
    }
    *public_size = cuzk::capi::public_buffer_size(bytes_of(zkey_buffer, zkey_size), "zkey");
    return PROVER_OK;
  });
}

CUZK_EXPORT int groth16_public_size_for_zkey_file(const char* zkey_fname, unsigned long long* public_size,
                                                  char* error_msg, unsigned long long error_msg_maxsize) {
  return guarded(error_msg, error_msg_maxsize, PROVER_ERROR, [&] {
    if (!zkey_fname || !public_size) {
      set_error(error_msg, error_msg_maxsize, !zkey_fname ? "Null zkey file name" : "Null public size");
      return PROVER_ERROR;
    }
    *public_size = cuzk::capi::public_buffer_size_of_file(zkey_fname);
    return PROVER_OK;
  });
}

CUZK_EXPORT void groth16_proof_size(unsigned long long* proof_size) {
  if (!proof_size) return;
  try {
    *proof_size = cuzk::capi::proof_buffer_size();
  } catch (...) {
    *proof_size = 0;  // the first proof then reports the size with PROVER_ERROR_SHORT_BUFFER
  }
}

CUZK_EXPORT int groth16_prover_create(void** prover_object, const void* zkey_buffer, unsigned long long zkey_size,
                                      char* error_msg, unsigned long long error_msg_maxsize) {
  return guarded(error_msg, error_msg_maxsize, PROVER_ERROR, [&] {
    if (!prover_object || !zkey_buffer) {
      set_error(error_msg, error_msg_maxsize, !prover_object ? "Null prover object" : "Null zkey buffer");
      return PROVER_ERROR;
    }
    return store(prover_object, ZkeyProver::from_bytes(bytes_of(zkey_buffer, zkey_size), "zkey"));
  });
}

CUZK_EXPORT int groth16_prover_create_zkey_file(void** prover_object, const char* zkey_file_path, char* error_msg,
                                                unsigned long long error_msg_maxsize) {
  return guarded(error_msg, error_msg_maxsize, PROVER_ERROR, [&] {
    if (!prover_object || !zkey_file_path) {
      set_error(error_msg, error_msg_maxsize, !prover_object ? "Null prover object" : "Null zkey file path");
      return PROVER_ERROR;
    }
    return store(prover_object, ZkeyProver::from_file(zkey_file_path));
  });
}

CUZK_EXPORT int groth16_prover_prove(void* prover_object, const void* wtns_buffer, unsigned long long wtns_size,
                                     char* proof_buffer, unsigned long long* proof_size, char* public_buffer,
                                     unsigned long long* public_size, char* error_msg,
                                     unsigned long long error_msg_maxsize) {
  const char* missing = !prover_object ? "Null prover object"
                        : !wtns_buffer ? "Null witness buffer"
                        : !proof_buffer ? "Null proof buffer"
                        : !proof_size ? "Null proof size"
                        : !public_buffer ? "Null public buffer"
                        : !public_size ? "Null public size"
                                       : nullptr;
  if (missing) {
    set_error(error_msg, error_msg_maxsize, missing);
    return PROVER_ERROR;
  }
  const auto& prover = *static_cast<const ZkeyProver*>(prover_object);
  return guarded(error_msg, error_msg_maxsize, PROVER_ERROR, [&] {
    ZkeyProver::Output out;
    try {
      out = prover.prove(bytes_of(wtns_buffer, wtns_size), {size_t(*proof_size), size_t(*public_size)});
    } catch (const cuzk::capi::WitnessLength& e) {
      set_error(error_msg, error_msg_maxsize, e.what());
      return PROVER_INVALID_WITNESS_LENGTH;
    }
    if (out.short_buffer) {
      char msg[200];
      std::snprintf(msg, sizeof msg, "Buffer too small: proof needs %zu bytes (given %llu), public %zu (given %llu)",
                    out.need.proof, *proof_size, out.need.public_signals, *public_size);
      set_error(error_msg, error_msg_maxsize, msg);
      *proof_size = out.need.proof;
      *public_size = out.need.public_signals;
      return PROVER_ERROR_SHORT_BUFFER;
    }
    std::memcpy(proof_buffer, out.proof.c_str(), out.proof.size() + 1);
    std::memcpy(public_buffer, out.public_signals.c_str(), out.public_signals.size() + 1);
    *proof_size = out.proof.size();
    *public_size = out.public_signals.size();
    return PROVER_OK;
  });
}

CUZK_EXPORT void groth16_prover_destroy(void* prover_object) {
  // taking ownership back; the destructor does not throw
  std::unique_ptr<ZkeyProver>(static_cast<ZkeyProver*>(prover_object));
}

CUZK_EXPORT int groth16_prover(const void* zkey_buffer, unsigned long long zkey_size, const void* wtns_buffer,
                               unsigned long long wtns_size, char* proof_buffer, unsigned long long* proof_size,
                               char* public_buffer, unsigned long long* public_size, char* error_msg,
                               unsigned long long error_msg_maxsize) {
  void* prover = nullptr;
  int rc = groth16_prover_create(&prover, zkey_buffer, zkey_size, error_msg, error_msg_maxsize);
  if (rc != PROVER_OK) return rc;
  rc = groth16_prover_prove(prover, wtns_buffer, wtns_size, proof_buffer, proof_size, public_buffer, public_size,
                            error_msg, error_msg_maxsize);
  groth16_prover_destroy(prover);
  return rc;
}

CUZK_EXPORT int groth16_prover_zkey_file(const char* zkey_file_path, const void* wtns_buffer,
                                         unsigned long long wtns_size, char* proof_buffer,
                                         unsigned long long* proof_size, char* public_buffer,
                                         unsigned long long* public_size, char* error_msg,
                                         unsigned long long error_msg_maxsize) {
  void* prover = nullptr;
  int rc = groth16_prover_create_zkey_file(&prover, zkey_file_path, error_msg, error_msg_maxsize);
  if (rc != PROVER_OK) return rc;
  rc = groth16_prover_prove(prover, wtns_buffer, wtns_size, proof_buffer, proof_size, public_buffer, public_size,
                            error_msg, error_msg_maxsize);
  groth16_prover_destroy(prover);
  return rc;
}
