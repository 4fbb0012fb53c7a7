// The daemon's life: listen (unix socket 0600, optional TCP with a bearer
// token, loopback HTTP), serve until SIGINT/SIGTERM, then drain: refuse new
// jobs, finish in-flight ones within the drain timeout, cancel the rest, and
// report which finished and which were cancelled.
#pragma once
#include <memory>
#include <vector>

#include "engine/backend.hpp"
#include "engine/host_allocator.hpp"
#include "service/config.hpp"
#include "service/zkey_accelerator.hpp"

namespace cuzk::service {

// Call first thing in main (before any thread starts): every thread then
// inherits the mask and run_daemon's sigwait is the only receiver.
void block_shutdown_signals();

// Returns the exit code (0 after a clean drain). Keys evicted from the key
// cache are forgotten by every backend (GPU backends free their device copies).
// snarkjs jobs prove on `zkey_accelerator` when given (a GPU), else on the CPU.
int run_daemon(const DaemonConfig& cfg, std::shared_ptr<engine::HostAllocator> alloc,
               std::vector<std::shared_ptr<engine::ProverBackend>> backends,
               std::shared_ptr<ZkeyAccelerator> zkey_accelerator = nullptr);

}  // namespace cuzk::service
