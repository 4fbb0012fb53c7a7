#!/usr/bin/env bash
# The one command for a device run with binaries packed by
# scripts/device/pack-bin (no build on the GPU machine; carry .devbin.txz, unpacked here): the GPU prover
# against the CPU prover, then the engine at several sizes, most important
# first; a table at the end; the full log in $OUT (or /tmp).
source "$(dirname "$0")/lib.sh"
P="$B/cuzk bench pipeline"
M24=$(((1 << 24) - 64))
run "groth16_gpu_test (GPU vs CPU terms)" 120 "$B/groth16_gpu_test" --gtest_brief=1
[ -x "$B/engine_gpu_backend_test" ] && run "engine_gpu_backend_test (GPU backend == CPU backend, mixed jobs)" 120 "$B/engine_gpu_backend_test" --gtest_brief=1
run "cuzk demo (GPU)" 60 "$B/cuzk" demo --height 3 --challenges 4
for c in bn128 bls12381; do  # zkey proofs on the GPU; snarkjs verifies them back home
  F=tests/snarkjs/fixtures/$c
  run "cuzk prover zkey $c (GPU)" 60 "$B/cuzk" prover $F/circuit.zkey $F/witness.wtns $O/zk_${c}_proof.json \
    $O/zk_${c}_public.json --timings --verify
done
run "pipeline 2^16 x4 real key --verify" 90 $P --constraints 65472 --partitions 4 --key real --verify
run "pipeline 2^24 x16 pinned" 120 $P --constraints $M24 --partitions 16 --key random --trace $O/trace24.json
run "pipeline 2^24 x16 pageable" 120 $P --constraints $M24 --partitions 16 --key random --host-memory pageable
run "pipeline 2^24 x16 staged" 120 $P --constraints $M24 --partitions 16 --key random --host-memory staged
run "daemon vs in-process 2^20 4x8" 150 scripts/bench/daemon-vs-inprocess.sh $B/cuzk /tmp/dvi 1048512 4 8
run "pipeline 2^26 x8 pinned" 150 $P --constraints $(((1 << 26) - 64)) --partitions 8 --key random --trace $O/trace26.json
print_summary
