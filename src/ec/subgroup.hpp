// Prime-order subgroup membership and cofactor clearing, host and device.
// Contract: is_in_subgroup(P) is meaningful only for P on the curve (decoders
// check that first); it equals [r]P == O, computed through an endomorphism
// where one is known to be exact:
//   BLS12-381 G1: phi(P) == -[x^2]P, phi(x, y) = (beta x, y)   (Scott, ePrint 2021/1130)
//   BLS12-381 G2: psi(P) == [x]P                                (same note)
//   BN254 G2: [x+1]P + psi([x]P) + psi^2([x]P) == psi^3([2x]P)  (Dai-Lin-Zhao-Zhou, ePrint 2022/348)
//   BN254 G1: always (prime order curve).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ec/scalar_mul.hpp"

namespace cuzk::ec {

// Decoders take this: kSkip only for inputs that are trusted (e.g. a key this
// process wrote), since a point outside the subgroup breaks soundness.
enum class SubgroupCheck : bool { kSkip = false, kCheck = true };

// |x| for BLS12-381 (x itself is negative) and x for BN254 (positive).
inline constexpr uint64_t kBls12_381_AbsX = 0xd201000000010000ULL;
inline constexpr uint64_t kBn254_X = 0x44e992b44a6909f1ULL;

// phi(x, y) = (beta x, y) with beta a primitive cube root of unity in Fp; of the
// two, beta = 0x5f19672f...fffefffe makes phi act on G1 as -x^2 (mod r) (the
// other one gives the conjugate eigenvalue x^2 - 1).
CUZK_HD Jacobian<Bls12_381_G1> phi(const Jacobian<Bls12_381_G1>& p) {
  constexpr ff::Bls12_381_Fp beta = ff::Bls12_381_Fp::from_montgomery(
      {{0x30f1361b798a64e8ULL, 0xf3b8ddab7ece5a2aULL, 0x16a8ca3ac61577f7ULL, 0xc26a2ff874fd029bULL,
        0x3636b76660701c6eULL, 0x051ba4ab241b6160ULL}});
  return Jacobian<Bls12_381_G1>{p.x * beta, p.y, p.z};
}

// The untwist-Frobenius-twist endomorphism psi(x, y) = (conj(x) cx, conj(y) cy):
// cx = xi^(-(p-1)/3), cy = xi^(-(p-1)/2) for the M-type twist (xi = 1 + u),
// cx = xi^((p-1)/3), cy = xi^((p-1)/2) for the D-type twist (xi = 9 + u).
// On G2 it acts as multiplication by p (mod r).
template <class C>
struct PsiConstants;

template <>
struct PsiConstants<Bls12_381_G2> {
  using Fp = ff::Bls12_381_Fp;
  using Fp2 = ff::Bls12_381_Fp2;
  CUZK_HD static constexpr Fp2 cx() {
    return Fp2{Fp::zero(), Fp::from_montgomery({{0x890dc9e4867545c3ULL, 0x2af322533285a5d5ULL, 0x50880866309b7e2cULL,
                                                 0xa20d1b8c7e881024ULL, 0x14e4f04fe2db9068ULL, 0x14e56d3f1564853aULL}})};
  }
  CUZK_HD static constexpr Fp2 cy() {
    return Fp2{Fp::from_montgomery({{0x3e2f585da55c9ad1ULL, 0x4294213d86c18183ULL, 0x382844c88b623732ULL,
                                     0x92ad2afd19103e18ULL, 0x1d794e4fac7cf0b9ULL, 0x0bd592fc7d825ec8ULL}}),
               Fp::from_montgomery({{0x7bcfa7a25aa30fdaULL, 0xdc17dec12a927e7cULL, 0x2f088dd86b4ebef1ULL,
                                     0xd1ca2087da74d4a7ULL, 0x2da2596696cebc1dULL, 0x0e2b7eedbbfd87d2ULL}})};
  }
};

template <>
struct PsiConstants<Bn254_G2> {
  using Fp = ff::Bn254_Fp;
  using Fp2 = ff::Bn254_Fp2;
  CUZK_HD static constexpr Fp2 cx() {
    return Fp2{Fp::from_montgomery({{0xb5773b104563ab30ULL, 0x347f91c8a9aa6454ULL, 0x7a007127242e0991ULL, 0x1956bcd8118214ecULL}}),
               Fp::from_montgomery({{0x6e849f1ea0aa4757ULL, 0xaa1c7b6d89f89141ULL, 0xb6e713cdfae0ca3aULL, 0x26694fbb4e82ebc3ULL}})};
  }
  CUZK_HD static constexpr Fp2 cy() {
    return Fp2{Fp::from_montgomery({{0xe4bbdd0c2936b629ULL, 0xbb30f162e133bacbULL, 0x31a9d1b6f9645366ULL, 0x253570bea500f8ddULL}}),
               Fp::from_montgomery({{0xa1d77ce45ffe77c7ULL, 0x07affd117826d1dbULL, 0x6d16bd27bb7edc6bULL, 0x2c87200285defeccULL}})};
  }
};

// In Jacobian coordinates conj commutes with the division by Z^2, Z^3, so Z is conjugated too.
template <class C>
CUZK_HD Jacobian<C> psi(const Jacobian<C>& p) {
  return Jacobian<C>{p.x.conjugate() * PsiConstants<C>::cx(), p.y.conjugate() * PsiConstants<C>::cy(), p.z.conjugate()};
}

// The definition: [r]P == O. Slow (a full-size scalar multiplication) but
// needs no theory; tests compare the fast checks against it.
template <class C>
CUZK_EC_OUTLINE bool is_in_subgroup_by_order(const Jacobian<C>& p) {
  return mul(p, C::Scalar::Params::modulus()).is_infinity();
}

template <class C>
CUZK_EC_OUTLINE bool is_in_subgroup(const Jacobian<C>& p) {
  if constexpr (std::is_same_v<C, Bn254_G1>) {
    return true;
  } else if constexpr (std::is_same_v<C, Bls12_381_G1>) {
    Jacobian<C> x2p = mul_u64(mul_u64(p, kBls12_381_AbsX), kBls12_381_AbsX);  // [x^2]P: the signs cancel
    return phi(p) == -x2p;
  } else if constexpr (std::is_same_v<C, Bls12_381_G2>) {
    return psi(p) == -mul_u64(p, kBls12_381_AbsX);
  } else if constexpr (std::is_same_v<C, Bn254_G2>) {
    Jacobian<C> xp = mul_u64(p, kBn254_X);
    Jacobian<C> psi_xp = psi(xp);
    Jacobian<C> lhs = outlined::add(outlined::add(outlined::add(xp, p), psi_xp), psi(psi_xp));
    return lhs == psi(psi(psi(outlined::dbl(xp))));
  } else {
    return is_in_subgroup_by_order(p);
  }
}

template <class C>
CUZK_HD bool is_in_subgroup(const Affine<C>& p) {
  return is_in_subgroup(Jacobian<C>::from_affine(p));
}

// [h]P with h = #E / r: maps any curve point into the subgroup. Tests use it to
// make subgroup points from arbitrary ones; nothing on a hot path does.
template <class C>
CUZK_EC_OUTLINE Jacobian<C> clear_cofactor(const Jacobian<C>& p) {
  return mul(p, C::cofactor());
}

}  // namespace cuzk::ec
