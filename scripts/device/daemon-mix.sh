#!/usr/bin/env bash
# The daemon under a mixed Filecoin load on a GPU machine: PoRep C2 jobs
# (2 KiB sectors, NORMAL) from many concurrent clients keep the pipeline full
# while a WinningPoSt of a 32 GiB sector (CRITICAL, its kind's default)
# arrives every PERIOD seconds, as Curio sends them (`cuzk client filecoin`).
# Prints each WinningPoSt's latency and the PoRep throughput with and
# without them. Development keys (INSECURE) are made first (phase setup).
# Usage, from the repository root with .devbin/ (scripts/device/pack-bin
# build-cuda apps/cuzk/cuzk tests/filecoin/sparse_sector/filecoin_sparse_sector_gen):
#   scripts/device/daemon-mix.sh setup
#   scripts/device/daemon-mix.sh run [CLIENTS=16] [SECONDS=120] [PERIOD=30]
#   scripts/device/daemon-mix.sh all [CLIENTS SECONDS PERIOD]   (both, as one command)
# The keys are loaded (PreloadSRS) before anything is timed: the first load of
# the 1.1 GB PoRep key is a key-load figure, not a proving one.
set -euo pipefail
say() { echo "[$(date +%T)] $*"; }
export LD_LIBRARY_PATH=$PWD/.devbin/lib
B=$PWD/.devbin/bin
M=$PWD/mix
phase=${1:?setup, run or all}
if [ "$phase" = all ]; then
  shift
  "$0" setup
  exec "$0" run "$@"
fi
if [ "$phase" = setup ]; then
  say "setup: sparse sectors, development keys"
  rm -rf "$M" && mkdir -p "$M/params"
  (cd "$M" && "$B/filecoin_sparse_sector_gen" s2k 2KiB >/dev/null && "$B/filecoin_sparse_sector_gen" s32g 32GiB >/dev/null)
  porep=$(python3 -c 'import json;print(json.load(open("'"$M"'/s2k/inputs.json"))["registered_proof"])')
  for t in "$porep" StackedDrgWinning32GiBV1; do
    f=$("$B/cuzk" filecoin shape --type "$t" --json | python3 -c 'import json,sys;print(json.load(sys.stdin)["official_params_file"])')
    "$B/cuzk" filecoin setup --type "$t" --params-out "$M/params/$f" >"$M/setup-$t.log" &
  done
  wait
  say "setup done"
  ls -la "$M/params"
  exit 0
fi
CLIENTS=${2:-16} SECONDS_RUN=${3:-120} PERIOD=${4:-30}
val() { python3 -c 'import json;print(json.load(open("'"$1"'"))["'"$2"'"])'; }
rand=$(val "$M/s32g/inputs.json" post_randomness)
winning_id=3  # StackedDrgWinning32GiBV1
cat >"$M/cuzk.toml" <<TOML
[daemon]
listen = "unix://$M/cuzk.sock"
status_listen = "127.0.0.1:0"
[srs]
param_cache = "$M/params"
TOML
"$B/cuzk" daemon --config "$M/cuzk.toml" >"$M/daemon.log" 2>&1 &
dpid=$!
# GPU utilisation every 200 ms, tagged by phase (the file ./phase names it)
echo setup >"$M/phase"
( while kill -0 $dpid 2>/dev/null; do
    u=$(nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader,nounits 2>/dev/null | head -n 1)
    echo "$(cat "$M/phase") $u"
    sleep 0.2
  done ) >"$M/gpu-util" &
spid=$!
trap 'kill $dpid $spid 2>/dev/null; wait $dpid 2>/dev/null' EXIT
for _ in $(seq 600); do grep -q "cuzk daemon: ready" "$M/daemon.log" && break; sleep 0.1; done
say "daemon ready"
A=(--address "unix://$M/cuzk.sock")
porep() {  # one PoRep job; prints its wall seconds
  local s=$(date +%s.%N)
  "$B/cuzk" client "${A[@]}" filecoin --kind porep --c1 "$M/s2k/c1_wrapper.json" --miner-id 488 \
    --request-id "porep-$1" >/dev/null
  awk -v a="$(date +%s.%N)" -v b="$s" 'BEGIN {printf "%.2f\n", a - b}'
}
winning() {  # one WinningPoSt; prints its wall seconds, logs the daemon's timings
  local s=$(date +%s.%N)
  "$B/cuzk" client "${A[@]}" filecoin --kind winning --vanilla "$M/s32g/winning_post.vproof" \
    --registered-proof "$winning_id" --randomness "$rand" --request-id "win-$1" -o "$M/win-$1.proof" >>"$M/winning.log"
  awk -v a="$(date +%s.%N)" -v b="$s" 'BEGIN {printf "%.2f\n", a - b}'
}
busy() {  # mean GPU utilisation (%) over the samples of phase $1
  awk -v p="$1" '$1 == p && $2 != "" {s += $2; n++} END {if (n) printf "%.1f", s / n; else printf "-"}' "$M/gpu-util"
}
say "keys (PreloadSRS, timed apart from the proofs)"
for id in porep-2k winning-32g; do
  s=$(date +%s.%N)
  "$B/cuzk" client "${A[@]}" preload "$id"
  awk -v a="$(date +%s.%N)" -v b="$s" -v k="$id" 'BEGIN {printf "  %s: %.1f s\n", k, a - b}'
