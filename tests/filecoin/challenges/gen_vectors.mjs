// Known answers for replica_id and the SHA-256 based challenges, computed
// with node's own crypto and BigInt from the rust-fil-proofs formulas (an
// implementation independent of cuzk's C++). Writes vectors.json beside it.
//
//   node tests/filecoin/challenges/gen_vectors.mjs            (rewrites vectors.json)
//   node tests/filecoin/challenges/gen_vectors.mjs --stdout   (prints it; the C++ test compares)
//
// Deterministic: every input comes from SHA-256("cuzk-derive" || counter).
// Formulas (rust-fil-proofs 87348a7):
//   replica_id  storage-proofs-porep/src/stacked/vanilla/params.rs generate_replica_id
//   interactive / non-interactive  storage-proofs-porep/src/stacked/vanilla/challenges.rs
//   leaf / sector  storage-proofs-post/src/fallback/{vanilla.rs,utils.rs}
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const sha256 = (...parts) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
let counter = 0;
const fresh = () => sha256(Buffer.from('cuzk-derive'), u64le(BigInt(counter++)));
const freshFr = () => { const b = fresh(); b[31] &= 0x3f; return b; };
const hex = (b) => Buffer.from(b).toString('hex');
const u64le = (v) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt.asUintN(64, v)); return b; };
const u64be = (v) => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt.asUintN(64, v)); return b; };
const u32le = (v) => { const b = Buffer.alloc(4); b.writeUInt32LE(v); return b; };
const leInt = (b) => { let v = 0n; for (let i = b.length - 1; i >= 0; --i) v = (v << 8n) | BigInt(b[i]); return v; };

function replicaId(proverId, sectorId, ticket, commD, porepId) {
  const d = sha256(proverId, u64be(sectorId), ticket, commD, porepId);
  d[31] &= 0x3f;
  return d;
}
const toChallenge = (digest, nodes) => Number((leInt(digest) % BigInt(nodes - 1)) + 1n);
function interactive(nodes, replica, seed, perPartition, k) {
  const out = [];
  for (let i = 0; i < perPartition; ++i) out.push(toChallenge(sha256(replica, seed, u32le(perPartition * k + i)), nodes));
  return out;
}
const niTag = Buffer.from('filecoin.io|PoRep|1|NonInteractive|1');
function nonInteractive(nodes, replica, commR, perPartition, k) {
  const out = [];
  for (let i = 0; i < perPartition; ++i)
    out.push(toChallenge(sha256(niTag, replica, commR, u32le(perPartition * k + i)), nodes));
  return out;
}
const challengeIndex = (version, sectorIndex, perSector, n) =>
  version === '1.2.0' ? BigInt(n) : BigInt(sectorIndex) * BigInt(perSector) + BigInt(n);
function leaves(nodes, version, randomness, sectorId, sectorIndex, perSector) {
  const out = [];
  for (let n = 0; n < perSector; ++n) {
    const d = sha256(randomness, u64le(sectorId), u64le(challengeIndex(version, sectorIndex, perSector, n)));
    out.push(Number(d.readBigUInt64LE(0) % BigInt(nodes)));
  }
  return out;
}
const sectorDraw = (randomness, n, setLen, proverId) =>
  Number(sha256(proverId, randomness, u64le(BigInt(n))).readBigUInt64LE(0) % BigInt(setLen));

const out = { replica_id: [], interactive: [], non_interactive: [], post_leaves: [], winning_sectors: [] };

// Sector ids whose big- and little-endian encodings differ, plus the extremes.
for (const sectorId of [0n, 1n, 77n, 0x0102030405060708n, (1n << 64n) - 1n]) {
  const [proverId, ticket, commD, porepId] = [fresh(), fresh(), fresh(), fresh()];
  out.replica_id.push({ prover_id: hex(proverId), sector_id: sectorId.toString(), ticket: hex(ticket),
    comm_d: hex(commD), porep_id: hex(porepId), replica_id: hex(replicaId(proverId, sectorId, ticket, commD, porepId)) });
}

// 2 KiB (1 x 2), 8 MiB, 32 GiB (10 x 18; partitions 0, 1, 9), 64 GiB, NI 32 GiB (126 x 18; partition 125).
for (const [nodes, perPartition, ks] of [[64, 2, [0]], [1 << 18, 2, [0]], [2 ** 30, 18, [0, 1, 9]], [2 ** 31, 18, [0, 9, 125]]]) {
  const [replica, seed, commR] = [freshFr(), fresh(), freshFr()];
  for (const k of ks) {
    out.interactive.push({ sector_nodes: nodes, replica_id: hex(replica), seed: hex(seed), per_partition: perPartition,
      partition: k, challenges: interactive(nodes, replica, seed, perPartition, k) });
    out.non_interactive.push({ sector_nodes: nodes, replica_id: hex(replica), comm_r: hex(commR),
      per_partition: perPartition, partition: k, challenges: nonInteractive(nodes, replica, commR, perPartition, k) });
  }
}

// Window (10 per sector) at sector positions 0, 1, 2348 and 4000 (second partition), Winning (66).
for (const [nodes, perSector, sectorIndexes] of [[64, 10, [0, 1]], [2 ** 30, 10, [0, 1, 2348, 4000]], [2 ** 31, 10, [2299]], [2 ** 30, 66, [0]]]) {
  const randomness = freshFr();
  const sectorId = fresh().readBigUInt64LE(0) >> 8n;
  for (const version of ['1.0.0', '1.2.0'])
    for (const sectorIndex of sectorIndexes)
      out.post_leaves.push({ sector_nodes: nodes, api_version: version, randomness: hex(randomness),
        sector_id: sectorId.toString(), sector_index: sectorIndex, per_sector: perSector,
        leaves: leaves(nodes, version, randomness, sectorId, sectorIndex, perSector) });
}

for (const setLen of [1, 7, 1000003]) {
  const [randomness, proverId] = [freshFr(), freshFr()];
  const picks = [];
  for (let n = 0; n < 3; ++n) picks.push(sectorDraw(randomness, n, setLen, proverId));
  out.winning_sectors.push({ randomness: hex(randomness), prover_id: hex(proverId), sector_set_len: setLen, picks });
}

const text = JSON.stringify(out, null, 1) + '\n';
if (process.argv.includes('--stdout')) process.stdout.write(text);
else writeFileSync(join(here, 'vectors.json'), text);
