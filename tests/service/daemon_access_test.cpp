// Who reaches a real `cuzk daemon` process: its unix socket gets
// socket_mode and socket_group (in a folder it creates), so another user of
// the group connects; a non-loopback TCP listener with allow_networks
// resets a client from outside them before reading any of its message
// (logged and counted), and serves loopback clients and clients inside.
#include <arpa/inet.h>
#include <grp.h>
#include <grpcpp/generic/generic_stub.h>
#include <gtest/gtest.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <sys/stat.h>
#include <unistd.h>

#include <condition_variable>
#include <mutex>
#include <optional>

#include "daemon_process.hpp"
#include "service/client.hpp"
#include "service/ip_network.hpp"

using namespace cuzk::testing_support;
namespace fs = std::filesystem;

namespace {


fs::path test_dir(const std::string& name) {
  return fs::temp_directory_path() / ("cuzk_daemon_access_test_" + std::to_string(::getpid())) / name;
}

std::string http_metrics(int port) {
  httplib::Client c("127.0.0.1", port);
  auto r = c.Get("/metrics");
  return r && r->status == 200 ? r->body : "";
}

// A group the socket can be given that is not the test process's own
// primary group (so that the chown is seen): a supplementary group, or as
// root any other group. nullopt when there is none.
std::optional<std::pair<gid_t, std::string>> other_group() {
  const gid_t primary = ::getgid();
  std::vector<gid_t> groups(size_t(std::max(::getgroups(0, nullptr), 0)));
  groups.resize(size_t(std::max(::getgroups(int(groups.size()), groups.data()), 0)));
  for (gid_t g : groups)
    if (g != primary)
      if (const ::group* gr = ::getgrgid(g)) return std::pair{g, std::string(gr->gr_name)};
  if (::geteuid() != 0) return std::nullopt;
  std::optional<std::pair<gid_t, std::string>> found;
  ::setgrent();
  while (const ::group* gr = ::getgrent())
    if (gr->gr_gid != primary) {
      found = std::pair{gr->gr_gid, std::string(gr->gr_name)};
      break;
    }
  ::endgrent();
  return found;
}

// This host's first non-loopback IPv4 address (an interface that is up).
std::optional<std::string> host_ipv4() {
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return std::nullopt;
  std::optional<std::string> out;
  for (auto* i = list; i && !out; i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || !(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK))
      continue;
    char buf[INET_ADDRSTRLEN] = {};
    ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr, buf, sizeof buf);
    out = buf;
  }
  ::freeifaddrs(list);
  return out;
}

// A documentation network (RFC 5737) that does not hold `address`.
std::string network_without(const std::string& address) {
  for (const char* net : {"192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24"}) {
    const cuzk::service::IpNetworkList l({net}, "test");
    if (!l.contains(*cuzk::service::IpAddress::parse(address))) return net;
  }
  return "203.0.113.0/24";
}

// A SubmitProof of `body` (any bytes) over plaintext TCP to `address`.
grpc::Status raw_submit(const std::string& address, const std::string& body, const std::string& token = "") {
  auto channel = grpc::CreateChannel(address, grpc::InsecureChannelCredentials());
  grpc::GenericStub generic(channel);
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
  if (!token.empty()) ctx.AddMetadata("authorization", "Bearer " + token);
  grpc::Slice slice(body);
  grpc::ByteBuffer req(&slice, 1), resp;
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  grpc::Status status;
  generic.UnaryCall(&ctx, "/cuzk.v1.ProvingEngine/SubmitProof", grpc::StubOptions(), &req, &resp,
                    [&](grpc::Status s) {
                      std::lock_guard lk(m);
                      status = s;
                      done = true;
                      cv.notify_all();
                    });
  std::unique_lock lk(m);
  cv.wait(lk, [&] { return done; });
  return status;
}

