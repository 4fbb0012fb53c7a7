#include "service/grpc_service.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <limits>

#include "ff/field_io.hpp"
#include "formats/bellperson_params.hpp"
#include "service/log.hpp"
#include "service/request_proto.hpp"
#include "service/utf8.hpp"

namespace cuzk::service {

namespace {

using Bad = RequestError;

grpc::StatusCode code_of(RequestError::Code c) {
  switch (c) {
    case RequestError::kInvalidArgument: return grpc::StatusCode::INVALID_ARGUMENT;
    case RequestError::kNotFound: return grpc::StatusCode::NOT_FOUND;
    case RequestError::kFailedPrecondition: return grpc::StatusCode::FAILED_PRECONDITION;
    case RequestError::kResourceExhausted: return grpc::StatusCode::RESOURCE_EXHAUSTED;
    case RequestError::kUnavailable: return grpc::StatusCode::UNAVAILABLE;
    case RequestError::kAlreadyExists: return grpc::StatusCode::ALREADY_EXISTS;
  }
  return grpc::StatusCode::UNKNOWN;
}

uint64_t ms(double s) { return s > 0 ? uint64_t(std::llround(s * 1000)) : 0; }

}  // namespace

// The caller's deadline on the steady clock; none when it set none.
static std::optional<std::chrono::steady_clock::time_point> deadline_of(const grpc::ServerContext& ctx) {
  const auto d = ctx.deadline(), now = std::chrono::system_clock::now();
  if (d > now + std::chrono::hours(24 * 365)) return std::nullopt;
  return std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(d - now);
}

v1::AwaitProofResponse::Status to_proto(engine::JobStatus s) {
  switch (s) {
    case engine::JobStatus::kDone: return v1::AwaitProofResponse::COMPLETED;
    case engine::JobStatus::kFailed: return v1::AwaitProofResponse::FAILED;
    case engine::JobStatus::kCancelled: return v1::AwaitProofResponse::CANCELLED;
    default: return v1::AwaitProofResponse::UNKNOWN;
  }
}

void fill_response(const JobOutcome& o, const std::string& id, v1::AwaitProofResponse* out) {
  const engine::JobResult& r = o.result;
  out->set_job_id(id);
  out->set_status(to_proto(r.status));
  out->set_error_message(valid_utf8(r.error));
  if (r.status == engine::JobStatus::kFailed) out->set_failure(engine::failure_name(r.failure));
  out->set_verified(r.status == engine::JobStatus::kDone && o.verified);
  // stage times: the queue wait until the first partition left it, the
  // others summed over partitions
  double submitted = std::numeric_limits<double>::max(), first_out = submitted;
  double synthesis = 0, gpu = 0, verify = 0;
  for (const auto& tl : r.timelines)
    for (const auto& s : tl.spans) {
      const double d = s.end_s - s.start_s;
      switch (s.stage) {
        case engine::Stage::kQueued:
          submitted = std::min(submitted, s.start_s);
          first_out = std::min(first_out, s.end_s);
          break;
        case engine::Stage::kSynthesis: synthesis += d; break;
        case engine::Stage::kH2D:
        case engine::Stage::kNtt:
        case engine::Stage::kMsm:
        case engine::Stage::kFinalize: gpu += d; break;
        case engine::Stage::kVerify: verify += d; break;
        default: break;
      }
    }
  if (first_out != std::numeric_limits<double>::max()) out->set_queue_wait_ms(ms(first_out - submitted));
  out->set_srs_load_ms(ms(o.key_load_s));
  out->set_synthesis_ms(ms(synthesis));
  out->set_gpu_compute_ms(ms(gpu));
  out->set_verify_ms(ms(verify));
  out->set_total_ms(ms(r.seconds + o.key_load_s));
  for (const auto& tl : r.timelines) {
    auto* t = out->add_timeline();
    t->set_partition(tl.partition);
    for (const auto& s : tl.spans) {
      auto* sp = t->add_spans();
      sp->set_stage(engine::stage_name(s.stage));
      sp->set_start_s(s.start_s - submitted);
      sp->set_end_s(s.end_s - submitted);
      sp->set_bytes(s.bytes);
      sp->set_track(s.track);
    }
  }
  out->set_snarkjs_proof_json(o.snarkjs_proof_json);
  out->set_snarkjs_public_json(o.snarkjs_public_json);
  // a snarkjs job answers in its JSON alone
  if (r.status != engine::JobStatus::kDone || !o.snarkjs_proof_json.empty()) return;
  const auto& proofs = r.on<groth16::Bls12_381>();
  std::string all;
  for (size_t p = 0; p < proofs.proofs.size(); ++p) {
    auto* pp = out->add_partitions();
    const auto bytes = formats::bellperson::proof_to_bytes(proofs.proofs[p]);
    pp->set_proof(bytes.data(), bytes.size());
    all.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    for (const auto& x : proofs.public_inputs[p]) pp->add_public_inputs(ff::to_decimal(x));
  }
  out->set_proof(std::move(all));
}

// A call that may block for long (a job's end, a key load) holds one of
// max_waiting_ slots for as long as it runs; the server's other threads stay
// free for the calls that answer at once (CancelProof, GetStatus, ...).
class GrpcService::WaitSlot {
 public:
  WaitSlot(GrpcService& s, const char* method) : s_(s) {
    const unsigned now = s_.waiting_.fetch_add(1) + 1;
    if (now > s_.max_waiting_) {
      s_.waiting_.fetch_sub(1);
      throw RequestError(RequestError::kResourceExhausted,
                         std::string(method) + ": " + std::to_string(s_.max_waiting_) +
                             " calls already wait on jobs or key loads (AwaitProof, Prove, SubmitProof, PreloadSRS; "
                             "the limit is [daemon] max_rpc_threads less the threads kept for CancelProof and "
                             "status calls): retry later, await with a timeout_ms, or raise max_rpc_threads");
    }
  }
  ~WaitSlot() { s_.waiting_.fetch_sub(1); }
  WaitSlot(const WaitSlot&) = delete;
  WaitSlot& operator=(const WaitSlot&) = delete;

