// The WebAssembly adjudicator gives the native command line's verdicts, field
// by field, on the sample files, under the default and other options.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { arbiterPromise, nativeAdjudicate, readSample, samples, skipNative } from './helpers.mjs';

function assertSameVerdicts(actual, expected, label) {
  assert.equal(actual.length, expected.length, `${label}: number of games`);
  for (let i = 0; i < expected.length; ++i)
    assert.deepStrictEqual(actual[i], expected[i], `${label}: game ${i + 1}`);
}

for (const name of samples) {
  test(`verdicts equal native: ${name}`, { skip: skipNative }, async () => {
    const arbiter = await arbiterPromise;
    const native = nativeAdjudicate(name);
    assert.ok(native.verdicts.length > 0);
    const verdicts = arbiter.adjudicate(readSample(name), { source: name });
    assertSameVerdicts(verdicts, native.verdicts, name);

    const a = arbiter.createAdjudicator({ source: name });
    a.push(readSample(name));
    a.finish();
    assert.deepStrictEqual(a.summary(), native.summary, `${name}: summary`);
    a.delete();
  });
}

test('other rules and proxy claims equal native', { skip: skipNative }, async () => {
  const arbiter = await arbiterPromise;
  const name = 'tests/data/lichess-sample-80.pgn';
  for (const [rules, mode] of [['fide-2018', 'proxy-claim'], ['fide-2001', 'strict']]) {
    const native = nativeAdjudicate(name, ['--rules', rules, '--mode', mode]);
    const verdicts = arbiter.adjudicate(readSample(name), { source: name, rules, mode });
    assertSameVerdicts(verdicts, native.verdicts, `${name} ${rules} ${mode}`);
    assert.ok(verdicts.every((v) => v.rules === rules));
  }
});

test('inferEvents false infers no closing event', async () => {
  const arbiter = await arbiterPromise;
  const text = readSample('tests/data/lichess-timeouts-200.pgn');
  const inferred = arbiter.adjudicate(text);
  const moves = arbiter.adjudicate(text, { inferEvents: false });
  assert.equal(moves.length, inferred.length);
  assert.ok(moves.every((v) => v.inferred === 'none'));
  assert.ok(inferred.some((v) => v.inferred === 'time-forfeit'));
});

test('a default source and every game numbered in order', async () => {
  const arbiter = await arbiterPromise;
  const verdicts = arbiter.adjudicate(readSample('tests/data/adjudicate-kinds.pgn'));
  assert.deepStrictEqual(verdicts.map((v) => v.game), verdicts.map((_, i) => i + 1));
  assert.ok(verdicts.every((v) => v.source === '<string>'));
});

test('options that cannot be read are rejected', async () => {
  const arbiter = await arbiterPromise;
  assert.throws(() => arbiter.adjudicate('', { rules: 'fide-1999' }), /unknown rules 'fide-1999'/);
  assert.throws(() => arbiter.adjudicate('', { mode: 'guess' }), /unknown mode 'guess'/);
  assert.throws(() => arbiter.createAdjudicator({ mode: 'always' }), /unknown mode 'always'/);
});

test('broken games get an error verdict and count as errors', async () => {
  const arbiter = await arbiterPromise;
  const a = arbiter.createAdjudicator();
  const verdicts = [...a.push(readSample('tests/data/adjudicate-errors.pgn')), ...a.finish()];
  const errors = verdicts.filter((v) => v.error);
  assert.ok(errors.length > 0);
  assert.ok(errors.every((v) => v.result === '*' && v.reason === 'none'));
  assert.equal(a.summary().errors, errors.length);
  a.delete();
});

test('no text, no games', async () => {
  const arbiter = await arbiterPromise;
  assert.deepStrictEqual(arbiter.adjudicate(''), []);
  const a = arbiter.createAdjudicator();
  assert.deepStrictEqual(a.finish(), []);
  assert.equal(a.summary().games, 0);
  a.delete();
});
