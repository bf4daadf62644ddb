// TEST ONLY, never shipped: just enough chess to replay the SAN of recorded
// (legal) games into FENs, so that the page's board can be tested before the
// WebAssembly package exists. No legality checks beyond pins for disambiguation.

const FILES = 'abcdefgh';
const sq = (name) => FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);  // a1 = 0
const nameOf = (s) => FILES[s % 8] + (Math.floor(s / 8) + 1);
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const STEPS = {
  n: [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]],
  k: [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]],
};
const RAYS = { b: [[1, 1], [1, -1], [-1, 1], [-1, -1]], r: [[1, 0], [-1, 0], [0, 1], [0, -1]] };
RAYS.q = [...RAYS.b, ...RAYS.r];

export class MockPosition {
  constructor(fen = START) {
    const [placement, turn, castling, ep, half, full] = fen.trim().split(/\s+/);
    this.board = new Array(64).fill('');
    placement.split('/').forEach((row, i) => {
      let file = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) file += Number(ch);
        else this.board[(7 - i) * 8 + file++] = ch;
      }
    });
    this.turn = turn ?? 'w';
    this.castling = castling && castling !== '-' ? castling : '';
    this.ep = ep && ep !== '-' ? sq(ep) : -1;
    this.half = Number(half ?? 0);
    this.full = Number(full ?? 1);
  }

  colorOf(p) { return p ? (p === p.toUpperCase() ? 'w' : 'b') : null; }

  // Squares from which a piece of `type` (lower case) could reach `to` on this board.
  sources(type, to, color) {
    const out = [];
    const [tf, tr] = [to % 8, Math.floor(to / 8)];
    const want = color === 'w' ? type.toUpperCase() : type;
    for (const [df, dr] of STEPS[type] ?? []) {
      const f = tf + df, r = tr + dr;
      if (f >= 0 && f < 8 && r >= 0 && r < 8 && this.board[r * 8 + f] === want) out.push(r * 8 + f);
    }
    for (const [df, dr] of RAYS[type] ?? []) {
      for (let f = tf + df, r = tr + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
        const p = this.board[r * 8 + f];
        if (!p) continue;
        if (p === want) out.push(r * 8 + f);
        break;
      }
    }
    return out;
  }

  attacked(square, by) {
    const dir = by === 'w' ? -1 : 1;  // a pawn of `by` attacks from one rank behind
    const f = square % 8, r = Math.floor(square / 8) + dir;
    const pawn = by === 'w' ? 'P' : 'p';
    for (const df of [-1, 1]) if (f + df >= 0 && f + df < 8 && r >= 0 && r < 8 && this.board[r * 8 + f + df] === pawn) return true;
    return ['n', 'k', 'b', 'r', 'q'].some((t) => this.sources(t, square, by).length > 0);
  }

  leavesKingSafe(from, to) {
    const saved = [...this.board];
    this.board[to] = this.board[from];
    this.board[from] = '';
    const king = this.board.indexOf(this.turn === 'w' ? 'K' : 'k');
    const safe = !this.attacked(king, this.turn === 'w' ? 'b' : 'w');
    this.board = saved;
    return safe;
  }

  pushSan(sanText) {
    const san = sanText.replace(/[+#!?]+$/, '').replace(/0/g, 'O');
    const white = this.turn === 'w';
    const rank = white ? 0 : 7;
    if (san === 'O-O' || san === 'O-O-O') {
      const long = san === 'O-O-O';
      return this.apply(rank * 8 + 4, rank * 8 + (long ? 2 : 6), null, [rank * 8 + (long ? 0 : 7), rank * 8 + (long ? 3 : 5)]);
    }
    const m = /^([KQRBN])?([a-h])?([1-8])?x?([a-h][1-8])=?([QRBN])?$/.exec(san);
    if (!m) throw new Error(`not a move: ${sanText}`);
    const [, piece, fromFile, fromRank, target, promo] = m;
    const to = sq(target);
    let candidates;
    if (piece) {
      candidates = this.sources(piece.toLowerCase(), to, this.turn);
    } else {
      const dir = white ? 8 : -8;
      const pawn = white ? 'P' : 'p';
      if (fromFile) candidates = [to - dir + (FILES.indexOf(fromFile) - (to % 8))];
      else candidates = this.board[to - dir] === pawn ? [to - dir]
        : !this.board[to - dir] && this.board[to - 2 * dir] === pawn ? [to - 2 * dir] : [];
      candidates = candidates.filter((s) => this.board[s] === pawn);
    }
    candidates = candidates.filter((s) => (!fromFile || nameOf(s)[0] === fromFile) && (!fromRank || nameOf(s)[1] === fromRank));
    if (candidates.length > 1) candidates = candidates.filter((s) => this.leavesKingSafe(s, to));
    if (candidates.length !== 1) throw new Error(`illegal or ambiguous move: ${sanText}`);
    const promotion = promo ? (white ? promo : promo.toLowerCase()) : null;
    return this.apply(candidates[0], to, promotion);
  }

  pushUci(uci) {
    const from = sq(uci.slice(0, 2)), to = sq(uci.slice(2, 4));
    const p = this.board[from];
    if (!p) throw new Error(`no piece on ${uci.slice(0, 2)}`);
    const castle = p.toLowerCase() === 'k' && Math.abs(to - from) === 2
      ? (to > from ? [from + 3, from + 1] : [from - 4, from - 1]) : null;
    const promo = uci[4] ? (this.turn === 'w' ? uci[4].toUpperCase() : uci[4]) : null;
    return this.apply(from, to, promo, castle);
  }

  apply(from, to, promotion, rookMove = null) {
    const piece = this.board[from];
    const pawn = piece.toLowerCase() === 'p';
    const capture = !!this.board[to] || (pawn && to === this.ep);
    if (pawn && to === this.ep) this.board[to + (this.turn === 'w' ? -8 : 8)] = '';
    this.board[to] = promotion ?? piece;
    this.board[from] = '';
    if (rookMove) { this.board[rookMove[1]] = this.board[rookMove[0]]; this.board[rookMove[0]] = ''; }
    const lose = (chars) => { for (const c of chars) this.castling = this.castling.replace(c, ''); };
    if (piece === 'K') lose('KQ');
    if (piece === 'k') lose('kq');
    for (const [s, c] of [[0, 'Q'], [7, 'K'], [56, 'q'], [63, 'k']]) if (from === s || to === s) lose(c);
    this.ep = pawn && Math.abs(to - from) === 16 ? (from + to) / 2 : -1;
    this.half = pawn || capture ? 0 : this.half + 1;
    if (this.turn === 'b') this.full += 1;
    this.turn = this.turn === 'w' ? 'b' : 'w';
  }

  fen() {
    const rows = [];
    for (let r = 7; r >= 0; r--) {
      let row = '', empty = 0;
      for (let f = 0; f < 8; f++) {
        const p = this.board[r * 8 + f];
        if (!p) { empty++; continue; }
        if (empty) { row += empty; empty = 0; }
        row += p;
      }
      rows.push(row + (empty || ''));
    }
    return `${rows.join('/')} ${this.turn} ${this.castling || '-'} ${this.ep >= 0 ? nameOf(this.ep) : '-'} ${this.half} ${this.full}`;
  }
}

export const START_FEN = START;
