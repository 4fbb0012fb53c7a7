// The daemon's life: listen (unix socket 0600, optional TCP with a bearer
// token, loopback HTTP), serve until SIGINT/SIGTERM, then drain: refuse new
// jobs, finish in-flight ones within the drain timeout, cancel the rest, and
// report which finished and which were cancelled.
#pragma once
#include <memory>
#include <vector>

#include "engine/backend_set.hpp"
#include "service/config.hpp"

namespace cuzk::service {

// Call first thing in main (before any thread starts): every thread then
// inherits the mask and run_daemon's sigwait is the only receiver.
void block_shutdown_signals();

// Returns the exit code (0 after a clean drain). Every job, bellperson or
// snarkjs, proves on `backends`.
int run_daemon(const DaemonConfig& cfg, engine::BackendSet backends);

}  // namespace cuzk::service