std::string access_config(const fs::path& dir, const std::string& daemon_lines) {
  return "[daemon]\nlisten = [\"unix://" + (dir / "cuzk.sock").string() + "\", \"0.0.0.0:0\"]\n" +
         "status_listen = \"127.0.0.1:0\"\n" + daemon_lines +
         "[memory]\ntotal_budget = \"2GB\"\n[cpu]\nworkers = 1\n[synthesis]\nthreads = 1\n";
}

}  // namespace

// The socket is made in a folder that did not exist, with mode 0660 and the
// configured group from the start, and the log says so.
TEST(DaemonAccess, TheSocketGetsItsModeAndGroup) {
  const auto group = other_group();
  if (!group) GTEST_SKIP() << "no group other than the primary one to give the socket";
  const fs::path dir = test_dir("socket");
  fs::remove_all(dir);
  const fs::path socket = dir / "run" / "curio" / "cuzk.sock";
  ConfiguredDaemon d(dir, "[daemon]\nlisten = \"unix://" + socket.string() + "\"\nsocket_group = \"" + group->second +
                              "\"\n[memory]\ntotal_budget = \"2GB\"\n[cpu]\nworkers = 1\n");
  ASSERT_TRUE(d.ready()) << d.log_text();
  struct stat st {};
  ASSERT_EQ(::stat(socket.c_str(), &st), 0);
  EXPECT_TRUE(S_ISSOCK(st.st_mode));
  EXPECT_EQ(st.st_mode & 0777, 0660u);
  EXPECT_EQ(st.st_gid, group->first);
  EXPECT_TRUE(contains(d.log_text(), "grpc on unix:" + socket.string() + " (mode 0660, group " + group->second + ")"))
      << d.log_text();
  EXPECT_FALSE(cuzk::service::Client("unix:" + socket.string()).status_json().empty());
  fs::remove_all(dir);
}

TEST(DaemonAccess, AnUnknownSocketGroupStopsTheStartNamingIt) {
  const fs::path dir = test_dir("nogroup");
  ConfiguredDaemon d(dir, "[daemon]\nlisten = \"unix://" + (dir / "cuzk.sock").string() +
                              "\"\nsocket_group = \"no-such-group-cuzk\"\n");
  EXPECT_NE(d.exit_code(), 0);
  EXPECT_TRUE(contains(d.log_text(), "no-such-group-cuzk")) << d.log_text();
  EXPECT_FALSE(fs::exists(dir / "cuzk.sock"));
  fs::remove_all(dir);
}

