// Loading the module as a page does: from a URL, whatever the server's MIME
// type, and a clear failure (which may be retried) when the URL serves no wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { readFile } from 'node:fs/promises';

const wasm = await readFile(new URL('../dist/arbiter.wasm', import.meta.url));

// A server of arbiter.wasm under `type`, and 404 for any other path.
async function serve(type) {
  const server = http.createServer((req, res) => {
    if (req.url !== '/arbiter.wasm') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': type }).end(wasm);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

// A fresh copy of index.mjs (its own module cache) for each load.
let copies = 0;
const freshLoader = async () => (await import(`../index.mjs?copy=${++copies}`)).loadArbiter;

for (const type of ['application/wasm', 'application/octet-stream']) {
  test(`loads from a URL served as ${type}`, async () => {
    const { server, base } = await serve(type);
    try {
      const loadArbiter = await freshLoader();
      const arbiter = await loadArbiter({ wasmUrl: `${base}/arbiter.wasm` });
      assert.match(arbiter.engineName, /^Arbiter /);
      assert.equal(await loadArbiter(), arbiter, 'loaded once');
    } finally {
      server.close();
    }
  });
}

test('a URL without the wasm rejects, and a later load may succeed', async () => {
  const { server, base } = await serve('application/wasm');
  try {
    const loadArbiter = await freshLoader();
    await assert.rejects(loadArbiter({ wasmUrl: `${base}/missing.wasm` }), /HTTP 404/);
    const arbiter = await loadArbiter({ wasmUrl: `${base}/arbiter.wasm` });
    assert.equal(typeof arbiter.adjudicate, 'function');
  } finally {
    server.close();
  }
});
