// filecoin-hashers' Sha256Function circuits against the native
// SHA-256-trunc254: hash2_circuit and hash_leaf_circuit of two field elements
// equal the TreeD node hash of their bytes, hash_multi_leaf_circuit of 2, 4
// and 8 equals trunc254(SHA-256) of the concatenation; a wrong output fails
// the final packing constraint.
#include <gtest/gtest.h>

#include <random>

#include "ff/field_io.hpp"
#include "filecoin/circuits/sha256_hasher_circuit.hpp"
#include "filecoin/hash/sha256.hpp"
#include "r1cs/test_constraint_system.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using TCS = r1cs::TestConstraintSystem<Fr>;
using Num = circuits::AllocatedNum<Fr>;

namespace {

std::vector<Fr> random_frs(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> out;
  for (size_t i = 0; i < n; ++i) out.push_back(ff::random_element<Fr>(rng));
  return out;
}

std::vector<Num> alloc_all(TCS& cs, const std::vector<Fr>& xs) {
  std::vector<Num> out;
  for (const Fr& x : xs) out.push_back(Num::alloc(cs, "x", [&] { return x; }));
  return out;
}

}  // namespace

TEST(Sha256HasherCircuit, Hash2AndHashLeafEqualTheTreeDNodeHash) {
  const auto xs = random_frs(2, 1);
  const Domain expected = sha256_trunc254_pair(domain_of(xs[0]), domain_of(xs[1]));
  for (int leaf_form = 0; leaf_form < 2; ++leaf_form) {
    TCS cs;
    const auto in = alloc_all(cs, xs);
    const Num out = leaf_form ? sha256_circuit::hash_leaf_circuit(cs, "h", in[0], in[1])
                              : sha256_circuit::hash2_circuit(cs, "h", in[0], in[1]);
    EXPECT_EQ(cs.which_is_unsatisfied(), std::nullopt);
    EXPECT_EQ(domain_of(*out.value()), expected);
    cs.mutable_aux()[out.variable().index()] += Fr::one();
    const auto failing = cs.which_is_unsatisfied();
    ASSERT_TRUE(failing.has_value());
    EXPECT_NE(failing->find("h/pack_le/packing constraint"), std::string::npos) << *failing;
  }
}

TEST(Sha256HasherCircuit, MultiLeafHashesTheConcatenatedBytes) {
  for (size_t arity : {2u, 4u, 8u}) {
    const auto xs = random_frs(arity, arity);
    std::vector<uint8_t> bytes;
    for (const Fr& x : xs) {
      const Domain d = domain_of(x);
      bytes.insert(bytes.end(), d.begin(), d.end());
    }
    TCS cs;
    const auto in = alloc_all(cs, xs);
    const Num out = sha256_circuit::hash_multi_leaf_circuit(cs, "h", std::span<const Num>(in));
    EXPECT_EQ(cs.which_is_unsatisfied(), std::nullopt);
    EXPECT_EQ(domain_of(*out.value()), sha256_trunc254(bytes)) << arity;
  }
}
