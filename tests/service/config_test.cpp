// Daemon config: defaults, every section, and errors naming the key at fault.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "service/config.hpp"

using namespace cuzk;
using namespace cuzk::service;

TEST(ServiceConfig, ParsesEverySection) {
  auto c = parse_config(R"(
[memory]
budget_gb = 8.5
[gpus]
devices = [0, 1]
workers_per_gpu = 3
host_memory = "register"
stream_abc = false
[cpu]
workers = 2
[synthesis]
threads = 4
max_ready = 6
[[keys.preload]]
id = "porep"
path = "/keys/porep.params"
pin = true
prewarm = 10
[listen]
unix_socket = "/tmp/x.sock"
tcp = "127.0.0.1:9820"
token = "t"
max_message_mb = 2
[http]
port = 0
[jobs]
max_partitions = 10
drain_timeout_s = 5
)",
                        "test.toml");
  EXPECT_DOUBLE_EQ(c.budget_gb, 8.5);
  EXPECT_EQ(c.gpu_devices, (std::vector<int>{0, 1}));
  EXPECT_EQ(c.workers_per_gpu, 3u);
  EXPECT_EQ(c.host_memory, "register");
  EXPECT_FALSE(c.stream_abc);
  EXPECT_EQ(c.cpu_workers, 2u);
  EXPECT_EQ(c.synthesis_threads, 4u);
  ASSERT_EQ(c.preload.size(), 1u);
  EXPECT_EQ(c.preload[0].id, "porep");
  EXPECT_TRUE(c.preload[0].pin);
  EXPECT_EQ(c.preload[0].prewarm, 10u);
  EXPECT_EQ(c.tcp, "127.0.0.1:9820");
  EXPECT_EQ(c.bearer_token(), "t");
  EXPECT_EQ(c.http_port, 0);
  EXPECT_EQ(c.max_partitions, 10u);
  EXPECT_DOUBLE_EQ(c.drain_timeout_s, 5);
}

TEST(ServiceConfig, DefaultsListenOnAUnixSocketOnly) {
  auto c = parse_config("", "empty.toml");
  EXPECT_EQ(c.unix_socket, "/run/cuzk/cuzk.sock");
  EXPECT_TRUE(c.tcp.empty());
}

TEST(ServiceConfig, ErrorsNameTheKey) {
  auto msg = [](const std::string& text) {
    try {
      parse_config(text, "bad.toml");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(msg("[memory]\nbudget_gbb = 3\n").find("unknown key 'budget_gbb' in [memory]"), std::string::npos);
  EXPECT_NE(msg("[gpus]\nworkers_per_gpu = 99\n").find("gpus.workers_per_gpu = 99 out of range"), std::string::npos);
  EXPECT_NE(msg("[listen]\ntcp = \"0.0.0.0:1\"\n").find("requires a bearer token"), std::string::npos);
  EXPECT_NE(msg("[http]\nport = \"x\"\n").find("bad.toml"), std::string::npos);
  EXPECT_NE(msg("[gpus]\nhost_memory = \"huge\"\n").find("host_memory = 'huge'"), std::string::npos);
  EXPECT_NE(msg("[[keys.preload]]\nid = \"a\"\n").find("'path' is required"), std::string::npos);
  EXPECT_NE(msg("[[keys.preload]]\npath = \"/k\"\nprewarm = 5000\n").find("prewarm = 5000 out of range"),
            std::string::npos);
  EXPECT_NE(msg("nonsense = = 1").find("bad.toml"), std::string::npos);
}
