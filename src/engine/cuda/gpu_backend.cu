#include <algorithm>

#include "engine/cuda/gpu_backend.hpp"
#include "gpu/cuda_check.hpp"
#include "groth16/cuda/device_matrices.cuh"
#include "groth16/cuda/gpu_prover.hpp"
#include "groth16/cuda/gpu_zkey_prover.hpp"
#include "ntt/domain.hpp"

namespace cuzk::engine {

GpuBackend::GpuBackend(int device, unsigned workers, bool stage_pageable, bool stream_abc)
    : device_(device), workers_(workers), stage_pageable_(stage_pageable), stream_abc_(stream_abc) {}
std::optional<ProverBackend::DeviceInfo> GpuBackend::device_info() const {
  DeviceInfo d;
  d.ordinal = device_;
  cudaDeviceProp prop{};
  CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, device_));
  d.name = prop.name;
  // the calling thread's current device changes: status threads prove nothing
  CUZK_CUDA_CHECK(cudaSetDevice(device_));
  size_t free_b = 0, total_b = 0;
  CUZK_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  d.total_bytes = total_b;
  d.free_bytes = free_b;
  return d;
}

GpuBackend::~GpuBackend() = default;

std::shared_ptr<GpuBackend::DeviceKey> GpuBackend::key_for(const groth16::ProvingKey<Curve>& pk) {
  std::lock_guard lk(mu_);
  auto& k = keys_[&pk];
  if (!k.key || !(k.vk == pk.vk)) {
    k.key.reset();  // the stale device copy goes before the new one is uploaded
    k.key = std::make_shared<DeviceKey>(pk, device_);
    k.key->set_msm_scratch_limit(kMsmScratch);
    k.vk = pk.vk;
  }
  return k.key;
}

std::shared_ptr<const GpuBackend::DeviceMatrices> GpuBackend::matrices_for(
    const groth16::ProvingKey<Curve>& pk, const std::shared_ptr<const r1cs::ConstraintMatrices<Fr>>& m, bool* uploaded) {
  std::lock_guard lk(mu_);
  auto& k = keys_[&pk];
  if (k.host_matrices.lock() != m || !k.matrices) {
    k.matrices.reset();  // another circuit's go first
    CUZK_CUDA_CHECK(cudaSetDevice(device_));
    k.matrices = std::make_shared<const DeviceMatrices>(*m);
    k.host_matrices = m;
    *uploaded = true;
  }
  return k.matrices;
}

void GpuBackend::preload(const groth16::ProvingKey<Curve>& pk) { key_for(pk); }

void GpuBackend::install(const groth16::ProvingKey<Curve>& handle, std::shared_ptr<DeviceKey> key) {
  if (key->device() != device_) throw Error("GPU backend: key is resident on another device");
  key->set_msm_scratch_limit(kMsmScratch);
  std::lock_guard lk(mu_);
  keys_[&handle] = {handle.vk, std::move(key)};
}

template <>
GpuBackend::Zkeys<groth16::Bn254>& GpuBackend::zkeys<groth16::Bn254>() {
  return zkeys_bn254_;
}
template <>
GpuBackend::Zkeys<groth16::Bls12_381>& GpuBackend::zkeys<groth16::Bls12_381>() {
  return zkeys_bls12_381_;
}

void GpuBackend::forget_key(const JobKey& key) {
  std::shared_ptr<void> gone;  // freed after the lock, unless a worker still holds it
  std::shared_ptr<const void> gone_matrices;
  std::lock_guard lk(mu_);
  std::visit(
      [&](const auto& k) {
        using K = std::decay_t<decltype(*k)>;
        auto take = [&](auto& map) {
          if (auto it = map.find(k.get()); it != map.end()) {
            if constexpr (std::is_same_v<K, BellpersonKey>) {
              gone = std::move(it->second.key);
              gone_matrices = std::move(it->second.matrices);
            } else {
              gone = std::move(it->second.prover);
            }
            map.erase(it);
          }
        };
        if constexpr (std::is_same_v<K, BellpersonKey>)
          take(keys_);
        else
          take(zkeys<curve_of_key<K>>());
      },
      key);
}

size_t GpuBackend::keys_resident() const {
  std::lock_guard lk(mu_);
  return keys_.size() + zkeys_bn254_.size() + zkeys_bls12_381_.size();
}

size_t GpuBackend::resident_bytes_locked() const {
  size_t bytes = 0;
  for (const auto& [addr, k] : keys_) bytes += k.key->device_bytes() + (k.matrices ? k.matrices->device_bytes() : 0);
  for (const auto& [addr, k] : zkeys_bn254_) bytes += k.prover->device_bytes();
  for (const auto& [addr, k] : zkeys_bls12_381_) bytes += k.prover->device_bytes();
  return bytes;
}

