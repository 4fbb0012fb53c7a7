// The gRPC face of ProvingCore (proto/cuzk/v1/proving.proto): maps messages
// to core calls and RequestError to status codes (INVALID_ARGUMENT,
// NOT_FOUND, ...). Calls that come over TCP must carry
// "authorization: Bearer <token>"; unix-socket calls are trusted (the socket
// is mode 0600).
#pragma once
#include <memory>
#include <string>

#include "cuzk/v1/proving.grpc.pb.h"
#include "service/proving_core.hpp"

namespace cuzk::service {

class GrpcService final : public cuzk::v1::Proving::Service {
 public:
  GrpcService(ProvingCore& core, std::string token) : core_(core), token_(std::move(token)) {}

  grpc::Status SubmitProof(grpc::ServerContext*, const v1::ProofRequest*, v1::SubmitProofResponse*) override;
  grpc::Status AwaitProof(grpc::ServerContext*, const v1::AwaitProofRequest*, v1::ProofResult*) override;
  grpc::Status Prove(grpc::ServerContext*, const v1::ProofRequest*, v1::ProofResult*) override;
  grpc::Status CancelProof(grpc::ServerContext*, const v1::CancelProofRequest*, v1::CancelProofResponse*) override;
  grpc::Status GetStatus(grpc::ServerContext*, const v1::GetStatusRequest*, v1::GetStatusResponse*) override;
  grpc::Status GetMetrics(grpc::ServerContext*, const v1::GetMetricsRequest*, v1::GetMetricsResponse*) override;
  grpc::Status PreloadKey(grpc::ServerContext*, const v1::PreloadKeyRequest*, v1::KeyInfo*) override;
  grpc::Status EvictKey(grpc::ServerContext*, const v1::EvictKeyRequest*, v1::EvictKeyResponse*) override;

 private:
  template <class F>
  grpc::Status guarded(const char* method, grpc::ServerContext* ctx, F&& body);
  ProvingCore& core_;
  const std::string token_;
};

// Request <-> core conversions, shared with the client for symmetric checks.
v1::JobState to_proto(engine::JobStatus s);
void fill_result(const JobOutcome& o, uint64_t id, v1::ProofResult* out);

}  // namespace cuzk::service
