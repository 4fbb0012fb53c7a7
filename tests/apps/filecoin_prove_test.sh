#!/usr/bin/env bash
# `cuzk filecoin setup / shape / prove / verify` end to end on a 2 KiB sector
# written by filecoin_sparse_sector_gen: development keys for WindowPoSt and
# WinningPoSt (and, with CUZK_EXHAUSTIVE=1, PoRep from the C1 output and
# SnapDeals, whose setups take minutes on 2 cores); every proof verified by
# `cuzk filecoin verify`; the refusals: a key for another circuit (named
# section), a tampered vanilla proof (named constraint), vanilla proofs for
# another sector, a proof checked against other public values (exit 1).
# Usage: filecoin_prove_test.sh <cuzk binary> <filecoin_sparse_sector_gen binary>
set -u
CUZK=$1
HERE=$(cd "$(dirname "$0")" && pwd)
GEN=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
CHECK_TIMEOUT=1200
source "$HERE/check_lib.sh"

"$GEN" sector 2KiB >gen.txt || { echo "FAIL: filecoin_sparse_sector_gen"; cat gen.txt; exit 1; }
python3 - <<'PY' || exit 1
import json
v = json.load(open("sector/inputs.json"))
with open("values.env", "w") as f:
    for k in ["registered_proof", "window_post_proof", "winning_post_proof", "update_proof", "prover_id",
              "sector_id", "post_randomness", "comm_r", "comm_d", "ticket", "seed", "comm_r_old", "comm_d_new", "comm_r_new"]:
        f.write("%s=%s\n" % (k.upper(), v[k]))
# The first sibling of the first inclusion path (bincode: sector id, comm_r,
# sector count, proof count, enum tag, root, leaf, level count, sibling
# count): its low byte flipped keeps it a field element.
p = bytearray(open("sector/window_post.vproof", "rb").read())
p[8 + 32 + 8 + 8 + 4 + 32 + 32 + 8 + 8] ^= 1
open("window_tampered.vproof", "wb").write(p)
PY
. ./values.env
SECTOR="$SECTOR_ID:$COMM_R"

post_case() {  # <type> <vanilla file> <name>
  local type=$1 vanilla=$2 name=$3
  check 0 "$name setup" "INSECURE" "$CUZK" filecoin setup --type "$type" --params-out "$name.params" --vk-out "$name.vk"
  check 0 "$name shape fits its params" "OK: .* fits" "$CUZK" filecoin shape --type "$type" --params "$name.params"
  check 0 "$name shape fits its vk" "verifying key" "$CUZK" filecoin shape --type "$type" --params "$name.vk"
  check 0 "$name prove" "verified" "$CUZK" filecoin prove --type "$type" --params "$name.params" --out "$name.proof" \
    --vanilla "$vanilla" --randomness "$POST_RANDOMNESS" --sector "$SECTOR"
  check 0 "$name verify" "OK: proof verifies" "$CUZK" filecoin verify --type "$type" --vk "$name.vk" \
    --proof "$name.proof" --randomness "$POST_RANDOMNESS" --sector "$SECTOR"
  check 1 "$name verify, other randomness" "FAILED" "$CUZK" filecoin verify --type "$type" --vk "$name.vk" \
    --proof "$name.proof" --randomness "44${POST_RANDOMNESS:2}" --sector "$SECTOR"
  check 2 "$name prove, vanilla proof of another sector" "sector 1: the vanilla proof's comm_r" "$CUZK" filecoin prove \
    --type "$type" --params "$name.params" --out x.proof --vanilla "$vanilla" --randomness "$POST_RANDOMNESS" \
    --sector "$SECTOR_ID:$COMM_R_NEW"
}

post_case "$WINDOW_POST_PROOF" sector/window_post.vproof window
post_case "$WINNING_POST_PROOF" sector/winning_post.vproof winning
check 2 "shape: Winning params are not Window's" "ic: the file has [0-9]+ points, the circuit needs" "$CUZK" filecoin shape --type "$WINDOW_POST_PROOF" --params winning.params
check 2 "prove with the key of another circuit" "do not fit the .* circuit" "$CUZK" filecoin prove \
  --type "$WINDOW_POST_PROOF" --params winning.params --out x.proof --vanilla sector/window_post.vproof \
  --randomness "$POST_RANDOMNESS" --sector "$SECTOR"
check 2 "prove from a tampered vanilla proof" "constraint #[0-9]+ '.*'" "$CUZK" filecoin prove \
  --type "$WINDOW_POST_PROOF" --params window.params --out x.proof --vanilla window_tampered.vproof \
  --randomness "$POST_RANDOMNESS" --sector "$SECTOR"
[ -e x.proof ] && bad "a refused prove wrote x.proof"
check 2 "prove: PoSt from a C1 output" "is not proved from a C1 output" "$CUZK" filecoin prove \
  --type "$WINDOW_POST_PROOF" --params window.params --out x.proof --c1 sector/c1_wrapper.json \
  --vanilla sector/window_post.vproof --randomness "$POST_RANDOMNESS" --sector "$SECTOR"

if [ -n "${CUZK_EXHAUSTIVE+set}" ]; then
  check 0 "PoRep setup" "INSECURE" "$CUZK" filecoin setup --type "$REGISTERED_PROOF" --params-out porep.params --vk-out porep.vk
  check 0 "PoRep prove from the C1 output" "verified" "$CUZK" filecoin prove --type "$REGISTERED_PROOF" \
    --params porep.params --out porep.proof --c1 sector/c1_wrapper.json --prover-id "$PROVER_ID"
  check 0 "PoRep verify" "OK: proof verifies" "$CUZK" filecoin verify --type "$REGISTERED_PROOF" --vk porep.vk \
    --proof porep.proof --comm-r "$COMM_R" --comm-d "$COMM_D" --prover-id "$PROVER_ID" --sector-id "$SECTOR_ID" \
    --ticket "$TICKET" --seed "$SEED"
  check 2 "PoRep prove, another prover id" "replica id" "$CUZK" filecoin prove --type "$REGISTERED_PROOF" \
    --params porep.params --out x.proof --c1 sector/c1_wrapper.json --prover-id "$COMM_R"
  SNAP="update:$UPDATE_PROOF"
  check 0 "SnapDeals setup" "INSECURE" "$CUZK" filecoin setup --type "$SNAP" --params-out snap.params --vk-out snap.vk
  check 0 "SnapDeals prove" "verified" "$CUZK" filecoin prove --type "$SNAP" --params snap.params --out snap.proof \
    --vanilla sector/snap_proofs.json --comm-r-old "$COMM_R_OLD" --comm-d-new "$COMM_D_NEW" --comm-r-new "$COMM_R_NEW"
  check 0 "SnapDeals verify" "OK: proof verifies" "$CUZK" filecoin verify --type "$SNAP" --vk snap.vk \
    --proof snap.proof --comm-r-old "$COMM_R_OLD" --comm-d-new "$COMM_D_NEW" --comm-r-new "$COMM_R_NEW"
else
  echo "skip: PoRep and SnapDeals 2 KiB (development setups of 1-2 M constraints; CUZK_EXHAUSTIVE=1 runs them)"
fi
exit $fail
