// Appending JSON values to a string in serde_json's compact form (no
// whitespace; [u8; 32] as an array of 32 integers), so that text written
// here reads like rust-fil-proofs' own output.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

void put_u64(std::string& out, uint64_t v);
void put_domain(std::string& out, const Domain& d);
// Quoted, with '"', '\\' and control characters escaped as serde_json does.
void put_string(std::string& out, std::string_view s);

// Writes `"key":` after a ',' unless it is the object's first member.
inline void put_key(std::string& out, std::string_view key, bool first = false) {
  if (!first) out += ',';
  out += '"';
  out += key;
  out += "\":";
}

// An array of `items`, each written by put_item(out, item).
template <class Range, class F>
void put_array(std::string& out, const Range& items, F&& put_item) {
  out += '[';
  bool first = true;
  for (const auto& item : items) {
    if (!first) out += ',';
    first = false;
    put_item(out, item);
  }
  out += ']';
}

}  // namespace cuzk::filecoin
