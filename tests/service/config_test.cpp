// Daemon config: Curio's cuzk.example.toml as is, our own keys, the notes for
// keys accepted but not acted on, and errors naming the file and the key.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "service/config.hpp"
#include "service/param_folder.hpp"

using namespace cuzk;
using namespace cuzk::service;

namespace {

// The message parse_config throws, or "no error".
std::string error_of(const std::string& text) {
  try {
    parse_config(text, "bad.toml");
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

::testing::AssertionResult Has(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' lacks '" << part << "'";
}

// The one note mentioning `key`, or "" (failing) when there is none or several.
std::string note_of(const DaemonConfig& c, const std::string& key) {
  std::string found;
  int n = 0;
  for (const auto& note : c.notes)
    if (note.find(key) != std::string::npos) found = note, ++n;
  EXPECT_EQ(n, 1) << "notes mentioning " << key;
  return found;
}

// Curio's cuzk.example.toml as shipped (tests/service/curio/).
std::string curio_example() {
  std::ifstream f(std::string(CUZK_SOURCE_DIR) + "/tests/service/curio/cuzk.example.toml");
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

std::filesystem::path write_file(const std::string& name, const std::string& content) {
  const auto p = std::filesystem::path(::testing::TempDir()) / name;
  std::ofstream(p) << content;
  return p;
}

}  // namespace

TEST(ServiceConfig, CurioExampleAsShippedIsRefusedNamingTheFixes) {
  const std::string path = std::string(CUZK_SOURCE_DIR) + "/tests/service/curio/cuzk.example.toml";
  std::string msg = "no error";
  try {
    load_config(path);
  } catch (const Error& e) {
    msg = e.what();
  }
  EXPECT_TRUE(Has(msg, "config '" + path + "': daemon.listen = '0.0.0.0:9820'"));
  EXPECT_TRUE(Has(msg, "listen = \"127.0.0.1:9820\" when Curio runs on this machine"));
  EXPECT_TRUE(Has(msg, "allow_networks = [\"10.0.0.0/16\"] with your Curio nodes' network"));
  EXPECT_TRUE(Has(msg, "token_file = \"/path/to/token\" (or token)"));
  EXPECT_TRUE(Has(msg, "insecure_tcp = true to serve anyone"));
}

// `cuzk -c cuzk.example.toml -l 127.0.0.1:9820`: the flag replaces the
// file's 0.0.0.0 before the listening rules judge the addresses.
TEST(ServiceConfig, ListenFlagReplacesTheFilesAddressesBeforeTheyAreJudged) {
  const std::string path = std::string(CUZK_SOURCE_DIR) + "/tests/service/curio/cuzk.example.toml";
  const auto c = load_config(path, {"127.0.0.1:9820", ""});
  EXPECT_EQ(c.listen, (std::vector<std::string>{"127.0.0.1:9820"}));
  std::string msg = "no error";
  try {
    load_config(path, {"0.0.0.0:9830", ""});
  } catch (const Error& e) {
    msg = e.what();
  }
  EXPECT_TRUE(Has(msg, "--listen = '0.0.0.0:9830'")) << msg;
}

TEST(ServiceConfig, CurioExampleOnLoopbackLoadsAndNamesKeysWithoutEffect) {
  const auto c = parse_config(replaced(curio_example(), "listen = \"0.0.0.0:9820\"", "listen = \"127.0.0.1:9820\""),
                              "curio.toml");
  EXPECT_EQ(c.listen, (std::vector<std::string>{"127.0.0.1:9820"}));
  EXPECT_FALSE(c.insecure_tcp);
  EXPECT_EQ(c.bearer_token(), "");
  EXPECT_EQ(c.status_listen, "");
  EXPECT_EQ(c.param_folders(), (std::vector<std::string>{"/data/zk/params"}));
  EXPECT_EQ(c.total_budget_bytes, 0u);
  EXPECT_EQ(c.safety_margin_bytes, 5ull << 30);
  EXPECT_DOUBLE_EQ(c.eviction_min_idle_s, 300);
  EXPECT_TRUE(c.gpu_devices.empty());
  EXPECT_EQ(c.workers_per_gpu, 2u);
  EXPECT_EQ(c.synthesis_threads, 0u);
  EXPECT_EQ(c.max_ready, 1u);  // synthesis_lookahead
  EXPECT_EQ(parse_log_directives(c.log_level, "t").level, "info");
  ASSERT_EQ(c.notes.size(), 2u) << testing::PrintToString(c.notes);
  EXPECT_TRUE(Has(note_of(c, "gpus.gpu_threads"), "gpus.gpu_threads = 32 ignored: cuzk sizes the threads"));
  EXPECT_TRUE(Has(note_of(c, "sort_by_type"), "jobs run by priority then arrival"));
}

// documentation/en/experimental-features/cuzk-proving-daemon.md's minimal
// configuration, on a loopback address.
TEST(ServiceConfig, CurioMinimalConfigOnLoopback) {
  const auto c = parse_config(R"([daemon]
listen = "127.0.0.1:9820"

[srs]
param_cache = "/var/tmp/filecoin-proof-parameters"
preload = ["porep-32g"]

[synthesis]
partition_workers = 7   # Adjust based on RAM (see table below)
)",
                              "minimal.toml");
  EXPECT_EQ(c.listen, (std::vector<std::string>{"127.0.0.1:9820"}));
  EXPECT_EQ(c.param_folders(), (std::vector<std::string>{"/var/tmp/filecoin-proof-parameters"}));
  ASSERT_EQ(c.preload.size(), 1u);
  EXPECT_EQ(c.preload[0].circuit_id, "porep-32g");
  ASSERT_EQ(c.notes.size(), 1u) << testing::PrintToString(c.notes);
  EXPECT_TRUE(Has(note_of(c, "synthesis.partition_workers"), "= 7 ignored: the memory budget decides"));
}

TEST(ServiceConfig, Defaults) {
  const auto c = parse_config("", "empty.toml");
  EXPECT_EQ(c.listen, (std::vector<std::string>{"unix:///run/curio/cuzk.sock"}));
  EXPECT_EQ(c.status_listen, "");
  EXPECT_EQ(c.socket_mode, 0660u);
  EXPECT_EQ(c.socket_group, "");
  EXPECT_TRUE(c.allow_networks.empty());
  EXPECT_FALSE(c.insecure_tcp);
  EXPECT_EQ(c.max_message_mb, 256u);
  EXPECT_EQ(c.max_rpc_threads, 256u);
  EXPECT_TRUE(c.preload.empty());
  EXPECT_EQ(c.total_budget_bytes, 0u);
  EXPECT_EQ(c.safety_margin_bytes, 4ull << 30);
  EXPECT_DOUBLE_EQ(c.eviction_min_idle_s, 0);
  EXPECT_TRUE(c.use_gpus);
  EXPECT_EQ(c.workers_per_gpu, 2u);
  EXPECT_EQ(c.host_memory, "register");
  EXPECT_TRUE(c.stream_abc);
  EXPECT_EQ(c.cpu_workers, 1u);
  EXPECT_EQ(c.max_ready, 0u);
  EXPECT_EQ(c.log_level, "info");
  EXPECT_EQ(c.log_format, "");
  EXPECT_EQ(c.max_partitions, 256u);
  EXPECT_EQ(c.max_jobs, 10000u);
  EXPECT_DOUBLE_EQ(c.result_ttl_s, 600);
  EXPECT_DOUBLE_EQ(c.drain_timeout_s, 60);
  EXPECT_TRUE(c.verify_proofs);
  EXPECT_FALSE(c.cancel_on_disconnect);
  EXPECT_TRUE(c.notes.empty());
}

TEST(ServiceConfig, ParsesEveryKey) {
  const auto c = parse_config(R"(
[daemon]
listen = ["unix:///tmp/a.sock", "127.0.0.1:9820"]
status_listen = ""
socket_mode = "0600"
socket_group = "0"
allow_networks = ["10.0.0.0/16", "fd00::/8"]
token = "t"
max_message_mb = 2048
max_rpc_threads = 4
[srs]
param_cache = "/p"
[[srs.preload]]
circuit_id = "porep-32g"
pin = true
prewarm = 10
[[srs.preload]]
id = "mine"
path = "/keys/mine.params"
[memory]
total_budget = "256GiB"
safety_margin = 1048576
eviction_min_idle = 30
[gpus]
enabled = false
devices = [1, 0]
gpu_workers_per_device = 8
gpu_threads = 0
host_memory = "staged"
stream_abc = false
[cpu]
workers = 3
[synthesis]
threads = 4
max_ready = 6
[scheduler]
max_batch_size = 1
[pipeline]
synthesis_lookahead = 6
[logging]
level = "WARNING"
format = "json"
[jobs]
max_partitions = 10
max_jobs = 10000000
result_ttl_s = 1.5
drain_timeout_s = 5
verify_proofs = false
cancel_on_disconnect = true
)",
                              "all.toml");
  EXPECT_EQ(c.listen, (std::vector<std::string>{"unix:///tmp/a.sock", "127.0.0.1:9820"}));
  EXPECT_EQ(c.status_listen, "");
  EXPECT_EQ(c.socket_mode, 0600u);
  EXPECT_EQ(c.socket_group, "0");
  EXPECT_EQ(c.allow_networks, (std::vector<std::string>{"10.0.0.0/16", "fd00::/8"}));
  EXPECT_EQ(c.bearer_token(), "t");
  EXPECT_EQ(c.max_message_mb, 2048u);
  EXPECT_EQ(c.max_rpc_threads, 4u);
  EXPECT_EQ(c.param_folders(), (std::vector<std::string>{"/p"}));
  ASSERT_EQ(c.preload.size(), 2u);
  EXPECT_EQ(c.preload[0].circuit_id, "porep-32g");
  EXPECT_TRUE(c.preload[0].pin);
  EXPECT_EQ(c.preload[0].prewarm, 10u);
  EXPECT_EQ(c.preload[1].circuit_id, "");
  EXPECT_EQ(c.preload[1].id, "mine");
  EXPECT_EQ(c.preload[1].path, "/keys/mine.params");
  EXPECT_FALSE(c.preload[1].pin);
  EXPECT_EQ(c.total_budget_bytes, 256ull << 30);
  EXPECT_EQ(c.safety_margin_bytes, 1048576u);
  EXPECT_DOUBLE_EQ(c.eviction_min_idle_s, 30);
  EXPECT_FALSE(c.use_gpus);
  EXPECT_EQ(c.gpu_devices, (std::vector<int>{1, 0}));
  EXPECT_EQ(c.workers_per_gpu, 8u);
  EXPECT_EQ(c.host_memory, "staged");
  EXPECT_FALSE(c.stream_abc);
  EXPECT_EQ(c.cpu_workers, 3u);
  EXPECT_EQ(c.synthesis_threads, 4u);
  EXPECT_EQ(c.max_ready, 6u);
  EXPECT_EQ(c.log_level, "WARNING");
  EXPECT_EQ(parse_log_directives(c.log_level, "t").level, "warn");
  EXPECT_EQ(c.log_format, "json");
  EXPECT_EQ(c.max_partitions, 10u);
  EXPECT_EQ(c.max_jobs, 10000000u);
  EXPECT_DOUBLE_EQ(c.result_ttl_s, 1.5);
  EXPECT_DOUBLE_EQ(c.drain_timeout_s, 5);
  EXPECT_FALSE(c.verify_proofs);
  EXPECT_TRUE(c.cancel_on_disconnect);
  EXPECT_TRUE(c.notes.empty()) << testing::PrintToString(c.notes);
}

TEST(ServiceConfig, PreloadAsCircuitIdStrings) {
  const auto c = parse_config("[srs]\npreload = [\"porep-32g\", \"wpost-32g\"]\n", "t.toml");
  ASSERT_EQ(c.preload.size(), 2u);
  EXPECT_EQ(c.preload[0].circuit_id, "porep-32g");
  EXPECT_EQ(c.preload[1].circuit_id, "wpost-32g");
  EXPECT_TRUE(c.preload[1].path.empty());
  const auto mixed = parse_config("[srs]\npreload = [\"porep-32g\", {path = \"/k.params\", pin = true}]\n", "t.toml");
  ASSERT_EQ(mixed.preload.size(), 2u);
  EXPECT_EQ(mixed.preload[1].path, "/k.params");
  EXPECT_TRUE(mixed.preload[1].pin);
}

TEST(ServiceConfig, PreloadRefusals) {
  EXPECT_TRUE(Has(error_of("[[srs.preload]]\npin = true\n"), "srs.preload #1: give circuit_id"));
  EXPECT_TRUE(Has(error_of("[[srs.preload]]\npin = true\n"), "not neither"));
  EXPECT_TRUE(Has(error_of("[[srs.preload]]\ncircuit_id = \"a\"\npath = \"/b\"\n"), "not both"));
  EXPECT_TRUE(Has(error_of("[[srs.preload]]\ncircuit_id = \"a\"\nid = \"b\"\n"), "id names a key loaded from path"));
  EXPECT_TRUE(Has(error_of("[[srs.preload]]\npath = \"/k\"\nprewarm = 5000\n"), "prewarm = 5000 out of range 0..4096"));
  EXPECT_TRUE(Has(error_of("[[srs.preload]]\npath = \"/k\"\npinned = true\n"), "unknown key 'pinned' in srs.preload #1"));
  EXPECT_TRUE(Has(error_of("[srs]\npreload = [\"a\", 3]\n"), "srs.preload #2 must be a circuit id string or a table"));
  EXPECT_TRUE(Has(error_of("[srs]\npreload = [\"\"]\n"), "srs.preload #1 is an empty circuit id"));
  EXPECT_TRUE(Has(error_of("[srs]\npreload = \"porep-32g\"\n"), "srs.preload must be an array"));
  EXPECT_TRUE(Has(error_of("[[srs.preload]]\npath = 3\n"), "srs.preload #1.path must be a string, not an integer"));
}

TEST(ServiceConfig, ListenForms) {
  const auto c = parse_config(
      "[daemon]\nlisten = [\"unix:///run/a.sock\", \"unix:/run/b.sock\", \"unix:rel.sock\"]\n", "t.toml");
  EXPECT_EQ(c.listen.size(), 3u);
  EXPECT_EQ(c.listen[1], "unix:/run/b.sock");
  // Port 0: any free port. IPv6 in brackets.
  const auto tcp = parse_config("[daemon]\nlisten = [\"127.0.0.1:0\", \"[::1]:65535\"]\ntoken = \"t\"\n", "t.toml");
  EXPECT_EQ(tcp.listen, (std::vector<std::string>{"127.0.0.1:0", "[::1]:65535"}));
}

TEST(ServiceConfig, LoopbackTcpNeedsNothingOtherAddressesNeedAGuard) {
  // loopback: the same trust as the socket
  for (const char* a : {"127.0.0.1:9820", "127.8.9.10:1", "[::1]:9820", "localhost:9820", "LocalHost:1",
                        "[::ffff:127.0.0.1]:1"})
    EXPECT_EQ(error_of(std::string("[daemon]\nlisten = \"") + a + "\"\n"), "no error") << a;
  // elsewhere: a token, an allow-list or the insecure switch
  EXPECT_EQ(error_of("[daemon]\nlisten = \"0.0.0.0:9820\"\ntoken = \"t\"\n"), "no error");
  EXPECT_EQ(error_of("[daemon]\nlisten = \"0.0.0.0:9820\"\nallow_networks = [\"10.0.0.0/16\"]\n"), "no error");
  EXPECT_EQ(error_of("[daemon]\nlisten = \"0.0.0.0:9820\"\ninsecure_tcp = true\n"), "no error");
  // an empty allow-list guards nothing
  EXPECT_TRUE(Has(error_of("[daemon]\nlisten = \"0.0.0.0:9820\"\nallow_networks = []\n"),
                  "daemon.listen = '0.0.0.0:9820': TCP on an address other machines reach"));
  // A TCP entry anywhere in the list, IPv6 and names included
  EXPECT_TRUE(Has(error_of("[daemon]\nlisten = [\"unix:///a\", \"127.0.0.1:1\", \"10.0.0.1:1\"]\n"),
                  "daemon.listen = '10.0.0.1:1': TCP on an address"));
  EXPECT_TRUE(Has(error_of("[daemon]\nlisten = \"[::]:9820\"\n"), "listen = \"127.0.0.1:9820\""));
  EXPECT_TRUE(Has(error_of("[daemon]\nlisten = \"prover.lan:7000\"\n"), "listen = \"127.0.0.1:7000\""));
}

TEST(ServiceConfig, SocketModeAndGroup) {
  auto mode = [](const std::string& v) { return parse_config("[daemon]\nsocket_mode = " + v + "\n", "t").socket_mode; };
  EXPECT_EQ(mode("\"0660\""), 0660u);
  EXPECT_EQ(mode("\"660\""), 0660u);
  EXPECT_EQ(mode("\"0o600\""), 0600u);
  EXPECT_EQ(mode("0o666"), 0666u);
  EXPECT_EQ(mode("0"), 0u);
  EXPECT_TRUE(Has(error_of("[daemon]\nsocket_mode = 660\n"), "daemon.socket_mode = 660 is a decimal number (write \"0660\""));
  EXPECT_TRUE(Has(error_of("[daemon]\nsocket_mode = \"0698\"\n"), "'0698' is not an octal mode"));
  EXPECT_TRUE(Has(error_of("[daemon]\nsocket_mode = \"rw-rw----\"\n"), "is not an octal mode"));
  EXPECT_TRUE(Has(error_of("[daemon]\nsocket_mode = true\n"), "daemon.socket_mode must be an octal mode"));
  EXPECT_EQ(parse_config("[daemon]\nsocket_group = \"12345\"\n", "t").socket_group, "12345");
  EXPECT_EQ(parse_config("[daemon]\nsocket_group = \"root\"\n", "t").socket_group, "root");
  EXPECT_TRUE(Has(error_of("[daemon]\nsocket_group = \"no-such-group-cuzk\"\n"),
                  "daemon.socket_group = 'no-such-group-cuzk': no such group on this machine"));
}

TEST(ServiceConfig, AllowNetworksAreCheckedWhenLoaded) {
  EXPECT_TRUE(Has(error_of("[daemon]\nallow_networks = [\"10.0.0.0/33\"]\n"),
                  "daemon.allow_networks '10.0.0.0/33': prefix length 33 is over 32 for IPv4"));
  EXPECT_TRUE(Has(error_of("[daemon]\nallow_networks = [\"localhost\"]\n"), "a host name; write 127.0.0.1 or ::1"));
  EXPECT_TRUE(Has(error_of("[daemon]\nallow_networks = \"10.0.0.0/8\"\n"), "daemon.allow_networks must be an array"));
  EXPECT_TRUE(Has(error_of("[daemon]\nallow_networks = [8]\n"), "an element is an integer"));
}

TEST(ServiceConfig, CancelOnDisconnect) {
  EXPECT_FALSE(parse_config("", "t").cancel_on_disconnect);
  EXPECT_TRUE(parse_config("[jobs]\ncancel_on_disconnect = true\n", "t").cancel_on_disconnect);
  EXPECT_TRUE(Has(error_of("[jobs]\ncancel_on_disconnect = 1\n"), "jobs.cancel_on_disconnect must be true or false"));
}

TEST(ServiceConfig, MalformedListenEntries) {
  auto listen = [](const std::string& a) { return error_of("[daemon]\ninsecure_tcp = true\nlisten = \"" + a + "\"\n"); };
  EXPECT_TRUE(Has(listen("0.0.0.0"), "daemon.listen '0.0.0.0': no port"));
  EXPECT_TRUE(Has(listen("0.0.0.0:"), "no port"));
  EXPECT_TRUE(Has(listen("0.0.0.0:65536"), "port '65536' is not a number in 0..65535"));
  EXPECT_TRUE(Has(listen("0.0.0.0:99999999"), "port '99999999'"));
  EXPECT_TRUE(Has(listen("0.0.0.0:http"), "port 'http'"));
  EXPECT_TRUE(Has(listen(":9820"), "no host"));
  EXPECT_TRUE(Has(listen("::1:9820"), "IPv6 host goes in brackets"));
  EXPECT_TRUE(Has(listen("[::1:9820"), "unclosed"));
  EXPECT_TRUE(Has(listen("unix:"), "empty unix socket path"));
  EXPECT_TRUE(Has(listen("unix://"), "empty unix socket path"));
  EXPECT_TRUE(Has(listen("unix://run/x.sock"), "unix:// takes an absolute path"));
  EXPECT_TRUE(Has(listen("tcp://1.2.3.4:5"), "unknown scheme"));
  EXPECT_TRUE(Has(error_of("[daemon]\nlisten = []\n"), "daemon.listen is empty"));
  EXPECT_TRUE(Has(error_of("[daemon]\nlisten = [\"unix:/a\", \"unix:/a\"]\n"), "'unix:/a' is listed twice"));
  EXPECT_TRUE(Has(error_of("[daemon]\nlisten = 9820\n"), "daemon.listen must be a string or an array of strings"));
  EXPECT_TRUE(Has(error_of("[daemon]\nlisten = [\"unix:/a\", 1]\n"), "an element is an integer"));
  EXPECT_TRUE(Has(error_of("[daemon]\nstatus_listen = \"9821\"\n"), "daemon.status_listen '9821': no port"));
  EXPECT_TRUE(Has(error_of("[daemon]\nstatus_listen = \"unix:/x\"\n"), "not a unix socket here"));
  EXPECT_EQ(parse_config("[daemon]\nstatus_listen = \"[::]:0\"\n", "t").status_listen, "[::]:0");
}

TEST(ServiceConfig, TokenFile) {
  const auto good = write_file("cuzk_token", "  s3cret \r\nsecond line\n");
  const auto c = parse_config("[daemon]\nlisten = \"127.0.0.1:1\"\ntoken_file = \"" + good.string() + "\"\n", "t.toml");
  EXPECT_EQ(c.bearer_token(), "s3cret");

  const auto empty = write_file("cuzk_token_empty", " \n");
  EXPECT_TRUE(Has(error_of("[daemon]\ntoken_file = \"" + empty.string() + "\"\n"), "token_file '" + empty.string() + "' is empty"));
  EXPECT_TRUE(Has(error_of("[daemon]\nlisten = \"127.0.0.1:1\"\ntoken_file = \"/nonexistent/token\"\n"),
                  "config 'bad.toml': [daemon] token_file '/nonexistent/token' cannot be read"));
  EXPECT_TRUE(Has(error_of("[daemon]\ntoken = \"a\"\ntoken_file = \"" + good.string() + "\"\n"),
                  "set token or token_file, not both"));

  // A token file that goes away after loading: bearer_token() says so.
  DaemonConfig later;
  later.token_file = "/nonexistent/token";
  try {
    later.bearer_token();
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_TRUE(Has(e.what(), "cannot be read"));
  }
  EXPECT_EQ(DaemonConfig{}.bearer_token(), "");
}

TEST(ServiceConfig, ParamFolderSearchOrder) {
  DaemonConfig c;
  const std::vector<std::string> curio = {"/data/zk/params", "/var/tmp/filecoin-proof-parameters"};
  ::unsetenv("FIL_PROOFS_PARAMETER_CACHE");
  EXPECT_EQ(c.param_folders(), curio);
  ::setenv("FIL_PROOFS_PARAMETER_CACHE", "", 1);
  EXPECT_EQ(c.param_folders(), curio);
  ::setenv("FIL_PROOFS_PARAMETER_CACHE", "/env/params", 1);
  EXPECT_EQ(c.param_folders(), (std::vector<std::string>{"/env/params", curio[0], curio[1]}));
  ::setenv("FIL_PROOFS_PARAMETER_CACHE", "/data/zk/params", 1);
  EXPECT_EQ(c.param_folders(), curio);  // once
  c.param_cache = "/cfg/params";
  EXPECT_EQ(c.param_folders(), (std::vector<std::string>{"/cfg/params"}));
  ::unsetenv("FIL_PROOFS_PARAMETER_CACHE");
}

TEST(ParamFolder, TakesEachFileFromTheFirstFolderHoldingIt) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(::testing::TempDir()) / "cuzk_param_folders";
  fs::remove_all(root);
  const fs::path a = root / "a", b = root / "b";
  fs::create_directories(a);
  fs::create_directories(b);
  const auto porep = *circuit_type("porep-2k"), wpost = *circuit_type("wpost-2k"), snap = *circuit_type("snap-2k");
  const ParamFolder f({a.string(), b.string()});
  const std::string porep_name = fs::path(f.params_path(porep)).filename().string();
  const std::string wpost_name = fs::path(f.params_path(wpost)).filename().string();
  std::ofstream(b / porep_name) << "x";  // in b only
  std::ofstream(a / wpost_name) << "x";  // in both: a's
  std::ofstream(b / wpost_name) << "x";
  EXPECT_EQ(f.params_path(porep), (b / porep_name).string());
  EXPECT_EQ(f.params_path(wpost), (a / wpost_name).string());
  // in none: the first folder's path, which does not exist
  EXPECT_EQ(fs::path(f.params_path(snap)).parent_path(), a);
  EXPECT_FALSE(fs::exists(f.params_path(snap)));
  EXPECT_EQ(f.searched(), "parameter folders '" + a.string() + "', '" + b.string() + "' (searched in this order)");
  EXPECT_EQ(ParamFolder({a.string()}).searched(), "parameter folder '" + a.string() + "'");
  fs::remove_all(root);
}

