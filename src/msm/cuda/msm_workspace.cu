// MsmWorkspace and its Impl (msm_workspace.hpp): buffers that grow on demand,
// the pinned result area, the streams and events.
#include "msm/cuda/msm_workspace.hpp"

#include <memory>

namespace cuzk::msm::cuda {

void* DevBuf::ensure(size_t b) {
  if (b == 0) b = 1;
  if (b <= bytes) return p;
  release();
  mem = gpu::DeviceBuffer(b);
  p = mem.get();
  bytes = b;
  return p;
}

void DevBuf::release() {
  mem = gpu::DeviceBuffer();
  p = nullptr;
  bytes = 0;
}

namespace {
constexpr size_t kCounterArea = 256;
}

MsmWorkspace::Impl::~Impl() { release(); }

template <class Fn>
void MsmWorkspace::Impl::for_each_buffer(Fn&& fn) {
  for (DevBuf* b : {&counters, &ones_idx, &keys, &vals, &keys2, &vals2, &sort_temp, &buckets, &occupied, &head, &tail,
                    &head_key, &tail_key, &flags, &levels[0].a0, &levels[0].r0, &levels[0].a1, &levels[0].t1,
                    &levels[0].r1, &levels[0].t2, &levels[1].a0, &levels[1].r0, &levels[1].a1, &levels[1].t1,
                    &levels[1].r1, &levels[1].t2, &ones_a, &ones_b, &scalars,
                    &stream_raw[0], &stream_raw[1], &stream_pts[0], &stream_pts[1], &stream_inf[0], &stream_inf[1],
                    &run_start, &run_len, &run_ibase, &run_count, &run_offset, &items, &aff_prefix, &aff_pair_run,
                    &scan_temp, &group_bounds})
    fn(*b);
}

// The streams first: their destructors wait for the work queued on them,
// which may still read the buffers freed next.
void MsmWorkspace::Impl::release() {
  streams_.reset();
  for_each_buffer([](DevBuf& b) { b.release(); });
  pinned_ = gpu::PinnedBuffer();
}

MsmWorkspace::Impl::Streams& MsmWorkspace::Impl::streams() {
  if (!streams_) streams_ = std::make_unique<Streams>();
  return *streams_;
}

uint32_t* MsmWorkspace::Impl::host_counters() {
  if (!pinned_.data()) pinned_ = gpu::PinnedBuffer(kCounterArea + (size_t(1) << 20));
  return static_cast<uint32_t*>(pinned_.data());
}

void* MsmWorkspace::Impl::host_stage(size_t b) {
  host_counters();
  if (kCounterArea + b > pinned_.size()) {
    pinned_ = gpu::PinnedBuffer();  // freed first: the peak is the new size
    pinned_ = gpu::PinnedBuffer(kCounterArea + b);
  }
  return static_cast<char*>(pinned_.data()) + kCounterArea;
}

size_t MsmWorkspace::Impl::bytes_held() const {
  size_t s = 0;
  const_cast<Impl*>(this)->for_each_buffer([&](DevBuf& b) { s += b.bytes; });
  return s;
}

MsmWorkspace::MsmWorkspace() : impl_(std::make_unique<Impl>()) {}
MsmWorkspace::~MsmWorkspace() = default;
MsmWorkspace::MsmWorkspace(MsmWorkspace&&) noexcept = default;
MsmWorkspace& MsmWorkspace::operator=(MsmWorkspace&&) noexcept = default;
size_t MsmWorkspace::bytes() const { return impl_ ? impl_->bytes_held() : 0; }
void MsmWorkspace::release() {
  if (impl_) impl_->release();
}

}  // namespace cuzk::msm::cuda
