#include "engine/proving_host.hpp"

namespace cuzk::engine {

ProvingHost::ProvingHost(uint64_t budget_bytes, BackendSet set, unsigned synthesis_threads, unsigned max_ready)
    : budget_(budget_bytes),
      pool_(budget_, std::move(set.allocator)),
      zkey_points_(prove_zkey_on_device(set.backends) ? groth16::PointStorage::kEncoded : groth16::PointStorage::kDecoded),
      keys_(budget_, [points = zkey_points_](const std::string& path) { return load_key_file(path, points); }),
      backends_(std::move(set.backends)),
      on_gpu_(BackendSet{backends_, nullptr}.on_gpu()),
      config_(automatic_engine_config(backends_, synthesis_threads, max_ready)) {
  engine_ = std::make_unique<ProvingEngine>(config_, budget_, pool_, backends_);
  keys_.on_evict([this](const JobKey& k) {
    for (const auto& b : backends_) b->forget_key(k);
  });
}

ProvingHost::~ProvingHost() {
  engine_.reset();  // joins its threads; job key leases go before the cache does
}

JobResult ProvingHost::prove(JobSpec spec) {
  const uint64_t id = engine_->submit(std::move(spec));
  auto r = engine_->await(id);
  engine_->forget(id);
  return r;
}

std::unique_ptr<ProvingHost> make_local_host(const BackendOptions& opts) {
  constexpr uint64_t kMargin = uint64_t(2) << 30;  // left to the OS and the rest of the process
  return std::make_unique<ProvingHost>(MemoryBudget::detect_total(kMargin), make_backends(opts));
}

JobKey load_key_while_host_starts(const std::string& path, const BackendOptions& opts,
                                  const std::function<const ProvingHost&()>& wait_host) {
  // make_backends makes GPU backends only, all of which prove .zkey keys on their device
  const auto guess = opts.use_gpus && gpu_devices_present() > 0 ? groth16::PointStorage::kEncoded
                                                                : groth16::PointStorage::kDecoded;
  JobKey key = load_key_file(path, guess);
  const auto points = wait_host().zkey_points();
  return points == guess ? key : load_key_file(path, points);
}

}  // namespace cuzk::engine
