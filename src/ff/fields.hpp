// The four fields cuzk proves over.
#pragma once
#include "ff/field.hpp"
#include "ff/params/bls12_381_fp.hpp"
#include "ff/params/bls12_381_fr.hpp"
#include "ff/params/bn254_fp.hpp"
#include "ff/params/bn254_fr.hpp"

namespace cuzk::ff {
using Bls12_381_Fp = Field<Bls12_381_FpParams>;
using Bls12_381_Fr = Field<Bls12_381_FrParams>;
using Bn254_Fp = Field<Bn254_FpParams>;
using Bn254_Fr = Field<Bn254_FrParams>;
}  // namespace cuzk::ff
