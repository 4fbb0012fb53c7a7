#include "service/config.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <toml.hpp>

#include "core/error.hpp"
#include "service/utf8.hpp"

namespace cuzk::service {

namespace {

std::string lower(std::string s) {
  for (auto& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

std::string trim(const std::string& s) {
  const char* ws = " \t\r\n";
  const auto b = s.find_first_not_of(ws);
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

std::string join(const std::set<std::string>& names) {
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  return list;
}

std::string type_name(const toml::value& v) {
  switch (v.type()) {
    case toml::value_t::boolean: return "a boolean";
    case toml::value_t::integer: return "an integer";
    case toml::value_t::floating: return "a float";
    case toml::value_t::string: return "a string";
    case toml::value_t::array: return "an array";
    case toml::value_t::table: return "a table";
    default: return "a date or time";
  }
}

// Reads "12" or "1.5" at s[i], advancing i; nullopt (i unchanged) without a digit.
std::optional<double> scan_number(const std::string& s, size_t& i, std::string* digits = nullptr) {
  size_t j = i;
  while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
  if (j == i) return std::nullopt;
  if (j < s.size() && s[j] == '.') {
    size_t k = j + 1;
    while (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) ++k;
    if (k == j + 1) return std::nullopt;  // "5." is a typo, not 5
    j = k;
  }
  const std::string text = s.substr(i, j - i);
  if (text.size() > 40) return std::nullopt;  // beyond any size or duration, and beyond stod
  if (digits) *digits = text;
  i = j;
  return std::stod(text);
}

void skip_spaces(const std::string& s, size_t& i) {
  while (i < s.size() && s[i] == ' ') ++i;
}

// One [section] of the file. Keys outside `known` are refused when it is
// opened; each read checks the value's type and range and names
// section.key when they are wrong. An absent section reads as all defaults.
class Section {
 public:
  Section(const toml::value& root, std::string name, const std::set<std::string>& known) : name_(std::move(name)) {
    if (!root.contains(name_)) return;
    const auto& t = root.at(name_);
    if (!t.is_table()) throw Error("[" + name_ + "] must be a table, not " + type_name(t));
    std::set<std::string> keys;  // sorted, so the first unknown key reported does not depend on hashing
    for (const auto& [k, v] : t.as_table()) keys.insert(k);
    for (const auto& k : keys)
      if (!known.count(k)) throw Error("unknown key '" + k + "' in [" + name_ + "] (known: " + join(known) + ")");
    table_ = &t;
  }

  const toml::value* find(const std::string& key) const {
    if (!table_) return nullptr;
    const auto& t = table_->as_table();
    const auto it = t.find(key);
    return it == t.end() ? nullptr : &it->second;
  }
  bool has(const std::string& key) const { return find(key) != nullptr; }
  std::string where(const std::string& key) const { return name_ + "." + key; }

  [[noreturn]] void wrong_type(const std::string& key, const toml::value& v, const std::string& expected) const {
    throw Error(where(key) + " must be " + expected + ", not " + type_name(v));
  }

  bool read(const std::string& key, bool& out) const {
    const auto* v = find(key);
    if (!v) return false;
    if (!v->is_boolean()) wrong_type(key, *v, "true or false");
    out = v->as_boolean();
    return true;
  }

  bool read(const std::string& key, std::string& out) const {
    const auto* v = find(key);
    if (!v) return false;
    if (!v->is_string()) wrong_type(key, *v, "a string");
    out = v->as_string().str;
    return true;
  }

  template <class T>
  bool read(const std::string& key, T& out, int64_t lo, int64_t hi) const {
    static_assert(std::is_integral_v<T>);
    const auto* v = find(key);
    if (!v) return false;
    if (!v->is_integer()) wrong_type(key, *v, "an integer");
    const int64_t x = v->as_integer();
    if (x < lo || x > hi) throw Error(where(key) + " = " + std::to_string(x) + " out of range " + range(lo, hi));
    out = T(x);
    return true;
  }

  // "result_ttl_s = 600" means 600.0: integers are fine where a number is expected.
  bool read(const std::string& key, double& out, double lo, double hi) const {
    const auto* v = find(key);
    if (!v) return false;
    if (!v->is_integer() && !v->is_floating()) wrong_type(key, *v, "a number");
    const double x = v->is_integer() ? double(v->as_integer()) : v->as_floating();
    if (!(x >= lo && x <= hi)) {
      std::ostringstream m;
      m << where(key) << " = " << x << " out of range " << lo << ".." << hi;
      throw Error(m.str());
    }
    out = x;
    return true;
  }

  // A size: "5GiB", "512 MB" or an integer number of bytes; "auto" (0) where allowed.
  bool read_size(const std::string& key, uint64_t& out, bool auto_ok) const {
    const auto* v = find(key);
    if (!v) return false;
    if (v->is_integer()) {
      if (v->as_integer() < 0) throw Error(where(key) + " = " + std::to_string(v->as_integer()) + " is negative");
      out = uint64_t(v->as_integer());
    } else if (v->is_string()) {
      const std::string& s = v->as_string().str;
      out = auto_ok && lower(trim(s)) == "auto" ? 0 : parse_byte_size(s, where(key));
    } else {
      wrong_type(key, *v, std::string(auto_ok ? "\"auto\", " : "") + "a size like \"5GiB\" or an integer number of bytes");
    }
    return true;
  }

  // A duration: "5m", "30s", "250ms" or a number of seconds.
  bool read_duration(const std::string& key, double& out) const {
    const auto* v = find(key);
    if (!v) return false;
    if (v->is_string()) {
      out = parse_duration_s(v->as_string().str, where(key));
      return true;
    }
    return read(key, out, 0.0, 1e9);
  }

 private:
  static std::string range(int64_t lo, int64_t hi) {
    return std::to_string(lo) + ".." + (hi == std::numeric_limits<int64_t>::max() ? "" : std::to_string(hi));
  }

  std::string name_;
  const toml::value* table_ = nullptr;
};

constexpr int64_t kNoMax = std::numeric_limits<int64_t>::max();

// A listen address: "unix:///abs/path", "unix:path" or "host:port" (IPv6 in
// brackets). Returns true for TCP. `unix_ok` false: host:port only.
bool check_address(const std::string& a, const std::string& where, bool unix_ok) {
  const std::string forms = unix_ok ? "host:port, unix:///path or unix:/path" : "host:port";
  auto bad = [&](const std::string& why) { return Error(where + " '" + a + "': " + why + " (expected " + forms + ")"); };
  if (a.rfind("unix:", 0) == 0) {
    if (!unix_ok) throw bad("not a unix socket here");
    std::string path = a.substr(5);
    if (path.rfind("//", 0) == 0) {
      path = path.substr(2);
      if (!path.empty() && path[0] != '/') throw bad("unix:// takes an absolute path, as in unix:///run/cuzk/cuzk.sock");
    }
    if (path.empty()) throw bad("empty unix socket path");
    return false;
  }
  if (a.find("://") != std::string::npos) throw bad("unknown scheme");
  std::string host, port;
  if (!a.empty() && a[0] == '[') {
    const auto close = a.find(']');
    if (close == std::string::npos) throw bad("unclosed '['");
    host = a.substr(1, close - 1);
    if (close + 1 >= a.size() || a[close + 1] != ':') throw bad("no port");
    port = a.substr(close + 2);
  } else {
    const auto colon = a.rfind(':');
    if (colon == std::string::npos) throw bad("no port");
    host = a.substr(0, colon);
    port = a.substr(colon + 1);
    if (host.find(':') != std::string::npos) throw bad("an IPv6 host goes in brackets, as in [::1]:9820");
  }
  if (host.empty()) throw bad("no host (0.0.0.0 or [::] listens on every interface)");
  if (port.empty()) throw bad("no port");
  if (port.size() > 5 || !std::all_of(port.begin(), port.end(), [](char ch) { return ch >= '0' && ch <= '9'; }) ||
      std::stoul(port) > 65535)
    throw bad("port '" + port + "' is not a number in 0..65535");
  return true;
}

void parse_daemon(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "daemon",
                  {"listen", "status_listen", "token", "token_file", "insecure_tcp", "max_message_mb", "max_rpc_threads"});
  if (const auto* v = s.find("listen")) {
    const std::string expected = "a string or an array of strings";
    c.listen.clear();
    if (v->is_string()) {
      c.listen.push_back(v->as_string().str);
    } else if (v->is_array()) {
      for (const auto& e : v->as_array()) {
        if (!e.is_string()) s.wrong_type("listen", e, "an array of strings (an element is " + type_name(e) + ")");
        c.listen.push_back(e.as_string().str);
      }
    } else {
      s.wrong_type("listen", *v, expected);
    }
    if (c.listen.empty()) throw Error(s.where("listen") + " is empty: give at least one address");
  }
  s.read("status_listen", c.status_listen);
  s.read("token", c.token);
  s.read("token_file", c.token_file);
  s.read("insecure_tcp", c.insecure_tcp);
  s.read("max_message_mb", c.max_message_mb, 1, 2048);
  s.read("max_rpc_threads", c.max_rpc_threads, 4, 65536);

  std::string first_tcp;
  std::set<std::string> seen;
  for (const auto& a : c.listen) {
    if (!seen.insert(a).second) throw Error(s.where("listen") + " '" + a + "' is listed twice");
    if (check_address(a, s.where("listen"), true) && first_tcp.empty()) first_tcp = a;
  }
  if (!c.status_listen.empty()) check_address(c.status_listen, s.where("status_listen"), false);
  if (!c.token.empty() && !c.token_file.empty()) throw Error("[daemon]: set token or token_file, not both");
  if (!c.token_file.empty()) c.bearer_token();  // unreadable or empty: refused now, not at the first call
  if (!first_tcp.empty() && c.token.empty() && c.token_file.empty() && !c.insecure_tcp)
    throw Error(s.where("listen") + " = '" + first_tcp +
                "': TCP without a token needs `insecure_tcp = true` under [daemon] (Curio's client sends no token)"
                " or token/token_file");
}

PreloadKeyConfig parse_preload_table(const toml::value& t, const std::string& where) {
  const std::set<std::string> known = {"circuit_id", "id", "path", "pin", "prewarm"};
  for (const auto& [k, v] : t.as_table())
    if (!known.count(k)) throw Error("unknown key '" + k + "' in " + where + " (known: " + join(known) + ")");
  auto str = [&](const std::string& key, std::string& out) {
    if (!t.contains(key)) return;
    const auto& v = t.at(key);
    if (!v.is_string()) throw Error(where + "." + key + " must be a string, not " + type_name(v));
    out = v.as_string().str;
  };
  PreloadKeyConfig k;
  str("circuit_id", k.circuit_id);
  str("id", k.id);
  str("path", k.path);
  if (t.contains("pin")) {
    if (!t.at("pin").is_boolean()) throw Error(where + ".pin must be true or false, not " + type_name(t.at("pin")));
    k.pin = t.at("pin").as_boolean();
  }
  if (t.contains("prewarm")) {
    const auto& v = t.at("prewarm");
    if (!v.is_integer()) throw Error(where + ".prewarm must be an integer, not " + type_name(v));
    if (v.as_integer() < 0 || v.as_integer() > 4096)
      throw Error(where + ".prewarm = " + std::to_string(v.as_integer()) + " out of range 0..4096");
    k.prewarm = unsigned(v.as_integer());
  }
  if (k.circuit_id.empty() == k.path.empty())
    throw Error(where + ": give circuit_id (a parameter of the folder, e.g. \"porep-32g\") or path, not " +
                (k.path.empty() ? "neither" : "both"));
  if (!k.id.empty() && k.path.empty()) throw Error(where + ": id names a key loaded from path; a circuit_id is its own id");
  return k;
}

void parse_srs(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "srs", {"param_cache", "preload"});
  s.read("param_cache", c.param_cache);
  const auto* v = s.find("preload");
  if (!v) return;
  if (!v->is_array()) s.wrong_type("preload", *v, "an array of circuit ids or [[srs.preload]] tables");
  const auto& arr = v->as_array();
  for (size_t i = 0; i < arr.size(); ++i) {
    const std::string where = "srs.preload #" + std::to_string(i + 1);
    if (arr[i].is_string()) {
      PreloadKeyConfig k;
      k.circuit_id = arr[i].as_string().str;
      if (k.circuit_id.empty()) throw Error(where + " is an empty circuit id");
      c.preload.push_back(k);
    } else if (arr[i].is_table()) {
      c.preload.push_back(parse_preload_table(arr[i], where));
    } else {
      throw Error(where + " must be a circuit id string or a table, not " + type_name(arr[i]));
    }
  }
}

void parse_memory(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "memory",
                  {"total_budget", "safety_margin", "eviction_min_idle", "pinned_budget", "working_memory_budget"});
  s.read_size("total_budget", c.total_budget_bytes, true);
  s.read_size("safety_margin", c.safety_margin_bytes, false);
  s.read_duration("eviction_min_idle", c.eviction_min_idle_s);
  for (const char* key : {"pinned_budget", "working_memory_budget"})
    if (s.has(key)) c.notes.push_back(s.where(key) + " ignored: total_budget covers every allocation");
}

void parse_gpus(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "gpus",
                  {"enabled", "devices", "gpu_workers_per_device", "gpu_threads", "host_memory", "stream_abc"});
  s.read("enabled", c.use_gpus);
  if (const auto* v = s.find("devices")) {
    if (!v->is_array()) s.wrong_type("devices", *v, "an array of device numbers");
    for (const auto& e : v->as_array()) {
      if (!e.is_integer()) s.wrong_type("devices", e, "an array of device numbers (an element is " + type_name(e) + ")");
      const int64_t d = e.as_integer();
      if (d < 0 || d > 1023) throw Error(s.where("devices") + ": device " + std::to_string(d) + " out of range 0..1023");
      if (std::count(c.gpu_devices.begin(), c.gpu_devices.end(), int(d)))
        throw Error(s.where("devices") + ": device " + std::to_string(d) + " is listed twice");
      c.gpu_devices.push_back(int(d));
    }
  }
  s.read("gpu_workers_per_device", c.workers_per_gpu, 1, 8);
  int64_t gpu_threads = 0;
  if (s.read("gpu_threads", gpu_threads, 0, kNoMax) && gpu_threads != 0)
    c.notes.push_back(s.where("gpu_threads") + " = " + std::to_string(gpu_threads) +
                      " ignored: cuzk sizes the threads of its GPU host work itself");
  s.read("host_memory", c.host_memory);
  if (c.host_memory != "pinned" && c.host_memory != "register" && c.host_memory != "pageable" &&
      c.host_memory != "staged")
    throw Error(s.where("host_memory") + " = '" + c.host_memory + "': expected register, pinned, pageable or staged");
  s.read("stream_abc", c.stream_abc);
}

void parse_cpu(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "cpu", {"workers"});
  s.read("workers", c.cpu_workers, 1, 256);
}

