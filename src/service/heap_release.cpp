#include "service/heap_release.hpp"

#include <malloc.h>

#include <algorithm>

#include "service/log.hpp"

namespace cuzk::service {

HeapRelease::HeapRelease() : thread_([this](std::stop_token st) { run(st); }) {}

HeapRelease::~HeapRelease() {
  thread_.request_stop();
  cv_.notify_all();
}

void HeapRelease::poke() {
  {
    std::lock_guard lk(mu_);
    pending_ = true;
    last_poke_ = Clock::now();
  }
  cv_.notify_all();
}

void HeapRelease::run(std::stop_token stop) {
  std::unique_lock lk(mu_);
  while (!stop.stop_requested()) {
    if (!cv_.wait(lk, stop, [&] { return pending_ || settling_; })) return;
    // a burst is trimmed once quiet; the follow-up waits kSettle
    const auto due = pending_ ? std::max(last_poke_ + kQuiet, last_trim_ + kMinGap) : last_trim_ + kSettle;
    if (Clock::now() < due) {
      cv_.wait_until(lk, stop, due, [] { return false; });
      continue;
    }
    settling_ = pending_;
    pending_ = false;
    lk.unlock();
    const auto t0 = Clock::now();
    const int released = ::malloc_trim(0);
    spdlog::debug("heap: malloc_trim after refused requests ({} in {:.1f} ms)",
                  released ? "pages returned" : "nothing to return",
                  std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    lk.lock();
    last_trim_ = Clock::now();
  }
}

}  // namespace cuzk::service
