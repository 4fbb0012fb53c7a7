// cuzk::Error and its subclasses: every failure carries a message naming the
// file, field or request at fault.
#pragma once
#include <stdexcept>
#include <string>

namespace cuzk {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Malformed bytes or text: wrong length, bad flags, non-canonical, off-curve...
class DecodeError : public Error {
 public:
  using Error::Error;
};

// Work stopped because its job was cancelled.
class Cancelled : public Error {
 public:
  using Error::Error;
};

// A witness that does not satisfy its circuit.
class UnsatisfiedError : public Error {
 public:
  using Error::Error;
};

// A proof the prover made does not verify: a witness that breaks a circuit
// the prover cannot check before proving (a circom key has no C matrix), or a
// prover fault.
class VerificationFailed : public Error {
 public:
  using Error::Error;
};

// A CUDA runtime call failed.
class CudaError : public Error {
 public:
  using Error::Error;
};

}  // namespace cuzk