// [synthesis] and [pipeline] together: synthesis_lookahead stands in for
// max_ready when that is not given.
void parse_synthesis(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "synthesis", {"threads", "max_ready", "partition_workers"});
  s.read("threads", c.synthesis_threads, 0, 1024);
  const bool max_ready_given = s.read("max_ready", c.max_ready, 0, 1024);
  int64_t partition_workers = 0;
  if (s.read("partition_workers", partition_workers, 0, kNoMax))
    c.notes.push_back(s.where("partition_workers") + " = " + std::to_string(partition_workers) +
                      " ignored: the memory budget decides how many partitions synthesize at once");

  const Section p(root, "pipeline", {"enabled", "synthesis_lookahead", "synthesis_concurrency"});
  bool enabled = true;
  if (p.read("enabled", enabled) && !enabled)
    c.notes.push_back(p.where("enabled") + " = false ignored: the pipeline is always on");
  unsigned lookahead = 0;
  if (p.read("synthesis_lookahead", lookahead, 0, 1024)) {
    if (!max_ready_given)
      c.max_ready = lookahead;
    else if (lookahead != c.max_ready)
      c.notes.push_back(p.where("synthesis_lookahead") + " = " + std::to_string(lookahead) +
                        " ignored: [synthesis] max_ready = " + std::to_string(c.max_ready) + " is set");
  }
  int64_t concurrency = 0;
  if (p.read("synthesis_concurrency", concurrency, 0, kNoMax) && concurrency > 1)
    c.notes.push_back(p.where("synthesis_concurrency") + " = " + std::to_string(concurrency) +
                      " ignored: concurrency follows the memory budget and [synthesis] threads");
}

