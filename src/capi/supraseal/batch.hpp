// A supraseal-c2 batch: identical circuits, already synthesized by the
// caller (bellperson's ProvingAssignment as supraseal_assignment), proved as
// one engine job under a bellperson key, one partition per circuit, each
// proof blinded with the caller's r, s and verified before it is handed back.
#pragma once
#include <cstdint>
#include <memory>
#include <span>

#include "capi/supraseal/srs.hpp"
#include "capi/supraseal/supraseal_c2_types.h"

namespace cuzk::capi::supraseal {

class CallerArrays;

class Batch {
 public:
  // Checks every argument against the others and the key (CodedError EINVAL
  // naming the circuit and field: what upstream asserts, and more), then
  // submits. The caller's arrays are read until wait_copied() returns.
  Batch(std::span<const supraseal_assignment> provers, const supraseal_fr* r_s, const supraseal_fr* s_s, SrsRef srs);
  // Cancels a job still running; returns once nothing reads the caller's arrays.
  ~Batch();
  Batch(const Batch&) = delete;
  Batch& operator=(const Batch&) = delete;

  // Blocks until every circuit's arrays have been copied in, or the job ended.
  void wait_copied();
  // Waits for the job and writes its proofs (size() of them), or throws
  // CodedError (nothing written). Once.
  void finish(supraseal_proof* proofs);
  size_t size() const { return count_; }

 private:
  SrsRef srs_;
  std::shared_ptr<CallerArrays> arrays_;
  size_t count_ = 0;
  uint64_t job_ = 0;
  bool finished_ = false;
};

}  // namespace cuzk::capi::supraseal
