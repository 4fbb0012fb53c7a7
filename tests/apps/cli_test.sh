#!/usr/bin/env bash
# The cuzk CLI end to end: setup, prove, verify (vk file and params file), the
# client against a daemon, and every refusal with its exit code (README.md,
# "Exit codes") and its message: usage errors on every command; missing,
# damaged and mismatched files; a proof that does not verify (1); a request the
# daemon refuses (2); a cancelled job and a daemon that is not there (3). A
# check passes on its exact exit code only, never on "non-zero": a crash (a
# signal, exit >= 128) fails every check.
set -u
CUZK=$1
dir=$(mktemp -d)
daemon=
trap '[ -n "$daemon" ] && kill -KILL "$daemon" 2>/dev/null; rm -rf "$dir"' EXIT
cd "$dir" || exit 1
fail=0
bad() {
  echo "FAIL: $*"
  fail=1
}
# run_cmd <rc> <description> <command...>: runs it (stdout to out.txt, stderr
# to err.txt) and says FAIL unless it exited rc. The kill bounds a command that
# should have been refused but started (the daemon ignores SIGTERM).
run_cmd() {
  local want=$1 what=$2
  shift 2
  timeout -s KILL 300 "$@" </dev/null >out.txt 2>err.txt
  local got=$?
  if [ "$got" -ge 128 ]; then
    bad "$what: crashed or killed (exit $got, signal $((got - 128)))"
  elif [ "$got" != "$want" ]; then
    bad "$what: exit $got, expected $want"
  else
    return 0
  fi
  cat out.txt err.txt
  return 1
}
# expect <rc> <description> <command...>: the exit code
expect() {
  run_cmd "$@" && echo "ok: $1 $2"
}
# refused <rc> <description> <extended regex> <command...>: the exit code, and
# stderr naming the problem
refused() {
  local want=$1 what=$2 re=$3
  shift 3
  run_cmd "$want" "$what" "$@" || return
  if ! grep -qE -- "$re" err.txt; then
    bad "$what: exit $want, but stderr lacks /$re/"
    cat err.txt
  elif [ "$want" = 2 ] && grep -q "^Usage:" out.txt; then
    bad "$what: exit 2, but help printed"
  else
    echo "ok: $want $what"
  fi
}
# output_has <description> <extended regex>: the last command's stdout
output_has() {
  grep -qE -- "$2" out.txt || { bad "$1: stdout lacks /$2/"; cat out.txt; }
}

expect 0 "setup" "$CUZK" setup --circuit merkle --height 1 --challenges 2 -o p.params --vk vk.bin
expect 0 "prove --verify" "$CUZK" prove --circuit merkle --height 1 --challenges 2 -p p.params -o proof.bin --public pub.json --verify
[ "$(stat -c %s proof.bin)" = 192 ] || bad "proof is not 192 bytes"
expect 0 "verify with vk" "$CUZK" verify -k vk.bin --proof proof.bin --public pub.json
output_has "verify with vk" "^OK: proof verifies"
expect 0 "verify with params" "$CUZK" verify -k p.params --proof proof.bin --public pub.json
expect 0 "prove other statement" "$CUZK" prove --circuit merkle --height 1 --challenges 2 --seed 7 -p p.params -o proof2.bin --public pub2.json

# a well-formed proof that does not verify: 1, the only case that exits 1
expect 1 "proof against other public inputs" "$CUZK" verify -k vk.bin --proof proof2.bin --public pub.json
output_has "proof against other public inputs" "^FAILED: proof does not verify"

# A flipped bit of proof.c's x: off the curve, or (rarely) on it but outside
# the subgroup; the proof is randomized, so either may come up. Both are a
# damaged file (2), never a verdict on the proof (1).
python3 - <<'PY'
b = bytearray(open("proof.bin", "rb").read())
b[150] ^= 0x01
open("flipped.bin", "wb").write(b)
PY
refused 2 "flipped bit refused" "proof\.c\): not (on the curve|in the prime-order subgroup)" \
  "$CUZK" verify -k vk.bin --proof flipped.bin --public pub.json
