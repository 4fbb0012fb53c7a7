#include "service/tcp_access.hpp"

#include <grpcpp/server.h>
#include <grpcpp/server_posix.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "core/error.hpp"
#include "service/log.hpp"

namespace cuzk::service {

int listen_tcp(const std::string& host, int port, const std::string& what) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* res = nullptr;
  const std::string service = std::to_string(port);
  const std::string where = (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + service;
  if (const int rc = ::getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &res); rc != 0)
    throw Error(what + ": cannot resolve '" + host + "': " + ::gai_strerror(rc));
  std::string why = "no address";
  int fd = -1;
  for (auto* ai = res; ai && fd < 0; ai = ai->ai_next) {
    fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0) continue;
    const int yes = 1, no = 0;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    // "::" takes IPv4 clients too, as gRPC's own listeners do
    if (ai->ai_family == AF_INET6) ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &no, sizeof no);
    if (::bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || ::listen(fd, 256) != 0) {
      why = std::strerror(errno);
      ::close(fd);
      fd = -1;
    }
  }
  ::freeaddrinfo(res);
  if (fd < 0) throw Error(what + ": cannot listen on " + where + ": " + why + " (a port in use by another process?)");
  return fd;
}

int bound_port(int fd) {
  sockaddr_storage ss{};
  socklen_t len = sizeof ss;
  if (::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len) != 0) return 0;
  if (ss.ss_family == AF_INET6) return ntohs(reinterpret_cast<const sockaddr_in6*>(&ss)->sin6_port);
  return ntohs(reinterpret_cast<const sockaddr_in*>(&ss)->sin_port);
}

namespace {

const IpNetworkList& loopback() {
  static const IpNetworkList nets({"127.0.0.0/8", "::1/128"}, "loopback");
  return nets;
}

std::string peer_text(const sockaddr_storage& ss) {
  const auto a = IpAddress::from_sockaddr(reinterpret_cast<const sockaddr*>(&ss));
  if (!a) return "?";
  const int port = ss.ss_family == AF_INET6 ? ntohs(reinterpret_cast<const sockaddr_in6*>(&ss)->sin6_port)
                                            : ntohs(reinterpret_cast<const sockaddr_in*>(&ss)->sin_port);
  return (a->v6 ? "[" + a->text() + "]" : a->text()) + ":" + std::to_string(port);
}

}  // namespace

PeerGate::PeerGate(const std::string& host, int port, IpNetworkList allowed, Metrics& metrics)
    : allowed_(std::move(allowed)), metrics_(metrics) {
  listen_fd_ = listen_tcp(host, port, "gRPC ([daemon] listen)");
  port_ = bound_port(listen_fd_);
  wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (wake_fd_ < 0) {
    ::close(listen_fd_);
    throw Error(std::string("listen: eventfd: ") + std::strerror(errno));
  }
}

PeerGate::~PeerGate() {
  stop_ = true;
  const uint64_t one = 1;
  if (::write(wake_fd_, &one, sizeof one) < 0) {
    // the loop polls with a timeout and sees stop_ then
  }
  if (thread_.joinable()) thread_.join();
  ::close(wake_fd_);
  ::close(listen_fd_);
}

void PeerGate::start(grpc::Server& server) {
  thread_ = std::thread([this, s = &server] { loop(s); });
}

void PeerGate::loop(grpc::Server* server) {
  while (!stop_) {
    pollfd fds[2] = {{wake_fd_, POLLIN, 0}, {listen_fd_, POLLIN, 0}};
    if (::poll(fds, 2, 1000) < 0 && errno != EINTR) {
      spdlog::error("listen: poll: {}", std::strerror(errno));
      return;
    }
    if (fds[0].revents) return;
    if (!(fds[1].revents & POLLIN)) continue;
    for (;;) {
      sockaddr_storage ss{};
      socklen_t len = sizeof ss;
      const int fd = ::accept4(listen_fd_, reinterpret_cast<sockaddr*>(&ss), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) {
        // out of descriptors and the like: wait before the next round
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
          std::this_thread::sleep_for(std::chrono::milliseconds(50));
        break;
      }
      const auto* sa = reinterpret_cast<const sockaddr*>(&ss);
      if (!loopback().contains(sa) && !allowed_.contains(sa)) {
        refuse(fd, peer_text(ss));
        continue;
      }
      const int yes = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
      grpc::AddInsecureChannelFromFd(server, fd);  // gRPC owns fd from here
    }
  }
}

void PeerGate::refuse(int fd, const std::string& peer) {
  // a reset, not an orderly close: the client's call fails at once, and
  // nothing it sent is read
  const linger reset{1, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
  ::close(fd);
  metrics_.record_rpc_error("connection", "PERMISSION_DENIED");
  // a flood of refused connections must not flood the log: 10 lines a second
  const int64_t now_s =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
  if (now_s != log_second_) {
    if (unlogged_)
      spdlog::warn("grpc over tcp: {} more connection(s) refused (not in [daemon] allow_networks)", unlogged_);
    log_second_ = now_s;
    logged_ = unlogged_ = 0;
  }
  if (logged_ >= 10) {
    ++unlogged_;
    return;
  }
  ++logged_;
  std::string nets;
  for (const auto& n : allowed_.networks()) nets += (nets.empty() ? "" : ", ") + n.text();
  spdlog::warn("grpc over tcp: connection from {} refused (PERMISSION_DENIED): not loopback and not in [daemon] "
               "allow_networks ({}); closed before anything was read",
               peer, nets);
}

}  // namespace cuzk::service
