// Known-answer vectors for cuzk, computed by @noble/curves (an implementation
// written independently of cuzk). Writes tests/kat/vectors.json.
//
// Re-run (needs node >= 20.19 and the npm registry):
//   cd tools/kat && npm ci && node gen_vectors.mjs
// The output is deterministic: every random value comes from the seeded
// splitmix64 generator below, so re-running with the same noble version must
// reproduce the committed fixture byte for byte.
//
// Format (all numbers are lower-case hex of canonical values, no 0x prefix,
// zero-padded to the field's byte width: 96 digits for the bls12_381 base
// field, 64 for the other three fields and for every scalar):
//   curves.<curve>.fp / .fr: list of {a, b, add, sub, mul, sqr, inv, legendre, e, pow}
//       inv is null when a == 0; legendre is -1, 0 or 1; e is a 64-bit
//       exponent (16 hex digits) and pow = a^e.
//   points: G1 {x, y}; G2 {x: [c0, c1], y: [c0, c1]} where an Fp2 element is
//       c0 + c1*u; the point at infinity is {infinity: true}.
//   curves.<curve>.g1 / .g2: {generator, mul: [{k, point}], add: [{k1, k2, sum}]}
//       with point = [k]G and sum = [k1]G + [k2]G.  For bls12_381 every point
//       entry also has "compressed" and "uncompressed" ZCash encodings (hex of
//       the bytes, flags in the top three bits of the first byte), and
//       g1/g2 "infinity" gives the encodings of the point at infinity.
//   curves.<curve>.pairing: {generator: gt, cases: [{a, b, gt, gt_exact}]}
//       gt = noble's pairing e([a]G1, [b]G2) (generator: e(G1, G2)), as a list
//       of 12 base-field coefficients in tower order
//         c0.c0.c0, c0.c0.c1, c0.c1.c0, c0.c1.c1, c0.c2.c0, c0.c2.c1,
//         c1.c0.c0, c1.c0.c1, c1.c1.c0, c1.c1.c1, c1.c2.c0, c1.c2.c1
//       for Fp12 = c0 + c1*w (Fp6 parts), Fp6 = c0 + c1*v + c2*v^2 (Fp2 parts),
//       Fp2 = c0 + c1*u.  noble stores an Fp12 as exactly this nested object
//       {c0: {c0: {c0, c1}, c1: {..}, c2: {..}}, c1: {..}} (abstract/tower.ts),
//       with u^2 = -1, v^3 = u + 1 (bls12_381) or v^3 = u + 9 (bn254), w^2 = v,
//       so the list is a plain depth-first walk of that object.
//       gt_exact = m^((p^12 - 1)/r) for noble's Miller-loop value m (computed
//       here by a generic exponentiation). See "notes" for how gt relates to it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bn254 } from '@noble/curves/bn254.js';
import * as mod from '@noble/curves/abstract/modular.js';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', '..', 'tests', 'kat', 'vectors.json');
const nobleVersion = JSON.parse(
  readFileSync(join(here, 'node_modules', '@noble', 'curves', 'package.json'), 'utf8')
).version;

// ---- deterministic randomness: splitmix64 over BigInt -----------------------
const M64 = (1n << 64n) - 1n;
let state = 0x637a756b2d6b6174n; // "czuk-kat"
function next64() {
  state = (state + 0x9e3779b97f4a7c15n) & M64;
  let z = state;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
  return z ^ (z >> 31n);
}
function randBits(bits) {
  let v = 0n;
  for (let i = 0; i < bits; i += 64) v = (v << 64n) | next64();
  return v;
}
// Uniform enough in [lo, m): 64 extra bits before the reduction.
function randBelow(m, lo = 0n) {
  const bits = m.toString(2).length + 64;
  return lo + (randBits(bits) % (m - lo));
}

// ---- formatting --------------------------------------------------------------
const hexOf = (v, bytes) => {
  if (typeof v !== 'bigint' || v < 0n) throw new Error('hexOf: expected a non-negative bigint');
  const s = v.toString(16);
  if (s.length > 2 * bytes) throw new Error('hexOf: value too wide');
  return s.padStart(2 * bytes, '0');
};
const bytesOfField = (F) => Math.ceil(F.ORDER.toString(2).length / 64) * 8; // cuzk's limb width
const toHex = (u8) => Buffer.from(u8).toString('hex');

