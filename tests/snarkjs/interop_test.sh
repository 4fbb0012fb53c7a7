#!/usr/bin/env bash
# cuzk against the pinned snarkjs/circom2, on both curves: circom2 rebuilds the
# committed fixtures byte for byte; `cuzk prover` proofs pass `snarkjs groth16
# verify` and public.json equals snarkjs's; `cuzk verifier` accepts snarkjs's
# proofs and refuses wrong public signals (1); a witness with one wire changed
# yields a proof snarkjs rejects; `cuzk zkey-setup` keys work with snarkjs
# prove + verify and with cuzk prover, and snarkjs exports the same
# verification key; bad inputs exit 2 naming the problem.
# (The C API's proofs are verified by snarkjs in tests/capi/rapidsnark_api_test.sh.)
# Every refusal is checked for its exact exit status and its message, so that
# a crash, a missing file or a usage error does not pass for the refusal.
# Usage: interop_test.sh <cuzk binary>. Exit 77 (skip)
# without node/npm, unless CUZK_EXPECT_NODE=1 (set by `make test`, which
# installs them): then their absence is a failure.
set -u
CUZK=$1
HERE=$(cd "$(dirname "$0")" && pwd)
FIX=$HERE/fixtures
source "$HERE/../support/npm_tools.sh"
SNARKJS=$BIN/snarkjs
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }
expect() {  # expect <rc> <description> <command...>
  local want=$1 what=$2
  shift 2
  "$@" >out.txt 2>err.txt
  local got=$?
  if [ "$got" != "$want" ]; then bad "$what: exit $got, expected $want"; cat out.txt err.txt; else ok "$what"; fi
}
# expect_says <rc> <text> <description> <command...>: the exit status is <rc>
# and stdout or stderr contains <text> (a fixed string)
expect_says() {
  local want=$1 text=$2 what=$3
  shift 3
  "$@" >out.txt 2>err.txt
  local got=$?
  if [ "$got" != "$want" ]; then
    bad "$what: exit $got, expected $want"
    cat out.txt err.txt
  elif ! cat out.txt err.txt | grep -qF -- "$text"; then
    bad "$what: exit $got as expected, but the output does not say \"$text\""
    cat out.txt err.txt
  else
    ok "$what"
  fi
}
snark_ok() { "$SNARKJS" groth16 verify "$@" >sj.txt 2>&1 && grep -q "OK!" sj.txt; }
# snarkjs verify refuses the proof as invalid: exit 1 and "Invalid proof"
# (a missing or unreadable file also exits 1, with another message)
snark_rejects() {  # snark_rejects <description> <vk> <public> <proof>
  local what=$1
  shift
  "$SNARKJS" groth16 verify "$@" >sj.txt 2>&1
  local got=$?
  if [ "$got" = 1 ] && grep -q "Invalid proof" sj.txt; then
    ok "$what"
  else
    bad "$what: snarkjs verify exited $got without saying \"Invalid proof\""
    cat sj.txt
  fi
}
same_json() { python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' "$1" "$2"; }

for c in bn128 bls12381; do
  f=$FIX/$c
  "$BIN/circom2" "$FIX/circuit.circom" --r1cs --wasm --prime "$c" -o . >/dev/null 2>&1 &&
    node circuit_js/generate_witness.js circuit_js/circuit.wasm "$FIX/input.json" w.wtns &&
    cmp -s circuit.r1cs "$f/circuit.r1cs" && cmp -s w.wtns "$f/witness.wtns" &&
    ok "$c: circom2 rebuilds the fixture r1cs and witness" || bad "$c: circom2 output differs from the fixtures"

  expect 0 "$c: cuzk prover" "$CUZK" prover "$f/circuit.zkey" "$f/witness.wtns" proof.json public.json
  cmp -s public.json "$f/public.json" && ok "$c: public.json identical to snarkjs's" || bad "$c: public.json differs"
  snark_ok "$f/verification_key.json" public.json proof.json && ok "$c: snarkjs verifies cuzk's proof" ||
    bad "$c: snarkjs rejects cuzk's proof"
  expect 0 "$c: cuzk verifier on cuzk's proof" "$CUZK" verifier "$f/verification_key.json" public.json proof.json
  expect 0 "$c: cuzk verifier on snarkjs's proof" "$CUZK" verifier "$f/verification_key.json" "$f/public.json" "$f/proof.json"
  python3 -c 'import json; p=json.load(open("public.json")); p[0]=str(int(p[0])+1); json.dump(p, open("other.json","w"))'
  expect_says 1 "Result: Invalid proof" "$c: cuzk verifier, other public signals" \
    "$CUZK" verifier "$f/verification_key.json" other.json proof.json
  snark_rejects "$c: snarkjs refuses other public signals" "$f/verification_key.json" other.json proof.json

  # circom keys hold no C matrix, so only verifying the proof can catch a
  # changed wire: the prover verifies every proof and writes none that fails
  python3 "$HERE/wtns_edit.py" add1 "$f/witness.wtns" tampered.wtns 9
  rm -f tproof.json tpublic.json
  expect_says 1 "does not verify" "$c: cuzk prover refuses a changed wire" \
    "$CUZK" prover "$f/circuit.zkey" tampered.wtns tproof.json tpublic.json
  [ ! -e tproof.json ] && [ ! -e tpublic.json ] && ok "$c: no proof written for a changed wire" ||
    bad "$c: a proof was written for a changed wire"
  expect_says 1 "does not verify" "$c: prover --verify refuses the changed wire" \
    "$CUZK" prover "$f/circuit.zkey" tampered.wtns t2.json tp2.json --verify
  expect 0 "$c: prover --verify" "$CUZK" prover "$f/circuit.zkey" "$f/witness.wtns" t3.json tp3.json --verify

  expect 0 "$c: cuzk zkey-setup" "$CUZK" zkey-setup "$f/circuit.r1cs" dev.zkey --vk dev_vk.json
  grep -q INSECURE err.txt || bad "$c: zkey-setup does not say INSECURE"
  "$SNARKJS" zkey export verificationkey dev.zkey sj_vk.json >/dev/null 2>&1
  same_json dev_vk.json sj_vk.json && ok "$c: snarkjs exports the same verification key" || bad "$c: vk export differs"
  "$SNARKJS" groth16 prove dev.zkey "$f/witness.wtns" sproof.json spublic.json >/dev/null 2>&1
  snark_ok dev_vk.json spublic.json sproof.json && ok "$c: snarkjs proves and verifies with a zkey-setup key" ||
    bad "$c: snarkjs prove/verify with the zkey-setup key failed"
  expect 0 "$c: cuzk verifier on snarkjs's proof (dev key)" "$CUZK" verifier dev_vk.json spublic.json sproof.json
  expect 0 "$c: cuzk prover with the dev key" "$CUZK" prover dev.zkey "$f/witness.wtns" dproof.json dpublic.json
  snark_ok sj_vk.json dpublic.json dproof.json && ok "$c: snarkjs verifies cuzk's proof (dev key)" ||
    bad "$c: snarkjs rejects cuzk's proof (dev key)"

  head -c 3000 "$f/circuit.zkey" >trunc.zkey
  expect_says 2 "truncated" "$c: truncated zkey" "$CUZK" prover trunc.zkey "$f/witness.wtns" x.json y.json
  python3 "$HERE/wtns_edit.py" drop "$f/witness.wtns" short.wtns
  expect_says 2 "witness length differs from the key" "$c: witness one wire short" \
    "$CUZK" prover "$f/circuit.zkey" short.wtns x.json y.json
done
expect_says 2 "witness prime is the bls12381 scalar field, but the key's field is bn128's" "witness of the other curve" \
  "$CUZK" prover "$FIX/bn128/circuit.zkey" "$FIX/bls12381/witness.wtns" x.json y.json
# the bn128 public signals, so that the proof is what is refused
expect_says 2 "the proof is not on bn128" "proof of the other curve" \
  "$CUZK" verifier "$FIX/bn128/verification_key.json" "$FIX/bn128/public.json" "$FIX/bls12381/proof.json"
echo '["1"]' >short.json
expect_says 2 "1 values, the verification key expects 3" "too few public signals" \
  "$CUZK" verifier "$FIX/bn128/verification_key.json" short.json "$FIX/bn128/proof.json"
exit $fail
