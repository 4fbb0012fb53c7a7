// GPU multi-scalar multiplication sum(k_i * P_i) by Pippenger's bucket method,
// for G1 and G2 of BLS12-381 and BN254 (explicitly instantiated in
// cuzk_msm_cuda). The bases are uploaded once into a GpuMsm (resident on the
// device), or, when they don't fit or streaming is asked for, kept in host
// memory (pinned, owned by the caller) and streamed to the device in chunks
// with the copies overlapped with the kernels.
//
// Scalars are field elements in Montgomery form (Field::m), as the prover
// holds them; the device converts them. Zero scalars (and infinity bases) are
// skipped, scalars equal to one are summed with plain additions, the rest go
// through signed c-bit windows, a radix sort per window, bucket accumulation
// (batched affine additions for G1, affine_rounds.hpp; load-balanced XYZZ
// additions for G2 or where the affine scratch does not fit) and a parallel
// bucket reduction (msm_kernels.hpp).
//
// A GpuMsm may be used by several host threads at once only through separate
// MsmWorkspaces (each call's device scratch); calls without one share the
// object's own workspace under a mutex.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "ec/jacobian.hpp"

namespace cuzk::msm::cuda {

struct GpuMsmOptions {
  int window_bits = 0;           // 0: chosen per call from the number of non-trivial scalars
  bool stream_bases = false;     // keep the bases on the host and stream them (see above)
  size_t chunk_points = 0;       // streaming chunk, in points (0: 2^22)
  size_t max_scratch_bytes = 0;  // device scratch per call (0: what is free, less a margin);
                                 // beyond it the windows are processed in batches
  bool profile = false;          // per-phase times in last_stats() (also CUZK_MSM_PROFILE=1)
  bool affine_accumulation = true;  // G1: batched affine bucket sums where their scratch fits,
                                    // else (and always for G2) XYZZ sums
  size_t affine_min_scalars = size_t(1) << 23;  // ... from this many non-trivial scalars on: below
                                                // it the XYZZ sums measured as fast or faster
                                                // (src/msm/cuda/NOTES.md)
};

// What the last call did (for benchmarks and logs).
struct GpuMsmStats {
  size_t n = 0, general = 0, ones = 0;  // scalars; of them non-trivial; equal to one
  int window_bits = 0, windows = 0, batches = 0, chunks = 0;
  bool combined_sort = false;
  bool affine = false;    // bucket sums by batched affine additions
  int affine_rounds = 0;  // their rounds, over all window batches and groups
  int affine_groups = 0;  // groups of runs whose items fit the scratch at once
  // per-phase milliseconds (device events; "host" is the host's share), only
  // with GpuMsmOptions::profile or CUZK_MSM_PROFILE=1 in the environment
  std::vector<std::pair<std::string, double>> phases;
};

// Device scratch of one call; grows on demand and is kept for the next call.
class MsmWorkspace {
 public:
  MsmWorkspace();
  ~MsmWorkspace();
  MsmWorkspace(MsmWorkspace&&) noexcept;
  MsmWorkspace& operator=(MsmWorkspace&&) noexcept;
  size_t bytes() const;  // device memory held
  void release();        // frees it
  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

// A subset of the bases, by index (ascending), resident on the device: made
// once per proving key from the A/B query densities and reused.
class GpuSelection {
 public:
  GpuSelection() = default;
  size_t size() const { return count_; }     // selected bases = scalars expected
  size_t domain() const { return domain_; }  // bases the indices refer to
  const uint32_t* device_indices() const { return mem_ ? static_cast<const uint32_t*>(mem_->p) : nullptr; }
  const std::vector<uint32_t>& host_indices() const { return host_; }

  // Set bits of a bitmap (bit i of words[i / 64]) over nbits bases.
  static GpuSelection from_bitmap(std::span<const uint64_t> words, size_t nbits, int device = 0);
  static GpuSelection from_indices(std::span<const uint32_t> ascending, size_t domain, int device = 0);

