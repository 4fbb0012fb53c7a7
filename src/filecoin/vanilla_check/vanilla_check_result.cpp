#include "filecoin/vanilla_check/vanilla_check_result.hpp"

namespace cuzk::filecoin {

void require_accepted(const VanillaCheck& check, const std::string& what) {
  if (!check.ok) throw VanillaProofRefused(what + ": " + check.failure);
}

namespace vanilla_check_detail {

void NoteSet::add(const std::string& kind, std::string message) {
  for (auto& e : entries_)
    if (e.kind == kind) {
      ++e.count;
      return;
    }
  entries_.push_back({kind, std::move(message), 1});
}

void NoteSet::merge(const NoteSet& other) {
  for (const auto& o : other.entries_) {
    bool found = false;
    for (auto& e : entries_)
      if (e.kind == o.kind) {
        e.count += o.count;
        found = true;
        break;
      }
    if (!found) entries_.push_back(o);
  }
}

std::vector<std::string> NoteSet::lines() const {
  std::vector<std::string> out;
  for (const auto& e : entries_)
    out.push_back(e.count == 1 ? e.first : e.first + " (and " + std::to_string(e.count - 1) + " more like it)");
  return out;
}

}  // namespace vanilla_check_detail

}  // namespace cuzk::filecoin
