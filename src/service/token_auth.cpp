#include "service/token_auth.hpp"

#include <grpc/grpc_security.h>
#include <openssl/crypto.h>

#include <string_view>

#include "core/error.hpp"
#include "service/log.hpp"
#include "service/rpc_observer.hpp"

namespace cuzk::service {

namespace {

struct TokenCheck {
  std::string expected;  // "Bearer <token>"
  Metrics* metrics;
};

std::string_view view(const grpc_slice& s) {
  return {reinterpret_cast<const char*>(GRPC_SLICE_START_PTR(s)), GRPC_SLICE_LENGTH(s)};
}

// Constant-time comparison: the token must not leak through timing.
bool same_secret(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

// Runs on a gRPC transport thread with the call's headers; answers at once.
void process(void* state, grpc_auth_context* /*ctx*/, const grpc_metadata* md, size_t n,
             grpc_process_auth_metadata_done_cb cb, void* user_data) {
  const auto& check = *static_cast<const TokenCheck*>(state);
  const grpc_metadata* auth = nullptr;
  std::string_view path;
  for (size_t i = 0; i < n; ++i) {
    const auto key = view(md[i].key);
    if (key == "authorization") auth = &md[i];
    if (key == ":path") path = view(md[i].value);
  }
  const char* why = nullptr;
  if (!auth)
    why = "missing 'authorization: Bearer <token>' metadata";
  else if (!same_secret(view(auth->value), check.expected))
    why = "wrong bearer token";
  if (!why) {
    cb(user_data, auth, 1, nullptr, 0, GRPC_STATUS_OK, nullptr);
    return;
  }
  const char* method = rpc_method_label(path);
  check.metrics->record_rpc_error(method, "UNAUTHENTICATED");
  spdlog::warn("{} over tcp: UNAUTHENTICATED: {} (refused before its message was read)", method, why);
  cb(user_data, nullptr, 0, nullptr, 0, GRPC_STATUS_UNAUTHENTICATED, why);
}

void destroy(void* state) { delete static_cast<TokenCheck*>(state); }

// grpc::InsecureServerCredentials() refuses an auth metadata processor; the
// core's insecure credentials take one.
class TokenServerCredentials final : public grpc::ServerCredentials {
 public:
  TokenServerCredentials(const std::string& token, Metrics& metrics) : creds_(grpc_insecure_server_credentials_create()) {
    auto owned = std::make_unique<TokenCheck>(TokenCheck{"Bearer " + token, &metrics});
    grpc_server_credentials_set_auth_metadata_processor(creds_, {process, destroy, owned.release()});
  }
  ~TokenServerCredentials() override { grpc_server_credentials_release(creds_); }
  void SetAuthMetadataProcessor(const std::shared_ptr<grpc::AuthMetadataProcessor>&) override {
    throw Error("token_server_credentials: the token check is the processor");
  }

 private:
  int AddPortToServer(const std::string& addr, grpc_server* server) override {
    return grpc_server_add_http2_port(server, addr.c_str(), creds_);
  }
  grpc_server_credentials* creds_;
};

}  // namespace

std::shared_ptr<grpc::ServerCredentials> token_server_credentials(const std::string& token, Metrics& metrics) {
  return std::make_shared<TokenServerCredentials>(token, metrics);
}

}  // namespace cuzk::service
