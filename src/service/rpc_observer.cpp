#include "service/rpc_observer.hpp"

#include <grpcpp/server_context.h>

#include <string_view>

#include "service/log.hpp"

namespace cuzk::service {

namespace {

using grpc::experimental::InterceptionHookPoints;

class Observer final : public grpc::experimental::Interceptor {
 public:
  Observer(grpc::experimental::ServerRpcInfo* info, Metrics& metrics, HeapRelease& heap)
      : info_(info), metrics_(metrics), heap_(heap) {}

  void Intercept(grpc::experimental::InterceptorBatchMethods* m) override {
    if (m->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) {
      const grpc::Status st = m->GetSendStatus();
      if (!st.ok()) {
        const char* method = rpc_method_label(info_->method() ? info_->method() : "");
        const char* code = rpc_code_name(st.error_code());
        metrics_.record_rpc_error(method, code);
        spdlog::warn("{} from {}: {}: {}", method, info_->server_context()->peer(), code, st.error_message());
        heap_.poke();
      }
    }
    m->Proceed();
  }

 private:
  grpc::experimental::ServerRpcInfo* info_;
  Metrics& metrics_;
  HeapRelease& heap_;
};

}  // namespace

grpc::experimental::Interceptor* RpcObserver::CreateServerInterceptor(grpc::experimental::ServerRpcInfo* info) {
  return new Observer(info, metrics_, heap_);
}

const char* rpc_method_label(std::string_view p) {
  static constexpr std::string_view kPrefix = "/cuzk.v1.ProvingEngine/";
  static constexpr const char* kMethods[] = {"SubmitProof", "AwaitProof", "Prove",      "CancelProof",
                                             "GetStatus",   "GetMetrics", "PreloadSRS", "EvictSRS"};
  if (p.substr(0, kPrefix.size()) == kPrefix)
    for (const char* m : kMethods)
      if (p.substr(kPrefix.size()) == m) return m;
  if (p == "/grpc.health.v1.Health/Check") return "Health.Check";
  if (p == "/grpc.health.v1.Health/Watch") return "Health.Watch";
  return "other";
}

const char* rpc_code_name(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK: return "OK";
    case grpc::StatusCode::CANCELLED: return "CANCELLED";
    case grpc::StatusCode::UNKNOWN: return "UNKNOWN";
    case grpc::StatusCode::INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case grpc::StatusCode::DEADLINE_EXCEEDED: return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::NOT_FOUND: return "NOT_FOUND";
    case grpc::StatusCode::ALREADY_EXISTS: return "ALREADY_EXISTS";
    case grpc::StatusCode::PERMISSION_DENIED: return "PERMISSION_DENIED";
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::FAILED_PRECONDITION: return "FAILED_PRECONDITION";
    case grpc::StatusCode::ABORTED: return "ABORTED";
    case grpc::StatusCode::OUT_OF_RANGE: return "OUT_OF_RANGE";
    case grpc::StatusCode::UNIMPLEMENTED: return "UNIMPLEMENTED";
    case grpc::StatusCode::INTERNAL: return "INTERNAL";
    case grpc::StatusCode::UNAVAILABLE: return "UNAVAILABLE";
    case grpc::StatusCode::DATA_LOSS: return "DATA_LOSS";
    case grpc::StatusCode::UNAUTHENTICATED: return "UNAUTHENTICATED";
    default: return "UNKNOWN";
  }
}

}  // namespace cuzk::service
