#!/usr/bin/env python3
"""Writes fuzz/seeds/request_fuzz/*.bin: SubmitProofRequest messages
(proto/cuzk/v1/proving.proto) of every kind, built around the committed
vanilla-proof seeds so that fuzzing starts deep in the request path.
Run from the repository root; protobuf's wire format is written by hand
(varints and length-delimited fields), so nothing needs installing."""
import os

SEEDS = "fuzz/seeds"
OUT = os.path.join(SEEDS, "request_fuzz")


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def u(field, n):
    return varint(field << 3) + varint(n)


def b(field, data):
    if isinstance(data, str):
        data = data.encode()
    return varint(field << 3 | 2) + varint(len(data)) + data


def seed(name):
    return open(os.path.join(SEEDS, name), "rb").read()


# field numbers of SubmitProofRequest
ID, KIND, SECTOR_SIZE, REG, PRIO = 1, 2, 3, 4, 5
VANILLA, VANILLAS, SECTOR, MINER, RAND, PART = 10, 11, 20, 21, 22, 23
R_OLD, R_NEW, D_NEW, SNARKJS, BUILTIN, LABEL, PARAMS, VERIFY = 30, 31, 32, 100, 101, 102, 103, 104
rand32 = bytes(range(32))

messages = {
    "porep_2k.bin": b(ID, "porep") + u(KIND, 1) + u(SECTOR_SIZE, 2048) + u(PRIO, 2)
    + b(VANILLA, seed("c1_json_fuzz/c2_wrapper.json")) + u(SECTOR, 234) + u(MINER, 1000),
    "window_32g.bin": b(ID, "window") + u(KIND, 3) + u(SECTOR_SIZE, 32 << 30) + u(REG, 13)
    + b(VANILLAS, seed("post_vproof_fuzz/golden_window_32g.vproof")) + b(RAND, rand32) + u(PART, 0),
    "winning_32g.bin": b(ID, "winning") + u(KIND, 4) + u(REG, 3) + u(PRIO, 4)
    + b(VANILLAS, seed("post_vproof_fuzz/single_top.vproof")) + b(RAND, rand32),
    "snap_32g.bin": b(ID, "snap") + u(KIND, 2) + u(REG, 3)
    + b(VANILLAS, seed("snap_vproof_fuzz/two_challenges.bin"))
    + b(R_OLD, rand32) + b(R_NEW, rand32[::-1]) + b(D_NEW, bytes(32)),
    # SnarkjsJob {zkey_path 1, wtns 2}; BuiltinJob {params_path 1, circuit 3, height 4, partitions 8}
    "snarkjs.bin": b(ID, "circom") + u(KIND, 100) + b(SNARKJS, b(1, "/nonexistent.zkey") + b(2, seed("wtns_fuzz/" + sorted(os.listdir(os.path.join(SEEDS, "wtns_fuzz")))[0]))),
    "builtin.bin": b(ID, "builtin") + u(KIND, 101) + b(BUILTIN, b(1, "/nonexistent.params") + b(3, "merkle") + u(4, 4) + u(8, 2)) + u(VERIFY, 1) + b(LABEL, "fuzz"),
}
os.makedirs(OUT, exist_ok=True)
for name, data in messages.items():
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
print(f"{len(messages)} seeds in {OUT}")
