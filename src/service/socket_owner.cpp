#include "service/socket_owner.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace cuzk::service {

namespace fs = std::filesystem;

namespace {

// Whether a process accepts connections on the unix socket at `path` now.
bool accepting(const std::string& path) {
  sockaddr_un addr{};
  if (path.size() >= sizeof(addr.sun_path)) return false;
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  const bool ok = ::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0;
  ::close(fd);
  return ok;
}

std::string read_owner(int fd) {
  char buf[32] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string s = n > 0 ? std::string(buf, size_t(n)) : "";
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s.empty() ? "unknown" : s;
}

}  // namespace

SocketOwner::SocketOwner(const std::string& socket_path) : path_(socket_path), lock_path_(socket_path + ".lock") {
  std::error_code ec;
  fs::create_directories(fs::path(path_).parent_path(), ec);
  lock_fd_ = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lock_fd_ < 0)
    throw Error("listen: cannot open lock file '" + lock_path_ + "' for socket '" + path_ + "': " + std::strerror(errno));
  if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    const std::string owner = read_owner(lock_fd_);
    ::close(lock_fd_);
    lock_fd_ = -1;
    if (err == EWOULDBLOCK)
      throw Error("listen: unix socket '" + path_ + "' belongs to another running daemon (pid " + owner +
                  ", holding '" + lock_path_ + "'); stop it first or listen on another path");
    throw Error("listen: cannot lock '" + lock_path_ + "': " + std::strerror(err));
  }
  auto release = [&] {
    ::close(lock_fd_);
    lock_fd_ = -1;
  };
  const auto st = fs::symlink_status(path_, ec);
  if (!ec && fs::exists(st)) {
    if (!fs::is_socket(st)) {
      release();
      throw Error("listen: '" + path_ + "' exists and is not a socket");
    }
    // a daemon that takes no lock (an older one) may still be serving here
    if (accepting(path_)) {
      release();
      throw Error("listen: unix socket '" + path_ + "' is in use: a process accepts connections on it; stop it "
                  "first or listen on another path");
    }
    fs::remove(path_, ec);  // stale: its process is gone
  }
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(lock_fd_, 0) != 0 || ::pwrite(lock_fd_, pid.data(), pid.size(), 0) != ssize_t(pid.size())) {
    // the lock is what counts; the pid in it only helps the message above
  }
}

SocketOwner::~SocketOwner() {
  if (lock_fd_ < 0) return;
  std::error_code ec;
  fs::remove(path_, ec);
  // the lock file stays: removing it would let two processes hold locks on
  // two different files of the same name
  ::close(lock_fd_);
}

}  // namespace cuzk::service
