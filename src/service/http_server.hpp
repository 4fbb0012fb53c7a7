// GET /status (JSON), GET /metrics (Prometheus text) and GET /healthz (200
// while jobs are taken, 503 when draining) on [daemon] status_listen.
// cpp-httplib (Debian libcpp-httplib-dev) rather than a hand-written
// responder: request parsing, keep-alive and timeouts are where hand-written
// HTTP servers go wrong, and this one is packaged and maintained.
#pragma once
#include <memory>
#include <string>
#include <thread>

#include "service/proving_core.hpp"

namespace httplib {
class Server;
}

namespace cuzk::service {

class HttpServer {
 public:
  // port 0: any free port (see port()). Throws Error when it cannot bind.
  HttpServer(const ProvingCore& core, const std::string& host, int port);
  ~HttpServer();  // stops and joins
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;
  int port() const { return port_; }
  const std::string& host() const { return host_; }

 private:
  std::unique_ptr<httplib::Server> server_;
  std::string host_;
  int port_ = 0;
  std::thread thread_;
};

}  // namespace cuzk::service