TEST(ServiceConfig, NotesForKeysNotActedOn) {
  const auto c = parse_config(R"(
[memory]
pinned_budget = "64GiB"
working_memory_budget = "128GiB"
[synthesis]
partition_workers = 4
[scheduler]
max_batch_size = 4
max_batch_wait_ms = 10000
[pipeline]
enabled = false
synthesis_concurrency = 2
)",
                              "t.toml");
  EXPECT_EQ(c.notes.size(), 7u) << testing::PrintToString(c.notes);
  EXPECT_TRUE(Has(note_of(c, "memory.pinned_budget"), "ignored: total_budget covers every allocation"));
  EXPECT_TRUE(Has(note_of(c, "memory.working_memory_budget"), "ignored: total_budget covers every allocation"));
  EXPECT_TRUE(Has(note_of(c, "synthesis.partition_workers"), "the memory budget decides how many partitions"));
  EXPECT_TRUE(Has(note_of(c, "scheduler.max_batch_size"), "= 4 ignored: cuzk does not merge sectors"));
  EXPECT_TRUE(Has(note_of(c, "scheduler.max_batch_wait_ms"), "= 10000 ignored"));
  EXPECT_TRUE(Has(note_of(c, "pipeline.enabled"), "the pipeline is always on"));
  EXPECT_TRUE(Has(note_of(c, "pipeline.synthesis_concurrency"), "= 2 ignored: partitions of all jobs synthesize together"));
}

