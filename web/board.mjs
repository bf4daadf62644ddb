// A light SVG chess board of our own: Unicode chess glyphs on drawn squares, the
// squares of the last move and of the engine's best move marked, coordinates
// along the edges, and a flip. It only draws FENs; the moves are the worker's.

const SVG = 'http://www.w3.org/2000/svg';
const SQUARE = 60;
const FILES = 'abcdefgh';
// The solid glyphs for both colours (fill tells them apart); U+FE0E asks for
// text rather than emoji presentation (U+265F is an emoji pawn otherwise).
const GLYPHS = { k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F' };
const NAMES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

// "rnbqkbnr/pppppppp/8/..." -> 64 entries, a8 first, '' for an empty square.
export function placement(fen) {
  const squares = [];
  for (const ch of fen.split(' ')[0]) {
    if (ch === '/') continue;
    if (ch >= '1' && ch <= '8') for (let i = 0; i < Number(ch); i++) squares.push('');
    else squares.push(ch);
  }
  return squares.length === 64 ? squares : new Array(64).fill('');
}

function squareName(index) {  // index 0 = a8
  return FILES[index % 8] + (8 - Math.floor(index / 8));
}

function el(name, attributes = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

export class Board {
  constructor(container) {
    this.flipped = false;
    this.fen = null;
    this.marked = { last: [], best: [] };
    this.svg = el('svg', { viewBox: `0 0 ${SQUARE * 8} ${SQUARE * 8}`, class: 'board', role: 'img' });
    container.replaceChildren(this.svg);
  }

  // fen: the position; previousFen: the one before it, to mark what the last move changed.
  show(fen, previousFen = null) {
    this.fen = fen;
    this.marked.best = [];
    this.marked.last = [];
    if (previousFen) {
      const now = placement(fen);
      const before = placement(previousFen);
      for (let i = 0; i < 64; i++) if (now[i] !== before[i]) this.marked.last.push(squareName(i));
    }
    this.draw();
  }

  // uci: "e2e4" (promotions and castling too): marks its from and to squares.
  markBest(uci) {
    this.marked.best = uci ? [uci.slice(0, 2), uci.slice(2, 4)] : [];
    this.draw();
  }

  flip() {
    this.flipped = !this.flipped;
    this.draw();
  }

  draw() {
    const squares = placement(this.fen ?? '8/8/8/8/8/8/8/8 w - - 0 1');
    const pieces = [];
    this.svg.replaceChildren();
    for (let index = 0; index < 64; index++) {
      const row = Math.floor(index / 8);
      const col = index % 8;
      const x = (this.flipped ? 7 - col : col) * SQUARE;
      const y = (this.flipped ? 7 - row : row) * SQUARE;
      const name = squareName(index);
      const light = (row + col) % 2 === 0;
      let cls = light ? 'sq light' : 'sq dark';
      if (this.marked.last.includes(name)) cls += ' last';
      if (this.marked.best.includes(name)) cls += ' best';
      this.svg.append(el('rect', { x, y, width: SQUARE, height: SQUARE, class: cls, 'data-square': name }));
      const piece = squares[index];
      if (piece) {
        const white = piece === piece.toUpperCase();
        const kind = piece.toLowerCase();
        pieces.push(`${white ? 'white' : 'black'} ${NAMES[kind]} ${name}`);
        this.svg.append(el('text', {
          x: x + SQUARE / 2, y: y + SQUARE * 0.54, class: white ? 'pc white' : 'pc black',
          'data-piece': piece, 'data-square': name,
        }, GLYPHS[kind] + '\uFE0E'));
      }
      // Coordinates on the bottom rank and the left file, as printed boards have them.
      const bottom = this.flipped ? row === 0 : row === 7;
      const left = this.flipped ? col === 7 : col === 0;
      if (bottom) this.svg.append(el('text', { x: x + SQUARE - 4, y: y + SQUARE - 4, class: 'coord file' }, name[0]));
      if (left) this.svg.append(el('text', { x: x + 3, y: y + 13, class: 'coord rank' }, name[1]));
    }
    this.svg.setAttribute('aria-label', pieces.length ? `Board: ${pieces.join(', ')}` : 'Empty board');
    this.svg.dataset.fen = this.fen ?? '';
  }
}
