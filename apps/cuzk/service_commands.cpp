#include "service_commands.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "core/mapped_file.hpp"
#include "engine/backend_set.hpp"
#include "exit_codes.hpp"
#include "ff/field_io.hpp"
#include "formats/bellperson_params.hpp"
#include "formats/public_inputs_json.hpp"
#include "formats/snarkjs/json.hpp"
#include "formats/snarkjs/json_vk.hpp"
#include "groth16/verifier.hpp"
#include "service/client.hpp"
#include "service/config.hpp"
#include "service/daemon.hpp"
#include "filecoin/domain.hpp"
#include "filecoin_statement.hpp"

namespace cuzk::app {

namespace bp = formats::bellperson;
using namespace service;

namespace {

// The daemon's flags that take a value, as runs_daemon skips over them.
constexpr const char* kDaemonValueFlags[] = {"-c", "--config", "-l", "--listen", "--log-level"};

std::vector<CLI::Option*> add_daemon_options(CLI::App* cmd, DaemonArgs& d, const std::string& group) {
  std::vector<CLI::Option*> opts = {
      cmd->add_option("-c,--config", d.config,
                      "TOML config (docs/cuzk.example.toml; Curio's cuzk.example.toml is accepted); the default "
                      "file missing: the defaults")
          ->capture_default_str(),
      cmd->add_option("-l,--listen", d.listen, "address to serve, replacing [daemon] listen (unix:///path or host:port)"),
      cmd->add_option("--log-level", d.log_level,
                      "log directives replacing [logging] level (info, cuzk=debug,warn, ...); RUST_LOG wins over both"),
  };
  for (auto* o : opts) o->group(group);
  return opts;
}

// As Curio's daemon: the default file may be absent (the defaults then, said
// once at startup); a file named on the command line must exist.
int run_daemon_command(const DaemonArgs& a, bool config_given) {
  DaemonConfig cfg;
  std::error_code ec;
  if (config_given || std::filesystem::exists(a.config, ec))
    cfg = load_config(a.config, {a.listen, a.log_level});
  else
    cfg.notes.push_back("file '" + a.config + "' not found: running on the defaults (--config PATH names one)");
  apply_overrides(cfg, {a.listen, a.log_level}, std::getenv("RUST_LOG"));
  engine::BackendOptions o;
  o.use_gpus = cfg.use_gpus;
  o.gpu_devices = cfg.gpu_devices;
  o.workers_per_gpu = cfg.workers_per_gpu;
  o.host_memory = cfg.host_memory;
  o.stream_abc = cfg.stream_abc;
  o.cpu_workers = cfg.cpu_workers;
  return run_daemon(cfg, engine::make_backends(o));
}

std::string token_of(const ClientArgs& a) {
  if (!a.token.empty()) return a.token;
  if (a.token_file.empty()) return "";
  service::DaemonConfig c;
  c.token_file = a.token_file;
  return c.bearer_token();
}

v1::Priority proto_priority(const std::string& name) {
  switch (engine::parse_priority(name)) {
    case engine::Priority::kCritical: return v1::CRITICAL;
    case engine::Priority::kHigh: return v1::HIGH;
    case engine::Priority::kLow: return v1::LOW;
    default: return v1::NORMAL;
  }
}

v1::SubmitProofRequest request_of(const ClientArgs& a) {
  v1::SubmitProofRequest r;
  r.set_request_id(a.request_id);
  if (!a.zkey.empty()) {
    if (a.wtns.empty()) throw Error("a snarkjs job needs --wtns FILE with --zkey");
    MappedFile w(a.wtns);
    r.set_proof_kind(v1::SNARKJS_GROTH16);
    r.mutable_snarkjs()->set_zkey_path(a.zkey);
    r.mutable_snarkjs()->set_wtns(w.bytes().data(), w.bytes().size());
  } else {
    if (a.key_id.empty() && a.params.empty()) throw Error("name the key: --params PATH or --key-id ID");
    r.set_proof_kind(v1::BUILTIN_CIRCUIT);
    auto* b = r.mutable_builtin();
    b->set_key_id(a.key_id);
    b->set_params_path(a.params);
    b->set_circuit(a.circuit.name);
    b->set_height(uint32_t(a.circuit.height));
    b->set_challenges(uint32_t(a.circuit.challenges));
    b->set_constraints(a.circuit.constraints);
    b->set_seed(a.circuit.seed);
    b->set_partitions(a.partitions);
  }
  r.set_priority(proto_priority(a.priority));
  if (a.verify_after) r.set_verify(v1::VERIFY_ALWAYS);
  if (a.skip_daemon_verify) r.set_verify(v1::VERIFY_NEVER);
  r.set_label(a.label);
  return r;
}

std::string file_bytes(const std::string& path) {
  MappedFile f(path);
  return std::string(reinterpret_cast<const char*>(f.bytes().data()), f.bytes().size());
}

std::string hex_bytes(const std::string& hex, const char* what) {
  if (hex.empty()) return "";
  try {
    const auto d = filecoin::domain_from_hex(hex);
    return std::string(d.begin(), d.end());
  } catch (const Error& e) {
    throw Error(std::string(what) + ": " + e.what());
  }
}

// What Curio sends for each kind (its lib/ffi/cuzk_funcs.go), from files and flags.
v1::SubmitProofRequest filecoin_request_of(const ClientArgs& a) {
  const auto& f = a.filecoin;
  v1::SubmitProofRequest r;
  r.set_request_id(a.request_id);
  r.set_label(a.label);
  if (f.kind == "porep") {
    if (f.c1.empty()) throw Error("--kind porep needs --c1 FILE (Curio's C1 wrapper or the C1 output)");
    r.set_proof_kind(v1::POREP_SEAL_COMMIT);
    r.set_vanilla_proof(file_bytes(f.c1));
  } else if (f.kind == "window" || f.kind == "winning" || f.kind == "snap") {
    r.set_proof_kind(f.kind == "window" ? v1::WINDOW_POST_PARTITION
                                        : f.kind == "winning" ? v1::WINNING_POST : v1::SNAP_DEALS_UPDATE);
    if (f.vanilla.empty()) throw Error("--kind " + f.kind + " needs --vanilla FILE...");
    for (const auto& item : vanilla_items(f.vanilla)) r.add_vanilla_proofs(item.data(), item.size());
  } else {
    throw Error("--kind '" + f.kind + "': expected porep, snap, window or winning");
  }
  r.set_registered_proof(f.registered_proof);
  r.set_sector_size(f.sector_size);
  r.set_sector_number(f.sector_number);
  r.set_miner_id(f.miner_id);
  r.set_partition_index(f.partition_index);
  r.set_randomness(hex_bytes(f.randomness, "--randomness"));
  r.set_comm_r_old(hex_bytes(f.comm_r_old, "--comm-r-old"));
  r.set_comm_r_new(hex_bytes(f.comm_r_new, "--comm-r-new"));
  r.set_comm_d_new(hex_bytes(f.comm_d_new, "--comm-d-new"));
  if (a.priority != "default") r.set_priority(proto_priority(a.priority));
  if (a.skip_daemon_verify) r.set_verify(v1::VERIFY_NEVER);
  return r;
}

// The proof bytes Curio would take, and the daemon's timings.
int write_filecoin_result(const ClientArgs& a, const v1::AwaitProofResponse& r) {
  if (r.status() != v1::AwaitProofResponse::COMPLETED) {
    std::cerr << "cuzk client: job " << r.job_id() << ": " << v1::AwaitProofResponse::Status_Name(r.status()) << ": "
              << r.error_message() << "\n";
    return kExitInternal;
  }
  if (!a.proof_out.empty())
    bp::write_file(a.proof_out, std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(r.proof().data()), r.proof().size()));
  std::printf("job %s: done, %zu bytes; total %llu ms (queue %llu, key load %llu, synthesis %llu, gpu %llu, verify %llu)\n",
              r.job_id().c_str(), r.proof().size(), (unsigned long long)r.total_ms(), (unsigned long long)r.queue_wait_ms(),
              (unsigned long long)r.srs_load_ms(), (unsigned long long)r.synthesis_ms(),
              (unsigned long long)r.gpu_compute_ms(), (unsigned long long)r.verify_ms());
  return kExitOk;
}

std::optional<std::chrono::milliseconds> timeout_of(const ClientArgs& a) {
  if (a.timeout_s <= 0) return std::nullopt;
  return std::chrono::milliseconds(int64_t(a.timeout_s * 1000));
}

// A request the daemon refused is the caller's to fix; a daemon that cannot
// be reached, is full, runs out of time or fails is not.
int exit_code_of(const ClientError& e) {
  switch (e.code) {
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::NOT_FOUND:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::OUT_OF_RANGE:
    case grpc::StatusCode::ALREADY_EXISTS:
    case grpc::StatusCode::UNAUTHENTICATED:
    case grpc::StatusCode::PERMISSION_DENIED: return kExitBadInput;
    default: return kExitInternal;
  }
}

// Writes proof + public inputs like `cuzk prove` (one partition), or
// PATH.<i> per partition; verifies with the vk when asked. Exit code.
int write_result(const ClientArgs& a, const v1::AwaitProofResponse& r) {
  if (r.status() != v1::AwaitProofResponse::COMPLETED) {
    // The daemon checks a request when it is submitted (a refusal exits 2,
    // above); of a job that fails later it reports only a message, which
    // does not tell a witness at fault from a failing prover or from
    // the daemon's verification. No proof came back: not kExitInvalidProof.
    std::cerr << "cuzk client: job " << r.job_id() << ": " << v1::AwaitProofResponse::Status_Name(r.status()) << ": "
              << r.error_message() << "\n";
    return kExitInternal;
  }
  if (!r.snarkjs_proof_json().empty()) {  // a snarkjs job: proof.json and public.json
    if (!a.proof_out.empty()) formats::write_text_file(a.proof_out, r.snarkjs_proof_json());
    if (!a.public_out.empty()) formats::write_text_file(a.public_out, r.snarkjs_public_json());
    int rc = kExitOk;
    if (a.verify) {
      if (a.vk.empty()) throw Error("--verify of a snarkjs job needs --vk verification_key.json");
      namespace sj = formats::snarkjs;
      const std::string vk_text = formats::read_text_file(a.vk);
      const bool ok = sj::with_curve(sj::json_curve(vk_text, a.vk), [&](auto e) {
        using E = decltype(e);
        using F = typename E::Fr;
        groth16::PreparedVerifyingKey<E> pvk(sj::vk_from_json<E>(vk_text, a.vk));
        auto pub = sj::public_from_json<F>(r.snarkjs_public_json(), "public signals from the daemon");
        auto proof = sj::proof_from_json<E>(r.snarkjs_proof_json(), "proof from the daemon");
        return groth16::verify_proof(pvk, proof, std::span<const F>(pub));
      });
      std::cout << "snarkjs proof: verify " << (ok ? "OK" : "FAILED") << "\n";
      rc = ok ? kExitOk : kExitInvalidProof;
    }
    std::printf("job %s: done (snarkjs), %.3f s\n", r.job_id().c_str(), double(r.total_ms()) / 1e3);
    return rc;
  }
  std::optional<groth16::PreparedVerifyingKey<groth16::Bls12_381>> pvk;
  if (a.verify) {
    const std::string vk_path = !a.vk.empty() ? a.vk : a.params;
    if (vk_path.empty()) throw Error("--verify needs the verifying key: --vk FILE or --params FILE");
    MappedFile f(vk_path);
    formats::ByteReader rd(f.bytes(), "key file '" + vk_path + "'");
    pvk.emplace(bp::read_vk(rd));
  }
  const int n = r.partitions_size();
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    const auto& p = r.partitions(i);
    const std::string suffix = n == 1 ? "" : "." + std::to_string(i);
    std::vector<Fr> inputs;
    for (const auto& s : p.public_inputs()) inputs.push_back(ff::from_decimal<Fr>(s, "public input"));
    const auto* bytes = reinterpret_cast<const uint8_t*>(p.proof().data());
    if (!a.proof_out.empty()) bp::write_file(a.proof_out + suffix, std::span<const uint8_t>(bytes, p.proof().size()));
    if (!a.public_out.empty()) formats::write_text_file(a.public_out + suffix, formats::public_inputs_to_json(inputs));
    if (pvk) {
      auto proof = bp::proof_from_bytes(std::span<const uint8_t>(bytes, p.proof().size()), "proof from the daemon");
      const bool ok = groth16::verify_proof(*pvk, proof, std::span<const Fr>(inputs));
      std::cout << "partition " << i << ": verify " << (ok ? "OK" : "FAILED") << "\n";
      bad += !ok;
    }
  }
  std::printf("job %s: done, %d partition(s), %.3f s\n", r.job_id().c_str(), n, double(r.total_ms()) / 1e3);
  return bad ? kExitInvalidProof : kExitOk;
}

