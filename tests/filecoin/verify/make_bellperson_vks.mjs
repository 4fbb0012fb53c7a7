// Writes tests/filecoin/data/verify/polka_{porep,post}_2k.vk: polka-storage's
// compressed verifying keys (the KAT JSON files beside them) re-encoded by
// @noble/curves as bellperson .vk files (uncompressed alpha_g1, beta_g1,
// beta_g2, gamma_g2, delta_g2... as ZCash encodes them, the IC count as a
// big-endian u32), for `cuzk filecoin verify --vk`. filecoin_polka_vk_test
// checks the files against cuzk's own decoding of the same keys.
// Usage: node make_bellperson_vks.mjs <node_modules dir>
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const nodeModules = process.argv[2];
const { bls12_381: bls } = await import(pathToFileURL(join(nodeModules, '@noble/curves/bls12-381.js')).href);
const data = join(dirname(fileURLToPath(import.meta.url)), '../data/verify');

for (const name of ['polka_porep_2k', 'polka_post_2k']) {
  const hex = JSON.parse(readFileSync(join(data, `${name}.json`), 'utf8')).vk_compressed;
  const bytes = Buffer.from(hex, 'hex');
  let off = 0;
  const take = (n) => bytes.subarray(off, (off += n)).toString('hex');
  const g1 = () => bls.G1.Point.fromHex(take(48)).toBytes(false);
  const g2 = () => bls.G2.Point.fromHex(take(96)).toBytes(false);
  const parts = [g1(), g1(), g2(), g2(), g1(), g2()];
  const count = bytes.readUInt32BE(off);
  off += 4;
  const n = Buffer.alloc(4);
  n.writeUInt32BE(count);
  parts.push(n);
  for (let i = 0; i < count; i++) parts.push(g1());
  if (off !== bytes.length) throw new Error(`${name}: ${bytes.length - off} bytes left over`);
  writeFileSync(join(data, `${name}.vk`), Buffer.concat(parts.map((p) => Buffer.from(p))));
}
