#include "service/socket_owner.hpp"

#include <fcntl.h>
#include <grp.h>
#include <sys/stat.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

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
  const UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
  return fd && ::connect(fd.get(), reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0;
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
  // Curio's default, /run/curio/cuzk.sock, is in a folder nothing else makes
  const fs::path folder = fs::path(path_).parent_path();
  if (!folder.empty() && !fs::exists(folder, ec) && !fs::create_directories(folder, ec) && ec)
    throw Error("listen: cannot create the unix socket's folder '" + folder.string() + "': " + ec.message() +
                "; create it (systemd: RuntimeDirectory=) or listen on another path");
  // a throw below closes the lock file (and with it the lock) as lock_fd_ goes
  lock_fd_.reset(::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600));
  if (!lock_fd_)
    throw Error("listen: cannot open lock file '" + lock_path_ + "' for socket '" + path_ + "': " + std::strerror(errno));
  if (::flock(lock_fd_.get(), LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    const std::string owner = read_owner(lock_fd_.get());
    if (err == EWOULDBLOCK)
      throw Error("listen: unix socket '" + path_ + "' belongs to another running daemon (pid " + owner +
                  ", holding '" + lock_path_ + "'); stop it first or listen on another path");
    throw Error("listen: cannot lock '" + lock_path_ + "': " + std::strerror(err));
  }
  const auto st = fs::symlink_status(path_, ec);
  if (!ec && fs::exists(st)) {
    if (!fs::is_socket(st)) throw Error("listen: '" + path_ + "' exists and is not a socket");
    // a daemon that takes no lock (an older one) may still be serving here
    if (accepting(path_))
      throw Error("listen: unix socket '" + path_ + "' is in use: a process accepts connections on it; stop it "
                  "first or listen on another path");
    fs::remove(path_, ec);  // stale: its process is gone
  }
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(lock_fd_.get(), 0) != 0 || ::pwrite(lock_fd_.get(), pid.data(), pid.size(), 0) != ssize_t(pid.size())) {
    // the lock is what counts; the pid in it only helps the message above
  }
}

gid_t socket_group_id(const std::string& group) {
  if (group.empty()) return gid_t(-1);
  if (group.find_first_not_of("0123456789") == std::string::npos && group.size() < 10) return gid_t(std::stoul(group));
  struct ::group entry{};
  struct ::group* found = nullptr;
  std::vector<char> buf(16384);
  int rc;
  while ((rc = ::getgrnam_r(group.c_str(), &entry, buf.data(), buf.size(), &found)) == ERANGE && buf.size() < (1u << 24))
    buf.resize(buf.size() * 2);
  if (rc != 0 || !found)
    throw Error("[daemon] socket_group = \"" + group + "\": no such group on this host (`getent group " + group +
                "` finds none); create it (groupadd " + group + ") or name an existing group or gid");
  return found->gr_gid;
}

void SocketOwner::set_access(unsigned mode, gid_t gid, const std::string& group) const {
  if (gid != gid_t(-1) && ::chown(path_.c_str(), uid_t(-1), gid) != 0)
    throw Error("listen: cannot give unix socket '" + path_ + "' to group '" + group + "' ([daemon] socket_group): " +
                std::strerror(errno) + "; run the daemon as a member of that group (or as root), or unset socket_group");
  if (::chmod(path_.c_str(), mode_t(mode & 0777)) != 0) {
    char octal[8];
    std::snprintf(octal, sizeof octal, "%04o", mode & 0777);
    throw Error("listen: cannot set mode " + std::string(octal) + " on unix socket '" + path_ + "': " +
                std::strerror(errno));
  }
}

SocketOwner::~SocketOwner() {
  std::error_code ec;
  fs::remove(path_, ec);
  // lock_fd_ closes after this, releasing the lock. The lock file stays:
  // removing it would let two processes hold locks on two different files
  // of the same name
}

}  // namespace cuzk::service
