#!/usr/bin/env bash
# Regenerates the committed fixtures under tests/snarkjs/fixtures/<curve>/
# with the pinned circom2 and snarkjs: the circuit compiled for bn128 and
# bls12381, a small powers of tau (2^7) made by snarkjs itself, a Groth16 key
# with one phase-2 contribution (so delta != 1), its verification key, the
# witness for input.json, and snarkjs's own proof and public signals.
# Usage: tests/snarkjs/make_fixtures.sh   (needs node and npm)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BIN=$("$HERE/../../scripts/setup/snarkjs-tools")
FIX=$HERE/fixtures
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for curve in bn128 bls12381; do
  out=$FIX/$curve
  mkdir -p "$out"
  "$BIN/circom2" "$FIX/circuit.circom" --r1cs --wasm --prime "$curve" -o "$work" >/dev/null
  "$BIN/snarkjs" powersoftau new "$curve" 7 "$work/pot0.ptau" >/dev/null
  "$BIN/snarkjs" powersoftau contribute "$work/pot0.ptau" "$work/pot1.ptau" --name=fixture -e="cuzk fixture $curve" >/dev/null
  "$BIN/snarkjs" powersoftau prepare phase2 "$work/pot1.ptau" "$work/pot.ptau" >/dev/null
  "$BIN/snarkjs" groth16 setup "$work/circuit.r1cs" "$work/pot.ptau" "$work/c0.zkey" >/dev/null
  "$BIN/snarkjs" zkey contribute "$work/c0.zkey" "$out/circuit.zkey" --name=fixture -e="cuzk zkey $curve" >/dev/null
  "$BIN/snarkjs" zkey export verificationkey "$out/circuit.zkey" "$out/verification_key.json" >/dev/null
  node "$work/circuit_js/generate_witness.js" "$work/circuit_js/circuit.wasm" "$FIX/input.json" "$out/witness.wtns"
  "$BIN/snarkjs" groth16 prove "$out/circuit.zkey" "$out/witness.wtns" "$out/proof.json" "$out/public.json"
  "$BIN/snarkjs" groth16 verify "$out/verification_key.json" "$out/public.json" "$out/proof.json" >/dev/null
  cp "$work/circuit.r1cs" "$out/circuit.r1cs"
  rm -rf "$work"/*
  echo "fixtures: $curve done"
done