TEST(ServiceConfig, NoNotesForHarmlessValues) {
  const auto c = parse_config(R"(
[gpus]
gpu_threads = 0
[scheduler]
max_batch_size = 1
max_batch_wait_ms = 50
sort_by_type = false
[pipeline]
enabled = true
synthesis_concurrency = 1
)",
                              "t.toml");
  EXPECT_TRUE(c.notes.empty()) << testing::PrintToString(c.notes);
}

TEST(ServiceConfig, MaxReadyOverSynthesisLookahead) {
  EXPECT_EQ(parse_config("[pipeline]\nsynthesis_lookahead = 3\n", "t").max_ready, 3u);
  const auto same = parse_config("[synthesis]\nmax_ready = 3\n[pipeline]\nsynthesis_lookahead = 3\n", "t");
  EXPECT_EQ(same.max_ready, 3u);
  EXPECT_TRUE(same.notes.empty());
  const auto c = parse_config("[synthesis]\nmax_ready = 0\n[pipeline]\nsynthesis_lookahead = 2\n", "t");
  EXPECT_EQ(c.max_ready, 0u);
  EXPECT_TRUE(Has(note_of(c, "pipeline.synthesis_lookahead"), "= 2 ignored: synthesis.max_ready = 0 is set"));
}

// Curio's names for the engine's two knobs: partitions synthesizing at once
// (each synthesis thread takes one) and synthesized partitions waiting for a
// backend.
TEST(ServiceConfig, CurioPipelineKeysSetTheEngineKnobs) {
  EXPECT_EQ(parse_config("[pipeline]\nmax_parallel_synthesis = 6\n", "t").synthesis_threads, 6u);
  EXPECT_EQ(parse_config("[synthesis]\nthreads = 0\n[pipeline]\nmax_parallel_synthesis = 6\n", "t").synthesis_threads, 6u);
  const auto both = parse_config("[synthesis]\nthreads = 4\n[pipeline]\nmax_parallel_synthesis = 6\n", "t");
  EXPECT_EQ(both.synthesis_threads, 4u);
  EXPECT_TRUE(Has(note_of(both, "max_parallel_synthesis"), "pipeline.max_parallel_synthesis = 6 ignored: synthesis.threads = 4 is set"));
  EXPECT_EQ(parse_config("[pipeline]\nmax_parallel_synthesis = 0\n", "t").synthesis_threads, 0u);

  EXPECT_EQ(parse_config("[pipeline]\nmax_gpu_queue_depth = 8\n", "t").max_ready, 8u);
  EXPECT_EQ(parse_config("[pipeline]\nslot_size = 3\n", "t").max_ready, 3u);
  const auto all = parse_config("[pipeline]\nmax_gpu_queue_depth = 8\nslot_size = 3\nsynthesis_lookahead = 1\n", "t");
  EXPECT_EQ(all.max_ready, 8u);
  EXPECT_TRUE(Has(note_of(all, "slot_size"), "pipeline.slot_size = 3 ignored: pipeline.max_gpu_queue_depth = 8 is set"));
  EXPECT_TRUE(Has(note_of(all, "synthesis_lookahead"), "= 1 ignored: pipeline.max_gpu_queue_depth = 8 is set"));
  // 0 is Curio's "off" for these: the automatic value here, no note
  const auto off = parse_config("[pipeline]\nmax_gpu_queue_depth = 0\nslot_size = 0\n", "t");
  EXPECT_EQ(off.max_ready, 0u);
  EXPECT_TRUE(off.notes.empty()) << testing::PrintToString(off.notes);
  EXPECT_TRUE(Has(error_of("[pipeline]\nslot_size = -1\n"), "pipeline.slot_size = -1 out of range"));
}

