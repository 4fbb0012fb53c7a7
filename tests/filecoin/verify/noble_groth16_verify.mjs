// An outside Groth16 verifier for BLS12-381 built on @noble/curves alone, to
// check cuzk's verdicts on Filecoin proofs with code that shares none of cuzk's
// field, curve, pairing or decoding code.
// Usage: node noble_groth16_verify.mjs <node_modules dir> <cases.json>
// cases.json: {"cases": [case...]}, each case
//   {"vk": {"alpha_g1", "beta_g2", "gamma_g2", "delta_g2": hex, "ic": [hex...]}
//          (ZCash compressed points, as bellperson writes them),
//    "proofs": [hex of 192 bytes...], "inputs": [[decimal...] per proof]}
// Prints one line per case: "valid" when every proof satisfies
//   e(A, B) = e(alpha, beta) e(sum x_i IC_i, gamma) e(C, delta),
// "invalid" when one does not, "malformed: why" when a point does not decode
// (bad flags, off the curve, outside the subgroup) or a count is wrong.
// Exits 0 when every case is valid, 1 when one is invalid and none is
// malformed, 2 when one is malformed or the file cannot be read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [nodeModules, casePath] = process.argv.slice(2);
if (!nodeModules || !casePath) {
  console.error('usage: node noble_groth16_verify.mjs <node_modules dir> <cases.json>');
  process.exit(2);
}
const { bls12_381: bls } = await import(pathToFileURL(join(nodeModules, '@noble/curves/bls12-381.js')).href);
const { Fp12, Fr } = bls.fields;

function decodeProof(proofHex) {
  if (proofHex.length !== 384) throw new Error(`proof: ${proofHex.length / 2} bytes, expected 192`);
  // fromHex validates the encoding, the curve equation and the subgroup
  return {
    a: bls.G1.Point.fromHex(proofHex.slice(0, 96)),
    b: bls.G2.Point.fromHex(proofHex.slice(96, 288)),
    c: bls.G1.Point.fromHex(proofHex.slice(288, 384)),
  };
}

function verifyOne(vk, { a, b, c }, inputs) {
  let acc = vk.ic[0];
  inputs.forEach((s, i) => {
    const x = BigInt(s);
    if (x < 0n || x >= Fr.ORDER) throw new Error(`input ${i} is not below the scalar field modulus`);
    acc = acc.add(vk.ic[i + 1].multiplyUnsafe(x));
  });
  // e(A, B) e(-acc, gamma) e(-C, delta) e(-alpha, beta) = 1, with terms at
  // infinity (pairing to 1) left out, as noble refuses them
  const pairs = [
    { g1: a, g2: b },
    { g1: acc.negate(), g2: vk.gamma_g2 },
    { g1: c.negate(), g2: vk.delta_g2 },
    { g1: vk.alpha_g1.negate(), g2: vk.beta_g2 },
  ].filter((p) => !p.g1.is0() && !p.g2.is0());
  return Fp12.eql(bls.pairingBatch(pairs), Fp12.ONE);
}

function verifyCase(c) {
  const vk = {
    alpha_g1: bls.G1.Point.fromHex(c.vk.alpha_g1),
    beta_g2: bls.G2.Point.fromHex(c.vk.beta_g2),
    gamma_g2: bls.G2.Point.fromHex(c.vk.gamma_g2),
    delta_g2: bls.G2.Point.fromHex(c.vk.delta_g2),
    ic: c.vk.ic.map((h) => bls.G1.Point.fromHex(h)),
  };
  if (!Array.isArray(c.proofs) || c.proofs.length === 0 || c.proofs.length !== c.inputs.length)
    throw new Error('proofs and input lists must be non-empty and equal in number');
  // every proof decoded before any verdict, as a verifier refuses a damaged
  // multi-partition proof whichever partition is damaged
  const proofs = c.proofs.map(decodeProof);
  c.inputs.forEach((x, k) => {
    if (x.length + 1 !== vk.ic.length)
      throw new Error(`proof ${k}: ${x.length} inputs, the key expects ${vk.ic.length - 1}`);
  });
  return proofs.every((p, k) => verifyOne(vk, p, c.inputs[k]));
}

let cases;
try {
  cases = JSON.parse(readFileSync(casePath, 'utf8')).cases;
  if (!Array.isArray(cases)) throw new Error('"cases" must be an array');
} catch (e) {
  console.error(`noble verifier: cannot read ${casePath}: ${e.message}`);
  process.exit(2);
}
let worst = 0;
for (const c of cases) {
  try {
    const valid = verifyCase(c);
    console.log(valid ? 'valid' : 'invalid');
    if (!valid) worst = Math.max(worst, 1);
  } catch (e) {
    console.log(`malformed: ${e.message}`);
    worst = 2;
  }
}
process.exit(worst);
