#include "service/request_proto.hpp"

#include <openssl/sha.h>

#include <algorithm>

namespace cuzk::service {

namespace {

using Bad = RequestError;

JobKind kind_of(v1::ProofKind k) {
  switch (k) {
    case v1::POREP_SEAL_COMMIT: return JobKind::kPoRep;
    case v1::SNAP_DEALS_UPDATE: return JobKind::kSnapDeals;
    case v1::WINDOW_POST_PARTITION: return JobKind::kWindowPoSt;
    case v1::WINNING_POST: return JobKind::kWinningPoSt;
    case v1::SNARKJS_GROTH16: return JobKind::kSnarkjs;
    case v1::BUILTIN_CIRCUIT: return JobKind::kBuiltin;
    default:
      throw Bad(Bad::kInvalidArgument,
                "unknown proof_kind " + std::to_string(int(k)) +
                    " (POREP_SEAL_COMMIT 1, SNAP_DEALS_UPDATE 2, WINDOW_POST_PARTITION 3, WINNING_POST 4, "
                    "SNARKJS_GROTH16 100, BUILTIN_CIRCUIT 101)");
  }
}

std::optional<engine::Priority> priority_of(v1::Priority p) {
  switch (p) {
    case v1::PRIORITY_UNSPECIFIED: return std::nullopt;
    case v1::LOW: return engine::Priority::kLow;
    case v1::NORMAL: return engine::Priority::kNormal;
    case v1::HIGH: return engine::Priority::kHigh;
    case v1::CRITICAL: return engine::Priority::kCritical;
    default: throw Bad(Bad::kInvalidArgument, "unknown priority " + std::to_string(int(p)) + " (LOW 1 .. CRITICAL 4)");
  }
}

std::vector<uint8_t> bytes_of(const std::string& s) { return {s.begin(), s.end()}; }

// What a request asks, without who asks or how urgently: a retry under the
// same id matches it.
std::string fingerprint_of(v1::SubmitProofRequest m) {
  m.clear_request_id();
  m.clear_priority();
  m.clear_label();
  std::string bytes;
  m.SerializeToString(&bytes);
  unsigned char d[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), d);
  return std::string(reinterpret_cast<const char*>(d), sizeof d);
}

}  // namespace

ProveRequest request_of(const v1::SubmitProofRequest& m) {
  ProveRequest r;
  r.kind = kind_of(m.proof_kind());
  r.request_id = m.request_id();
  r.fingerprint = fingerprint_of(m);
  r.priority = priority_of(m.priority());
  r.label = m.label();
  switch (m.verify()) {
    case v1::VERIFY_DEFAULT: break;
    case v1::VERIFY_ALWAYS: r.verify = true; break;
    case v1::VERIFY_NEVER: r.verify = false; break;
    default: throw Bad(Bad::kInvalidArgument, "unknown verify mode " + std::to_string(int(m.verify())));
  }
  if (r.request_id.size() > 1024) throw Bad(Bad::kInvalidArgument, "request_id is longer than 1024 bytes");
  if (m.has_snarkjs() != (r.kind == JobKind::kSnarkjs))
    throw Bad(Bad::kInvalidArgument, "snarkjs is set if and only if proof_kind is SNARKJS_GROTH16");
  if (m.has_builtin() != (r.kind == JobKind::kBuiltin))
    throw Bad(Bad::kInvalidArgument, "builtin is set if and only if proof_kind is BUILTIN_CIRCUIT");
  if (r.kind == JobKind::kSnarkjs) {
    r.zkey_path = m.snarkjs().zkey_path();
    r.wtns = bytes_of(m.snarkjs().wtns());
  } else if (r.kind == JobKind::kBuiltin) {
    const auto& b = m.builtin();
    r.key = !b.key_id().empty() ? b.key_id() : b.params_path();
    if (b.circuit().empty()) throw Bad(Bad::kInvalidArgument, "no circuit: set builtin.circuit (merkle or synthetic)");
    r.circuit.name = b.circuit();
    if (b.height()) r.circuit.height = int(std::min<uint32_t>(b.height(), 1u << 30));
    if (b.challenges()) r.circuit.challenges = int(std::min<uint32_t>(b.challenges(), 1u << 30));
    if (b.constraints()) r.circuit.constraints = b.constraints();
    if (b.seed()) r.circuit.seed = b.seed();
    r.partitions = b.partitions() ? b.partitions() : 1;
  } else {
    auto& f = r.filecoin;
    f.sector_size = m.sector_size();
    f.registered_proof = m.registered_proof();
    f.vanilla_proof = bytes_of(m.vanilla_proof());
    for (const auto& v : m.vanilla_proofs()) f.vanilla_proofs.push_back(bytes_of(v));
    f.sector_number = m.sector_number();
    f.miner_id = m.miner_id();
    f.randomness = bytes_of(m.randomness());
    f.partition_index = m.partition_index();
    f.comm_r_old = bytes_of(m.comm_r_old());
    f.comm_r_new = bytes_of(m.comm_r_new());
    f.comm_d_new = bytes_of(m.comm_d_new());
    r.params_path = m.params_path();
  }
  return r;
}

}  // namespace cuzk::service
