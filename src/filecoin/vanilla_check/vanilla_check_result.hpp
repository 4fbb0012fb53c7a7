// The verdict of a vanilla-proof check: accepted, or refused with the first
// reason in proof order ("partition 3, challenge 7: drg parent 2 is column
// 1230, the graph says 1234"), plus notes: anomalies a careful verifier
// reports that rust-fil-proofs lets through (they never refuse a proof).
//
// What refuses, for every check in this folder: whatever rust-fil-proofs'
// vanilla verifier refuses (or panics on), the input checks of its proving
// API, and whatever would make the SNARK it then builds fail to verify
// against the public values (circuit unsatisfiable or public inputs that
// differ). Checks that hold for every proof Rust accepts, up to a SHA-256 or
// Poseidon collision, are applied directly so the reason is precise.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace cuzk::filecoin {

struct VanillaCheck {
  bool ok = true;
  std::string failure;             // empty when ok
  std::vector<std::string> notes;  // never a reason to refuse

  explicit operator bool() const { return ok; }
};

// The error require_accepted throws: its message is "<what>: <failure>".
class VanillaProofRefused : public Error {
 public:
  using Error::Error;
};

// Throws VanillaProofRefused unless the check accepted.
void require_accepted(const VanillaCheck& check, const std::string& what);

namespace vanilla_check_detail {

// Collects notes by kind so that one anomaly repeated over thousands of
// challenges reads as one line: "<first message> (and 2699 more like it)".
class NoteSet {
 public:
  void add(const std::string& kind, std::string message);
  void merge(const NoteSet& other);
  std::vector<std::string> lines() const;
  bool empty() const { return entries_.empty(); }

 private:
  struct Entry {
    std::string kind, first;
    size_t count = 0;
  };
  std::vector<Entry> entries_;
};

}  // namespace vanilla_check_detail

}  // namespace cuzk::filecoin
