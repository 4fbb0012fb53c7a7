#include "service/client.hpp"

namespace cuzk::service {

const char* status_code_name(grpc::StatusCode c) {
  switch (c) {
    case grpc::StatusCode::OK: return "OK";
    case grpc::StatusCode::CANCELLED: return "CANCELLED";
    case grpc::StatusCode::INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case grpc::StatusCode::DEADLINE_EXCEEDED: return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::NOT_FOUND: return "NOT_FOUND";
    case grpc::StatusCode::FAILED_PRECONDITION: return "FAILED_PRECONDITION";
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::UNAVAILABLE: return "UNAVAILABLE";
    case grpc::StatusCode::UNAUTHENTICATED: return "UNAUTHENTICATED";
    case grpc::StatusCode::PERMISSION_DENIED: return "PERMISSION_DENIED";
    case grpc::StatusCode::INTERNAL: return "INTERNAL";
    case grpc::StatusCode::ALREADY_EXISTS: return "ALREADY_EXISTS";
    default: return "UNKNOWN";
  }
}

namespace {
void check(const grpc::Status& s, const char* what) {
  if (!s.ok())
    throw ClientError(s.error_code(), std::string(what) + ": " + status_code_name(s.error_code()) + ": " + s.error_message());
}
}  // namespace

Client::Client(const std::string& address, std::string token) : token_(std::move(token)) {
  grpc::ChannelArguments args;
  // a 32 GiB C1 output is ~50 MB; Curio's client allows 256 MiB both ways
  args.SetMaxReceiveMessageSize(256 << 20);
  args.SetMaxSendMessageSize(256 << 20);
  channel_ = grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
  stub_ = v1::ProvingEngine::NewStub(channel_);
}

void Client::prepare(grpc::ClientContext& ctx, std::optional<std::chrono::milliseconds> timeout) const {
  if (!token_.empty()) ctx.AddMetadata("authorization", "Bearer " + token_);
  if (timeout) ctx.set_deadline(std::chrono::system_clock::now() + *timeout);
}

v1::SubmitProofResponse Client::submit(const v1::SubmitProofRequest& r) {
  grpc::ClientContext ctx;
  prepare(ctx, {});
  v1::SubmitProofResponse out;
  check(stub_->SubmitProof(&ctx, r, &out), "SubmitProof");
  return out;
}

v1::AwaitProofResponse Client::await(const std::string& job_id, std::optional<std::chrono::milliseconds> timeout) {
  grpc::ClientContext ctx;
  prepare(ctx, timeout ? std::optional(*timeout + std::chrono::seconds(30)) : std::nullopt);
  v1::AwaitProofRequest req;
  req.set_job_id(job_id);
  if (timeout) req.set_timeout_ms(uint64_t(std::max<int64_t>(1, timeout->count())));
  v1::AwaitProofResponse out;
  check(stub_->AwaitProof(&ctx, req, &out), "AwaitProof");
  return out;
}

v1::AwaitProofResponse Client::prove(const v1::SubmitProofRequest& r, std::optional<std::chrono::milliseconds> timeout) {
  grpc::ClientContext ctx;
  prepare(ctx, timeout);
  v1::ProveRequest req;
  *req.mutable_submit() = r;
  v1::ProveResponse out;
  check(stub_->Prove(&ctx, req, &out), "Prove");
  return out.result();
}

v1::CancelProofResponse Client::cancel(const std::string& job_id) {
  grpc::ClientContext ctx;
  prepare(ctx, std::chrono::seconds(60));
  v1::CancelProofRequest req;
  req.set_job_id(job_id);
  v1::CancelProofResponse out;
  check(stub_->CancelProof(&ctx, req, &out), "CancelProof");
  return out;
}

v1::GetStatusResponse Client::status() {
  grpc::ClientContext ctx;
  prepare(ctx, std::chrono::seconds(60));
  v1::GetStatusResponse out;
  check(stub_->GetStatus(&ctx, v1::GetStatusRequest(), &out), "GetStatus");
  return out;
}

std::string Client::metrics_text() {
  grpc::ClientContext ctx;
  prepare(ctx, std::chrono::seconds(60));
  v1::GetMetricsResponse out;
  check(stub_->GetMetrics(&ctx, v1::GetMetricsRequest(), &out), "GetMetrics");
  return out.prometheus_text();
}

v1::PreloadSrsResponse Client::preload(const std::string& circuit_id, const std::string& path, bool pin) {
  grpc::ClientContext ctx;
  prepare(ctx, {});
  v1::PreloadSrsRequest req;
  req.set_circuit_id(circuit_id);
  req.set_params_path(path);
  req.set_pin(pin);
  v1::PreloadSrsResponse out;
  check(stub_->PreloadSRS(&ctx, req, &out), "PreloadSRS");
  return out;
}

v1::EvictSrsResponse Client::evict(const std::string& circuit_id) {
  grpc::ClientContext ctx;
  prepare(ctx, std::chrono::seconds(60));
  v1::EvictSrsRequest req;
  req.set_circuit_id(circuit_id);
  v1::EvictSrsResponse out;
  check(stub_->EvictSRS(&ctx, req, &out), "EvictSRS");
  return out;
}

}  // namespace cuzk::service
