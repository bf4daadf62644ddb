// The UCI engine: the handshake, a search that answers with a legal move, bad
// input answered and ignored; and the same engine in a Worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';

import { arbiterPromise } from './helpers.mjs';

async function engineWithLines() {
  const arbiter = await arbiterPromise;
  const lines = [];
  const engine = arbiter.createEngine((line) => lines.push(line));
  // What one command printed.
  const ask = (command) => {
    const from = lines.length;
    engine.send(command);
    return lines.slice(from);
  };
  return { arbiter, engine, ask };
}

test('uci, isready, and a search to a fixed depth answers a legal move', async () => {
  const { arbiter, engine, ask } = await engineWithLines();
  const hello = ask('uci');
  assert.match(hello[0], /^id name Arbiter .*wasm32 simd128 magic$/);
  assert.equal(hello.at(-1), 'uciok');
  assert.ok(hello.some((l) => /^option name Threads type spin default 1 min 1 max 1$/.test(l)), hello.join('\n'));
  assert.deepStrictEqual(ask('isready'), ['readyok']);
  assert.deepStrictEqual(ask('position startpos moves e2e4 c7c5'), []);
  const search = ask('go depth 8');
  assert.ok(search.some((l) => /^info depth 8 /.test(l)), search.join('\n'));
  const best = search.at(-1).match(/^bestmove (\S+)/);
  assert.ok(best, search.at(-1));
  const g = new arbiter.Game();
  g.pushUci('e2e4').pushUci('c7c5');
  assert.ok(g.legalMoves().includes(best[1]), `${best[1]} is legal`);
  g.delete();
  engine.delete();
});

test('node and time limits end the search too, and mate is found', async () => {
  const { ask, engine } = await engineWithLines();
  ask('position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
  const mate = ask('go depth 6');
  assert.equal(mate.at(-1).split(' ')[1], 'a1a8');
  assert.ok(mate.some((l) => / score mate 1 /.test(l)));
  ask('position startpos');
  assert.match(ask('go nodes 5000').at(-1), /^bestmove [a-h][1-8][a-h][1-8]/);
  const started = Date.now();
  assert.match(ask('go movetime 200').at(-1), /^bestmove /);
  assert.ok(Date.now() - started < 5000);
  engine.delete();
});

test('bad input is answered with an info string and changes nothing', async () => {
  const { ask, engine } = await engineWithLines();
  ask('position startpos moves e2e4');
  const bad = ask('position startpos moves e2e4 e7e4');
  assert.equal(bad.length, 1);
  assert.match(bad[0], /^info string illegal move e7e4 at ply 2 .*position unchanged$/);
  assert.match(ask('position fen nonsense')[0], /^info string invalid FEN/);
  assert.match(ask('frobnicate')[0], /^info string unknown command: frobnicate/);
  assert.match(ask('go depth x movetime 50')[0], /^info string go: bad or missing value for 'depth'/);
  // Still the position after e2e4: black to move.
  const shown = ask('d');
  assert.ok(shown.some((l) => l.startsWith('Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b')), shown.join('\n'));
  assert.throws(() => engine.send('isready\nuci'), /one UCI command/);
  assert.equal(engine.send('quit'), false);
  assert.equal(engine.send('isready'), false);
  engine.delete();
});

test('go infinite is bounded: bestmove after 10 s, and stop then finds nothing to stop', async () => {
  const { ask, engine } = await engineWithLines();
  ask('position startpos');
  const started = Date.now();
  const search = ask('go infinite');
  const seconds = (Date.now() - started) / 1000;
  assert.match(search.at(-1), /^bestmove [a-h][1-8][a-h][1-8]/);
  assert.ok(seconds >= 9.5 && seconds < 20, `${seconds} s`);
  assert.deepStrictEqual(ask('stop'), []);
  assert.deepStrictEqual(ask('isready'), ['readyok']);
  engine.delete();
});

test('go ponder searches at once on its clock; the ponderhit after it is a no-op', async () => {
  const { ask, engine } = await engineWithLines();
  ask('position startpos moves e2e4');
  const started = Date.now();
  const search = ask('go ponder wtime 2000 btime 2000');
  assert.match(search.at(-1), /^bestmove [a-h][1-8][a-h][1-8]/);
  assert.ok(Date.now() - started < 2000);
  assert.deepStrictEqual(ask('ponderhit'), []);
  engine.delete();
});

test('checkmated or stalemated: bestmove 0000', async () => {
  const { ask, engine } = await engineWithLines();
  ask('position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1');
  assert.equal(ask('go depth 3').at(-1), 'bestmove 0000');
  engine.delete();
});

test('the Worker speaks UCI by messages', async () => {
  const worker = new Worker(new URL('../engine-worker.mjs', import.meta.url));
  const lines = [];
  const waitFor = (pattern) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${pattern} in:\n${lines.join('\n')}`)), 60000);
      const check = (line) => {
        lines.push(line);
        if (pattern.test(line)) {
          clearTimeout(timer);
          worker.off('message', check);
          resolve(line);
        }
      };
      worker.on('message', check);
    });
  try {
    const uciok = waitFor(/^uciok$/);
    worker.postMessage('uci');
    await uciok;
    const best = waitFor(/^bestmove /);
    worker.postMessage('position startpos moves d2d4');
    worker.postMessage('go depth 6');
    assert.match(await best, /^bestmove [a-h][1-8][a-h][1-8]/);
    assert.ok(lines.some((l) => l.startsWith('info depth 6 ')));
  } finally {
    await worker.terminate();
  }
});