void add_job_options(CLI::App* cmd, ClientArgs& c) {
  cmd->add_option("--circuit", c.circuit.name, "built-in circuit: merkle or synthetic");
  cmd->add_option("--height", c.circuit.height, "merkle: tree height");
  cmd->add_option("--challenges", c.circuit.challenges, "merkle: leaves proven");
  cmd->add_option("--constraints", c.circuit.constraints, "synthetic: constraints");
  cmd->add_option("--seed", c.circuit.seed, "witness seed of partition 0 (partition i uses seed + i)");
  cmd->add_option("-p,--params", c.params, "bellperson params path (as the daemon sees it)");
  cmd->add_option("--key-id", c.key_id, "id of a key the daemon has loaded");
  cmd->add_option("--zkey", c.zkey, "a snarkjs job: .zkey path (as the daemon sees it); with --wtns");
  cmd->add_option("--wtns", c.wtns, "a snarkjs job: circom witness file (sent to the daemon)");
  cmd->add_option("--priority", c.priority, "critical, high, normal or low");
  cmd->add_option("--partitions", c.partitions, "partitions (circuit with seed + index each)");
  cmd->add_option("--label", c.label, "shown in status");
  cmd->add_option("--request-id", c.request_id, "the job's id (default: the daemon makes one)");
  cmd->add_flag("--verify-after", c.verify_after, "the daemon verifies each proof before returning it, whatever its config");
  cmd->add_flag("--skip-daemon-verify", c.skip_daemon_verify, "the daemon does not verify the proofs (bellperson jobs)");
}

