// GPU NTT over BLS12-381 Fr and BN254 Fr on device-resident data, and the
// Groth16 H step built on it. Host-includable (no device code here); the
// kernels are in ntt_kernels.cuh, instantiated in libcuzk_ntt_cuda for
// ff::Bls12_381_Fr and ff::Bn254_Fr.
//
//   GpuNttDomain<F> d(log_n, ff::RootConvention::kBellperson);  // tables on the current device
//   d.forward(d_x, stream);                // natural order in and out, in place
//   d.inverse(d_in, d_out, stream);        // out of place: d_in is left untouched
//   d.coset_forward(d_x, shift, stream);   // evaluations on shift * <omega>
//   d.coset_inverse(d_x, shift, stream);   // back to coefficients
//
// Every transform with n > 2^12 needs an n-element scratch buffer: pass one
// (not aliasing the data), or leave it null and the call takes one from the
// stream-ordered allocator (cudaMallocAsync / cudaFreeAsync on `stream`).
// Calls are asynchronous on `stream`; a domain is immutable after
// construction apart from an internal cache of coset power tables (guarded),
// so one domain serves several streams and threads at once. All pointers
// must be on the device that was current when the domain was built.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "ff/fields.hpp"
#include "ff/roots.hpp"
#include "gpu/device.hpp"

namespace cuzk::ntt::cuda {

// How the first pass gets its n output twiddles omega_n^(j k):
//  kTwoLevel: product of two sqrt(n)-sized tables (one extra multiplication
//             per element in that pass, tables of a few hundred KB);
//  kFullTable: one precomputed table of n elements (n * 32 bytes of device
//             memory per domain: 512 MB at 2^24, 4 GB at 2^27);
//  kAuto: kFullTable up to 2^24 (at most 512 MB), kTwoLevel above. The full
//         table saves a product per element in pass 1 and measured faster at
//         every size on the H200 (src/ntt/cuda/NOTES.md); above 2^24 its memory
//         (2 GB at 2^26) is not worth the few percent.
enum class TwiddleMode { kAuto, kTwoLevel, kFullTable };

// Largest supported domain: 2^30 (and the field's two-adicity).
constexpr int kMaxLogN = 30;

template <class F>
class GpuNttDomain {
 public:
  // plan: the passes' radix logs, first pass first, e.g. {7, 7, 6} for 2^20
  // (each 6..9, 2..4 of them, summing to log_n); empty: the built-in plan, or
  // the one env CUZK_NTT_PLAN gives for this size ("8,6,6;9,9,9").
  GpuNttDomain(int log_n, ff::RootConvention conv, TwiddleMode mode = TwiddleMode::kAuto, std::vector<int> plan = {});
  ~GpuNttDomain();
  GpuNttDomain(const GpuNttDomain&) = delete;
  GpuNttDomain& operator=(const GpuNttDomain&) = delete;

  int log_n() const { return log_n_; }
  size_t size() const { return n_; }
  ff::RootConvention convention() const { return conv_; }
  int device() const { return device_; }
  F omega() const { return omega_; }
  bool full_twiddle_table() const { return full_table_; }
  int passes() const { return npass_; }  // kernels per transform; 0: one block (n <= 2^12)
  std::vector<int> plan() const { return {radix_, radix_ + npass_}; }  // radix logs per pass
  // Whether transforms need a scratch buffer (n > 2^12).
  bool needs_scratch() const { return npass_ > 1; }
  // Device memory held by the tables, bytes.
  size_t table_bytes() const;

  // Natural order in and out. The in-place forms overwrite d_data; the
  // out-of-place forms leave d_in untouched (d_in may equal d_out).
  void forward(F* d_data, cudaStream_t s = nullptr, F* d_scratch = nullptr) const;
  void forward(const F* d_in, F* d_out, cudaStream_t s = nullptr, F* d_scratch = nullptr) const;
  void inverse(F* d_data, cudaStream_t s = nullptr, F* d_scratch = nullptr) const;
  void inverse(const F* d_in, F* d_out, cudaStream_t s = nullptr, F* d_scratch = nullptr) const;
  // Evaluate coefficients on shift * <omega> / interpolate back from there.
  void coset_forward(F* d_data, const F& shift, cudaStream_t s = nullptr, F* d_scratch = nullptr) const;
  void coset_forward(const F* d_in, F* d_out, const F& shift, cudaStream_t s = nullptr, F* d_scratch = nullptr) const;
  void coset_inverse(F* d_data, const F& shift, cudaStream_t s = nullptr, F* d_scratch = nullptr) const;
  void coset_inverse(const F* d_in, F* d_out, const F& shift, cudaStream_t s = nullptr, F* d_scratch = nullptr) const;

