// The daemon's gRPC methods as the server registers them: GrpcService's
// handlers behind a check made on each request's received bytes, before they
// are parsed. A message over [daemon] max_message_mb, or one that would bring
// the bytes of requests being handled past the in-flight limit ([jobs]
// max_queued_bytes), is RESOURCE_EXHAUSTED naming the limit; a request's
// bytes count from its arrival until its answer is sent. Requests under
// kAlwaysAdmitted bytes (CancelProof, GetStatus, ...) are counted but never
// refused for room. gRPC's own receive limit is off (daemon.cpp): its refusals
// reach no handler, so nothing would log or count them (rpc_observer.hpp).
#pragma once
#include <grpcpp/impl/service_type.h>

#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

#include "service/grpc_service.hpp"

namespace cuzk::service {

class BoundedService final : public grpc::Service {
 public:
  static constexpr uint64_t kAlwaysAdmitted = 64 << 10;

  // `inner` must outlive this service.
  BoundedService(GrpcService& inner, uint64_t max_message_bytes, uint64_t max_held_bytes);

  // Bytes of the requests admitted and not yet answered.
  uint64_t bytes_held() const;

  // For the handlers: admits a call's request of `bytes` (OK) or says why not.
  grpc::Status admit(grpc_call* call, const char* method, uint64_t bytes);
  // The call's answer was sent: its bytes no longer count.
  void release(grpc_call* call);

 private:
  template <class Req, class Resp>
  void add(const char* path, const char* name, grpc::Status (GrpcService::*fn)(grpc::ServerContext*, const Req*, Resp*));

  GrpcService& inner_;
  const uint64_t max_message_, max_held_;
  mutable std::mutex mu_;
  uint64_t held_ = 0;
  std::unordered_map<grpc_call*, uint64_t> charges_;
};

}  // namespace cuzk::service
