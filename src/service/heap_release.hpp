// Gives the heap's free pages back to the OS (malloc_trim) soon after large
// requests were refused: glibc keeps what gRPC and protobuf freed in its
// arenas, so a refused flood would otherwise stay resident while the daemon
// idles. A burst of pokes costs one trim once it has gone quiet, and one more
// kSettle later (connections and threads let go of their buffers after their
// last answer); trims are at least kMinGap apart.
#pragma once
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace cuzk::service {

class HeapRelease {
 public:
  static constexpr auto kQuiet = std::chrono::milliseconds(100);
  static constexpr auto kMinGap = std::chrono::milliseconds(500);
  static constexpr auto kSettle = std::chrono::seconds(1);

  HeapRelease();
  ~HeapRelease();
  HeapRelease(const HeapRelease&) = delete;
  HeapRelease& operator=(const HeapRelease&) = delete;

  // Asks for a trim once things have been quiet for kQuiet; never blocks.
  void poke();

 private:
  using Clock = std::chrono::steady_clock;
  void run(std::stop_token stop);

  std::mutex mu_;
  std::condition_variable_any cv_;
  bool pending_ = false;    // a poke since the last trim
  bool settling_ = false;   // the follow-up trim is due at last_trim_ + kSettle
  Clock::time_point last_poke_{}, last_trim_{};
  std::jthread thread_;  // last: it starts once the members above exist
};

}  // namespace cuzk::service
