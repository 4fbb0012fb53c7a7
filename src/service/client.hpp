// A blocking client of the daemon (what `cuzk client` and the tests use).
// Address: "unix:/path/to/socket" or "host:port" (TCP, then a token is
// needed). Failed calls throw ClientError carrying the gRPC code and message.
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

  uint64_t submit(const v1::ProofRequest& r);
  v1::ProofResult await(uint64_t job_id, std::optional<std::chrono::milliseconds> timeout = {});
  v1::ProofResult prove(const v1::ProofRequest& r, std::optional<std::chrono::milliseconds> timeout = {});
  v1::JobState cancel(uint64_t job_id);
  std::string status_json();
  std::string metrics_text();
  v1::KeyInfo preload_key(const std::string& path, const std::string& id = "", bool pin = false);
  uint64_t evict_key(const std::string& id);

 private:
  void prepare(grpc::ClientContext& ctx, std::optional<std::chrono::milliseconds> timeout) const;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::Proving::Stub> stub_;
  std::string token_;
};

const char* status_code_name(grpc::StatusCode c);

}  // namespace cuzk::service
