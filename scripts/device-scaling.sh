#!/usr/bin/env bash
# Multi-GPU scaling (run on nvidia-h200-x2 with binaries from
# scripts/pack-device-bin): the same pipeline on one GPU and on two, then
# the daemon against the in-process engine; the zkey GPU test and proofs first.
source "$(dirname "$0")/device-lib.sh"
P="$B/cuzk bench pipeline"
M24=$(((1 << 24) - 64))
run "gpu_groth16_test (GPU vs CPU terms)" 120 "$B/gpu_groth16_test" --gtest_brief=1
for c in bn128 bls12381; do  # snarkjs verifies these back home
  F=tests/snarkjs/fixtures/$c
  run "cuzk prover zkey $c (GPU)" 60 "$B/cuzk" prover $F/circuit.zkey $F/witness.wtns $O/zk_${c}_proof.json \
    $O/zk_${c}_public.json --timings --verify
done
run "pipeline 2^24 x32, 1 GPU" 120 $P --constraints $M24 --partitions 32 --key random --gpus 1
run "pipeline 2^24 x32, 2 GPUs" 120 $P --constraints $M24 --partitions 32 --key random --gpus 2 --trace $O/trace24x2.json
run "pipeline 2^26 x8, 1 GPU" 150 $P --constraints $(((1 << 26) - 64)) --partitions 8 --key random --gpus 1
run "pipeline 2^27 x4, 1 GPU" 150 $P --constraints $(((1 << 27) - 64)) --partitions 4 --key random --gpus 1 --host-memory register
run "daemon vs in-process 2^20 4x32" 150 scripts/daemon-vs-inprocess.sh $B/cuzk /tmp/dvi 1048512 4 32
print_summary 200