done
say "warm-up (the pinned pool grows)"
echo warm >"$M/phase"
winning warm >/dev/null
# `wait` alone would wait for the daemon and the sampler too: wait for these pids
pids=()
for i in $(seq "$CLIENTS"); do porep "warm-$i" >/dev/null & pids+=($!); done
wait "${pids[@]}"
say "winning alone (idle GPU):"
echo alone >"$M/phase"
alone=()
for k in 1 2 3; do alone+=("$(winning "alone-$k")"); done
load() {  # $1: tag; PoRep loops for SECONDS_RUN, their pids in loaders; each writes its count
  local end=$(( $(date +%s) + SECONDS_RUN ))
  loaders=()
  for c in $(seq "$CLIENTS"); do
    ( n=0; while [ "$(date +%s)" -lt $end ]; do porep "$1-$c-$n" >/dev/null; n=$((n + 1)); done; echo $n >"$M/count-$1-$c" ) &
    loaders+=($!)
  done
}
say "PoRep alone, $CLIENTS clients, $SECONDS_RUN s"
echo base >"$M/phase"
load base
wait "${loaders[@]}"
base=$(cat "$M"/count-base-* | awk '{s += $1} END {print s}')
say "PoRep + WinningPoSt every $PERIOD s"
echo mixed >"$M/phase"
load mixed
lat=()
for k in $(seq $((SECONDS_RUN / PERIOD))); do
  sleep "$PERIOD"
  lat+=("$(winning "$k")")
done
wait "${loaders[@]}"
echo done >"$M/phase"
mixed=$(cat "$M"/count-mixed-* | awk '{s += $1} END {print s}')
echo
echo "| load | PoRep 2 KiB jobs in ${SECONDS_RUN} s | jobs/s | GPU busy (nvidia-smi mean) |"
echo "| --- | --- | --- | --- |"
echo "| PoRep alone, $CLIENTS clients | $base | $(awk -v n="$base" -v t="$SECONDS_RUN" 'BEGIN {printf "%.2f", n / t}') | $(busy base)% |"
echo "| PoRep + WinningPoSt 32 GiB every $PERIOD s | $mixed | $(awk -v n="$mixed" -v t="$SECONDS_RUN" 'BEGIN {printf "%.2f", n / t}') | $(busy mixed)% |"
echo
echo "WinningPoSt 32 GiB wall latencies (s), GPU idle: ${alone[*]}; under load: ${lat[*]}"
# The daemon's own split of each WinningPoSt (queue, synthesis, GPU, verify) and the
# PoRep work its GPU time displaces: GPU ms summed over the mixed run's WinningPoSts
# times the base PoRep rate.
sed 's/^/  /' "$M/winning.log"
gpu_ms=$(grep -E '^job win-[0-9]+:' "$M/winning.log" | sed -E 's/.*gpu ([0-9]+).*/\1/' | awk '{s += $1} END {print s + 0}')
awk -v g="$gpu_ms" -v b="$base" -v m="$mixed" -v t="$SECONDS_RUN" 'BEGIN {
  printf "PoRep jobs lost: %d (%.1f%%); the WinningPoSts'"'"' own GPU time (%.2f s) is worth %.2f PoRep jobs at the base rate\n",
    b - m, 100 * (b - m) / b, g / 1e3, g / 1e3 * b / t }'
grep -h 'win-' "$M/daemon.log" | grep -E 'done|failed' | tail -n 20
echo "jobs failed or cancelled in the daemon's log: $(grep -cE 'job [^ ]+: (failed|cancelled)' "$M/daemon.log" || true)"
cp "$M/daemon.log" "$M/gpu-util" "$M/winning.log" "${OUT:-$M}/" 2>/dev/null || true
