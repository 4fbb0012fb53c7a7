#!/usr/bin/env bash
# Times every 3-pass NTT plan (radix logs 6..9, any order) at the given sizes
# on the GPU through env CUZK_NTT_PLAN, to tune make_plan for a card. Binaries
# from scripts/device/pack-bin (bench/bench_ntt_gpu; carry .devbin.txz).
# Each plan runs REPS times, interleaved with the others so that drift of the
# card hits them alike; the table gives each plan's runs (medians of RUNS).
#   scripts/device/ntt-plan-sweep.sh [sizes...]      (default 20 21 22 23 24 25 26)
source "$(dirname "$0")/lib.sh"
REPS=${REPS:-2}
RUNS=${RUNS:-15}
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(20 21 22 23 24 25 26)
declare -A times
plans_for() {  # all (a,b,c) in 6..9 summing to $1
  for a in 6 7 8 9; do for b in 6 7 8 9; do
    c=$(($1 - a - b))
    ((c >= 6 && c <= 9)) && echo "$a,$b,$c"
  done; done
}
for rep in $(seq "$REPS"); do
  for L in "${sizes[@]}"; do
    for plan in $(plans_for "$L"); do
      out=$(CUZK_NTT_PLAN=$plan timeout 120 "$B/bench_ntt_gpu" --min-log "$L" --max-log "$L" --runs "$RUNS" 2>&1)
      echo "=== 2^$L plan $plan rep $rep" >>"$LOG"
      echo "$out" >>"$LOG"
      while read -r mode ms; do
        times["$L $plan $mode"]+="$ms "
      done < <(echo "$out" | awk -F' *[|] *' -v l="2^$L" '$2 == "forward" && $3 == l {split($4, m, " "); print m[1], $5}')
    done
  done
done
printf '| n | plan | full table ms | two-level ms |\n| --- | --- | --- | --- |\n'
for L in "${sizes[@]}"; do
  for plan in $(plans_for "$L"); do
    printf '| 2^%s | %s | %s| %s|\n' "$L" "$plan" "${times["$L $plan full"]:-- }" "${times["$L $plan two-level"]:-- }"
  done
done
