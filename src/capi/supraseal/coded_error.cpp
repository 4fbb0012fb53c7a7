#include "capi/supraseal/coded_error.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

#include "engine/key_cache.hpp"
#include "engine/memory_budget.hpp"

namespace cuzk::capi::supraseal {

int code_of(const std::exception& e) {
  if (const auto* c = dynamic_cast<const CodedError*>(&e)) return c->code();
  if (dynamic_cast<const engine::KeyNotFound*>(&e)) return ENOENT;
  if (dynamic_cast<const engine::BudgetExceeded*>(&e) || dynamic_cast<const engine::BudgetTimeout*>(&e) ||
      dynamic_cast<const std::bad_alloc*>(&e))
    return ENOMEM;
  if (dynamic_cast<const Cancelled*>(&e)) return ECANCELED;
  if (dynamic_cast<const VerificationFailed*>(&e)) return EPROTO;
  if (dynamic_cast<const CudaError*>(&e)) return EIO;
  if (dynamic_cast<const Error*>(&e)) return EINVAL;
  return EIO;
}

supraseal_error success() { return {0, nullptr}; }

supraseal_error failure(int code, const char* message) {
  // strdup: the caller frees it with free(), as sppark's Rust side does
  return {code, ::strdup(message && *message ? message : "error")};
}

}  // namespace cuzk::capi::supraseal
