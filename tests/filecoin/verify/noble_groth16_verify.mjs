// An outside Groth16 verifier for BLS12-381 built on @noble/curves alone, to
// check cuzk's verdicts on Filecoin proofs with code that shares none of cuzk's
// field, curve, pairing or decoding code.
// Usage: node noble_groth16_verify.mjs <node_modules dir> <case.json>
// case.json: {"vk": {"alpha_g1", "beta_g2", "gamma_g2", "delta_g2": hex,
//              "ic": [hex...]}  (ZCash compressed points, as bellperson writes),
//             "proofs": [hex of 192 bytes...],
//             "inputs": [[decimal...] per proof]}
// Prints "valid" and exits 0 when every proof satisfies
//   e(A, B) = e(alpha, beta) e(sum x_i IC_i, gamma) e(C, delta);
// prints "invalid" and exits 1 otherwise; exits 2 on malformed input (a point
// off the curve or outside the subgroup, a wrong count).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [nodeModules, casePath] = process.argv.slice(2);
if (!nodeModules || !casePath) {
  console.error('usage: node noble_groth16_verify.mjs <node_modules dir> <case.json>');
  process.exit(2);
}
const { bls12_381: bls } = await import(pathToFileURL(join(nodeModules, '@noble/curves/bls12-381.js')).href);
const { Fp12, Fr } = bls.fields;

function verifyOne(vk, proofHex, inputs) {
  if (proofHex.length !== 384) throw new Error(`proof: ${proofHex.length / 2} bytes, expected 192`);
  // fromHex validates the encoding, the curve equation and the subgroup
  const a = bls.G1.Point.fromHex(proofHex.slice(0, 96));
  const b = bls.G2.Point.fromHex(proofHex.slice(96, 288));
  const c = bls.G1.Point.fromHex(proofHex.slice(288, 384));
  if (inputs.length + 1 !== vk.ic.length)
    throw new Error(`${inputs.length} inputs, the key expects ${vk.ic.length - 1}`);
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

let verdict;
try {
  const j = JSON.parse(readFileSync(casePath, 'utf8'));
  const vk = {
    alpha_g1: bls.G1.Point.fromHex(j.vk.alpha_g1),
    beta_g2: bls.G2.Point.fromHex(j.vk.beta_g2),
    gamma_g2: bls.G2.Point.fromHex(j.vk.gamma_g2),
    delta_g2: bls.G2.Point.fromHex(j.vk.delta_g2),
    ic: j.vk.ic.map((h) => bls.G1.Point.fromHex(h)),
  };
  if (!Array.isArray(j.proofs) || j.proofs.length === 0 || j.proofs.length !== j.inputs.length)
    throw new Error('proofs and input lists must be non-empty and equal in number');
  verdict = j.proofs.every((p, k) => verifyOne(vk, p, j.inputs[k]));
} catch (e) {
  console.error(`noble verifier: malformed input: ${e.message}`);
  process.exit(2);
}
console.log(verdict ? 'valid' : 'invalid');
process.exit(verdict ? 0 : 1);
