#include "service/ip_network.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <cctype>
#include <cstring>

#include "core/error.hpp"

namespace cuzk::service {

namespace {

// ::ffff:a.b.c.d as a.b.c.d; others unchanged.
IpAddress unmapped(IpAddress a) {
  static const uint8_t prefix[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  if (!a.v6 || std::memcmp(a.bytes.data(), prefix, 12) != 0) return a;
  IpAddress v4;
  std::copy(a.bytes.begin() + 12, a.bytes.end(), v4.bytes.begin());
  return v4;
}

std::string lower(std::string s) {
  for (auto& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

}  // namespace

std::optional<IpAddress> IpAddress::parse(const std::string& text) {
  std::string s = text;
  if (s.size() >= 2 && s.front() == '[' && s.back() == ']') s = s.substr(1, s.size() - 2);
  IpAddress a;
  if (::inet_pton(AF_INET, s.c_str(), a.bytes.data()) == 1) return a;
  a.v6 = true;
  if (::inet_pton(AF_INET6, s.c_str(), a.bytes.data()) == 1) return a;
  return std::nullopt;
}

std::optional<IpAddress> IpAddress::from_sockaddr(const sockaddr* sa) {
  if (!sa) return std::nullopt;
  IpAddress a;
  if (sa->sa_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(sa);
    std::memcpy(a.bytes.data(), &in->sin_addr, 4);
    return a;
  }
  if (sa->sa_family == AF_INET6) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(sa);
    a.v6 = true;
    std::memcpy(a.bytes.data(), &in6->sin6_addr, 16);
    return a;
  }
  return std::nullopt;
}

std::optional<IpAddress> IpAddress::from_grpc_peer(const std::string& peer) {
  std::string p = peer;
  // gRPC percent-encodes the brackets of IPv6 peers in some versions
  for (const auto& [enc, dec] : {std::pair<const char*, const char*>{"%5B", "["}, {"%5D", "]"}, {"%5b", "["}, {"%5d", "]"}})
    for (size_t at; (at = p.find(enc)) != std::string::npos;) p.replace(at, 3, dec);
  std::string host;
  if (p.rfind("ipv4:", 0) == 0) {
    const auto colon = p.rfind(':');
    host = colon > 4 ? p.substr(5, colon - 5) : p.substr(5);
  } else if (p.rfind("ipv6:", 0) == 0) {
    const auto close = p.find(']');
    if (p.size() > 5 && p[5] == '[' && close != std::string::npos)
      host = p.substr(6, close - 6);
    else
      host = p.substr(5);
  } else {
    return std::nullopt;
  }
  const auto pct = host.find('%');  // a zone ("fe80::1%eth0") is not part of the address
  if (pct != std::string::npos) host = host.substr(0, pct);
  return parse(host);
}

std::string IpAddress::text() const {
  char buf[INET6_ADDRSTRLEN] = {};
  ::inet_ntop(v6 ? AF_INET6 : AF_INET, bytes.data(), buf, sizeof buf);
  return buf;
}

IpNetwork IpNetwork::parse(const std::string& text, const std::string& what) {
  auto bad = [&](const std::string& why) {
    return Error(what + " '" + text + "': " + why + " (expected a network like \"10.0.0.0/16\" or \"fd00::/8\", or one address)");
  };
  const auto slash = text.find('/');
  const std::string addr = text.substr(0, slash);
  const auto a = IpAddress::parse(addr);
  if (!a) {
    if (lower(addr) == "localhost") throw bad("a host name; write 127.0.0.1 or ::1");
    throw bad("'" + addr + "' is not an IPv4 or IPv6 address");
  }
  const unsigned max = a->v6 ? 128 : 32;
  IpNetwork n;
  n.base_ = *a;
  n.prefix_ = max;
  if (slash != std::string::npos) {
    const std::string len = text.substr(slash + 1);
    if (len.empty() || len.size() > 3 || !std::all_of(len.begin(), len.end(), [](char c) { return c >= '0' && c <= '9'; }))
      throw bad("prefix length '" + len + "' is not a number");
    n.prefix_ = unsigned(std::stoul(len));
    if (n.prefix_ > max)
      throw bad("prefix length " + len + " is over " + std::to_string(max) + " for " + (a->v6 ? "IPv6" : "IPv4"));
  }
  // a mapped IPv4 network is its IPv4 one, as peers are compared
  if (n.base_.v6 && n.prefix_ >= 96 && unmapped(n.base_).v6 == false) {
    n.base_ = unmapped(n.base_);
    n.prefix_ -= 96;
  }
  for (unsigned bit = n.prefix_; bit < (n.base_.v6 ? 128u : 32u); ++bit)
    n.base_.bytes[bit / 8] &= uint8_t(~(0x80u >> (bit % 8)));
  return n;
}

bool IpNetwork::contains(const IpAddress& addr) const {
  const IpAddress a = unmapped(addr);
  if (a.v6 != base_.v6) return false;
  const unsigned full = prefix_ / 8, rest = prefix_ % 8;
  if (std::memcmp(a.bytes.data(), base_.bytes.data(), full) != 0) return false;
  if (rest == 0) return true;
  const uint8_t mask = uint8_t(0xff00u >> rest);
  return (a.bytes[full] & mask) == base_.bytes[full];
}

std::string IpNetwork::text() const { return base_.text() + "/" + std::to_string(prefix_); }

IpNetworkList::IpNetworkList(const std::vector<std::string>& cidrs, const std::string& what) {
  for (const auto& c : cidrs) nets_.push_back(IpNetwork::parse(c, what));
}

bool IpNetworkList::contains(const IpAddress& a) const {
  return std::any_of(nets_.begin(), nets_.end(), [&](const IpNetwork& n) { return n.contains(a); });
}

bool IpNetworkList::contains(const sockaddr* sa) const {
  const auto a = IpAddress::from_sockaddr(sa);
  return a && contains(*a);
}

bool IpNetworkList::contains_peer(const std::string& grpc_peer) const {
  const auto a = IpAddress::from_grpc_peer(grpc_peer);
  return a && contains(*a);
}

bool is_loopback_host(const std::string& host) {
  if (lower(host) == "localhost") return true;
  const auto a = IpAddress::parse(host);
  if (!a) return false;
  static const IpNetwork v4 = IpNetwork::parse("127.0.0.0/8", "loopback");
  static const IpNetwork v6 = IpNetwork::parse("::1", "loopback");
  return v4.contains(*a) || v6.contains(*a);
}

}  // namespace cuzk::service
