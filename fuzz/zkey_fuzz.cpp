// Arbitrary bytes into the .zkey reader (both curves, every point checked):
// it must return a key or throw DecodeError; a key it returns must prove a
// witness of its length without crashing or throwing (small bn128 keys only:
// speed, and the BLS12-381 G2 MSM's inline assembly does not fit ASan's
// registers). Only DecodeError from the reader is expected: any other
// exception, or one from the prover (a key the reader accepted but whose
// sections disagree), escapes and libFuzzer reports it as a crash.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "formats/snarkjs/zkey.hpp"
#include "groth16/zkey_prover.hpp"

namespace {

template <class E, bool kProve>
void one(const uint8_t* data, size_t size) {
  using F = typename E::Fr;
  std::optional<cuzk::groth16::ZkeyProvingKey<E>> pk;
  try {
    pk.emplace(cuzk::formats::snarkjs::read_zkey<E>({data, size}, "fuzz", {.check_query_subgroups = true}));
  } catch (const cuzk::DecodeError&) {
    return;
  }
  if constexpr (kProve) {
    if (pk->n_vars > 512 || pk->domain_size > 512) return;
    std::vector<F> w(pk->n_vars, F::from_u64(3));
    w[0] = F::one();
    auto p = cuzk::groth16::prove_zkey(*pk, std::span<const F>(w));
    (void)p;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  one<cuzk::groth16::Bn254, true>(data, size);
  one<cuzk::groth16::Bls12_381, false>(data, size);
  return 0;
}