// On 0.0.0.0 with an allow-list that leaves this host's address out, a
// client dialling that address is reset before its 100 MB message is read:
// the daemon's peak memory does not grow by it, the refusal is logged with
// the peer and counted. A loopback client is served on the same port, and
// with the host's address in the list its client is served (and its
// message read: the same peak check would see it).
TEST(DaemonAccess, AllowNetworksRefusesOutsidersBeforeReadingTheirMessage) {
  const auto ip = host_ipv4();
  if (!ip) GTEST_SKIP() << "no non-loopback IPv4 address on this host";
  const std::string outside = network_without(*ip);
  const fs::path dir = test_dir("allow");
  ConfiguredDaemon d(dir, access_config(dir, "allow_networks = [\"" + outside + "\"]\n"));
  ASSERT_TRUE(d.ready()) << d.log_text();
  const int port = d.grpc_port();
  ASSERT_GT(port, 0) << d.log_text();
  EXPECT_TRUE(contains(d.log_text(), "allow_networks " + outside + " only")) << d.log_text();

  const std::string huge(100u << 20, '\xff');
  const long before_kib = d.peak_rss_kib();
  const auto t0 = std::chrono::steady_clock::now();
  const grpc::Status refused = raw_submit(*ip + ":" + std::to_string(port), huge);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::UNAVAILABLE) << refused.error_message();
  EXPECT_LT(seconds, 10.0);
  EXPECT_LT(d.peak_rss_kib() - before_kib, 50 * 1024) << "the refused message was read";
  EXPECT_TRUE(wait_until([&] { return contains(d.log_text(), "connection from " + *ip + ":"); },
                         std::chrono::seconds(10)))
      << d.log_text();
  EXPECT_TRUE(contains(d.log_text(), "refused (PERMISSION_DENIED)")) << d.log_text();
  EXPECT_TRUE(contains(http_metrics(d.http_port()), "cuzk_rpc_errors_total{method=\"connection\",code=\"PERMISSION_DENIED\"}"))
      << http_metrics(d.http_port());
  // loopback: the same trust as the socket
  EXPECT_FALSE(cuzk::service::Client("127.0.0.1:" + std::to_string(port)).status_json().empty());

  // the host's own address allowed: served, and a large message is read
  const fs::path dir2 = test_dir("allow_host");
  ConfiguredDaemon inside(dir2, access_config(dir2, "allow_networks = [\"" + *ip + "/32\"]\n"));
  ASSERT_TRUE(inside.ready()) << inside.log_text();
  const std::string host_address = *ip + ":" + std::to_string(inside.grpc_port());
  EXPECT_FALSE(cuzk::service::Client(host_address).status_json().empty());
  const long inside_before = inside.peak_rss_kib();
  const grpc::Status read = raw_submit(host_address, huge);
  EXPECT_NE(read.error_code(), grpc::StatusCode::UNAVAILABLE) << read.error_message();
  EXPECT_GT(inside.peak_rss_kib() - inside_before, 50 * 1024) << "the bound above could not see a read message";
  // connections the gate handed over end with the server's shutdown
  ::kill(inside.pid(), SIGTERM);
  EXPECT_EQ(inside.exit_code(), 0) << inside.log_text();
  fs::remove_all(dir.parent_path());
}

// With a token and allow_networks both set, a client inside the networks
// (and a loopback one) still shows the token before its message is read:
// the gate relays to a port of gRPC's that checks it.
TEST(DaemonAccess, ATokenWithAllowNetworksIsCheckedOnGatedConnections) {
  const auto ip = host_ipv4();
  if (!ip) GTEST_SKIP() << "no non-loopback IPv4 address on this host";
  const std::string token = "secret-0123456789";
  const fs::path dir = test_dir("both");
  ConfiguredDaemon d(dir, access_config(dir, "allow_networks = [\"" + *ip + "/32\"]\ntoken = \"" + token + "\"\n"));
  ASSERT_TRUE(d.ready()) << d.log_text();
  const std::string port = ":" + std::to_string(d.grpc_port());
  EXPECT_TRUE(contains(d.log_text(), "checked before anything is read; bearer token required")) << d.log_text();
  const std::string huge(100u << 20, '\xff');
  for (const std::string& host : {*ip, std::string("127.0.0.1")}) {
    const long before_kib = d.peak_rss_kib();
    const grpc::Status st = raw_submit(host + port, huge);
    EXPECT_EQ(st.error_code(), grpc::StatusCode::UNAUTHENTICATED) << host << ": " << st.error_message();
    EXPECT_LT(d.peak_rss_kib() - before_kib, 50 * 1024) << host << ": the unauthenticated message was read";
    EXPECT_FALSE(cuzk::service::Client(host + port, token).status_json().empty()) << host;
  }
  // with the token a large message crosses the relay and is answered
  const grpc::Status read = raw_submit(*ip + port, std::string(20u << 20, '\xff'), token);
  EXPECT_NE(read.error_code(), grpc::StatusCode::UNAVAILABLE) << read.error_message();
  EXPECT_NE(read.error_code(), grpc::StatusCode::UNAUTHENTICATED) << read.error_message();
  ::kill(d.pid(), SIGTERM);
  EXPECT_EQ(d.exit_code(), 0) << d.log_text();
  fs::remove_all(dir);
}
