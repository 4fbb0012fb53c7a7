#include "service/request_proto.hpp"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/wire_format.h>

#include <algorithm>
#include <vector>

#include "filecoin/hash/sha256.hpp"

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

// SHA-256 fed as protobuf writes: a request is hashed without a copy of it
// (a witness is hundreds of MB, and fresh pages cost more than the hash).
class HashingSink final : public google::protobuf::io::CopyingOutputStream {
 public:
  explicit HashingSink(filecoin::Sha256& h) : h_(h) {}
  bool Write(const void* data, int size) override {
    h_.update(data, size_t(size));
    return true;
  }

 private:
  filecoin::Sha256& h_;
};

// What a request asks, without who asks or how urgently: a retry under the
// same id matches it. The hash of the message's serialization with
// request_id, priority and label left out.
std::string fingerprint_of(const v1::SubmitProofRequest& m) {
  using google::protobuf::FieldDescriptor;
  using google::protobuf::internal::WireFormat;
  const auto* d = v1::SubmitProofRequest::descriptor();
  const FieldDescriptor* skip[] = {d->FindFieldByName("request_id"), d->FindFieldByName("priority"),
                                   d->FindFieldByName("label")};
  filecoin::Sha256 h;
  {
    HashingSink sink(h);
    google::protobuf::io::CopyingOutputStreamAdaptor buffered(&sink);
    google::protobuf::io::CodedOutputStream out(&buffered);
    (void)m.ByteSizeLong();  // the writer reads the nested messages' cached sizes
    std::vector<const FieldDescriptor*> fields;
    m.GetReflection()->ListFields(m, &fields);  // in field-number order, as serialized
    for (const FieldDescriptor* f : fields)
      if (std::find(std::begin(skip), std::end(skip), f) == std::end(skip))
        WireFormat::SerializeFieldWithCachedSizes(f, m, &out);
    WireFormat::SerializeUnknownFields(m.GetReflection()->GetUnknownFields(m), &out);
  }  // out gives back what it did not fill, then buffered flushes into the hash
  const auto digest = h.finish();
  return std::string(digest.begin(), digest.end());
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