template <class E>
std::shared_ptr<groth16::cuda::GpuZkeyProver<E>> GpuBackend::zkey_prover(const ZkeyKey<E>& pk, bool* uploaded) {
  std::lock_guard lk(mu_);
  auto& z = zkeys<E>()[&pk];
  // a key freed and another loaded at the same address is a different key
  if (!z.prover || !(z.vk == pk.vk)) {
    z.prover.reset();
    z.prover = std::make_shared<groth16::cuda::GpuZkeyProver<E>>(pk, device_);
    z.vk = pk.vk;
    if (uploaded) *uploaded = true;
  }
  return z.prover;
}

template <class E>
groth16::ProofTerms<E> GpuBackend::compute_zkey(const ZkeyKey<E>& pk, PartitionData& part, std::stop_token stop,
                                                const Timeline& clock, const std::string& track) {
  using F = typename E::Fr;
  if (stop.stop_requested()) throw Cancelled("cancelled before the GPU took it");
  const double tk = clock.now();
  bool uploaded = false;
  auto prover = zkey_prover(pk, &uploaded);
  // the key's first use on this device copied (and checked) it there
  if (uploaded) part.timeline.spans.push_back({Stage::kH2D, tk, clock.now(), prover->device_bytes(), track});
  groth16::cuda::GpuTimings t;
  // the whole proof under the kernel lock: its copies are small beside its MSMs
  std::lock_guard kernels(kernel_lock_);
  const double t0 = clock.now();
  auto terms = part.plan.ab_on_device
                   ? prover->compute(part.wires<F>(), &t)
                   : prover->compute_evaluated(part.wires<F>(), {part.abc.template as<F>(), 2 * part.plan.ab_elems}, &t);
  const double t3 = clock.now();
  part.timeline.spans.push_back({Stage::kH2D, t0, t0 + t.h2d, t.h2d_bytes, track});
  part.timeline.spans.push_back({Stage::kNtt, t3 - t.msm - t.ntt, t3 - t.msm, 0, track});
  part.timeline.spans.push_back({Stage::kMsm, t3 - t.msm, t3, 0, track});
  part.release_abc();
  return terms;
}

groth16::ProofTerms<groth16::Bn254> GpuBackend::compute(const ZkeyKey<groth16::Bn254>& pk, PartitionData& part,
                                                        std::stop_token stop, const Timeline& clock,
                                                        const std::string& track) {
  return compute_zkey(pk, part, stop, clock, track);
}

groth16::ProofTerms<groth16::Bls12_381> GpuBackend::compute(const ZkeyKey<groth16::Bls12_381>& pk,
                                                            PartitionData& part, std::stop_token stop,
                                                            const Timeline& clock, const std::string& track) {
  return compute_zkey(pk, part, stop, clock, track);
}

size_t GpuBackend::stream_limit_locked(const r1cs::CircuitShape& shape) const {
  using Stream = groth16::cuda::DeviceAbcStream<Fr>;
  if (!total_memory_) total_memory_ = gpu::device_info(device_).total_memory;
  const size_t total = total_memory_;
  const size_t fixed = fixed_bytes_locked(shape, workers_);
  return total > fixed ? (total - fixed) / Stream::device_bytes(shape.abc_length()) : 0;
}

size_t GpuBackend::stream_limit(const r1cs::CircuitShape& shape) const {
  std::lock_guard lk(mu_);
  return stream_limit_locked(shape);
}

size_t GpuBackend::streams_open() const {
  std::lock_guard lk(mu_);
  return streams_open_;
}

std::unique_ptr<r1cs::AbcStream<Fr>> GpuBackend::open_stream(const BellpersonKey& pk, const r1cs::CircuitShape& shape) {
  using Stream = groth16::cuda::DeviceAbcStream<Fr>;
  if (!stream_abc_) return nullptr;
  key_for(pk);
  const size_t device_bytes = Stream::device_bytes(shape.abc_length()), host_bytes = Stream::host_bytes(kStreamWindow);
  groth16::cuda::DeviceAbcSlot slot;
  {
    std::lock_guard lk(mu_);
    if (streams_open_ >= stream_limit_locked(shape)) return nullptr;
    auto fits = std::find_if(idle_slots_.begin(), idle_slots_.end(), [&](const groth16::cuda::DeviceAbcSlot& s) {
      return s.device.size() >= device_bytes && s.host.size() >= host_bytes;
    });
    if (fits != idle_slots_.end()) {
      slot = std::move(*fits);
      idle_slots_.erase(fits);
    } else {
      // a slot of another shape is freed first: the limit counts slots of this one
      if (streams_open_ + idle_slots_.size() >= stream_limit_locked(shape)) idle_slots_.clear();
      try {
        CUZK_CUDA_CHECK(cudaSetDevice(device_));
        slot.device = gpu::DeviceBuffer(device_bytes);
        slot.host = gpu::PinnedBuffer(host_bytes);
      } catch (const CudaError&) {
        cudaGetLastError();  // out of device memory (another process?): keep a/b on the host
        return nullptr;
      }
    }
    ++streams_open_;
  }
  return std::make_unique<Stream>(device_, shape.abc_length(), kStreamWindow, std::move(slot),
                                  [this](groth16::cuda::DeviceAbcSlot&& s) { give_back_slot(std::move(s)); });
}

