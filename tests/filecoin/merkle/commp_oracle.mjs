// CommP by @web3-storage/data-segment (the pinned npm reference) for the
// commp_node_test: node commp_oracle.mjs <node_modules dir> <file>...
// prints, per file, "<piece CID v1> <padded piece size>".
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const [modules, ...files] = process.argv.slice(2)
const lib = join(modules, '@web3-storage/data-segment/src/lib.js')
const { Piece } = await import(pathToFileURL(lib).href)
for (const file of files) {
  const info = Piece.toInfo(Piece.fromPayload(readFileSync(file)))
  console.log(`${info.link.toString()} ${info.size}`)
}
