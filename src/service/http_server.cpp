#include "service/http_server.hpp"

#include <httplib.h>

namespace cuzk::service {

HttpServer::HttpServer(const ProvingCore& core, const std::string& host, int port)
    : server_(std::make_unique<httplib::Server>()), host_(host) {
  server_->Get("/status", [&core](const httplib::Request&, httplib::Response& res) {
    res.set_content(core.status_json(), "application/json");
  });
  server_->Get("/metrics", [&core](const httplib::Request&, httplib::Response& res) {
    res.set_content(core.metrics_text(), "text/plain; version=0.0.4");
  });
  // 200 while jobs are taken; 503 once draining (load balancers stop sending)
  server_->Get("/healthz", [&core](const httplib::Request&, httplib::Response& res) {
    const bool ok = core.healthy();
    res.status = ok ? 200 : 503;
    res.set_content(ok ? "ok\n" : "draining\n", "text/plain");
  });
  // SO_REUSEADDR alone: httplib's default adds SO_REUSEPORT, with which a
  // second daemon would share this port instead of failing to bind it
  server_->set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  server_->set_read_timeout(5, 0);
  server_->set_write_timeout(5, 0);
  port_ = port == 0 ? server_->bind_to_any_port(host) : (server_->bind_to_port(host, port) ? port : -1);
  if (port_ <= 0) throw Error("http: cannot listen on " + host + ":" + std::to_string(port) + " (in use?)");
  thread_ = std::thread([this] { server_->listen_after_bind(); });
}

HttpServer::~HttpServer() {
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace cuzk::service