void GpuBackend::give_back_slot(groth16::cuda::DeviceAbcSlot&& slot) {
  std::lock_guard lk(mu_);
  idle_slots_.push_back(std::move(slot));
  --streams_open_;
}

size_t GpuBackend::fixed_bytes_locked(const r1cs::CircuitShape& shape, size_t workers) const {
  return resident_bytes_locked() + workers * worker_bytes(shape) + kDeviceMargin;
}

size_t GpuBackend::worker_bytes(const r1cs::CircuitShape& shape) {
  const size_t n = size_t(1) << ntt::Domain<Fr>::log_size_for(shape.abc_length());
  return 5 * n * sizeof(Fr) + kMsmScratch;
}

std::unique_ptr<GpuBackend::Prover> GpuBackend::take_prover(const r1cs::CircuitShape& shape, std::stop_token stop) {
  {
    std::unique_lock lk(mu_);
    for (;;) {
      if (!idle_provers_.empty()) {
        auto p = std::move(idle_provers_.back());
        idle_provers_.pop_back();
        return p;
      }
      if (!total_memory_) total_memory_ = gpu::device_info(device_).total_memory;
      const size_t slots = streams_open_ + idle_slots_.size();
      const size_t need = fixed_bytes_locked(shape, provers_made_ + 1) +
                          slots * groth16::cuda::DeviceAbcStream<Fr>::device_bytes(shape.abc_length());
      if (provers_made_ == 0 || need <= total_memory_) break;
      if (!prover_idle_.wait(lk, stop, [&] { return !idle_provers_.empty(); }))
        throw Cancelled("cancelled while waiting for a GPU worker with room on the device");
    }
    ++provers_made_;
  }
  try {
    return std::make_unique<Prover>(device_, &kernel_lock_, stage_pageable_);
  } catch (...) {
    std::lock_guard lk(mu_);
    --provers_made_;
    throw;
  }
}

void GpuBackend::return_prover(std::unique_ptr<Prover> p) {
  {
    std::lock_guard lk(mu_);
    idle_provers_.push_back(std::move(p));
  }
  prover_idle_.notify_one();
}

groth16::ProofTerms<groth16::Bls12_381> GpuBackend::compute(const BellpersonKey& pk, PartitionData& part,
                                                            std::stop_token stop, const Timeline& clock,
                                                            const std::string& track) {
  auto key = key_for(pk);
  const groth16::cuda::DeviceAbcStream<Fr>* streamed = nullptr;
  if (part.abc_stream) {
    if (part.streamed_to != this) throw Error("GPU backend: partition streamed to another backend");
    streamed = dynamic_cast<const groth16::cuda::DeviceAbcStream<Fr>*>(part.abc_stream.get());
    if (!streamed) throw Error("GPU backend: partition streamed to something other than this device");
  }
  std::shared_ptr<const DeviceMatrices> matrices;
  if (part.assignment->a_b_on_device()) {
    if (!part.matrices) throw Error("GPU backend: partition without a/b and without matrices");
    bool uploaded = false;
    const double tm = clock.now();
    matrices = matrices_for(pk, part.matrices, &uploaded);
    if (uploaded) part.timeline.spans.push_back({Stage::kH2D, tm, clock.now(), matrices->device_bytes(), track});
  }
  // a worker's buffers, made where they fit beside the key and the matrices
  auto prover = take_prover(part.assignment->shape(), stop);
  struct Return {
    GpuBackend& b;
    std::unique_ptr<Prover>& p;
    ~Return() { b.return_prover(std::move(p)); }
  } ret{*this, prover};
  groth16::cuda::GpuTimings t;
  double t0 = clock.now();
  const auto bad = prover->copy_inputs(*key, *part.assignment, &t, streamed, matrices.get());
  double t1 = clock.now();
  part.timeline.spans.push_back({Stage::kH2D, t0, t1 - t.products, t.h2d_bytes, track});
  part.release_abc();  // on the device now: back to the pool for the next synthesis
  if (bad) groth16::throw_unsatisfied(*bad, part.describe, "partition " + std::to_string(part.partition) + " witness");
  if (stop.stop_requested()) throw Cancelled("cancelled after the copy to the device");
  auto terms = prover->compute_copied(*key, *part.assignment, &t);
  // the kernel region (NTT, then MSMs) ran under the device's kernel lock;
  // a, b from the matrices (t.products) count with the NTTs that consume them
  double t3 = clock.now();
  if (t.products > 0) part.timeline.spans.push_back({Stage::kNtt, t1 - t.products, t1, 0, track});
  part.timeline.spans.push_back({Stage::kNtt, t3 - t.msm - t.ntt, t3 - t.msm, 0, track});
  part.timeline.spans.push_back({Stage::kMsm, t3 - t.msm, t3, 0, track});
  return terms;
}

}  // namespace cuzk::engine
