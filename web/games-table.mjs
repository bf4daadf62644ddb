// The table of games: one row per verdict, filtered (disagreements only, a
// reason, a text search) and drawn a page at a time, so that fifty thousand
// games from a large file cost the page no more than the rows on screen.
// Rows are focusable; Enter or a click selects, ArrowUp/ArrowDown move.

import { REASON_LABELS } from './articles.mjs';

const PAGE = 300;

function cell(text, className) {
  const td = document.createElement('td');
  td.textContent = text ?? '';
  if (className) td.className = className;
  return td;
}

function resultText(result) {
  return result === '1/2-1/2' ? '½–½' : result === '*' ? '*' : (result ?? '').replace('-', '–');
}

export class GamesTable {
  constructor({ tbody, moreButton, onSelect }) {
    this.tbody = tbody;
    this.moreButton = moreButton;
    this.onSelect = onSelect;
    this.verdicts = [];
    this.filter = { disagreementsOnly: false, reason: '', search: '' };
    this.matching = [];   // indices into verdicts that pass the filter
    this.shown = 0;       // rows drawn of matching
    this.selected = -1;
    moreButton.addEventListener('click', () => this.drawMore());
    tbody.addEventListener('click', (e) => {
      const row = e.target.closest('tr');
      if (row) this.select(Number(row.dataset.index));
    });
    tbody.addEventListener('keydown', (e) => this.keydown(e));
  }

  clear() {
    this.verdicts = [];
    this.matching = [];
    this.shown = 0;
    this.selected = -1;
    this.tbody.replaceChildren();
    this.moreButton.hidden = true;
  }

  passes(v) {
    const f = this.filter;
    if (f.disagreementsOnly && v.agrees !== false) return false;
    if (f.reason && v.reason !== f.reason) return false;
    if (f.search) {
      const text = `${v.white ?? ''} ${v.black ?? ''} #${v.game}`.toLowerCase();
      if (!text.includes(f.search)) return false;
    }
    return true;
  }

  add(verdicts) {
    const first = this.verdicts.length;
    this.verdicts.push(...verdicts);
    for (let i = first; i < this.verdicts.length; i++) if (this.passes(this.verdicts[i])) this.matching.push(i);
    // Keep filling the first page as games arrive; later ones wait for "Show more".
    if (this.shown < PAGE) this.drawMore(PAGE - this.shown);
    else this.updateMore();
  }

  setFilter(filter) {
    this.filter = { ...this.filter, ...filter, search: (filter.search ?? this.filter.search).toLowerCase() };
    this.matching = [];
    this.verdicts.forEach((v, i) => { if (this.passes(v)) this.matching.push(i); });
    this.shown = 0;
    this.tbody.replaceChildren();
    this.drawMore();
  }

  drawMore(count = PAGE) {
    const end = Math.min(this.matching.length, this.shown + count);
    const fragment = document.createDocumentFragment();
    for (; this.shown < end; this.shown++) fragment.append(this.row(this.matching[this.shown]));
    this.tbody.append(fragment);
    this.updateMore();
  }

  updateMore() {
    const left = this.matching.length - this.shown;
    this.moreButton.hidden = left <= 0;
    this.moreButton.textContent = `Show ${Math.min(left, PAGE)} more (${left} not shown)`;
  }

  row(index) {
    const v = this.verdicts[index];
    const tr = document.createElement('tr');
    tr.tabIndex = -1;
    tr.dataset.index = index;
    tr.dataset.game = v.game;
    tr.dataset.result = v.result;
    tr.dataset.reason = v.reason;
    tr.dataset.article = v.article ?? '';
    if (v.agrees === false) tr.classList.add('disagrees');
    if (v.error) tr.classList.add('error');
    if (index === this.selected) tr.setAttribute('aria-current', 'true');
    const agrees = v.error ? '⚠' : v.agrees === true ? '✓' : v.agrees === false ? '✗' : '–';
    tr.append(
      cell(v.game, 'num'), cell(v.white), cell(v.black), cell(resultText(v.recorded), 'result'),
      cell(resultText(v.result), 'result verdict'),
      cell(v.error ? 'unreadable' : REASON_LABELS[v.reason] ?? v.reason),
      cell(v.article ?? '', 'article'), cell(v.ply, 'num'),
      cell(agrees, v.agrees === false ? 'agrees no' : 'agrees'),
    );
    tr.cells[8].title = v.agrees === false ? 'the recorded result differs' : v.agrees ? 'agrees' : 'no record';
    return tr;
  }

  rowOf(index) { return this.tbody.querySelector(`tr[data-index="${index}"]`); }

  select(index, focus = true) {
    if (index < 0 || index >= this.verdicts.length) return;
    this.rowOf(this.selected)?.removeAttribute('aria-current');
    this.rowOf(this.selected)?.setAttribute('tabindex', '-1');
    this.selected = index;
    const row = this.rowOf(index);
    if (row) {
      row.setAttribute('aria-current', 'true');
      row.tabIndex = 0;
      if (focus) row.focus({ preventScroll: false });
    }
    this.onSelect(this.verdicts[index], index);
  }

  keydown(e) {
    const row = e.target.closest('tr');
    if (!row) return;
    let target = null;
    if (e.key === 'ArrowDown') target = row.nextElementSibling;
    else if (e.key === 'ArrowUp') target = row.previousElementSibling;
    else if (e.key === 'Enter' || e.key === ' ') target = row;
    if (!target) return;
    e.preventDefault();
    this.select(Number(target.dataset.index));
  }

  // The first game shown, or nothing: the page selects it when a file is done.
  firstShown() { return this.matching.length ? this.matching[0] : -1; }
}
