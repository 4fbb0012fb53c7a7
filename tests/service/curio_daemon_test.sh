#!/usr/bin/env bash
# The daemon deployed and driven as Curio's documentation deploys and drives
# its own (documentation/en/experimental-features/cuzk-proving-daemon.md in
# filecoin-project/curio): started by the systemd unit's command line
# (`cuzk --config FILE`) on the documented minimal config, with a loopback
# TCP address and its `porep-32g` preload, whose file is missing (logged and
# skipped); Curio's cuzk.example.toml as shipped (curio/cuzk.example.toml,
# its parameter folder changed) refused for its 0.0.0.0 listener with the
# fixes named, then run with `--listen 127.0.0.1:PORT`. Development keys for
# the 2 KiB WindowPoSt, WinningPoSt, PoRep and SnapDeals under their
# official v28 names in the parameter folder, and a client we did not write
# (curio/curio_client.mjs: @grpc/grpc-js, the proto loaded at run time,
# Curio's requests). Every returned proof passes `cuzk filecoin
# verify`; the PoRep one with the prover id the generator used, which the
# daemon makes from the miner id. Bad requests get their status codes; the
# daemon then still proves; at the end its queues and budget are idle and
# SIGTERM stops it with exit 0. The development setups of PoRep and SnapDeals
# take minutes on 2 cores.
# Usage: curio_daemon_test.sh <cuzk binary> <filecoin_sparse_sector_gen binary>
# Exit 77 (skip) without node/npm, unless CUZK_EXPECT_NODE=1.
set -u
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
CUZK=$(abs "$1")
GEN=$(abs "$2")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
source "$HERE/../support/npm_tools.sh"

dir=$(mktemp -d)
daemon_pid=
declare -A setup_pid=()
cleanup() {
  [ -n "$daemon_pid" ] && kill -KILL "$daemon_pid" 2>/dev/null
  for p in "${setup_pid[@]}"; do kill "$p" 2>/dev/null; done
  wait
  rm -rf "$dir"
}
trap cleanup EXIT
cd "$dir" || exit 1
CHECK_TIMEOUT=1200
source "$ROOT/tests/apps/check_lib.sh"

since() { python3 -c "import sys; print('%.1f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$1" "$EPOCHREALTIME"; }
t_start=$EPOCHREALTIME

# Fixtures: the sector, its public values, the miner id of its prover id.
t=$EPOCHREALTIME
"$GEN" sector 2KiB >gen.txt || { echo "FAIL: filecoin_sparse_sector_gen"; cat gen.txt; exit 1; }
"$GEN" sector8 8MiB >gen8.txt || { echo "FAIL: filecoin_sparse_sector_gen 8MiB"; cat gen8.txt; exit 1; }
python3 "$HERE/curio/fixtures.py" sector sector8 values.env || exit 1
. ./values.env
echo "time: fixtures $(since "$t") s"

