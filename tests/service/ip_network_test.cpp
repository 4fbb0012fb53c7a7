// [daemon] allow_networks: CIDR parsing, membership of peers as gRPC names
// them and as sockaddrs, and which listen hosts are loopback.
#include "service/ip_network.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>

#include "core/error.hpp"

using namespace cuzk;
using namespace cuzk::service;

namespace {

std::string error_of(const std::string& cidr) {
  try {
    IpNetwork::parse(cidr, "daemon.allow_networks");
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

bool in(const std::string& cidr, const std::string& addr) {
  return IpNetwork::parse(cidr, "t").contains(*IpAddress::parse(addr));
}

}  // namespace

TEST(IpNetwork, ParsesCidrsAndBareAddresses) {
  EXPECT_EQ(IpNetwork::parse("10.0.0.0/8", "t").text(), "10.0.0.0/8");
  EXPECT_EQ(IpNetwork::parse("10.1.2.3", "t").text(), "10.1.2.3/32");
  EXPECT_EQ(IpNetwork::parse("::1", "t").text(), "::1/128");
  EXPECT_EQ(IpNetwork::parse("fd00::/8", "t").text(), "fd00::/8");
  EXPECT_EQ(IpNetwork::parse("10.1.2.3/8", "t").text(), "10.0.0.0/8");  // host bits cleared
  EXPECT_EQ(IpNetwork::parse("0.0.0.0/0", "t").text(), "0.0.0.0/0");
  EXPECT_EQ(IpNetwork::parse("::ffff:10.0.0.0/104", "t").text(), "10.0.0.0/8");  // mapped: as IPv4
}

TEST(IpNetwork, ErrorsNameTheTextAndTheFix) {
  EXPECT_NE(error_of("10.0.0.0/33").find("daemon.allow_networks '10.0.0.0/33': prefix length 33 is over 32 for IPv4"),
            std::string::npos);
  EXPECT_NE(error_of("fd00::/129").find("over 128 for IPv6"), std::string::npos);
  EXPECT_NE(error_of("10.0.0/8").find("'10.0.0' is not an IPv4 or IPv6 address"), std::string::npos);
  EXPECT_NE(error_of("10.0.0.0/").find("prefix length '' is not a number"), std::string::npos);
  EXPECT_NE(error_of("10.0.0.0/x").find("prefix length 'x'"), std::string::npos);
  EXPECT_NE(error_of("localhost").find("a host name; write 127.0.0.1 or ::1"), std::string::npos);
  EXPECT_NE(error_of("").find("expected a network like \"10.0.0.0/16\""), std::string::npos);
}

TEST(IpNetwork, Contains) {
  EXPECT_TRUE(in("10.0.0.0/8", "10.255.1.2"));
  EXPECT_FALSE(in("10.0.0.0/8", "11.0.0.1"));
  EXPECT_TRUE(in("192.168.4.0/22", "192.168.7.255"));
  EXPECT_FALSE(in("192.168.4.0/22", "192.168.8.0"));
  EXPECT_TRUE(in("10.1.2.3", "10.1.2.3"));
  EXPECT_FALSE(in("10.1.2.3", "10.1.2.4"));
  EXPECT_TRUE(in("0.0.0.0/0", "8.8.8.8"));
  EXPECT_FALSE(in("0.0.0.0/0", "::1"));  // families apart
  EXPECT_TRUE(in("fd00::/8", "fd12:3456::1"));
  EXPECT_FALSE(in("fd00::/8", "fe80::1"));
  EXPECT_TRUE(in("10.0.0.0/8", "::ffff:10.9.9.9"));  // a dual-stack listener's IPv4 peer
}

TEST(IpNetworkList, GrpcPeersAndSockaddrs) {
  const IpNetworkList list({"10.0.0.0/16", "fd00::/8"}, "t");
  EXPECT_TRUE(list.contains_peer("ipv4:10.0.1.2:5555"));
  EXPECT_FALSE(list.contains_peer("ipv4:10.1.1.2:5555"));
  EXPECT_TRUE(list.contains_peer("ipv6:[fd00::7]:5555"));
  EXPECT_TRUE(list.contains_peer("ipv6:%5Bfd00::7%5D:5555"));
  EXPECT_TRUE(list.contains_peer("ipv6:[::ffff:10.0.3.4]:1"));
  EXPECT_FALSE(list.contains_peer("ipv6:[::1]:5555"));
  EXPECT_FALSE(list.contains_peer("unix:/run/curio/cuzk.sock"));
  EXPECT_FALSE(list.contains_peer("garbage"));

  sockaddr_in v4{};
  v4.sin_family = AF_INET;
  ::inet_pton(AF_INET, "10.0.200.1", &v4.sin_addr);
  EXPECT_TRUE(list.contains(reinterpret_cast<const sockaddr*>(&v4)));
  ::inet_pton(AF_INET, "10.2.0.1", &v4.sin_addr);
  EXPECT_FALSE(list.contains(reinterpret_cast<const sockaddr*>(&v4)));
  sockaddr_in6 v6{};
  v6.sin6_family = AF_INET6;
  ::inet_pton(AF_INET6, "fd00::1", &v6.sin6_addr);
  EXPECT_TRUE(list.contains(reinterpret_cast<const sockaddr*>(&v6)));
  ::inet_pton(AF_INET6, "::ffff:10.0.0.9", &v6.sin6_addr);
  EXPECT_TRUE(list.contains(reinterpret_cast<const sockaddr*>(&v6)));
  sockaddr un{};
  un.sa_family = AF_UNIX;
  EXPECT_FALSE(list.contains(&un));
  EXPECT_FALSE(IpNetworkList().contains_peer("ipv4:10.0.0.1:1"));  // an empty list holds nobody
}

TEST(IpNetwork, LoopbackHosts) {
  for (const char* h : {"127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST", "::ffff:127.0.0.1"})
    EXPECT_TRUE(is_loopback_host(h)) << h;
  for (const char* h : {"0.0.0.0", "::", "[::]", "10.0.0.1", "128.0.0.1", "prover.lan", "localhost.example.com", ""})
    EXPECT_FALSE(is_loopback_host(h)) << h;
}
