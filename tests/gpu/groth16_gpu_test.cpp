// The GPU prover against the CPU prover: identical MSM answers (the proof
// terms before blinding) on synthetic circuits of several sizes, including
// non-powers of two; GPU proofs verify with the CPU verifier. Plain C++: it
// drives the GPU prover through its host API.
#include <gtest/gtest.h>

#include "circuits/synthetic.hpp"
#include "gpu/device.hpp"
#include "groth16/cuda/gpu_prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/shape_counter.hpp"

using namespace cuzk;
using namespace cuzk::groth16;
using E = Bls12_381;
using Fr = E::Fr;

TEST(Groth16Gpu, TermsEqualCpuAndProofsVerify) {
  if (gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device";
  for (size_t n : {size_t(700), size_t(4096 - 9), size_t(20000)}) {
    circuits::SyntheticCircuit<Fr> shape_circuit({n, 4, 1});
    auto pk = generate_random_parameters<E>([&](auto& cs) { shape_circuit.synthesize(cs); });
    PreparedVerifyingKey<E> pvk(pk.vk);
    cuda::GpuProvingKey<E> gkey(pk, 0);
    cuda::GpuProver<E> prover(0);
    for (uint64_t seed : {3ull, 4ull}) {
      circuits::SyntheticCircuit<Fr> c({n, 4, seed});
      r1cs::OwnedAssignmentBuffers<Fr> buf(c.shape());
      r1cs::ProvingAssignment<Fr> pa(buf.view());
      c.synthesize(pa);
      pa.finish();
      auto h = compute_h_bellperson<Fr>(pa.a(), pa.b(), pa.c());
      auto cpu = compute_terms_cpu(pk, pa, h);
      cuda::GpuTimings t;
      auto gpu = prover.compute(gkey, pa, &t);
      EXPECT_TRUE(gpu.h == cpu.h) << "n=" << n;
      EXPECT_TRUE(gpu.l == cpu.l) << "n=" << n;
      EXPECT_TRUE(gpu.a == cpu.a) << "n=" << n;
      EXPECT_TRUE(gpu.b_g1 == cpu.b_g1) << "n=" << n;
      EXPECT_TRUE(gpu.b_g2 == cpu.b_g2) << "n=" << n;
      auto proof = assemble_proof(pk.vk, gpu, Fr::from_u64(11 + seed), Fr::from_u64(97));
      auto x = c.public_inputs();
      EXPECT_TRUE(verify_proof(pvk, proof, std::span<const Fr>(x))) << "n=" << n;
      EXPECT_GT(t.h2d_bytes, 0u);
    }
  }
}
