// Builds, from the description of bellpepper-core's TestConstraintSystem::hash()
// alone (util_cs/test_cs.rs: hash, hash_lc, proc_lc), the byte strings for the
// systems of structure_digest_test.cpp and prints their BLAKE2s-256 (node's
// OpenSSL): the expected digests that test pins.
// Run: node tests/r1cs/structure_digest_vector.js
const crypto = require('crypto');

const r = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;  // BLS12-381 scalar field
const u64 = (n) => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(n)); return b; };
const fe = (v) => Buffer.from((((v % r) + r) % r).toString(16).padStart(64, '0'), 'hex');
// terms: [['I'|'A', index, coeff]], written here already merged, zero-free,
// inputs first then aux, each by index.
const lc = (terms) => Buffer.concat([u64(terms.length), ...terms.map(([k, i, c]) =>
    Buffer.concat([Buffer.from(k), u64(i), fe(c)]))]);
const digest = (b) => crypto.createHash('blake2s256').update(b).digest('hex');

// A fresh system: ONE only.
console.log('empty      ', digest(Buffer.concat([u64(1), u64(0), u64(0)])));

// inputs ONE, out; aux x, x2;
//   x * x = x2
//   (x2 + x + 5 ONE + 2x + out - out) * ONE = out - 7 ONE
const two = Buffer.concat([
  u64(2), u64(2), u64(2),
  lc([['A', 0, 1n]]), lc([['A', 0, 1n]]), lc([['A', 1, 1n]]),
  lc([['I', 0, 5n], ['A', 0, 3n], ['A', 1, 1n]]), lc([['I', 0, 1n]]), lc([['I', 0, -7n], ['I', 1, 1n]]),
]);
console.log('two (' + two.length + ' B)', digest(two));
