// The streaming adjudicator: the same verdicts and summary whatever the chunks
// (one byte, seven, 4096, one line), and verdicts as soon as a game is known
// to be complete; withMoves adds a replayable game.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { arbiterPromise, readSample, samples } from './helpers.mjs';

function inChunks(arbiter, text, size, options) {
  const a = arbiter.createAdjudicator(options);
  const verdicts = [];
  for (let i = 0; i < text.length; i += size) verdicts.push(...a.push(text.slice(i, i + size)));
  verdicts.push(...a.finish());
  const summary = a.summary();
  a.delete();
  return { verdicts, summary };
}

for (const name of samples) {
  test(`any chunking gives the whole text's verdicts: ${name}`, async () => {
    const arbiter = await arbiterPromise;
    const text = readSample(name);
    const whole = inChunks(arbiter, text, text.length + 1, { source: name });
    assert.ok(whole.verdicts.length > 0);
    // One-byte chunks on the big sample take long; it gets the other sizes.
    const sizes = text.length > 400000 ? [7, 4096, 65536] : [1, 7, 4096];
    for (const size of sizes) {
      const chunked = inChunks(arbiter, text, size, { source: name });
      assert.deepStrictEqual(chunked.verdicts, whole.verdicts, `${name} in chunks of ${size}`);
      assert.deepStrictEqual(chunked.summary, whole.summary, `${name} summary, chunks of ${size}`);
    }
  });
}

test('CRLF split between chunks, and a multi-byte character split too', async () => {
  const arbiter = await arbiterPromise;
  const text = readSample('tests/data/adjudicate-kinds.pgn').replace(/\n/g, '\r\n')
    .replace('[Event "', '[Event "Échecs ');
  const whole = arbiter.adjudicate(text);
  for (const size of [1, 2, 3]) assert.deepStrictEqual(inChunks(arbiter, text, size).verdicts, whole);
});

test('a verdict comes once the next game has begun, the last at finish', async () => {
  const arbiter = await arbiterPromise;
  const game = (n) => `[Event "G${n}"]\n[White "W${n}"]\n[Black "B${n}"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n`;
  const a = arbiter.createAdjudicator();
  assert.deepStrictEqual(a.push(game(1)), []);
  const first = a.push(game(2));
  assert.equal(first.length, 1);
  assert.equal(first[0].white, 'W1');
  assert.equal(first[0].line, 1);
  const rest = a.finish();
  assert.equal(rest.length, 1);
  assert.equal(rest[0].white, 'W2');
  assert.equal(rest[0].line, 8);
  assert.equal(a.summary().games, 2);
  a.delete();
});

test('withMoves: the start position and the SAN moves replay the game', async () => {
  const arbiter = await arbiterPromise;
  const name = 'tests/data/lichess-sample-80.pgn';
  const plain = arbiter.adjudicate(readSample(name), { source: name });
  const withMoves = arbiter.adjudicate(readSample(name), { source: name, withMoves: true });
  assert.equal(withMoves.length, plain.length);
  for (let i = 0; i < plain.length; ++i) {
    const { startFen, moves, ...verdict } = withMoves[i];
    assert.deepStrictEqual(verdict, plain[i]);
    assert.equal(typeof startFen, 'string');
    assert.equal(moves.length, plain[i].plies);
    const g = new arbiter.Game({ fen: startFen });
    // The game replays up to its end (moves after it, if any, are not played).
    for (const san of moves) {
      if (g.outcome().result !== '*') break;
      g.pushSan(san);
    }
    if (plain[i].inferred === 'none') assert.equal(g.outcome().reason, plain[i].reason);
    g.delete();
  }
});

test('a deleted adjudicator says so', async () => {
  const arbiter = await arbiterPromise;
  const a = arbiter.createAdjudicator();
  a.delete();
  assert.throws(() => a.push('1. e4 *'), /deleted/);
});
