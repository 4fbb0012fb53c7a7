// Server credentials for the daemon's TCP ports: plaintext HTTP/2 whose calls
// must carry "authorization: Bearer <token>". The token is checked by gRPC's
// auth filter on the call's headers, before its message is read or parsed:
// an unauthenticated caller cannot make the daemon receive, allocate or
// deserialize a request body. Refusals are UNAUTHENTICATED, logged and
// counted in cuzk_rpc_errors_total.
#pragma once
#include <grpcpp/security/server_credentials.h>

#include <memory>
#include <string>

#include "service/metrics.hpp"

namespace cuzk::service {

// `metrics` must outlive every server built with these credentials.
std::shared_ptr<grpc::ServerCredentials> token_server_credentials(const std::string& token, Metrics& metrics);

}  // namespace cuzk::service
