// A tiny static file server for the arbiters' page: serves the repository root
// (the page is web/, the WebAssembly package js/), because browsers will not
// fetch .wasm or start module Workers from file:// pages. Binds to localhost only.
//   node web/serve.mjs [--port 8035] [--root DIR]
// The browser test starts it in-process with overrides: {'/js/': dir} to stand
// a mock package in for js/ where the real one has not been built.

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.pgn': 'application/x-chess-pgn', '.txt': 'text/plain; charset=utf-8',
};

export const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

// The file a URL path names, or null when it would leave its folder.
function fileFor(urlPath, root, overrides) {
  let path = decodeURIComponent(urlPath.split('?')[0]);
  let base = root;
  for (const [prefix, dir] of Object.entries(overrides)) {
    if (path.startsWith(prefix)) { base = dir; path = path.slice(prefix.length - 1); break; }
  }
  const file = normalize(join(base, path));
  return file === base || file.startsWith(base.endsWith(sep) ? base : base + sep) ? file : null;
}

export function startServer({ root = REPO_ROOT, port = 0, overrides = {} } = {}) {
  const server = createServer(async (req, res) => {
    let file = fileFor(req.url, resolve(root), overrides);
    try {
      if (!file) throw new Error('outside');
      let info = await stat(file);
      if (info.isDirectory()) { file = join(file, 'index.html'); info = await stat(file); }
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Length': info.size, 'Cache-Control': 'no-cache',
      });
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
    }
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const server = await startServer({ root: arg('--root', REPO_ROOT), port: Number(arg('--port', 8035)) });
  console.log(`The arbiters' page: http://localhost:${server.address().port}/web/  (Ctrl-C stops)`);
}
