#include "service/cuda/gpu_zkey_accelerator.hpp"

namespace cuzk::service {

void GpuZkeyAccelerator::forget(const void* pk) {
  std::shared_ptr<void> gone_bn, gone_bls;  // freed after the lock
  std::lock_guard lk(mu_);
  if (auto it = bn254_.find(pk); it != bn254_.end()) {
    gone_bn = std::move(it->second);
    bn254_.erase(it);
  }
  if (auto it = bls12_381_.find(pk); it != bls12_381_.end()) {
    gone_bls = std::move(it->second);
    bls12_381_.erase(it);
  }
}

size_t GpuZkeyAccelerator::keys_resident() const {
  std::lock_guard lk(mu_);
  return bn254_.size() + bls12_381_.size();
}

}  // namespace cuzk::service
