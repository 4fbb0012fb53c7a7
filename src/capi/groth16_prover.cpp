// The C API: jobs on a process-wide proving engine (the GPU when there is
// one, else the CPU); exceptions never cross it.
#include "capi/groth16_prover.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>

#include "core/mapped_file.hpp"
#include "engine/proving_host.hpp"
#include "engine/snarkjs_job.hpp"
#include "formats/snarkjs/wtns.hpp"
#include "formats/snarkjs/zkey.hpp"

namespace {

namespace sj = cuzk::formats::snarkjs;

// Thrown for a witness whose wire count differs from the key's.
struct WitnessLength : cuzk::Error {
  using cuzk::Error::Error;
};

void set_error(char* msg, unsigned long max, const char* what) {
  if (msg && max) std::snprintf(msg, max, "%s", what);
}

// Made on first use and shared by every caller and thread of the process.
cuzk::engine::ProvingHost& host() {
  static std::once_flag once;
  static std::unique_ptr<cuzk::engine::ProvingHost> h;
  std::call_once(once, [] { h = cuzk::engine::make_local_host(); });
  return *h;
}

// proof_max: the longest proof of the key's curve, so that a size reported
// for a short buffer fits every later proof (their decimal lengths vary).
void prove(const cuzk::engine::JobKey& key, std::span<const uint8_t> wtns, std::string& proof, std::string& pub,
           size_t& proof_max) {
  using namespace cuzk::engine;
  auto spec = snarkjs_job(key, std::make_shared<const std::vector<uint8_t>>(wtns.begin(), wtns.end()), "zkey");
  // its own return code: checked here, before the job, from the witness's header
  const size_t wires = witness_elements(key);
  const sj::BinFile f(wtns, "wtns", 2, "witness");
  const auto header = sj::read_wtns_header(f);
  if (header.n_witness != wires)
    throw WitnessLength("witness length differs from the key: the witness has " + std::to_string(header.n_witness) +
                        " wires, the key's circuit has " + std::to_string(wires));
  const auto r = host().prove(std::move(spec));
  if (r.status != JobStatus::kDone) throw cuzk::Error(r.error);
  auto json = snarkjs_json(r, -1);
  proof = std::move(json.proof);
  pub = std::move(json.public_signals);
  proof_max = json.proof_max;
}

int run(const std::function<cuzk::engine::JobKey()>& key, const void* wtns_buffer, unsigned long wtns_size, char* proof_buffer,
        unsigned long* proof_size, char* public_buffer, unsigned long* public_size, char* error_msg,
        unsigned long error_msg_maxsize) {
  if (!wtns_buffer || !proof_buffer || !proof_size || !public_buffer || !public_size) {
    set_error(error_msg, error_msg_maxsize, "null witness, proof or public buffer or size");
    return PROVER_ERROR;
  }
  std::string proof, pub;
  size_t proof_max = 0;
  try {
    prove(key(), {static_cast<const uint8_t*>(wtns_buffer), size_t(wtns_size)}, proof, pub, proof_max);
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
  const std::span<const uint8_t> zkey{static_cast<const uint8_t*>(zkey_buffer), size_t(zkey_size)};
  const auto parse = [&]() -> cuzk::engine::JobKey {
    return sj::with_curve(sj::zkey_curve(zkey, "zkey"), [&](auto e) -> cuzk::engine::JobKey {
      using E = decltype(e);
      return std::make_shared<const cuzk::engine::ZkeyKey<E>>(sj::read_zkey<E>(zkey, "zkey"));
    });
  };
  return run(parse, wtns_buffer, wtns_size, proof_buffer, proof_size, public_buffer, public_size, error_msg,
             error_msg_maxsize);
}

extern "C" int groth16_prover_zkey_file(const char* zkey_file_path, const void* wtns_buffer, unsigned long wtns_size,
                                        char* proof_buffer, unsigned long* proof_size, char* public_buffer,
                                        unsigned long* public_size, char* error_msg, unsigned long error_msg_maxsize) {
  if (!zkey_file_path) {
    set_error(error_msg, error_msg_maxsize, "null zkey path");
    return PROVER_ERROR;
  }
  // loaded once into the engine's key cache, shared by later calls
  const std::string path = zkey_file_path;
  return run([&] { return host().keys().get(path); }, wtns_buffer, wtns_size, proof_buffer, proof_size, public_buffer,
             public_size, error_msg, error_msg_maxsize);
}
