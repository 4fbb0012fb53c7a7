#!/usr/bin/env bash
# One-shot Groth16 proving as rapidsnark's users run it, a new process per
# proof, on a bn128 squaring chain of 2^k - 2 constraints (bench/chain_files,
# no circom or node needed; key from `cuzk zkey-setup`): rapidsnark's
# `prover`, `cuzk prover` (same arguments) and cuzk's daemon with the key
# already loaded (`cuzk client prove`, request to proof). Each time is the
# best wall clock of REPS runs of the whole command, the key file in the page
# cache for every tool alike. Every proof is checked: `cuzk verifier`,
# `snarkjs groth16 verify` where node and snarkjs are present, and its public
# output against 3^(2^(2^k - 2)) mod r computed here.
# Usage, from the repository root:
#   scripts/device/oneshot-bench.sh [k ...]          (default: 20 22)
# Binaries: .devbin/ (scripts/device/pack-bin build-cuda apps/cuzk/cuzk
# bench/chain_files, carried as .devbin.txz) or build/; rapidsnark's prover in
# .rapidsnark/prover (scripts/bench/build-rapidsnark, carried).
# Env: CUZK, CHAIN_FILES, RAPIDSNARK, SNARKJS (paths), REPS (3), WORK
# (build-oneshot: circuit files and keys, reused by the next call while the
# files are there), LIMIT_S (560: past it, steps are skipped and the table
# printed with what was measured). Results and logs in $OUT.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT=$PWD
[ -f .devbin.txz ] && tar -xJf .devbin.txz
export LD_LIBRARY_PATH=$ROOT/.devbin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
SIZES=${*:-20 22}
REPS=${REPS:-3}
LIMIT_S=${LIMIT_S:-560}
DEADLINE=$(($(date +%s) + LIMIT_S))
O=${OUT:-/tmp/oneshot-out}
mkdir -p "$O"
LOG=$O/oneshot.log
TABLE=$O/oneshot-table.md
: >"$LOG"
WORK=${WORK:-$ROOT/build-oneshot}
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)

first_of() { for p in "$@"; do [ -x "$p" ] && { echo "$p"; return; }; done; echo "$1"; }
CUZK=${CUZK:-$(first_of .devbin/bin/cuzk build/apps/cuzk/cuzk)}
CHAIN_FILES=${CHAIN_FILES:-$(first_of .devbin/bin/chain_files build/bench/chain_files)}
RAPIDSNARK=${RAPIDSNARK:-.rapidsnark/prover}
SNARKJS=${SNARKJS:-tools/snarkjs/node_modules/.bin/snarkjs}
for b in "$CUZK" "$CHAIN_FILES" "$RAPIDSNARK"; do
  [ -x "$b" ] || { echo "oneshot-bench: $b is missing (see the usage at the top of $0)" >&2; exit 2; }
done
CUZK=$(realpath "$CUZK") CHAIN_FILES=$(realpath "$CHAIN_FILES") RAPIDSNARK=$(realpath "$RAPIDSNARK")
if command -v node >/dev/null && [ -x "$SNARKJS" ]; then SNARKJS=$(realpath "$SNARKJS"); else SNARKJS=; fi

say() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }
left() { echo $((DEADLINE - $(date +%s))); }
# step <timeout s> <command...>: runs it with its output in the log, within
# the time left; fails when it fails or there is no time
step() {
  local t=$1
  shift
  local l=$(($(left) - 5))
  [ "$l" -lt "$t" ] && t=$l
  [ "$t" -le 0 ] && { say "no time left for: $*"; return 124; }
  echo "\$ $*" >>"$LOG"
  timeout "$t" "$@" >>"$LOG" 2>&1
}
# best_of <out file> <command...>: up to REPS runs while time is left; prints
# the best wall seconds (or "-" when none succeeded) and writes the best
# run's stdout and stderr to <out file>
best_of() {
  python3 - "$REPS" "$DEADLINE" "$@" <<'PY'
import subprocess, sys, time
reps, deadline, out, cmd = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4:]
best = None
for i in range(reps):
    budget = deadline - 5 - time.time()
    if budget <= 0:
        break
    t0 = time.monotonic()
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=budget)
    except subprocess.TimeoutExpired:
        sys.stderr.write(f"run {i + 1}: out of time\n")
        break
    wall = time.monotonic() - t0
    sys.stderr.write(f"run {i + 1}: {wall:.3f} s, exit {r.returncode}\n")
    if r.returncode != 0:
        sys.stderr.write(r.stdout.decode(errors="replace") + r.stderr.decode(errors="replace"))
        break
    if best is None or wall < best:
        best = wall
        with open(out, "wb") as f:
            f.write(r.stdout + r.stderr)
