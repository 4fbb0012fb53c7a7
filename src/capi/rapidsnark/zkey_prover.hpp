// The object behind rapidsnark's prover handle: its own copy of one snarkjs
// key (nothing points into the caller's buffer), immutable, so any number of
// threads may prove with it at once. Jobs run on one process-wide
// ProvingHost (the GPU when present, else the CPU). A key read from a file
// for GPUs keeps its points mapped from it (groth16/key_points.hpp): the
// file may be deleted or renamed over; rewritten in place, proofs fail with
// an error naming it.
#pragma once
#include <atomic>
#include <cstdint>
#include <span>
#include <string>

#include "core/error.hpp"
#include "engine/job_key.hpp"
#include "engine/memory_budget.hpp"

namespace cuzk::capi {

// The witness's wire count is not the key's (PROVER_INVALID_WITNESS_LENGTH).
struct WitnessLength : Error {
  using Error::Error;
};

class ZkeyProver {
 public:
  // Throws Error naming `source` for bytes that are not a valid .zkey.
  static ZkeyProver from_bytes(std::span<const uint8_t> zkey, const std::string& source);
  static ZkeyProver from_file(const std::string& path);
  ~ZkeyProver();  // the backends drop their device copies of the key
  ZkeyProver(ZkeyProver&& o) noexcept
      : key_(std::move(o.key_)), memory_(std::move(o.memory_)), used_(o.used_.load()) {}
  ZkeyProver(const ZkeyProver&) = delete;
  ZkeyProver& operator=(const ZkeyProver&) = delete;

  struct Sizes {
    size_t proof = 0, public_signals = 0;  // buffer sizes a retry needs, NUL included
  };
  struct Output {
    std::string proof, public_signals;  // compact JSON; empty when `short_buffer`
    bool short_buffer = false;
    Sizes need;
  };
  // Proves `wtns` when the answer can fit buffers of `have` bytes (NUL
  // included); otherwise returns short_buffer with the sizes needed, without
  // proving when no proof could fit (the public signals, known from the
  // witness, do not, or the proof buffer is below the shortest proof). Throws
  // WitnessLength, or Error for any other failure (a witness that does not
  // satisfy the circuit: every proof is verified before it is returned).
  Output prove(std::span<const uint8_t> wtns, Sizes have) const;

 private:
  // Holds the key's bytes in the host's memory budget (waiting for room as
  // the key cache does, at most 10 minutes; BudgetExceeded when it can never
  // fit, BudgetTimeout when no room came).
  explicit ZkeyProver(engine::JobKey key);
  engine::JobKey key_;  // a snarkjs key, never null
  engine::MemoryBudget::Reservation memory_;
  // a job has named the key: a backend may hold a device copy of it
  mutable std::atomic<bool> used_{false};
};

// The public_buffer size rapidsnark documents for a key: 82 bytes per public
// signal and 4 more, enough for the 77-digit scalars of both curves.
uint64_t public_buffer_size(std::span<const uint8_t> zkey, const std::string& source);
uint64_t public_buffer_size_of_file(const std::string& path);
// Enough for every compact proof.json of either curve, NUL included.
uint64_t proof_buffer_size();

}  // namespace cuzk::capi
