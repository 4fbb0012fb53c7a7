// A blocking client of the daemon (what `cuzk client` and the tests use).
// Address: "unix:/path/to/socket", "unix:///path" or "host:port" (TCP,
// with the daemon's token when it has one). Failed calls throw ClientError carrying the gRPC code and message.
#pragma once
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "cuzk/v1/proving.grpc.pb.h"

namespace cuzk::service {

class ClientError : public Error {
 public:
  ClientError(grpc::StatusCode c, const std::string& what) : Error(what), code(c) {}
  grpc::StatusCode code;
};

class Client {
 public:
  Client(const std::string& address, std::string token = "");

  v1::SubmitProofResponse submit(const v1::SubmitProofRequest& r);
  // timeout: the AwaitProof's timeout_ms (an answer with status TIMEOUT);
  // the call's own deadline is a little longer.
  v1::AwaitProofResponse await(const std::string& job_id, std::optional<std::chrono::milliseconds> timeout = {});
  v1::AwaitProofResponse prove(const v1::SubmitProofRequest& r, std::optional<std::chrono::milliseconds> timeout = {});
  v1::CancelProofResponse cancel(const std::string& job_id);
  v1::GetStatusResponse status();
  std::string status_json() { return status().json(); }
  std::string metrics_text();
  // circuit_id: "porep-32g", ... (the daemon's parameter folder), or with a
  // path the id to load it under.
  v1::PreloadSrsResponse preload(const std::string& circuit_id, const std::string& path = "", bool pin = false);
  v1::EvictSrsResponse evict(const std::string& circuit_id);

 private:
  void prepare(grpc::ClientContext& ctx, std::optional<std::chrono::milliseconds> timeout) const;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::ProvingEngine::Stub> stub_;
  std::string token_;
};

const char* status_code_name(grpc::StatusCode c);

}  // namespace cuzk::service
