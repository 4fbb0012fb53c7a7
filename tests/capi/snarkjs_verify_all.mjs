// Verifies proofs with snarkjs (groth16.verify) in one node process, so that
// a test's many proofs cost one start-up: prints one line per proof and exits
// 1 when any is refused.
// Usage: node snarkjs_verify_all.mjs NODE_MODULES VERIFICATION_KEY PUBLIC PROOF [PUBLIC PROOF...]
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const [modules, vkPath, ...pairs] = process.argv.slice(2);
if (!modules || !vkPath || pairs.length === 0 || pairs.length % 2) {
  console.error("usage: snarkjs_verify_all.mjs NODE_MODULES VERIFICATION_KEY PUBLIC PROOF [PUBLIC PROOF...]");
  process.exit(2);
}
const snarkjs = createRequire(join(resolve(modules), "noop.js"))("snarkjs");
const read = (p) => JSON.parse(readFileSync(p, "utf8"));
const vk = read(vkPath);
let bad = 0;
for (let i = 0; i < pairs.length; i += 2) {
  const ok = await snarkjs.groth16.verify(vk, read(pairs[i]), read(pairs[i + 1]));
  console.log(`${ok ? "ok" : "REFUSED"}: snarkjs groth16 verify ${pairs[i + 1]}`);
  if (!ok) bad = 1;
}
// snarkjs keeps worker threads for its curves: leave without waiting for them
process.exit(bad);
