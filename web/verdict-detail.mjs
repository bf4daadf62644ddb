// The detail pane's verdict card: the result and why (article, gloss, the same
// rule's number in the other editions), where the game ended, the claims that
// were open, penalties, and whether the recorded result agrees.

import { CLAIM_LABELS, INFERRED_LABELS, REASON_LABELS, gloss, numberingAcrossEditions } from './articles.mjs';

const RESULT_WORDS = { '1-0': 'White wins', '0-1': 'Black wins', '1/2-1/2': 'Draw', '*': 'No result' };

// "12. Nf3" or "12… Nf6" for ply p (1 = the first move after the start position).
export function moveLabel(startFen, ply, san) {
  const fields = (startFen || 'x w - - 0 1').split(' ');
  const blackFirst = fields[1] === 'b';
  const fullmove = Number(fields[5]) || 1;
  const index = ply - 1 + (blackFirst ? 1 : 0);  // plies since White's move of `fullmove`
  const number = fullmove + Math.floor(index / 2);
  const white = index % 2 === 0;
  return `${number}${white ? '.' : '…'} ${san ?? ''}`.trim();
}

function node(tag, className, text) {
  const n = document.createElement(tag);
  if (className) n.className = className;
  if (text !== undefined) n.textContent = text;
  return n;
}

function fact(list, term, ...details) {
  list.append(node('dt', null, term));
  const dd = node('dd');
  dd.append(...details);
  list.append(dd);
  return dd;
}

function sideName(side) { return side === 'white' ? 'White' : side === 'black' ? 'Black' : side; }

// The side to move after `ply` plies from startFen.
function sideToMove(startFen, ply) {
  const blackFirst = (startFen || '').split(' ')[1] === 'b';
  return (ply % 2 === 0) !== blackFirst ? 'White' : 'Black';
}

// For the endings where a loss may turn into a draw (6.9, 5.1.2 in 2023, 7.5.5):
// who lost, and why it is or is not a draw. Null where the gloss says it all.
export function why(v) {
  const other = (side) => (side === 'White' ? 'Black' : 'White');
  let loser = null;
  let event = '';
  if (v.reason === 'time-forfeit') {
    loser = v.result === '1-0' ? 'Black' : v.result === '0-1' ? 'White' : sideToMove(v.startFen, v.ply);
    event = 'ran out of time';
  } else if (v.reason === 'resignation') {
    loser = v.result === '1-0' || v.recorded === '1-0' ? 'Black' : 'White';
    event = 'resigned';
  } else if (v.reason === 'illegal-move') {
    const last = (v.penalties ?? []).at(-1);
    loser = v.result === '1-0' ? 'Black' : v.result === '0-1' ? 'White' : last ? sideName(last.side) : null;
    event = 'made an illegal move too many';
  }
  if (!loser) return null;
  return v.result === '1/2-1/2'
    ? `${loser} ${event}, but ${other(loser)} cannot mate by any series of legal moves: a draw.`
    : `${loser} ${event} and loses: ${other(loser)} could still mate.`;
}

// moves: the game's SAN moves where known (they come after the verdict).
export function renderVerdict(container, v, moves = []) {
  container.replaceChildren();
  const edition = v.rules ?? 'fide-2023';
  const card = node('div', `verdict-card ${v.agrees === false ? 'disagrees' : ''}`);

  const headline = node('p', 'headline');
  headline.append(node('strong', 'result', RESULT_WORDS[v.result] ?? v.result),
    node('span', 'reason', v.error ? 'unreadable game' : REASON_LABELS[v.reason] ?? v.reason));
  if (v.article) headline.append(node('span', 'article-badge', `Art. ${v.article}`));
  card.append(headline);

  if (v.error) card.append(node('p', 'error-text', v.error));
  else {
    card.append(node('p', 'gloss', gloss(v.reason, edition)));
    const numbering = numberingAcrossEditions(v.reason);
    if (numbering) card.append(node('p', 'numbering muted', `Numbering by edition: ${numbering}`));
  }

  const facts = node('dl', 'facts');
  fact(facts, 'Laws', `FIDE ${edition.replace('fide-', '')}`);
  if (v.reason !== 'none' && !v.error) {
    const where = v.move ? `ply ${v.ply}, ${moveLabel(v.startFen, v.ply, v.move)}`
      : `after ply ${v.ply}${v.ply > 0 && moves[v.ply - 1] ? ` (${moveLabel(v.startFen, v.ply, moves[v.ply - 1])})` : ''}`;
    fact(facts, 'Ended', where);
  }
  const because = v.error ? null : why(v);
  if (because) fact(facts, 'Why', because).className = 'why';
  if (v.plies !== v.ply) fact(facts, 'Moves recorded', `${v.plies} plies; those after ply ${v.ply} change nothing`);
  if (INFERRED_LABELS[v.inferred]) fact(facts, 'Event', INFERRED_LABELS[v.inferred]);

  const record = v.recorded ?? 'none';
  const agreement = v.agrees === true ? 'agrees' : v.agrees === false ? 'DISAGREES with the verdict' : 'nothing to compare';
  const recordDd = fact(facts, 'Recorded', `${record}: ${agreement}`);
  if (v.agrees === false) recordDd.className = 'disagrees-text';

  const claims = v.claims ?? [];
  const claimList = node('ul', 'claims');
  for (const c of claims) {
    const announced = c.move ? ` by announcing ${c.move}` : '';
    claimList.append(node('li', null,
      `${sideName(c.side)} could claim ${CLAIM_LABELS[c.type] ?? c.type} at ply ${c.ply}${announced}`));
  }
  fact(facts, 'Open claims', claims.length ? claimList : 'none');

  if (v.penalties?.length) {
    const list = node('ul', 'penalties');
    for (const p of v.penalties) {
      const cut = p.offender_cut_max_seconds ? `, the offender's time cut by up to ${p.offender_cut_max_seconds} s` : '';
      list.append(node('li', null,
        `${sideName(p.side)}, ply ${p.ply}: ${p.type} (${p.article}): opponent +${p.opponent_bonus_seconds} s${cut}`));
    }
    fact(facts, 'Penalties', list);
  }
  if (v.undecided) fact(facts, 'Note', 'whether a side could still mate was not decided in the analysis budget: counted as "can mate"');
  if (v.ambiguous) fact(facts, 'Note', 'rests on an ambiguously worded article (2014 9.6a: "five consecutive alternate moves")');
  card.append(facts);
  container.append(card);
}
