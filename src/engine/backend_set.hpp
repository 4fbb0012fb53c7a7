// The backends a process proves on, chosen from options: one GPU backend per
// device (CUDA builds, where a device answers) and the host allocator that
// suits them, else the CPU backend. What the CLI, the daemon and the C API
// call instead of wiring backends themselves.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "engine/backend.hpp"
#include "core/host_allocator.hpp"

namespace cuzk::engine {

struct BackendOptions {
  bool use_gpus = true;             // false: the CPU backend even with a GPU
  std::vector<int> gpu_devices;     // empty: every device found
  unsigned workers_per_gpu = 2;
  // where partition buffers live: register (pageable memory pinned by
  // cudaHostRegister) | pinned (cudaHostAlloc) | pageable | staged (pageable,
  // copied through pinned chunks)
  std::string host_memory = "register";
  bool stream_abc = true;           // a/b stream to the GPU during synthesis where it has room
  unsigned cpu_workers = 1;         // CPU backend workers (when no GPU backend is made)
};

struct BackendSet {
  std::vector<std::shared_ptr<ProverBackend>> backends;
  std::shared_ptr<HostAllocator> allocator;
  bool on_gpu() const;  // a GPU backend is among them
};

// Throws Error naming a device that is not there or an unknown host_memory.
BackendSet make_backends(const BackendOptions& opts);

// Devices this build can prove on (0 without CUDA or without a device).
int gpu_devices_present();

}  // namespace cuzk::engine