# Development keys under the names rust-fil-proofs gives their files;
# CUZK_CURIO_KEY_CACHE keeps them in a folder between runs (a developer's
# shortcut: a key made before a circuit changed no longer fits it).
KEY_CACHE=${CUZK_CURIO_KEY_CACHE:-}
mkdir -p params
official() {  # <type> <name>: writes <name>.shape.json, prints the type's official .params name
  "$CUZK" filecoin shape --type "$1" --json >"$2.shape.json" 2>"$2.shape.err" ||
    { echo "FAIL: shape of $1: $(cat "$2.shape.err")" >&2; return 1; }
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["official_params_file"])' "$2.shape.json"
}
# The setups run side by side (each is largely serial); key_done waits for one.
key_start() {  # <type> <name>
  local type=$1 name=$2 file vk
  file=$(official "$type" "$name") || exit 1
  vk=${file%.params}.vk
  echo "$file" >"$name.file"
  ln -s "params/$vk" "$name.vk"
  if [ -n "$KEY_CACHE" ] && [ -f "$KEY_CACHE/$file" ] && [ -f "$KEY_CACHE/$vk" ]; then
    ln -s "$KEY_CACHE/$file" "params/$file"
    ln -s "$KEY_CACHE/$vk" "params/$vk"
    echo "ok: $name key from $KEY_CACHE"
    return
  fi
  timeout "$CHECK_TIMEOUT" "$CUZK" filecoin setup --type "$type" --params-out "params/$file" \
    --vk-out "params/$vk" </dev/null >"$name.setup.log" 2>&1 &
  setup_pid[$name]=$!
}
key_done() {  # <type> <name>
  local type=$1 name=$2 rc
  [ -n "${setup_pid[$name]:-}" ] || return 0
  wait "${setup_pid[$name]}"
  rc=$?
  unset "setup_pid[$name]"
  if [ "$rc" = 0 ] && grep -q INSECURE "$name.setup.log"; then
    echo "ok: $name setup ($type):" $(grep -E '^ +(setup|write params) ' "$name.setup.log")
    if [ -n "$KEY_CACHE" ]; then
      local file
      file=$(cat "$name.file")
      mkdir -p "$KEY_CACHE" && cp "params/$file" "params/${file%.params}.vk" "$KEY_CACHE/" ||
        bad "cannot copy the $name key to $KEY_CACHE"
    fi
  else
    bad "$name setup ($type): exit $rc"
    cat "$name.setup.log"
    exit 1
  fi
}
t=$EPOCHREALTIME
key_start "$REGISTERED_PROOF" porep
key_start "update:$UPDATE_PROOF" snap
key_start "$WINDOW_POST_PROOF" window
key_start "$WINNING_POST_PROOF" winning
key_done "$WINDOW_POST_PROOF" window
key_done "$WINNING_POST_PROOF" winning
key_done "update:$UPDATE_PROOF" snap
key_done "$REGISTERED_PROOF" porep
echo "time: keys $(since "$t") s"
# The missing key: its official file name, which the refusal must name.
MISSING_FILE=$(official "$MISSING_POST_PROOF" missing) || exit 1
[ -e "params/$MISSING_FILE" ] && { bad "$MISSING_POST_PROOF's key $MISSING_FILE is one of those set up"; exit 1; }
python3 "$HERE/curio/scenario.py" "$dir" "$MISSING_FILE" >scenario.json || exit 1
echo "time: fixtures and keys $(since "$t_start") s"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# Waits for the daemon's "ready" line; 1 when it exits first or never says it.
wait_ready() {  # <pid> <log>
  for _ in $(seq 600); do
    grep -q "ready" "$2" && return 0
    kill -0 "$1" 2>/dev/null || return 1
    sleep 0.2
  done
  return 1
}
stop_daemon() {  # <pid> <name>: SIGTERM, exit 0 within 120 s
  kill -TERM "$1"
  for _ in $(seq 600); do
    kill -0 "$1" 2>/dev/null || break
    sleep 0.2
  done
  if kill -0 "$1" 2>/dev/null; then
    bad "$2: the daemon still runs 120 s after SIGTERM"
    kill -KILL "$1"
  fi
  wait "$1"
  local rc=$?
  if [ $rc = 0 ]; then echo "ok: $2: SIGTERM: the daemon exited 0"; else bad "$2: SIGTERM: the daemon exited $rc"; fi
}

# Curio's cuzk.example.toml as shipped, its parameter folder changed: its
# listen = "0.0.0.0:9820" would serve anyone without a token, so it is
# refused, naming the one-line fixes.
sed "s|^param_cache = .*|param_cache = \"$dir/params\"|" "$HERE/curio/cuzk.example.toml" >example.toml
grep -q '^listen = "0.0.0.0:9820"' example.toml || { bad "the fixture lost Curio's listen line"; exit 1; }
timeout 60 "$CUZK" --config example.toml >example_refused.log 2>&1
rc=$?
if [ $rc = 0 ] || [ $rc = 124 ]; then
  bad "Curio's example config with 0.0.0.0:9820 and no token or allow-list: the daemon started (exit $rc)"
else
  missing=
  for fix in 127.0.0.1 allow_networks token insecure_tcp; do grep -q "$fix" example_refused.log || missing+=" $fix"; done
  if [ -z "$missing" ]; then echo "ok: Curio's example config on 0.0.0.0 refused, naming the fixes (exit $rc)"
  else bad "the refusal of 0.0.0.0 does not name:$missing"; cat example_refused.log; fi
