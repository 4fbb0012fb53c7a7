#include "engine/cuda/gpu_backend.hpp"
#include "groth16/cuda/gpu_prover.hpp"

namespace cuzk::engine {

GpuBackend::GpuBackend(int device, unsigned workers, bool stage_pageable)
    : device_(device), workers_(workers), stage_pageable_(stage_pageable) {}
GpuBackend::~GpuBackend() = default;

std::shared_ptr<GpuBackend::DeviceKey> GpuBackend::key_for(const groth16::ProvingKey<Curve>& pk) {
  std::lock_guard lk(mu_);
  auto& k = keys_[&pk];
  if (!k.key || !(k.vk == pk.vk)) {
    k.key.reset();  // the stale device copy goes before the new one is uploaded
    k.key = std::make_shared<DeviceKey>(pk, device_);
    k.vk = pk.vk;
  }
  return k.key;
}

void GpuBackend::preload(const groth16::ProvingKey<Curve>& pk) { key_for(pk); }

void GpuBackend::install(const groth16::ProvingKey<Curve>& handle, std::shared_ptr<DeviceKey> key) {
  if (key->device() != device_) throw Error("GPU backend: key is resident on another device");
  std::lock_guard lk(mu_);
  keys_[&handle] = {handle.vk, std::move(key)};
}

void GpuBackend::forget_key(const groth16::ProvingKey<Curve>& pk) {
  std::shared_ptr<DeviceKey> gone;
  {
    std::lock_guard lk(mu_);
    auto it = keys_.find(&pk);
    if (it == keys_.end()) return;
    gone = std::move(it->second.key);
    keys_.erase(it);
  }
  // freed here, outside the lock, unless a worker still holds it
}

std::unique_ptr<GpuBackend::Prover> GpuBackend::take_prover() {
  {
    std::lock_guard lk(mu_);
    if (!idle_provers_.empty()) {
      auto p = std::move(idle_provers_.back());
      idle_provers_.pop_back();
      return p;
    }
  }
  return std::make_unique<Prover>(device_, &kernel_lock_, stage_pageable_);
}

void GpuBackend::return_prover(std::unique_ptr<Prover> p) {
  std::lock_guard lk(mu_);
  idle_provers_.push_back(std::move(p));
}

groth16::ProofTerms<Curve> GpuBackend::compute(const groth16::ProvingKey<Curve>& pk, PartitionData& part,
                                               std::stop_token stop, const Timeline& clock, const std::string& track) {
  auto key = key_for(pk);
  auto prover = take_prover();
  struct Return {
    GpuBackend& b;
    std::unique_ptr<Prover>& p;
    ~Return() { b.return_prover(std::move(p)); }
  } ret{*this, prover};
  groth16::cuda::GpuTimings t;
  double t0 = clock.now();
  prover->copy_inputs(*key, *part.assignment, &t);
  double t1 = clock.now();
  part.timeline.spans.push_back({Stage::kH2D, t0, t1, t.h2d_bytes, track});
  part.release_abc();  // on the device now: back to the pool for the next synthesis
  if (stop.stop_requested()) throw Cancelled("cancelled after the copy to the device");
  auto terms = prover->compute_copied(*key, *part.assignment, &t);
  // the kernel region (NTT, then MSMs) ran under the device's kernel lock
  double t3 = clock.now();
  part.timeline.spans.push_back({Stage::kNtt, t3 - t.msm - t.ntt, t3 - t.msm, 0, track});
  part.timeline.spans.push_back({Stage::kMsm, t3 - t.msm, t3, 0, track});
  return terms;
}

}  // namespace cuzk::engine
