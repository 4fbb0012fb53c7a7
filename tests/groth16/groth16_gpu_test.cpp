// The GPU prover against the CPU prover: identical MSM answers (the proof
// terms before blinding) on synthetic circuits of several sizes, including
// non-powers of two; GPU proofs verify with the CPU verifier. Plain C++: it
// drives the GPU prover through its host API.
#include <gtest/gtest.h>

#include <fstream>
#include <optional>

#include "circuits/synthetic.hpp"
#include "gpu/device.hpp"
#include "formats/snarkjs/wtns.hpp"
#include "formats/snarkjs/zkey.hpp"
#include "groth16/cuda/gpu_prover.hpp"
#include "groth16/cuda/gpu_zkey_prover.hpp"
#include "groth16/zkey_prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/shape_counter.hpp"
#include "support/snarkjs_fixtures.hpp"

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
      auto h = compute_h_bellperson<Fr>(pa.a(), pa.b());
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

// a/b streamed to the device during synthesis (DeviceAbcStream) give the
// same terms as a/b kept on the host and copied after it, for windows that
// divide the length and windows that do not; the slot comes back once the
// stream is gone, and serves a second stream.
TEST(Groth16Gpu, StreamedAbcGiveTheSameTerms) {
  if (gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device";
  const size_t n = 20000;
  circuits::SyntheticCircuit<Fr> shape_circuit({n, 4, 1});
  auto pk = generate_random_parameters<E>([&](auto& cs) { shape_circuit.synthesize(cs); });
  PreparedVerifyingKey<E> pvk(pk.vk);
  cuda::GpuProvingKey<E> gkey(pk, 0);
  cuda::GpuProver<E> prover(0);
  circuits::SyntheticCircuit<Fr> c({n, 4, 5});
  const auto shape = c.shape();
  r1cs::OwnedAssignmentBuffers<Fr> buf(shape);
  r1cs::ProvingAssignment<Fr> kept(buf.view());
  c.synthesize(kept);
  kept.finish();
  auto want = prover.compute(gkey, kept);

  std::optional<cuda::DeviceAbcSlot> returned;
  for (size_t window : {size_t(1000), size_t(1) << 12, size_t(1) << 16}) {
    cuda::DeviceAbcSlot slot;
    if (returned) {
      slot = std::move(*returned);
      returned.reset();
    } else {
      slot.device = gpu::DeviceBuffer(cuda::DeviceAbcStream<Fr>::device_bytes(shape.abc_length()));
    }
    if (slot.host.size() < cuda::DeviceAbcStream<Fr>::host_bytes(window))
      slot.host = gpu::PinnedBuffer(cuda::DeviceAbcStream<Fr>::host_bytes(window));
    std::vector<Fr> inputs(shape.num_inputs), aux(shape.num_aux);
    {
      cuda::DeviceAbcStream<Fr> stream(0, shape.abc_length(), window, std::move(slot),
                                       [&](cuda::DeviceAbcSlot&& s) { returned = std::move(s); });
      r1cs::ProvingAssignment<Fr> pa(inputs, aux, stream);
      c.synthesize(pa);
      pa.finish();
      ASSERT_TRUE(stream.closed());
      EXPECT_EQ(stream.bytes_copied(), 2 * shape.abc_length() * sizeof(Fr));  // a and b; c is made on the device
      EXPECT_THROW(prover.copy_inputs(gkey, pa), Error) << "a streamed assignment needs its stream";
      cuda::GpuTimings t;
      prover.copy_inputs(gkey, pa, &t, &stream);
      EXPECT_EQ(t.h2d_bytes, (shape.num_inputs + shape.num_aux) * sizeof(Fr)) << "only the witness is copied";
      auto got = prover.compute_copied(gkey, pa, &t);
      EXPECT_TRUE(got.h == want.h) << window;
      EXPECT_TRUE(got.l == want.l) << window;
      EXPECT_TRUE(got.a == want.a) << window;
      EXPECT_TRUE(got.b_g1 == want.b_g1) << window;
      EXPECT_TRUE(got.b_g2 == want.b_g2) << window;
      auto proof = assemble_proof(pk.vk, got, Fr::from_u64(5), Fr::from_u64(6));
      auto x = c.public_inputs();
      EXPECT_TRUE(verify_proof(pvk, proof, std::span<const Fr>(x)));
      EXPECT_FALSE(returned);
    }
    EXPECT_TRUE(returned) << "the slot comes back when the stream is gone";
  }
}

// The snarkjs path: the GPU zkey prover's terms equal the CPU's on the
// snarkjs-made fixture keys of both curves, decoded or encoded (points
// checked on the device, a bad one named in the host reader's words); its
// proofs verify; a tampered witness gives a proof that does not.
template <class E2>
void check_zkey_on_gpu(const std::string& curve_dir) {
  using F = typename E2::Fr;
  const std::string dir = testing_support::snarkjs_fixture(curve_dir, "");
  auto pk = formats::snarkjs::read_zkey_file<E2>(dir + "circuit.zkey");
  auto w = formats::snarkjs::read_wtns_file<E2>(dir + "witness.wtns");
  ntt::Domain<F> d(pk.log_n(), ff::RootConvention::kSnarkjs);
  std::vector<F> a(pk.domain_size), b(pk.domain_size), c(pk.domain_size);
  evaluate_ab(pk, std::span<const F>(w), std::span<F>(a), std::span<F>(b));
  compute_h_snarkjs<F>(a, b, c, d);
  auto cpu = compute_terms_zkey(pk, std::span<const F>(w), std::span<const F>(a));
  cuda::GpuZkeyProver<E2> prover(pk, 0);
  cuda::GpuTimings t;
  auto gpu = prover.compute(std::span<const F>(w), &t);
  EXPECT_TRUE(gpu.h == cpu.h) << curve_dir;
  EXPECT_TRUE(gpu.l == cpu.l) << curve_dir;
  EXPECT_TRUE(gpu.a == cpu.a) << curve_dir;
  EXPECT_TRUE(gpu.b_g1 == cpu.b_g1) << curve_dir;
  EXPECT_TRUE(gpu.b_g2 == cpu.b_g2) << curve_dir;
  PreparedVerifyingKey<E2> pvk(pk.vk);
  auto pub = public_signals(pk, std::span<const F>(w));
  EXPECT_TRUE(verify_proof(pvk, finalize_zkey_proof(pk, gpu), std::span<const F>(pub))) << curve_dir;
  auto bad = w;
  bad.back() += F::one();
  auto tampered = finalize_zkey_proof(pk, prover.compute(std::span<const F>(bad)));
  EXPECT_FALSE(verify_proof(pvk, tampered, std::span<const F>(pub))) << curve_dir;
  w.pop_back();
  EXPECT_THROW(prover.compute(std::span<const F>(w)), Error);

  // the key as GPU hosts load it, its points checked and converted on the device
  auto enc = formats::snarkjs::read_zkey_file<E2>(dir + "circuit.zkey", {.points = PointStorage::kEncoded});
  ASSERT_TRUE(enc.encoded());
  cuda::GpuZkeyProver<E2> enc_prover(enc, 0);
  w.push_back(bad.back() - F::one());
  auto from_enc = enc_prover.compute(std::span<const F>(w));
  EXPECT_TRUE(from_enc.h == cpu.h && from_enc.l == cpu.l && from_enc.a == cpu.a && from_enc.b_g1 == cpu.b_g1 &&
              from_enc.b_g2 == cpu.b_g2)
      << curve_dir << " (encoded key)";
  EXPECT_TRUE(verify_proof(pvk, finalize_zkey_proof(enc, from_enc), std::span<const F>(pub))) << curve_dir;

  // a point off the curve: refused on the device in the host reader's words
  std::ifstream in(dir + "circuit.zkey", std::ios::binary);
  std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const size_t b2_at = size_t(formats::snarkjs::BinFile(bytes, "zkey", 2, "zkey").section(7, "B2").data() - bytes.data());
  constexpr size_t w2 = KeyPoints<typename E2::G2>::kEncodedBytes;
  bytes[b2_at + 2 * w2 + w2 / 2] ^= 1;
  const std::string path = ::testing::TempDir() + "/gpu_bad_b2_" + curve_dir + ".zkey";
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  std::string host_error, device_error;
  try {
    formats::snarkjs::read_zkey_file<E2>(path);
  } catch (const DecodeError& e) {
    host_error = e.what();
  }
  const auto bad_key = formats::snarkjs::read_zkey_file<E2>(path, {.points = PointStorage::kEncoded});
  try {
    cuda::GpuZkeyProver<E2> refused(bad_key, 0);
  } catch (const DecodeError& e) {
    device_error = e.what();
  }
  EXPECT_NE(host_error.find("B2[2]"), std::string::npos) << host_error;
  EXPECT_EQ(device_error, host_error) << curve_dir;
}

TEST(Groth16Gpu, ZkeyTermsEqualCpuAndProofsVerify) {
  if (gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device";
  check_zkey_on_gpu<Bn254>("bn128");
  check_zkey_on_gpu<Bls12_381>("bls12381");
}
