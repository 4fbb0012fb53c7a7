// The message of the cuzk::Error that f throws, or "(no error)": for tests
// that check what an error says.
#pragma once
#include <functional>
#include <string>

#include "core/error.hpp"

namespace cuzk::testing_support {

inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace cuzk::testing_support
