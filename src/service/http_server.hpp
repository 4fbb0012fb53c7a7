// GET /status (JSON) and GET /metrics (Prometheus text) on a loopback port.
// cpp-httplib (Debian libcpp-httplib-dev) rather than a hand-written
// responder: request parsing, keep-alive and timeouts are where hand-written
// HTTP servers go wrong, and this one is packaged and maintained.
#pragma once
#include <memory>
#include <thread>

#include "service/proving_core.hpp"

namespace httplib {
class Server;
}

namespace cuzk::service {

class HttpServer {
 public:
  // port 0: any free port (see port()). Throws Error when it cannot bind.
  HttpServer(const ProvingCore& core, int port);
  ~HttpServer();  // stops and joins
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;
  int port() const { return port_; }

 private:
  std::unique_ptr<httplib::Server> server_;
  int port_ = 0;
  std::thread thread_;
};

}  // namespace cuzk::service
