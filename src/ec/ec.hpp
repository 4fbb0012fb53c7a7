// Everything of src/ec that runs on host and device: curve configs, the three
// point representations, scalar multiplication and subgroup checks. Host-only
// pieces (batch_affine, sample, serialize_*) are included on their own.
#pragma once
#include "ec/affine.hpp"
#include "ec/curves.hpp"
#include "ec/jacobian.hpp"
#include "ec/scalar_mul.hpp"
#include "ec/subgroup.hpp"
#include "ec/xyzz.hpp"
