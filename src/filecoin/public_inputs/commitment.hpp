// A 32-byte commitment or seed taken as a public input: the field element
// whose little-endian representation it is, refused (cuzk::DecodeError naming
// it) when not below the modulus, as rust-fil-proofs' as_safe_commitment /
// try_from_bytes do; an all-zero commitment is refused where rust-fil-proofs
// refuses it (verify_seal, get_sector_update_inputs).
#pragma once
#include <string>

#include "core/error.hpp"
#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

inline Fr safe_commitment(const Domain& d, const std::string& what) {
  return fr_of(d, what.c_str());
}

inline Fr nonzero_commitment(const Domain& d, const std::string& what) {
  if (d == Domain{}) throw DecodeError(what + ": all-zero commitment");
  return safe_commitment(d, what);
}

}  // namespace cuzk::filecoin
