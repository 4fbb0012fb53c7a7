#include "service/tcp_access.hpp"

#include <grpcpp/server.h>
#include <grpcpp/server_posix.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fcntl.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <list>
#include <thread>

#include "core/error.hpp"
#include "service/log.hpp"

namespace cuzk::service {

UniqueFd listen_tcp(const std::string& host, int port, const std::string& what, const std::string& key) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* res = nullptr;
  const std::string service = std::to_string(port);
  const std::string where = (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + service;
  if (const int rc = ::getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &res); rc != 0)
    throw Error(what + ": cannot resolve '" + host + "' (" + key + "): " + ::gai_strerror(rc));
  std::string why = "no address";
  UniqueFd fd;
  for (auto* ai = res; ai && !fd; ai = ai->ai_next) {
    fd.reset(::socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol));
    if (!fd) continue;
    const int yes = 1, no = 0;
    ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    // "::" takes IPv4 clients too, as gRPC's own listeners do
    if (ai->ai_family == AF_INET6) ::setsockopt(fd.get(), IPPROTO_IPV6, IPV6_V6ONLY, &no, sizeof no);
    if (::bind(fd.get(), ai->ai_addr, ai->ai_addrlen) != 0 || ::listen(fd.get(), 256) != 0) {
      why = std::strerror(errno);
      fd.reset();
    }
  }
  ::freeaddrinfo(res);
  if (!fd)
    throw Error(what + ": cannot listen on " + where + " (" + key + "): " + why + " (a port in use by another process?)");
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

struct TcpRelay::Pair {
  UniqueFd client, upstream;
  std::string up, down;  // read from the client, not yet sent upstream; and back
  bool client_eof = false, upstream_eof = false, up_shut = false, down_shut = false, dead = false;
};

TcpRelay::TcpRelay(int port) : port_(port), poll_("listen: relay") {
  poll_.start([this] { loop(); });
}

TcpRelay::~TcpRelay() = default;