 private:
  GrpcService& s_;
};

unsigned GrpcService::max_waiting_calls(unsigned max_rpc_threads) {
  // gRPC's sync server keeps up to two threads polling beside the handlers,
  // and refuses a call (Server Threadpool Exhausted) when the poller that
  // takes it cannot start its replacement; the rest of the reserve answers
  // control calls however many callers wait
  const unsigned reserve = std::max(4u, max_rpc_threads / 8);
  return max_rpc_threads > reserve ? max_rpc_threads - reserve : 1;
}

template <class F>
grpc::Status GrpcService::guarded(const char* method, grpc::ServerContext* ctx, bool waits, F&& body) {
  (void)ctx;
  grpc::Status st;
  try {
    std::optional<WaitSlot> slot;
    if (waits) slot.emplace(*this, method);
    st = body();
  } catch (const RequestError& e) {
    st = grpc::Status(code_of(e.code), e.what());
  } catch (const std::exception& e) {
    st = grpc::Status(grpc::StatusCode::INTERNAL, std::string(method) + ": " + e.what());
  }
  // logged and counted with every other refusal, by rpc_observer.hpp
  return st;
}

grpc::Status GrpcService::SubmitProof(grpc::ServerContext* ctx, const v1::SubmitProofRequest* req,
                                      v1::SubmitProofResponse* out) {
  return guarded("SubmitProof", ctx, true, [&] {
    auto pr = request_of(*req);
    pr.deadline = deadline_of(*ctx);
    // a caller gone before its answer never learns the id: its job is not started
    const auto s = core_.submit(std::move(pr), false, [&] { return ctx->IsCancelled(); });
    out->set_job_id(s.id);
    out->set_queue_position(s.queue_position);
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::AwaitProof(grpc::ServerContext* ctx, const v1::AwaitProofRequest* req,
                                     v1::AwaitProofResponse* out) {
  return guarded("AwaitProof", ctx, true, [&] {
    std::optional<std::chrono::milliseconds> timeout;
    if (req->timeout_ms() > 0) timeout = std::chrono::milliseconds(std::min<uint64_t>(req->timeout_ms(), 1ull << 40));
    auto r = core_.await(req->job_id(), [&] { return ctx->IsCancelled(); }, timeout);
    if (r.how == Awaited::kGaveUp) return grpc::Status(grpc::StatusCode::CANCELLED, "caller went away or its deadline passed");
    out->set_job_id(req->job_id());
    if (r.how == Awaited::kTimeout)
      out->set_status(v1::AwaitProofResponse::TIMEOUT);
    else
      fill_response(r.outcome, req->job_id(), out);
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::Prove(grpc::ServerContext* ctx, const v1::ProveRequest* req, v1::ProveResponse* out) {
  return guarded("Prove", ctx, true, [&] {
    if (!req->has_submit()) throw RequestError(RequestError::kInvalidArgument, "missing submit field");
    auto pr = request_of(req->submit());
    pr.deadline = deadline_of(*ctx);
    const auto gone = [&] { return ctx->IsCancelled(); };
    // a caller that goes away leaves the job to the core (ProvingCore::leave)
    const auto s = core_.submit(std::move(pr), true, gone);
    if (!s.caller_left) {
      auto r = core_.await(s.id, gone, std::nullopt, s.serial);
      if (r.how == Awaited::kEnded) {
        fill_response(r.outcome, s.id, out->mutable_result());
        return grpc::Status::OK;
      }
      core_.leave(s.id, s.serial);
    }
    return grpc::Status(grpc::StatusCode::CANCELLED, "caller went away or its deadline passed");
  });
}

grpc::Status GrpcService::CancelProof(grpc::ServerContext* ctx, const v1::CancelProofRequest* req,
                                      v1::CancelProofResponse* out) {
  return guarded("CancelProof", ctx, false, [&] {
    const auto c = core_.cancel(req->job_id());
    out->set_was_running(c.was_running);
    out->set_status(to_proto(c.status));
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::GetStatus(grpc::ServerContext* ctx, const v1::GetStatusRequest*, v1::GetStatusResponse* out) {
  return guarded("GetStatus", ctx, false, [&] {
    const auto s = core_.status_summary();
    for (const auto& g : s.gpus) {
      auto* m = out->add_gpus();
      m->set_ordinal(uint32_t(g.info.ordinal));
      m->set_name(g.info.name);
      m->set_vram_total_bytes(g.info.total_bytes);
      m->set_vram_free_bytes(g.info.free_bytes);
      m->set_current_job_id(g.job_id);
      m->set_current_proof_kind(g.job_kind);
    }
    for (const auto& k : s.keys) {
      auto* m = out->add_loaded_srs();
      m->set_circuit_id(k.circuit_id);
      m->set_tier(v1::SRSStatus::HOT);
      m->set_size_bytes(k.bytes);
      m->set_ref_count(uint32_t(std::max(0L, k.users)));
      m->set_path(k.path);
      m->set_kind(k.kind);
      m->set_pinned(k.pinned);
    }
    for (const auto& q : s.queues) {
      auto* m = out->add_queues();
      m->set_proof_kind(job_kind_name(q.kind));
      m->set_pending(q.pending);
      m->set_in_progress(q.in_progress);
    }
    out->set_total_proofs_completed(s.completed);
    out->set_total_proofs_failed(s.failed);
    out->set_uptime_seconds(s.uptime_s);
    out->set_pinned_memory_bytes(s.pinned_bytes);
    out->set_pinned_memory_limit_bytes(s.budget_bytes);
    for (const auto& l : core_.key_loads()) {
      auto* m = out->add_key_loads();
      m->set_key(valid_utf8(l.key));
      m->set_path(valid_utf8(l.path));
      m->set_state(l.state);
      m->set_error(valid_utf8(l.error));
      m->set_bytes_read(l.bytes_read);
      m->set_bytes_total(l.bytes_total);
      m->set_seconds(l.seconds);
    }
    out->set_json(core_.status_json());
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::GetMetrics(grpc::ServerContext* ctx, const v1::GetMetricsRequest*,
                                     v1::GetMetricsResponse* out) {
  return guarded("GetMetrics", ctx, false, [&] {
    out->set_prometheus_text(core_.metrics_text());
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::PreloadSRS(grpc::ServerContext* ctx, const v1::PreloadSrsRequest* req,
                                     v1::PreloadSrsResponse* out) {
  return guarded("PreloadSRS", ctx, true, [&] {
    if (req->circuit_id().empty() && req->params_path().empty())
      throw RequestError(RequestError::kInvalidArgument, "set circuit_id (e.g. porep-32g) or params_path");
    const auto k = core_.preload_key(req->circuit_id(), req->params_path(), req->pin());
    out->set_already_loaded(k.already_loaded);
    out->set_load_time_ms(ms(k.seconds));
    out->set_circuit_id(valid_utf8(k.id));
    out->set_size_bytes(k.bytes);
    out->set_path(valid_utf8(k.path));
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::EvictSRS(grpc::ServerContext* ctx, const v1::EvictSrsRequest* req, v1::EvictSrsResponse* out) {
  return guarded("EvictSRS", ctx, false, [&] {
    if (req->circuit_id().empty()) throw RequestError(RequestError::kInvalidArgument, "circuit_id is empty");
    const auto freed = core_.evict_key(req->circuit_id());
    out->set_was_loaded(freed.has_value());
    out->set_freed_bytes(freed.value_or(0));
    return grpc::Status::OK;
  });
}

}  // namespace cuzk::service