void parse_scheduler(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "scheduler", {"max_batch_size", "max_batch_wait_ms", "sort_by_type"});
  int64_t batch = 1, wait_ms = 0;
  s.read("max_batch_size", batch, 1, kNoMax);
  const bool wait_given = s.read("max_batch_wait_ms", wait_ms, 0, kNoMax);
  if (batch > 1) {
    c.notes.push_back(s.where("max_batch_size") + " = " + std::to_string(batch) +
                      " ignored: cuzk does not merge sectors into one GPU pass; partitions of all jobs share one "
                      "pipeline");
    if (wait_given)
      c.notes.push_back(s.where("max_batch_wait_ms") + " = " + std::to_string(wait_ms) +
                        " ignored: there are no batches to wait for");
  }
  bool sort_by_type = false;
  if (s.read("sort_by_type", sort_by_type) && sort_by_type)
    c.notes.push_back(s.where("sort_by_type") +
                      " = true ignored: jobs run by priority then arrival; keys stay loaded by the memory budget");
}

void parse_logging(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "logging", {"level", "format"});
  if (s.read("level", c.log_level)) {
    c.log_level = lower(c.log_level);
    if (c.log_level == "warning") c.log_level = "warn";
    static const std::set<std::string> levels = {"trace", "debug", "info", "warn", "error"};
    if (!levels.count(c.log_level))
      throw Error(s.where("level") + " = '" + c.log_level + "': expected trace, debug, info, warn or error");
  }
  if (s.read("format", c.log_format)) {
    c.log_format = lower(c.log_format);
    if (c.log_format == "text") c.log_format.clear();
    if (!c.log_format.empty() && c.log_format != "json")
      throw Error(s.where("format") + " = '" + c.log_format + "': expected \"text\" or \"json\"");
  }
}