void add_output_options(CLI::App* cmd, ClientArgs& c) {
  cmd->add_option("-o,--proof", c.proof_out, "proof file to write (192 bytes; PATH.<i> per partition when several)");
  cmd->add_option("--public", c.public_out, "public inputs JSON to write (PATH.<i> per partition when several)");
  cmd->add_flag("--verify", c.verify, "verify here with the verifying key (--vk, or --params)");
  cmd->add_option("--vk", c.vk, "verifying-key (or params) file for --verify");
  cmd->add_option("--timeout", c.timeout_s, "seconds to wait (0: no limit)");
}

}  // namespace

bool runs_daemon(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "-h" || a == "--help" || a == "--version") return false;
    if (std::find(std::begin(kDaemonValueFlags), std::end(kDaemonValueFlags), a) != std::end(kDaemonValueFlags)) {
      ++i;  // its value
      continue;
    }
    if (!a.empty() && a[0] == '-') continue;  // --config=PATH, -cPATH, or one the parse refuses
    return a == "daemon";
  }
  return true;
}

ServiceCommands::ServiceCommands(CLI::App& app) : root_(&app) {
  root_daemon_options_ = add_daemon_options(&app, daemon_args_, "Daemon (cuzk with no command)");
  // checked once the whole line is read, before the command's own checks
  const CLI::Validator alone(
      [&app](std::string&) -> std::string {
        if (app.get_subcommands().empty()) return "";
        return "the daemon's flag: give it with no command (cuzk --config PATH) or after 'daemon' (cuzk daemon "
               "--config PATH), not before '" + app.get_subcommands().front()->get_name() + "'";
      },
      "", "daemon flag alone");
  for (auto* o : root_daemon_options_) o->check(alone);
  daemon_ = app.add_subcommand("daemon",
                               "run the proving daemon (gRPC on a unix socket or TCP, HTTP /status and /metrics); the "
                               "same as cuzk with no command");
  daemon_options_ = add_daemon_options(daemon_, daemon_args_, "Options");

  client_ = app.add_subcommand("client", "talk to a running daemon");
  client_->add_option("--address", c_.address, "unix:/path or host:port")->capture_default_str();
  client_->add_option("--token", c_.token, "bearer token (TCP)");
  client_->add_option("--token-file", c_.token_file, "file holding the bearer token (TCP)");
  client_->require_subcommand(1);
  submit_ = client_->add_subcommand("submit", "queue a job, print its id");
  add_job_options(submit_, c_);
  await_ = client_->add_subcommand("await", "wait for a job; write its proofs");
  await_->add_option("job", c_.job_id, "job id")->required();
  add_output_options(await_, c_);
  await_->add_option("-p,--params", c_.params, "params file for --verify");
  prove_ = client_->add_subcommand("prove", "submit and wait; write proofs like `cuzk prove`");
  add_job_options(prove_, c_);
  add_output_options(prove_, c_);
  cancel_ = client_->add_subcommand("cancel", "cancel a job");
  cancel_->add_option("job", c_.job_id, "job id")->required();
  filecoin_ = client_->add_subcommand("filecoin", "prove a Filecoin proof as Curio asks for it; write the proof bytes");
  {
    auto& f = c_.filecoin;
    filecoin_->add_option("--kind", f.kind, "porep, snap, window or winning")->required();
    filecoin_->add_option("--c1", f.c1, "PoRep: Curio's C1 wrapper JSON (or the C1 output)");
    filecoin_->add_option("--vanilla", f.vanilla, "PoSt / SnapDeals: vanilla proof files (bincode, or Curio's JSON array)");
    filecoin_->add_option("--registered-proof", f.registered_proof, "PoSt or update proof id");
    filecoin_->add_option("--sector-size", f.sector_size, "bytes (checked when given)");
    filecoin_->add_option("--sector-number", f.sector_number, "PoRep: sector number (default: the C1 wrapper's)");
    filecoin_->add_option("--miner-id", f.miner_id, "PoRep: actor id of the miner");
    filecoin_->add_option("--partition-index", f.partition_index, "WindowPoSt: the partition");
    filecoin_->add_option("--randomness", f.randomness, "PoSt: challenge randomness (64 hex digits)");
    filecoin_->add_option("--comm-r-old", f.comm_r_old, "SnapDeals (64 hex digits)");
    filecoin_->add_option("--comm-r-new", f.comm_r_new, "SnapDeals (64 hex digits)");
    filecoin_->add_option("--comm-d-new", f.comm_d_new, "SnapDeals (64 hex digits)");
    filecoin_->add_option("--request-id", c_.request_id, "the job's id (default: the daemon makes one)");
    filecoin_->add_option("--priority", c_.priority, "critical, high, normal or low (default: the kind's)");
    filecoin_->add_option("--label", c_.label, "shown in status");
    filecoin_->add_flag("--skip-daemon-verify", c_.skip_daemon_verify, "the daemon does not verify the proofs");
    filecoin_->add_option("-o,--proof", c_.proof_out, "proof bytes to write (192 per partition)");
    filecoin_->add_option("--timeout", c_.timeout_s, "seconds to wait (0: no limit)");
  }
  status_ = client_->add_subcommand("status", "print the daemon's status JSON");
  metrics_ = client_->add_subcommand("metrics", "print the daemon's Prometheus metrics");
  preload_ = client_->add_subcommand("preload", "load a proving key into the daemon's cache");
  preload_->add_option("key", c_.params,
                       "a circuit id of the daemon's parameter folder (porep-32g, wpost-2k, ...) or a key file path "
                       "(as the daemon sees it)")
      ->required();
  preload_->add_option("--key-id", c_.key_id, "name for a key file");
  preload_->add_flag("--pin", c_.pin, "never evict it for memory");
  evict_ = client_->add_subcommand("evict", "drop an idle key from the daemon's cache");
  evict_->add_option("key", c_.key_id, "circuit id or key id")->required();
}