TEST(ServiceConfig, RangesAndEnums) {
  EXPECT_TRUE(Has(error_of("[gpus]\ngpu_workers_per_device = 9\n"), "gpus.gpu_workers_per_device = 9 out of range 1..8"));
  EXPECT_TRUE(Has(error_of("[gpus]\ngpu_threads = -1\n"), "gpus.gpu_threads = -1 out of range 0.."));
  EXPECT_TRUE(Has(error_of("[gpus]\ndevices = [-1]\n"), "device -1 out of range"));
  EXPECT_TRUE(Has(error_of("[gpus]\ndevices = [0, 0]\n"), "device 0 is listed twice"));
  EXPECT_TRUE(Has(error_of("[gpus]\nhost_memory = \"huge\"\n"), "gpus.host_memory = 'huge'"));
  EXPECT_TRUE(Has(error_of("[daemon]\nmax_message_mb = 0\n"), "daemon.max_message_mb = 0 out of range 1..2048"));
  EXPECT_TRUE(Has(error_of("[daemon]\nmax_message_mb = 2049\n"), "out of range 1..2048"));
  EXPECT_TRUE(Has(error_of("[daemon]\nmax_rpc_threads = 3\n"), "daemon.max_rpc_threads = 3 out of range 4..65536"));
  EXPECT_TRUE(Has(error_of("[cpu]\nworkers = 0\n"), "cpu.workers = 0 out of range 1..256"));
  EXPECT_TRUE(Has(error_of("[synthesis]\nthreads = 1025\n"), "synthesis.threads = 1025 out of range 0..1024"));
  EXPECT_TRUE(Has(error_of("[synthesis]\nmax_ready = -1\n"), "synthesis.max_ready = -1 out of range"));
  EXPECT_TRUE(Has(error_of("[scheduler]\nmax_batch_size = 0\n"), "scheduler.max_batch_size = 0 out of range 1.."));
  EXPECT_TRUE(Has(error_of("[pipeline]\nsynthesis_lookahead = -1\n"), "pipeline.synthesis_lookahead = -1"));
  EXPECT_TRUE(Has(error_of("[jobs]\nmax_partitions = 65537\n"), "jobs.max_partitions = 65537 out of range 1..65536"));
  EXPECT_TRUE(Has(error_of("[jobs]\nmax_jobs = 0\n"), "jobs.max_jobs = 0 out of range"));
  EXPECT_TRUE(Has(error_of("[jobs]\nresult_ttl_s = -1\n"), "jobs.result_ttl_s = -1 out of range"));
  EXPECT_TRUE(Has(error_of("[jobs]\ndrain_timeout_s = -0.5\n"), "jobs.drain_timeout_s = -0.5 out of range"));
  EXPECT_TRUE(Has(error_of("[logging]\nlevel = \"loud\"\n"), "logging.level = 'loud': directive 'loud' is not a level"));
  EXPECT_TRUE(Has(error_of("[logging]\nformat = \"xml\"\n"), "logging.format = 'xml'"));
  EXPECT_EQ(parse_config("[logging]\nformat = \"text\"\nlevel = \"trace\"\n", "t").log_format, "");
  EXPECT_EQ(parse_config("[logging]\nformat = \"\"\n", "t").log_format, "");
  EXPECT_EQ(parse_config("[logging]\nlevel = \"Debug\"\n", "t").log_level, "Debug");
}

