#include "service/daemon.hpp"

#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "service/grpc_service.hpp"
#include "service/http_server.hpp"

namespace cuzk::service {

namespace fs = std::filesystem;

namespace {

sigset_t shutdown_signals() {
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, SIGINT);
  sigaddset(&s, SIGTERM);
  return s;
}

std::string ids_text(const std::vector<uint64_t>& ids) {
  if (ids.empty()) return "none";
  std::string s;
  for (auto id : ids) s += (s.empty() ? "" : " ") + std::to_string(id);
  return s;
}

// A stale socket from a previous run is removed; anything else there is an error.
void clear_socket_path(const std::string& path) {
  std::error_code ec;
  auto st = fs::symlink_status(path, ec);
  if (ec || !fs::exists(st)) {
    fs::create_directories(fs::path(path).parent_path(), ec);
    return;
  }
  if (!fs::is_socket(st)) throw Error("listen.unix_socket '" + path + "' exists and is not a socket");
  fs::remove(path);
}

}  // namespace

void block_shutdown_signals() {
  sigset_t s = shutdown_signals();
  pthread_sigmask(SIG_BLOCK, &s, nullptr);
}

int run_daemon(const DaemonConfig& cfg, engine::BackendSet backends) {
  CoreConfig cc;
  cc.budget_bytes =
      cfg.budget_gb > 0 ? uint64_t(cfg.budget_gb * 1e9) : engine::MemoryBudget::detect_total(uint64_t(cfg.margin_gb * 1e9));
  cc.synthesis_threads = cfg.synthesis_threads;
  cc.max_ready = cfg.max_ready;
  cc.max_partitions = cfg.max_partitions;
  cc.max_jobs = cfg.max_jobs;
  cc.result_ttl_s = cfg.result_ttl_s;
  const std::string token = cfg.bearer_token();

  const auto listed = backends.backends;
  ProvingCore core(cc, std::move(backends));
  std::printf("cuzk daemon: budget %.2f GB, %u synthesis thread(s), backends:", double(cc.budget_bytes) / 1e9,
              core.engine_config().synthesis_threads);
  for (const auto& b : listed) std::printf(" %s x%u", b->name().c_str(), b->workers());
  std::printf("\n");
  for (const auto& k : cfg.preload) {
    const auto id = core.keys().preload(k.path, k.id, k.pin);
    std::printf("cuzk daemon: key '%s' loaded from %s%s\n", id.c_str(), k.path.c_str(), k.pin ? " (pinned)" : "");
    if (k.prewarm > 0) {
      const auto pw = core.prewarm_witness_buffers(id, k.prewarm);
      std::printf("cuzk daemon: key '%s': %zu of %u witness buffer(s) of %.3f GB pinned ahead%s\n", id.c_str(),
                  pw.buffers, k.prewarm, double(pw.bytes_each) / 1e9,
                  pw.buffers < k.prewarm ? " (the memory budget has no room for more)" : "");
    }
  }

  GrpcService service(core, token);
  grpc::ServerBuilder builder;
  builder.SetMaxReceiveMessageSize(int(cfg.max_message_mb) << 20);
  grpc::ResourceQuota quota("cuzk");
  quota.SetMaxThreads(int(cfg.max_rpc_threads));
  builder.SetResourceQuota(quota);
  builder.RegisterService(&service);
  if (!cfg.unix_socket.empty()) {
    clear_socket_path(cfg.unix_socket);
    builder.AddListeningPort("unix:" + cfg.unix_socket, grpc::InsecureServerCredentials());
  }
  int tcp_port = 0;
  if (!cfg.tcp.empty()) builder.AddListeningPort(cfg.tcp, grpc::InsecureServerCredentials(), &tcp_port);
  // the socket is created 0600 from the start (umask), not chmod-ed after a window
  const mode_t old_umask = ::umask(0177);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  ::umask(old_umask);
  if (!server) throw Error("gRPC: cannot listen (unix socket '" + cfg.unix_socket + "', tcp '" + cfg.tcp + "')");
  if (!cfg.unix_socket.empty()) {
    ::chmod(cfg.unix_socket.c_str(), 0600);
    std::printf("cuzk daemon: grpc on unix:%s (mode 0600)\n", cfg.unix_socket.c_str());
  }
  if (!cfg.tcp.empty()) {
    if (tcp_port == 0) throw Error("gRPC: cannot listen on tcp '" + cfg.tcp + "'");
    std::printf("cuzk daemon: grpc on tcp port %d (%s; bearer token required)\n", tcp_port, cfg.tcp.c_str());
  }
  std::unique_ptr<HttpServer> http;
  if (cfg.http_port >= 0) {
    http = std::make_unique<HttpServer>(core, cfg.http_port);
    std::printf("cuzk daemon: http on 127.0.0.1:%d (/status, /metrics)\n", http->port());
  }
  std::printf("cuzk daemon: ready\n");
  std::fflush(stdout);

  sigset_t sigs = shutdown_signals();
  int sig = 0;
  sigwait(&sigs, &sig);
  std::printf("cuzk daemon: %s: draining (up to %.0f s), no new jobs\n", sig == SIGINT ? "SIGINT" : "SIGTERM",
              cfg.drain_timeout_s);
  std::fflush(stdout);
  auto rep = core.drain(cfg.drain_timeout_s);
  // waiting callers got their results during the drain; now close the doors
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  http.reset();
  std::printf("cuzk daemon: finished jobs: %s\n", ids_text(rep.finished).c_str());
  std::printf("cuzk daemon: failed jobs: %s\n", ids_text(rep.failed).c_str());
  std::printf("cuzk daemon: cancelled jobs: %s\n", ids_text(rep.cancelled).c_str());
  if (!cfg.unix_socket.empty()) std::filesystem::remove(cfg.unix_socket);
  std::printf("cuzk daemon: stopped\n");
  std::fflush(stdout);
  return 0;
}

}  // namespace cuzk::service
