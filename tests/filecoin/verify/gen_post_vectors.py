#!/usr/bin/env python3
# Writes tests/filecoin/data/verify/post_inputs_vectors.json: PoSt public
# inputs computed by Python's hashlib straight from the rules of
# storage-proofs-post fallback/{compound.rs, vanilla.rs, utils.rs} and
# filecoin-proofs api/{window,winning}_post.rs, an implementation sharing no
# code with cuzk's:
#   per sector of partition k (sectors sorted by id, chunked): comm_r, then per
#   challenge n: LE_u64(SHA-256(randomness || u64_le(id) || u64_le(idx))[0:8])
#   mod nodes, idx = n (API 1.2) or sector_index * challenges + n (1.0/1.1),
#   sector_index counted over all partitions; a short chunk repeats its last
#   sector. Winning: the one sector repeated 66 times, one challenge each.
import hashlib, json, os, struct

def dom(seed):
    d = bytearray(hashlib.sha256(seed.encode()).digest())
    d[31] &= 0x3f
    return bytes(d)

def fr(d):
    return str(int.from_bytes(d, 'little'))

def leaf(nodes, rand, sid, idx):
    h = hashlib.sha256(rand + struct.pack('<Q', sid) + struct.pack('<Q', idx)).digest()
    return struct.unpack('<Q', h[:8])[0] % nodes

def fallback(nodes, per, chal, api, rand, sectors):
    sectors = sorted(sectors, key=lambda s: s[0])
    parts = []
    for k in range(0, max(1, -(-len(sectors) // per))):
        chunk = sectors[k * per:(k + 1) * per]
        x = []
        for i, (sid, comm_r) in enumerate(chunk):
            x.append(fr(comm_r))
            for n in range(chal):
                idx = n if api == '1.2.0' else (k * per + i) * chal + n
                x.append(str(leaf(nodes, rand, sid, idx)))
        per_sector = 1 + chal
        while len(x) < per * per_sector:
            x += x[-per_sector:]
        parts.append(x)
    return parts

rand = dom('randomness')
secs = [(9, dom('comm_r 9')), (3, dom('comm_r 3')), (5, dom('comm_r 5'))]
cases = []
for api, name in (('1.0.0', 'StackedDrgWindow2KiBV1'), ('1.2.0', 'StackedDrgWindow2KiBV1_2')):
    cases.append({'type': name, 'api_version': api, 'sector_nodes': 64, 'sectors_per_partition': 2,
                  'challenges_per_sector': 10, 'randomness': rand.hex(),
                  'sectors': [{'sector_id': s, 'comm_r': c.hex()} for s, c in secs],
                  'inputs': fallback(64, 2, 10, api, rand, secs)})
win = (1234, dom('comm_r 1234'))
cases.append({'type': 'StackedDrgWinning8MiBV1', 'api_version': '1.0.0', 'sector_nodes': 1 << 18,
              'sectors_per_partition': 66, 'challenges_per_sector': 1, 'randomness': rand.hex(),
              'sectors': [{'sector_id': win[0], 'comm_r': win[1].hex()}],
              'inputs': fallback(1 << 18, 66, 1, '1.0.0', rand, [win] * 66)})
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../data/verify/post_inputs_vectors.json')
with open(out, 'w') as f:
    json.dump({'generator': 'tests/filecoin/verify/gen_post_vectors.py', 'cases': cases}, f, indent=1)
    f.write('\n')