  // The general transform the above are made of (used by the H step):
  //   x_i *= pre(i)                      (input index i)
  //   X = DFT(x)  (or n * INTT(x) when inverse, i.e. DFT at -k)
  //   X_k *= post(k)                     (output index k)
  //   X_k = pa[k] * pb[k] - X_k          when pa is non-null
  // pre/post: none, a constant, or powers scalar * base^i.
  struct Factor {
    enum Kind { kNone, kConst, kPowers } kind = kNone;
    F base = F::one();
    F scalar = F::one();
    static Factor none() { return {}; }
    static Factor constant(const F& c) { return {kConst, F::one(), c}; }
    static Factor powers(const F& base, const F& scalar) { return {kPowers, base, scalar}; }
  };
  void transform(const F* d_in, F* d_out, bool inverse, const Factor& pre, const Factor& post, const F* pa,
                 const F* pb, cudaStream_t s, F* d_scratch) const;

 private:
  struct Tables;
  struct PowTables;
  const PowTables& pow_tables(const F& base, const F& scalar, cudaStream_t s) const;
  void check_device() const;

  int log_n_ = 0;
  size_t n_ = 1;
  ff::RootConvention conv_;
  int device_ = 0;
  bool full_table_ = false;
  bool stream_reads_ = false;  // input and twiddle tables read evict-first
  int npass_ = 1;
  int radix_[4] = {};
  F omega_, n_inv_;
  std::unique_ptr<Tables> t_;
  mutable std::mutex mu_;
  mutable std::map<std::string, std::unique_ptr<PowTables>> pow_cache_;
};

// A process-wide domain per (field, log_n, convention, current device), built
// on first use (kAuto twiddles). Thread safe.
template <class F>
const GpuNttDomain<F>& cached_domain(int log_n, ff::RootConvention conv);

// ---------------------------------------------------------------------------
// Groth16 H step on the device. a, b, c: evaluations on the n-domain (n =
// d.size(), the caller pads with zeros to n). d_scratch: n elements or null.
// On return d_a holds the result, d_b and d_c are clobbered.
//
// bellperson keys (d built with kBellperson): d_a <- the n coefficients of
//   h = coset_iNTT((coset_NTT(iNTT a) * coset_NTT(iNTT b) - coset_NTT(iNTT c)) / (g^n - 1)),
//   coset g = the multiplicative generator; the H query uses the first n - 1.
//   7 NTTs; the coset shifts, 1/n and 1/Z ride on the first/last passes and
//   a*b - c on the last pass of c's coset NTT.
template <class F>
void gpu_compute_h_bellperson(const GpuNttDomain<F>& d, F* d_a, F* d_b, F* d_c, F* d_scratch = nullptr,
                              cudaStream_t s = nullptr);
// snarkjs keys (d built with kSnarkjs): d_a <- the n values
//   (A*B - C)(w_2n^(2i+1)), A, B, C interpolated from a, b, c on the
//   n-domain (the odd coset of the 2n-domain), no division. 6 NTTs.
template <class F>
void gpu_compute_h_snarkjs(const GpuNttDomain<F>& d, F* d_a, F* d_b, F* d_c, F* d_scratch = nullptr,
                           cudaStream_t s = nullptr);

// Host convenience (tests, small callers): a, b, c of equal length m (pinned
// or not), n = the next power of two >= m; copies to the device, computes on
// the cached domain, copies back. bellperson: the n - 1 coefficients (as
// groth16::compute_h_bellperson); snarkjs: the n values.
template <class F>
std::vector<F> gpu_compute_h_bellperson_host(std::span<const F> a, std::span<const F> b, std::span<const F> c);
template <class F>
std::vector<F> gpu_compute_h_snarkjs_host(std::span<const F> a, std::span<const F> b, std::span<const F> c);

// Fills d_out[0..count) with pseudo-random valid field elements from seed
// (benchmarks and tests).
template <class F>
void fill_random(F* d_out, size_t count, uint64_t seed, cudaStream_t s = nullptr);

}  // namespace cuzk::ntt::cuda
