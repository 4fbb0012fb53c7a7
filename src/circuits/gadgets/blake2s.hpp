// bellperson's BLAKE2s gadget (gadgets/blake2s.rs, RFC 7693 with an 8-byte
// personalization, 32-byte digest, no key): input and output bits are least
// significant first within each byte, bytes in order. Each compression runs
// its ten rounds of additions through one MultiEq, flushed before the final
// xors, as in the Rust. Costs (bellperson's tests): 21,518 constraints for
// 512 allocated input bits including their 512 booleanity checks; none for
// constant input.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/uint32.hpp"
#include "core/error.hpp"

namespace cuzk::circuits {

namespace blake2s_detail {

inline constexpr std::array<uint32_t, 8> kIv = {0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A,
                                                0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19};

inline constexpr std::array<std::array<uint8_t, 16>, 10> kSigma = {{
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
}};

// G's rotation constants R1..R4.
inline constexpr std::array<size_t, 4> kRot = {16, 12, 8, 7};

// The mixing function G on v[a], v[b], v[c], v[d] with message words x, y
// ("mixing step 1..8").
template <class CS, class F>
void mixing_g(MultiEq<CS>& cs, std::array<UInt32<F>, 16>& v, size_t a, size_t b, size_t c, size_t d,
              const UInt32<F>& x, const UInt32<F>& y) {
  using U = UInt32<F>;
  auto add = [&](const char* name, std::initializer_list<U> ops) {
    const std::vector<U> terms(ops);
    return U::addmany(cs, name, std::span<const U>(terms));
  };
  v[a] = add("mixing step 1", {v[a], v[b], x});
  v[d] = v[d].xor_(cs, "mixing step 2", v[a]).rotr(kRot[0]);
  v[c] = add("mixing step 3", {v[c], v[d]});
  v[b] = v[b].xor_(cs, "mixing step 4", v[c]).rotr(kRot[1]);
  v[a] = add("mixing step 5", {v[a], v[b], y});
  v[d] = v[d].xor_(cs, "mixing step 6", v[a]).rotr(kRot[2]);
  v[c] = add("mixing step 7", {v[c], v[d]});
  v[b] = v[b].xor_(cs, "mixing step 8", v[c]).rotr(kRot[3]);
}

// The compression function F: h is updated in place from message block m,
// offset counter t and final-block flag f.
template <class CS, class N, class F = typename CS::Field>
void compression(CS& cs, const N& name, std::array<UInt32<F>, 8>& h, const std::array<UInt32<F>, 16>& m,
                 uint64_t t, bool f) {
  using U = UInt32<F>;
  r1cs::Namespace ns(cs, name);
  std::array<U, 16> v;
  for (size_t i = 0; i < 8; ++i) v[i] = h[i];
  for (size_t i = 0; i < 8; ++i) v[8 + i] = U::constant(kIv[i]);

  v[12] = v[12].xor_(cs, "first xor", U::constant(uint32_t(t)));
  v[13] = v[13].xor_(cs, "second xor", U::constant(uint32_t(t >> 32)));
  if (f) v[14] = v[14].xor_(cs, "third xor", U::constant(UINT32_MAX));

  {
    MultiEq<CS> me(cs);
    for (size_t i = 0; i < 10; ++i) {
      r1cs::Namespace rns(me, [i] { return "round " + std::to_string(i); });
      const auto& s = kSigma[i % 10];
      // Columns, then diagonals: (a, b, c, d) for invocations 1..8.
      static constexpr std::array<std::array<uint8_t, 4>, 8> kAbcd = {{
          {0, 4, 8, 12},
          {1, 5, 9, 13},
          {2, 6, 10, 14},
          {3, 7, 11, 15},
          {0, 5, 10, 15},
          {1, 6, 11, 12},
          {2, 7, 8, 13},
          {3, 4, 9, 14},
      }};
      for (size_t j = 0; j < 8; ++j) {
        r1cs::Namespace gns(me, [j] { return "mixing invocation " + std::to_string(j + 1); });
        const auto& q = kAbcd[j];
        mixing_g(me, v, q[0], q[1], q[2], q[3], m[s[2 * j]], m[s[2 * j + 1]]);
      }
    }
    me.finish();
  }

  for (size_t i = 0; i < 8; ++i) {
    r1cs::Namespace hns(cs, [i] {
      const std::string k = std::to_string(i);
      return "h[" + k + "] ^ v[" + k + "] ^ v[" + k + " + 8]";
    });
    h[i] = h[i].xor_(cs, "first xor", v[i]);
    h[i] = h[i].xor_(cs, "second xor", v[i + 8]);
  }
}

inline uint32_t load_le32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

}  // namespace blake2s_detail

// BLAKE2s-256 of a whole number of bytes with an 8-byte personalization;
// 256 output bits. Blocks are in namespaces "block i" and "final block"; an
// empty input is one all-zero constant block.
template <class CS, class N, class F = typename CS::Field>
std::vector<Boolean<F>> blake2s(CS& cs, const N& name, std::span<const Boolean<std::type_identity_t<F>>> input,
                                std::span<const uint8_t> personalization) {
  using U = UInt32<F>;
  using namespace blake2s_detail;
  if (personalization.size() != 8)
    throw Error("blake2s gadget: personalization of " + std::to_string(personalization.size()) +
                " bytes (need 8)");
  if (input.size() % 8 != 0)
    throw Error("blake2s gadget: " + std::to_string(input.size()) + " input bits is not a whole number of bytes");
  r1cs::Namespace ns(cs, name);

  // Parameter block: digest length 32, no key, fanout and depth 1.
  std::array<U, 8> h;
  for (size_t i = 0; i < 8; ++i) h[i] = U::constant(kIv[i]);
  h[0] = U::constant(kIv[0] ^ 0x01010000u ^ 32u);
  h[6] = U::constant(kIv[6] ^ load_le32(personalization.data()));
  h[7] = U::constant(kIv[7] ^ load_le32(personalization.data() + 4));

  std::vector<std::array<U, 16>> blocks;
  for (size_t start = 0; start < input.size(); start += 512) {
    std::array<U, 16> block;  // missing words are constant zero
    const size_t end = std::min(input.size(), start + 512);
    for (size_t w = 0; start + 32 * w < end; ++w) {
      std::array<Boolean<F>, 32> bits;
      for (size_t k = 0; k < 32; ++k) {
        const size_t at = start + 32 * w + k;
        bits[k] = at < end ? input[at] : Boolean<F>::constant(false);
      }
      block[w] = U::from_bits(std::span<const Boolean<F>>(bits));
    }
    blocks.push_back(std::move(block));
  }
  if (blocks.empty()) blocks.emplace_back();

  for (size_t i = 0; i + 1 < blocks.size(); ++i)
    compression(cs, [i] { return "block " + std::to_string(i); }, h, blocks[i], uint64_t(i + 1) * 64, false);
  compression(cs, "final block", h, blocks.back(), uint64_t(input.size() / 8), true);

  std::vector<Boolean<F>> out;
  out.reserve(256);
  for (const U& w : h)
    for (const Boolean<F>& b : w.bits()) out.push_back(b);
  return out;
}

}  // namespace cuzk::circuits