void parse_jobs(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "jobs", {"max_partitions", "max_jobs", "result_ttl_s", "drain_timeout_s", "verify_proofs",
                                     "max_queued_bytes"});
  s.read("max_partitions", c.max_partitions, 1, 65536);
  s.read("max_jobs", c.max_jobs, 1, 10000000);
  s.read("result_ttl_s", c.result_ttl_s, 0.0, 1e9);
  s.read("drain_timeout_s", c.drain_timeout_s, 0.0, 1e9);
  s.read("verify_proofs", c.verify_proofs);
  s.read_size("max_queued_bytes", c.max_queued_bytes, true);
}

DaemonConfig parse(const toml::value& root) {
  static const std::set<std::string> sections = {"daemon",    "srs",       "memory",   "gpus",   "cpu",
                                                 "synthesis", "scheduler", "pipeline", "logging", "jobs"};
  std::set<std::string> keys;
  for (const auto& [k, v] : root.as_table()) keys.insert(k);
  for (const auto& k : keys)
    if (!sections.count(k))
      throw Error((root.at(k).is_table() ? "unknown section [" + k + "]" : "unknown key '" + k + "' at the top level") +
                  " (known sections: " + join(sections) + ")");
  DaemonConfig c;
  parse_daemon(root, c);
  parse_srs(root, c);
  parse_memory(root, c);
  parse_gpus(root, c);
  parse_cpu(root, c);
  parse_synthesis(root, c);
  parse_scheduler(root, c);
  parse_logging(root, c);
  parse_jobs(root, c);
  return c;
}

}  // namespace

