// The SRS functions both libraries export (supraseal_c2_types.h).
#include "capi/export.hpp"
#include "capi/supraseal/coded_error.hpp"
#include "capi/supraseal/srs.hpp"

using namespace cuzk::capi::supraseal;

namespace {

const SrsRef* ref_of(const supraseal_srs* h) { return h ? static_cast<const SrsRef*>(h->ptr) : nullptr; }

}  // namespace

CUZK_EXPORT supraseal_error create_SRS(supraseal_srs* ret, const char* srs_path, bool cache) {
  return guarded([&] {
    if (!ret) throw CodedError(EINVAL, "create_SRS: ret is NULL");
    if (!srs_path) throw CodedError(EINVAL, "create_SRS: srs_path is NULL");
    ret->ptr = new_handle(load_srs(srs_path, cache));
  });
}

CUZK_EXPORT void evict_SRS(const supraseal_srs* ref) {
  try {
    if (const SrsRef* r = ref_of(ref)) evict_cached((*r)->path);
  } catch (...) {
    // nothing to report through a void function; the list is unchanged
  }
}

CUZK_EXPORT void drop_SRS(supraseal_srs* ref) {
  if (!ref || !ref->ptr) return;
  delete_handle(static_cast<SrsRef*>(ref->ptr));
  ref->ptr = nullptr;
}

CUZK_EXPORT supraseal_srs clone_SRS(const supraseal_srs* rhs) {
  const SrsRef* r = ref_of(rhs);
  if (!r) return {nullptr};
  try {
    return {new_handle(*r)};
  } catch (...) {
    return {nullptr};
  }
}
