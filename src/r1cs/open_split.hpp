// The state of one split of a constraint system into concurrent pieces
// (SplitSystem): how many pieces of which shape, and the checks every join()
// runs before the pieces' work counts as synthesized.
#pragma once
#include <span>
#include <string>

#include "core/error.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

class OpenSplit {
 public:
  bool open() const { return open_; }
  const CircuitShape& each() const { return each_; }

  void begin(size_t count, const CircuitShape& each, const char* system) {
    if (open_) throw Error(std::string(system) + ": split() while split");
    open_ = true;
    count_ = count;
    each_ = each;
  }
  // Every piece filled the shape it was split with; the split is over.
  template <class Piece>
  void end(std::span<const Piece> pieces, const char* system) {
    if (!open_) throw Error(std::string(system) + ": join() without split()");
    if (pieces.size() != count_)
      throw Error(std::string(system) + ": join() of " + std::to_string(pieces.size()) + " pieces, " +
                  std::to_string(count_) + " split");
    for (size_t i = 0; i < pieces.size(); ++i)
      if (pieces[i].filled() != each_)
        throw Error(std::string(system) + ": piece " + std::to_string(i) + " did not fill the shape it was split with");
    open_ = false;
  }
  // What `count` pieces of the shape add to a system's counts.
  CircuitShape total(size_t count) const {
    return {count * each_.num_inputs, count * each_.num_aux, count * each_.num_constraints};
  }

 private:
  bool open_ = false;
  size_t count_ = 0;
  CircuitShape each_;
};

}  // namespace cuzk::r1cs
