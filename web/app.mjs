// The arbiters' page: wires the inputs (file, drop, typed moves, edition) to the
// adjudicating Worker, its verdicts to the table and the detail pane, and the
// board to the moves and the engine. No verdict is computed here.

import { Analysis, formatScore } from './analysis.mjs';
import { REASON_LABELS } from './articles.mjs';
import { Board } from './board.mjs';
import { saveText, verdictsCsv } from './export-csv.mjs';
import { GamesTable } from './games-table.mjs';
import { moveLabel, renderVerdict } from './verdict-detail.mjs';

const $ = (id) => document.getElementById(id);

const worker = new Worker(new URL('./adjudicate-worker.mjs', import.meta.url), { type: 'module' });
const board = new Board($('board'));
const analysis = new Analysis();
const table = new GamesTable({ tbody: $('games-table').tBodies[0], moreButton: $('more'), onSelect: showGame });

let run = 0;             // the adjudication whose messages count
let lastSource = null;   // {source, name}: judged again when an option changes
let positionsId = 0;
const view = { verdict: null, moves: [], fens: [], ply: 0 };

// ---- adjudication -------------------------------------------------------------

function options() {
  // The package's options are the command line's: mode is --mode (the Claims
  // select), inferEvents what the page calls "After the last move".
  return { rules: $('rules').value, mode: $('claims').value, inferEvents: $('mode').value !== 'moves' };
}

function judge(source, name) {
  lastSource = { source, name };
  run += 1;
  document.body.dataset.state = 'running';
  $('counts').dataset.done = 'false';
  table.clear();
  $('results').hidden = false;
  $('message').hidden = true;
  $('counts').textContent = '';
  for (const option of [...$('reason-filter').options]) if (option.value && option.value !== table.filter.reason) option.remove();
  $('detail-heading').textContent = 'Select a game';
  $('verdict').replaceChildren();
  setProgress(0, typeof source === 'string' ? source.length : source.size, true);
  worker.postMessage({ type: 'adjudicate', run, source, name, options: options() });
}

function setProgress(read, total, busy) {
  $('progress-row').hidden = !busy;
  $('progress').value = total ? read / total : 0;
  const mb = (n) => (n / 1048576).toFixed(1);
  $('progress-text').textContent = busy
    ? `Reading ${lastSource?.name ?? ''}: ${total > 1048576 ? `${mb(read)} of ${mb(total)} MB` : `${Math.round((100 * read) / (total || 1))}%`}, ${table.verdicts.length} games`
    : '';
}

function showCounts(summary) {
  const all = table.verdicts.length;
  const disagreements = table.verdicts.filter((v) => v.agrees === false).length;
  const errors = table.verdicts.filter((v) => v.error).length;
  $('counts').textContent = `${all} games, ${disagreements} disagreeing with the record` +
    (errors ? `, ${errors} unreadable` : '') + (summary?.cancelled ? ' (stopped)' : summary ? '' : '…');
  $('counts').dataset.done = summary ? 'true' : 'false';
}

// One option per reason present, with its count: "flag fall (2)".
function refreshReasonFilter() {
  const select = $('reason-filter');
  const counts = new Map();
  for (const v of table.verdicts) counts.set(v.reason, (counts.get(v.reason) ?? 0) + 1);
  const options = new Map([...select.options].map((o) => [o.value, o]));
  for (const [reason, count] of counts) {
    let option = options.get(reason);
    if (!option) select.append(option = new Option('', reason));
    option.textContent = `${REASON_LABELS[reason] ?? reason} (${count})`;
  }
}

worker.onmessage = ({ data }) => {
  if (data.type === 'ready') {  // the first words of a version report that runs over several lines
    $('engine-version').textContent = `${String(data.version).split(/\s+(?:commit|compiler):/)[0]}.`;
    $('engine-version').title = data.version;
    return;
  }
  if (data.type === 'positions') { receivePositions(data); return; }
  if (data.run !== undefined && data.run !== run) return;  // an older file's late messages
  if (data.type === 'verdicts') {
    table.add(data.verdicts);
    setProgress(data.bytesRead, data.bytesTotal, true);
    showCounts(null);
    refreshReasonFilter();
  } else if (data.type === 'done') {
    setProgress(data.bytesRead, data.bytesTotal, false);
    showCounts(data.summary);
    refreshReasonFilter();
    document.body.dataset.state = 'done';
    if (table.selected < 0 && table.firstShown() >= 0) table.select(table.firstShown(), false);
  } else if (data.type === 'error') {
    setProgress(0, 0, false);
    document.body.dataset.state = 'error';
    $('message').hidden = false;
    $('message').textContent = `Could not judge this input: ${data.message}`;
  }
};
// A module Worker whose imports fail (js/ not built, or served from file://) reports here.
worker.onerror = (e) => {
  e.preventDefault();
  setProgress(0, 0, false);
  document.body.dataset.state = 'error';
  $('message').hidden = false;
  $('message').textContent = 'The adjudicator could not be loaded: serve the repository root over http ' +
    '(scripts/web) with the WebAssembly package built in js/ (scripts/lib/wasm-build.sh).';
};
worker.postMessage({ type: 'hello' });