bool TcpRelay::add(UniqueFd client) {
  if (pairs_.load() >= kMaxPairs) return false;
  UniqueFd up(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(uint16_t(port_));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  // loopback: the connect completes at once, or fails at once
  if (!up || ::connect(up.get(), reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0) return false;
  const int yes = 1;
  ::setsockopt(up.get(), IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
  ::fcntl(up.get(), F_SETFL, ::fcntl(up.get(), F_GETFL) | O_NONBLOCK);
  ++pairs_;
  {
    std::lock_guard lk(mu_);
    incoming_.emplace_back(std::move(client), std::move(up));
  }
  poll_.wake();
  return true;
}

namespace {

// Reads what fits from `from` into `buf`; sets eof or dead.
void pull(int from, std::string& buf, bool& eof, bool& dead) {
  char chunk[64 << 10];
  const size_t room = std::min(sizeof chunk, TcpRelay::kBuffer - buf.size());
  const ssize_t n = ::recv(from, chunk, room, 0);
  if (n > 0) buf.append(chunk, size_t(n));
  if (n == 0) eof = true;
  if (n < 0 && errno != EAGAIN && errno != EINTR) dead = true;
}

void push(int to, std::string& buf, bool& dead) {
  const ssize_t n = ::send(to, buf.data(), buf.size(), MSG_NOSIGNAL);
  if (n > 0) buf.erase(0, size_t(n));
  if (n < 0 && errno != EAGAIN && errno != EINTR) dead = true;
}

}  // namespace

void TcpRelay::loop() {
  std::list<Pair> pairs;
  std::vector<pollfd> fds;
  for (;;) {
    {
      std::lock_guard lk(mu_);
      for (auto& [c, u] : incoming_) {
        pairs.emplace_back();
        pairs.back().client = std::move(c);
        pairs.back().upstream = std::move(u);
      }
      incoming_.clear();
    }
    fds.clear();
    // a side with nothing wanted is left out (negative fd): its hang-up
    // would otherwise wake the loop until the other side drains
    auto entry = [](const UniqueFd& fd, short ev) { return pollfd{ev ? fd.get() : -1, ev, 0}; };
    for (auto& p : pairs) {
      fds.push_back(entry(p.client, short((!p.client_eof && p.up.size() < kBuffer ? POLLIN : 0) |
                                          (!p.down.empty() ? POLLOUT : 0))));
      fds.push_back(entry(p.upstream, short((!p.upstream_eof && p.down.size() < kBuffer ? POLLIN : 0) |
                                            (!p.up.empty() ? POLLOUT : 0))));
    }
    if (!poll_.wait(fds, std::chrono::milliseconds(1000))) return;
    size_t i = 0;
    for (auto& p : pairs) {
      const short c = fds[i++].revents, u = fds[i++].revents;
      if ((c | u) & POLLERR) p.dead = true;
      if (c & (POLLIN | POLLHUP)) pull(p.client.get(), p.up, p.client_eof, p.dead);
      if (u & (POLLIN | POLLHUP)) pull(p.upstream.get(), p.down, p.upstream_eof, p.dead);
      if (!p.up.empty()) push(p.upstream.get(), p.up, p.dead);
      if (!p.down.empty()) push(p.client.get(), p.down, p.dead);
      // an end is passed on once the bytes before it are
      if (p.client_eof && p.up.empty() && !p.up_shut) {
        ::shutdown(p.upstream.get(), SHUT_WR);
        p.up_shut = true;
      }
      if (p.upstream_eof && p.down.empty() && !p.down_shut) {
        ::shutdown(p.client.get(), SHUT_WR);
        p.down_shut = true;
      }
    }
    for (auto it = pairs.begin(); it != pairs.end();)
      if (it->dead || (it->up_shut && it->down_shut)) {
        it = pairs.erase(it);
        --pairs_;
      } else {
        ++it;
      }
  }
}

PeerGate::PeerGate(const std::string& host, int port, IpNetworkList allowed, Metrics& metrics)
    : allowed_(std::move(allowed)),
      metrics_(metrics),
      listen_fd_(listen_tcp(host, port, "gRPC", "[daemon] listen")),
      port_(bound_port(listen_fd_.get())),
      poll_("listen") {}

PeerGate::~PeerGate() = default;

void PeerGate::start(grpc::Server& server, int relay_port) {
  if (relay_port > 0) relay_ = std::make_unique<TcpRelay>(relay_port);
  poll_.start([this, s = &server] { loop(s); });
}

void PeerGate::loop(grpc::Server* server) {
  std::vector<pollfd> fds;
  for (;;) {
    fds.assign(1, {listen_fd_.get(), POLLIN, 0});
    if (!poll_.wait(fds, std::chrono::milliseconds(1000))) return;
    if (!(fds[0].revents & POLLIN)) continue;
    for (;;) {
      sockaddr_storage ss{};
      socklen_t len = sizeof ss;
      UniqueFd fd(::accept4(listen_fd_.get(), reinterpret_cast<sockaddr*>(&ss), &len, SOCK_NONBLOCK | SOCK_CLOEXEC));
      if (!fd) {
        // out of descriptors and the like: wait before the next round
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
          std::this_thread::sleep_for(std::chrono::milliseconds(50));
        break;
      }
      const auto* sa = reinterpret_cast<const sockaddr*>(&ss);
      if (!loopback().contains(sa) && !allowed_.contains(sa)) {
        refuse(std::move(fd), peer_text(ss), "not loopback and not in [daemon] allow_networks");
        continue;
      }
      const int yes = 1;
      ::setsockopt(fd.get(), IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
      if (!relay_) {
        grpc::AddInsecureChannelFromFd(server, fd.release());  // gRPC owns it from here
      } else if (!relay_->add(std::move(fd))) {
        metrics_.record_rpc_error("connection", "RESOURCE_EXHAUSTED");
        spdlog::warn("grpc over tcp: connection from {} closed: {} connections relayed already, or the token port "
                     "did not answer",
                     peer_text(ss), TcpRelay::kMaxPairs);
      }
    }
  }
}

void PeerGate::refuse(UniqueFd fd, const std::string& peer, const std::string& why) {
  // a reset, not an orderly close: the client's call fails at once, and
  // nothing it sent is read
  const linger reset{1, 0};
  ::setsockopt(fd.get(), SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
  fd.reset();
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
  spdlog::warn("grpc over tcp: connection from {} refused (PERMISSION_DENIED): {} ({}); closed before anything was "
               "read",
               peer, why, nets);
}

}  // namespace cuzk::service
