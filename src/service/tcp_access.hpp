// Who reaches the daemon's TCP ports. A listener on a loopback address is
// gRPC's own (the trust of the unix socket; a token, when set, is checked on
// every call: token_auth.hpp). A listener on another address with [daemon]
// allow_networks is a PeerGate: the daemon accepts its connections itself
// and checks each peer's address before a byte of it is read. Loopback peers
// and peers inside allow_networks are served; any other is reset at
// once, logged with its address and counted in
// cuzk_rpc_errors_total{method="connection",code="PERMISSION_DENIED"}.
//
// Why an accept loop: gRPC's auth metadata processor runs before a call's
// message is read, but with plaintext credentials its auth context holds no
// peer address (only the security type), and interceptors and handlers run
// once the message has been read. A connection handed to gRPC by its file
// descriptor (grpcpp/server_posix.h) skips gRPC's auth filter too, so with
// a token set the gate does not hand connections over: it relays them
// (TcpRelay) to a loopback port of gRPC's that carries the token check, and
// every call still shows the token before its message is read.
#pragma once
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/unique_fd.hpp"
#include "service/ip_network.hpp"
#include "service/metrics.hpp"
#include "service/poll_thread.hpp"

namespace grpc {
class Server;
}

namespace cuzk::service {

// A listening TCP socket on host:port (port 0: any free port; "" or
// "0.0.0.0": every IPv4 address, "::" both families), non-blocking, without
// SO_REUSEPORT so that a second daemon on the port fails instead of sharing
// it. Throws Error naming `what`, the address and the config `key`.
UniqueFd listen_tcp(const std::string& host, int port, const std::string& what, const std::string& key);
int bound_port(int fd);

// Copies bytes both ways between admitted clients and 127.0.0.1:port, on
// one poll thread; a side's end is passed on (shutdown) once its bytes are.
class TcpRelay {
 public:
  static constexpr size_t kBuffer = 256 << 10;  // per direction
  static constexpr size_t kMaxPairs = 256;
  explicit TcpRelay(int port);
  ~TcpRelay();  // closes every relayed connection
  TcpRelay(const TcpRelay&) = delete;
  TcpRelay& operator=(const TcpRelay&) = delete;
  // Takes `client` (closed on failure); false when the upstream port does
  // not answer or kMaxPairs are relayed.
  bool add(UniqueFd client);

 private:
  struct Pair;
  void loop();

  int port_;
  std::mutex mu_;
  std::vector<std::pair<UniqueFd, UniqueFd>> incoming_;  // (client, upstream) of pairs not yet polled
  std::atomic<size_t> pairs_{0};
  PollThread poll_;  // last: stopped before what its loop uses goes
};

class PeerGate {
 public:
  // Listens on host:port; `metrics` must outlive the gate.
  PeerGate(const std::string& host, int port, IpNetworkList allowed, Metrics& metrics);
  ~PeerGate();  // stops accepting; connections already handed over stay the server's
  PeerGate(const PeerGate&) = delete;
  PeerGate& operator=(const PeerGate&) = delete;
  // Hands admitted connections to `server` from now on, or with relay_port
  // > 0 relays them to 127.0.0.1:relay_port (until destruction: destroy the
  // gate before shutting the server down).
  void start(grpc::Server& server, int relay_port = 0);
  int port() const { return port_; }

 private:
  void loop(grpc::Server* server);
  void refuse(UniqueFd fd, const std::string& peer, const std::string& why);
  std::unique_ptr<TcpRelay> relay_;

  IpNetworkList allowed_;
  Metrics& metrics_;
  UniqueFd listen_fd_;
  int port_ = 0;
  // refusals logged in the current second, and those left out of the log
  int64_t log_second_ = 0;
  unsigned logged_ = 0, unlogged_ = 0;
  PollThread poll_;  // last: stopped before what its loop uses goes
};

}  // namespace cuzk::service