uint64_t parse_byte_size(const std::string& text, const std::string& what) {
  auto bad = [&](const std::string& why) {
    return Error(what + ": '" + text + "' " + why + " (expected e.g. \"256GiB\", \"5 GB\", \"512MiB\" or bytes)");
  };
  const std::string s = trim(text);
  size_t i = 0;
  std::string digits;
  const auto n = scan_number(s, i, &digits);
  if (!n) throw bad("is not a size");
  skip_spaces(s, i);
  static const std::map<std::string, uint64_t> units = {
      {"", 1},           {"b", 1},           {"kb", 1000ull},    {"mb", 1000000ull}, {"gb", 1000000000ull},
      {"tb", 1000000000000ull}, {"kib", 1ull << 10}, {"mib", 1ull << 20}, {"gib", 1ull << 30}, {"tib", 1ull << 40}};
  const auto unit = units.find(lower(s.substr(i)));
  if (unit == units.end()) throw bad("has an unknown unit (B, KB, MB, GB, TB, KiB, MiB, GiB or TiB)");
  const uint64_t mult = unit->second;
  const auto dot = digits.find('.');
  if (dot != std::string::npos && mult == 1) throw bad("is not a whole number of bytes");
  // The whole part exactly; a fraction ("1.5GiB") rounds down to a byte.
  const std::string whole = digits.substr(0, dot);
  const std::string frac = dot == std::string::npos ? "" : digits.substr(dot + 1);
  const uint64_t kMax = std::numeric_limits<uint64_t>::max();
  uint64_t w = 0;
  for (char ch : whole) {
    if (w > (kMax - uint64_t(ch - '0')) / 10) throw bad("is too large");
    w = w * 10 + uint64_t(ch - '0');
  }
  if (w > kMax / mult) throw bad("is too large");
  uint64_t bytes = w * mult;
  if (!frac.empty()) {
    const long double f = std::stold("0." + frac) * (long double)mult;
    const uint64_t part = uint64_t(std::floor(f));
    if (bytes > kMax - part) throw bad("is too large");
    bytes += part;
  }
  return bytes;
}

