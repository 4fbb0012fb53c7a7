// Host-to-device copy rates by source (gpu/host_to_device.hpp), 2 GiB per
// copy, best of --runs: pinned memory straight to the copy engine; pageable
// memory through the driver (kDirect); pageable memory and a mapped file
// (page cache, as GPU hosts upload a .zkey's points) through our pinned
// staging chunks (kStaged) of 16 to 128 MiB. Prints a table; exits 0 with a
// message when there is no GPU.
//
//   bench_h2d_gpu [--runs R] [--gib G]
#include <cuda_runtime.h>
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/mapped_file.hpp"
#include "core/parallel.hpp"
#include "core/prefault.hpp"
#include "gpu/cuda_check.hpp"
#include "gpu/device.hpp"
#include "gpu/host_to_device.hpp"
#include "gpu/pinned_buffer.hpp"
#include "gpu/stream.hpp"

using namespace cuzk;

namespace {

int g_runs = 3;

double best_gbps(size_t bytes, const std::function<void()>& copy) {
  copy();  // first touch of the destination and of the staging chunks
  double best = 0;
  for (int i = 0; i < g_runs; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    copy();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = std::max(best, double(bytes) / s / 1e9);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  size_t gib = 2;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--runs")) g_runs = std::max(1, std::atoi(argv[i + 1]));
    if (!std::strcmp(argv[i], "--gib")) gib = std::max(1, std::atoi(argv[i + 1]));
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    (void)cudaGetLastError();
    std::printf("bench_h2d_gpu: no GPU, nothing measured\n");
    return 0;
  }
  const size_t bytes = gib << 30;
  gpu::DeviceBuffer dst(bytes);
  gpu::Stream s;
  std::vector<uint8_t> pageable;
  resize_prefaulted(pageable, bytes);
  parallel_for(bytes, size_t(1) << 24, [&](size_t b, size_t e) { std::memset(pageable.data() + b, int(b >> 24), e - b); });

  // the same bytes as a file in the page cache, mapped and faulted in as MappedFile does
  const auto path = std::filesystem::temp_directory_path() / "cuzk_bench_h2d.bin";
  {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0) {
      std::perror("bench_h2d_gpu: temporary file");
      return 1;
    }
    for (size_t off = 0; off < bytes;) {
      const ssize_t n = ::write(fd, pageable.data() + off, std::min<size_t>(bytes - off, size_t(1) << 30));
      if (n <= 0) {
        std::perror("bench_h2d_gpu: write");
        return 1;
      }
      off += size_t(n);
    }
    ::close(fd);
  }
  const MappedFile file(path.string());
  std::filesystem::remove(path);

  std::printf("%-48s %8s\n", "source", "GB/s");
  {
    gpu::PinnedBuffer pinned(bytes);
    std::memcpy(pinned.data(), pageable.data(), bytes);
    std::printf("%-48s %8.1f\n", "pinned, cudaMemcpyAsync", best_gbps(bytes, [&] {
                  CUZK_CUDA_CHECK(cudaMemcpyAsync(dst.get(), pinned.data(), bytes, cudaMemcpyHostToDevice, s.get()));
                  s.synchronize();
                }));
  }
  {
    gpu::HostToDevice direct(gpu::HostToDevice::Pageable::kDirect);
    std::printf("%-48s %8.1f\n", "pageable, through the driver (kDirect)", best_gbps(bytes, [&] {
                  direct.copy(dst.get(), pageable.data(), bytes, s.get());
                  s.synchronize();
                }));
  }
  for (size_t mib : {16, 32, 64, 128}) {
    gpu::HostToDevice staged(gpu::HostToDevice::Pageable::kStaged, mib << 20);
    const std::string chunks = std::to_string(mib) + " MiB chunks";
    std::printf("%-48s %8.1f\n", ("pageable, staged, " + chunks).c_str(), best_gbps(bytes, [&] {
                  staged.copy(dst.get(), pageable.data(), bytes, s.get());
                  s.synchronize();
                }));
    std::printf("%-48s %8.1f\n", ("mapped file, staged, " + chunks).c_str(), best_gbps(bytes, [&] {
                  staged.copy(dst.get(), file.bytes().data(), bytes, s.get());
                  s.synchronize();
                }));
  }
  std::printf("%-48s %8.1f\n", "mapped file, staged_upload (what key uploads use)", best_gbps(bytes, [&] {
                gpu::staged_upload(dst.get(), file.bytes().data(), bytes, s.get());
                s.synchronize();
              }));
  std::printf("(%zu GiB per copy, best of %d, %u host threads)\n", gib, g_runs, global_pool().size());
  return 0;
}
