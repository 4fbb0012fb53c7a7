#include "engine/backend_set.hpp"

#if CUZK_WITH_CUDA
#include "engine/cuda/gpu_backend.hpp"
#include "gpu/device.hpp"
#include "gpu/pinned_allocator.hpp"
#endif

namespace cuzk::engine {

bool BackendSet::on_gpu() const {
  for (const auto& b : backends)
    if (!b->uses_host_cores()) return true;
  return false;
}

int gpu_devices_present() {
#if CUZK_WITH_CUDA
  return gpu::device_count();
#else
  return 0;
#endif
}

BackendSet make_backends(const BackendOptions& o) {
  const auto& m = o.host_memory;
  if (m != "register" && m != "pinned" && m != "pageable" && m != "staged")
    throw Error("host memory '" + m + "' is none of register, pinned, pageable, staged");
  BackendSet set;
  set.allocator = std::make_shared<PlainHostAllocator>();
#if CUZK_WITH_CUDA
  const int found = gpu::device_count();
  if (o.use_gpus && found > 0) {
    std::vector<int> devices = o.gpu_devices;
    if (devices.empty())
      for (int d = 0; d < found; ++d) devices.push_back(d);
    for (int d : devices) {
      if (d < 0 || d >= found)
        throw Error("GPU device " + std::to_string(d) + " not found (" + std::to_string(found) + " present)");
      set.backends.push_back(std::make_shared<GpuBackend>(d, o.workers_per_gpu, m == "staged", o.stream_abc));
    }
    if (m == "pinned") set.allocator = std::make_shared<gpu::CudaHostAllocator>();
    if (m == "register") set.allocator = std::make_shared<gpu::CudaRegisterAllocator>();
  }
#endif
  if (set.backends.empty()) set.backends.push_back(std::make_shared<CpuBackend>(o.cpu_workers));
  return set;
}

}  // namespace cuzk::engine
