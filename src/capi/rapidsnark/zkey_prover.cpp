#include "zkey_prover.hpp"

#include <algorithm>
#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <vector>

#include "capi/immortal.hpp"
#include "core/mapped_file.hpp"
#include "core/prefault.hpp"
#include "engine/proving_host.hpp"
#include "engine/snarkjs_job.hpp"
#include "ff/field_io.hpp"
#include "formats/snarkjs/json.hpp"
#include "formats/snarkjs/wtns.hpp"
#include "formats/snarkjs/zkey.hpp"

namespace cuzk::capi {

namespace {

namespace sj = formats::snarkjs;
using engine::JobKey;
using engine::ZkeyKey;

// Made on first use and shared by every caller and thread of the process.
engine::ProvingHost& host() {
  static Immortal<std::unique_ptr<engine::ProvingHost>> h(engine::make_local_host());
  return **h;
}

// A key of the caller's bytes, owned: for GPUs a copy whose points the
// devices check and convert themselves, else decoded.
JobKey parse_key(std::span<const uint8_t> bytes, const std::string& source) {
  return sj::with_curve(sj::zkey_curve(bytes, source), [&](auto e) -> JobKey {
    using E = decltype(e);
    if (host().zkey_points() == groth16::PointStorage::kDecoded)
      return std::make_shared<const ZkeyKey<E>>(sj::read_zkey<E>(bytes, source));
    sj::ZkeyReadOptions opt;
    opt.points = groth16::PointStorage::kEncoded;
    opt.copy = std::make_shared<const std::vector<uint8_t>>(parallel_copy(bytes));
    return std::make_shared<const ZkeyKey<E>>(sj::read_zkey<E>(*opt.copy, source, opt));
  });
}

// Decimal digits of the largest element of F.
template <class F>
size_t max_digits() {
  return ff::to_decimal(-F::one()).size();
}

// The shortest compact proof.json of E: its eight free coordinates one digit each.
template <class E>
size_t proof_json_min_size() {
  using Fq = ec::PrimeField<typename E::G1>;
  return sj::proof_json_max_size<E>(-1) - 8 * (max_digits<Fq>() - 1);
}

// public.json from the witness's wires 1..n_public, after checking the
// witness's header against the key.
template <class E>
std::string public_json(const ZkeyKey<E>& key, std::span<const uint8_t> wtns) {
  using F = typename E::Fr;
  const sj::BinFile f(wtns, "wtns", 2, "witness");
  const auto h = sj::read_wtns_header(f);
  if (h.n_witness != key.n_vars)
    throw WitnessLength("invalid witness length: the witness has " + std::to_string(h.n_witness) +
                        " wires, the key's circuit has " + std::to_string(key.n_vars));
  if (h.curve != sj::curve_of<E>())
    throw Error(std::string("witness: its prime is ") +
                (h.curve ? std::string("the ") + sj::curve_name(*h.curve) + " scalar field" : "of no supported curve") +
                ", but the key's field is " + sj::curve_name(sj::curve_of<E>()) + "'s");
  const auto values = f.section(2, "witness values", uint64_t(h.n_witness) * F::kBytes);
  std::vector<F> xs;
  xs.reserve(key.n_public);
  for (size_t i = 1; i <= key.n_public; ++i)
    xs.push_back(ff::from_bytes_le<F>(values.data() + i * F::kBytes, F::kBytes, "witness: public signal"));
  return sj::public_to_json<F>(std::span<const F>(xs), -1);
}

}  // namespace

ZkeyProver::ZkeyProver(JobKey key)
    : key_(std::move(key)),
      memory_(host().budget().acquire(engine::key_memory_bytes(key_), "the key of a rapidsnark prover handle", {},
                                      engine::MemoryBudget::Clock::now() + std::chrono::minutes(10))) {}

ZkeyProver ZkeyProver::from_bytes(std::span<const uint8_t> zkey, const std::string& source) {
  return ZkeyProver(parse_key(zkey, source));
}

ZkeyProver ZkeyProver::from_file(const std::string& path) {
  engine::require_zkey_file(path);
  // the first call's host starts its backends (CUDA) while the key is read
  auto starting = std::async(std::launch::async, [] { return &host(); });
  JobKey key =
      engine::load_key_while_host_starts(path, {}, [&]() -> const engine::ProvingHost& { return *starting.get(); });
  if (std::holds_alternative<std::shared_ptr<const engine::BellpersonKey>>(key))
    throw Error("'" + path + "' is a bellperson .params key, not a snarkjs .zkey");
  return ZkeyProver(std::move(key));
}

ZkeyProver::~ZkeyProver() {
  if (!engine::has_key(key_) || !used_) return;
  // the key is this object's own: no job names it after us
  try {
    for (const auto& b : host().backends()) b->forget_key(key_);
  } catch (...) {
    // a device copy left behind is freed with the host
  }
}

ZkeyProver::Output ZkeyProver::prove(std::span<const uint8_t> wtns, Sizes have) const {
  return std::visit(
      [&](const auto& key) -> Output {
        using K = std::decay_t<decltype(*key)>;
        if constexpr (std::is_same_v<K, engine::BellpersonKey>) {
          throw Error("not a snarkjs key");
        } else {
          using E = engine::curve_of_key<K>;
          Output out;
          out.need = {sj::proof_json_max_size<E>(-1) + 1, 0};
          std::string pub = public_json(*key, wtns);
          out.need.public_signals = pub.size() + 1;
          // cannot fit whatever the proof: answer before spending a proof on it
          if (have.public_signals < out.need.public_signals || have.proof < proof_json_min_size<E>() + 1) {
            out.short_buffer = true;
            return out;
          }
          used_ = true;
          auto bytes = std::make_shared<const std::vector<uint8_t>>(wtns.begin(), wtns.end());
          const auto r = host().prove(engine::snarkjs_job(key_, std::move(bytes), "zkey"));
          if (r.status != engine::JobStatus::kDone) throw Error(r.error);
          auto json = engine::snarkjs_json(r, -1);
          if (have.proof < json.proof.size() + 1) {
            out.short_buffer = true;
            return out;
          }
          out.proof = std::move(json.proof);
          out.public_signals = std::move(json.public_signals);
          return out;
        }
      },
      key_);
}

uint64_t public_buffer_size(std::span<const uint8_t> zkey, const std::string& source) {
  const sj::BinFile f(zkey, "zkey", 2, source);
  return uint64_t(sj::read_zkey_header(f).n_public) * 82 + 4;
}

uint64_t public_buffer_size_of_file(const std::string& path) {
  const MappedFile file(path);
  return file.parse([&](std::span<const uint8_t> bytes) { return public_buffer_size(bytes, "zkey '" + path + "'"); });
}

uint64_t proof_buffer_size() {
  static const uint64_t size =
      std::max(sj::proof_json_max_size<groth16::Bn254>(-1), sj::proof_json_max_size<groth16::Bls12_381>(-1)) + 1;
  return size;
}

}  // namespace cuzk::capi
