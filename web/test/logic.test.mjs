// The page's pure parts under Node, no browser: the glosses and the editions'
// numbering (checked against the native program's articles in every edition),
// move labels, why a loss became a draw, UCI info parsing and score display.
//   ARBITER_NATIVE_BIN   the native arbiter (default build/release/arbiter)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatScore, parseInfo } from '../analysis.mjs';
import { EDITIONS, NUMBERING, gloss, numberingAcrossEditions } from '../articles.mjs';
import { verdictsCsv } from '../export-csv.mjs';
import { moveLabel, why } from '../verdict-detail.mjs';
import { REPO_ROOT } from '../serve.mjs';

const NATIVE = resolve(process.env.ARBITER_NATIVE_BIN ?? join(REPO_ROOT, 'build/release/arbiter'));

test('the numbering table holds every article the native program gives, in every edition',
  { skip: !existsSync(NATIVE) && `no native arbiter at ${NATIVE}` }, () => {
    let checked = 0;
    for (const [i, edition] of EDITIONS.entries()) {
      for (const file of ['tests/data/adjudicate-kinds.pgn', 'tests/data/lichess-sample-80.pgn']) {
        const lines = execFileSync(NATIVE, ['adjudicate', '--format', 'json', '--no-progress', '--rules', edition, file],
          { cwd: REPO_ROOT }).toString().trim().split('\n');
        for (const v of lines.map((l) => JSON.parse(l)).filter((v) => v.game && v.article)) {
          const ours = NUMBERING[v.reason]?.[i];
          assert.ok(ours?.split('/').includes(v.article), `${edition} ${v.reason}: ${v.article} not in ${ours}`);
          assert.notEqual(gloss(v.reason, edition), v.reason, `a gloss for ${v.reason}`);
          checked++;
        }
      }
    }
    assert.ok(checked > 100, `${checked} verdicts checked`);
  });

test('glosses say what the rules say, edition by edition', () => {
  assert.match(gloss('dead-position', 'fide-2023'), /no series of legal moves can lead to mate/);
  assert.match(gloss('time-forfeit', 'fide-2023'), /unless the opponent cannot mate by any series of legal moves/);
  assert.match(gloss('time-forfeit', 'fide-2001'), /most unskilled counterplay/);
  assert.match(gloss('resignation', 'fide-2023'), /unless the opponent cannot mate/);
  assert.doesNotMatch(gloss('resignation', 'fide-2018'), /unless/);
  assert.match(gloss('illegal-move', 'fide-2023'), /second completed illegal move/);
  assert.match(gloss('illegal-move', 'fide-2009'), /third/);
  assert.match(gloss('fivefold-repetition', 'fide-2014'), /consecutive alternate moves/);
  assert.match(gloss('agreement', 'fide-2018'), /both players have made a move/);
});

test('the same rule\'s number across the editions, grouped', () => {
  assert.equal(numberingAcrossEditions('dead-position'), '2023/2018: 5.2.2 · 2014: 9.7 · 2009/2001: 9.6');
  assert.equal(numberingAcrossEditions('seventyfive-moves'), '2023/2018: 9.6.2 · 2014: 9.6b · 2009/2001: none');
  assert.equal(numberingAcrossEditions('time-forfeit'), '2023/2018/2014/2009: 6.9 · 2001: 6.10');
});

test('move labels count from the start position, White or Black to move', () => {
  assert.equal(moveLabel(undefined, 1, 'e4'), '1. e4');
  assert.equal(moveLabel('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 4, 'Nf6'), '2… Nf6');
  assert.equal(moveLabel('8/8/8/8/8/8/8/K6k b - - 3 40', 1, 'Kg2'), '40… Kg2');
  assert.equal(moveLabel('8/8/8/8/8/8/8/K6k b - - 3 40', 2, 'Kb2'), '41. Kb2');
});

test('why a loss on time, by resignation or by illegal moves is or is not a draw', () => {
  const start = 'k7/8/8/8/8/8/8/7K w - - 0 1';
  assert.equal(why({ reason: 'time-forfeit', result: '1/2-1/2', startFen: start, ply: 1 }),
    'Black ran out of time, but White cannot mate by any series of legal moves: a draw.');
  assert.equal(why({ reason: 'time-forfeit', result: '0-1', startFen: start, ply: 4 }),
    'White ran out of time and loses: Black could still mate.');
  assert.equal(why({ reason: 'resignation', result: '1/2-1/2', recorded: '0-1' }),
    'White resigned, but Black cannot mate by any series of legal moves: a draw.');
  assert.equal(why({ reason: 'checkmate', result: '1-0' }), null);
});

test('UCI info lines and scores from White\'s point of view', () => {
  assert.deepEqual(parseInfo('info depth 12 seldepth 18 score cp -31 nodes 5000 nps 1 pv e7e5 g1f3'),
    { depth: 12, score: { kind: 'cp', value: -31 }, nodes: 5000, pv: ['e7e5', 'g1f3'] });
  assert.deepEqual(parseInfo('info depth 5 score mate 3 lowerbound pv a1a8').score, { kind: 'mate', value: 3, bound: 'lowerbound' });
  assert.equal(parseInfo('info string NNUE loaded'), null);
  assert.equal(formatScore({ kind: 'cp', value: -31 }, false), '+0.31');
  assert.equal(formatScore({ kind: 'cp', value: 0 }, true), '0.00');
  assert.equal(formatScore({ kind: 'mate', value: 3 }, false), '-M3');
});

test('the CSV export quotes what needs quoting and keeps nulls empty', () => {
  const csv = verdictsCsv([{ game: 1, white: 'Smith, J.', black: 'O"Neil', recorded: '1-0', result: '1/2-1/2',
    reason: 'time-forfeit', article: '6.9', ply: 80, move: null, agrees: false, inferred: 'time-forfeit',
    rules: 'fide-2023', error: null }]);
  assert.equal(csv, 'game,white,black,recorded,result,reason,article,ply,move,agrees,inferred,rules,error\r\n' +
    '1,"Smith, J.","O""Neil",1-0,1/2-1/2,time-forfeit,6.9,80,,false,time-forfeit,fide-2023,\r\n');
});
