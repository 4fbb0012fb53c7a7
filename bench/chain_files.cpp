// chain_files K PREFIX: writes PREFIX.r1cs and PREFIX.wtns, a circom-format
// bn128 squaring chain of 2^K - 2 constraints (x*x = t1, t1*t1 = t2, ...,
// t*t = out) with one public output and one private input (x = 3), so that
// with snarkjs's nPublic + 1 extra rows the QAP domain is exactly 2^K. It
// stands in for circom and node where provers are compared (one-shot
// benchmarks); the files are written at disk speed, in large blocks.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "ff/field_io.hpp"
#include "ff/fields.hpp"
#include "formats/snarkjs/binfile.hpp"
#include "formats/snarkjs/wtns.hpp"

namespace {

using F = cuzk::ff::Bn254_Fr;
namespace sj = cuzk::formats::snarkjs;

constexpr int kTermBytes = 4 + F::kBytes;  // wire id, coefficient
constexpr int kConstraintBytes = 3 * (4 + kTermBytes);  // A, B, C of one term each

// Wires as circom orders them: ONE, the output, the input, then t1..t(n-1).
struct Chain {
  uint32_t n_constraints;
  uint32_t n_wires() const { return n_constraints + 2; }
  static constexpr uint32_t kOut = 1, kX = 2;
  uint32_t input_of(uint32_t i) const { return i == 0 ? kX : 2 + i; }  // the wire squared by constraint i
  uint32_t output_of(uint32_t i) const { return i + 1 == n_constraints ? kOut : 3 + i; }
};

void put_u32(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i));
}

// One linear combination holding the single term 1 * wire.
uint8_t* put_lc(uint8_t* p, uint32_t wire) {
  put_u32(p, 1);
  put_u32(p + 4, wire);
  std::memset(p + 8, 0, F::kBytes);
  p[8] = 1;
  return p + 4 + kTermBytes;
}

void write_prime(sj::BinFileWriter& out) {
  uint8_t b[F::kBytes];
  const auto p = F::Params::modulus();
  for (int i = 0; i < F::kBytes; ++i) b[i] = uint8_t(p.v[i / 8] >> (8 * (i % 8)));
  out.bytes(b, sizeof b);
}

void write_r1cs(const Chain& c, const std::string& path) {
  sj::BinFileWriter out(path, "r1cs", 1, 3);
  out.begin_section(1);
  out.u32(F::kBytes);
  write_prime(out);
  out.u32(c.n_wires());
  out.u32(1);  // outputs
  out.u32(0);  // public inputs
  out.u32(1);  // private inputs
  out.u64(c.n_wires());  // labels
  out.u32(c.n_constraints);
  out.end_section();

  out.begin_section(2);
  constexpr uint32_t kBlock = 1 << 16;
  std::vector<uint8_t> buf(size_t(kBlock) * kConstraintBytes);
  for (uint32_t first = 0; first < c.n_constraints; first += kBlock) {
    const uint32_t last = std::min(c.n_constraints, first + kBlock);
    uint8_t* p = buf.data();
    for (uint32_t i = first; i < last; ++i) {
      p = put_lc(p, c.input_of(i));
      p = put_lc(p, c.input_of(i));
      p = put_lc(p, c.output_of(i));
    }
    out.bytes(buf.data(), size_t(p - buf.data()));
  }
  out.end_section();

  out.begin_section(3);  // wire i is label i
  std::vector<uint8_t> labels(size_t(c.n_wires()) * 8);
  for (uint32_t i = 0; i < c.n_wires(); ++i)
    for (int k = 0; k < 8; ++k) labels[size_t(i) * 8 + k] = uint8_t(uint64_t(i) >> (8 * k));
  out.bytes(labels);
  out.end_section();
  out.close();
}

std::vector<F> witness(const Chain& c, uint64_t x) {
  std::vector<F> w(c.n_wires());
  w[0] = F::one();
  w[Chain::kX] = F::from_u64(x);
  for (uint32_t i = 0; i < c.n_constraints; ++i) {
    const F& v = w[c.input_of(i)];
    w[c.output_of(i)] = v * v;
  }
  return w;
}

int usage() {
  std::fprintf(stderr,
               "usage: chain_files K PREFIX\n"
               "  writes PREFIX.r1cs and PREFIX.wtns: a bn128 squaring chain of 2^K - 2 constraints, 3 <= K <= 28\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return usage();
  int k = 0;
  try {
    size_t used = 0;
    k = std::stoi(argv[1], &used);
    if (used != std::strlen(argv[1])) k = 0;
  } catch (const std::exception&) {
  }
  if (k < 3 || k > 28) {
    std::fprintf(stderr, "chain_files: K = '%s' is not an integer from 3 to 28\n", argv[1]);
    return usage();
  }
  const std::string prefix = argv[2];
  try {
    const Chain c{uint32_t((uint64_t(1) << k) - 2)};
    write_r1cs(c, prefix + ".r1cs");
    sj::write_wtns(witness(c, 3), prefix + ".wtns");
    std::printf("chain_files: %u constraints, %u wires: %s.r1cs, %s.wtns\n", c.n_constraints, c.n_wires(),
                prefix.c_str(), prefix.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "chain_files: %s\n", e.what());
    return 1;
  }
}
