// Games per second of the WebAssembly adjudicator on one PGN file, read in
// chunks as a page reads a big file (js/index.mjs's createAdjudicator, without
// the JSON parsing of the verdicts: the C++ side's work alone).
//   node bench/wasm/adjudicate-rate.mjs MODULE.mjs FILE.pgn
// MODULE.mjs: a build's module (build/wasm/module/arbiter.mjs, or the scalar
// build's), with its arbiter.wasm beside it. Prints one JSON line.
import { open, readFile } from 'node:fs/promises';

const [modulePath, pgnPath] = process.argv.slice(2);
if (!modulePath || !pgnPath) {
  console.error('usage: node adjudicate-rate.mjs MODULE.mjs FILE.pgn');
  process.exit(2);
}
const kChunkBytes = 1 << 20;

const moduleUrl = new URL(modulePath, `file://${process.cwd()}/`);
const { default: createArbiterModule } = await import(moduleUrl);
const wasmBinary = await readFile(new URL('arbiter.wasm', moduleUrl));
const raw = await createArbiterModule({ wasmBinary });

const started = process.hrtime.bigint();
const adjudicator = new raw.StreamAdjudicator('', '', '', pgnPath, false);
const file = await open(pgnPath);
const decoder = new TextDecoder();
const buffer = new Uint8Array(kChunkBytes);
let lines = 0;
const count = (text) => {
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) ++lines;
};
for (;;) {
  const { bytesRead } = await file.read(buffer, 0, kChunkBytes);
  if (bytesRead === 0) break;
  count(adjudicator.push(decoder.decode(buffer.subarray(0, bytesRead), { stream: true })));
}
count(adjudicator.push(decoder.decode()));
count(adjudicator.finish());
await file.close();
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const summary = JSON.parse(adjudicator.summaryJson()).summary;
adjudicator.delete();
console.log(JSON.stringify({ games: summary.games, verdicts: lines, seconds,
                             gamesPerSecond: summary.games / seconds }));
