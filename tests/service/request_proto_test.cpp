// service::request_of on messages built here: the retry fingerprint ignores
// who asks and how urgently, and sees every byte of what is asked, the
// witness and fields this daemon does not know included.
#include <gtest/gtest.h>

#include "cuzk/v1/proving.pb.h"
#include "filecoin/hash/sha256.hpp"
#include "service/request_proto.hpp"

using namespace cuzk;

namespace {

v1::SubmitProofRequest snarkjs_request(size_t wtns_bytes = 1 << 20) {
  v1::SubmitProofRequest m;
  m.set_request_id("first");
  m.set_proof_kind(v1::SNARKJS_GROTH16);
  m.set_priority(v1::NORMAL);
  m.set_label("a");
  m.mutable_snarkjs()->set_zkey_path("/keys/circuit.zkey");
  std::string w(wtns_bytes, '\0');
  for (size_t i = 0; i < w.size(); ++i) w[i] = char(i * 131 + 7);
  m.mutable_snarkjs()->set_wtns(std::move(w));
  return m;
}

std::string fingerprint(const v1::SubmitProofRequest& m) { return service::request_of(m).fingerprint; }

}  // namespace

TEST(RequestFingerprint, IgnoresIdPriorityAndLabel) {
  const auto a = snarkjs_request();
  auto b = a;
  b.set_request_id("retry");
  b.set_priority(v1::CRITICAL);
  b.set_label("another label");
  EXPECT_EQ(fingerprint(a).size(), 32u);
  EXPECT_EQ(fingerprint(a), fingerprint(b));
  b.clear_request_id();
  b.clear_priority();
  b.clear_label();
  EXPECT_EQ(fingerprint(a), fingerprint(b));
}

TEST(RequestFingerprint, SeesEveryByteOfWhatIsAsked) {
  const auto a = snarkjs_request();
  const std::string fa = fingerprint(a);
  for (size_t at : {size_t(0), size_t(65535), size_t(65536), a.snarkjs().wtns().size() - 1}) {
    auto b = a;
    (*b.mutable_snarkjs()->mutable_wtns())[at] ^= 1;
    EXPECT_NE(fingerprint(b), fa) << "witness byte " << at;
  }
  auto shorter = a;
  shorter.mutable_snarkjs()->mutable_wtns()->pop_back();
  EXPECT_NE(fingerprint(shorter), fa);
  auto other_key = a;
  other_key.mutable_snarkjs()->set_zkey_path("/keys/other.zkey");
  EXPECT_NE(fingerprint(other_key), fa);
  auto verify = a;
  verify.set_verify(v1::VERIFY_ALWAYS);
  EXPECT_NE(fingerprint(verify), fa);
}

TEST(RequestFingerprint, IsTheHashOfTheRequestSerializedWithoutWhoAsks) {
  // the definition, spelled the slow way: a copy cleared, serialized, hashed
  auto a = snarkjs_request(300000);
  a.set_verify(v1::VERIFY_ALWAYS);
  a.GetReflection()->MutableUnknownFields(&a)->AddVarint(9999, 5);  // a field from a newer client counts too
  auto cleared = a;
  cleared.clear_request_id();
  cleared.clear_priority();
  cleared.clear_label();
  const std::string wire = cleared.SerializeAsString();
  const auto d = filecoin::sha256({reinterpret_cast<const uint8_t*>(wire.data()), wire.size()});
  EXPECT_EQ(fingerprint(a), std::string(d.begin(), d.end()));
  auto known_only = a;
  known_only.GetReflection()->MutableUnknownFields(&known_only)->Clear();
  EXPECT_NE(fingerprint(known_only), fingerprint(a));
}
