// bellperson's SHA-256 gadget (gadgets/sha256.rs): the compression function
// over UInt32 words with one MultiEq per block, the additions deferred and
// merged as the Rust merges them (e = d + temp1 and a = temp1 + temp2 are
// summed in one addmany when next used), and the padded hash. Bits are
// most significant first within each 32-bit word and byte, as in the Rust.
// Costs (bellperson's tests): 25,840 constraints to compress 512 allocated
// bits, 44,874 to hash them (two blocks), none for constant input.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/uint32.hpp"
#include "core/error.hpp"

namespace cuzk::circuits {

namespace sha256_detail {

inline constexpr std::array<uint32_t, 64> kRoundConstants = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};
inline constexpr std::array<uint32_t, 8> kIv = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                                0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

// A working variable that is either a word or a sum not yet computed.
template <class F>
struct Deferred {
  bool pending = false;
  UInt32<F> word;
  std::vector<UInt32<F>> terms;

  // A word is returned as is (others are then ignored, as in the Rust);
  // a pending sum is computed together with others in one addmany.
  template <class CS, class N>
  UInt32<F> compute(MultiEq<CS>& cs, const N& name, std::span<const UInt32<F>> others) const {
    if (!pending) return word;
    std::vector<UInt32<F>> all = terms;
    all.insert(all.end(), others.begin(), others.end());
    return UInt32<F>::addmany(cs, name, std::span<const UInt32<F>>(all));
  }
};

template <class F>
std::vector<Boolean<F>> flatten_be(const std::array<UInt32<F>, 8>& words) {
  std::vector<Boolean<F>> out;
  out.reserve(256);
  for (const auto& w : words)
    for (size_t i = 32; i-- > 0;) out.push_back(w.bits()[i]);
  return out;
}

}  // namespace sha256_detail

template <class F>
std::array<UInt32<F>, 8> sha256_iv() {
  std::array<UInt32<F>, 8> iv;
  for (size_t i = 0; i < 8; ++i) iv[i] = UInt32<F>::constant(sha256_detail::kIv[i]);
  return iv;
}

