// A thread that waits on descriptors with poll(2) until it is stopped: an
// eventfd ends a wait early (wake()), and the destructor stops and joins it.
#pragma once
#include <poll.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "core/unique_fd.hpp"

namespace cuzk::service {

class PollThread {
 public:
  // `what` prefixes its errors and logs. Throws Error when no eventfd can be made.
  explicit PollThread(std::string what);
  ~PollThread();  // stops the loop and joins the thread
  PollThread(const PollThread&) = delete;
  PollThread& operator=(const PollThread&) = delete;

  // Runs `loop` on the thread, once; the loop calls wait() until it is false.
  void start(std::function<void()> loop);
  // Ends the current wait() early (a stop, or new work for the loop).
  void wake();
  // Waits up to `timeout` for the events asked in `fds` or a wake(); false once
  // the thread is being stopped, or when poll fails (logged).
  bool wait(std::vector<pollfd>& fds, std::chrono::milliseconds timeout);

 private:
  std::string what_;
  UniqueFd wake_fd_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace cuzk::service
