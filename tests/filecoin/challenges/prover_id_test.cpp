// prover_id_of_actor against unsigned LEB128 as the varint spec writes it
// (and Filecoin ID addresses carry it: f01000's payload is e8 07).
#include <gtest/gtest.h>

#include "filecoin/challenges/prover_id.hpp"

namespace cuzk::filecoin {
namespace {

Domain expect(std::initializer_list<uint8_t> head) {
  Domain d{};
  std::copy(head.begin(), head.end(), d.begin());
  return d;
}

TEST(ProverId, IsTheLeb128OfTheActorIdLeftAligned) {
  EXPECT_EQ(prover_id_of_actor(0), expect({0x00}));
  EXPECT_EQ(prover_id_of_actor(127), expect({0x7f}));
  EXPECT_EQ(prover_id_of_actor(128), expect({0x80, 0x01}));
  EXPECT_EQ(prover_id_of_actor(1000), expect({0xe8, 0x07}));
  EXPECT_EQ(prover_id_of_actor(624485), expect({0xe5, 0x8e, 0x26}));
  EXPECT_EQ(prover_id_of_actor(UINT64_MAX), expect({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}));
}

}  // namespace
}  // namespace cuzk::filecoin
