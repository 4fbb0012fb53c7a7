// The size of a circuit's assignment: known after one synthesis, used to size
// buffers (pinned pool) for every later one.
#pragma once
#include <cstddef>

namespace cuzk::r1cs {

struct CircuitShape {
  size_t num_inputs = 0;       // including the constant ONE
  size_t num_aux = 0;
  size_t num_constraints = 0;  // excluding the per-input constraints the prover appends
  // a/b/c have one entry per constraint plus one per input (input_i * 0 = 0)
  size_t abc_length() const { return num_constraints + num_inputs; }
  bool operator==(const CircuitShape&) const = default;
};

}  // namespace cuzk::r1cs
