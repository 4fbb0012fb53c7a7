#!/usr/bin/env bash
# The one command for a device run with binaries packed by
# scripts/pack-device-bin (no build on the GPU machine). Runs the GPU tests
# (GPU against CPU), then the engine at several sizes, printing a table at
# the end; logs go to $OUT when set.
set -uo pipefail
cd "$(dirname "$0")/.."
export LD_LIBRARY_PATH=$PWD/.devbin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
B=.devbin/bin
LOG=${OUT:-/tmp}/device-session.log
: >"$LOG"
nvidia-smi -L | tee -a "$LOG"
declare -a rows
run() {  # run <label> <timeout s> <command...>
  local label=$1 t=$2
  shift 2
  local s=$(date +%s.%N)
  if timeout "$t" "$@" >>"$LOG" 2>&1; then rc=ok; else rc="FAIL($?)"; fi
  rows+=("$(printf '%-44s %-9s %7.1f s' "$label" "$rc" "$(echo "$(date +%s.%N) - $s" | bc)")")
}
for t in "$B"/gpu_*test "$B"/*_gpu_test; do
  [ -x "$t" ] && run "$(basename "$t")" 240 "$t" --gtest_brief=1
done
P="$B/cuzk bench pipeline"
run "pipeline 2^16 x4 real key, verify" 120 $P --constraints 65536 --partitions 4 --key real --verify
for k in 20 24; do
  run "one proof 2^$k (random key)" 120 $P --constraints $((1 << k)) --partitions 2 --key random
done
run "pipeline 2^24 x8 pinned" 200 $P --constraints $((1 << 24)) --partitions 8 --key random --trace ${OUT:-/tmp}/trace24.json
run "pipeline 2^24 x8 pageable" 200 $P --constraints $((1 << 24)) --partitions 8 --key random --host-memory pageable
grep -E "^(bench|  |stage|figure|[a-z].* [0-9])" "$LOG" | tail -120
echo
printf '%-44s %-9s %9s\n' step result time
printf '%s\n' "${rows[@]}"