// A bare list of moves becomes a one-game PGN; a PGN with tags is taken as it is.
// A result typed after the moves becomes the recorded result, as in a PGN.
export function asPgn(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return `${trimmed}\n`;
  const typedResult = /(1-0|0-1|1\/2-1\/2|\*)$/.exec(trimmed)?.[1];
  const result = typedResult ?? '*';
  return `[Event "Typed moves"]\n[White "?"]\n[Black "?"]\n[Result "${result}"]\n\n${trimmed}${typedResult ? '' : ' *'}\n`;
}

$('pgn-file').addEventListener('change', (e) => {
  const file = e.target.files[0];
  e.target.value = '';  // choosing the same file again (after editing it) is a change too
  if (file) judge(file, file.name);
});
$('judge-text').addEventListener('click', () => {
  const text = $('pgn-text').value;
  if (text.trim()) judge(asPgn(text), 'typed.pgn');
});
$('cancel').addEventListener('click', () => {
  run += 1;  // the worker's batches for the old run are now ignored
  worker.postMessage({ type: 'cancel', run });
  setProgress(0, 0, false);
  showCounts({ cancelled: true });
});
for (const id of ['rules', 'claims', 'mode']) {
  $(id).addEventListener('change', () => { if (lastSource) judge(lastSource.source, lastSource.name); });
}

// A file dropped anywhere on the page is judged (a browser would otherwise open it
// in place of the page); the drop zone lights up meanwhile.
const drop = $('drop-zone');
document.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
document.addEventListener('dragleave', (e) => { if (!e.relatedTarget) drop.classList.remove('over'); });
document.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  const file = e.dataTransfer?.files[0];
  if (file) judge(file, file.name);
});

$('export').addEventListener('click', () => {
  const shown = table.matching.map((i) => table.verdicts[i]);  // what the filters keep
  const base = (lastSource?.name ?? 'games').replace(/\.[^.]*$/, '');
  saveText(`${base}-verdicts-${$('rules').value}.csv`, verdictsCsv(shown));
});
$('only-disagreements').addEventListener('change', (e) => table.setFilter({ disagreementsOnly: e.target.checked }));
$('reason-filter').addEventListener('change', (e) => table.setFilter({ reason: e.target.value }));
$('search').addEventListener('input', (e) => table.setFilter({ search: e.target.value }));

// ---- one game: verdict, board, moves ------------------------------------------

function showGame(v) {
  view.verdict = v;
  view.moves = [];
  view.fens = [];
  $('detail-heading').textContent = `Game ${v.game}: ${v.white ?? '?'} – ${v.black ?? '?'}`;
  renderVerdict($('verdict'), v, []);
  $('analysis-out').textContent = '';
  positionsId += 1;
  worker.postMessage({ type: 'positions', id: positionsId, index: v.index });
}

function receivePositions({ id, moves, fens, error }) {
  if (id !== positionsId) return;
  view.moves = moves;
  view.fens = fens;
  renderVerdict($('verdict'), view.verdict, moves);
  drawMoveList(error);
  // The position the verdict is about: where the game ended (or the last one recorded).
  goTo(Math.min(view.verdict.ply ?? fens.length - 1, fens.length - 1));
}

