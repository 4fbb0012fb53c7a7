#!/usr/bin/env bash
# The one command for a device run with binaries packed by
# scripts/pack-device-bin (no build on the GPU machine; carry .devbin.txz, unpacked here): the GPU prover
# against the CPU prover, then the engine at several sizes, most important
# first; a table at the end; the full log in $OUT (or /tmp).
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f .devbin.txz ] && tar -xJf .devbin.txz
export LD_LIBRARY_PATH=$PWD/.devbin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
B=.devbin/bin
O=${OUT:-/tmp}
LOG=$O/device-session.log
: >"$LOG"
nvidia-smi -L | tee -a "$LOG"
rows=()
run() {  # run <label> <timeout s> <command...>
  local label=$1 t=$2
  shift 2
  echo "=== $label" >>"$LOG"
  local s=$(date +%s.%N) rc
  if timeout "$t" "$@" >>"$LOG" 2>&1; then rc=ok; else rc="FAIL($?)"; fi
  rows+=("$(printf '%-40s %-9s %7.1f s' "$label" "$rc" "$(awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN{print b-a}')")")
  printf '%s\n' "${rows[-1]}" >>"$O/summary.txt"
}
P="$B/cuzk bench pipeline"
M24=$(((1 << 24) - 64))
run "gpu_groth16_test (GPU vs CPU terms)" 120 "$B/gpu_groth16_test" --gtest_brief=1
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
run "daemon vs in-process 2^20 4x8" 150 scripts/daemon-vs-inprocess.sh $B/cuzk /tmp/dvi 1048512 4 8
run "pipeline 2^26 x8 pinned" 150 $P --constraints $(((1 << 26) - 64)) --partitions 8 --key random --trace $O/trace26.json
grep -vE "^\[ *(RUN|OK) " "$LOG" | tail -150
echo
printf '%-40s %-9s %9s\n' step result time
printf '%s\n' "${rows[@]}"
