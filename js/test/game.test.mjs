// Game, move by move: legal moves, mate, rejected input that changes nothing,
// the clock and claim events, dead positions.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { arbiterPromise } from './helpers.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

test('the initial array: 20 moves, white to move', async () => {
  const { Game } = await arbiterPromise;
  const g = new Game();
  assert.equal(g.fen(), START);
  assert.equal(g.legalMoves().length, 20);
  assert.ok(g.legalMoves().includes('g1f3'));
  assert.equal(g.turn, 'white');
  assert.equal(g.ply, 0);
  assert.equal(g.outcome().result, '*');
  g.delete();
});

test("fool's mate in SAN and UCI ends the game 0-1 by checkmate", async () => {
  const { Game } = await arbiterPromise;
  const g = new Game();
  g.pushSan('f3').pushUci('e7e5').pushSan('g4').pushSan('Qh4#');
  const v = g.outcome();
  assert.equal(v.result, '0-1');
  assert.equal(v.reason, 'checkmate');
  assert.equal(v.ply, 4);
  assert.equal(g.ply, 4);
  assert.deepStrictEqual(g.legalMoves(), []);
  assert.throws(() => g.pushSan('Kf2'), Error);
  g.delete();
});

test('an illegal or unreadable move throws and changes nothing', async () => {
  const { Game } = await arbiterPromise;
  const g = new Game();
  g.pushSan('e4');
  const fen = g.fen();
  for (const bad of ['e5e6', 'Ke2x', 'Qh5', '', 'e7e4'])
    assert.throws(() => g.pushUci(bad), Error, `UCI ${bad}`);
  for (const bad of ['Nf6f', 'e4', 'O-O', 'Bb4', 'zz'])
    assert.throws(() => g.pushSan(bad), Error, `SAN ${bad}`);
  assert.equal(g.fen(), fen);
  assert.equal(g.ply, 1);
  assert.equal(g.turn, 'black');
  assert.deepStrictEqual(g.outcome().penalties, []);
  g.delete();
});

test('a FEN or option that cannot be read throws', async () => {
  const { Game } = await arbiterPromise;
  assert.throws(() => new Game({ fen: 'not a fen' }), /invalid FEN/);
  assert.throws(() => new Game({ fen: '8/8/8/8/8/8/8/8 w - - 0 1' }), /invalid FEN/);
  assert.throws(() => new Game({ rules: 'fide-1999' }), /unknown rules/);
  assert.throws(() => new Game({ mode: 'sometimes' }), /unknown mode/);
});

test('a set-up position, and the flag with and without mating material', async () => {
  const { Game } = await arbiterPromise;
  // White: king and queen; Black: bare king. Black's flag loses, White's draws (6.9).
  const fen = '4k3/8/8/8/8/8/8/3QK3 w - - 0 1';
  const a = new Game({ fen });
  assert.equal(a.flag('black').result, '1-0');
  const b = new Game({ fen });
  const v = b.flag('white');
  assert.equal(v.result, '1/2-1/2');
  assert.equal(b.canCheckmate('black'), false);
  assert.equal(b.canCheckmate('white'), true);
  assert.throws(() => b.flag('red'), /side must be/);
  a.delete();
  b.delete();
});

test('dead positions: bare kings are dead, a queen is not', async () => {
  const { Game } = await arbiterPromise;
  const dead = new Game({ fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' });
  assert.equal(dead.isDeadPosition(), true);
  const live = new Game({ fen: '4k3/8/8/8/8/8/8/3QK3 w - - 0 1' });
  assert.equal(live.isDeadPosition(), false);
  // Capturing into a dead position ends the game (5.2.2).
  const g = new Game({ fen: '4k3/8/8/8/8/8/3r4/4K3 w - - 0 1' });
  assert.equal(g.outcome().result, '*');
  g.pushSan('Kxd2');
  assert.equal(g.outcome().result, '1/2-1/2');
  assert.equal(g.outcome().reason, 'dead-position');
  for (const x of [dead, live, g]) x.delete();
});

test('threefold repetition: a correct claim draws, an early one does not', async () => {
  const { Game } = await arbiterPromise;
  const g = new Game();
  g.pushSan('Nf3').pushSan('Nf6').pushSan('Ng1').pushSan('Ng8');
  const early = g.claimDraw();
  assert.equal(early.result, '*');
  assert.equal(early.penalties.length, 1);
  g.pushSan('Nf3').pushSan('Nf6').pushSan('Ng1');
  // Black announces the move that repeats the position a third time.
  const v = g.claimDraw('Ng8');
  assert.equal(v.result, '1/2-1/2');
  assert.throws(() => new Game().claimDraw('Ke2'), /not legal|claimed move/);
  g.delete();
});

test('Chess960 castling in UCI', async () => {
  const { Game } = await arbiterPromise;
  const g = new Game({ fen: 'bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1', chess960: true });
  assert.equal(g.chess960, true);
  g.pushUci('g2g4').pushUci('g7g5').pushUci('h1g3').pushUci('h8g6');
  assert.ok(g.legalMoves().includes('f1g1'), g.legalMoves().join(' '));
  g.pushUci('f1g1');
  assert.equal(g.turn, 'black');
  g.delete();
});
