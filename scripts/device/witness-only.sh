#!/usr/bin/env bash
# Witness-only partitions on the GPU machine, each step failing the script on
# any error:
#   check     the 2 KiB Filecoin proofs from the witness alone on the GPU
#             backend (a, b made on the device, every constraint checked),
#             verified, and a tampered witness named from the matrices
#   synth     one 32 GiB PoRep partition: full synthesis against recorded
#             matrices, witness-only synthesis and the host product (digests
#             must agree)
#   pipeline  a 32 GiB PoRep C1 output through `cuzk bench pipeline` with the
#             defaults (witness-only) and with --full-synthesis, JOBS proofs each
# Binaries: scripts/device/pack-bin build-cuda apps/cuzk/cuzk
#   tests/filecoin/prove/filecoin_prove_test
#   tests/filecoin/stacked_circuit/filecoin_stacked_synthesis_bench
#   tests/filecoin/sparse_sector/filecoin_sparse_sector_gen
# Usage: scripts/device/witness-only.sh check|synth|pipeline [JOBS]
set -euo pipefail
B=${B:-$PWD/.devbin/bin}
export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}:$(dirname "$B")/lib
W=${W:-/tmp/cuzk-witness-only}
mkdir -p "$W"
case ${1:-} in
  check)
    "$B/filecoin_prove_test" --gtest_filter='*WitnessAlone*:*NamedFromTheMatrices*' ;;
  synth)
    "$B/filecoin_stacked_synthesis_bench" 32GiB --threads "$(nproc)" ;;
  pipeline)
    jobs=${2:-3}
    [ -f "$W/s32g/c1_wrapper.json" ] || (cd "$W" && "$B/filecoin_sparse_sector_gen" s32g 32GiB >/dev/null)
    pid=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["prover_id"])' "$W/s32g/inputs.json")
    run() { "$B/cuzk" bench pipeline --c1 "$W/s32g/c1_wrapper.json" --prover-id "$pid" --key random --jobs "$jobs" "$@"; }
    echo "== witness-only (defaults)"
    run --matrix-dir "$W/matrices"
    echo "== full synthesis"
    run --full-synthesis ;;
  *)
    echo "usage: $0 check|synth|pipeline [JOBS]" >&2
    exit 2 ;;
esac
