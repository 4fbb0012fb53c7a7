#!/usr/bin/env bash
# The one command for a device run with binaries packed by
# scripts/pack-device-bin (no build on the GPU machine): the GPU prover
# against the CPU prover, then the engine at several sizes, most important
# first; a table at the end; the full log in $OUT (or /tmp).
set -uo pipefail
cd "$(dirname "$0")/.."
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
run "gpu_groth16_test (GPU vs CPU terms)" 90 "$B/gpu_groth16_test" --gtest_brief=1
run "cuzk demo (GPU)" 60 "$B/cuzk" demo --height 3 --challenges 4
run "pipeline 2^16 x4 real key --verify" 90 $P --constraints 65472 --partitions 4 --key real --verify
run "proofs 2^20 x2 (random key)" 60 $P --constraints $(((1 << 20) - 64)) --partitions 2 --key random
run "pipeline 2^24 x8 pinned" 90 $P --constraints $(((1 << 24) - 64)) --partitions 8 --key random --trace $O/trace24.json
run "pipeline 2^24 x8 pageable" 90 $P --constraints $(((1 << 24) - 64)) --partitions 8 --key random --host-memory pageable
run "proof 2^27 x1 (random key)" 150 $P --constraints $(((1 << 27) - 64)) --partitions 1 --key random --host-memory register
grep -vE "^\[ *(RUN|OK) " "$LOG" | tail -150
echo
printf '%-40s %-9s %9s\n' step result time
printf '%s\n' "${rows[@]}"
