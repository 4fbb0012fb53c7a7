#!/usr/bin/env bash
# `cuzk filecoin verify` end to end on polka-storage's 2 KiB PoRep and
# WindowPoSt proofs (tests/filecoin/data/verify): valid with the values as
# flags or as JSON (0); a false statement or a proof with a flipped sign bit
# (1); and every refusal of bad input or usage (2) with its message. A check
# passes on its exact exit code only, never on "non-zero".
# Usage: filecoin_verify_test.sh <cuzk binary>
set -u
CUZK=$1
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=$(cd "$(dirname "$0")/../filecoin/data/verify" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
source "$HERE/check_lib.sh"

# proofs, values and tampered copies from the KAT files
python3 - "$DATA" <<'PY' || exit 1
import json, sys
d = sys.argv[1]
porep = json.load(open(d + "/polka_porep_2k.json"))
post = json.load(open(d + "/polka_post_2k.json"))
open("porep.bin", "wb").write(bytes.fromhex(porep["proof"]))
open("post.bin", "wb").write(bytes.fromhex(post["proof"]))
keys = ["comm_r", "comm_d", "prover_id", "sector_id", "ticket", "seed"]
json.dump({k: porep[k] for k in keys}, open("porep.json", "w"))
json.dump({"randomness": post["randomness"], "sectors": post["sectors"]}, open("post.json", "w"))
with open("porep.env", "w") as f:
    for k in keys:
        f.write("%s=%s\n" % (k.upper(), porep[k]))
    f.write("POST_RANDOMNESS=%s\nPOST_SECTOR=%d:%s\n" % (post["randomness"], post["sectors"][0]["sector_id"],
                                                        post["sectors"][0]["comm_r"]))
p = bytearray(bytes.fromhex(porep["proof"]))
p[0] ^= 0x20  # A's sign flag: -A, a well-formed proof of nothing
open("porep_sign.bin", "wb").write(p)
p = bytearray(bytes.fromhex(porep["proof"]))
p[144] ^= 0x80  # C's compression flag: does not decode
open("porep_flag.bin", "wb").write(p)
open("porep_short.bin", "wb").write(bytes.fromhex(porep["proof"])[:191])
open("porep_twice.bin", "wb").write(bytes.fromhex(porep["proof"]) * 2)
v = {k: porep[k] for k in keys}
v["seed"] = "0c" + v["seed"][2:]
json.dump(v, open("porep_seed.json", "w"))
v = {k: porep[k] for k in keys}
v["bogus"] = 1
json.dump(v, open("porep_unknown_key.json", "w"))
v = {k: porep[k] for k in keys}
v["sector_id"] = "77"
json.dump(v, open("porep_string_id.json", "w"))
open("broken.json", "w").write("{")
PY
. ./porep.env
PVK=$DATA/polka_porep_2k.vk
WVK=$DATA/polka_post_2k.vk
# polka-storage's PoRep setup: StackedDrg2KiBV1's porep id (all zero) under API 1.2.0
porep=("$CUZK" filecoin verify --type StackedDrg2KiBV1 --api-version 1.2.0 --vk "$PVK")
flags=(--comm-r "$COMM_R" --comm-d "$COMM_D" --prover-id "$PROVER_ID" --sector-id "$SECTOR_ID" --ticket "$TICKET"
  --seed "$SEED")
post=("$CUZK" filecoin verify --type StackedDrgWindow2KiBV1_2 --vk "$WVK")

# valid: 0
check 0 "PoRep, values in JSON" "" "${porep[@]}" --proof porep.bin --public porep.json
stdout_has "PoRep, values in JSON" "^OK: proof verifies \(StackedDrg2KiBV1, 1 partition\)"
check 0 "PoRep, values as flags" "" "${porep[@]}" --proof porep.bin "${flags[@]}"
check 0 "PoRep, porep id given explicitly" "" "${porep[@]}" --proof porep.bin --public porep.json \
  --porep-id 0000000000000000000000000000000000000000000000000000000000000000
check 0 "WindowPoSt, values as flags" "" "${post[@]}" --proof post.bin --randomness "$POST_RANDOMNESS" \
  --sector "$POST_SECTOR"
stdout_has "WindowPoSt" "^OK: proof verifies \(StackedDrgWindow2KiBV1_2, 1 partition\)"
check 0 "WindowPoSt, values in JSON" "" "${post[@]}" --proof post.bin --public post.json
# one sector: the padded slot copies its inputs, so API 1.0.0's indexing agrees
check 0 "WindowPoSt under API 1.0.0" "" "$CUZK" filecoin verify --type StackedDrgWindow2KiBV1 --vk "$WVK" \
  --proof post.bin --public post.json

# a well-formed proof of a false statement: 1
check 1 "PoRep under the registered API 1.0.0" "" "$CUZK" filecoin verify --type StackedDrg2KiBV1 --vk "$PVK" \
  --proof porep.bin --public porep.json
stdout_has "PoRep under API 1.0.0" "^FAILED: proof does not verify \(StackedDrg2KiBV1, partition 0 of 1\)"
check 1 "PoRep, another seed" "" "${porep[@]}" --proof porep.bin --public porep_seed.json
check 1 "PoRep, another sector id" "" "${porep[@]}" --proof porep.bin --comm-r "$COMM_R" --comm-d "$COMM_D" \
  --prover-id "$PROVER_ID" --sector-id 78 --ticket "$TICKET" --seed "$SEED"
check 1 "PoRep, A negated" "" "${porep[@]}" --proof porep_sign.bin --public porep.json
check 1 "WindowPoSt, other randomness" "" "${post[@]}" --proof post.bin --sector "$POST_SECTOR" \
  --randomness "02${POST_RANDOMNESS:2}"

# bad input: 2, the problem named
check 2 "undecodable proof" "PoRep proof, partition 0: .*proof\.c.*compression flag" "${porep[@]}" --proof porep_flag.bin --public porep.json
check 2 "short proof" "191 bytes, expected 1 partition proof" "${porep[@]}" --proof porep_short.bin --public porep.json
check 2 "two proofs for one partition" "384 bytes" "${porep[@]}" --proof porep_twice.bin --public porep.json
check 2 "NI-PoRep proof of the wrong size" "SnarkPack" "$CUZK" filecoin verify \
  --type StackedDrg2KiBV1_2_Feat_NonInteractivePoRep --vk "$PVK" --proof porep.bin --public porep.json
check 2 "key of another circuit" "expects 22" "$CUZK" filecoin verify --type StackedDrg2KiBV1 --api-version 1.2.0 \
  --vk "$WVK" --proof porep.bin --public porep.json
check 2 "unknown type" "unknown proof type 'StackedDrg3KiBV1'" "$CUZK" filecoin verify --type StackedDrg3KiBV1 \
  --vk "$PVK" --proof porep.bin --public porep.json
check 2 "missing value" "needs seed" "${porep[@]}" --proof porep.bin "${flags[@]:0:10}"
check 2 "value of another kind" "does not use randomness" "${porep[@]}" --proof porep.bin --public porep.json \
  --randomness "$POST_RANDOMNESS"
check 2 "PoRep values for a PoSt type" "does not use comm_r, comm_d" "${post[@]}" --proof post.bin \
  --public porep.json
check 2 "value both in JSON and as a flag" "seed is given both" "${porep[@]}" --proof porep.bin --public porep.json \
  --seed "$SEED"
check 2 "short hex" "comm_r: .*expected 64 hex digits" "${porep[@]}" --proof porep.bin "${flags[@]:2}" --comm-r 4afb
check 2 "a flag twice" "--comm-r: At Most 1" "${porep[@]}" --proof porep.bin "${flags[@]}" --comm-r "$COMM_R"
check 2 "comm_r above the modulus" "comm_r" "${porep[@]}" --proof porep.bin "${flags[@]:2}" --comm-r \
  ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff
check 2 "all-zero comm_d" "comm_d: all-zero" "${porep[@]}" --proof porep.bin --comm-r "$COMM_R" --prover-id "$PROVER_ID" \
  --sector-id 77 --ticket "$TICKET" --seed "$SEED" \
  --comm-d 0000000000000000000000000000000000000000000000000000000000000000
check 2 "randomness above the modulus" "randomness" "${post[@]}" --proof post.bin --sector "$POST_SECTOR" \
  --randomness ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff
check 2 "unknown JSON key" "unknown key \"bogus\"" "${porep[@]}" --proof porep.bin --public porep_unknown_key.json
check 2 "sector_id as a string" "sector_id\" must be an unsigned integer" "${porep[@]}" --proof porep.bin \
  --public porep_string_id.json
check 2 "broken JSON" "not valid JSON" "${porep[@]}" --proof porep.bin --public broken.json
check 2 "bad --sector" "is not SECTOR_ID:COMM_R" "${post[@]}" --proof post.bin --randomness "$POST_RANDOMNESS" \
  --sector 77
check 2 "sector given twice" "sector 77 given twice" "${post[@]}" --proof post.bin --randomness "$POST_RANDOMNESS" \
  --sector "$POST_SECTOR" --sector "$POST_SECTOR"
check 2 "negative sector id" "--sector-id: '-1' is not an unsigned 64-bit integer" "${porep[@]}" --proof porep.bin "${flags[@]:0:6}" --sector-id -1 \
  --ticket "$TICKET" --seed "$SEED"
check 2 "sector id with junk" "--sector-id: '77x' is not" "${porep[@]}" --proof porep.bin "${flags[@]:0:6}" \
  --sector-id 77x --ticket "$TICKET" --seed "$SEED"
check 2 "bad API version" "'1.3.0' is not an API version" "${porep[@]:0:5}" --api-version 1.3.0 --vk "$PVK" \
  --proof porep.bin --public porep.json
check 2 "porep id for a PoSt type" "porep_id applies to PoRep" "${post[@]}" --proof post.bin --public post.json \
  --porep-id 0000000000000000000000000000000000000000000000000000000000000000
check 2 "missing --type" "--type is required" "$CUZK" filecoin verify --vk "$PVK" --proof porep.bin
check 2 "missing vk file" "File does not exist: missing\.vk" "$CUZK" filecoin verify --type StackedDrg2KiBV1 \
  --vk missing.vk --proof porep.bin --public porep.json
check 2 "filecoin without a command" "^cuzk filecoin: a command is required \(commands: verify, prove, shape, setup\)" "$CUZK" filecoin
check 2 "unknown filecoin command" "^cuzk filecoin: unknown command 'bogus'" "$CUZK" filecoin bogus
check 0 "help" "" "$CUZK" filecoin verify --help
stdout_has "help" "--comm-r-old"
exit $fail
