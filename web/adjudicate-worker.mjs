// The page's Web Worker: reads a PGN (a File, in chunks, or typed text), hands it
// to the WebAssembly adjudicator and posts verdicts back in batches, so that a
// 20 MB file never blocks the page. It also replays one game's moves into FENs
// for the board. Everything stays in the browser.
//
// The moves of each game stay here (a large file's moves would weigh on the
// page); the page asks for one game's positions when the arbiter selects it.
// In:  {type:'adjudicate', run, source: File|string, name, options}
//      {type:'positions', id, index} | {type:'cancel', run} | {type:'hello'}
// Out: {type:'ready', version} | {type:'verdicts', run, verdicts, bytesRead, bytesTotal}
//      {type:'done', run, summary, bytesRead, bytesTotal} | {type:'error', run?, message}
//      {type:'positions', id, moves, fens, error}   (verdict `index` of the last run)

import { loadArbiter } from '../js/index.mjs';

const BATCH_INTERVAL_MS = 120;  // post at this pace: often enough for a live table, rarely enough to stay cheap

let arbiterPromise = null;
let currentRun = 0;  // a newer 'adjudicate' cancels the one in progress
let games = [];      // {startFen, moves} of the current run's verdicts, in order

function arbiter() {
  arbiterPromise ??= loadArbiter();
  return arbiterPromise;
}

async function adjudicate({ run, source, name, options }) {
  currentRun = run;
  games = [];
  const wasm = await arbiter();
  const adjudicator = wasm.createAdjudicator({ ...options, source: name, withMoves: true });
  const bytesTotal = typeof source === 'string' ? source.length : source.size;
  let bytesRead = 0;
  let pending = [];
  let lastPost = performance.now();
  const keep = (verdicts) => {
    for (const { moves, ...verdict } of verdicts) {
      games.push({ startFen: verdict.startFen, moves: moves ?? [] });
      pending.push({ ...verdict, index: games.length - 1 });
    }
  };
  const flush = () => {
    postMessage({ type: 'verdicts', run, verdicts: pending, bytesRead, bytesTotal });
    pending = [];
    lastPost = performance.now();
  };
  try {
    if (typeof source === 'string') {
      keep(adjudicator.push(source));
      bytesRead = bytesTotal;
    } else {
      const reader = source.stream().getReader();
      const decoder = new TextDecoder('utf-8');
      for (;;) {
        const { done, value } = await reader.read();
        if (run !== currentRun) { reader.cancel(); return; }
        if (done) break;
        bytesRead += value.byteLength;
        keep(adjudicator.push(decoder.decode(value, { stream: true })));
        if (performance.now() - lastPost > BATCH_INTERVAL_MS) flush();
      }
      const tail = decoder.decode();
      if (tail) keep(adjudicator.push(tail));
    }
    keep(adjudicator.finish());
    flush();
    postMessage({ type: 'done', run, summary: adjudicator.summary(), bytesRead, bytesTotal });
  } finally {
    adjudicator.delete();
  }
}

// Plays `moves` from startFen; stops at the first move the Game refuses (an
// automatic ending came before it, or the record is wrong) and says why.
function replay(wasm, startFen, moves, chess960) {
  let game;
  try {
    game = new wasm.Game({ fen: startFen || undefined, chess960 });
  } catch (e) {
    return { fens: [], error: `start position: ${e.message}` };
  }
  const fens = [game.fen()];
  let error = null;
  try {
    for (const san of moves) {
      game.pushSan(san);
      fens.push(game.fen());
    }
  } catch (e) {
    error = `move ${fens.length}: ${e.message}`;
  } finally {
    game.delete();
  }
  return { fens, error };
}

async function positions({ id, index }) {
  const { startFen, moves } = games[index] ?? { moves: [] };
  const wasm = await arbiter();
  // A verdict does not say whether the game was Chess960: where the classical
  // reading stops early, the Chess960 one (castling by rook square) may go further.
  let result = replay(wasm, startFen, moves, false);
  if (result.error && startFen) {
    const as960 = replay(wasm, startFen, moves, true);
    if (as960.fens.length > result.fens.length) result = as960;
  }
  postMessage({ type: 'positions', id, moves, ...result });
}

onmessage = async ({ data }) => {
  try {
    if (data.type === 'adjudicate') await adjudicate(data);
    else if (data.type === 'positions') await positions(data);
    else if (data.type === 'cancel') currentRun = data.run;
    else if (data.type === 'hello') postMessage({ type: 'ready', version: (await arbiter()).version });
  } catch (e) {
    postMessage({ type: 'error', run: data.run, id: data.id, message: String(e?.message ?? e) });
  }
};