// One compression of a 512-bit block (most significant bit of each word
// first) into the 8-word state current.
template <class CS, class N, class F = typename CS::Field>
std::array<UInt32<F>, 8> sha256_compression_function(CS& cs, const N& name,
                                                     std::span<const Boolean<std::type_identity_t<F>>> input,
                                                     std::span<const UInt32<std::type_identity_t<F>>> current) {
  using U = UInt32<F>;
  using sha256_detail::Deferred;
  if (input.size() != 512 || current.size() != 8)
    throw Error("sha256_compression_function: " + std::to_string(input.size()) + " input bits and " +
                std::to_string(current.size()) + " state words (need 512 and 8)");
  r1cs::Namespace ns(cs, name);
  std::vector<U> w;
  w.reserve(64);
  for (size_t i = 0; i < 16; ++i) w.push_back(U::from_bits_be(input.subspan(32 * i, 32)));

  MultiEq<CS> me(cs);
  for (size_t i = 16; i < 64; ++i) {
    r1cs::Namespace wns(me, [i] { return "w extension " + std::to_string(i); });
    U s0 = w[i - 15].rotr(7);
    s0 = s0.xor_(me, "first xor for s0", w[i - 15].rotr(18));
    s0 = s0.xor_(me, "second xor for s0", w[i - 15].shr(3));
    U s1 = w[i - 2].rotr(17);
    s1 = s1.xor_(me, "first xor for s1", w[i - 2].rotr(19));
    s1 = s1.xor_(me, "second xor for s1", w[i - 2].shr(10));
    const std::array<U, 4> terms{w[i - 16], s0, w[i - 7], s1};
    U wi = U::addmany(me, "computation of w[i]", std::span<const U>(terms));
    w.push_back(std::move(wi));
  }

  Deferred<F> a{false, current[0], {}}, e{false, current[4], {}};
  U b = current[1], c = current[2], d = current[3];
  U f = current[5], g = current[6], h = current[7];
  for (size_t i = 0; i < 64; ++i) {
    r1cs::Namespace rns(me, [i] { return "compression round " + std::to_string(i); });
    const U new_e = e.compute(me, "deferred e computation", {});
    U s1 = new_e.rotr(6);
    s1 = s1.xor_(me, "first xor for s1", new_e.rotr(11));
    s1 = s1.xor_(me, "second xor for s1", new_e.rotr(25));
    U ch = U::sha256_ch(me, "ch", new_e, f, g);

    const U new_a = a.compute(me, "deferred a computation", {});
    U s0 = new_a.rotr(2);
    s0 = s0.xor_(me, "first xor for s0", new_a.rotr(13));
    s0 = s0.xor_(me, "second xor for s0", new_a.rotr(22));
    U maj = U::sha256_maj(me, "maj", new_a, b, c);

    // temp1 = h + S1 + ch + k[i] + w[i]; e = d + temp1; a = temp1 + S0 + maj.
    std::vector<U> temp1{h, s1, ch, U::constant(sha256_detail::kRoundConstants[i]), w[i]};
    h = g;
    g = f;
    f = new_e;
    e = Deferred<F>{true, U(), temp1};
    e.terms.push_back(d);
    d = c;
    c = b;
    b = new_a;
    a = Deferred<F>{true, U(), std::move(temp1)};
    a.terms.push_back(s0);
    a.terms.push_back(maj);
  }

  std::array<U, 8> out;
  out[0] = a.compute(me, "deferred h0 computation", current.subspan(0, 1));
  auto add2 = [&](const char* nm, const U& x, const U& y) {
    const std::array<U, 2> t{x, y};
    return U::addmany(me, nm, std::span<const U>(t));
  };
  out[1] = add2("new h1", current[1], b);
  out[2] = add2("new h2", current[2], c);
  out[3] = add2("new h3", current[3], d);
  out[4] = e.compute(me, "deferred h4 computation", current.subspan(4, 1));
  out[5] = add2("new h5", current[5], f);
  out[6] = add2("new h6", current[6], g);
  out[7] = add2("new h7", current[7], h);
  me.finish();
  return out;
}

// The compression of one 512-bit block from the standard IV, without
// padding: 256 bits, most significant first.
template <class CS, class N, class F = typename CS::Field>
std::vector<Boolean<F>> sha256_block_no_padding(CS& cs, const N& name,
                                                std::span<const Boolean<std::type_identity_t<F>>> input) {
  if (input.size() != 512)
    throw Error("sha256_block_no_padding: " + std::to_string(input.size()) + " input bits (need 512)");
  const auto iv = sha256_iv<F>();
  return sha256_detail::flatten_be(sha256_compression_function(cs, name, input, std::span<const UInt32<F>>(iv)));
}

// SHA-256 of a whole number of bytes given as bits, most significant bit of
// each byte first; padding is constant, so it costs nothing. Blocks are in
// namespaces "block i".
template <class CS, class N, class F = typename CS::Field>
std::vector<Boolean<F>> sha256(CS& cs, const N& name, std::span<const Boolean<std::type_identity_t<F>>> input) {
  if (input.size() % 8 != 0)
    throw Error("sha256 gadget: " + std::to_string(input.size()) + " input bits is not a whole number of bytes");
  r1cs::Namespace ns(cs, name);
  std::vector<Boolean<F>> padded(input.begin(), input.end());
  const uint64_t bit_len = uint64_t(input.size());
  padded.push_back(Boolean<F>::constant(true));
  while ((padded.size() + 64) % 512 != 0) padded.push_back(Boolean<F>::constant(false));
  for (int i = 63; i >= 0; --i) padded.push_back(Boolean<F>::constant(((bit_len >> i) & 1) != 0));

  std::array<UInt32<F>, 8> state = sha256_iv<F>();
  const std::span<const Boolean<F>> all(padded);
  for (size_t blk = 0; blk * 512 < padded.size(); ++blk)
    state = sha256_compression_function(cs, [blk] { return "block " + std::to_string(blk); },
                                        all.subspan(512 * blk, 512), std::span<const UInt32<F>>(state));
  return sha256_detail::flatten_be(state);
}

}  // namespace cuzk::circuits
