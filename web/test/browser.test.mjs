// The arbiters' page in headless Chromium: opens PGN files through the file
// input and compares every verdict shown (result, reason, article) with the
// native `arbiter adjudicate --format json`; steps the board with the keyboard;
// asks the engine for an analysis; judges typed moves; saves two screenshots.
//   ARBITER_NATIVE_BIN   the native arbiter (default build/release/arbiter)
//   CHROMIUM_BIN         the browser (default /usr/bin/chromium)
//   ARBITER_WEB_MOCK=1   use the test's mock package even where js/ is built
//   ARBITER_WEB_SCREENSHOTS=DIR   where the screenshots go (default docs/screenshots)
//   ARBITER_WEB_LARGE_MB=20   size of the generated file of the streaming check
// Without the built WebAssembly package (js/*.mjs + js/dist/) the page runs on
// web/test/mock-js, which replays the native verdicts: then the test checks the
// page (streaming, table, filters, board, analysis plumbing), not the judging.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { REPO_ROOT, startServer } from '../serve.mjs';

const NATIVE = resolve(process.env.ARBITER_NATIVE_BIN ?? join(REPO_ROOT, 'build/release/arbiter'));
const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
const SHOTS = process.env.ARBITER_WEB_SCREENSHOTS ?? join(REPO_ROOT, 'docs/screenshots');
// kinds: one game per ending; errors: a game that cannot be read among good ones.
const FILES = ['tests/data/adjudicate-kinds.pgn', 'tests/data/lichess-timeouts-200.pgn', 'tests/data/adjudicate-errors.pgn'];
const OLDER_EDITIONS = ['fide-2018', 'fide-2014', 'fide-2009', 'fide-2001'];
const LARGE_MB = Number(process.env.ARBITER_WEB_LARGE_MB ?? 20);
const TYPED = 'e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#';
// js/index.mjs is committed, js/dist/ is built (scripts/lib/wasm-build.sh): both must be there.
const realPackage = !process.env.ARBITER_WEB_MOCK &&
  ['js/index.mjs', 'js/engine-worker.mjs', 'js/dist/arbiter.mjs', 'js/dist/arbiter.wasm']
    .every((f) => existsSync(join(REPO_ROOT, f)));