// error: why replaying stopped at move `failedPly` (from the worker's "move N: ...").
function drawMoveList(error) {
  const list = $('move-list');
  list.replaceChildren();
  // Two columns, White's and Black's: a game that starts with Black to move leaves White's first cell empty.
  if ((view.verdict.startFen ?? '').split(' ')[1] === 'b') list.append(document.createElement('li'));
  view.moves.forEach((san, i) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move';
    button.textContent = moveLabel(view.verdict.startFen, i + 1, san);
    button.dataset.ply = i + 1;
    if (i + 1 === view.verdict.ply && view.verdict.reason !== 'none') button.classList.add('ending');
    if (i + 1 >= view.fens.length) button.disabled = true;
    button.addEventListener('click', () => goTo(i + 1));
    li.append(button);
    list.append(li);
  });
  if (error) {
    // Moves recorded after an automatic ending are not played on the board: say so plainly.
    const afterEnd = view.verdict.reason !== 'none' && view.fens.length - 1 >= view.verdict.ply;
    const text = afterEnd ? `The moves after ply ${view.verdict.ply} come after the end of the game: the board stops there.` : error;
    list.append(Object.assign(document.createElement('li'), { className: afterEnd ? 'note' : 'error-text', textContent: text }));
  }
}

function goTo(ply) {
  if (!view.fens.length) return;
  view.ply = Math.max(0, Math.min(ply, view.fens.length - 1));
  board.show(view.fens[view.ply], view.ply > 0 ? view.fens[view.ply - 1] : null);
  const v = view.verdict;
  const san = view.ply > 0 ? view.moves[view.ply - 1] : null;
  const ended = view.ply === v.ply && v.reason !== 'none' ? ' · the game ended here' : '';
  $('ply-label').textContent = view.ply === 0 ? `start · ply 0 of ${view.fens.length - 1}`
    : `${moveLabel(v.startFen, view.ply, san)} · ply ${view.ply} of ${view.fens.length - 1}${ended}`;
  $('ply-label').dataset.ply = view.ply;
  for (const b of document.querySelectorAll('#move-list .move')) {
    const current = Number(b.dataset.ply) === view.ply;
    b.classList.toggle('current', current);
    if (current) b.setAttribute('aria-current', 'step'); else b.removeAttribute('aria-current');
  }
  document.querySelector('#move-list .current')?.scrollIntoView({ block: 'nearest' });
  $('analysis-out').textContent = '';
  delete $('analysis-out').dataset.bestmove;
}

$('first').addEventListener('click', () => goTo(0));
$('prev').addEventListener('click', () => goTo(view.ply - 1));
$('next').addEventListener('click', () => goTo(view.ply + 1));
$('last').addEventListener('click', () => goTo(view.fens.length - 1));
$('flip').addEventListener('click', () => board.flip());

// Arrows step the board anywhere but in text fields and selects (whose arrows are theirs).
document.addEventListener('keydown', (e) => {
  if (e.target.closest('input, textarea, select') || e.altKey || e.ctrlKey || e.metaKey) return;
  const steps = { ArrowLeft: () => goTo(view.ply - 1), ArrowRight: () => goTo(view.ply + 1),
    Home: () => goTo(0), End: () => goTo(view.fens.length - 1) };
  if (steps[e.key] && view.fens.length) { e.preventDefault(); steps[e.key](); }
});

// ---- engine analysis on demand -----------------------------------------------

$('analyse').addEventListener('click', async () => {
  const fen = view.fens[view.ply];
  if (!fen) return;
  // "go depth N" or "go movetime N": the engine Worker answers either way with info lines and a bestmove.
  const amount = Math.max(1, Math.min(30, Number($('depth').value) || 12));
  const go = $('limit-kind').value === 'movetime' ? `movetime ${amount * 1000}` : `depth ${amount}`;
  const out = $('analysis-out');
  const whiteToMove = fen.split(' ')[1] !== 'b';
  const stillShown = () => view.fens[view.ply] === fen;  // the arbiter may step on meanwhile
  const show = (info, done) => {
    if (!stillShown()) return;
    const score = formatScore(info?.score, whiteToMove);
    out.textContent = `${done ? 'Done' : 'Thinking'}: depth ${info?.depth ?? '?'}${score ? `, score ${score}` : ''}` +
      (info?.pv ? `, PV ${info.pv.join(' ')}` : '');
  };
  $('analyse').disabled = true;
  delete out.dataset.bestmove;
  out.textContent = 'Starting the engine…';
  try {
    const { bestmove, last } = await analysis.analyse(fen, go, (info) => show(info, false));
    if (!stillShown()) return;
    show(last, true);
    out.textContent += ` · best move ${bestmove}`;
    out.dataset.bestmove = bestmove;
    if (bestmove && bestmove !== '(none)' && bestmove !== '0000') board.markBest(bestmove);
  } catch (e) {
    out.textContent = `Engine error: ${e.message ?? e}`;
  } finally {
    $('analyse').disabled = false;
  }
});
