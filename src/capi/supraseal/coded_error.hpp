// How failures cross the supraseal ABI: a CodedError carries its errno code
// (supraseal_c2_types.h lists them); guarded() runs an entry point's body and
// turns whatever it throws into a supraseal_error with a malloc'ed message.
#pragma once
#include <string>

#include "capi/supraseal/supraseal_c2_types.h"
#include "core/error.hpp"

namespace cuzk::capi::supraseal {

class CodedError : public Error {
 public:
  CodedError(int code, const std::string& what) : Error(what), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

// The code for an exception from the layers below (CodedError's own, else by its type).
int code_of(const std::exception& e);

// {0, NULL}, or {code, strdup(message)}.
supraseal_error success();
supraseal_error failure(int code, const char* message);

template <class Body>
supraseal_error guarded(Body&& body) noexcept {
  try {
    body();
    return success();
  } catch (const std::exception& e) {
    return failure(code_of(e), e.what());
  } catch (...) {
    return failure(EIO, "unknown error");
  }
}

}  // namespace cuzk::capi::supraseal
