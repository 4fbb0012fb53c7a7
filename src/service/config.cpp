#include "service/config.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <toml.hpp>

#include <grp.h>
#include <unistd.h>

#include "core/error.hpp"
#include "service/ip_network.hpp"
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

// Every section and its keys: ours and Curio's (cuzk-core/src/config.rs).
const std::map<std::string, std::set<std::string>>& known_keys() {
  static const std::map<std::string, std::set<std::string>> k = {
      {"daemon",
       {"listen", "status_listen", "socket_mode", "socket_group", "token", "token_file", "allow_networks",
        "insecure_tcp", "max_message_mb", "max_rpc_threads"}},
      {"srs", {"param_cache", "preload"}},
      {"memory", {"total_budget", "safety_margin", "eviction_min_idle", "pinned_budget", "working_memory_budget"}},
      {"gpus", {"enabled", "devices", "gpu_workers_per_device", "gpu_threads", "host_memory", "stream_abc"}},
      {"cpu", {"workers"}},
      {"synthesis", {"threads", "max_ready", "partition_workers"}},
      {"scheduler", {"max_batch_size", "max_batch_wait_ms", "sort_by_type"}},
      {"pipeline",
       {"enabled", "synthesis_lookahead", "synthesis_concurrency", "max_parallel_synthesis", "slot_size",
        "max_gpu_queue_depth"}},
      {"logging", {"level", "format"}},
      {"jobs",
       {"max_partitions", "max_jobs", "result_ttl_s", "drain_timeout_s", "verify_proofs", "max_queued_bytes",
        "cancel_on_disconnect"}},
  };
  return k;
}

// Edits (insert, delete, replace, swap of neighbours) turning a into b.
size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// The known name closest to `word`, when close enough to be a typo of it.
std::optional<std::string> closest(const std::string& word, const std::set<std::string>& known) {
  std::optional<std::string> best;
  size_t best_d = std::max<size_t>(2, word.size() / 4) + 1;
  for (const auto& k : known) {
    const size_t d = edit_distance(lower(word), k);
    if (d < best_d) best = k, best_d = d;
  }
  return best;
}

// "; did you mean 'x'?", "; 'x' belongs in [srs]" or "" for a key unknown in `section`.
std::string key_hint(const std::string& key, const std::string& section, const std::set<std::string>& known) {
  if (auto near = closest(key, known)) return "; did you mean '" + *near + "'?";
  for (const auto& [name, keys] : known_keys())
    if (name != section && keys.count(key)) return "; '" + key + "' belongs in [" + name + "]";
  for (const auto& [name, keys] : known_keys())
    if (name != section)
      if (auto near = closest(key, keys)) return "; did you mean '" + *near + "' in [" + name + "]?";
  return "";
}

[[noreturn]] void unknown_key(const std::string& key, const std::string& where, const std::string& section,
                              const std::set<std::string>& known) {
  throw Error("unknown key '" + key + "' in " + where + key_hint(key, section, known) + " (known: " + join(known) + ")");
}