fi
# The same file with the listener overridden on the command line (-c, -l,
# --log-level as Curio's binary takes them): it starts, notes the keys that
# have no effect here, and proves a WinningPoSt.
port=$(free_port)
"$CUZK" -c example.toml -l "127.0.0.1:$port" --log-level "cuzk=debug,info" >example.log 2>&1 &
example_pid=$!
if wait_ready "$example_pid" example.log; then
  echo "ok: Curio's example config, --listen 127.0.0.1:$port: the daemon is up"
  if grep -q "gpu_threads" example.log; then echo "ok: the example's gpu_threads is noted as having no effect"
  else bad "the log does not name the example's gpu_threads"; fi
  check 0 "WinningPoSt under Curio's example config" "done" "$CUZK" client --address "127.0.0.1:$port" filecoin \
    --kind winning --registered-proof "$WINNING_POST_ID" --randomness "$POST_RANDOMNESS" \
    --vanilla "$SECTOR/winning_post.vproof" --request-id "winpost-$MINER_ID-example" -o winning_example.proof
  check 0 "verify winning_example.proof" "OK: proof verifies" "$CUZK" filecoin verify --type "$WINNING_POST_PROOF" \
    --vk winning.vk --proof winning_example.proof --randomness "$POST_RANDOMNESS" --sector "$SECTOR_ID:$COMM_R"
  stop_daemon "$example_pid" "example config"
else
  bad "Curio's example config with --listen 127.0.0.1:$port: the daemon did not start"
  cat example.log
  kill -KILL "$example_pid" 2>/dev/null
fi

# Curio's minimal configuration, as documented, with a loopback address
# (and the status port, for the idle check at the end).
port=$(free_port)
cat >cuzk.toml <<EOF
[daemon]
listen = "127.0.0.1:$port"
status_listen = "127.0.0.1:0"

[srs]
param_cache = "$dir/params"
preload = ["porep-32g"]

[synthesis]
partition_workers = 7
EOF

t=$EPOCHREALTIME
# the systemd unit's ExecStart, with this folder's config
"$CUZK" --config "$dir/cuzk.toml" >daemon.log 2>&1 &
daemon_pid=$!
if ! wait_ready "$daemon_pid" daemon.log; then
  bad "the daemon did not start (it $(kill -0 "$daemon_pid" 2>/dev/null && echo runs || echo exited))"
  cat daemon.log
  exit 1
fi
echo "ok: daemon listening on 127.0.0.1:$port"
if grep "porep-32g" daemon.log | grep -qi "skip"; then
  echo "ok: the missing porep-32g preload is logged and skipped"
else
  bad "the log does not say the missing porep-32g preload was skipped"
fi

node "$HERE/curio/curio_client.mjs" "$MODULES" "127.0.0.1:$port" scenario.json || fail=1
echo "time: client scenario $(since "$t") s"
if ! kill -0 "$daemon_pid" 2>/dev/null; then
  bad "the daemon died"
  cat daemon.log
  daemon_pid=
  exit 1
fi

# The proofs the daemon returned, against the development verifying keys.
SECTOR="$SECTOR_ID:$COMM_R"
for p in window window_again; do
  check 0 "verify $p.proof" "OK: proof verifies" "$CUZK" filecoin verify --type "$WINDOW_POST_PROOF" \
    --vk window.vk --proof "$p.proof" --randomness "$POST_RANDOMNESS" --sector "$SECTOR"
done
for p in winning winning_after_errors; do
  check 0 "verify $p.proof" "OK: proof verifies" "$CUZK" filecoin verify --type "$WINNING_POST_PROOF" \
    --vk winning.vk --proof "$p.proof" --randomness "$POST_RANDOMNESS" --sector "$SECTOR"
done
for p in porep porep_awaited; do
  check 0 "verify $p.proof" "OK: proof verifies" "$CUZK" filecoin verify --type "$REGISTERED_PROOF" \
    --vk porep.vk --proof "$p.proof" --comm-r "$COMM_R" --comm-d "$COMM_D" --prover-id "$PROVER_ID" \
    --sector-id "$SECTOR_ID" --ticket "$TICKET" --seed "$SEED"
done
check 0 "verify snap.proof" "OK: proof verifies" "$CUZK" filecoin verify --type "update:$UPDATE_PROOF" \
  --vk snap.vk --proof snap.proof --comm-r-old "$COMM_R_OLD" --comm-d-new "$COMM_D_NEW" --comm-r-new "$COMM_R_NEW"

# HTTP /status on the port the daemon printed: the budget back to idle.
port=$(grep -oE '(status|http)[^0-9]*127\.0\.0\.1:[0-9]+' daemon.log | head -n 1 | grep -oE '[0-9]+$')
if [ -z "$port" ]; then
  echo "skip: HTTP /status (no status port in the daemon's log)"
else
  python3 "$HERE/curio/http_status_idle.py" "$port" || fail=1
fi

stop_daemon "$daemon_pid" "minimal config"
daemon_pid=
[ $fail = 0 ] || { echo "--- daemon log (tail)"; tail -n 60 daemon.log; }
echo "time: total $(since "$t_start") s"
exit $fail
