#include "service/bounded_service.hpp"

#include <grpc/byte_buffer.h>
#include <grpcpp/support/method_handler.h>

namespace cuzk::service {

namespace {

using Base = google::protobuf::MessageLite;

// GrpcService's handler of one method, behind BoundedService::admit.
template <class Req, class Resp>
class BoundedHandler final : public grpc::internal::MethodHandler {
 public:
  using Fn = grpc::Status (GrpcService::*)(grpc::ServerContext*, const Req*, Resp*);
  BoundedHandler(BoundedService& owner, const char* name, GrpcService& svc, Fn fn)
      : owner_(owner),
        name_(name),
        inner_([fn](GrpcService* s, grpc::ServerContext* c, const Req* q, Resp* r) { return (s->*fn)(c, q, r); },
               &svc) {}

  void* Deserialize(grpc_call* call, grpc_byte_buffer* req, grpc::Status* status, void** data) override {
    if (!req) {
      // the stream ended before its message did (the parser would call it
      // an uninitialized byte buffer)
      *status = grpc::Status(grpc::StatusCode::CANCELLED,
                             std::string(name_) +
                                 ": the call ended before its request arrived whole (the caller went away, or gRPC "
                                 "reset the stream: its memory quota, [jobs] max_queued_bytes + 2 x max_message_mb, "
                                 "was full)");
      return nullptr;
    }
    *status = owner_.admit(call, name_, grpc_byte_buffer_length(req));
    if (!status->ok()) {
      grpc_byte_buffer_destroy(req);  // ours to free, as the parser would have
      return nullptr;
    }
    return inner_.Deserialize(call, req, status, data);
  }

  void RunHandler(const HandlerParameter& p) override {
    inner_.RunHandler(p);  // returns once the answer is sent
    owner_.release(p.call->call());
  }

 private:
  BoundedService& owner_;
  const char* name_;
  grpc::internal::RpcMethodHandler<GrpcService, Req, Resp, Base, Base> inner_;
};

std::string mib(uint64_t bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB"; }

}  // namespace

BoundedService::BoundedService(GrpcService& inner, uint64_t max_message_bytes, uint64_t max_held_bytes)
    : inner_(inner), max_message_(max_message_bytes), max_held_(max_held_bytes) {
  // the generated service's paths and order (proto/cuzk/v1/proving.proto)
  add("/cuzk.v1.ProvingEngine/SubmitProof", "SubmitProof", &GrpcService::SubmitProof);
  add("/cuzk.v1.ProvingEngine/AwaitProof", "AwaitProof", &GrpcService::AwaitProof);
  add("/cuzk.v1.ProvingEngine/Prove", "Prove", &GrpcService::Prove);
  add("/cuzk.v1.ProvingEngine/CancelProof", "CancelProof", &GrpcService::CancelProof);
  add("/cuzk.v1.ProvingEngine/GetStatus", "GetStatus", &GrpcService::GetStatus);
  add("/cuzk.v1.ProvingEngine/GetMetrics", "GetMetrics", &GrpcService::GetMetrics);
  add("/cuzk.v1.ProvingEngine/PreloadSRS", "PreloadSRS", &GrpcService::PreloadSRS);
  add("/cuzk.v1.ProvingEngine/EvictSRS", "EvictSRS", &GrpcService::EvictSRS);
}

template <class Req, class Resp>
void BoundedService::add(const char* path, const char* name,
                         grpc::Status (GrpcService::*fn)(grpc::ServerContext*, const Req*, Resp*)) {
  AddMethod(new grpc::internal::RpcServiceMethod(path, grpc::internal::RpcMethod::NORMAL_RPC,
                                                 new BoundedHandler<Req, Resp>(*this, name, inner_, fn)));
}

uint64_t BoundedService::bytes_held() const {
  std::lock_guard lk(mu_);
  return held_;
}

grpc::Status BoundedService::admit(grpc_call* call, const char* method, uint64_t bytes) {
  if (bytes > max_message_)
    return {grpc::StatusCode::RESOURCE_EXHAUSTED,
            std::string(method) + ": the request has " + std::to_string(bytes) + " bytes, over [daemon] max_message_mb (" +
                mib(max_message_) + "): send a smaller request or raise max_message_mb"};
  std::lock_guard lk(mu_);
  if (bytes >= kAlwaysAdmitted && held_ + bytes > max_held_)
    return {grpc::StatusCode::RESOURCE_EXHAUSTED,
            std::string(method) + ": requests being received and handled hold " + std::to_string(held_) +
                " bytes; this request's " + std::to_string(bytes) + " would pass the limit of " +
                std::to_string(max_held_) + " ([jobs] max_queued_bytes): retry later, or raise max_queued_bytes"};
  held_ += bytes;
  charges_[call] += bytes;
  return grpc::Status::OK;
}

void BoundedService::release(grpc_call* call) {
  std::lock_guard lk(mu_);
  const auto it = charges_.find(call);
  if (it == charges_.end()) return;
  held_ -= it->second;
  charges_.erase(it);
}

}  // namespace cuzk::service
