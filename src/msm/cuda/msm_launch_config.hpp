// Launch shapes of the GPU MSM's kernels: block sizes (the kernels'
// __launch_bounds__ and the host's launches share them), the affine rounds'
// slice limits, and the grid size for a thread count.
#pragma once
#include <cstddef>
#include <cstdint>

namespace cuzk::msm::cuda {

namespace kernels {

constexpr int kDigitsBlock = 256;
constexpr int kAccBlock = 128;
constexpr int kReduceBlock = 128;
constexpr int kAffBlock = 128;   // one inversion per block of k_affine_round
constexpr int kAffMinBlocks = 3;  // k_affine_round's blocks per SM (its register budget)
constexpr uint32_t kAffMaxSlice = 128;  // pairs per thread: the inversion spread over 128 x 128 pairs
constexpr uint32_t kAffMinSlice = 1;

}  // namespace kernels

namespace detail {

inline unsigned blocks_for(size_t threads, int block) { return unsigned((threads + block - 1) / block); }

}  // namespace detail

}  // namespace cuzk::msm::cuda
