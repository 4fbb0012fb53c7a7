// PoRepID: the 32 bytes naming a registered seal proof (u64 LE proof id,
// u64 LE nonce, 16 zero bytes); SDR derives its DRG seed and Feistel keys
// from it.
#pragma once
#include <array>
#include <cstdint>

namespace cuzk::filecoin {

using PorepId = std::array<uint8_t, 32>;

}  // namespace cuzk::filecoin