TEST(ServiceConfig, WrongTypesNameFileAndKey) {
  auto expect = [](const std::string& text, const std::string& part) {
    const auto msg = error_of(text);
    EXPECT_TRUE(Has(msg, "config 'bad.toml': "));
    EXPECT_TRUE(Has(msg, part));
  };
  expect("[daemon]\ninsecure_tcp = \"yes\"\n", "daemon.insecure_tcp must be true or false, not a string");
  expect("[daemon]\nmax_message_mb = \"4\"\n", "daemon.max_message_mb must be an integer, not a string");
  expect("[daemon]\ntoken = 5\n", "daemon.token must be a string, not an integer");
  expect("[gpus]\ndevices = 0\n", "gpus.devices must be an array of device numbers, not an integer");
  expect("[gpus]\ndevices = [\"0\"]\n", "an element is a string");
  expect("[gpus]\ngpu_workers_per_device = 2.0\n", "must be an integer, not a float");
  expect("[memory]\ntotal_budget = 1.5\n", "memory.total_budget must be \"auto\", a size");
  expect("[memory]\nsafety_margin = true\n", "memory.safety_margin must be a size");
  expect("[memory]\neviction_min_idle = [1]\n", "memory.eviction_min_idle must be a number, not an array");
  expect("[jobs]\nresult_ttl_s = \"10m\"\n", "jobs.result_ttl_s must be a number, not a string");
  expect("[scheduler]\nsort_by_type = 1\n", "scheduler.sort_by_type must be true or false");
  expect("daemon = 1\n", "[daemon] must be a table, not an integer");
  expect("nonsense = = 1", "bad.toml");
}

