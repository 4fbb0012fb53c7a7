#include "service/config.hpp"

#include <fstream>
#include <set>
#include <sstream>
#include <toml.hpp>

#include "core/error.hpp"

namespace cuzk::service {

namespace {

// Rejects keys a table does not know (typos), naming them.
void only_keys(const toml::value& t, const std::string& where, std::set<std::string> known) {
  if (!t.is_table()) throw Error(where + " must be a table");
  for (const auto& [k, v] : t.as_table())
    if (!known.count(k)) {
      std::string list;
      for (const auto& n : known) list += (list.empty() ? "" : ", ") + n;
      throw Error("unknown key '" + k + "' in " + where + " (known: " + list + ")");
    }
}

template <class T>
void get(const toml::value& t, const std::string& key, T& out) {
  if (t.contains(key)) out = toml::find<T>(t, key);
}

// "budget_gb = 4" means 4.0: integers are fine where a number is expected.
template <>
void get<double>(const toml::value& t, const std::string& key, double& out) {
  if (!t.contains(key)) return;
  const auto& v = t.at(key);
  out = v.is_integer() ? double(v.as_integer()) : toml::find<double>(t, key);
}

template <class T>
void get_positive(const toml::value& t, const std::string& where, const std::string& key, T& out, T lo, T hi) {
  get(t, key, out);
  if (out < lo || out > hi)
    throw Error(where + "." + key + " = " + std::to_string(out) + " out of range " + std::to_string(lo) + ".." +
                std::to_string(hi));
}

DaemonConfig parse(const toml::value& root) {
  DaemonConfig c;
  only_keys(root, "the top level", {"memory", "gpus", "cpu", "synthesis", "keys", "listen", "http", "jobs"});
  if (root.contains("memory")) {
    const auto& t = root.at("memory");
    only_keys(t, "[memory]", {"budget_gb", "margin_gb"});
    get_positive(t, "memory", "budget_gb", c.budget_gb, 0.0, 1e6);
    get_positive(t, "memory", "margin_gb", c.margin_gb, 0.0, 1e6);
  }
  if (root.contains("gpus")) {
    const auto& t = root.at("gpus");
    only_keys(t, "[gpus]", {"devices", "workers_per_gpu", "host_memory", "enabled", "stream_abc"});
    get(t, "devices", c.gpu_devices);
    get_positive(t, "gpus", "workers_per_gpu", c.workers_per_gpu, 1u, 8u);
    get(t, "host_memory", c.host_memory);
    if (c.host_memory != "pinned" && c.host_memory != "register" && c.host_memory != "pageable" &&
        c.host_memory != "staged")
      throw Error("gpus.host_memory = '" + c.host_memory + "': expected register, pinned, pageable or staged");
    get(t, "enabled", c.use_gpus);
    get(t, "stream_abc", c.stream_abc);
  }
  if (root.contains("cpu")) {
    const auto& t = root.at("cpu");
    only_keys(t, "[cpu]", {"workers"});
    get_positive(t, "cpu", "workers", c.cpu_workers, 1u, 256u);
  }
  if (root.contains("synthesis")) {
    const auto& t = root.at("synthesis");
    only_keys(t, "[synthesis]", {"threads", "max_ready"});
    get_positive(t, "synthesis", "threads", c.synthesis_threads, 0u, 1024u);
    get_positive(t, "synthesis", "max_ready", c.max_ready, 0u, 1024u);
  }
  if (root.contains("keys")) {
    const auto& t = root.at("keys");
    only_keys(t, "[keys]", {"preload"});
    if (t.contains("preload")) {
      const auto& arr = toml::find<toml::array>(t, "preload");
      for (size_t i = 0; i < arr.size(); ++i) {
        const std::string where = "[[keys.preload]] #" + std::to_string(i + 1);
        only_keys(arr[i], where, {"id", "path", "pin", "prewarm"});
        PreloadKeyConfig k;
        get(arr[i], "id", k.id);
        get(arr[i], "path", k.path);
        get(arr[i], "pin", k.pin);
        get_positive(arr[i], where, "prewarm", k.prewarm, 0u, 4096u);
        if (k.path.empty()) throw Error(where + ": 'path' is required");
        c.preload.push_back(k);
      }
    }
  }
  if (root.contains("listen")) {
    const auto& t = root.at("listen");
    only_keys(t, "[listen]", {"unix_socket", "tcp", "token", "token_file", "max_message_mb", "max_rpc_threads"});
    get(t, "unix_socket", c.unix_socket);
    get(t, "tcp", c.tcp);
    get(t, "token", c.token);
    get(t, "token_file", c.token_file);
    get_positive(t, "listen", "max_message_mb", c.max_message_mb, 1u, 1024u);
    get_positive(t, "listen", "max_rpc_threads", c.max_rpc_threads, 4u, 65536u);
  }
  if (root.contains("http")) {
    const auto& t = root.at("http");
    only_keys(t, "[http]", {"port"});
    get_positive(t, "http", "port", c.http_port, -1, 65535);
  }
  if (root.contains("jobs")) {
    const auto& t = root.at("jobs");
    only_keys(t, "[jobs]", {"max_partitions", "max_jobs", "result_ttl_s", "drain_timeout_s"});
    get_positive(t, "jobs", "max_partitions", c.max_partitions, 1u, 65536u);
    get_positive(t, "jobs", "max_jobs", c.max_jobs, 1u, 10000000u);
    get_positive(t, "jobs", "result_ttl_s", c.result_ttl_s, 0.0, 1e7);
    get_positive(t, "jobs", "drain_timeout_s", c.drain_timeout_s, 0.0, 1e7);
  }
  if (c.unix_socket.empty() && c.tcp.empty()) throw Error("[listen]: neither unix_socket nor tcp is set");
  if (!c.tcp.empty() && c.bearer_token().empty())
    throw Error("[listen] tcp = '" + c.tcp + "' requires a bearer token (token or token_file)");
  return c;
}

}  // namespace

std::string DaemonConfig::bearer_token() const {
  if (!token.empty()) return token;
  if (token_file.empty()) return "";
  std::ifstream f(token_file);
  if (!f) throw Error("[listen] token_file '" + token_file + "' cannot be read");
  std::string line;
  std::getline(f, line);
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  if (line.empty()) throw Error("[listen] token_file '" + token_file + "' is empty");
  return line;
}

DaemonConfig parse_config(const std::string& text, const std::string& source) {
  try {
    std::istringstream in(text);
    return parse(toml::parse(in, source));
  } catch (const Error& e) {
    throw Error("config '" + source + "': " + e.what());
  } catch (const std::exception& e) {  // toml11's syntax and type errors carry the line
    throw Error("config '" + source + "': " + e.what());
  }
}

DaemonConfig load_config(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw Error("config file '" + path + "' cannot be read");
  std::stringstream ss;
  ss << f.rdbuf();
  return parse_config(ss.str(), path);
}

}  // namespace cuzk::service
