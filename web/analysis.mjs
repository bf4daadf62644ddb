// The engine on demand: js/engine-worker.mjs speaks UCI over postMessage
// (strings in, lines out). One search at a time; a new request stops the old one
// first. The worker starts on the first request, so a page that never asks for
// an analysis never loads a second copy of the engine.

// "info depth 12 ... score cp 31 ... pv e2e4 e7e5" -> {depth, score, pv}
export function parseInfo(line) {
  const t = line.trim().split(/\s+/);
  if (t[0] !== 'info') return null;
  const info = {};
  for (let i = 1; i < t.length; i++) {
    if (t[i] === 'depth') info.depth = Number(t[++i]);
    else if (t[i] === 'nodes') info.nodes = Number(t[++i]);
    else if (t[i] === 'score') {
      const kind = t[++i];
      const value = Number(t[++i]);
      info.score = { kind, value };
      if (t[i + 1] === 'lowerbound' || t[i + 1] === 'upperbound') info.score.bound = t[++i];
    } else if (t[i] === 'pv') { info.pv = t.slice(i + 1); break; }
  }
  return info.pv || info.score ? info : null;
}

// White's point of view, as arbiters read scores: "+0.31", "-M3".
export function formatScore(score, whiteToMove) {
  if (!score) return '';
  const sign = whiteToMove ? 1 : -1;
  if (score.kind === 'mate') {
    const m = score.value * sign;
    return m > 0 ? `+M${m}` : `-M${-m}`;
  }
  const cp = (score.value * sign) / 100;
  return (cp > 0 ? '+' : '') + cp.toFixed(2);
}

export class Analysis {
  constructor(workerUrl = new URL('../js/engine-worker.mjs', import.meta.url)) {
    this.workerUrl = workerUrl;
    this.worker = null;
    this.waiters = [];  // [{test(line), resolve, reject}]
    this.onLine = null;
  }

  start() {
    this.starting ??= this.handshake();
    return this.starting;
  }

  async handshake() {
    this.worker = new Worker(this.workerUrl, { type: 'module' });
    this.worker.onmessage = ({ data }) => {
      for (const line of String(data).split('\n')) if (line.trim()) this.receive(line.trim());
    };
    this.worker.onerror = (e) => this.fail(`the engine Worker failed: ${e.message ?? 'could not start'}`);
    this.send('uci');
    await this.until((l) => l === 'uciok');
    this.send('isready');
    await this.until((l) => l === 'readyok');
  }

  send(command) { this.worker.postMessage(command); }

  receive(line) {
    if (line.startsWith('info string cannot load')) { this.fail(line.slice('info string '.length)); return; }
    this.onLine?.(line);
    this.waiters = this.waiters.filter((w) => !(w.test(line) && (w.resolve(line), true)));
  }

  // The engine will not answer: every wait ends in this error, and the next request starts afresh.
  fail(message) {
    for (const w of this.waiters) w.reject(new Error(message));
    this.waiters = [];
    this.worker?.terminate();
    this.worker = null;
    this.starting = null;
    this.searching = null;
  }

  until(test) { return new Promise((resolve, reject) => this.waiters.push({ test, resolve, reject })); }

  // go: 'depth 12' or 'movetime 2000'. onInfo gets each parsed info line.
  // Resolves {bestmove, ponder, last} with the last info that had a PV.
  async analyse(fen, go, onInfo) {
    await this.start();
    if (this.searching) {
      this.send('stop');
      await this.searching;
    }
    let last = null;
    this.onLine = (line) => {
      const info = parseInfo(line);
      if (info) {
        if (info.pv) last = info;
        onInfo?.(info, line);
      }
    };
    this.send(`position fen ${fen}`);
    this.send(`go ${go}`);
    this.searching = this.until((l) => l.startsWith('bestmove'));
    const line = await this.searching;
    this.searching = null;
    const [, bestmove, , ponder] = line.split(/\s+/);
    return { bestmove, ponder, last };
  }
}
