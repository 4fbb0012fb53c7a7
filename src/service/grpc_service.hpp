// The gRPC face of ProvingCore (proto/cuzk/v1/proving.proto, Curio's
// cuzk.v1.ProvingEngine with cuzk's additions): maps messages to core calls
// and RequestError to status codes (INVALID_ARGUMENT, NOT_FOUND, ...). The
// bearer token of TCP calls is checked before a call gets here
// (token_auth.hpp). Calls that may block (AwaitProof, Prove, SubmitProof,
// PreloadSRS) are bounded: beyond max_waiting they are refused with
// RESOURCE_EXHAUSTED, so CancelProof and the status calls always find a thread.
#pragma once
#include <atomic>
#include <memory>
#include <string>

#include "cuzk/v1/proving.grpc.pb.h"
#include "service/proving_core.hpp"

namespace cuzk::service {

class GrpcService final : public cuzk::v1::ProvingEngine::Service {
 public:
  GrpcService(ProvingCore& core, unsigned max_waiting) : core_(core), max_waiting_(max_waiting) {}
  // The waiting calls a server of `max_rpc_threads` threads can take.
  static unsigned max_waiting_calls(unsigned max_rpc_threads);

  grpc::Status SubmitProof(grpc::ServerContext*, const v1::SubmitProofRequest*, v1::SubmitProofResponse*) override;
  grpc::Status AwaitProof(grpc::ServerContext*, const v1::AwaitProofRequest*, v1::AwaitProofResponse*) override;
  grpc::Status Prove(grpc::ServerContext*, const v1::ProveRequest*, v1::ProveResponse*) override;
  grpc::Status CancelProof(grpc::ServerContext*, const v1::CancelProofRequest*, v1::CancelProofResponse*) override;
  grpc::Status GetStatus(grpc::ServerContext*, const v1::GetStatusRequest*, v1::GetStatusResponse*) override;
  grpc::Status GetMetrics(grpc::ServerContext*, const v1::GetMetricsRequest*, v1::GetMetricsResponse*) override;
  grpc::Status PreloadSRS(grpc::ServerContext*, const v1::PreloadSrsRequest*, v1::PreloadSrsResponse*) override;
  grpc::Status EvictSRS(grpc::ServerContext*, const v1::EvictSrsRequest*, v1::EvictSrsResponse*) override;

 private:
  class WaitSlot;
  template <class F>
  grpc::Status guarded(const char* method, grpc::ServerContext* ctx, bool waits, F&& body);
  ProvingCore& core_;
  const unsigned max_waiting_;
  std::atomic<unsigned> waiting_{0};
};

// Message <-> core conversions (the client's checks use them too).
ProveRequest request_of(const v1::SubmitProofRequest& m);
void fill_response(const JobOutcome& o, const std::string& id, v1::AwaitProofResponse* out);
v1::AwaitProofResponse::Status to_proto(engine::JobStatus s);

}  // namespace cuzk::service
