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
#   scripts/device/daemon-mix.sh run [CLIENTS=24] [SECONDS=150] [PERIOD=30]
set -euo pipefail
export LD_LIBRARY_PATH=$PWD/.devbin/lib
B=$PWD/.devbin/bin
M=$PWD/mix
phase=${1:?setup or run}
if [ "$phase" = setup ]; then
  rm -rf "$M" && mkdir -p "$M/params"
  (cd "$M" && "$B/filecoin_sparse_sector_gen" s2k 2KiB >/dev/null && "$B/filecoin_sparse_sector_gen" s32g 32GiB >/dev/null)
  porep=$(python3 -c 'import json;print(json.load(open("'"$M"'/s2k/inputs.json"))["registered_proof"])')
  for t in "$porep" StackedDrgWinning32GiBV1; do
    f=$("$B/cuzk" filecoin shape --type "$t" --json | python3 -c 'import json,sys;print(json.load(sys.stdin)["official_params_file"])')
    "$B/cuzk" filecoin setup --type "$t" --params-out "$M/params/$f" >"$M/setup-$t.log" &
  done
  wait
  ls -la "$M/params"
  exit 0
fi
CLIENTS=${2:-24} SECONDS_RUN=${3:-150} PERIOD=${4:-30}
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
trap 'kill $dpid 2>/dev/null; wait $dpid 2>/dev/null' EXIT
for _ in $(seq 600); do grep -q "cuzk daemon: ready" "$M/daemon.log" && break; sleep 0.1; done
A=(--address "unix://$M/cuzk.sock")
porep() {  # one PoRep job; prints its wall seconds
  local s=$(date +%s.%N)
  "$B/cuzk" client "${A[@]}" filecoin --kind porep --c1 "$M/s2k/c1_wrapper.json" --miner-id 488 \
    --request-id "porep-$1" >/dev/null
  awk -v a="$(date +%s.%N)" -v b="$s" 'BEGIN {printf "%.2f\n", a - b}'
}
winning() {
  local s=$(date +%s.%N)
  "$B/cuzk" client "${A[@]}" filecoin --kind winning --vanilla "$M/s32g/winning_post.vproof" \
    --registered-proof "$winning_id" --randomness "$rand" --request-id "win-$1" -o "$M/win-$1.proof" | sed 's/^/  /' >&2
  awk -v a="$(date +%s.%N)" -v b="$s" 'BEGIN {printf "%.2f\n", a - b}'
}
echo "warm-up (keys load, pool grows)"
winning warm >/dev/null
for i in $(seq "$CLIENTS"); do porep "warm-$i" >/dev/null & done
wait
load() {  # $1: tag; PoRep loops for SECONDS_RUN; prints completions
  local end=$(( $(date +%s) + SECONDS_RUN ))
  for c in $(seq "$CLIENTS"); do
    ( n=0; while [ "$(date +%s)" -lt $end ]; do porep "$1-$c-$n" >/dev/null; n=$((n + 1)); done; echo $n >"$M/count-$1-$c" ) &
  done
}
load base
wait
base=$(cat "$M"/count-base-* | awk '{s += $1} END {print s}')
load mixed
lat=()
for k in $(seq $((SECONDS_RUN / PERIOD))); do
  sleep "$PERIOD"
  lat+=("$(winning "$k")")
done
wait
mixed=$(cat "$M"/count-mixed-* | awk '{s += $1} END {print s}')
echo
echo "| load | PoRep 2 KiB jobs in ${SECONDS_RUN} s | jobs/s |"
echo "| --- | --- | --- |"
echo "| PoRep alone, $CLIENTS clients | $base | $(awk -v n="$base" -v t="$SECONDS_RUN" 'BEGIN {printf "%.2f", n / t}') |"
echo "| PoRep + WinningPoSt 32 GiB every $PERIOD s | $mixed | $(awk -v n="$mixed" -v t="$SECONDS_RUN" 'BEGIN {printf "%.2f", n / t}') |"
echo
echo "WinningPoSt 32 GiB latencies under load (s): ${lat[*]}"
grep -h 'win-' "$M/daemon.log" | grep -E 'done|failed' | tail -n 20
