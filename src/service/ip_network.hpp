// IP networks as [daemon] allow_networks lists them ("10.0.0.0/8",
// "fd00::/8", a bare address meaning itself alone), and the test whether a
// TCP peer is inside one. IPv4-mapped IPv6 peers (::ffff:10.1.2.3, what a
// dual-stack listener reports) count as their IPv4 address.
#pragma once
#include <sys/socket.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cuzk::service {

struct IpAddress {
  bool v6 = false;
  std::array<uint8_t, 16> bytes{};  // IPv4: the first 4

  // "10.1.2.3", "::1", "[::1]"; nullopt when it is not an address.
  static std::optional<IpAddress> parse(const std::string& text);
  // An AF_INET or AF_INET6 address; nullopt for other families.
  static std::optional<IpAddress> from_sockaddr(const sockaddr* sa);
  // A peer as gRPC names it: "ipv4:10.1.2.3:5555", "ipv6:[::1]:5555" (also
  // percent-encoded, "ipv6:%5B::1%5D:5555"); nullopt for others ("unix:...").
  static std::optional<IpAddress> from_grpc_peer(const std::string& peer);
  std::string text() const;
};

class IpNetwork {
 public:
  // "10.0.0.0/8", "fd00::/8", "10.1.2.3" (/32), "::1" (/128). Host bits
  // past the prefix are cleared ("10.1.2.3/8" is 10.0.0.0/8). Error naming
  // `what` and the text otherwise.
  static IpNetwork parse(const std::string& text, const std::string& what);
  bool contains(const IpAddress& a) const;
  std::string text() const;  // "10.0.0.0/8"

 private:
  IpAddress base_;
  unsigned prefix_ = 0;
};

// A list of networks: the peer is served when any contains it.
class IpNetworkList {
 public:
  IpNetworkList() = default;
  IpNetworkList(const std::vector<std::string>& cidrs, const std::string& what);
  bool empty() const { return nets_.empty(); }
  bool contains(const IpAddress& a) const;
  bool contains(const sockaddr* sa) const;             // false for non-IP families
  bool contains_peer(const std::string& grpc_peer) const;  // false for non-IP peers
  const std::vector<IpNetwork>& networks() const { return nets_; }

 private:
  std::vector<IpNetwork> nets_;
};

// A listen host only this machine reaches: 127.0.0.0/8, ::1 (also as
// ::ffff:127.x.y.z, with or without brackets) or "localhost".
bool is_loopback_host(const std::string& host);

}  // namespace cuzk::service
