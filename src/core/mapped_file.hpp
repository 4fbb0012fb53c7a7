// Read-only memory map of a whole file (RAII), guarded against the file
// shrinking under it: a read past the new end (SIGBUS) reads zeros instead of
// killing the process, and check_unchanged() / parse() then say the file
// changed while it was read. Errors name the path.
#pragma once
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/prefault.hpp"

namespace cuzk {

namespace detail {

// The guarded ranges, read lock-free by the SIGBUS handler. begin is 0 for a
// free slot and 1 while a slot is being filled.
struct MapGuardSlot {
  std::atomic<uintptr_t> begin{0}, end{0};
  std::atomic<bool> faulted{false};
  // the file as mapped, for SourceWatch: written before begin is published
  int fd = -1;
  struct stat mapped {};
  std::atomic<int64_t> next_stat_ns{0};
  std::atomic<bool> changed{false};  // a size or mtime change seen
};
inline constexpr size_t kMapGuardSlots = 1024;
inline MapGuardSlot map_guard_slots[kMapGuardSlots];
inline struct sigaction map_guard_previous {};
inline uintptr_t map_guard_page = 4096;

// A fault inside a guarded map: everything from the faulting page to the
// map's end becomes zero pages (one call, however large the lost part), the
// slot is marked, and the read is retried. Any other fault goes where it
// would have gone without us.
inline void map_guard_handler(int sig, siginfo_t* si, void* uc) {
  const auto addr = reinterpret_cast<uintptr_t>(si->si_addr);
  for (auto& s : map_guard_slots) {
    const uintptr_t b = s.begin.load(std::memory_order_acquire);
    if (b <= 1 || addr < b) continue;
    const uintptr_t e = s.end.load(std::memory_order_acquire);
    if (addr >= e) continue;
    const uintptr_t page = addr & ~(map_guard_page - 1);
    void* p = ::mmap(reinterpret_cast<void*>(page), e - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (p != MAP_FAILED) {
      s.faulted.store(true, std::memory_order_release);
      return;
    }
    break;
  }
  const auto& prev = map_guard_previous;
  if ((prev.sa_flags & SA_SIGINFO) && prev.sa_sigaction) {
    prev.sa_sigaction(sig, si, uc);
  } else if (prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN) {
    prev.sa_handler(sig);
  } else {
    // the retried read faults again and takes the default action
    ::signal(SIGBUS, SIG_DFL);
  }
}

inline void install_map_guard() {
  static std::once_flag once;
  std::call_once(once, [] {
    map_guard_page = uintptr_t(::sysconf(_SC_PAGESIZE));
    struct sigaction sa {};
    sa.sa_sigaction = map_guard_handler;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGBUS, &sa, &map_guard_previous);
  });
}

}  // namespace detail

class MappedFile {
 public:
  explicit MappedFile(const std::string& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw Error("cannot open '" + path + "': " + std::strerror(errno));
    if (::fstat(fd_, &st_) != 0) {
      const int e = errno;
      ::close(fd_);
      throw Error("cannot stat '" + path + "': " + std::strerror(e));
    }
    if (!S_ISREG(st_.st_mode)) {
      ::close(fd_);
      throw Error("'" + path + "' is not a regular file");
    }
    size_ = size_t(st_.st_size);
    if (size_ > 0) {
      detail::install_map_guard();
      slot_ = claim_slot();
      if (!slot_) {
        ::close(fd_);
        throw Error("cannot map '" + path + "': more than " + std::to_string(detail::kMapGuardSlots) +
                    " files are mapped at once");
      }
      void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd_, 0);
      if (p == MAP_FAILED) {
        const int e = errno;
        slot_->begin.store(0, std::memory_order_release);
        ::close(fd_);
        throw Error("cannot map '" + path + "': " + std::strerror(e));
      }
      data_ = static_cast<const uint8_t*>(p);
      slot_->fd = fd_;
      slot_->mapped = st_;
      const auto b = reinterpret_cast<uintptr_t>(p);
      slot_->end.store(b + size_, std::memory_order_release);
      slot_->begin.store(b, std::memory_order_release);
      // files are mapped to be read whole: fault the map in on all cores
      prefault(data_, size_, Prefault::kRead);
    }
  }
  ~MappedFile() {
    if (slot_) {
      slot_->begin.store(0, std::memory_order_release);
      slot_->end.store(0, std::memory_order_release);
    }
    if (data_) ::munmap(const_cast<uint8_t*>(data_), size_);
    if (fd_ >= 0) ::close(fd_);
  }
  MappedFile(MappedFile&& o) noexcept
      : path_(std::move(o.path_)),
        data_(std::exchange(o.data_, nullptr)),
        size_(std::exchange(o.size_, 0)),
        fd_(std::exchange(o.fd_, -1)),
        st_(o.st_),
        slot_(std::exchange(o.slot_, nullptr)) {}
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  MappedFile& operator=(MappedFile&&) = delete;

