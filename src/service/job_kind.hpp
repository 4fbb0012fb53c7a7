// The kinds of job the daemon takes, with the names Curio's daemon gives
// them: in queue status ("porep-c2") and as metric labels ("porep_c2").
#pragma once
#include <optional>
#include <string_view>

#include "engine/scheduler.hpp"

namespace cuzk::service {

enum class JobKind { kPoRep, kSnapDeals, kWindowPoSt, kWinningPoSt, kSnarkjs, kBuiltin };

inline constexpr JobKind kAllJobKinds[] = {JobKind::kPoRep,       JobKind::kSnapDeals, JobKind::kWindowPoSt,
                                           JobKind::kWinningPoSt, JobKind::kSnarkjs,   JobKind::kBuiltin};

inline const char* job_kind_name(JobKind k) {
  switch (k) {
    case JobKind::kPoRep: return "porep-c2";
    case JobKind::kSnapDeals: return "snap-update";
    case JobKind::kWindowPoSt: return "window-post";
    case JobKind::kWinningPoSt: return "winning-post";
    case JobKind::kSnarkjs: return "snarkjs";
    case JobKind::kBuiltin: return "builtin";
  }
  return "?";
}

inline const char* job_kind_label(JobKind k) {
  switch (k) {
    case JobKind::kPoRep: return "porep_c2";
    case JobKind::kSnapDeals: return "snap_update";
    case JobKind::kWindowPoSt: return "window_post";
    case JobKind::kWinningPoSt: return "winning_post";
    case JobKind::kSnarkjs: return "snarkjs";
    case JobKind::kBuiltin: return "builtin";
  }
  return "?";
}

inline bool is_filecoin(JobKind k) { return k <= JobKind::kWinningPoSt; }

// The priority a request without one gets (Curio's defaults).
inline engine::Priority default_priority(JobKind k) {
  switch (k) {
    case JobKind::kWinningPoSt: return engine::Priority::kCritical;
    case JobKind::kWindowPoSt: return engine::Priority::kHigh;
    default: return engine::Priority::kNormal;
  }
}

}  // namespace cuzk::service