// ---- fields ------------------------------------------------------------------
function fieldCases(F, count) {
  const p = F.ORDER;
  const W = bytesOfField(F);
  const h = (v) => hexOf(v, W);
  const pairs = [
    [0n, 0n],
    [0n, 1n],
    [1n, p - 1n],
    [p - 1n, p - 1n],
    [2n, (p - 1n) / 2n],
    [(p + 1n) / 2n, (p - 1n) / 2n],
    [p - 2n, 3n],
  ];
  while (pairs.length < count) pairs.push([randBelow(p), randBelow(p)]);
  const exps = [0n, 1n, M64];
  return pairs.map(([a, b], i) => {
    const e = i < exps.length ? exps[i] : next64();
    return {
      a: h(a),
      b: h(b),
      add: h(F.add(a, b)),
      sub: h(F.sub(a, b)),
      mul: h(F.mul(a, b)),
      sqr: h(F.sqr(a)),
      inv: a === 0n ? null : h(F.inv(a)),
      legendre: mod.FpLegendre(F, a),
      e: hexOf(e, 8),
      pow: h(F.pow(a, e)),
    };
  });
}

// ---- points ------------------------------------------------------------------
function pointJson(P, Fp, isG2, zcash) {
  let j;
  if (P.is0()) j = { infinity: true };
  else {
    const { x, y } = P.toAffine();
    const W = bytesOfField(Fp);
    const h = (v) => hexOf(v, W);
    j = isG2 ? { x: [h(x.c0), h(x.c1)], y: [h(y.c0), h(y.c1)] } : { x: h(x), y: h(y) };
  }
  if (zcash) {
    // noble only serialises the canonical (0, 1, 0) form of infinity: a sum like
    // P + (-P) may carry another Z = 0 representative, so encode ZERO instead.
    const Q = P.is0() ? P.constructor.ZERO : P;
    j.compressed = toHex(Q.toBytes(true));
    j.uncompressed = toHex(Q.toBytes(false));
  }
  return j;
}

function groupCases(curve, which, zcash) {
  const Point = curve[which].Point;
  const { Fp, Fr } = curve.fields;
  const r = Fr.ORDER;
  const isG2 = which === 'G2';
  const pj = (P) => pointJson(P, Fp, isG2, zcash);
  const G = Point.BASE;
  const ks = [1n, 2n, 3n, r - 1n];
  while (ks.length < 16) ks.push(randBelow(r, 1n));
  const mul = ks.map((k) => ({ k: hexOf(k, 32), point: pj(G.multiply(k)) }));
  // Sums: a doubling through add, P + (-P), P + O is left to the tests, and random pairs.
  const sumPairs = [
    [ks[4], ks[4]],
    [ks[5], r - ks[5]],
    [1n, r - 2n],
    [1n, 1n],
  ];
  for (let i = 6; i + 1 < ks.length && sumPairs.length < 8; i += 2) sumPairs.push([ks[i], ks[i + 1]]);
  const add = sumPairs.map(([k1, k2]) => {
    const S = G.multiply(k1).add(G.multiply(k2));
    // Self-check against the scalar sum.
    const k = (k1 + k2) % r;
    if (!S.equals(k === 0n ? Point.ZERO : G.multiply(k))) throw new Error('noble self-check failed');
    return { k1: hexOf(k1, 32), k2: hexOf(k2, 32), sum: pj(S) };
  });
  const res = { generator: pj(G), mul, add };
  if (zcash) res.infinity = pj(Point.ZERO);
  return res;
}

// ---- pairing -----------------------------------------------------------------
function fp12List(f, Fp) {
  const W = bytesOfField(Fp);
  const out = [];
  for (const c6 of [f.c0, f.c1])
    for (const c2 of [c6.c0, c6.c1, c6.c2]) out.push(hexOf(c2.c0, W), hexOf(c2.c1, W));
  if (out.length !== 12) throw new Error('fp12List');
  return out;
}

function pairingCases(curve, count) {
  const { Fp, Fr, Fp12 } = curve.fields;
  const r = Fr.ORDER;
  const p = Fp.ORDER;
  const exact = (P, Q) => Fp12.pow(curve.pairing(P, Q, false), (p ** 12n - 1n) / r);
  const G1 = curve.G1.Point.BASE, G2 = curve.G2.Point.BASE;
  const eGen = curve.pairing(G1, G2);
  const cases = [];
  for (let i = 0; i < count; i++) {
    const a = randBelow(r, 1n), b = randBelow(r, 1n);
    const P = G1.multiply(a), Q = G2.multiply(b);
    const gt = curve.pairing(P, Q);
    // Bilinearity self-check: e([a]G1, [b]G2) == e(G1, G2)^(ab).
    if (!Fp12.eql(gt, Fp12.pow(eGen, (a * b) % r))) throw new Error('noble bilinearity self-check failed');
    cases.push({ a: hexOf(a, 32), b: hexOf(b, 32), gt: fp12List(gt, Fp), gt_exact: fp12List(exact(P, Q), Fp) });
  }
  return { generator: fp12List(eGen, Fp), generator_exact: fp12List(exact(G1, G2), Fp), cases };
}