// One [section] of the file. Keys it does not know are refused when it is
// opened, naming the closest known one; each read checks the value's type
// and range and names section.key when they are wrong. An absent section
// reads as all defaults.
class Section {
 public:
  Section(const toml::value& root, std::string name) : name_(std::move(name)) {
    if (!root.contains(name_)) return;
    const auto& t = root.at(name_);
    if (!t.is_table()) throw Error("[" + name_ + "] must be a table, not " + type_name(t));
    const auto& known = known_keys().at(name_);
    std::set<std::string> keys;  // sorted, so the first unknown key reported does not depend on hashing
    for (const auto& [k, v] : t.as_table()) keys.insert(k);
    for (const auto& k : keys)
      if (!known.count(k)) unknown_key(k, "[" + name_ + "]", name_, known);
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
// brackets). Returns the host of a TCP address, nullopt for a unix socket.
// `unix_ok` false: host:port only.
std::optional<std::string> check_address(const std::string& a, const std::string& where, bool unix_ok) {
  const std::string forms = unix_ok ? "host:port, unix:///path or unix:/path" : "host:port";
  auto bad = [&](const std::string& why) { return Error(where + " '" + a + "': " + why + " (expected " + forms + ")"); };
  if (a.rfind("unix:", 0) == 0) {
    if (!unix_ok) throw bad("not a unix socket here");
    std::string path = a.substr(5);
    if (path.rfind("//", 0) == 0) {
      path = path.substr(2);
      if (!path.empty() && path[0] != '/') throw bad("unix:// takes an absolute path, as in unix:///run/curio/cuzk.sock");
    }
    if (path.empty()) throw bad("empty unix socket path");
    return std::nullopt;
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
  return host;
}

std::string port_of(const std::string& a) { return a.substr(a.rfind(':') + 1); }

// The listen addresses' forms, and who may call them: the unix socket and
// loopback TCP trust whoever reaches them (the machine's users, as the
// socket's mode and group allow); TCP on any other address must be told who
// its callers are. `where` names the key or flag the addresses came from.
void check_listeners(const DaemonConfig& c, const std::string& where) {
  std::set<std::string> seen;
  const bool guarded = !c.token.empty() || !c.token_file.empty() || !c.allow_networks.empty() || c.insecure_tcp;
  for (const auto& a : c.listen) {
    if (!seen.insert(a).second) throw Error(where + " '" + a + "' is listed twice");
    const auto host = check_address(a, where, true);
    if (!host || guarded || is_loopback_host(*host)) continue;
    const std::string port = port_of(a);
    throw Error(where + " = '" + a +
                "': TCP on an address other machines reach serves only the callers it is told of; add one line "
                "under [daemon]: listen = \"127.0.0.1:" + port + "\" when Curio runs on this machine; "
                "allow_networks = [\"10.0.0.0/16\"] with your Curio nodes' network; token_file = \"/path/to/token\" "
                "(or token) when the clients send that bearer token (Curio's client sends none); or insecure_tcp = "
                "true to serve anyone who reaches the port");
  }
  if (!c.status_listen.empty()) check_address(c.status_listen, "daemon.status_listen", false);
}

// A unix socket's mode: "0660" (octal digits, as chmod takes them) or a TOML
// octal integer (0o660). A decimal integer is refused: 660 is not 0660.
unsigned read_socket_mode(const Section& s, const toml::value& v) {
  const std::string where = s.where("socket_mode");
  const std::string fix = " (write \"0660\" or 0o660: octal, as chmod takes it)";
  std::string digits;
  if (v.is_string()) {
    digits = trim(v.as_string().str);
    if (digits.rfind("0o", 0) == 0) digits = digits.substr(2);
    if (digits.empty() || digits.size() > 4 ||
        !std::all_of(digits.begin(), digits.end(), [](char ch) { return ch >= '0' && ch <= '7'; }))
      throw Error(where + " = '" + v.as_string().str + "' is not an octal mode" + fix);
  } else if (v.is_integer()) {
    const auto loc = v.location();
    const std::string literal =
        loc.column() >= 1 ? lower(loc.line_str().substr(loc.column() - 1, loc.region())) : std::string();
    if (literal.rfind("0o", 0) != 0 && v.as_integer() != 0)
      throw Error(where + " = " + std::to_string(v.as_integer()) + " is a decimal number" + fix);
    if (v.as_integer() < 0 || v.as_integer() > 07777) throw Error(where + " = " + literal + " is not a mode" + fix);
    return unsigned(v.as_integer());
  } else {
    s.wrong_type("socket_mode", v, "an octal mode, \"0660\" or 0o660");
  }
  const unsigned mode = unsigned(std::stoul(digits, nullptr, 8));
  if (mode > 07777) throw Error(where + " = '" + digits + "' is not a mode" + fix);
  return mode;
}

// A group name or number that exists here: an error now, not when the socket is made.
void check_socket_group(const std::string& group, const std::string& where) {
  if (group.empty() || std::all_of(group.begin(), group.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) return;
  struct group g;
  struct group* found = nullptr;
  std::vector<char> buf(16384);
  if (::getgrnam_r(group.c_str(), &g, buf.data(), buf.size(), &found) != 0 || found == nullptr)
    throw Error(where + " = '" + group + "': no such group on this machine (a group name, or its number)");
}

std::vector<std::string> read_strings(const Section& s, const std::string& key, const toml::value& v,
                                      const std::string& expected) {
  std::vector<std::string> out;
  if (v.is_string()) {
    out.push_back(v.as_string().str);
  } else if (v.is_array()) {
    for (const auto& e : v.as_array()) {
      if (!e.is_string()) s.wrong_type(key, e, "an array of strings (an element is " + type_name(e) + ")");
      out.push_back(e.as_string().str);
    }
  } else {
    s.wrong_type(key, v, expected);
  }
  return out;
}

void parse_daemon(const toml::value& root, DaemonConfig& c, const DaemonOverrides& flags) {
  const Section s(root, "daemon");
  if (const auto* v = s.find("listen")) {
    c.listen = read_strings(s, "listen", *v, "a string or an array of strings");
    if (c.listen.empty()) throw Error(s.where("listen") + " is empty: give at least one address");
  }
  s.read("status_listen", c.status_listen);
  if (const auto* v = s.find("socket_mode")) c.socket_mode = read_socket_mode(s, *v);
  s.read("socket_group", c.socket_group);
  check_socket_group(c.socket_group, s.where("socket_group"));
  s.read("token", c.token);
  s.read("token_file", c.token_file);
  if (const auto* v = s.find("allow_networks")) {
    if (!v->is_array()) s.wrong_type("allow_networks", *v, "an array of networks, as [\"10.0.0.0/16\"]");
    c.allow_networks = read_strings(s, "allow_networks", *v, "an array of networks");
    IpNetworkList(c.allow_networks, s.where("allow_networks"));  // each one parses
  }
  s.read("insecure_tcp", c.insecure_tcp);
  s.read("max_message_mb", c.max_message_mb, 1, 2048);
  s.read("max_rpc_threads", c.max_rpc_threads, 4, 65536);
  if (!c.token.empty() && !c.token_file.empty()) throw Error("[daemon]: set token or token_file, not both");
  if (!c.token_file.empty()) c.bearer_token();  // unreadable or empty: refused now, not at the first call
  // --listen replaces the file's addresses before they are judged: Curio's
  // example file on 0.0.0.0 starts with -l 127.0.0.1:9820
  if (!flags.listen.empty()) c.listen = {flags.listen};
  check_listeners(c, flags.listen.empty() ? s.where("listen") : "--listen");
}

PreloadKeyConfig parse_preload_table(const toml::value& t, const std::string& where) {
  const std::set<std::string> known = {"circuit_id", "id", "path", "pin", "prewarm"};
  for (const auto& [k, v] : t.as_table())
    if (!known.count(k)) unknown_key(k, where, "srs.preload", known);
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
  const Section s(root, "srs");
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
  const Section s(root, "memory");
  s.read_size("total_budget", c.total_budget_bytes, true);
  s.read_size("safety_margin", c.safety_margin_bytes, false);
  s.read_duration("eviction_min_idle", c.eviction_min_idle_s);
  for (const char* key : {"pinned_budget", "working_memory_budget"})
    if (s.has(key)) c.notes.push_back(s.where(key) + " ignored: total_budget covers every allocation");
}

void parse_gpus(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "gpus");
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
  const Section s(root, "cpu");
  s.read("workers", c.cpu_workers, 1, 256);
}

// One setting that several keys may give: the first given sets it; a later
// one given with another value is noted as overridden.
struct Candidate {
  std::string where;
  bool given = false;
  unsigned value = 0;
};
void pick(unsigned& out, const std::vector<Candidate>& candidates, std::vector<std::string>& notes) {
  const Candidate* chosen = nullptr;
  for (const auto& k : candidates) {
    if (!k.given) continue;
    if (!chosen) {
      chosen = &k;
      out = k.value;
    } else if (k.value != chosen->value) {
      notes.push_back(k.where + " = " + std::to_string(k.value) + " ignored: " + chosen->where + " = " +
                      std::to_string(chosen->value) + " is set");
    }
  }
}

// [synthesis] and [pipeline] together: Curio names this engine's two knobs
// in several ways. Each synthesis thread synthesizes one partition, so
// max_parallel_synthesis is the thread count; synthesized partitions waiting
// for a GPU are max_gpu_queue_depth, slot_size and synthesis_lookahead.
void parse_synthesis(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "synthesis");
  const Section p(root, "pipeline");
  Candidate threads{s.where("threads")}, parallel{p.where("max_parallel_synthesis")};
  s.read("threads", threads.value, 0, 1024);
  threads.given = threads.value > 0;  // 0: automatic, in Curio as here
  p.read("max_parallel_synthesis", parallel.value, 0, 1024);
  parallel.given = parallel.value > 0;  // 0: Curio's default
  pick(c.synthesis_threads, {threads, parallel}, c.notes);

  Candidate ready{s.where("max_ready")}, depth{p.where("max_gpu_queue_depth")}, slots{p.where("slot_size")},
      lookahead{p.where("synthesis_lookahead")};
  ready.given = s.read("max_ready", ready.value, 0, 1024);
  p.read("max_gpu_queue_depth", depth.value, 0, 1024);
  depth.given = depth.value > 0;  // 0: no throttle in Curio, automatic here
  p.read("slot_size", slots.value, 0, 1024);
  slots.given = slots.value > 0;  // 0: Curio's partition pipeline off; here it is always on
  lookahead.given = p.read("synthesis_lookahead", lookahead.value, 0, 1024);
  pick(c.max_ready, {ready, depth, slots, lookahead}, c.notes);

  int64_t partition_workers = 0;
  if (s.read("partition_workers", partition_workers, 0, kNoMax))
    c.notes.push_back(s.where("partition_workers") + " = " + std::to_string(partition_workers) +
                      " ignored: the memory budget decides how many partitions synthesize at once");
  bool enabled = true;
  if (p.read("enabled", enabled) && !enabled)
    c.notes.push_back(p.where("enabled") + " = false ignored: the pipeline is always on");
  int64_t concurrency = 0;
  if (p.read("synthesis_concurrency", concurrency, 0, kNoMax) && concurrency > 1)
    c.notes.push_back(p.where("synthesis_concurrency") + " = " + std::to_string(concurrency) +
                      " ignored: partitions of all jobs synthesize together, as many as [synthesis] threads and the "
                      "memory budget allow");
}

void parse_scheduler(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "scheduler");
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
  const Section s(root, "logging");
  if (s.read("level", c.log_level)) parse_log_directives(c.log_level, s.where("level"));
  if (s.read("format", c.log_format)) {
    c.log_format = lower(c.log_format);
    if (c.log_format == "text") c.log_format.clear();
    if (!c.log_format.empty() && c.log_format != "json")
      throw Error(s.where("format") + " = '" + c.log_format + "': expected \"text\" or \"json\"");
  }
}

void parse_jobs(const toml::value& root, DaemonConfig& c) {
  const Section s(root, "jobs");
  s.read("max_partitions", c.max_partitions, 1, 65536);
  s.read("max_jobs", c.max_jobs, 1, 10000000);
  s.read("result_ttl_s", c.result_ttl_s, 0.0, 1e9);
  s.read("drain_timeout_s", c.drain_timeout_s, 0.0, 1e9);
  s.read("verify_proofs", c.verify_proofs);
  s.read_size("max_queued_bytes", c.max_queued_bytes, true);
  s.read("cancel_on_disconnect", c.cancel_on_disconnect);
}

DaemonConfig parse(const toml::value& root, const DaemonOverrides& flags) {
  std::set<std::string> sections;
  for (const auto& [name, keys] : known_keys()) sections.insert(name);
  std::set<std::string> keys;
  for (const auto& [k, v] : root.as_table()) keys.insert(k);
  for (const auto& k : keys) {
    if (sections.count(k)) continue;
    const auto near = closest(k, sections);
    if (root.at(k).is_table())
      throw Error("unknown section [" + k + "]" + (near ? "; did you mean [" + *near + "]?" : "") +
                  " (known sections: " + join(sections) + ")");
    throw Error("unknown key '" + k + "' at the top level" + key_hint(k, "", {}) +
                " (keys go under a section: " + join(sections) + ")");
  }
  DaemonConfig c;
  parse_daemon(root, c, flags);
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

bool is_level_word(const std::string& w, std::string& level) {
  static const std::map<std::string, std::string> words = {
      {"trace", "trace"}, {"debug", "debug"}, {"info", "info"}, {"warn", "warn"}, {"warning", "warn"},
      {"error", "error"}, {"off", "off"},     {"0", "off"},     {"1", "error"},  {"2", "warn"},
      {"3", "info"},      {"4", "debug"},     {"5", "trace"}};
  const auto it = words.find(lower(w));
  if (it == words.end()) return false;
  level = it->second;
  return true;
}

int verbosity(const std::string& level) {
  static const std::map<std::string, int> v = {{"off", 0},   {"error", 1}, {"warn", 2},
                                               {"info", 3}, {"debug", 4}, {"trace", 5}};
  return v.at(level);
}

}  // namespace

LogDirectives parse_log_directives(const std::string& text, const std::string& what) {
  const std::string levels = "trace, debug, info, warn, error or off";
  LogDirectives out;
  std::string ours, fallback;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t comma = std::min(text.find(',', start), text.size());
    const std::string d = trim(text.substr(start, comma - start));
    start = comma + 1;
    if (d.empty()) continue;  // "info," as EnvFilter takes it
    auto bad = [&](const std::string& why) { return Error(what + " = '" + text + "': directive '" + d + "' " + why); };
    const size_t eq = d.rfind('=');
    const bool span = d.find('[') != std::string::npos;
    // a span filter ("h2[conn]=debug") has '=' inside braces too: its level follows the last ']'
    const bool has_level = eq != std::string::npos && (!span || eq > d.rfind(']'));
    std::string level;
    if (!has_level) {
      if (span) {
        out.ignored.push_back(d);
        continue;
      }
      if (!is_level_word(d, level))
        throw bad("is not a level (" + levels + "); a target takes one as target=level, as in cuzk=debug");
      fallback = level;
      continue;
    }
    const std::string target = trim(d.substr(0, eq));
    if (target.empty()) throw bad("has an empty target (write target=level, as in cuzk=debug)");
    if (!is_level_word(trim(d.substr(eq + 1)), level))
      throw bad("has an unknown level '" + trim(d.substr(eq + 1)) + "' (" + levels + ")");
    const bool cuzk = !span && (target == "cuzk" || target.rfind("cuzk_", 0) == 0 || target.rfind("cuzk::", 0) == 0);
    if (!cuzk) {
      out.ignored.push_back(d);
      continue;
    }
    if (ours.empty() || verbosity(level) > verbosity(ours)) ours = level;
  }
  if (ours.empty() && fallback.empty() && out.ignored.empty())
    throw Error(what + " = '" + text + "' has no directive (write a level such as info, or cuzk=debug,warn)");
  out.level = !ours.empty() ? ours : !fallback.empty() ? fallback : "off";
  return out;
}