 private:
  struct DeviceMem {
    void* p = nullptr;
    int device = 0;
    DeviceMem() = default;
    DeviceMem(const DeviceMem&) = delete;
    DeviceMem& operator=(const DeviceMem&) = delete;
    ~DeviceMem();
  };
  std::shared_ptr<DeviceMem> mem_;  // shared by copies
  size_t count_ = 0, domain_ = 0;
  std::vector<uint32_t> host_;
};

// GpuMsm::from_encoded: the first bad point (its index among the bases).
struct BadEncodedPoint : DecodeError {
  BadEncodedPoint(size_t i, const std::string& why) : DecodeError("base " + std::to_string(i) + ": " + why), index(i) {}
  size_t index;
};

template <class C>
class GpuMsm {
 public:
  using Scalar = typename C::Scalar;

  // Uploads the bases (any size up to 2^31 - 1; at most 2^27 planned) to the
  // device, unless opt.stream_bases or they don't fit: then `bases` must stay
  // valid (and should be pinned) for the life of this object.
  GpuMsm(std::span<const ec::Affine<C>> bases, int device = 0, GpuMsmOptions opt = {});
  // n distinct points of the order-r subgroup made on the device (benchmarks
  // and tests): P_i = (a+1) Q0 + (b+1) Q1 + (c+1) Q2 with i = a + 1024 b +
  // 2^20 c and random Q's from the seed.
  static GpuMsm random_bases(size_t n, uint64_t seed, int device = 0, GpuMsmOptions opt = {});
  // Bases as a snarkjs key file encodes them (x | y, little-endian Montgomery
  // limbs, all zero for infinity), which is the device's own layout: copied
  // up as they are and checked there (ec/encoded_point.hpp: coordinates below
  // p, points on the curve), so the host never decodes them. Throws
  // BadEncodedPoint for the first bad one. Bases that do not fit the device
  // are decoded and checked on the host instead, and streamed.
  static GpuMsm from_encoded(std::span<const uint8_t> bytes, int device = 0, GpuMsmOptions opt = {});
  ~GpuMsm();
  GpuMsm(GpuMsm&&) noexcept;
  GpuMsm& operator=(GpuMsm&&) noexcept;

  size_t size() const;
  bool resident() const;
  int device() const;
  std::vector<ec::Affine<C>> download_bases() const;  // resident bases back to the host
  const GpuMsmStats& last_stats() const;
  // Options for the next calls (window_bits, max_scratch_bytes, profile; the
  // placement of the bases stays as constructed).
  void set_options(const GpuMsmOptions& opt);

  // sum_i scalars[i] * bases[i] over the first scalars.size() bases.
  ec::Jacobian<C> run(std::span<const Scalar> host_scalars, cudaStream_t s = nullptr, MsmWorkspace* ws = nullptr);
  ec::Jacobian<C> run_device(const Scalar* d_scalars, size_t n, cudaStream_t s = nullptr,
                             MsmWorkspace* ws = nullptr);
  // sum_i scalars[i] * bases[sel[i]] (scalars dense: one per selected base).
  ec::Jacobian<C> run(const GpuSelection& sel, std::span<const Scalar> host_scalars, cudaStream_t s = nullptr,
                      MsmWorkspace* ws = nullptr);
  ec::Jacobian<C> run_device(const GpuSelection& sel, const Scalar* d_scalars, cudaStream_t s = nullptr,
                             MsmWorkspace* ws = nullptr);
  // sum_i scalars[i] * bases[d_index[i]] with any device index list (no
  // repeats needed; indices < size()). Resident bases only.
  ec::Jacobian<C> run_device_indexed(const uint32_t* d_index, const Scalar* d_scalars, size_t n,
                                     cudaStream_t s = nullptr, MsmWorkspace* ws = nullptr);

  struct Impl;

 private:
  GpuMsm() = default;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cuzk::msm::cuda