double parse_duration_s(const std::string& text, const std::string& what) {
  auto bad = [&](const std::string& why) {
    return Error(what + ": '" + text + "' " + why + " (expected e.g. \"5m\", \"30s\", \"1h\", \"250ms\" or seconds)");
  };
  const std::string s = trim(text);
  static const std::map<std::string, double> units = {{"ms", 1e-3}, {"s", 1}, {"m", 60}, {"h", 3600}};
  double total = 0;
  size_t i = 0;
  bool any = false;
  while (i < s.size()) {  // "1h30m" and "1h 30m" add up
    const auto n = scan_number(s, i);
    if (!n) throw bad("is not a duration");
    skip_spaces(s, i);
    size_t j = i;
    while (j < s.size() && std::isalpha(static_cast<unsigned char>(s[j]))) ++j;
    const std::string unit = lower(s.substr(i, j - i));
    i = j;
    if (unit.empty()) {
      if (any || i < s.size()) throw bad("mixes a plain number with units");
      return *n;
    }
    const auto u = units.find(unit);
    if (u == units.end()) throw bad("has an unknown unit '" + unit + "' (ms, s, m or h)");
    total += *n * u->second;
    any = true;
    skip_spaces(s, i);
  }
  if (!any) throw bad("is not a duration");
  return total;
}

std::string DaemonConfig::bearer_token() const {
  if (!token.empty()) return token;
  if (token_file.empty()) return "";
  std::ifstream f(token_file);
  if (!f) throw Error("[daemon] token_file '" + token_file + "' cannot be read");
  std::string line;
  std::getline(f, line);
  line = trim(line);
  if (line.empty()) throw Error("[daemon] token_file '" + token_file + "' is empty");
  return line;
}

std::string DaemonConfig::param_folder() const {
  if (!param_cache.empty()) return param_cache;
  const char* env = std::getenv("FIL_PROOFS_PARAMETER_CACHE");
  if (env && *env) return env;
  return "/var/tmp/filecoin-proof-parameters";
}

DaemonConfig parse_config(const std::string& text, const std::string& source) {
  // TOML is UTF-8 by definition, and toml11 reads past its buffer on some
  // invalid sequences: refuse them before it sees them
  if (const size_t bad = first_invalid_utf8(text); bad != std::string::npos) {
    const size_t line = size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(bad), '\n')) + 1;
    throw Error("config '" + source + "': line " + std::to_string(line) + " (byte " + std::to_string(bad) +
                ") is not UTF-8 text; TOML files are UTF-8");
  }
  try {
    std::istringstream in(text);
    return parse(toml::parse(in, source));
  } catch (const std::exception& e) {  // ours name the key; toml11's syntax errors carry the line
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