head -c 100 proof.bin >short.bin
refused 2 "truncated proof" "proof file 'short.bin': expected 192 bytes, got 100" \
  "$CUZK" verify -k vk.bin --proof short.bin --public pub.json
head -c 1000 p.params >trunc.params
refused 2 "truncated params" "truncated|claims .* bytes remain" \
  "$CUZK" prove --circuit merkle --height 1 --challenges 2 -p trunc.params -o x --public y
refused 2 "params of another circuit" "does not match the circuit" \
  "$CUZK" prove --circuit merkle --height 2 -p p.params -o x --public y
echo '["1", "abc"]' >bad.json
refused 2 "malformed public inputs" "'bad.json'" "$CUZK" verify -k vk.bin --proof proof.bin --public bad.json
echo '["1"]' >short.json
refused 2 "wrong number of public inputs" "public input" "$CUZK" verify -k vk.bin --proof proof.bin --public short.json
expect 0 "synthetic setup" "$CUZK" setup --circuit synthetic --constraints 3000 -o s.params
expect 0 "synthetic prove --verify" "$CUZK" prove --circuit synthetic --constraints 3000 -p s.params -o sp.bin --public sp.json --verify
refused 2 "synthetic proof against merkle key" "public input" "$CUZK" verify -k vk.bin --proof sp.bin --public sp.json
expect 0 "demo" "$CUZK" demo --height 1
output_has "demo" "proof verifies: yes"

# missing and unwritable files: 2, the file named
refused 2 "missing key file" "File does not exist: missing\.vk" \
  "$CUZK" verify -k missing.vk --proof proof.bin --public pub.json
refused 2 "missing proof file" "File does not exist: missing\.bin" \
  "$CUZK" verify -k vk.bin --proof missing.bin --public pub.json
refused 2 "missing params file" "File does not exist: missing\.params" \
  "$CUZK" prove --circuit merkle -p missing.params -o x --public y
refused 2 "missing zkey (prover)" "File does not exist: missing\.zkey" \
  "$CUZK" prover missing.zkey missing.wtns proof.json public.json
refused 2 "params given to prover" "'p\.params' is not a snarkjs \.zkey" \
  "$CUZK" prover p.params vk.bin proof.json public.json
refused 2 "missing witness (client prove)" "cannot open 'missing\.wtns'" \
  "$CUZK" client --address "unix:$dir/none.sock" prove --zkey c.zkey --wtns missing.wtns
refused 2 "unwritable output" "cannot create 'nodir/p\.params'" \
  "$CUZK" setup --circuit merkle --height 1 -o nodir/p.params

# usage errors: 2, the word or option named; --help never hides them
refused 2 "unknown command" "^cuzk: unknown command 'bogus' \(commands: setup, prove, verify," "$CUZK" bogus
refused 2 "unknown command before a real one, with --help" "^cuzk: unknown command 'bogus'" \
  "$CUZK" bogus verify --help
refused 2 "unknown nested command (client)" "^cuzk client: unknown command 'bogus' \(commands: submit, await," \
  "$CUZK" client bogus
refused 2 "unknown nested command (bench)" "^cuzk bench: unknown command 'bogus' \(commands: pipeline\)" \
  "$CUZK" bench bogus --help
refused 2 "no nested command" "^cuzk client: a command is required \(commands: submit," "$CUZK" client
refused 2 "two commands" "^cuzk verify: unexpected argument 'prove'" "$CUZK" verify prove
refused 2 "missing required option" "^cuzk verify: --key is required" \
  "$CUZK" verify --proof proof.bin --public pub.json
refused 2 "missing required positional" "^cuzk client await: job is required" "$CUZK" client await
refused 2 "option without its value" "^cuzk verify: --key: 1 required .* missing" "$CUZK" verify -k
refused 2 "bad option value (not a member)" "^cuzk setup: --circuit: foo not in \{merkle,synthetic\}" \
  "$CUZK" setup --circuit foo -o x
refused 2 "bad option value (out of range)" "^cuzk setup: --height: Value 99 not in range 1 to 12" \
  "$CUZK" setup --height 99 -o x
refused 2 "bad option value (not a number)" "^cuzk setup: --height: Value abc" "$CUZK" setup --height abc -o x
refused 2 "bad option value (bench)" "^cuzk bench pipeline: --host-memory: bogus not in" \
  "$CUZK" bench pipeline --host-memory bogus