// How noble's final exponentiation relates to the exact (p^12 - 1)/r power:
// find the multiplier c with gt = gt_exact^c, trying the candidates known from
// the literature, and fail loudly if none fits.
function finalExpRelation(curve, cands) {
  const { Fr, Fp12 } = curve.fields;
  const r = Fr.ORDER;
  const G1 = curve.G1.Point.BASE, G2 = curve.G2.Point.BASE;
  const gt = curve.pairing(G1, G2);
  const ex = Fp12.pow(curve.pairing(G1, G2, false), (curve.fields.Fp.ORDER ** 12n - 1n) / r);
  for (const [name, c] of cands) {
    if (Fp12.eql(gt, Fp12.pow(ex, ((c % r) + r) % r))) return name;
  }
  throw new Error('final exponentiation relation not found');
}

const BLS_X = -0xd201000000010000n;
const BN_X = 4965661367192848881n;
const blsRel = finalExpRelation(bls12_381, [
  ['1', 1n],
  ['3', 3n],
]);
const bnRel = finalExpRelation(bn254, [
  ['1', 1n],
  ['2x(6x^2+3x+1)', 2n * BN_X * (6n * BN_X * BN_X + 3n * BN_X + 1n)],
]);

const curves = {
  bls12_381: {
    fp: fieldCases(bls12_381.fields.Fp, 32),
    fr: fieldCases(bls12_381.fields.Fr, 32),
    g1: groupCases(bls12_381, 'G1', true),
    g2: groupCases(bls12_381, 'G2', true),
    pairing: pairingCases(bls12_381, 4),
  },
  bn254: {
    fp: fieldCases(bn254.fields.Fp, 32),
    fr: fieldCases(bn254.fields.Fr, 32),
    g1: groupCases(bn254, 'G1', false),
    g2: groupCases(bn254, 'G2', false),
    pairing: pairingCases(bn254, 4),
  },
};

const notes = [
  `Generated by tools/kat/gen_vectors.mjs with @noble/curves ${nobleVersion}.`,
  'Hex strings are canonical (not Montgomery) big-endian values, zero-padded to 48 bytes (bls12_381 Fp) or 32 bytes (other fields, scalars).',
  'Fp12 lists are c0.c0.c0, c0.c0.c1, c0.c1.c0, c0.c1.c1, c0.c2.c0, c0.c2.c1, c1.c0.c0, ..., c1.c2.c1 for Fp12 = c0 + c1 w, Fp6 = c0 + c1 v + c2 v^2, Fp2 = c0 + c1 u; u^2 = -1, w^2 = v, v^3 = u+1 (bls12_381) / u+9 (bn254).',
  'G2 coordinates are [c0, c1] with Fp2 = c0 + c1 u. bn254 G2 is the EIP-197 twist y^2 = x^3 + 3/(u+9).',
  "noble's pairing does NOT return exactly m^((p^12-1)/r) for its Miller-loop value m: its hard part of the final exponentiation computes a fixed multiple of the exponent. " +
    `Checked by generic exponentiation in the generator: bls12_381 gt = gt_exact^${blsRel}, bn254 gt = gt_exact^(${bnRel}) with x = ${BN_X} (the BN seed). ` +
    'Both are non-degenerate bilinear pairings; "gt" is noble\'s value, "gt_exact" the plain (p^12-1)/r power of the same Miller loop. ' +
    'For bls12_381, gt of e(G1, G2) equals (all 12 coefficients) the value the zkcrypto bls12_381 Rust crate returns for pairing(G1, G2), i.e. the widely used convention.',
  `bls12_381 seed x = -0x${(-BLS_X).toString(16)}; noble conjugates the Miller loop result because x < 0.`,
  'ZCash encodings: compressed = x (for G2: x.c1 then x.c0) big-endian with flag bits 0x80 compressed, 0x40 infinity, 0x20 (compressed, finite points only) y lexicographically largest (G2: decided by y.c1, or by y.c0 when y.c1 = 0); uncompressed = x then y (G2: x.c1, x.c0, y.c1, y.c0) with only the 0x40 flag, on infinity; infinity has all other bytes zero.',
  'Field inverse of zero is null (noble throws); cuzk defines it as zero.',
];

const json = { generator: 'tools/kat/gen_vectors.mjs', noble_curves: nobleVersion, notes, curves };
const text = JSON.stringify(json, null, 1) + '\n';
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, text);
console.log(`wrote ${out} (${text.length} bytes)`);
