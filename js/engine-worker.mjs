// The engine in a Web Worker, as browser chess sites run engines: UCI command
// strings in by postMessage, output lines out as strings, one message each.
//
//   const worker = new Worker(new URL('arbiter-chess/engine-worker.mjs', import.meta.url),
//                             { type: 'module' });
//   worker.onmessage = (e) => console.log(e.data);   // "uciok", "bestmove e2e4 ponder e7e5", ...
//   worker.postMessage('uci');
//   worker.postMessage('go depth 12');
//
// An object message { wasmUrl } sent first says where arbiter.wasm is (default:
// beside dist/arbiter.mjs). Commands sent while the module loads wait for it.
// A search runs inside the worker's message handler (no threads in this build):
// commands sent meanwhile, stop included, are read when it has ended, so
// `go infinite` is bounded (docs/javascript.md). Under Node the same file runs
// in a worker_threads Worker, messages through parentPort.
import { loadArbiter } from './index.mjs';

const inBrowserWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;
const port = inBrowserWorker ? self : (await import('node:worker_threads')).parentPort;

const post = (line) => port.postMessage(line);
const queue = [];
let engine = null;
let loading = null;
let loadOptions = {};

function start() {
  loading = loadArbiter(loadOptions).then(
    (arbiter) => {
      engine = arbiter.createEngine(post);
      while (queue.length > 0) engine.send(queue.shift());
    },
    (error) => post(`info string cannot load the engine: ${error.message ?? error}`),
  );
}

function receive(data) {
  if (data !== null && typeof data === 'object') {
    if (!loading && data.wasmUrl) loadOptions = { wasmUrl: data.wasmUrl };
    if (!loading) start();
    return;
  }
  if (!loading) start();
  for (const line of String(data).split(/\r?\n/)) {
    if (!line.trim()) continue;
    if (engine) engine.send(line);
    else queue.push(line);
  }
}

if (inBrowserWorker) port.onmessage = (event) => receive(event.data);
else port.on('message', receive);
