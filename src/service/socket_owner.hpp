// One daemon per unix socket path: the socket's owner holds an exclusive
// flock on "<socket>.lock" for its whole life. A path whose lock is held, or
// whose socket still accepts connections, belongs to a live daemon and is
// never touched; a socket left by a dead process (lock free, nobody
// listening) is removed so that the new owner can bind it.
#pragma once
#include <sys/types.h>

#include <string>

#include "core/unique_fd.hpp"

namespace cuzk::service {

class SocketOwner {
 public:
  // Takes the lock and clears a stale socket; throws Error naming the socket,
  // the lock file and the owner's pid when another process owns the path.
  explicit SocketOwner(const std::string& socket_path);
  ~SocketOwner();  // removes the socket it owned, then releases the lock
  SocketOwner(const SocketOwner&) = delete;
  SocketOwner& operator=(const SocketOwner&) = delete;
  const std::string& path() const { return path_; }
  // Gives the bound socket `gid` (unless -1) and then `mode`; bind it with a
  // mode no wider than 0600 so that it never has a wider one. Throws Error
  // naming the fix when the daemon may not do it.
  void set_access(unsigned mode, gid_t gid, const std::string& group) const;

 private:
  std::string path_, lock_path_;
  UniqueFd lock_fd_;
};

// [daemon] socket_group as a gid: a group name or a number; "" is -1 (the
// daemon's own group). Throws Error naming the key when there is no such group.
gid_t socket_group_id(const std::string& group);

}  // namespace cuzk::service