std::optional<int> ServiceCommands::run() {
  if (*daemon_ || root_->get_subcommands().empty())
    return run_daemon_command(daemon_args_, root_daemon_options_[0]->count() + daemon_options_[0]->count() > 0);
  if (!*client_) return std::nullopt;
  Client cl(c_.address, token_of(c_));
  try {
    if (*submit_) {
      std::printf("%s\n", cl.submit(request_of(c_)).job_id().c_str());
      return kExitOk;
    }
    if (*await_) return write_result(c_, cl.await(c_.job_id, timeout_of(c_)));
    if (*prove_) return write_result(c_, cl.prove(request_of(c_), timeout_of(c_)));
    if (*filecoin_ && filecoin_->get_option("--priority")->count() == 0) c_.priority = "default";
    if (*filecoin_) return write_filecoin_result(c_, cl.prove(filecoin_request_of(c_), timeout_of(c_)));
    if (*cancel_) {
      const auto r = cl.cancel(c_.job_id);
      std::printf("job %s: %s%s\n", c_.job_id.c_str(), v1::AwaitProofResponse::Status_Name(r.status()).c_str(),
                  r.was_running() ? "" : " (had already ended)");
      return kExitOk;
    }
    if (*status_) {
      std::cout << cl.status_json();
      return kExitOk;
    }
    if (*metrics_) {
      std::cout << cl.metrics_text();
      return kExitOk;
    }
    if (*preload_) {
      const bool file = c_.params.find('/') != std::string::npos || c_.params.find('.') != std::string::npos;
      auto k = file ? cl.preload(c_.key_id, c_.params, c_.pin) : cl.preload(c_.params, "", c_.pin);
      std::printf("key '%s' %s from %s, %.3f GB\n", k.circuit_id().c_str(), k.already_loaded() ? "was loaded" : "loaded",
                  k.path().c_str(), double(k.size_bytes()) / 1e9);
      return kExitOk;
    }
    if (*evict_) {
      const auto r = cl.evict(c_.key_id);
      if (!r.was_loaded()) {
        std::printf("key '%s' was not loaded\n", c_.key_id.c_str());
        return kExitOk;
      }
      std::printf("key '%s' evicted, %.3f GB freed\n", c_.key_id.c_str(), double(r.freed_bytes()) / 1e9);
      return kExitOk;
    }
  } catch (const ClientError& e) {
    std::cerr << "cuzk client: " << e.what() << "\n";
    return exit_code_of(e);
  }
  return std::nullopt;
}

}  // namespace cuzk::app
