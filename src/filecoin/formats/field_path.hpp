// The position of a reader inside a nested document, as field names and
// sequence indices ("vanilla_proofs.StackedDrg32GiBV1[3][17].encoding_proof"),
// so that a DecodeError names the field at fault. Names are not copied: they
// must outlive the scope that pushed them (string literals do).
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::filecoin {

class FieldPath {
 public:
  void push(std::string_view name) { segments_.push_back({name, 0}); }
  void push_index(size_t index) { segments_.push_back({{}, index}); }
  void pop() { segments_.pop_back(); }
  bool empty() const { return segments_.empty(); }
  std::string str() const;

 private:
  struct Segment {
    std::string_view name;  // empty for an index
    size_t index;
  };
  std::vector<Segment> segments_;
};

// Pushes a field name or an index for the lifetime of the scope.
class PathScope {
 public:
  PathScope(FieldPath& path, std::string_view name) : path_(path) { path_.push(name); }
  PathScope(FieldPath& path, size_t index) : path_(path) { path_.push_index(index); }
  ~PathScope() { path_.pop(); }
  PathScope(const PathScope&) = delete;
  PathScope& operator=(const PathScope&) = delete;

 private:
  FieldPath& path_;
};

}  // namespace cuzk::filecoin
