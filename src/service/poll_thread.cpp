#include "service/poll_thread.hpp"

#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "core/error.hpp"
#include "service/log.hpp"

namespace cuzk::service {

PollThread::PollThread(std::string what) : what_(std::move(what)), wake_fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
  if (!wake_fd_) throw Error(what_ + ": eventfd: " + std::strerror(errno));
}

PollThread::~PollThread() {
  stop_ = true;
  wake();
  if (thread_.joinable()) thread_.join();
}

void PollThread::start(std::function<void()> loop) { thread_ = std::thread(std::move(loop)); }

void PollThread::wake() {
  const uint64_t one = 1;
  if (::write(wake_fd_.get(), &one, sizeof one) < 0) {
    // the counter is non-zero already; a stop is also seen at the next timeout
  }
}

bool PollThread::wait(std::vector<pollfd>& fds, std::chrono::milliseconds timeout) {
  if (stop_) return false;
  // the wake slot goes last so that the caller's indices stay its own
  fds.push_back({wake_fd_.get(), POLLIN, 0});
  const int rc = ::poll(fds.data(), fds.size(), int(std::max<int64_t>(timeout.count(), 0)));
  const int err = errno;
  const bool woken = rc > 0 && fds.back().revents;
  fds.pop_back();
  if (rc < 0) {
    for (auto& f : fds) f.revents = 0;
    if (err != EINTR) {
      spdlog::error("{}: poll: {}", what_, std::strerror(err));
      return false;
    }
  }
  if (woken) {
    uint64_t n;
    if (::read(wake_fd_.get(), &n, sizeof n) < 0) {
      // drained already
    }
  }
  return !stop_;
}

}  // namespace cuzk::service