TEST(ServiceConfig, UnknownKeysAndSections) {
  const auto key = error_of("[memory]\ntotal_budgett = \"auto\"\n");
  EXPECT_TRUE(Has(key, "config 'bad.toml': unknown key 'total_budgett' in [memory]"));
  EXPECT_TRUE(Has(key, "(known: eviction_min_idle, pinned_budget, safety_margin, total_budget, working_memory_budget)"));
  const auto section = error_of("[listen]\ntcp = \"1.2.3.4:5\"\n");
  EXPECT_TRUE(Has(section, "unknown section [listen]"));
  EXPECT_TRUE(Has(section, "known sections: cpu, daemon, gpus, jobs, logging, memory, pipeline, scheduler, srs, synthesis"));
  EXPECT_TRUE(Has(error_of("listen = \"x\"\n"), "unknown key 'listen' at the top level"));
  EXPECT_TRUE(Has(error_of("[gpus]\nworkers_per_gpu = 2\n"), "unknown key 'workers_per_gpu' in [gpus]"));
  EXPECT_TRUE(Has(error_of("[pipeline]\nlookahead = 2\n"), "unknown key 'lookahead' in [pipeline]"));
}

TEST(ServiceConfig, UnknownNamesSuggestTheClosestKnownOne) {
  EXPECT_TRUE(Has(error_of("[pipeline]\nmax_paralel_synthesis = 4\n"),
                  "unknown key 'max_paralel_synthesis' in [pipeline]; did you mean 'max_parallel_synthesis'?"));
  EXPECT_TRUE(Has(error_of("[memory]\ntotal_budgett = \"auto\"\n"), "; did you mean 'total_budget'?"));
  EXPECT_TRUE(Has(error_of("[gpus]\ngpu_workers_per_devcie = 2\n"), "did you mean 'gpu_workers_per_device'?"));
  EXPECT_TRUE(Has(error_of("[pipline]\nenabled = true\n"), "unknown section [pipline]; did you mean [pipeline]?"));
  EXPECT_TRUE(Has(error_of("[Daemon]\nlisten = \"unix:/a\"\n"), "did you mean [daemon]?"));
  // a key of another section
  EXPECT_TRUE(Has(error_of("[daemon]\nparam_cache = \"/p\"\n"), "unknown key 'param_cache' in [daemon]; 'param_cache' belongs in [srs]"));
  EXPECT_TRUE(Has(error_of("param_cache = \"/p\"\n"), "at the top level; 'param_cache' belongs in [srs]"));
  EXPECT_TRUE(Has(error_of("[synthesis]\nmax_parallel_synthesis = 4\n"), "belongs in [pipeline]"));
  EXPECT_TRUE(Has(error_of("[srs]\nparam_cahce = \"/p\"\n"), "did you mean 'param_cache'?"));
  EXPECT_TRUE(Has(error_of("[[srs.preload]]\ncircuit = \"porep-32g\"\n"), "unknown key 'circuit' in srs.preload #1"));
  EXPECT_TRUE(Has(error_of("[[srs.preload]]\npinn = true\npath = \"/k\"\n"), "did you mean 'pin'?"));
  // nothing close: no guess
  const auto far = error_of("[jobs]\nzzz = 1\n");
  EXPECT_TRUE(Has(far, "unknown key 'zzz' in [jobs] (known: "));
  EXPECT_EQ(far.find("did you mean"), std::string::npos) << far;
}

TEST(LogDirectives, CurioEnvFilterForms) {
  auto level = [](const std::string& d) { return parse_log_directives(d, "t").level; };
  EXPECT_EQ(level("info"), "info");
  EXPECT_EQ(level("debug"), "debug");
  EXPECT_EQ(level("INFO"), "info");
  EXPECT_EQ(level("warning"), "warn");
  EXPECT_EQ(level("cuzk=debug,info"), "debug");
  EXPECT_EQ(level("info,cuzk=warn"), "warn");  // the target's own level wins over the default
  EXPECT_EQ(level("warn,cuzk_core=trace,h2=off"), "trace");
  EXPECT_EQ(level("cuzk_core=debug,cuzk_server=warn"), "debug");  // one logger: the most verbose
  EXPECT_EQ(level("cuzk_core::engine=debug"), "debug");
  EXPECT_EQ(level("h2=debug,error"), "error");
  EXPECT_EQ(level("h2=debug"), "off");  // EnvFilter enables nothing no directive names
  EXPECT_EQ(level("info,"), "info");
  EXPECT_EQ(level("3"), "info");
  EXPECT_EQ(level(" cuzk = trace "), "trace");
  const auto d = parse_log_directives("warn,h2=off,tonic=debug,cuzk=info", "t");
  EXPECT_EQ(d.ignored, (std::vector<std::string>{"h2=off", "tonic=debug"}));
  EXPECT_EQ(parse_log_directives("info,h2[conn{id=1}]=debug", "t").ignored, (std::vector<std::string>{"h2[conn{id=1}]=debug"}));
}

