// Per-phase device times of one MSM call, from events recorded on its stream
// (only when profiling: GpuMsmOptions::profile or CUZK_MSM_PROFILE=1).
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "gpu/cuda_check.hpp"
#include "gpu/stream.hpp"

namespace cuzk::msm::cuda::detail {

inline bool profile_env() {
  const char* e = std::getenv("CUZK_MSM_PROFILE");
  return e && *e && *e != '0';
}

// Named phase timing with events on the stream (only when profiling).
struct PhaseTimer {
  bool on = false;
  cudaStream_t st = nullptr;
  std::vector<std::pair<std::string, gpu::Event>> marks;
  void start(bool enable, cudaStream_t s) {
    on = enable;
    st = s;
    if (on) mark("start");
  }
  void mark(const char* name) {
    if (!on) return;
    gpu::Event e(true);
    e.record(st);
    marks.emplace_back(name, std::move(e));
  }
  // after a synchronize: adds each phase's milliseconds into out
  void collect(std::vector<std::pair<std::string, double>>& out) {
    for (size_t i = 1; i < marks.size(); ++i) {
      float ms = 0;
      CUZK_CUDA_CHECK(cudaEventElapsedTime(&ms, marks[i - 1].second, marks[i].second));
      auto it = std::find_if(out.begin(), out.end(), [&](auto& p) { return p.first == marks[i].first; });
      if (it == out.end())
        out.emplace_back(marks[i].first, ms);
      else
        it->second += ms;
    }
    marks.clear();
  }
};

}  // namespace cuzk::msm::cuda::detail
