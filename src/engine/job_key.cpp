#include "engine/job_key.hpp"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>

#include "core/mapped_file.hpp"
#include "engine/content_digest.hpp"
#include "engine/validation_memo.hpp"
#include "formats/bellperson_params.hpp"
#include "formats/snarkjs/zkey.hpp"

namespace cuzk::engine {

namespace sj = formats::snarkjs;

std::string key_kind(const JobKey& k) {
  return std::visit(
      [](const auto& p) -> std::string {
        using K = std::decay_t<decltype(*p)>;
        const bool zkey = std::is_same_v<K, ZkeyKey<curve_of_key<K>>>;
        return std::string(zkey ? "snarkjs " : "bellperson ") + curve_of_key<K>::kName;
      },
      k);
}

uint64_t key_memory_bytes(const BellpersonKey& k) {
  using G1 = std::decay_t<decltype(k.h[0])>;
  using G2 = std::decay_t<decltype(k.b_g2[0])>;
  return (k.h.size() + k.l.size() + k.a.size() + k.b_g1.size()) * sizeof(G1) + k.b_g2.size() * sizeof(G2) +
         k.vk.ic.size() * sizeof(G1) + sizeof(k);
}

template <class E>
uint64_t key_memory_bytes(const ZkeyKey<E>& k) {
  using F = typename E::Fr;
  const auto rows = [](const groth16::SparseRows<F>& m) {
    return m.start.size() * sizeof(uint64_t) + m.col.size() * sizeof(uint32_t) + m.val.size() * sizeof(F);
  };
  return k.a.memory_bytes() + k.b1.memory_bytes() + k.b2.memory_bytes() + k.c.memory_bytes() + k.h.memory_bytes() +
         k.vk.ic.size() * sizeof(k.vk.ic[0]) + rows(k.qap_a) + rows(k.qap_b) + sizeof(k);
}
template uint64_t key_memory_bytes(const ZkeyKey<groth16::Bn254>&);
template uint64_t key_memory_bytes(const ZkeyKey<groth16::Bls12_381>&);

uint64_t key_memory_bytes(const JobKey& k) {
  return std::visit([](const auto& p) -> uint64_t { return p ? key_memory_bytes(*p) : 0; }, k);
}

JobKey load_key_file(const std::string& path, const ValidationMemo& memo, groth16::PointStorage zkey_points) {
  const auto mapped = std::make_shared<const MappedFile>(path);
  const MappedFile& file = *mapped;
  constexpr const char* kParams = "bellperson-params";
  std::optional<ContentDigest> digest;
  bool remembered = false;
  // a file truncated or rewritten while it is parsed is named as such
  JobKey key = file.parse([&](std::span<const uint8_t> bytes) -> JobKey {
    if (bytes.size() >= 4 && std::memcmp(bytes.data(), "zkey", 4) == 0) {
      const std::string src = "zkey '" + path + "'";
      return sj::with_curve(sj::zkey_curve(bytes, src), [&](auto e) -> JobKey {
        using E = decltype(e);
        sj::ZkeyReadOptions opt;
        opt.points = zkey_points;
        if (zkey_points == groth16::PointStorage::kEncoded) opt.file = mapped;
        return std::make_shared<const ZkeyKey<E>>(sj::read_zkey<E>(bytes, src, opt));
      });
    }
    if (memo.usable()) {
      digest = content_digest(bytes);
      remembered = memo.knows(*digest, kParams);
    }
    return std::make_shared<const BellpersonKey>(formats::bellperson::parse_params(
        bytes, "params file '" + path + "'", remembered ? ec::SubgroupCheck::kSkip : ec::SubgroupCheck::kCheck));
  });
  // only now is the file known to have stayed as it was hashed and checked
  if (digest && !remembered) memo.remember(*digest, kParams, file.bytes().size());
  return key;
}

JobKey load_key_file(const std::string& path, groth16::PointStorage zkey_points) {
  return load_key_file(path, process_validation_memo(), zkey_points);
}

void require_zkey_file(const std::string& path) {
  // four bytes read, not the file mapped: a mapping is faulted in whole
  std::error_code ec;
  std::ifstream f(path, std::ios::binary);
  // a path that is missing, unreadable or no regular file: the load that follows names why
  if (!f || !std::filesystem::is_regular_file(path, ec)) return;
  char magic[4] = {};
  f.read(magic, sizeof magic);
  if (f.gcount() < 4 || std::memcmp(magic, "zkey", 4) != 0)
    throw Error("'" + path + "' is not a snarkjs .zkey (it does not start with \"zkey\"; a bellperson .params key " +
                "cannot prove a circom witness)");
}

}  // namespace cuzk::engine
