// circom .r1cs files (version 1): section 1 header (n8, prime, nWires,
// nOutputs, nPubInputs, nPrvInputs, nLabels u64, nConstraints), section 2 the
// constraints, each three linear combinations A, B, C as (u32 count, then
// count x (u32 wire, n8-byte canonical coefficient)). Wire 0 is ONE; public
// signals (outputs, then public inputs) follow it. Custom gates are refused.
#pragma once
#include <string>

#include "core/mapped_file.hpp"
#include "ff/field_io.hpp"
#include "formats/snarkjs/binfile.hpp"
#include "formats/snarkjs/curve_id.hpp"
#include "groth16/sparse_rows.hpp"

namespace cuzk::formats::snarkjs {

struct R1csHeader {
  std::optional<Curve> curve;
  uint32_t n8;
  uint32_t n_wires, n_outputs, n_pub_inputs, n_prv_inputs;
  uint64_t n_labels;
  uint32_t n_constraints;
  uint32_t n_public() const { return n_outputs + n_pub_inputs; }
};

template <class F>
struct R1csFile {
  R1csHeader header;
  groth16::SparseRows<F> a, b, c;  // n_constraints rows over n_wires columns
};

inline R1csHeader read_r1cs_header(const BinFile& f) {
  auto r = f.reader(1, "r1cs header");
  R1csHeader h{};
  h.n8 = r.u32_le("n8");
  if (h.n8 == 0 || h.n8 > 64 || h.n8 % 8) r.fail("n8 = " + std::to_string(h.n8) + " is not a field width");
  h.curve = curve_from_prime('r', h.n8, r.take(h.n8, "prime"));
  h.n_wires = r.u32_le("nWires");
  h.n_outputs = r.u32_le("nOutputs");
  h.n_pub_inputs = r.u32_le("nPubInputs");
  h.n_prv_inputs = r.u32_le("nPrvInputs");
  h.n_labels = r.u64_le("nLabels");
  h.n_constraints = r.u32_le("nConstraints");
  r.expect_end();
  if (h.n_wires == 0 || uint64_t(h.n_outputs) + h.n_pub_inputs + h.n_prv_inputs + 1 > h.n_wires)
    r.fail("the " + std::to_string(uint64_t(h.n_outputs) + h.n_pub_inputs + h.n_prv_inputs) +
           " outputs and inputs plus ONE do not fit in nWires = " + std::to_string(h.n_wires));
  return h;
}

inline Curve r1cs_curve(std::span<const uint8_t> bytes, const std::string& source) {
  BinFile f(bytes, "r1cs", 1, source);
  auto h = read_r1cs_header(f);
  if (!h.curve) f.fail("the prime is not the scalar field of bn128 or bls12381");
  return *h.curve;
}

template <class E>
R1csFile<typename E::Fr> read_r1cs(std::span<const uint8_t> bytes, const std::string& source) {
  using F = typename E::Fr;
  BinFile f(bytes, "r1cs", 1, source);
  R1csFile<F> out;
  out.header = read_r1cs_header(f);
  const auto& h = out.header;
  if (h.curve != curve_of<E>())
    f.fail(std::string("the r1cs prime is not the scalar field of ") + curve_name(curve_of<E>()));
  if (f.has(4) || f.has(5)) f.fail("the circuit uses custom gates, which only PLONK supports");
  auto r = f.reader(2, "constraints");
  groth16::SparseRows<F>* mats[3] = {&out.a, &out.b, &out.c};
  for (auto* m : mats) m->start.reserve(size_t(std::min<uint64_t>(h.n_constraints, r.remaining() / 12)) + 1);
  for (uint32_t i = 0; i < h.n_constraints; ++i) {
    for (int k = 0; k < 3; ++k) {
      const std::string what = "constraint " + std::to_string(i) + " " + "ABC"[k];
      const uint32_t count = r.u32_le(what);
      if (uint64_t(count) * (4 + F::kBytes) > r.remaining())
        r.fail(what + " claims " + std::to_string(count) + " terms, more than the bytes left hold");
      auto terms = r.take(size_t(count) * (4 + F::kBytes), what);
      auto& m = *mats[k];
      for (uint32_t t = 0; t < count; ++t) {
        const uint8_t* p = terms.data() + size_t(t) * (4 + F::kBytes);
        const uint32_t wire = uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
        if (wire >= h.n_wires)
          r.fail(what + " term " + std::to_string(t) + ": wire " + std::to_string(wire) + " is not below nWires = " +
                 std::to_string(h.n_wires));
        m.col.push_back(wire);
        try {
          m.val.push_back(ff::from_bytes_le<F>(p + 4, F::kBytes, "coefficient"));
        } catch (const DecodeError& e) {
          r.fail(what + " term " + std::to_string(t) + ": " + e.what());
        }
      }
      m.start.push_back(m.col.size());
    }
  }
  r.expect_end();
  return out;
}

template <class E>
R1csFile<typename E::Fr> read_r1cs_file(const std::string& path) {
  MappedFile m(path);
  return m.parse([&](auto bytes) { return read_r1cs<E>(bytes, "r1cs '" + path + "'"); });
}

}  // namespace cuzk::formats::snarkjs