  std::span<const uint8_t> bytes() const { return {data_, size_}; }
  const std::string& path() const { return path_; }

  // Throws when the file was truncated, rewritten or grown since it was
  // mapped (a read hit a lost page, or its size or mtime differ): what was
  // read from it cannot be trusted.
  void check_unchanged() const {
    struct stat now {};
    const bool lost = slot_ && slot_->faulted.load(std::memory_order_acquire);
    if (::fstat(fd_, &now) != 0) throw Error("cannot stat '" + path_ + "': " + std::strerror(errno));
    const bool same = now.st_size == st_.st_size && now.st_mtim.tv_sec == st_.st_mtim.tv_sec &&
                      now.st_mtim.tv_nsec == st_.st_mtim.tv_nsec;
    if (lost || !same)
      throw Error("'" + path_ + "' changed while it was being read (" + std::to_string(st_.st_size) + " bytes, now " +
                  std::to_string(now.st_size) + (lost ? "; a read found part of it gone" : "") +
                  "): it was truncated or rewritten in place; write a new file and rename it over the old one");
  }

  // fn(bytes()), then check_unchanged(); when the file changed, that is the
  // error reported (a decode error it caused would only mislead).
  template <class Fn>
  auto parse(Fn&& fn) const -> decltype(fn(std::span<const uint8_t>{})) {
    try {
      auto out = fn(bytes());
      check_unchanged();
      return out;
    } catch (...) {
      check_unchanged();
      throw;
    }
  }

 private:
  static detail::MapGuardSlot* claim_slot() {
    for (auto& s : detail::map_guard_slots) {
      uintptr_t free = 0;
      if (s.begin.compare_exchange_strong(free, 1, std::memory_order_acq_rel)) {
        s.faulted.store(false, std::memory_order_release);
        s.changed.store(false, std::memory_order_release);
        s.next_stat_ns.store(0, std::memory_order_release);
        return &s;
      }
    }
    return nullptr;
  }

  std::string path_;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  int fd_ = -1;
  struct stat st_ {};
  detail::MapGuardSlot* slot_ = nullptr;
};

// Whether the file some mapped bytes came from changed since it was mapped
// (as MappedFile::check_unchanged finds it), cheap enough to ask every few
// points of a parse: every worker of a long load stops as soon as one
// change is seen, instead of decoding what can no longer be trusted. A read
// that found part of the file gone is seen at once; a size or mtime change
// within kStatIntervalNs (one fstat per interval, by whichever worker asks).
// Bytes of no mapped file (a copy in memory) never change. Must not outlive
// the MappedFile.
class SourceWatch {
 public:
  static constexpr int64_t kStatIntervalNs = 2'000'000;

  explicit SourceWatch(std::span<const uint8_t> bytes) {
    const auto p = reinterpret_cast<uintptr_t>(bytes.data());
    for (auto& s : detail::map_guard_slots) {
      const uintptr_t b = s.begin.load(std::memory_order_acquire);
      if (b > 1 && p >= b && p < s.end.load(std::memory_order_acquire)) {
        slot_ = &s;
        return;
      }
    }
  }

  bool changed() const {
    if (!slot_) return false;
    if (slot_->faulted.load(std::memory_order_acquire) || slot_->changed.load(std::memory_order_acquire)) return true;
    const int64_t now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                            std::chrono::steady_clock::now().time_since_epoch())
                            .count();
    int64_t due = slot_->next_stat_ns.load(std::memory_order_relaxed);
    if (now < due || !slot_->next_stat_ns.compare_exchange_strong(due, now + kStatIntervalNs)) return false;
    struct stat now_st {};
    if (::fstat(slot_->fd, &now_st) != 0) return false;  // check_unchanged names the error
    const auto& was = slot_->mapped;
    if (now_st.st_size == was.st_size && now_st.st_mtim.tv_sec == was.st_mtim.tv_sec &&
        now_st.st_mtim.tv_nsec == was.st_mtim.tv_nsec)
      return false;
    slot_->changed.store(true, std::memory_order_release);
    return true;
  }

 private:
  detail::MapGuardSlot* slot_ = nullptr;
};

// The whole file copied into memory on all cores (one thread copies fresh
// memory at the page-fault rate); a file changed while read is an error
// naming it.
inline std::vector<uint8_t> read_whole_file(const std::string& path) {
  const MappedFile m(path);
  return m.parse([](std::span<const uint8_t> b) { return parallel_copy(b); });
}

}  // namespace cuzk
