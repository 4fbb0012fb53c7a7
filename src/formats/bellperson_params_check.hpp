// What a bellperson parameters file must hold for a circuit (from one
// counting synthesis, or its recorded matrices), and which sections of a real file differ: the check
// to run before trusting a .params/.vk file with a circuit, since a file for
// another circuit fails only later, as a proof that does not verify.
#pragma once
#include <bit>
#include <string>
#include <vector>

#include "formats/bellperson_params_header.hpp"
#include "r1cs/constraint_matrices.hpp"
#include "r1cs/density_counter.hpp"

namespace cuzk::formats::bellperson {

template <class F>
ParamsCounts expected_params_counts(const r1cs::DensityCounter<F>& dc) {
  const auto s = dc.shape();
  const size_t domain = std::bit_ceil(s.abc_length());
  ParamsCounts c;
  c.ic = s.num_inputs;
  c.h = domain - 1;
  c.l = s.num_aux;
  c.a = dc.a_points();
  c.b_g1 = dc.b_points();
  c.b_g2 = dc.b_points();
  return c;
}

template <class F>
ParamsCounts expected_params_counts(const r1cs::ConstraintMatrices<F>& m) {
  ParamsCounts c;
  c.ic = m.shape.num_inputs;
  c.h = std::bit_ceil(m.shape.abc_length()) - 1;
  c.l = m.shape.num_aux;
  c.a = m.shape.num_inputs + m.a_aux.count();
  c.b_g1 = c.b_g2 = m.b_input.count() + m.b_aux.count();
  return c;
}

// One line per section whose count differs ("h: the file has 63 points, the
// circuit needs 127"); empty when the file fits. A .vk file is compared on
// ic alone.
inline std::vector<std::string> params_mismatches(const ParamsCounts& file, const ParamsCounts& circuit) {
  std::vector<std::string> out;
  const auto check = [&](const char* name, size_t have, size_t need, const char* why) {
    if (have != need)
      out.push_back(std::string(name) + ": the file has " + std::to_string(have) + " points, the circuit needs " +
                    std::to_string(need) + " (" + why + ")");
  };
  check("ic", file.ic, circuit.ic, "one per public input, ONE included");
  if (!file.h) return out;
  check("h", *file.h, *circuit.h, "the NTT domain minus one");
  check("l", *file.l, *circuit.l, "one per private variable");
  check("a", *file.a, *circuit.a, "the inputs and the private variables A uses");
  check("b_g1", *file.b_g1, *circuit.b_g1, "the variables B uses");
  check("b_g2", *file.b_g2, *circuit.b_g2, "the variables B uses");
  return out;
}

}  // namespace cuzk::formats::bellperson
