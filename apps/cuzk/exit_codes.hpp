// The exit codes of every cuzk command. README.md ("Exit codes") is the table
// users read; the two must say the same.
#pragma once

namespace cuzk::app {

enum ExitCode : int {
  kExitOk = 0,
  // A well-formed proof that does not verify. Never a file that fails to
  // decode: that is bad input, so callers can tell a forged proof from a
  // damaged one.
  kExitInvalidProof = 1,
  kExitBadInput = 2,  // usage, arguments, input files, a request the daemon refused
  kExitInternal = 3,  // internal or device error; the daemon unreachable or failing the job
};

}  // namespace cuzk::app
