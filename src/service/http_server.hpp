// GET /status (JSON), /metrics (Prometheus text) and /healthz (200 while
// jobs are taken, 503 when draining) on [daemon] status_listen, answered
// within a second whatever other clients of the port do.
//
// One poll loop on one thread, not cpp-httplib: httplib gives every
// connection a pool worker for as long as it lives, so as many idle clients
// as the pool has threads stall every request for their read timeout (200
// idle connections: GET /healthz took 50-95 s). Here a connection costs a
// buffer, not a thread: it has kRequestTimeout to send its request line and
// headers (kMaxRequest bytes at most), the page is rendered on the loop
// thread and written without blocking (kWriteTimeout), and past
// kMaxConnections the oldest connection still sending its request is
// dropped. GET only (OPTIONS answers CORS preflights), HTTP/1.x, one request
// per connection (Connection: close); every answer carries
// Access-Control-Allow-Origin: *, as Curio's status server's do.
#pragma once
#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

#include "core/unique_fd.hpp"
#include "service/poll_thread.hpp"
#include "service/proving_core.hpp"

namespace cuzk::service {

class HttpServer {
 public:
  static constexpr std::chrono::milliseconds kRequestTimeout{1500};
  static constexpr std::chrono::milliseconds kWriteTimeout{5000};
  static constexpr size_t kMaxRequest = 4096;
  static constexpr size_t kMaxConnections = 128;

  struct Page {
    int status = 200;
    std::string content_type, body;
  };
  // The page for a GET of `path` (query string removed).
  using Router = std::function<Page(const std::string& path)>;

  // The daemon's pages. port 0: any free port (see port()). Throws Error
  // naming the address when it cannot listen.
  HttpServer(const ProvingCore& core, const std::string& host, int port);
  HttpServer(Router router, const std::string& host, int port);
  ~HttpServer();  // stops the loop and closes every connection
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;
  int port() const { return port_; }
  const std::string& host() const { return host_; }

 private:
  void loop();

  Router router_;
  std::string host_;
  UniqueFd listen_fd_;
  int port_ = 0;
  PollThread poll_;  // last: stopped before what its loop uses goes
};

}  // namespace cuzk::service
