// How the C entry points report: a message copied into the caller's buffer
// (truncated, always NUL-terminated), and every exception turned into a code
// so that none crosses the C boundary.
#pragma once
#include <cstdio>
#include <exception>
#include <new>
#include <string>

namespace cuzk::capi {

inline void set_error(char* msg, unsigned long long max, const char* what) noexcept {
  if (msg && max) std::snprintf(msg, size_t(max), "%s", what);
}

// fn() (returning the code), with exceptions mapped to `error_code`.
template <class Fn>
int guarded(char* msg, unsigned long long max, int error_code, Fn&& fn) noexcept {
  try {
    return fn();
  } catch (const std::bad_alloc&) {
    set_error(msg, max, "out of memory");
  } catch (const std::exception& e) {
    set_error(msg, max, e.what());
  } catch (...) {
    set_error(msg, max, "unknown error");
  }
  return error_code;
}

}  // namespace cuzk::capi
