#!/usr/bin/env bash
# Runs rapidsnark_api_test (the C program) on the bn128 and bls12381 fixtures,
# then has snarkjs verify every proof it wrote and compares each public.json
# with snarkjs's for the same witness. The C part's failure fails the test;
# without node/npm the snarkjs part skips (77) unless CUZK_EXPECT_NODE=1.
# Usage: rapidsnark_api_test.sh TEST_BINARY
set -u
TEST=$1
HERE=$(cd "$(dirname "$0")" && pwd)
FIX=$HERE/../snarkjs/fixtures
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
for c in bn128 bls12381; do
  mkdir -p "$dir/$c"
  echo "== $c: $TEST"
  "$TEST" "$FIX/$c/circuit.zkey" "$FIX/$c/witness.wtns" "$FIX/$c/verification_key.json" "$dir/$c" ||
    { echo "FAIL: $c: the C API test failed"; fail=1; }
done
[ $fail = 0 ] || exit 1

source "$HERE/../support/npm_tools.sh"
for c in bn128 bls12381; do
  args=()
  n=0
  for p in "$dir/$c"/proof_*.json; do
    [ -e "$p" ] || continue
    u=$dir/$c/public_${p##*/proof_}
    python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' \
      "$u" "$FIX/$c/public.json" || { echo "FAIL: $c: $u differs from snarkjs's public.json"; fail=1; }
    args+=("$u" "$p")
    n=$((n + 1))
  done
  # one-shot x2, handle from a buffer x3, from a file, two pairs of threads
  [ $n -ge 10 ] || { echo "FAIL: $c: only $n proofs written"; fail=1; }
  [ $n -gt 0 ] && { node "$HERE/snarkjs_verify_all.mjs" "$MODULES" "$FIX/$c/verification_key.json" "${args[@]}" || fail=1; }
done
exit $fail
