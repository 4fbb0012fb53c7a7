#include "service/grpc_service.hpp"

#include <openssl/crypto.h>

#include "ff/field_io.hpp"
#include "formats/bellperson_params.hpp"

namespace cuzk::service {

namespace {

grpc::StatusCode code_of(RequestError::Code c) {
  switch (c) {
    case RequestError::kInvalidArgument: return grpc::StatusCode::INVALID_ARGUMENT;
    case RequestError::kNotFound: return grpc::StatusCode::NOT_FOUND;
    case RequestError::kFailedPrecondition: return grpc::StatusCode::FAILED_PRECONDITION;
    case RequestError::kResourceExhausted: return grpc::StatusCode::RESOURCE_EXHAUSTED;
    case RequestError::kUnavailable: return grpc::StatusCode::UNAVAILABLE;
  }
  return grpc::StatusCode::UNKNOWN;
}

const char* code_name(grpc::StatusCode c) {
  switch (c) {
    case grpc::StatusCode::INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case grpc::StatusCode::NOT_FOUND: return "NOT_FOUND";
    case grpc::StatusCode::FAILED_PRECONDITION: return "FAILED_PRECONDITION";
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::UNAVAILABLE: return "UNAVAILABLE";
    case grpc::StatusCode::UNAUTHENTICATED: return "UNAUTHENTICATED";
    case grpc::StatusCode::DEADLINE_EXCEEDED: return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::CANCELLED: return "CANCELLED";
    default: return "INTERNAL";
  }
}

engine::Priority priority_of(v1::Priority p) {
  switch (p) {
    case v1::PRIORITY_CRITICAL: return engine::Priority::kCritical;
    case v1::PRIORITY_HIGH: return engine::Priority::kHigh;
    case v1::PRIORITY_LOW: return engine::Priority::kLow;
    case v1::PRIORITY_UNSPECIFIED:
    case v1::PRIORITY_NORMAL: return engine::Priority::kNormal;
    default: throw RequestError(RequestError::kInvalidArgument, "unknown priority " + std::to_string(int(p)));
  }
}

ProveRequest request_of(const v1::ProofRequest& m) {
  ProveRequest r;
  if (m.has_snarkjs()) {
    if (m.snarkjs().zkey_path().empty())
      throw RequestError(RequestError::kInvalidArgument, "snarkjs job without snarkjs.zkey_path");
    r.zkey_path = m.snarkjs().zkey_path();
    r.wtns.assign(m.snarkjs().wtns().begin(), m.snarkjs().wtns().end());
    r.priority = priority_of(m.priority());
    r.label = m.label();
    return r;
  }
  if (m.key().has_params_path()) r.key = m.key().params_path();
  if (m.key().has_key_id()) r.key = m.key().key_id();
  const auto& c = m.circuit();
  if (c.name().empty()) throw RequestError(RequestError::kInvalidArgument, "no circuit: set circuit.name (merkle or synthetic)");
  r.circuit.name = c.name();
  if (c.height()) r.circuit.height = int(std::min<uint32_t>(c.height(), 1u << 30));
  if (c.challenges()) r.circuit.challenges = int(std::min<uint32_t>(c.challenges(), 1u << 30));
  if (c.constraints()) r.circuit.constraints = c.constraints();
  if (c.seed()) r.circuit.seed = c.seed();
  r.priority = priority_of(m.priority());
  r.partitions = m.partitions();
  r.verify_after = m.verify_after();
  r.label = m.label();
  return r;
}

// Constant-time comparison: the token must not leak through timing.
bool same_secret(const std::string& a, const std::string& b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace

v1::JobState to_proto(engine::JobStatus s) {
  switch (s) {
    case engine::JobStatus::kQueued: return v1::JOB_STATE_QUEUED;
    case engine::JobStatus::kRunning: return v1::JOB_STATE_RUNNING;
    case engine::JobStatus::kDone: return v1::JOB_STATE_DONE;
    case engine::JobStatus::kFailed: return v1::JOB_STATE_FAILED;
    case engine::JobStatus::kCancelled: return v1::JOB_STATE_CANCELLED;
  }
  return v1::JOB_STATE_UNSPECIFIED;
}

void fill_result(const JobOutcome& o, uint64_t id, v1::ProofResult* out) {
  const engine::JobResult& r = o.result;
  out->set_snarkjs_proof_json(o.snarkjs_proof_json);
  out->set_snarkjs_public_json(o.snarkjs_public_json);
  out->set_job_id(id);
  out->set_state(to_proto(r.status));
  out->set_error(r.error);
  out->set_seconds(r.seconds);
  // a snarkjs job answers in its JSON alone
  if (r.status != engine::JobStatus::kDone || !o.snarkjs_proof_json.empty()) return;
  const auto& proofs = r.on<groth16::Bls12_381>();
  for (size_t p = 0; p < proofs.proofs.size(); ++p) {
    auto* pp = out->add_partitions();
    auto bytes = formats::bellperson::proof_to_bytes(proofs.proofs[p]);
    pp->set_proof(bytes.data(), bytes.size());
    for (const auto& x : proofs.public_inputs[p]) pp->add_public_inputs(ff::to_decimal(x));
  }
}

template <class F>
grpc::Status GrpcService::guarded(const char* method, grpc::ServerContext* ctx, F&& body) {
  grpc::Status st;
  // TCP peers look like "ipv4:..."/"ipv6:..."; unix-socket peers start with "unix".
  const std::string peer = ctx->peer();
  if (peer.rfind("unix", 0) != 0) {
    auto md = ctx->client_metadata();
    auto it = md.find("authorization");
    if (it == md.end())
      st = grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "missing 'authorization: Bearer <token>' metadata");
    else if (!same_secret(std::string(it->second.data(), it->second.size()), "Bearer " + token_))
      st = grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "wrong bearer token");
  }
  if (st.ok()) {
    try {
      st = body();
    } catch (const RequestError& e) {
      st = grpc::Status(code_of(e.code), e.what());
    } catch (const std::exception& e) {
      st = grpc::Status(grpc::StatusCode::INTERNAL, std::string(method) + ": " + e.what());
    }
  }
  if (!st.ok()) core_.metrics().record_rpc_error(method, code_name(st.error_code()));
  return st;
}

grpc::Status GrpcService::SubmitProof(grpc::ServerContext* ctx, const v1::ProofRequest* req,
                                      v1::SubmitProofResponse* out) {
  return guarded("SubmitProof", ctx, [&] {
    out->set_job_id(core_.submit(request_of(*req)));
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::AwaitProof(grpc::ServerContext* ctx, const v1::AwaitProofRequest* req, v1::ProofResult* out) {
  return guarded("AwaitProof", ctx, [&] {
    auto r = core_.await(req->job_id(), [&] { return ctx->IsCancelled(); });
    if (!r) return grpc::Status(grpc::StatusCode::CANCELLED, "caller went away or its deadline passed");
    fill_result(*r, req->job_id(), out);
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::Prove(grpc::ServerContext* ctx, const v1::ProofRequest* req, v1::ProofResult* out) {
  return guarded("Prove", ctx, [&] {
    const uint64_t id = core_.submit(request_of(*req));
    auto r = core_.await(id, [&] { return ctx->IsCancelled(); }, true);
    if (!r) {  // nobody will fetch it: stop the work and drop the result
      core_.cancel(id);
      core_.await(id, {}, true);
      return grpc::Status(grpc::StatusCode::CANCELLED, "caller went away or its deadline passed; job cancelled");
    }
    fill_result(*r, id, out);
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::CancelProof(grpc::ServerContext* ctx, const v1::CancelProofRequest* req,
                                      v1::CancelProofResponse* out) {
  return guarded("CancelProof", ctx, [&] {
    out->set_state(to_proto(core_.cancel(req->job_id())));
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::GetStatus(grpc::ServerContext* ctx, const v1::GetStatusRequest*, v1::GetStatusResponse* out) {
  return guarded("GetStatus", ctx, [&] {
    out->set_json(core_.status_json());
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::GetMetrics(grpc::ServerContext* ctx, const v1::GetMetricsRequest*,
                                     v1::GetMetricsResponse* out) {
  return guarded("GetMetrics", ctx, [&] {
    out->set_text(core_.metrics_text());
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::PreloadKey(grpc::ServerContext* ctx, const v1::PreloadKeyRequest* req, v1::KeyInfo* out) {
  return guarded("PreloadKey", ctx, [&] {
    if (req->params_path().empty()) throw RequestError(RequestError::kInvalidArgument, "params_path is empty");
    const auto id = core_.preload_key(req->params_path(), req->key_id(), req->pin());
    out->set_key_id(id);
    for (const auto& k : core_.keys().list())
      if (k.id == id) {
        out->set_path(k.path);
        out->set_bytes(k.bytes);
      }
    return grpc::Status::OK;
  });
}

grpc::Status GrpcService::EvictKey(grpc::ServerContext* ctx, const v1::EvictKeyRequest* req, v1::EvictKeyResponse* out) {
  return guarded("EvictKey", ctx, [&] {
    out->set_bytes_freed(core_.evict_key(req->key_id()));
    return grpc::Status::OK;
  });
}

}  // namespace cuzk::service
