#!/usr/bin/env bash
# The cuzk CLI end to end: setup, prove, verify (vk file and params file),
# and every refusal with its exit code: wrong public inputs (1), tampered
# proof, truncated params, params of another circuit, malformed JSON (2).
set -u
CUZK=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
fail=0
expect() {  # expect <rc> <description> <command...>
  local want=$1 what=$2
  shift 2
  "$@" >out.txt 2>err.txt
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL: $what: exit $got, expected $want"; cat out.txt err.txt; fail=1
  else
    echo "ok: $what"
  fi
}
expect 0 "setup" "$CUZK" setup --circuit merkle --height 1 --challenges 2 -o p.params --vk vk.bin
expect 0 "prove --verify" "$CUZK" prove --circuit merkle --height 1 --challenges 2 -p p.params -o proof.bin --public pub.json --verify
[ "$(stat -c %s proof.bin)" = 192 ] || { echo "FAIL: proof is not 192 bytes"; fail=1; }
expect 0 "verify with vk" "$CUZK" verify -k vk.bin --proof proof.bin --public pub.json
expect 0 "verify with params" "$CUZK" verify -k p.params --proof proof.bin --public pub.json
expect 0 "prove other statement" "$CUZK" prove --circuit merkle --height 1 --challenges 2 --seed 7 -p p.params -o proof2.bin --public pub2.json
expect 1 "proof against other public inputs" "$CUZK" verify -k vk.bin --proof proof2.bin --public pub.json
python3 - <<'PY'
b = bytearray(open("proof.bin", "rb").read())
b[150] ^= 0x01
open("flipped.bin", "wb").write(b)
PY
if "$CUZK" verify -k vk.bin --proof flipped.bin --public pub.json >out.txt 2>&1; then
  echo "FAIL: a flipped bit verified"; fail=1
else
  echo "ok: flipped bit refused (exit $?)"
fi
head -c 1000 p.params >trunc.params
expect 2 "truncated params" "$CUZK" prove --circuit merkle --height 1 --challenges 2 -p trunc.params -o x --public y
grep -qE "truncated|claims .* bytes remain" err.txt || { echo "FAIL: truncation not named"; cat err.txt; fail=1; }
expect 2 "params of another circuit" "$CUZK" prove --circuit merkle --height 2 -p p.params -o x --public y
grep -q "does not match the circuit" err.txt || { echo "FAIL: mismatch not named"; cat err.txt; fail=1; }
echo '["1", "abc"]' >bad.json
expect 2 "malformed public inputs" "$CUZK" verify -k vk.bin --proof proof.bin --public bad.json
echo '["1"]' >short.json
expect 2 "wrong number of public inputs" "$CUZK" verify -k vk.bin --proof proof.bin --public short.json
expect 0 "synthetic setup" "$CUZK" setup --circuit synthetic --constraints 3000 -o s.params
expect 0 "synthetic prove --verify" "$CUZK" prove --circuit synthetic --constraints 3000 -p s.params -o sp.bin --public sp.json --verify
expect 2 "synthetic proof against merkle key" "$CUZK" verify -k vk.bin --proof sp.bin --public sp.json
expect 0 "demo" "$CUZK" demo --height 1
exit $fail