refused 2 "unknown option before --help" "^cuzk verify: unknown option '--bogus'" "$CUZK" verify --bogus --help
expect 0 "--help" "$CUZK" --help
output_has "--help" "^Usage: cuzk \[OPTIONS\] \[SUBCOMMAND\]"
output_has "--help lists the daemon's flags" "^  -c,--config TEXT=/data/zk/cuzk\.toml"
output_has "--help lists the daemon's flags" "^  -l,--listen TEXT"
output_has "--help lists the daemon's flags" "^  --log-level TEXT"
output_has "--help lists the commands" "^  daemon +run the proving daemon"

# Curio's command line: `cuzk` with no command is the daemon, with Curio's
# flags (-c/--config, -l/--listen, --log-level); `cuzk daemon` takes the same.
printf '[daemon]\nlisten = "unix://%s/flags.sock"\n' "$dir" >flags.toml
refused 2 "a named config file that is missing" "^cuzk: error: config file 'missing\.toml' does not exist" \
  "$CUZK" --config missing.toml
refused 2 "a named config file that is missing (daemon)" "^cuzk daemon: error: config file 'missing\.toml' does not exist" \
  "$CUZK" daemon -c missing.toml
refused 2 "--log-level with an unknown level" "--log-level = 'bogus=x': directive 'bogus=x' has an unknown level 'x'" \
  "$CUZK" -c flags.toml --log-level bogus=x
refused 2 "--listen on every interface, unguarded" \
  "--listen = '0\.0\.0\.0:9820'.*listen = \"127\.0\.0\.1:9820\".*allow_networks.*insecure_tcp = true" \
  "$CUZK" -c flags.toml --listen 0.0.0.0:9820
refused 2 "a daemon flag after another command" \
  "^cuzk prove: unknown option '-c' \(an option of the daemon: cuzk -c \.\.\. with no command, or cuzk daemon -c" \
  "$CUZK" prove -c flags.toml
refused 2 "a daemon flag before another command" "^cuzk prove: --config: the daemon's flag: .* not before 'prove'" \
  "$CUZK" -c flags.toml prove
refused 2 "a daemon flag before 'daemon'" "not before 'daemon'" "$CUZK" --log-level info daemon -c flags.toml

# Every command: --help prints its help and exits 0; a stray argument, with
# or without --help, and an unknown option exit 2 naming the word. The
# positionals a command takes come first, so the stray one is an extra.
# $cmd and $args unquoted: split into words on purpose
# shellcheck disable=SC2086
while IFS=: read -r cmd args; do
  expect 0 "$cmd --help" "$CUZK" $cmd --help
  output_has "$cmd --help" "^Usage: cuzk $cmd "
  refused 2 "$cmd: stray argument" "^cuzk $cmd: unexpected argument 'stray'$" "$CUZK" $cmd $args stray
  refused 2 "$cmd: stray argument before --help" "^cuzk $cmd: unexpected argument 'stray'$" \
    "$CUZK" $cmd $args stray --help
  refused 2 "$cmd: unknown option" "^cuzk $cmd: unknown option '--bogus'$" "$CUZK" $cmd $args --bogus
done <<'COMMANDS'
setup
prove
verify
demo
prover:a.zkey w.wtns proof.json public.json
verifier:vk.json public.json proof.json
zkey-setup:c.r1cs c.zkey
bench pipeline
daemon
client submit
client await:1
client prove
client cancel:1
client status
client metrics
client preload:key.params
client evict:key
COMMANDS

# start_daemon <log> <args...>: starts cuzk with the args in the background
# ($daemon) and waits (up to a minute) for it to say it is ready; false if it
# did not.
start_daemon() {
  local log=$1
  shift
  "$CUZK" "$@" </dev/null >"$log" 2>&1 &
  daemon=$!
  for _ in $(seq 600); do
    grep -q "cuzk daemon: ready" "$log" && return 0
    kill -0 "$daemon" 2>/dev/null || break
    sleep 0.1
  done
  grep -q "cuzk daemon: ready" "$log"
}
# stop_daemon <what> <log>: SIGTERM; the daemon drains and exits 0
stop_daemon() {
  kill -TERM "$daemon"
  wait "$daemon"
  local rc=$?
  daemon=
  if [ "$rc" = 0 ]; then echo "ok: 0 $1 drains on SIGTERM"; else bad "$1: exit $rc on SIGTERM"; cat "$2"; fi
}

