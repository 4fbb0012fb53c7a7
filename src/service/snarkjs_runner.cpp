#include "service/snarkjs_runner.hpp"

#include <algorithm>
#include <filesystem>
#include <variant>

#include "core/mapped_file.hpp"
#include "engine/key_cache.hpp"
#include "formats/snarkjs/json.hpp"
#include "formats/snarkjs/wtns.hpp"
#include "formats/snarkjs/zkey.hpp"
#include "groth16/verifier.hpp"
#include "groth16/zkey_prover.hpp"

namespace cuzk::service {

namespace sj = formats::snarkjs;

namespace {
template <class E>
E curve_of(const groth16::ZkeyProvingKey<E>&) {
  return {};
}
}  // namespace

struct SnarkjsRunner::LoadedKey {
  std::variant<groth16::ZkeyProvingKey<groth16::Bn254>, groth16::ZkeyProvingKey<groth16::Bls12_381>> pk;
  // With an accelerator every proof is verified before it is returned: the
  // key's pairing e(alpha, beta) and negated G2 points are prepared once here.
  std::variant<std::monostate, groth16::PreparedVerifyingKey<groth16::Bn254>,
               groth16::PreparedVerifyingKey<groth16::Bls12_381>>
      pvk;
  engine::MemoryBudget::Reservation memory;
  uint64_t last_use = 0;
  std::shared_ptr<ZkeyAccelerator> accel;  // told when the key goes
  ~LoadedKey() {
    if (accel) std::visit([&](const auto& k) { accel->forget(&k); }, pk);
  }
};

SnarkjsRunner::SnarkjsRunner(engine::MemoryBudget& budget, Done done, int evict_order,
                             std::shared_ptr<ZkeyAccelerator> accelerator)
    : budget_(budget), done_(std::move(done)), accel_(std::move(accelerator)) {
  evictor_id_ = budget_.add_evictor(evict_order, [this](uint64_t need) { return evict_idle(need); });
  worker_ = std::jthread([this](std::stop_token st) { loop(st); });
}

uint64_t SnarkjsRunner::evict_idle(uint64_t need) {
  std::vector<std::shared_ptr<LoadedKey>> gone;  // released after the lock
  uint64_t freed = 0;
  {
    std::lock_guard lk(mu_);
    std::vector<std::map<std::string, std::shared_ptr<LoadedKey>>::iterator> idle;
    for (auto it = keys_.begin(); it != keys_.end(); ++it)
      if (it->second.use_count() == 1) idle.push_back(it);  // no job is proving with it
    std::sort(idle.begin(), idle.end(), [](auto a, auto b) { return a->second->last_use < b->second->last_use; });
    for (auto it : idle) {
      if (freed >= need) break;
      freed += it->second->memory.bytes();
      gone.push_back(std::move(it->second));
      keys_.erase(it);
    }
  }
  return freed;
}

SnarkjsRunner::~SnarkjsRunner() {
  budget_.remove_evictor(evictor_id_);
  std::deque<Task> left;
  {
    std::lock_guard lk(mu_);
    left.swap(queue_);
  }
  for (auto& t : left) done_(t.id, {engine::JobStatus::kCancelled, "the daemon is shutting down", "", "", 0});
  worker_.request_stop();
  cv_.notify_all();
}

void SnarkjsRunner::submit(uint64_t id, const std::string& zkey_path, std::vector<uint8_t> wtns,
                           engine::Priority priority) {
  {
    std::lock_guard lk(mu_);
    queue_.push_back({id, zkey_path, std::move(wtns), priority, seq_++, std::chrono::steady_clock::now()});
    // CRITICAL first, FIFO within a priority
    std::stable_sort(queue_.begin(), queue_.end(), [](const Task& a, const Task& b) {
      return int(a.priority) != int(b.priority) ? int(a.priority) > int(b.priority) : a.seq < b.seq;
    });
  }
  cv_.notify_all();
}

bool SnarkjsRunner::cancel(uint64_t id) {
  std::unique_lock lk(mu_);
  if (running_ == id) {
    running_cancelled_ = true;
    return true;
  }
  auto it = std::find_if(queue_.begin(), queue_.end(), [&](const Task& t) { return t.id == id; });
  if (it == queue_.end()) return false;
  queue_.erase(it);
  lk.unlock();
  done_(id, {engine::JobStatus::kCancelled, "cancelled by request", "", "", 0});
  return true;
}

size_t SnarkjsRunner::keys_loaded() const {
  std::lock_guard lk(mu_);
  return keys_.size();
}

uint64_t SnarkjsRunner::key_bytes() const {
  std::lock_guard lk(mu_);
  uint64_t b = 0;
  for (const auto& [path, k] : keys_) b += k->memory.bytes();
  return b;
}

std::shared_ptr<SnarkjsRunner::LoadedKey> SnarkjsRunner::key_for(const std::string& path) {
  std::error_code ec;
  const auto canonical = std::filesystem::canonical(path, ec);
  if (ec) throw engine::KeyNotFound("zkey '" + path + "': " + ec.message());
  {
    std::lock_guard lk(mu_);
    if (auto it = keys_.find(canonical.string()); it != keys_.end()) {
      it->second->last_use = ++tick_;
      return it->second;
    }
  }
  MappedFile file(canonical.string());
  const std::string src = "zkey '" + path + "'";
  auto k = std::make_shared<LoadedKey>();
  // parsed points take about the file's size: count it before parsing
  k->memory = budget_.acquire(file.bytes().size(), "zkey " + path);
  sj::with_curve(sj::zkey_curve(file.bytes(), src), [&](auto e) {
    using E = decltype(e);
    k->pk = sj::read_zkey<E>(file.bytes(), src);
    if (accel_) k->pvk.template emplace<groth16::PreparedVerifyingKey<E>>(std::get<groth16::ZkeyProvingKey<E>>(k->pk).vk);
  });
  k->accel = accel_;
  std::lock_guard lk(mu_);
  k->last_use = ++tick_;
  keys_[canonical.string()] = k;
  return k;
}

SnarkjsRunner::AcceleratorStats SnarkjsRunner::accelerator_stats() const {
  std::lock_guard lk(mu_);
  return accel_stats_;
}

template <class E>
groth16::Proof<E> SnarkjsRunner::prove_terms(const LoadedKey& key, const groth16::ZkeyProvingKey<E>& pk,
                                             std::span<const typename E::Fr> w, std::span<const typename E::Fr> pub) {
  if (!accel_) return groth16::prove_zkey(pk, w);
  const auto& pvk = std::get<groth16::PreparedVerifyingKey<E>>(key.pvk);
  try {
    auto proof = groth16::finalize_zkey_proof(pk, accel_->terms(pk, w));
    const bool ok = groth16::verify_proof(pvk, proof, pub);
    if (ok) {
      std::lock_guard lk(mu_);
      ++accel_stats_.proofs;
      return proof;
    }
  } catch (const std::exception&) {
    // e.g. no device memory for this key beside the engine's: the CPU proves it
    std::lock_guard lk(mu_);
    ++accel_stats_.failed;
    return groth16::prove_zkey(pk, w);
  }
  // The accelerator's proof failed verification: its fault only if the CPU's
  // passes; a witness that breaks the circuit fails both (returned as is).
  auto proof = groth16::prove_zkey(pk, w);
  const bool cpu_ok = groth16::verify_proof(pvk, proof, pub);
  std::lock_guard lk(mu_);
  ++(cpu_ok ? accel_stats_.rejected : accel_stats_.unsatisfied);
  return proof;
}

SnarkjsOutput SnarkjsRunner::prove(const Task& t) {
  SnarkjsOutput out;
  auto key = key_for(t.zkey_path);
  std::visit(
      [&](const auto& pk) {
        using E = decltype(curve_of(pk));
        using F = typename E::Fr;
        auto w = sj::read_wtns<E>(t.wtns, "witness");
        auto pub = groth16::public_signals(pk, std::span<const F>(w));
        auto proof = prove_terms<E>(*key, pk, std::span<const F>(w), std::span<const F>(pub));
        out.proof_json = sj::proof_to_json(proof);
        out.public_json = sj::public_to_json<F>(pub);
      },
      key->pk);
  out.status = engine::JobStatus::kDone;
  return out;
}

void SnarkjsRunner::loop(std::stop_token stop) {
  for (;;) {
    Task t;
    {
      std::unique_lock lk(mu_);
      cv_.wait(lk, stop, [&] { return !queue_.empty(); });
      if (stop.stop_requested()) return;
      t = std::move(queue_.front());
      queue_.pop_front();
      running_ = t.id;
      running_cancelled_ = false;
    }
    SnarkjsOutput out;
    try {
      out = prove(t);
    } catch (const std::exception& e) {
      out.status = engine::JobStatus::kFailed;
      out.error = e.what();
    }
    {
      std::lock_guard lk(mu_);
      if (running_cancelled_) out = {engine::JobStatus::kCancelled, "cancelled by request", "", "", 0};
      running_ = 0;
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t.submitted).count();
    done_(t.id, std::move(out));
  }
}

}  // namespace cuzk::service
