// Writes what supraseal_api_test.c proves from: a development bellperson key
// (key.params) for the built-in Poseidon Merkle circuit, and for each of
// `count` witnesses (seeds 1..count) the circuit synthesized by cuzk's
// ProvingAssignment as raw data (circuit_<k>.bin) with its public inputs
// (public_<k>.json, for `cuzk verify`). The C test builds bellperson's
// supraseal Assignment from the raw data itself: density words, the input
// constraints, the randomness.
//
// circuit_<k>.bin, little-endian: u64 inputs (ONE included), aux,
// constraints (the circuit's own); then 32-byte Montgomery scalars: inputs,
// aux, a, b, c (c = a * b: the assignment satisfies the circuit); then one
// byte (0/1) per variable: A's aux density, B's input density, B's aux density.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "circuits/builtin.hpp"
#include "ff/field_io.hpp"
#include "formats/bellperson_params.hpp"
#include "formats/public_inputs_json.hpp"
#include "groth16/setup.hpp"

using namespace cuzk;
using Fr = circuits::Fr;
using E = groth16::Bls12_381;

namespace {

circuits::CircuitOptions options(uint64_t seed) {
  circuits::CircuitOptions o;
  o.name = "merkle";
  o.height = 2;
  o.challenges = 1;
  o.seed = seed;
  return o;
}

void write_circuit(const std::string& dir, uint64_t k) {
  const auto c = circuits::make_builtin_circuit(options(k));
  r1cs::ShapeCounter<Fr> counter;
  c->synthesize(counter);
  r1cs::OwnedAssignmentBuffers<Fr> buf(counter.shape());
  r1cs::ProvingAssignment<Fr> pa(buf.view());
  c->synthesize(pa);
  pa.finish();
  if (pa.first_unsatisfied()) throw Error("fixture: the circuit's witness breaks a constraint");
  const auto& s = pa.shape();
  std::ofstream out(dir + "/circuit_" + std::to_string(k) + ".bin", std::ios::binary);
  const uint64_t head[3] = {s.num_inputs, s.num_aux, s.num_constraints};
  out.write(reinterpret_cast<const char*>(head), sizeof head);
  const auto put = [&](std::span<const Fr> xs) {
    for (const Fr& x : xs) {
      uint8_t b[32];
      ff::to_montgomery_bytes_le(x, b);
      out.write(reinterpret_cast<const char*>(b), sizeof b);
    }
  };
  put(pa.inputs());
  put(pa.aux());
  put(pa.a().first(s.num_constraints));
  put(pa.b().first(s.num_constraints));
  std::vector<Fr> cv(s.num_constraints);
  for (size_t i = 0; i < cv.size(); ++i) cv[i] = pa.a()[i] * pa.b()[i];
  put(cv);
  const auto bits = [&](const r1cs::Density& d) {
    for (size_t i = 0; i < d.size(); ++i) out.put(char(d.get(i)));
  };
  bits(pa.a_aux_density());
  bits(pa.b_input_density());
  bits(pa.b_aux_density());
  if (!out) throw Error("fixture: cannot write circuit " + std::to_string(k) + " into " + dir);
  formats::write_text_file(dir + "/public_" + std::to_string(k) + ".json",
                           formats::public_inputs_to_json(c->public_inputs()));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: supraseal_fixture DIR COUNT\n";
    return 2;
  }
  try {
    const std::string dir = argv[1];
    const int count = std::stoi(argv[2]);
    const auto c = circuits::make_builtin_circuit(options(1));
    r1cs::KeypairAssembly<Fr> ka;
    c->synthesize(ka);
    ka.finish();
    formats::bellperson::write_params(groth16::generate_parameters<E>(ka, groth16::ToxicWaste<E>::random()),
                                      dir + "/key.params");
    for (int k = 1; k <= count; ++k) write_circuit(dir, uint64_t(k));
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "supraseal_fixture: " << e.what() << "\n";
    return 1;
  }
}
