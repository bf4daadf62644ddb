// The SIMD128 NNUE back end equals the scalar one bit for bit: the command
// line's selftest (every compiled back end against scalar, on the embedded net)
// run by Node on the WebAssembly build, and bench's node count equals native's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { arbiterPromise, nativeBin, repoRoot, skipNative, wasmCli } from './helpers.mjs';

const skipCli = existsSync(wasmCli) ? false : `${wasmCli} not built (scripts/lib/wasm-build.sh)`;

function run(command, args) {
  const r = spawnSync(command, args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.error) throw r.error;
  return r;
}

test('selftest in WebAssembly: simd128 equals scalar', { skip: skipCli }, () => {
  const r = run(process.execPath, [wasmCli, 'selftest']);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /simd128/);
  assert.match(r.stdout, /selftest: \d+ passed, 0 failed/);
  assert.doesNotMatch(r.stdout, /^FAIL/m);
});

test('the module is the SIMD128 build', async () => {
  const arbiter = await arbiterPromise;
  assert.match(arbiter.version, /^simd: simd128$/m);
  assert.match(arbiter.version, /^target: wasm32$/m);
  assert.match(arbiter.version, /^net: /m);
  assert.doesNotMatch(arbiter.version, /^net: none/m);
});

test('bench: the same nodes in WebAssembly as natively', { skip: skipCli || skipNative }, () => {
  const nodes = (text) => text.match(/^(\d+) nodes \d+ nps$/m)?.[1];
  const wasm = run(process.execPath, [wasmCli, 'bench']);
  const native = run(nativeBin, ['bench']);
  assert.equal(wasm.status, 0, wasm.stderr);
  const expected = nodes(native.stdout + native.stderr);
  assert.ok(expected, native.stdout + native.stderr);
  assert.equal(nodes(wasm.stdout + wasm.stderr), expected);
});