# No config file where Curio's default path is (/data/zk/cuzk.toml): the
# defaults, said once; -l/--listen and --log-level apply; an invalid RUST_LOG
# is named and the flag's level kept.
if [ -e /data/zk/cuzk.toml ]; then
  echo "skip: /data/zk/cuzk.toml exists here; the daemon without a config file is not tried"
elif ! RUST_LOG="cuzk=loud" start_daemon bare.log -l "unix://$dir/bare.sock" --log-level debug; then
  bad "cuzk -l ADDR (no config file) did not start"
  cat bare.log
else
  grep -q "file '/data/zk/cuzk.toml' not found: running on the defaults" bare.log ||
    { bad "no config file: not said"; cat bare.log; }
  grep -q "RUST_LOG = 'cuzk=loud': directive 'cuzk=loud' has an unknown level 'loud' .*; RUST_LOG ignored, the log level is 'debug'" \
    bare.log || { bad "invalid RUST_LOG: not said"; cat bare.log; }
  [ -S "$dir/bare.sock" ] || bad "--listen: no socket at $dir/bare.sock"
  stop_daemon "cuzk -l ADDR --log-level debug" bare.log
fi

# The client against a daemon started as Curio's systemd unit starts it
# (cuzk --config PATH): a request it refuses 2, a proof that does not verify
# here 1, a job cancelled before it finished 3. On SIGTERM the daemon drains
# and exits 0.
cat >cuzk.toml <<TOML
[daemon]
listen = "unix://$dir/cuzk.sock"
status_listen = ""
[memory]
total_budget = "2GB"
[cpu]
workers = 1
[synthesis]
threads = 1
TOML
if ! start_daemon daemon.log --config cuzk.toml; then
  bad "daemon did not start"
  cat daemon.log
else
  at=(--address "unix:$dir/cuzk.sock")
  expect 0 "client prove --verify" "$CUZK" client "${at[@]}" prove --circuit merkle --height 1 --challenges 2 \
    -p "$dir/p.params" -o cp.bin --public cp.json --verify
  output_has "client prove --verify" "partition 0: verify OK"
  expect 0 "setup, a second key of the same circuit" "$CUZK" setup --circuit merkle --height 1 --challenges 2 \
    -o p2.params --vk vk2.bin
  expect 1 "client prove --verify with another key's vk" "$CUZK" client "${at[@]}" prove --circuit merkle \
    --height 1 --challenges 2 -p "$dir/p.params" -o cp.bin --public cp.json --verify --vk vk2.bin
  output_has "client prove --verify with another key's vk" "partition 0: verify FAILED"
  refused 2 "client: key not on the daemon's disk" "NOT_FOUND: unknown key '$dir/missing\.params'" \
    "$CUZK" client "${at[@]}" prove --circuit merkle -p "$dir/missing.params"
  refused 2 "client: request refused" "INVALID_ARGUMENT: unknown built-in circuit 'nope'" \
    "$CUZK" client "${at[@]}" submit --circuit nope -p "$dir/p.params"
  # long enough (seconds) that the cancel lands first
  expect 0 "client submit" "$CUZK" client "${at[@]}" submit --circuit synthetic --constraints 3000 \
    -p "$dir/s.params" --partitions 200
  job=$(cat out.txt)
  expect 0 "client cancel" "$CUZK" client "${at[@]}" cancel "$job"
  refused 3 "client await of a cancelled job" "job $job: CANCELLED" "$CUZK" client "${at[@]}" await "$job"
  stop_daemon "cuzk --config PATH" daemon.log
fi

# a daemon that is not there: 3 (not the caller's input)
refused 3 "daemon not reachable" "cuzk client: GetStatus: UNAVAILABLE" \
  "$CUZK" client --address "unix:$dir/none.sock" status
exit $fail
