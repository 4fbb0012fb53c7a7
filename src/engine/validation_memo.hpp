// The key files this user's cuzk has fully validated, remembered by content
// digest (engine/content_digest.hpp) in a private directory, so that a key
// loads again at memory speed: a file whose digest is remembered skips the
// checks that cost most (the subgroup membership of every query point, about
// 25 us a point on one core) and keeps the cheap ones. Only contents that
// passed every check are remembered, and only after the file was seen
// unchanged to the end of its load. The directory is used only when this user
// owns it and nobody else may write to it: whoever can write there can make
// cuzk skip those checks.
#pragma once
#include <cstdint>
#include <string>

#include "engine/content_digest.hpp"

namespace cuzk::engine {

class ValidationMemo {
 public:
  // dir: where the records live (created 0700 when missing); "" disables.
  explicit ValidationMemo(std::string dir);
  // The directory, when it can be trusted; otherwise "" (nothing is used).
  const std::string& dir() const { return dir_; }
  bool usable() const { return !dir_.empty(); }
  // kind names the file format and the checks it passed (e.g. "bellperson-params").
  bool knows(const ContentDigest& d, const std::string& kind) const;
  // Best effort: a record that cannot be written is simply not kept.
  void remember(const ContentDigest& d, const std::string& kind, uint64_t bytes) const;

 private:
  std::string path_of(const ContentDigest& d, const std::string& kind) const;
  std::string dir_;
};

// $CUZK_VALIDATED_KEYS (set and empty: off), else $CACHE_DIRECTORY/validated-keys
// (systemd's CacheDirectory=), else $XDG_CACHE_HOME or $HOME/.cache, under
// cuzk/validated-keys; "" when none is known.
std::string default_validation_memo_dir();

// The process's memo in the default directory.
const ValidationMemo& process_validation_memo();

}  // namespace cuzk::engine
