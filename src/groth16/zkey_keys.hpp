// A Groth16 proving key in snarkjs's .zkey convention: the QAP's A and B
// matrices over the domain rows (circom constraints, then one row per public
// signal), A/B1/B2 points for every wire, C points for private wires only,
// and H points for the odd-index Lagrange basis of the 2n domain at tau,
// divided by delta. vk.ic holds one point per public signal including ONE.
// The five query point sets are decoded or still encoded (key_points.hpp).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "groth16/key_points.hpp"
#include "groth16/keys.hpp"
#include "groth16/sparse_rows.hpp"

namespace cuzk::groth16 {

// Error unless a witness of `witness_wires` fits a key of `key_wires`.
inline void check_wire_count(size_t witness_wires, size_t key_wires) {
  if (witness_wires != key_wires)
    throw Error("witness length differs from the key: the witness has " + std::to_string(witness_wires) +
                " wires, the key's circuit has " + std::to_string(key_wires));
}

template <class E>
struct ZkeyProvingKey {
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  VerifyingKey<E> vk;
  uint32_t n_vars = 0;       // wires, including ONE
  uint32_t n_public = 0;     // public signals, excluding ONE
  uint32_t domain_size = 0;  // n, a power of two
  SparseRows<typename E::Fr> qap_a, qap_b;   // domain_size rows each
  KeyPoints<G1> a, b1;                       // n_vars points
  KeyPoints<G2> b2;                          // n_vars points
  KeyPoints<G1> c;                           // n_vars - n_public - 1 points
  KeyPoints<G1> h;                           // domain_size points

  int log_n() const {
    int k = 0;
    while ((uint64_t(1) << k) < domain_size) ++k;
    return k;
  }
  bool operator==(const ZkeyProvingKey&) const = default;
  // Whether any point set is held encoded (the key was loaded for GPUs).
  bool encoded() const { return a.is_encoded() || b1.is_encoded() || b2.is_encoded() || c.is_encoded() || h.is_encoded(); }
};

}  // namespace cuzk::groth16
