"""The values Curio would send for the generator's 2 KiB sector, and the bad
inputs of the refusal cases.
Usage: fixtures.py <sector dir> <other sector dir> <values.env>
Writes <values.env> (shell assignments) and values.json next to it: the
public values of inputs.json, the numeric proof ids Curio sends (numbered as
go-state-types numbers them), the sector size, and the miner id whose prover
id (LEB128 of the actor id, left-aligned in 32 zero bytes) is the generator's;
MISSING_*: the WindowPoSt of the other sector, of a size whose key is not
set up (the same circuit under the other PoSt API version would share the
key file).
Writes window_tampered.vproof (one sibling hash changed) and c1_corrupt.json
(Curio's wrapper around a truncated C1 output).
"""
import base64
import json
import os
import sys

SIZES = {"2KiB": 2 << 10, "8MiB": 8 << 20, "512MiB": 512 << 20, "32GiB": 32 << 30, "64GiB": 64 << 30}
SIZE_ORDER = list(SIZES)
SEAL_VERSIONS = ["V1", "V1_1", "V1_1_Feat_SyntheticPoRep", "V1_2_Feat_NonInteractivePoRep"]


def size_of(name, prefix):
    for size in SIZE_ORDER:
        if name.startswith(prefix + size):
            return size, name[len(prefix + size):]
    sys.exit("fixtures.py: no sector size in '%s'" % name)


def seal_id(name):
    size, version = size_of(name, "StackedDrg")
    return SEAL_VERSIONS.index(version) * 5 + SIZE_ORDER.index(size)


def post_id(name):
    if name.startswith("StackedDrgWinning"):
        size, version = size_of(name, "StackedDrgWinning")
        base = {"V1": 0}[version]
    else:
        size, version = size_of(name, "StackedDrgWindow")
        base = {"V1": 5, "V1_2": 10}[version]
    return base + SIZE_ORDER.index(size)


def update_id(name):
    size, version = size_of(name, "StackedDrg")
    assert version == "V1", name
    return SIZE_ORDER.index(size)


def miner_of(prover_id_hex):
    """The actor id whose prover id is this one, or None."""
    b = bytes.fromhex(prover_id_hex)
    value, shift, i = 0, 0, 0
    while i < len(b):
        value |= (b[i] & 0x7F) << shift
        shift += 7
        i += 1
        if not b[i - 1] & 0x80:
            break
    encoded = bytearray()
    v = value
    while True:
        byte = v & 0x7F
        v >>= 7
        encoded.append(byte | (0x80 if v else 0))
        if not v:
            break
    return value if bytes(encoded).ljust(32, b"\0") == b else None


def main():
    sector, other, env_path = sys.argv[1], sys.argv[2], sys.argv[3]
    v = json.load(open(os.path.join(sector, "inputs.json")))
    miner = miner_of(v["prover_id"])
    if miner is None:
        sys.exit("FAIL: the generator's prover id %s is not an actor id's (LEB128, zero-padded): "
                 "no miner id makes it" % v["prover_id"])
    size, _ = size_of(v["registered_proof"], "StackedDrg")
    out = {k: v[k] for k in ["registered_proof", "window_post_proof", "winning_post_proof", "update_proof",
                             "prover_id", "sector_id", "post_randomness", "comm_r", "comm_d", "ticket", "seed",
                             "comm_r_old", "comm_d_new", "comm_r_new"]}
    out.update({
        "sector": os.path.abspath(sector),
        "sector_size": SIZES[size],
        "miner_id": miner,
        "seal_proof_id": seal_id(v["registered_proof"]),
        "window_post_id": post_id(v["window_post_proof"]),
        "winning_post_id": post_id(v["winning_post_proof"]),
        "update_proof_id": update_id(v["update_proof"]),
    })
    o = json.load(open(os.path.join(other, "inputs.json")))
    other_size, _ = size_of(o["window_post_proof"], "StackedDrgWindow")
    if other_size == size:
        sys.exit("fixtures.py: the other sector has this one's size %s" % size)
    out.update({
        "missing_post_proof": o["window_post_proof"],
        "missing_post_id": post_id(o["window_post_proof"]),
        "missing_sector_size": SIZES[other_size],
        "missing_post_randomness": o["post_randomness"],
        "missing_sector": os.path.abspath(other),
    })
    with open(env_path, "w") as f:
        for k, x in out.items():
            f.write("%s=%s\n" % (k.upper(), x))
    json.dump(out, open(os.path.join(os.path.dirname(os.path.abspath(env_path)), "values.json"), "w"), indent=1)

    # The first sibling of the first inclusion path (bincode: sector id,
    # comm_r, sector count, proof count, enum tag, root, leaf, level count,
    # sibling count): its low byte flipped keeps it a field element.
    p = bytearray(open(os.path.join(sector, "window_post.vproof"), "rb").read())
    p[8 + 32 + 8 + 8 + 4 + 32 + 32 + 8 + 8] ^= 1
    open("window_tampered.vproof", "wb").write(p)

    w = json.load(open(os.path.join(sector, "c1_wrapper.json")))
    c1 = base64.b64decode(w["Phase1Out"])
    w["Phase1Out"] = base64.b64encode(c1[: len(c1) // 2]).decode()
    json.dump(w, open("c1_corrupt.json", "w"))


main()
