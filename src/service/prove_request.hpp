// What a client asks of the daemon, whatever the transport: ProveRequest,
// and RequestError, the refusal carrying the gRPC-style code to answer.
#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "circuits/builtin.hpp"
#include "core/error.hpp"
#include "engine/scheduler.hpp"
#include "service/filecoin_job.hpp"
#include "service/job_kind.hpp"

namespace cuzk::service {

class RequestError : public Error {
 public:
  enum Code { kInvalidArgument, kNotFound, kFailedPrecondition, kResourceExhausted, kUnavailable, kAlreadyExists };
  RequestError(Code c, const std::string& what) : Error(what), code(c) {}
  Code code;
};

struct ProveRequest {
  std::string request_id;   // the job's id; "" : the core makes one
  std::string fingerprint;  // what the request asks; a second request under a live id must match it
  JobKind kind = JobKind::kBuiltin;
  std::optional<engine::Priority> priority;  // none: the kind's default
  std::optional<bool> verify;                // none: the daemon's verify_proofs
  std::string label;
  // The caller's deadline: loading the job's key waits no longer.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // Filecoin kinds; params_path overrides the parameter folder's file
  FilecoinRequest filecoin;
  std::string params_path;
  // kBuiltin: the key (id or params path), the circuit, partition i is seed + i
  std::string key;
  circuits::CircuitOptions circuit;
  uint32_t partitions = 1;
  // kSnarkjs
  std::string zkey_path;
  std::vector<uint8_t> wtns;
};

}  // namespace cuzk::service