// The native verdicts; exit status 1 only says that a game could not be read.
function native(args) {
  const run = spawnSync(NATIVE, ['adjudicate', '--format', 'json', '--no-progress', ...args], { cwd: REPO_ROOT });
  assert.ok(run.status === 0 || run.status === 1, `${NATIVE} ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.toString().trim().split('\n').map((l) => JSON.parse(l)).filter((v) => !v.summary);
}

// The rows of the games table, as the page shows them.
function rows(page) {
  return page.$$eval('#games-table tbody tr', (trs) => trs.map((tr) => ({
    game: Number(tr.dataset.game), result: tr.dataset.result, reason: tr.dataset.reason,
    article: tr.dataset.article || null, disagrees: tr.classList.contains('disagrees'),
    unreadable: tr.classList.contains('error'),
  })));
}

async function openFile(page, file) {
  const input = await page.$('#pgn-file');
  await input.uploadFile(join(REPO_ROOT, file));
  await page.waitForSelector('#counts[data-done="true"]', { timeout: 120_000 });
}

async function selectGame(page, number) {
  await page.click(`#games-table tbody tr[data-game="${number}"]`);
  await page.waitForFunction((n) => document.getElementById('detail-heading').textContent.startsWith(`Game ${n}:`)
    && document.querySelector('#ply-label').dataset.ply !== undefined
    && document.querySelector('#board svg').dataset.fen, {}, number);
}

const plyShown = (page) => page.$eval('#ply-label', (e) => Number(e.dataset.ply));
const fenShown = (page) => page.$eval('#board svg', (e) => e.dataset.fen);

test('the arbiters\' page in Chromium', { skip: !existsSync(CHROMIUM) && `no browser at ${CHROMIUM}` }, async (t) => {
  assert.ok(existsSync(NATIVE), `native arbiter at ${NATIVE} (set ARBITER_NATIVE_BIN)`);
  const expected = Object.fromEntries(FILES.map((f) => [f, native([f])]));
  // The kinds file under every older edition too: the page must follow the chosen one.
  const byEdition = Object.fromEntries(OLDER_EDITIONS.map((e) => [e, native(['--rules', e, FILES[0]])]));
  const proxyClaims = native(['--mode', 'proxy-claim', FILES[0]]);  // the page's "claims" is the CLI's --mode
  const overrides = {};
  let mockDir = null;
  if (!realPackage) {
    mockDir = mkdtempSync(join(tmpdir(), 'arbiter-web-mock-'));
    cpSync(join(REPO_ROOT, 'web/test/mock-js'), mockDir, { recursive: true });
    const byGame = {};
    const add = (verdicts, claims = 'strict') => {
      for (const v of verdicts) byGame[`${v.rules}|${claims}|${basename(v.source)}#${v.game}`] = v;
    };
    Object.values(expected).forEach((verdicts) => add(verdicts));
    Object.values(byEdition).forEach((verdicts) => add(verdicts));
    add(proxyClaims, 'proxy-claim');
    writeFileSync(join(mockDir, 'native-verdicts.json'), JSON.stringify(byGame));
    overrides['/js/'] = mockDir;
  }
  t.diagnostic(`package: ${realPackage ? 'the real js/ (WebAssembly)' : 'web/test/mock-js (mock)'}`);

  const server = await startServer({ overrides });
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM, headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  const errors = [];
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`http://127.0.0.1:${server.address().port}/web/`);

    for (const file of FILES) {
      await t.test(`${file}: every verdict as the native program gives it`, async () => {
        await openFile(page, file);
        const shown = await rows(page);
        const want = expected[file];
        assert.equal(shown.length, want.length, 'one row per game');
        for (const [i, v] of want.entries()) {
          assert.deepEqual(shown[i], {
            game: v.game, result: v.result, reason: v.reason, article: v.article, disagrees: v.agrees === false,
            unreadable: v.error !== null,
          }, `game ${v.game}`);
        }
        await page.click('#only-disagreements');
        const disagreeing = await rows(page);
        assert.deepEqual(disagreeing.map((r) => r.game), want.filter((v) => v.agrees === false).map((v) => v.game),
          'the filter keeps the disagreements');
        await page.click('#only-disagreements');
        const reasons = await page.$$eval('#reason-filter option', (os) => os.map((o) => o.textContent));
        const kinds = new Set(want.map((v) => v.reason));
        assert.equal(reasons.length, kinds.size + 1, `one option per reason: ${reasons.join('; ')}`);
        for (const v of want.filter((w) => w.error)) {
          await selectGame(page, v.game);
          assert.match(await page.$eval('#verdict', (e) => e.textContent), /unreadable game/, `game ${v.game}: says why`);
        }
        t.diagnostic(`${file}: ${shown.length} games compared, ${disagreeing.length} disagreements, ` +
          `${want.filter((v) => v.error).length} unreadable`);
      });
    }

    await t.test('a file dropped on the page is judged; the search finds a player', async () => {
      await page.evaluate(async (path) => {
        const text = await (await fetch(path)).text();
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], 'dropped.pgn', { type: 'application/x-chess-pgn' }));
        document.querySelector('main').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, `/${FILES[0]}`);
      await page.waitForSelector('#counts[data-done="true"]', { timeout: 60_000 });
      assert.equal((await rows(page)).length, expected[FILES[0]].length);
      await page.type('#search', 'w9');
      assert.deepEqual((await rows(page)).map((r) => r.game), [9]);
      await page.$eval('#search', (e) => { e.value = ''; e.dispatchEvent(new Event('input')); });
      assert.equal((await rows(page)).length, expected[FILES[0]].length);
    });

    await t.test('another edition judges the same file again, with its own numbering', async () => {
      await openFile(page, FILES[0]);
      for (const edition of OLDER_EDITIONS) {
        await page.select('#rules', edition);
        await page.waitForSelector('#counts[data-done="true"]', { timeout: 60_000 });
        const shown = await rows(page);
        const want = byEdition[edition];
        assert.deepEqual(shown.map((r) => [r.game, r.result, r.reason, r.article]),
          want.map((v) => [v.game, v.result, v.reason, v.article]), edition);
      }
      await page.select('#rules', 'fide-2023');
      await page.waitForSelector('#counts[data-done="true"]', { timeout: 60_000 });
      t.diagnostic(`${FILES[0]} judged again under ${OLDER_EDITIONS.join(', ')}: all rows as the native program's`);
    });

    await t.test('claims made at the first chance, as the native --mode proxy-claim', async () => {
      await page.select('#claims', 'proxy-claim');
      await page.waitForSelector('#counts[data-done="true"]', { timeout: 60_000 });
      const shown = await rows(page);
      assert.deepEqual(shown.map((r) => [r.game, r.result, r.reason, r.article]),
        proxyClaims.map((v) => [v.game, v.result, v.reason, v.article]));
      await page.select('#claims', 'strict');
      await page.waitForSelector('#counts[data-done="true"]', { timeout: 60_000 });
    });

    await t.test('"judge the moves only" infers no event from the tags', { skip: !realPackage && 'the mock judges nothing' }, async () => {
      await page.select('#mode', 'moves');
      await page.waitForSelector('#counts[data-done="true"]', { timeout: 60_000 });
      const shown = await rows(page);
      const fromMoves = new Set(['checkmate', 'stalemate', 'dead-position', 'fivefold-repetition', 'seventyfive-moves', 'none']);
      assert.deepEqual(shown.filter((r) => !fromMoves.has(r.reason)), [], 'no flag fall, resignation or agreement');
      for (const v of expected[FILES[0]].filter((w) => w.inferred === 'none')) {
        assert.deepEqual([shown[v.game - 1].result, shown[v.game - 1].reason], [v.result, v.reason], `game ${v.game}`);
      }
      await page.select('#mode', 'infer');
      await page.waitForSelector('#counts[data-done="true"]', { timeout: 60_000 });
    });

    await t.test('Download CSV saves the games the filters keep', async () => {
      const downloads = mkdtempSync(join(tmpdir(), 'arbiter-web-csv-'));
      const cdp = await page.createCDPSession();
      await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
      await page.click('#only-disagreements');
      await page.click('#export');
      const file = join(downloads, 'adjudicate-kinds-verdicts-fide-2023.csv');
      for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
      await page.click('#only-disagreements');
      const lines = readFileSync(file, 'utf8').trim().split('\r\n');
      const disagreeing = expected[FILES[0]].filter((v) => v.agrees === false);
      assert.equal(lines.length, 1 + disagreeing.length);
      assert.deepEqual(lines.slice(1).map((l) => Number(l.split(',')[0])), disagreeing.map((v) => v.game));
      rmSync(downloads, { recursive: true, force: true });
    });

    await t.test('the board steps through a game with buttons and arrow keys', async () => {
      await openFile(page, FILES[1]);
      const v = expected[FILES[1]][0];
      await selectGame(page, v.game);
      assert.equal(await plyShown(page), v.ply, 'a game opens on the position where it ended');
      await page.click('#first');
      assert.equal(await plyShown(page), 0);
      assert.match(await fenShown(page), /^rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w/);
      await page.focus('#board');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      assert.equal(await plyShown(page), 2);
      const afterTwo = await fenShown(page);
      await page.keyboard.press('ArrowLeft');
      assert.equal(await plyShown(page), 1);
      assert.notEqual(await fenShown(page), afterTwo);
      await page.keyboard.press('End');
      assert.equal(await plyShown(page), v.plies, 'End shows the last recorded position');
      await page.click('#prev');
      assert.equal(await plyShown(page), v.plies - 1);
      await page.click('#last');
      const pieces = await page.$$eval('#board svg text.pc', (ts) => ts.length);
      assert.ok(pieces >= 2 && pieces <= 32, `the final position has pieces (${pieces})`);
    });

    await t.test('the keyboard moves through the table of games', async () => {
      await page.focus('#games-table tbody tr[aria-current="true"]');
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction(() => document.getElementById('detail-heading').textContent.startsWith('Game 2:'));
      await page.keyboard.press('ArrowUp');
      await page.waitForFunction(() => document.getElementById('detail-heading').textContent.startsWith('Game 1:'));
      assert.equal(await page.evaluate(() => document.activeElement.dataset.game), '1', 'the selected row has the focus');
    });

    await t.test('the engine analyses the position shown (depth, then seconds) and gives a best move and PV', async () => {
      await page.click('#first');
      await page.$eval('#depth', (e) => { e.value = '8'; });
      await page.click('#analyse');
      await page.waitForSelector('#analysis-out[data-bestmove]', { timeout: 60_000 });
      const out = await page.$eval('#analysis-out', (e) => e.textContent);
      const best = await page.$eval('#analysis-out', (e) => e.dataset.bestmove);
      assert.match(best, /^[a-h][1-8][a-h][1-8][qrbn]?$/);
      assert.match(out, /PV [a-h][1-8][a-h][1-8]/);
      assert.match(out, /score [+-]?(\d+\.\d\d|M\d+)/);
      t.diagnostic(`analysis: ${out}`);
      await page.select('#limit-kind', 'movetime');
      await page.$eval('#depth', (e) => { e.value = '1'; });
      await page.click('#next');
      await page.click('#analyse');
      await page.waitForSelector('#analysis-out[data-bestmove]', { timeout: 60_000 });
      assert.match(await page.$eval('#analysis-out', (e) => e.dataset.bestmove), /^[a-h][1-8][a-h][1-8][qrbn]?$/, 'go movetime 1000');
      await page.select('#limit-kind', 'depth');
      await page.$eval('#depth', (e) => { e.value = '8'; });
    });

    await t.test('screenshots: a dead position and a flag fall drawn under 6.9', async () => {
      mkdirSync(SHOTS, { recursive: true });
      await openFile(page, FILES[0]);
      const kinds = expected[FILES[0]];
      const dead = kinds.find((v) => v.reason === 'dead-position');
      const flagDraw = kinds.find((v) => v.reason === 'time-forfeit' && v.result === '1/2-1/2');
      assert.ok(dead && flagDraw, 'the kinds file has both');
      await selectGame(page, dead.game);
      assert.match(await page.$eval('#verdict', (e) => e.textContent), /no series of legal moves can lead to mate/);
      await page.screenshot({ path: join(SHOTS, 'web-dead-position.png') });
      await selectGame(page, flagDraw.game);
      const text = await page.$eval('#verdict', (e) => e.textContent);
      assert.match(text, /Art\. 6\.9/);
      assert.match(text, /unless the opponent cannot mate/);
      assert.match(text, /DISAGREES/);
      await page.click('#analyse');
      await page.waitForSelector('#analysis-out[data-bestmove]', { timeout: 60_000 });
      await page.screenshot({ path: join(SHOTS, 'web-flag-fall-draw.png') });
    });

    await t.test('typed moves are judged like the native program judges them', { skip: !realPackage && 'the mock judges nothing' }, async () => {
      await page.click('#paste-box summary');
      await page.type('#pgn-text', `${TYPED} 1-0`);  // a typed result is the record
      await page.click('#judge-text');
      await page.waitForSelector('#counts[data-done="true"]');
      const [want] = native(['--fen', 'startpos', '--moves', TYPED]);
      const [shown] = await rows(page);
      assert.deepEqual([shown.result, shown.reason, shown.article], [want.result, want.reason, want.article]);
      assert.equal(await page.$eval('#games-table tbody tr td.result', (td) => td.textContent), '1–0', 'recorded');
      assert.equal(shown.disagrees, false);
    });

    await t.test(`a ${LARGE_MB} MB file streams with a progress bar while the page stays responsive`, async () => {
      const lichess = readFileSync(join(REPO_ROOT, FILES[1]), 'utf8');
      const copies = Math.ceil((LARGE_MB * 1048576) / lichess.length);
      const large = join(mockDir ?? mkdtempSync(join(tmpdir(), 'arbiter-web-')), 'large.pgn');
      writeFileSync(large, `${lichess.trimEnd()}\n\n`.repeat(copies));
      // The longest the main thread went without running a timer, and the progress seen.
      await page.evaluate(() => {
        const probe = { maxGap: 0, last: performance.now(), progress: [] };
        window.responsiveness = probe;
        probe.timer = setInterval(() => {
          const now = performance.now();
          probe.maxGap = Math.max(probe.maxGap, now - probe.last);
          probe.last = now;
          const bar = document.getElementById('progress');
          if (!document.getElementById('progress-row').hidden) probe.progress.push(bar.value);
        }, 20);
      });
      const input = await page.$('#pgn-file');
      await input.uploadFile(large);
      await page.waitForSelector('#counts[data-done="true"]', { timeout: 300_000 });
      const probe = await page.evaluate(() => {
        clearInterval(window.responsiveness.timer);
        return window.responsiveness;
      });
      const counts = await page.$eval('#counts', (e) => e.textContent);
      assert.match(counts, new RegExp(`^${copies * 200} games`), 'every game of the large file');
      assert.ok(probe.progress.some((p) => p > 0 && p < 1), `the progress bar moved (${probe.progress.length} samples)`);
      assert.ok(probe.maxGap < 1000, `the page never froze for a second (longest gap ${Math.round(probe.maxGap)} ms)`);
      assert.equal(await page.$$eval('#games-table tbody tr', (r) => r.length), 300, 'a page of rows, the rest on demand');
      t.diagnostic(`${LARGE_MB} MB file: ${copies * 200} games, longest main-thread gap ${Math.round(probe.maxGap)} ms`);

      // Stop halfway through: the games so far stay, no more arrive.
      await (await page.$('#pgn-file')).uploadFile(large);
      await page.waitForFunction(() => document.getElementById('progress').value > 0.05, { polling: 10 });
      await page.click('#cancel');
      const stopped = await page.$eval('#counts', (e) => e.textContent);
      await new Promise((r) => setTimeout(r, 500));
      assert.match(stopped, /\(stopped\)$/);
      assert.equal(await page.$eval('#counts', (e) => e.textContent), stopped, 'no games after Stop');
      assert.ok(parseInt(stopped, 10) < copies * 200, `stopped at ${parseInt(stopped, 10)} games`);
    });

    assert.deepEqual(errors, [], 'no errors in the page');
  } finally {
    await browser.close();
    server.close();
    if (mockDir) rmSync(mockDir, { recursive: true, force: true });
  }
});
