#!/usr/bin/env bash
# How long a snarkjs request takes to become a queued job: a daemon with the
# key preloaded, then `cuzk client prove` runs, each after IDLE seconds of
# quiet (a request after a pause is slower than one right after another:
# the fresh memory its copies fault in costs most then); prints, per run,
# the seconds from the client's start to the daemon's "queued" line and to
# the proof. Run it twice to compare malloc settings: the daemon re-executes
# itself with GLIBC_TUNABLES=glibc.malloc.hugetlb=1 unless the caller's
# environment sets that tunable (e.g. glibc.malloc.hugetlb=0).
# Usage: scripts/bench/daemon-request-latency.sh <cuzk> <zkey> <wtns> <work dir> [RUNS] [IDLE]
set -euo pipefail
CUZK=$(realpath "$1") ZKEY=$(realpath "$2") WTNS=$(realpath "$3") T=$4 RUNS=${5:-3} IDLE=${6:-30}
mkdir -p "$T"
cat >"$T/daemon.toml" <<CFG
[daemon]
listen = "unix://$T/cuzk.sock"
status_listen = ""
CFG
"$CUZK" daemon --config "$T/daemon.toml" >"$T/daemon.log" 2>&1 &
dpid=$!
trap 'kill $dpid 2>/dev/null; wait $dpid 2>/dev/null' EXIT
for _ in $(seq 300); do grep -q "cuzk daemon: ready" "$T/daemon.log" && break; sleep 0.1; done
grep -q "cuzk daemon: ready" "$T/daemon.log" || { cat "$T/daemon.log" >&2; exit 1; }
A=(client --address "unix:$T/cuzk.sock")
"$CUZK" "${A[@]}" preload "$ZKEY" >/dev/null
echo "$(grep -o 'GLIBC_TUNABLES=.*' "$T/daemon.log")"
printf '%-4s %-9s %12s %12s\n' run idle_s to_queued_s to_proof_s
for i in $(seq "$RUNS"); do
  sleep "$IDLE"
  s=$(date +%s.%N)
  "$CUZK" "${A[@]}" prove --zkey "$ZKEY" --wtns "$WTNS" -o "$T/proof.json" --public "$T/public.json" >/dev/null
  e=$(date +%s.%N)
  q=$(grep "queued" "$T/daemon.log" | tail -n 1 | cut -d' ' -f1)
  python3 - "$i" "$IDLE" "$s" "$e" "$q" <<'PY'
import datetime, sys
i, idle, s, e, q = sys.argv[1:]
queued = datetime.datetime.fromisoformat(q).replace(tzinfo=datetime.timezone.utc).timestamp()
print(f"{i:<4} {idle:<9} {queued - float(s):12.3f} {float(e) - float(s):12.3f}")
PY
done
