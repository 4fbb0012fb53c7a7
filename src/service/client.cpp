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
  args.SetMaxReceiveMessageSize(64 << 20);  // status JSON of a busy daemon
  channel_ = grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
  stub_ = v1::Proving::NewStub(channel_);
}

void Client::prepare(grpc::ClientContext& ctx, std::optional<std::chrono::milliseconds> timeout) const {
  if (!token_.empty()) ctx.AddMetadata("authorization", "Bearer " + token_);
  if (timeout) ctx.set_deadline(std::chrono::system_clock::now() + *timeout);
}

uint64_t Client::submit(const v1::ProofRequest& r) {
  grpc::ClientContext ctx;
  prepare(ctx, std::chrono::seconds(60));
  v1::SubmitProofResponse out;
  check(stub_->SubmitProof(&ctx, r, &out), "SubmitProof");
  return out.job_id();
}

v1::ProofResult Client::await(uint64_t job_id, std::optional<std::chrono::milliseconds> timeout) {
  grpc::ClientContext ctx;
  prepare(ctx, timeout);
  v1::AwaitProofRequest req;
  req.set_job_id(job_id);
  v1::ProofResult out;
  check(stub_->AwaitProof(&ctx, req, &out), "AwaitProof");
  return out;
}

v1::ProofResult Client::prove(const v1::ProofRequest& r, std::optional<std::chrono::milliseconds> timeout) {
  grpc::ClientContext ctx;
  prepare(ctx, timeout);
  v1::ProofResult out;
  check(stub_->Prove(&ctx, r, &out), "Prove");
  return out;
}

v1::JobState Client::cancel(uint64_t job_id) {
  grpc::ClientContext ctx;
  prepare(ctx, std::chrono::seconds(60));
  v1::CancelProofRequest req;
  req.set_job_id(job_id);
  v1::CancelProofResponse out;
  check(stub_->CancelProof(&ctx, req, &out), "CancelProof");
  return out.state();
}

std::string Client::status_json() {
  grpc::ClientContext ctx;
  prepare(ctx, std::chrono::seconds(60));
  v1::GetStatusResponse out;
  check(stub_->GetStatus(&ctx, v1::GetStatusRequest(), &out), "GetStatus");
  return out.json();
}

std::string Client::metrics_text() {
  grpc::ClientContext ctx;
  prepare(ctx, std::chrono::seconds(60));
  v1::GetMetricsResponse out;
  check(stub_->GetMetrics(&ctx, v1::GetMetricsRequest(), &out), "GetMetrics");
  return out.text();
}

v1::KeyInfo Client::preload_key(const std::string& path, const std::string& id, bool pin) {
  grpc::ClientContext ctx;
  prepare(ctx, {});
  v1::PreloadKeyRequest req;
  req.set_params_path(path);
  req.set_key_id(id);
  req.set_pin(pin);
  v1::KeyInfo out;
  check(stub_->PreloadKey(&ctx, req, &out), "PreloadKey");
  return out;
}

uint64_t Client::evict_key(const std::string& id) {
  grpc::ClientContext ctx;
  prepare(ctx, std::chrono::seconds(60));
  v1::EvictKeyRequest req;
  req.set_key_id(id);
  v1::EvictKeyResponse out;
  check(stub_->EvictKey(&ctx, req, &out), "EvictKey");
  return out.bytes_freed();
}

}  // namespace cuzk::service
