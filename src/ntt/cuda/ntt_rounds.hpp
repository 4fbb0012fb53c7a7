// The GPU NTT's plan and its pass kernels' index math (ntt_kernels.cuh),
// host-includable so CPU tests check it where there is no GPU
// (tests/ntt/ntt_rounds_test.cpp): the radix of each pass, which DIF stages
// each round of a pass does, on which register window, and which tile bits
// each thread-id bit holds.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "ff/hd.hpp"

namespace cuzk::ntt::cuda::detail {

constexpr int kMaxPasses = 4;
constexpr int kSmallMaxLog = 12;  // up to 2^12 one block (ntt_small_kernel)
constexpr int kMinRadixLog = 6, kMaxRadixLog = 9;  // the pass kernels built (pick_pass_kernel)

// Radix bits per pass: up to 2^12 one block (ntt_small_kernel, "0 passes"),
// 2 passes up to 2^18, 3 up to 2^27, then 4; split evenly, larger radices
// first, except where another order measured faster (kTuned). Every plan
// passes check_plan.
constexpr int make_plan(int L, int (&r)[kMaxPasses]) {
  int np;
  if (L <= kSmallMaxLog)
    return 0;
  else if (L <= 18)
    np = 2;
  else if (L <= 27)
    np = 3;
  else
    np = 4;
  int left = L;
  for (int p = 0; p < np; ++p) {
    r[p] = (left + (np - p) - 1) / (np - p);
    left -= r[p];
  }
  // Plans measured faster than the even split on the H200 (every 3-pass plan
  // of 2^20..2^26 timed by scripts/device/ntt-plan-sweep.sh; NOTES.md).
  constexpr struct {
    int log_n, r[3];
  } kTuned[] = {{22, {8, 8, 6}}, {25, {8, 9, 8}}};
  for (const auto& t : kTuned)
    if (t.log_n == L)
      for (int p = 0; p < 3; ++p) r[p] = t.r[p];
  return np;
}

// Plans written as in env CUZK_NTT_PLAN: "8,6,6;9,9,9", radix logs per pass
// separated by commas, plans by semicolons; empty plans are skipped. Throws
// Error naming the text that is not a number; whether a plan can run is the
// domain's check (GpuNttDomain's constructor).
inline std::vector<std::vector<int>> parse_plans(const std::string& text) {
  std::vector<std::vector<int>> out;
  size_t at = 0;
  while (at <= text.size()) {
    const size_t end = std::min(text.find(';', at), text.size());
    std::vector<int> plan;
    for (size_t i = at; at < end && i <= end;) {
      const size_t comma = std::min(text.find(',', i), end);
      const std::string num = text.substr(i, comma - i);
      if (num.empty() || num.size() > 2 || num.find_first_not_of("0123456789") != std::string::npos)
        throw Error("NTT plan \"" + text + "\": \"" + num + "\" is not a radix log");
      plan.push_back(std::stoi(num));
      i = comma + 1;
    }
    if (!plan.empty()) out.push_back(std::move(plan));
    at = end + 1;
  }
  return out;
}

// Throws Error unless the plan (radix logs per pass) can run a 2^log_n
// transform: 2..kMaxPasses passes of built radices summing to log_n, for a
// size above the one-block kernel's.
inline void check_plan(int log_n, const std::vector<int>& plan) {
  const auto bad = [&](const std::string& why) {
    std::string s;
    for (int r : plan) {
      if (!s.empty()) s += ',';
      s += std::to_string(r);
    }
    return Error("GpuNttDomain 2^" + std::to_string(log_n) + ": plan " + s + " " + why);
  };
  if (log_n <= kSmallMaxLog) throw bad("given for a one-block size (2^" + std::to_string(kSmallMaxLog) + " or less)");
  if (plan.size() < 2 || plan.size() > size_t(kMaxPasses))
    throw bad("has " + std::to_string(plan.size()) + " passes, not 2.." + std::to_string(kMaxPasses));
  int sum = 0;
  for (int r : plan) {
    if (r < kMinRadixLog || r > kMaxRadixLog)
      throw bad("has radix 2^" + std::to_string(r) + ": the pass kernels are 2^" + std::to_string(kMinRadixLog) +
                "..2^" + std::to_string(kMaxRadixLog));
    sum += r;
  }
  if (sum != log_n) throw bad("does not sum to " + std::to_string(log_n));
}

// ---------------------------------------------------------------------------
// Thread-to-element maps.
//
// A tile index u has U = r + g bits: t = u & (R - 1) (position inside the
// group's DFT), group = u >> r. In a round the thread's 8 registers are the
// elements whose u differs in the window bits [w, w + 3); the thread id's
// bits fill the other U - 3 bits of u in the order pos[0], pos[1], ...
//
// Shared memory: two planes of 16-byte slots; element u lives in slot
// swz(u) = u ^ fold(u), fold(u) = XOR of u's 3-bit digits above the lowest,
// moved into bits 0..2. LDS/STS.128 serve a warp in four phases of 8 lanes;
// 8 lanes are conflict free when their slots differ in the low 3 bits. The
// lowest 3 lane bits map to u-bits b0, b1, b2 and u-bit b lands in slot bit
// (b mod 3), so the phases are conflict free when b0, b1, b2 have distinct
// residues mod 3: make_map picks them so.
struct RoundMap {
  int nt;  // thread-id bits = U - 3
  int pos[24];
};

// u bits in `last` (a mask) go to the top thread-id bits, i.e. the warp index
// of a 128-thread block, in increasing order.
constexpr RoundMap make_map(int U, int r, int w, bool group_first, uint32_t last = 0) {
  RoundMap m{};
  m.nt = U - 3;
  int cand[24] = {};
  int nc = 0;
  if (group_first)
    for (int b = r; b < U; ++b) cand[nc++] = b;
  for (int b = 0; b < r; ++b)
    if ((b < w || b >= w + 3) && !(last >> b & 1)) cand[nc++] = b;
  if (!group_first)
    for (int b = r; b < U; ++b) cand[nc++] = b;
  const int nlast = nc;
  for (int b = 0; b < r; ++b)
    if (last >> b & 1) cand[nc++] = b;
  bool used[24] = {};
  int k = 0;
  const int want = m.nt < 3 ? m.nt : 3;
  for (int i = 0; i < nlast && k < want; ++i) {
    bool clash = false;
    for (int q = 0; q < k; ++q)
      if (m.pos[q] % 3 == cand[i] % 3) clash = true;
    if (!clash) {
      m.pos[k++] = cand[i];
      used[i] = true;
    }
  }
  for (int i = 0; i < nc; ++i)
    if (!used[i]) m.pos[k++] = cand[i];
  return m;
}

CUZK_HD constexpr uint32_t swz(uint32_t u) {
  return u ^ (((u >> 3) ^ (u >> 6) ^ (u >> 9) ^ (u >> 12) ^ (u >> 15)) & 7u);
}

// Round i of a pass with radix 2^R_LOG and 2^G_LOG groups per tile.
// Rounds count from the last: round NR-1 does stages 2,1,0 (window [0,3)),
// round NR-2 stages 5,4,3, ...; round 0 the remaining top stages, its window
// [r-3, r) (possibly overlapping the next round's bits, which it leaves).
//
// Radix 2^7 and 2^8 with 128-thread tiles ("split low", CUZK_NTT_SPLIT_LOW):
// round 1 does stages 4,3 on window [2,5) and round 0 stages 5.. instead.
// Stage B's twiddle is omega^m with m = t mod 2^B, so in round 1 m's bits are
// window bits (known per register) and t bits 0,1, which that round's map
// puts on the warp index: a quarter of the warps see m = 0 for 3 of the
// round's 8 products and skip them without divergence (33 -> 32.25 products
// per 8 elements in a radix-2^8 column pass).
#ifndef CUZK_NTT_SPLIT_LOW
#define CUZK_NTT_SPLIT_LOW 1
#endif
template <int R_LOG, int G_LOG, bool COLUMN, int I>
struct Round {
  static constexpr int NR = (R_LOG + 2) / 3;
  static constexpr bool split_low =
      CUZK_NTT_SPLIT_LOW && (R_LOG == 7 || R_LOG == 8) && R_LOG + G_LOG == 10 && NR == 3;
  // round 1 of a split pass: stages 4,3, twiddle-free warps possible
  static constexpr bool skips = split_low && I == 1;
  static constexpr int q = NR - 1 - I;
  static constexpr int lo = split_low ? (I == 0 ? 5 : I == 1 ? 3 : 0) : 3 * q;
  static constexpr int hi = split_low ? (I == 0 ? R_LOG - 1 : I == 1 ? 4 : 2)
                                      : (3 * q + 3 < R_LOG ? 3 * q + 3 : R_LOG) - 1;
  static constexpr int w = split_low ? (I == 0 ? R_LOG - 3 : I == 1 ? 2 : 0)
                                     : (3 * q < R_LOG - 3) ? 3 * q : R_LOG - 3;
  // global loads (round 0) of a column pass and all global stores (last round)
  // want consecutive lanes on consecutive groups; the last pass's loads want
  // consecutive lanes on consecutive t.
  static constexpr bool group_first = (I == NR - 1) || (I == 0 && COLUMN);
  // products compiled in place (NttArith::mul2_inline): the last round's omega_8
  // products, except in radix-2^6 passes, where that measured slower
  static constexpr bool inline_products = w == 0 && R_LOG >= 7;
  static constexpr RoundMap map = make_map(R_LOG + G_LOG, R_LOG, w, group_first, skips ? 3u : 0u);
  static_assert(!skips || (map.pos[map.nt - 2] == 0 && map.pos[map.nt - 1] == 1 && map.nt == 7),
                "t bits 0 and 1 on the warp index of a 128-thread block");
};

}  // namespace cuzk::ntt::cuda::detail
