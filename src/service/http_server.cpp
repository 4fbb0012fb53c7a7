#include "service/http_server.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <list>
#include <string_view>
#include <vector>

#include "service/log.hpp"
#include "service/tcp_access.hpp"

namespace cuzk::service {

namespace {

using Clock = std::chrono::steady_clock;

struct Connection {
  UniqueFd fd;
  Clock::time_point deadline;
  std::string in, out;
  size_t written = 0;
  bool writing = false;
  bool done = false;  // closed at the next round
};

const char* reason(int status) {
  switch (status) {
    case 200: return "OK";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
    default: return "";
  }
}

std::string response(const HttpServer::Page& p, bool head_only = false) {
  std::string r = "HTTP/1.1 " + std::to_string(p.status) + " " + reason(p.status) + "\r\n";
  if (!p.content_type.empty()) r += "Content-Type: " + p.content_type + "\r\n";
  r += "Content-Length: " + std::to_string(p.body.size()) + "\r\n";
  r += "Access-Control-Allow-Origin: *\r\n";
  if (p.status == 204) r += "Access-Control-Allow-Methods: GET, OPTIONS\r\nAccess-Control-Max-Age: 86400\r\n";
  if (p.status == 405) r += "Allow: GET, OPTIONS\r\n";
  r += "Connection: close\r\n\r\n";
  if (!head_only) r += p.body;
  return r;
}

HttpServer::Page text(int status, std::string body) { return {status, "text/plain", std::move(body)}; }

// The answer to a complete request head (request line and headers).
std::string answer(std::string_view head, const HttpServer::Router& router) {
  const auto eol = head.find("\r\n");
  const std::string_view line = head.substr(0, eol);
  const auto sp1 = line.find(' ');
  const auto sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos || line.substr(sp2 + 1).rfind("HTTP/1.", 0) != 0)
    return response(text(400, "bad request line\n"));
  const std::string_view method = line.substr(0, sp1);
  std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  target = target.substr(0, target.find('?'));
  if (method == "OPTIONS") return response({204, "", ""});
  if (method != "GET") return response(text(405, "GET only\n"));
  try {
    return response(router(std::string(target)));
  } catch (const std::exception& e) {
    return response(text(500, std::string(e.what()) + "\n"));
  }
}

HttpServer::Router daemon_pages(const ProvingCore& core) {
  return [&core](const std::string& path) -> HttpServer::Page {
    if (path == "/status") return {200, "application/json", core.status_json()};
    if (path == "/metrics") return {200, "text/plain; version=0.0.4", core.metrics_text()};
    // 200 while jobs are taken; 503 once draining (load balancers stop sending)
    if (path == "/healthz") return core.healthy() ? text(200, "ok\n") : text(503, "draining\n");
    return text(404, "not found: /status, /metrics, /healthz\n");
  };
}

}  // namespace

HttpServer::HttpServer(const ProvingCore& core, const std::string& host, int port)
    : HttpServer(daemon_pages(core), host, port) {}

HttpServer::HttpServer(Router router, const std::string& host, int port)
    : router_(std::move(router)),
      host_(host),
      listen_fd_(listen_tcp(host, port, "http", "[daemon] status_listen")),
      port_(bound_port(listen_fd_.get())),
      poll_("http") {
  poll_.start([this] { loop(); });
}

HttpServer::~HttpServer() = default;

void HttpServer::loop() {
  // oldest first: the front is the connection to drop when the cap is reached
  std::list<Connection> conns;
  std::vector<pollfd> fds;
  std::vector<Connection*> polled;
  for (;;) {
    const auto now = Clock::now();
    // deadlines: a client that has not sent its request, or not taken its
    // answer, in time is closed
    size_t expired = 0;
    for (auto it = conns.begin(); it != conns.end();)
      if (it->done || it->deadline <= now) {
        expired += !it->done;
        it = conns.erase(it);
      } else {
        ++it;
      }
    if (expired) spdlog::debug("http: closed {} connection(s) past their deadline", expired);
    fds.clear();
    polled.clear();
    fds.push_back({listen_fd_.get(), POLLIN, 0});
    auto next = now + std::chrono::seconds(1);
    for (auto& c : conns) {
      fds.push_back({c.fd.get(), short(c.writing ? POLLOUT : POLLIN), 0});
      polled.push_back(&c);
      next = std::min(next, c.deadline);
    }
    if (!poll_.wait(fds, std::chrono::ceil<std::chrono::milliseconds>(next - now))) return;
    for (size_t i = 0; i < polled.size(); ++i) {
      const short ev = fds[i + 1].revents;
      if (!ev) continue;
      Connection& c = *polled[i];
      if (!c.writing) {
        char buf[2048];
        const ssize_t n = ::recv(c.fd.get(), buf, sizeof buf, 0);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
          c.done = true;
          continue;
        }
        if (n < 0) continue;
        c.in.append(buf, size_t(n));
        const auto end = c.in.find("\r\n\r\n");
        if (end == std::string::npos && c.in.size() < kMaxRequest) continue;
        c.out = end == std::string::npos || end + 4 > kMaxRequest
                    ? response(text(431, "request head over " + std::to_string(kMaxRequest) + " bytes\n"))
                    : answer(std::string_view(c.in).substr(0, end), router_);
        c.in.clear();
        c.writing = true;
        c.deadline = Clock::now() + kWriteTimeout;
      }
      const ssize_t n = ::send(c.fd.get(), c.out.data() + c.written, c.out.size() - c.written, MSG_NOSIGNAL);
      if (n < 0 && errno != EAGAIN && errno != EINTR) {
        c.done = true;
        continue;
      }
      if (n > 0) c.written += size_t(n);
      if (c.written == c.out.size()) {
        ::shutdown(c.fd.get(), SHUT_WR);
        c.done = true;
      }
    }
    if (fds[0].revents & POLLIN) {
      for (;;) {
        UniqueFd fd(::accept4(listen_fd_.get(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC));
        if (!fd) break;  // EAGAIN; EMFILE and the like: retried next round
        if (conns.size() >= kMaxConnections) {
          // the oldest connection still sending its request goes; one being
          // answered finishes
          auto victim = conns.begin();
          while (victim != conns.end() && victim->writing) ++victim;
          if (victim == conns.end()) continue;
          conns.erase(victim);
          spdlog::debug("http: {} connections open: dropped the oldest idle one", kMaxConnections);
        }
        conns.emplace_back();
        conns.back().fd = std::move(fd);
        conns.back().deadline = Clock::now() + kRequestTimeout;
      }
    }
  }
}

}  // namespace cuzk::service
