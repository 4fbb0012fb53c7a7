#!/usr/bin/env bash
# One device run after a change to the kernels or the engine, with binaries
# packed by scripts/device/pack-bin (carry .devbin.txz): the GPU tests
# (GPU == CPU), snarkjs fixtures proved on the GPU by `cuzk prover` (proofs
# left in $OUT for snarkjs to verify where node is), then the device
# benchmarks (arithmetic, NTT, MSM G1 and G2, a window sweep), then the
# prover pipeline with proofs verified; table last. PART=check runs the
# tests, the prover and the verified pipeline; PART=bench the benchmarks;
# unset, both (each half fits one 10-minute device call).
PART=${PART:-all}
source "$(dirname "$0")/lib.sh"
P="$B/cuzk bench pipeline"
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
