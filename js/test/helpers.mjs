// Shared by the tests: the repository's paths, the module, and the native
// command line's verdicts (ARBITER_NATIVE_BIN) to compare with.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { loadArbiter } from '../index.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The samples the native and WebAssembly verdicts are compared on, as the
// command line names them (relative to the repository: the "source" field).
export const samples = [
  'tests/data/lichess-sample-80.pgn',
  'tests/data/lichess-timeouts-200.pgn',
  'tests/data/adjudicate-kinds.pgn',
  'tests/data/adjudicate-errors.pgn',
];

export function readSample(name) {
  return readFileSync(path.join(repoRoot, name), 'utf8');
}

export const nativeBin = process.env.ARBITER_NATIVE_BIN || '';
export const skipNative = nativeBin
  ? false
  : 'ARBITER_NATIVE_BIN is not set (a native arbiter binary to compare with)';

// The Node command line of the WebAssembly build (selftest, bench).
export const wasmCli =
  process.env.ARBITER_WASM_CLI || path.join(repoRoot, 'build', 'wasm', 'arbiter.js');

// `arbiter adjudicate --format json FILE [args]` run natively: the verdict
// objects and the summary object.
export function nativeAdjudicate(name, args = []) {
  const run = spawnSync(nativeBin, ['adjudicate', '--format', 'json', '--no-progress', ...args, name],
                        { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.error) throw run.error;
  // Exit 1 means some game could not be read: its verdict still comes.
  if (run.status !== 0 && run.status !== 1)
    throw new Error(`native adjudicate exited ${run.status}: ${run.stderr}`);
  const objects = run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line));
  const summary = objects.pop();
  if (!summary || !('summary' in summary)) throw new Error('no summary line from native adjudicate');
  return { verdicts: objects, summary: summary.summary };
}

export const arbiterPromise = loadArbiter();
