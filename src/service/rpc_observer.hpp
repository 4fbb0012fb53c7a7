// The one place where refused RPCs are seen: a server interceptor that logs
// every call answered with an error (method, peer, code, message) and counts
// it in cuzk_rpc_errors_total{method,code}, whatever refused it: a handler,
// the size and room checks before parsing (bounded_service.hpp), gRPC's
// parser, its thread pool. Each refusal also asks HeapRelease for a trim.
// Calls refused on their headers by the token check never reach a server
// interceptor; token_auth.hpp logs and counts those.
#pragma once
#include <grpcpp/support/server_interceptor.h>
#include <string_view>

#include "service/heap_release.hpp"
#include "service/metrics.hpp"

namespace cuzk::service {

class RpcObserver final : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  // Both must outlive every server built with this factory.
  RpcObserver(Metrics& metrics, HeapRelease& heap) : metrics_(metrics), heap_(heap) {}
  grpc::experimental::Interceptor* CreateServerInterceptor(grpc::experimental::ServerRpcInfo* info) override;

 private:
  Metrics& metrics_;
  HeapRelease& heap_;
};

// "Prove" for the service's own methods, "Health.Check" / "Health.Watch",
// "other" for any other path (the token check labels its refusals alike): the
// metric's labels stay a fixed set whatever callers send.
const char* rpc_method_label(std::string_view path);
const char* rpc_code_name(grpc::StatusCode code);

}  // namespace cuzk::service