TEST(LogDirectives, InvalidOnesAreNamed) {
  auto msg = [](const std::string& d) {
    try {
      parse_log_directives(d, "logging.level");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_TRUE(Has(msg("loud"), "logging.level = 'loud': directive 'loud' is not a level (trace, debug, info, warn, error or off)"));
  EXPECT_TRUE(Has(msg("info,cuzk=loud"), "directive 'cuzk=loud' has an unknown level 'loud'"));
  EXPECT_TRUE(Has(msg("=debug"), "directive '=debug' has an empty target"));
  EXPECT_TRUE(Has(msg("bogus=x"), "directive 'bogus=x' has an unknown level 'x'"));
  EXPECT_TRUE(Has(msg(""), "logging.level = '' has no directive (write a level such as info"));
  EXPECT_TRUE(Has(msg(" , "), "has no directive"));
  EXPECT_TRUE(Has(error_of("[logging]\nlevel = \"cuzk=\"\n"), "logging.level = 'cuzk=': directive 'cuzk=' has an unknown level ''"));
}

// Curio's order: RUST_LOG (when it parses) over --log-level over the file.
TEST(DaemonOverrides, ListenLogLevelAndRustLog) {
  DaemonConfig c = parse_config("[logging]\nlevel = \"warn\"\n", "t");
  apply_overrides(c, {"127.0.0.1:9820", "debug"}, nullptr);
  EXPECT_EQ(c.listen, (std::vector<std::string>{"127.0.0.1:9820"}));
  EXPECT_EQ(c.log_level, "debug");
  EXPECT_TRUE(c.notes.empty());

  ::setenv("RUST_LOG", "cuzk=trace,info", 1);
  DaemonConfig env = parse_config("[logging]\nlevel = \"warn\"\n", "t");
  apply_overrides(env, {"", "debug"}, std::getenv("RUST_LOG"));
  EXPECT_EQ(env.log_level, "cuzk=trace,info");
  EXPECT_TRUE(Has(note_of(env, "RUST_LOG"), "RUST_LOG='cuzk=trace,info' replaces the log level 'debug'"));

  ::setenv("RUST_LOG", "cuzk=loud", 1);
  DaemonConfig bad = parse_config("[logging]\nlevel = \"warn\"\n", "t");
  apply_overrides(bad, {}, std::getenv("RUST_LOG"));
  EXPECT_EQ(bad.log_level, "warn");
  EXPECT_TRUE(Has(note_of(bad, "RUST_LOG"), "directive 'cuzk=loud' has an unknown level 'loud'"));
  EXPECT_TRUE(Has(note_of(bad, "RUST_LOG"), "RUST_LOG ignored, the log level is 'warn'"));

  ::setenv("RUST_LOG", "  ", 1);  // blank: unset
  DaemonConfig blank;
  apply_overrides(blank, {}, std::getenv("RUST_LOG"));
  EXPECT_EQ(blank.log_level, "info");
  EXPECT_TRUE(blank.notes.empty());
  ::unsetenv("RUST_LOG");
}

TEST(DaemonOverrides, FlagsAreCheckedAndNamed) {
  auto msg = [](const DaemonOverrides& o) {
    DaemonConfig c;
    try {
      apply_overrides(c, o, nullptr);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_TRUE(Has(msg({"0.0.0.0:9820", ""}), "--listen = '0.0.0.0:9820': TCP on an address other machines reach"));
  EXPECT_TRUE(Has(msg({"9820", ""}), "--listen '9820': no port"));
  EXPECT_TRUE(Has(msg({"", "bogus=x"}), "--log-level = 'bogus=x': directive 'bogus=x' has an unknown level 'x'"));
  EXPECT_EQ(msg({"unix:///tmp/x.sock", "cuzk=debug"}), "no error");
  // the file's guard covers the flag's address
  DaemonConfig guarded = parse_config("[daemon]\nallow_networks = [\"10.0.0.0/8\"]\n", "t");
  apply_overrides(guarded, {"0.0.0.0:9820", ""}, nullptr);
  EXPECT_EQ(guarded.listen, (std::vector<std::string>{"0.0.0.0:9820"}));
}

TEST(ServiceConfig, MemorySizesAndDurations) {
  const auto c = parse_config("[memory]\ntotal_budget = \"5 GB\"\nsafety_margin = \"512MiB\"\neviction_min_idle = 2.5\n", "t");
  EXPECT_EQ(c.total_budget_bytes, 5000000000u);
  EXPECT_EQ(c.safety_margin_bytes, 512ull << 20);
  EXPECT_DOUBLE_EQ(c.eviction_min_idle_s, 2.5);
  EXPECT_EQ(parse_config("[memory]\ntotal_budget = \"AUTO\"\n", "t").total_budget_bytes, 0u);
  EXPECT_EQ(parse_config("[memory]\ntotal_budget = 123\n", "t").total_budget_bytes, 123u);
  EXPECT_TRUE(Has(error_of("[memory]\nsafety_margin = \"auto\"\n"), "memory.safety_margin: 'auto' is not a size"));
  EXPECT_TRUE(Has(error_of("[memory]\ntotal_budget = -1\n"), "memory.total_budget = -1 is negative"));
  EXPECT_TRUE(Has(error_of("[memory]\ntotal_budget = \"5 XB\"\n"), "memory.total_budget: '5 XB' has an unknown unit"));
  EXPECT_TRUE(Has(error_of("[memory]\neviction_min_idle = \"5 minutes\"\n"), "memory.eviction_min_idle: '5 minutes'"));
}

TEST(ParseByteSize, UnitsAndPlainBytes) {
  EXPECT_EQ(parse_byte_size("1024", "x"), 1024u);
  EXPECT_EQ(parse_byte_size("0", "x"), 0u);
  EXPECT_EQ(parse_byte_size("7B", "x"), 7u);
  EXPECT_EQ(parse_byte_size("2KB", "x"), 2000u);
  EXPECT_EQ(parse_byte_size("2kb", "x"), 2000u);
  EXPECT_EQ(parse_byte_size("3MB", "x"), 3000000u);
  EXPECT_EQ(parse_byte_size("5 GB", "x"), 5000000000u);
  EXPECT_EQ(parse_byte_size("1TB", "x"), 1000000000000u);
  EXPECT_EQ(parse_byte_size("2KiB", "x"), 2048u);
  EXPECT_EQ(parse_byte_size("512MiB", "x"), 512ull << 20);
  EXPECT_EQ(parse_byte_size("256GiB", "x"), 256ull << 30);
  EXPECT_EQ(parse_byte_size("256gib", "x"), 256ull << 30);
  EXPECT_EQ(parse_byte_size("2 TiB", "x"), 2ull << 40);
  EXPECT_EQ(parse_byte_size(" 1.5GiB ", "x"), 3ull << 29);
  EXPECT_EQ(parse_byte_size("16777215TiB", "x"), 16777215ull << 40);
  EXPECT_EQ(parse_byte_size("18446744073709551615", "x"), 18446744073709551615ull);
}

TEST(ParseByteSize, BadInputsNameWhatAndText) {
  auto msg = [](const std::string& text) {
    try {
      parse_byte_size(text, "memory.total_budget");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_TRUE(Has(msg(""), "memory.total_budget: '' is not a size"));
  EXPECT_TRUE(Has(msg("GiB"), "'GiB' is not a size"));
  EXPECT_TRUE(Has(msg("-5GiB"), "'-5GiB' is not a size"));
  EXPECT_TRUE(Has(msg("5 XB"), "'5 XB' has an unknown unit"));
  EXPECT_TRUE(Has(msg("5G"), "'5G' has an unknown unit"));
  EXPECT_TRUE(Has(msg("5GiB extra"), "has an unknown unit"));
  EXPECT_TRUE(Has(msg("1.5"), "'1.5' is not a whole number of bytes"));
  EXPECT_TRUE(Has(msg("5."), "is not a size"));
  EXPECT_TRUE(Has(msg("18446744073709551616"), "is too large"));
  EXPECT_TRUE(Has(msg("16777216TiB"), "is too large"));
  EXPECT_TRUE(Has(msg(std::string(60, '9')), "is not a size"));
}

TEST(ParseDuration, UnitsAndPlainSeconds) {
  EXPECT_DOUBLE_EQ(parse_duration_s("5m", "x"), 300);
  EXPECT_DOUBLE_EQ(parse_duration_s("30s", "x"), 30);
  EXPECT_DOUBLE_EQ(parse_duration_s("1h", "x"), 3600);
  EXPECT_DOUBLE_EQ(parse_duration_s("250ms", "x"), 0.25);
  EXPECT_DOUBLE_EQ(parse_duration_s("2", "x"), 2);
  EXPECT_DOUBLE_EQ(parse_duration_s("0.5", "x"), 0.5);
  EXPECT_DOUBLE_EQ(parse_duration_s("1.5h", "x"), 5400);
  EXPECT_DOUBLE_EQ(parse_duration_s("1h30m", "x"), 5400);
  EXPECT_DOUBLE_EQ(parse_duration_s(" 1h 30m 5s ", "x"), 5405);
  EXPECT_DOUBLE_EQ(parse_duration_s("10 S", "x"), 10);
}

TEST(ParseDuration, BadInputsNameWhatAndText) {
  auto msg = [](const std::string& text) {
    try {
      parse_duration_s(text, "memory.eviction_min_idle");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_TRUE(Has(msg(""), "memory.eviction_min_idle: '' is not a duration"));
  EXPECT_TRUE(Has(msg("m"), "'m' is not a duration"));
  EXPECT_TRUE(Has(msg("-5m"), "'-5m' is not a duration"));
  EXPECT_TRUE(Has(msg("5d"), "'5d' has an unknown unit 'd'"));
  EXPECT_TRUE(Has(msg("5 minutes"), "unknown unit 'minutes'"));
  EXPECT_TRUE(Has(msg("1h 30"), "mixes a plain number with units"));
  EXPECT_TRUE(Has(msg("30 1h"), "mixes a plain number with units"));
}

TEST(ServiceConfig, LoadConfigReadsTheFileAndNamesIt) {
  const auto p = write_file("cuzk_load.toml", "[cpu]\nworkers = 5\n");
  EXPECT_EQ(load_config(p.string()).cpu_workers, 5u);
  const auto bad = write_file("cuzk_load_bad.toml", "[cpu]\nworkers = \"5\"\n");
  try {
    load_config(bad.string());
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_TRUE(Has(e.what(), "config '" + bad.string() + "': cpu.workers must be an integer"));
  }
  try {
    load_config("/nonexistent/cuzk.toml");
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_TRUE(Has(e.what(), "config file '/nonexistent/cuzk.toml' does not exist"));
  }
}

TEST(ServiceConfig, ExampleInDocsParsesToTheDefaults) {
  const auto c = load_config(std::string(CUZK_SOURCE_DIR) + "/docs/cuzk.example.toml");
  const DaemonConfig d;
  EXPECT_EQ(c.listen, d.listen);
  EXPECT_EQ(c.status_listen, d.status_listen);
  EXPECT_EQ(c.socket_mode, d.socket_mode);
  EXPECT_EQ(c.socket_group, d.socket_group);
  EXPECT_EQ(c.allow_networks, d.allow_networks);
  EXPECT_EQ(c.insecure_tcp, d.insecure_tcp);
  EXPECT_EQ(c.max_message_mb, d.max_message_mb);
  EXPECT_EQ(c.max_rpc_threads, d.max_rpc_threads);
  EXPECT_EQ(c.param_cache, d.param_cache);
  EXPECT_EQ(c.preload.size(), 0u);
  EXPECT_EQ(c.total_budget_bytes, d.total_budget_bytes);
  EXPECT_EQ(c.safety_margin_bytes, d.safety_margin_bytes);
  EXPECT_EQ(c.eviction_min_idle_s, d.eviction_min_idle_s);
  EXPECT_EQ(c.use_gpus, d.use_gpus);
  EXPECT_EQ(c.workers_per_gpu, d.workers_per_gpu);
  EXPECT_EQ(c.host_memory, d.host_memory);
  EXPECT_EQ(c.stream_abc, d.stream_abc);
  EXPECT_EQ(c.cpu_workers, d.cpu_workers);
  EXPECT_EQ(c.synthesis_threads, d.synthesis_threads);
  EXPECT_EQ(c.max_ready, d.max_ready);
  EXPECT_EQ(c.log_level, d.log_level);
  EXPECT_EQ(c.log_format, d.log_format);
  EXPECT_EQ(c.max_partitions, d.max_partitions);
  EXPECT_EQ(c.max_jobs, d.max_jobs);
  EXPECT_EQ(c.result_ttl_s, d.result_ttl_s);
  EXPECT_EQ(c.drain_timeout_s, d.drain_timeout_s);
  EXPECT_EQ(c.verify_proofs, d.verify_proofs);
  EXPECT_EQ(c.max_queued_bytes, d.max_queued_bytes);
  EXPECT_EQ(c.cancel_on_disconnect, d.cancel_on_disconnect);
  EXPECT_TRUE(c.notes.empty()) << testing::PrintToString(c.notes);
}

TEST(ServiceConfig, TextThatIsNotUtf8IsRefusedNamingItsLine) {
  // the fuzzer's input that made toml11 read past its buffer, behind two good lines
  const std::string bad = "[daemon]\nmax_rpc_threads = 8\n'\x9e'\x9e\xfft1";
  EXPECT_TRUE(Has(error_of(bad), "line 3 (byte 30) is not UTF-8"));
  EXPECT_TRUE(Has(error_of("token = \"caf\xc3\""), "line 1 (byte 12) is not UTF-8"));
  // UTF-8 beyond ASCII is fine where TOML allows it
  EXPECT_EQ(error_of("# caf\xc3\xa9 \xe2\x82\xac\n[daemon]\ntoken = \"\xc3\xa9t\xc3\xa9\"\n"), "no error");
}
