// Curio's forms of the proving functions (supraseal_c2_curio.h): the split
// start / finalize API and the GPU mutex helpers.
#include <memory>
#include <mutex>

#include "capi/export.hpp"
#include "capi/supraseal/batch.hpp"
#include "capi/supraseal/coded_error.hpp"
#include "capi/supraseal/supraseal_c2_curio.h"

using namespace cuzk::capi::supraseal;

namespace {

std::unique_ptr<Batch> start(const supraseal_assignment provers[], size_t num_circuits, const supraseal_fr r_s[],
                             const supraseal_fr s_s[], const supraseal_srs* srs, int gpu_index) {
  if (!srs || !srs->ptr) throw CodedError(EINVAL, "generate_groth16_proofs_c: srs is NULL (create_SRS first)");
  if (gpu_index < -1) throw CodedError(EINVAL, "generate_groth16_proofs_c: gpu_index below -1");
  // the gpu mutex and index: the engine schedules every device itself
  return std::make_unique<Batch>(std::span<const supraseal_assignment>{provers, provers ? num_circuits : 0}, r_s, s_s,
                                 *static_cast<const SrsRef*>(srs->ptr));
}

}  // namespace

CUZK_EXPORT supraseal_error generate_groth16_proofs_c(const supraseal_assignment provers[], size_t num_circuits,
                                                      const supraseal_fr r_s[], const supraseal_fr s_s[],
                                                      supraseal_proof proofs[], const supraseal_srs* srs, void*,
                                                      int gpu_index) {
  return guarded([&] {
    if (!proofs) throw CodedError(EINVAL, "generate_groth16_proofs_c: proofs is NULL");
    start(provers, num_circuits, r_s, s_s, srs, gpu_index)->finish(proofs);
  });
}

CUZK_EXPORT supraseal_error generate_groth16_proofs_start_c(const supraseal_assignment provers[],
                                                            size_t num_circuits, const supraseal_fr r_s[],
                                                            const supraseal_fr s_s[], const supraseal_srs* srs,
                                                            void*, int gpu_index, void** pending_out) {
  return guarded([&] {
    if (!pending_out) throw CodedError(EINVAL, "generate_groth16_proofs_start_c: pending_out is NULL");
    *pending_out = nullptr;
    auto batch = start(provers, num_circuits, r_s, s_s, srs, gpu_index);
    batch->wait_copied();
    *pending_out = batch.release();
  });
}

CUZK_EXPORT supraseal_error finalize_groth16_proof_c(void* pending, supraseal_proof proofs[]) {
  std::unique_ptr<Batch> batch(static_cast<Batch*>(pending));  // freed on every path
  return guarded([&] {
    if (!batch) throw CodedError(EINVAL, "finalize_groth16_proof_c: no pending proof");
    if (!proofs) throw CodedError(EINVAL, "finalize_groth16_proof_c: proofs is NULL");
    batch->finish(proofs);
  });
}

CUZK_EXPORT void destroy_pending_proof(void* pending) {
  std::unique_ptr<Batch> batch(static_cast<Batch*>(pending));
}

CUZK_EXPORT void* create_gpu_mutex() { return std::make_unique<std::mutex>().release(); }

CUZK_EXPORT void destroy_gpu_mutex(void* mtx) { std::unique_ptr<std::mutex> owned(static_cast<std::mutex*>(mtx)); }
