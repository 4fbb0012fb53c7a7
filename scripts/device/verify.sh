#!/usr/bin/env bash
# One device run after a change to the kernels or the engine, with binaries
# packed by scripts/device/pack-bin (carry .devbin.txz): the GPU tests
# (GPU == CPU), snarkjs fixtures proved on the GPU by `cuzk prover` (proofs
# left in $OUT for snarkjs to verify where node is), then the device
# benchmarks (arithmetic, NTT, MSM G1 and G2, a window sweep), then the
# prover pipeline with proofs verified; table last. PART=check runs the
# tests, the prover and the verified pipeline; PART=bench the benchmarks;
# unset, both (each half fits one 10-minute device call). The Filecoin
# circuits (binaries: pack-bin with apps/cuzk/cuzk
# tests/filecoin/prove/filecoin_prove_test
# tests/filecoin/sparse_sector/filecoin_sparse_sector_gen
# tests/filecoin/stacked_circuit/filecoin_stacked_synthesis_bench): PART=filecoin
# proves every 2 KiB proof kind on the GPU and the CPU (dev keys, verified
# three ways) and runs `cuzk filecoin` end to end; PART=filecoin32 writes a
# sparse 32 GiB sector, counts the 32 GiB circuits, times one PoRep
# partition's synthesis on 1 and 16 threads, and pushes its PoRep C1
# output's 10 partitions through the engine on the GPU under a random key of
# the real shape (benchmark only: a real setup of 130 M constraints is out of
# reach here, so those proofs are not verified). PART=dropin: the C
# libraries and the .zkey device path (binaries listed there); the one-shot
# comparison with rapidsnark is scripts/device/oneshot-bench.sh.
PART=${PART:-all}
source "$(dirname "$0")/lib.sh"
P="$B/cuzk bench pipeline"
if [ "$PART" = filecoin ]; then
  # node is missing there: the proofs come back ($O/outside.tgz) for
  # noble_groth16_verify.mjs to check here.
  mkdir -p /tmp/outside
  run "filecoin_prove_test (GPU+CPU, all kinds)" 560 env CUZK_EXHAUSTIVE=1 CUZK_OUTSIDE_DUMP=/tmp/outside \
    "$B/filecoin_prove_test"
  tar -czf "$O/outside.tgz" -C /tmp outside
  run "cuzk filecoin end to end (2 KiB PoSt)" 300 bash tests/apps/filecoin_prove_test.sh "$PWD/$B/cuzk" \
    "$PWD/$B/filecoin_sparse_sector_gen"
  grep -E "^ok:|^FAIL|^skip|OK \]|FAILED|^note|prove:|synthesis|proving" "$LOG" | head -80
  print_summary 0
  exit 0
fi
if [ "$PART" = dropin ]; then
  # The drop-in libraries on the GPU (binaries: pack-bin build-cuda
  # apps/cuzk/cuzk tests/msm/msm_gpu_test tests/groth16/groth16_gpu_test
  # tests/engine/engine_gpu_backend_test tests/capi/rapidsnark_api_test
  # tests/capi/supraseal_fixture tests/capi/supraseal_api_test
  # tests/capi/supraseal_curio_test): encoded key points checked and a/b
  # made on the device, rapidsnark's C API on both curves (its proofs come
  # back in $O/rapidsnark for snarkjs), supraseal's and Curio's ABI.
  run "msm_gpu_test: encoded bases" 180 "$B/msm_gpu_test" --gtest_filter='*Encoded*'
  run "groth16_gpu_test: zkey keys" 180 "$B/groth16_gpu_test" --gtest_filter='*Zkey*'
  run "engine_gpu_backend_test" 240 "$B/engine_gpu_backend_test"
  for c in bn128 bls12381; do
    fx=tests/snarkjs/fixtures/$c
    mkdir -p "$O/rapidsnark/$c"
    run "rapidsnark_api_test $c" 180 "$B/rapidsnark_api_test" "$fx/circuit.zkey" "$fx/witness.wtns" \
      "$fx/verification_key.json" "$O/rapidsnark/$c"
  done
  S=/tmp/supraseal_fixture
  rm -rf "$S" && mkdir -p "$S"
  run "supraseal_fixture" 180 "$B/supraseal_fixture" "$S" 3
  run "supraseal_api_test" 300 "$B/supraseal_api_test" "$S" "$PWD/$B/cuzk"
  run "supraseal_curio_test" 300 "$B/supraseal_curio_test" "$S" "$PWD/$B/cuzk"
  grep -E "^ok|^FAIL|OK \]|FAILED|checks|on the GPU|on the CPU" "$LOG" | head -80
  print_summary 0
  exit 0
fi
if [ "$PART" = filecoin32 ]; then
  S=/tmp/sector32
  run "sparse 32 GiB sector" 120 "$B/filecoin_sparse_sector_gen" "$S" 32GiB
  for t in StackedDrg32GiBV1_1 StackedDrgWindow32GiBV1_2 update:StackedDrg32GiBV1; do
    run "shape $t" 200 "$B/cuzk" filecoin shape --type "$t"
  done
  run "synthesis of one 32 GiB PoRep partition, 1 and 16 threads" 400 "$B/filecoin_stacked_synthesis_bench" 32GiB \
    --threads 16
  PROVER=$(sed 's/.*"prover_id":"\([0-9a-f]*\)".*/\1/' "$S/inputs.json")
  run "pipeline: 32 GiB PoRep C1, 10 partitions, random key" 400 "$B/cuzk" bench pipeline --c1 "$S/c1_wrapper.json" \
    --prover-id "$PROVER" --key random --jobs 1
  grep -E "^  |^===|bench pipeline|partitions|synthesis|peak|GPU|throughput" "$LOG" | head -120
  print_summary 0
  exit 0
fi
if [ "$PART" != bench ]; then
for t in ff_field_device_test ntt_gpu_test msm_gpu_test groth16_gpu_test engine_gpu_backend_test; do
  [ -x "$B/$t" ] && run "$t" 300 "$B/$t" --gtest_brief=1
done
for c in bn128 bls12381; do
  f=tests/snarkjs/fixtures/$c
  run "cuzk prover $c (GPU)" 60 "$B/cuzk" prover "$f/circuit.zkey" "$f/witness.wtns" "$O/proof_$c.json" "$O/public_$c.json" --timings
  run "cuzk verifier $c (snarkjs's vk)" 30 "$B/cuzk" verifier "$f/verification_key.json" "$O/public_$c.json" "$O/proof_$c.json"
done
run "pipeline 2^16 x4 real key --verify" 120 $P --constraints 65472 --partitions 4 --key real --verify
fi
if [ "$PART" != check ]; then
run "bench_device_arith" 120 "$B/bench_device_arith" --runs 5
run "bench_ntt_gpu" 200 "$B/bench_ntt_gpu" --runs 7
run "bench_msm_gpu G1 + G2" 400 env CUZK_MSM_BENCH_SWEEP=20,21,22 "$B/bench_msm_gpu" 26 24 5
run "pipeline 2^24 x8 random key" 200 $P --constraints $(((1 << 24) - 64)) --partitions 8 --key random
run "pipeline 2^27 x4 random key" 300 $P --constraints $(((1 << 27) - 64)) --partitions 4 --key random
fi
grep -E "^\| |MISMATCH|sweep|profile|PASSED|FAILED|^=== pipe|^(ntt|msm|synthesis|h2d) " "$LOG" | grep -v "^| --- " | head -150
print_summary 3