if best is None:
    sys.stderr.write("FAIL: no run succeeded: " + " ".join(cmd) + "\n")
print("-" if best is None else f"{best:.3f}")
PY
}
# check_proof <name> <k> <vk> <public> <proof>: cuzk verifier, snarkjs (when
# present) and the public output; says what failed; returns non-zero then
check_proof() {
  local name=$1 k=$2 vk=$3 pub=$4 proof=$5 ok=0
  if ! step 60 "$CUZK" verifier "$vk" "$pub" "$proof"; then say "FAIL: cuzk verifier rejects the $name proof at 2^$k"; ok=1; fi
  if [ -n "$SNARKJS" ] && ! { step 120 "$SNARKJS" groth16 verify "$vk" "$pub" "$proof" && tail -n 1 "$LOG" | grep -q "OK!"; }; then
    say "FAIL: snarkjs rejects the $name proof at 2^$k"
    ok=1
  fi
  if ! python3 - "$pub" "$k" <<'PY' >>"$LOG" 2>&1; then say "FAIL: the $name public output at 2^$k is not 3^(2^n) mod r"; ok=1; fi
import json, sys
r = 21888242871839275222246405745257275088548364400416034343698204186575808495617
n = (1 << int(sys.argv[2])) - 2
got = json.load(open(sys.argv[1]))
want = str(pow(3, pow(2, n, r - 1), r))
print(f"public {got} (expected [{want}])")
sys.exit(0 if got == [want] else 1)
PY
  return $ok
}
# daemon <k> <zkey> <wtns> <vk>: sets d_load (preload s), d_best (request to
# proof s, best of REPS) and d_own (the daemon's own time of that job)
daemon_run() {
  local k=$1 zkey=$2 wtns=$3 vk=$4 dir=$WORK/daemon-$k
  d_load=- d_best=- d_own=-
  rm -rf "$dir" && mkdir -p "$dir"
  cat >"$dir/cuzk.toml" <<TOML
[daemon]
listen = "unix://$dir/cuzk.sock"
status_listen = ""
TOML
  "$CUZK" daemon --config "$dir/cuzk.toml" >"$O/daemon-$k.log" 2>&1 &
  local pid=$!
  for _ in $(seq 300); do grep -q "cuzk daemon: ready" "$O/daemon-$k.log" && break; kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  if ! grep -q "cuzk daemon: ready" "$O/daemon-$k.log"; then
    say "FAIL: the daemon did not start (daemon-$k.log)"
    kill $pid 2>/dev/null; wait $pid 2>/dev/null
    return 1
  fi
  local A=(client --address "unix://$dir/cuzk.sock") s
  s=$(date +%s.%N)
  if ! step 300 "$CUZK" "${A[@]}" preload "$zkey"; then
    say "FAIL: the daemon did not load the key at 2^$k"
  else
    d_load=$(awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN {printf "%.3f", b - a}')
    # the first proof also copies the key to each GPU: not timed
    if ! step 300 "$CUZK" "${A[@]}" prove --zkey "$zkey" --wtns "$wtns" -o "$dir/warm.json" --public "$dir/warm.public.json"; then
      say "FAIL: the daemon's first proof at 2^$k"
    else
      d_best=$(best_of "$dir/best.txt" "$CUZK" "${A[@]}" prove --zkey "$zkey" --wtns "$wtns" -o "$dir/proof.json" \
        --public "$dir/public.json" 2>>"$LOG")
      [ "$d_best" != - ] && d_own=$(sed -nE 's/.*done \(snarkjs\), ([0-9.]+) s.*/\1/p' "$dir/best.txt")
      [ "$d_best" != - ] && ! check_proof "cuzk daemon" "$k" "$vk" "$dir/public.json" "$dir/proof.json" && d_best="$d_best (BAD)"
    fi
  fi
  kill -TERM $pid 2>/dev/null
  wait $pid 2>/dev/null
  return 0
}

say "oneshot-bench: sizes $SIZES, best of $REPS; $(nproc) cores; cuzk $CUZK; rapidsnark $RAPIDSNARK; snarkjs ${SNARKJS:-absent}"
command -v nvidia-smi >/dev/null && nvidia-smi -L >>"$LOG" 2>&1
rows=()
stages=()
for k in $SIZES; do
  n=$(((1 << k) - 2))
  c=$WORK/chain_$k
  row() { rows+=("| 2^$k | $n | ${zmb:--} | ${rs:--} | ${one:--} | ${d_best:--} | ${ratio:--} | ${d_load:--} | ${d_own:--} |"); }
  zmb= rs= one= d_best= ratio= d_load= d_own=
  if [ ! -f "$c.ready" ]; then
    say "2^$k: circuit files and key (cuzk zkey-setup)"
    rm -f "$c".*
    if ! step 120 "$CHAIN_FILES" "$k" "$c" || ! step 400 "$CUZK" zkey-setup "$c.r1cs" "$c.zkey" --vk "$c.vk.json"; then
      say "2^$k: setup failed or ran out of time (see oneshot.log)"
      row
      continue
    fi
    touch "$c.ready"
  fi
  zmb=$(awk -v b="$(stat -c %s "$c.zkey")" 'BEGIN {printf (b < 1e7 ? "%.1f" : "%.0f"), b / 1e6}')
  say "2^$k: rapidsnark prover"
  rs=$(best_of "$c.rs.best" "$RAPIDSNARK" "$c.zkey" "$c.wtns" "$c.rs.proof.json" "$c.rs.public.json" 2>>"$LOG")
  [ "$rs" != - ] && ! check_proof rapidsnark "$k" "$c.vk.json" "$c.rs.public.json" "$c.rs.proof.json" && rs="$rs (BAD)"
  say "2^$k: cuzk prover (one process per proof)"
  one=$(best_of "$c.cuzk.best" "$CUZK" prover "$c.zkey" "$c.wtns" "$c.cuzk.proof.json" "$c.cuzk.public.json" --timings 2>>"$LOG")
  [ "$one" != - ] && ! check_proof "cuzk prover" "$k" "$c.vk.json" "$c.cuzk.public.json" "$c.cuzk.proof.json" && one="$one (BAD)"
  [ -f "$c.cuzk.best" ] && stages+=("2^$k, best run:" "$(cat "$c.cuzk.best")")
  say "2^$k: cuzk daemon, key preloaded"
  daemon_run "$k" "$c.zkey" "$c.wtns" "$c.vk.json"
  ratio=$(python3 -c "
try: print(f'{float(\"${rs%% *}\") / float(\"${one%% *}\"):.1f}')
except ValueError: print('-')")
  row
  say "2^$k: rapidsnark $rs s, cuzk prover $one s, cuzk daemon $d_best s"
done

{
  echo "| rows | constraints | zkey MB | rapidsnark s | cuzk one-shot s | cuzk daemon s | rapidsnark / cuzk one-shot | daemon key preload s | daemon's own job time s |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  printf '%s\n' "${rows[@]}"
  echo
  echo "Best of $REPS wall times of the whole command (rapidsnark \`prover\`, \`cuzk prover\`, \`cuzk client prove\`), $(nproc) cores$(command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 | sed 's/^/, /'), $(date -u +%F)."
  echo
  echo "cuzk prover --timings:"
  printf '%s\n' "${stages[@]}"
} | tee "$TABLE"
grep -q "FAIL" "$LOG" && { echo "oneshot-bench: some step failed, see $LOG" >&2; exit 1; }
exit 0
