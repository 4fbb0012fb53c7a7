#include <iostream>

#include "core/mapped_file.hpp"
#include "exit_codes.hpp"
#include "filecoin/verify/verify_filecoin_proof.hpp"
#include "filecoin_commands.hpp"
#include "formats/bellperson_params.hpp"
#include "formats/byte_reader.hpp"

namespace cuzk::app {

int run_filecoin_verify(const FilecoinVerifyArgs& a) {
  const Statement st = read_statement(a.values);
  const auto type = resolve_type(a.type, st);
  groth16::VerifyingKey<groth16::Bls12_381> vk;
  {
    MappedFile f(a.vk);
    formats::ByteReader r(f.bytes(), "verifying key '" + a.vk + "'");
    vk = formats::bellperson::read_vk(r);
  }
  MappedFile proof(a.proof);
  const auto r = filecoin::verify_filecoin_proof(type, st.values, vk, proof.bytes());
  const std::string parts = std::to_string(r.partitions) + (r.partitions == 1 ? " partition" : " partitions");
  if (r.valid) {
    std::cout << "OK: proof verifies (" << type.name << ", " << parts << ")\n";
    return kExitOk;
  }
  std::cout << "FAILED: proof does not verify (" << type.name << ", partition " << *r.first_invalid_partition
            << " of " << r.partitions << ")\n";
  return kExitInvalidProof;
}

}  // namespace cuzk::app
