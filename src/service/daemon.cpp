#include "service/daemon.hpp"

#include <grpcpp/grpcpp.h>
#include <grpcpp/health_check_service_interface.h>
#include <grp.h>
#include <signal.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <thread>

#include "service/bounded_service.hpp"
#include "service/grpc_service.hpp"
#include "service/heap_release.hpp"
#include "service/http_server.hpp"
#include "service/log.hpp"
#include "service/rpc_observer.hpp"
#include "service/socket_owner.hpp"
#include "service/tcp_access.hpp"
#include "service/token_auth.hpp"

namespace cuzk::service {


namespace {

sigset_t shutdown_signals() {
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, SIGINT);
  sigaddset(&s, SIGTERM);
  return s;
}

std::string ids_text(const std::vector<std::string>& ids) {
  if (ids.empty()) return "none";
  std::string s;
  for (const auto& id : ids) s += (s.empty() ? "" : " ") + id;
  return s;
}

// "unix:///run/x.sock" and "unix:/run/x.sock" -> "/run/x.sock"; TCP -> nullopt.
std::optional<std::string> unix_path(const std::string& listen) {
  if (listen.rfind("unix://", 0) == 0) return listen.substr(7);
  if (listen.rfind("unix:", 0) == 0) return listen.substr(5);
  return std::nullopt;
}

// "host:port", "[::]:port" -> host, port; `what` names the key for errors.
std::pair<std::string, int> host_port(const std::string& s, const std::string& what) {
  const auto colon = s.rfind(':');
  const auto digits = colon == std::string::npos ? std::string() : s.substr(colon + 1);
  if (digits.empty() || digits.size() > 5 || digits.find_first_not_of("0123456789") != std::string::npos ||
      std::stoi(digits) > 65535)
    throw Error(what + " '" + s + "' is not host:port (\"127.0.0.1:9820\", \"[::1]:9820\")");
  std::string host = s.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  return {host, std::stoi(s.substr(colon + 1))};
}

// [srs] preload entries in the order they load: the keys of the proofs with
// the shortest deadlines first (WinningPoSt, WindowPoSt, then the others as
// listed); an entry whose file is missing is logged, naming where it was
// looked for, and left out.
std::vector<PreloadKeyConfig> preload_plan(const std::vector<PreloadKeyConfig>& wanted, const ParamFolder& params) {
  auto urgency = [](const std::string& circuit_id) {
    return circuit_id.rfind("winning-", 0) == 0 ? 0 : circuit_id.rfind("wpost-", 0) == 0 ? 1 : 2;
  };
  std::vector<std::pair<int, PreloadKeyConfig>> plan;
  for (const auto& k : wanted) {
    std::error_code ec;
    if (!k.circuit_id.empty()) {
      const auto type = circuit_type(k.circuit_id);
      if (!type) {
        spdlog::warn("cuzk daemon: preload '{}' skipped: unknown circuit id (porep-, wpost-, winning-, snap- with 2k, "
                     "8m, 512m, 32g or 64g)",
                     k.circuit_id);
        continue;
      }
      const std::string file = params.params_path(*type);
      if (!std::filesystem::exists(file, ec)) {
        spdlog::warn("cuzk daemon: preload {} skipped: no file '{}' in the {}", k.circuit_id,
                     std::filesystem::path(file).filename().string(), params.searched());
        continue;
      }
      plan.emplace_back(urgency(k.circuit_id), k);
    } else {
      if (!std::filesystem::exists(k.path, ec)) {
        spdlog::warn("cuzk daemon: preload '{}' skipped: '{}' does not exist", k.id.empty() ? k.path : k.id, k.path);
        continue;
      }
      plan.emplace_back(urgency(params.circuit_id_of_path(k.path)), k);
    }
  }
  std::stable_sort(plan.begin(), plan.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<PreloadKeyConfig> out;
  for (auto& [u, k] : plan) out.push_back(std::move(k));
  return out;
}

// Loads the plan's keys one at a time while the daemon serves (a job whose
// key is loading waits for that load), each prewarmed after its load; a key
// that fails to load is logged and skipped.
void preload_keys(ProvingCore& core, const std::vector<PreloadKeyConfig>& plan, std::stop_token stop) {
  for (const auto& k : plan) {
    const std::string name = !k.circuit_id.empty() ? k.circuit_id : !k.id.empty() ? k.id : k.path;
    try {
      const auto loaded = core.preload_key(k.circuit_id.empty() ? k.id : k.circuit_id, k.path, k.pin, stop);
      if (k.prewarm > 0 && !stop.stop_requested()) {
        const auto key_id = k.circuit_id.empty() ? loaded.id : loaded.path;
        const auto pw = core.prewarm_witness_buffers(key_id, k.prewarm);
        spdlog::info("cuzk daemon: key '{}': {} of {} witness buffer(s) of {:.3f} GB pinned ahead{}", loaded.id,
                     pw.buffers, k.prewarm, double(pw.bytes_each) / 1e9,
                     pw.buffers < k.prewarm ? " (the memory budget has no room for more)" : "");
      }
    } catch (const std::exception& e) {
      if (stop.stop_requested()) return;
      spdlog::error("cuzk daemon: preload {} failed and is skipped: {}", name, e.what());
    }
    if (stop.stop_requested()) return;
  }
  spdlog::info("cuzk daemon: preloads done");
}

}  // namespace

void block_shutdown_signals() {
  sigset_t s = shutdown_signals();
  pthread_sigmask(SIG_BLOCK, &s, nullptr);
}

int run_daemon(const DaemonConfig& cfg, engine::BackendSet backends) {
  init_logging(cfg.log_level, cfg.log_format);
  for (const auto& n : cfg.notes) spdlog::warn("config: {}", n);
  CoreConfig cc;
  cc.budget_bytes = cfg.total_budget_bytes > 0 ? cfg.total_budget_bytes
                                               : engine::MemoryBudget::detect_total(cfg.safety_margin_bytes);
  cc.synthesis_threads = cfg.synthesis_threads;
  cc.max_ready = cfg.max_ready;
  cc.max_partitions = cfg.max_partitions;
  cc.max_jobs = cfg.max_jobs;
  cc.result_ttl_s = cfg.result_ttl_s;
  cc.max_queued_bytes = cfg.max_queued_bytes;
  cc.verify_proofs = cfg.verify_proofs;
  cc.param_folders = cfg.param_folders();
  cc.key_min_idle_s = cfg.eviction_min_idle_s;
  cc.cancel_on_disconnect = cfg.cancel_on_disconnect;
  const std::string token = cfg.bearer_token();
  // an unknown socket_group stops the start before anything is bound
  const gid_t socket_gid = socket_group_id(cfg.socket_group);
  const IpNetworkList allowed(cfg.allow_networks, "[daemon] allow_networks");
  // the sockets first: a second daemon on a path stops before loading keys
  std::vector<std::unique_ptr<SocketOwner>> sockets;  // held until the daemon exits
  for (const auto& l : cfg.listen)
    if (auto path = unix_path(l)) sockets.push_back(std::make_unique<SocketOwner>(*path));

  const auto listed = backends.backends;
  ProvingCore core(cc, std::move(backends));
  std::string names;
  for (const auto& b : listed) names += " " + b->name() + " x" + std::to_string(b->workers());
  spdlog::info("cuzk daemon: budget {:.2f} GB, {} synthesis thread(s), backends:{}; {}{}",
               double(cc.budget_bytes) / 1e9, core.engine_config().synthesis_threads, names,
               core.param_folder().searched(),
               cc.verify_proofs ? "" : "; proofs NOT verified before they are returned (verify_proofs = false)");
  // whether malloc asks for huge pages (glibc.malloc.hugetlb, apps/cuzk/huge_page_malloc.hpp)
  const char* tunables = std::getenv("GLIBC_TUNABLES");
  spdlog::info("cuzk daemon: GLIBC_TUNABLES={}", tunables ? tunables : "(unset)");
  // loaded once the daemon listens (preload_keys)
  const auto preloads = preload_plan(cfg.preload, core.param_folder());

  GrpcService service(core, GrpcService::max_waiting_calls(cfg.max_rpc_threads));
  grpc::EnableDefaultHealthCheckService(true);
  grpc::ServerBuilder builder;
  // one process per port: without this a second daemon on the same port
  // would share it (SO_REUSEPORT) and take half of the connections
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  const uint64_t max_message_bytes = uint64_t(cfg.max_message_mb) << 20;
  const int max_message = int(std::min<uint64_t>(max_message_bytes, INT32_MAX));
  // requests are measured by BoundedService, whose refusals are logged and
  // counted; gRPC's own limit would drop them unseen
  builder.SetMaxReceiveMessageSize(-1);
  builder.SetMaxSendMessageSize(max_message);
  // the in-flight limit, as the core resolves "auto"
  const uint64_t max_held = cfg.max_queued_bytes ? cfg.max_queued_bytes : std::max<uint64_t>(cc.budget_bytes / 4, 1);
  BoundedService bounded(service, max_message_bytes, max_held);
  HeapRelease heap;  // outlives the server, whose interceptors poke it
  grpc::ResourceQuota quota("cuzk");
  quota.SetMaxThreads(int(cfg.max_rpc_threads));
  // what gRPC may hold for connections and messages not yet handled
  quota.Resize(size_t(std::min<uint64_t>(max_held + 2 * max_message_bytes + (64ull << 20), SIZE_MAX)));
  builder.SetResourceQuota(quota);
  builder.RegisterService(&bounded);
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> observers;
  observers.push_back(std::make_unique<RpcObserver>(core.metrics(), heap));
  builder.experimental().SetInterceptorCreators(std::move(observers));
  // TCP: a loopback listener is gRPC's (a token, when set, on every call);
  // another with allow_networks is a PeerGate checking each peer before a
  // byte is read (tcp_access.hpp); another without it needs the token or
  // insecure_tcp
  std::vector<std::pair<std::string, std::unique_ptr<int>>> tcp;  // address, bound port
  std::vector<std::pair<std::string, std::unique_ptr<PeerGate>>> gates;
  const auto tcp_creds = token.empty() ? grpc::InsecureServerCredentials() : token_server_credentials(token, core.metrics());
  for (const auto& l : cfg.listen) {
    if (auto path = unix_path(l)) {
      builder.AddListeningPort("unix:" + *path, grpc::InsecureServerCredentials());
      continue;
    }
    const auto [host, port] = host_port(l, "[daemon] listen");
    if (!is_loopback_host(host) && !allowed.empty()) {
      gates.emplace_back(l, std::make_unique<PeerGate>(host, port, allowed, core.metrics()));
      continue;
    }
    if (!is_loopback_host(host) && token.empty() && !cfg.insecure_tcp)
      throw Error("[daemon] listen '" + l + "': a TCP listener on a non-loopback address needs one of: allow_networks = "
                  "[\"10.0.0.0/8\"] (the clients' networks), token_file = \"/etc/cuzk/token\", or insecure_tcp = true; "
                  "or listen on 127.0.0.1");
    tcp.emplace_back(l, std::make_unique<int>(0));
    builder.AddListeningPort(l, tcp_creds, tcp.back().second.get());
  }
  // with a token, gated connections are relayed to a loopback port that
  // checks it (a connection handed over by its fd would skip the check)
  int relay_port = 0;
  if (!gates.empty() && !token.empty()) builder.AddListeningPort("127.0.0.1:0", tcp_creds, &relay_port);
  // sockets are bound 0600, then given their group and socket_mode: never a
  // wider mode than asked for, not even for a moment
  const mode_t old_umask = ::umask(0177);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  ::umask(old_umask);
  if (!server)
    throw Error("gRPC: cannot listen on every address of [daemon] listen (a port in use by another process? a bad "
                "address?)");
  for (const auto& s : sockets) {
    s->set_access(cfg.socket_mode, socket_gid, cfg.socket_group);
    struct stat st {};
    ::stat(s->path().c_str(), &st);
    const ::group* g = ::getgrgid(st.st_gid);
    spdlog::info("cuzk daemon: grpc on unix:{} (mode {:04o}, group {})", s->path(), st.st_mode & 0777,
                 g ? std::string(g->gr_name) : std::to_string(st.st_gid));
  }
  for (const auto& [addr, port] : tcp) {
    if (*port == 0) throw Error("gRPC: cannot listen on tcp '" + addr + "' (in use by another process?)");
    const bool local = is_loopback_host(host_port(addr, "[daemon] listen").first);
    if (!token.empty())
      spdlog::info("cuzk daemon: grpc on tcp port {} ({}; bearer token required)", *port, addr);
    else if (local)
      spdlog::info("cuzk daemon: grpc on tcp port {} ({}; loopback: this machine's clients, no token)", *port, addr);
    else
      spdlog::warn("cuzk daemon: grpc on tcp port {} ({}) WITHOUT a token (insecure_tcp = true): anyone who reaches "
                   "this port can submit and cancel jobs",
                   *port, addr);
  }
  std::string nets;
  for (const auto& n : allowed.networks()) nets += (nets.empty() ? "" : ", ") + n.text();
  if (!gates.empty() && !token.empty() && relay_port == 0)
    throw Error("gRPC: cannot listen on 127.0.0.1 for the token check of [daemon] allow_networks' clients");
  for (const auto& [addr, gate] : gates) {
    gate->start(*server, relay_port);
    spdlog::info("cuzk daemon: grpc on tcp port {} ({}; clients from loopback and allow_networks {} only, checked "
                 "before anything is read{})",
                 gate->port(), addr, nets, token.empty() ? "" : "; bearer token required");
  }
  std::unique_ptr<HttpServer> http;
  if (!cfg.status_listen.empty()) {
    const auto [host, port] = host_port(cfg.status_listen, "[daemon] status_listen");
    http = std::make_unique<HttpServer>(core, host, port);
    spdlog::info("cuzk daemon: http on {}:{} (/status, /metrics, /healthz)", http->host(), http->port());
  }
  spdlog::info("cuzk daemon: ready");
  std::jthread preloader;  // stops before the core goes
  if (!preloads.empty()) {
    std::string order;
    for (const auto& k : preloads) order += " " + (!k.circuit_id.empty() ? k.circuit_id : !k.id.empty() ? k.id : k.path);
    spdlog::info("cuzk daemon: preloading {} key(s) while serving, in this order:{}", preloads.size(), order);
    preloader = std::jthread([&core, &preloads](std::stop_token st) { preload_keys(core, preloads, st); });
  }

  sigset_t sigs = shutdown_signals();
  int sig = 0;
  sigwait(&sigs, &sig);
  preloader.request_stop();
  spdlog::info("cuzk daemon: {}: draining (up to {:.0f} s), no new jobs", sig == SIGINT ? "SIGINT" : "SIGTERM",
               cfg.drain_timeout_s);
  if (auto* health = server->GetHealthCheckService()) health->SetServingStatus(false);
  auto rep = core.drain(cfg.drain_timeout_s);
  // waiting callers got their results during the drain; now close the doors
  gates.clear();  // no connection handed to a server shutting down
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  http.reset();
  spdlog::info("cuzk daemon: finished jobs: {}", ids_text(rep.finished));
  spdlog::info("cuzk daemon: failed jobs: {}", ids_text(rep.failed));
  spdlog::info("cuzk daemon: cancelled jobs: {}", ids_text(rep.cancelled));
  sockets.clear();
  spdlog::info("cuzk daemon: stopped");
  return 0;
}

}  // namespace cuzk::service
