#include "service/http_server.hpp"

#include <httplib.h>

namespace cuzk::service {

HttpServer::HttpServer(const ProvingCore& core, int port) : server_(std::make_unique<httplib::Server>()) {
  server_->Get("/status", [&core](const httplib::Request&, httplib::Response& res) {
    res.set_content(core.status_json(), "application/json");
  });
  server_->Get("/metrics", [&core](const httplib::Request&, httplib::Response& res) {
    res.set_content(core.metrics_text(), "text/plain; version=0.0.4");
  });
  server_->set_read_timeout(5, 0);
  server_->set_write_timeout(5, 0);
  port_ = port == 0 ? server_->bind_to_any_port("127.0.0.1") : (server_->bind_to_port("127.0.0.1", port) ? port : -1);
  if (port_ <= 0) throw Error("http: cannot listen on 127.0.0.1:" + std::to_string(port) + " (in use?)");
  thread_ = std::thread([this] { server_->listen_after_bind(); });
}

HttpServer::~HttpServer() {
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace cuzk::service
