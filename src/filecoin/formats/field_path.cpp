#include "filecoin/formats/field_path.hpp"

namespace cuzk::filecoin {

std::string FieldPath::str() const {
  std::string s;
  for (const auto& seg : segments_) {
    if (seg.name.empty()) {
      s += '[';
      s += std::to_string(seg.index);
      s += ']';
    } else {
      if (!s.empty()) s += '.';
      s += seg.name;
    }
  }
  return s;
}

}  // namespace cuzk::filecoin
