// TEST ONLY, never shipped: a stand-in for js/index.mjs (the WebAssembly
// package of the wasm branch) with the same names, used by the browser test
// while that package is not built. It does not judge anything: it splits the PGN
// into games and returns, for game N of a file, the verdict the native
// `arbiter adjudicate --format json` gave (native-verdicts.json, written by the
// test next to this file, by edition and claims), plus startFen and the SAN moves for the board.

import { MockPosition, START_FEN } from './mock-chess.mjs';

function parseGame(lines) {
  const tags = {};
  const movetext = [];
  for (const line of lines) {
    const tag = /^\s*\[(\w+)\s+"(.*)"\]\s*$/.exec(line);
    if (tag) tags[tag[1]] = tag[2];
    else movetext.push(line);
  }
  const text = movetext.join(' ')
    .replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  let depth = 0, flat = '';
  for (const ch of text) {  // drop variations, nested or not
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0) flat += ch;
  }
  const moves = flat.split(/\s+/)
    .map((t) => t.replace(/^\d+\.+/, ''))
    .filter((t) => t && !/^(\$\d+|1-0|0-1|1\/2-1\/2|\*|\d+\.+)$/.test(t));
  return { tags, moves };
}

export async function loadArbiter({ verdictsUrl = new URL('./native-verdicts.json', import.meta.url) } = {}) {
  let native = {};
  try { native = await (await fetch(verdictsUrl)).json(); } catch { /* typed games only */ }

  function verdictFor(source, rules, claims, number, { tags, moves }) {
    const known = native[`${rules}|${claims}|${source}#${number}`];
    const base = known ?? {
      game: number, source, white: tags.White ?? '?', black: tags.Black ?? '?', plies: moves.length,
      inferred: 'none', result: '*', reason: 'none', article: null, ply: moves.length, move: null,
      rules, claims: [], penalties: [], recorded: tags.Result ?? null,
      agrees: null, undecided: false, ambiguous: false, error: null,
    };
    return { ...base, game: number, startFen: tags.FEN ?? START_FEN, moves };
  }

  function createAdjudicator(options = {}) {
    const source = options.source ?? 'input.pgn';
    const rules = options.rules ?? 'fide-2023';
    const claims = options.mode ?? 'strict';
    let buffer = '';
    let lines = [];
    let inMoves = false;
    let number = 0;
    const out = [];
    const complete = () => {
      if (lines.some((l) => l.trim())) out.push(verdictFor(source, rules, claims, ++number, parseGame(lines)));
      lines = [];
      inMoves = false;
    };
    const line = (l) => {
      const isTag = /^\s*\[/.test(l);
      if (isTag && inMoves) complete();
      if (!isTag && l.trim()) inMoves = true;
      lines.push(l);
    };
    return {
      push(chunk) {
        buffer += chunk;
        const parts = buffer.split(/\r?\n/);
        buffer = parts.pop();
        parts.forEach(line);
        return out.splice(0);
      },
      finish() {
        if (buffer) line(buffer);
        buffer = '';
        complete();
        return out.splice(0);
      },
      summary() { return { games: number, mock: true }; },
      delete() {},
    };
  }

  class Game {
    constructor({ fen } = {}) { this.position = new MockPosition(fen ?? START_FEN); this.ply = 0; }
    pushSan(san) { this.position.pushSan(san); this.ply++; }
    pushUci(uci) { this.position.pushUci(uci); this.ply++; }
    fen() { return this.position.fen(); }
    get turn() { return this.position.turn === 'w' ? 'white' : 'black'; }
    legalMoves() { return []; }
    outcome() { return { result: '*', reason: 'none', article: null, ply: this.ply }; }
    flag() {}
    delete() {}
  }

  return {
    version: 'mock (test only)',
    adjudicate(pgn, options) {
      const a = createAdjudicator(options);
      return [...a.push(pgn), ...a.finish()];
    },
    createAdjudicator,
    Game,
    createEngine(onLine) {
      return { send(command) { for (const l of mockEngineReply(command)) onLine(l); } };
    },
  };
}

// The engine's side of a UCI conversation, canned: enough for the page to show a PV.
export function mockEngineReply(command) {
  const word = command.trim().split(/\s+/)[0];
  if (word === 'uci') return ['id name Arbiter mock', 'uciok'];
  if (word === 'isready') return ['readyok'];
  if (word === 'go') return ['info depth 1 seldepth 1 score cp 17 nodes 20 pv e2e4 e7e5', 'bestmove e2e4 ponder e7e5'];
  return [];
}
