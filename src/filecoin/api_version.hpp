// The proofs API version a sector was sealed or is proved under
// (storage-proofs-core api_version.rs): it selects the DRG parent algorithm,
// the PoSt challenge indexing and which features a proof may use.
#pragma once
#include <string>

namespace cuzk::filecoin {

enum class ApiVersion { kV1_0_0, kV1_1_0, kV1_2_0 };

inline const char* api_version_name(ApiVersion v) {
  switch (v) {
    case ApiVersion::kV1_0_0: return "1.0.0";
    case ApiVersion::kV1_1_0: return "1.1.0";
    case ApiVersion::kV1_2_0: return "1.2.0";
  }
  return "?";
}

}  // namespace cuzk::filecoin
