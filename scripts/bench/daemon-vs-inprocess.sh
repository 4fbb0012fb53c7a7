#!/usr/bin/env bash
# The daemon under the same load as `cuzk bench pipeline`: JOBS jobs of PARTS
# synthetic partitions of N constraints with a real (dev) key, submitted by
# JOBS concurrent clients; prints partitions/s both ways.
# Usage: scripts/bench/daemon-vs-inprocess.sh <cuzk binary> <work dir> [N] [JOBS] [PARTS]
set -euo pipefail
CUZK=$1 T=$2 N=${3:-1048512} JOBS=${4:-4} PARTS=${5:-8}
mkdir -p "$T"
"$CUZK" setup --circuit synthetic --constraints "$N" -o "$T/key.params" >/dev/null
cat >"$T/daemon.toml" <<CFG
[daemon]
listen = "unix://$T/cuzk.sock"
status_listen = "127.0.0.1:0"
CFG
"$CUZK" daemon --config "$T/daemon.toml" >"$T/daemon.log" 2>&1 &
dpid=$!
trap 'kill $dpid 2>/dev/null; wait $dpid 2>/dev/null' EXIT
for _ in $(seq 100); do [ -S "$T/cuzk.sock" ] && break; sleep 0.1; done
A="--address unix:$T/cuzk.sock"
"$CUZK" client $A preload "$T/key.params" >/dev/null
# warm-up (as bench pipeline does): key on the device, the pool holding the
# buffers of every partition in flight under this load
warm=()
for j in $(seq "$JOBS"); do
  "$CUZK" client $A prove --circuit synthetic --constraints "$N" -p "$T/key.params" --partitions "$PARTS" \
    -o "$T/w$j.proof" --public "$T/w$j.json" >/dev/null &
  warm+=($!)
done
for p in "${warm[@]}"; do wait "$p"; done
s=$(date +%s.%N)
pids=()
for j in $(seq "$JOBS"); do
  "$CUZK" client $A prove --circuit synthetic --constraints "$N" -p "$T/key.params" --partitions "$PARTS" \
    --seed $((1000 * j)) -o "$T/p$j.proof" --public "$T/p$j.json" --verify >"$T/client$j.log" 2>&1 &
  pids+=($!)
done
failed=0
for p in "${pids[@]}"; do wait "$p" || failed=$((failed + 1)); done
e=$(date +%s.%N)
daemon=$(awk -v a="$s" -v b="$e" -v p=$((JOBS * PARTS)) 'BEGIN {printf "%.3f", p / (b - a)}')
echo "daemon: $((JOBS * PARTS)) partitions in $(awk -v a="$s" -v b="$e" 'BEGIN {printf "%.2f", b - a}') s = $daemon partitions/s; clients failed (proof not verified or error): $failed"
cat "$T/client1.log"
kill $dpid; wait $dpid 2>/dev/null || true
trap - EXIT
"$CUZK" bench pipeline --constraints "$N" --partitions "$PARTS" --jobs "$JOBS" --key real --verify | tail -25