void apply_overrides(DaemonConfig& c, const DaemonOverrides& o, const char* rust_log) {
  if (!o.listen.empty()) {
    c.listen = {o.listen};
    check_listeners(c, "--listen");
  }
  if (!o.log_level.empty()) {
    parse_log_directives(o.log_level, "--log-level");
    c.log_level = o.log_level;
  }
  const std::string env = rust_log ? trim(rust_log) : "";
  if (env.empty()) return;
  try {
    parse_log_directives(env, "RUST_LOG");
    c.notes.push_back("RUST_LOG='" + env + "' replaces the log level '" + c.log_level + "' (as in Curio)");
    c.log_level = env;
  } catch (const Error& e) {
    c.notes.push_back(std::string(e.what()) + "; RUST_LOG ignored, the log level is '" + c.log_level + "'");
  }
}

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

std::vector<std::string> DaemonConfig::param_folders() const {
  if (!param_cache.empty()) return {param_cache};
  std::vector<std::string> dirs;
  const char* env = std::getenv("FIL_PROOFS_PARAMETER_CACHE");
  if (env && *env) dirs.push_back(env);
  for (const char* d : {"/data/zk/params", "/var/tmp/filecoin-proof-parameters"})
    if (std::find(dirs.begin(), dirs.end(), d) == dirs.end()) dirs.push_back(d);
  return dirs;
}

DaemonConfig parse_config(const std::string& text, const std::string& source, const DaemonOverrides& flags) {
  // TOML is UTF-8 by definition, and toml11 reads past its buffer on some
  // invalid sequences: refuse them before it sees them
  if (const size_t bad = first_invalid_utf8(text); bad != std::string::npos) {
    const size_t line = size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(bad), '\n')) + 1;
    throw Error("config '" + source + "': line " + std::to_string(line) + " (byte " + std::to_string(bad) +
                ") is not UTF-8 text; TOML files are UTF-8");
  }
  try {
    std::istringstream in(text);
    return parse(toml::parse(in, source), flags);
  } catch (const std::exception& e) {  // ours name the key; toml11's syntax errors carry the line
    throw Error("config '" + source + "': " + e.what());
  }
}

DaemonConfig load_config(const std::string& path, const DaemonOverrides& flags) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec) && !ec) throw Error("config file '" + path + "' does not exist");
  std::ifstream f(path);
  if (!f) throw Error("config file '" + path + "' cannot be read");
  std::stringstream ss;
  ss << f.rdbuf();
  return parse_config(ss.str(), path, flags);
}

}  // namespace cuzk::service
