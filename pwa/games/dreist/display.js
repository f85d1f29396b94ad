// The DREIst! display on the phone (docs/dreist.md, notation): eight columns under the grey
// base cards 1-8, rows below them, nearest first; a cell holds a colour (R, Y, T, V) or
// nothing, and the column gives the number. Drawn from the notation (["RR..Y...", ...]):
// each cell in its colour AND with its letter and a pattern of its own, so it reads without
// colour vision. Three parts: drawGrid (any display, with marks), DisplayEditor (tap to
// paint a colour or empty a cell), Replay (placements shown one by one, with their DREIers
// and the cells they cleared). The display a table is playing with is kept on the phone,
// per match (localStorage), for the referee and Egon.

import { cardCode, cardShort, cardShown, cardWords, chip, colourName, COLOURS, face, letter } from '../../cards/dreist.js';
import { h, replace, uid } from '../../dom.js';
import { t } from '../../i18n.js';
import './strings.js';

export { cardCode, cardShort, cardShown, cardWords, chip, colourName, COLOURS, face, letter };
export const COLUMNS = 8;
const EMPTY = '.'.repeat(COLUMNS);

// ---- the notation --------------------------------------------------------------------------

export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The display without empty rows at the bottom, each row eight characters. */
export function trim(rows) {
  const out = (rows || []).map((row) => `${String(row).toUpperCase()}${EMPTY}`.slice(0, COLUMNS).replace(/[^RYTV]/g, '.'));
  while (out.length && out[out.length - 1] === EMPTY) out.pop();
  return out;
}

/** The colour at row r, column c (both from 1), or '.'. */
export const cellAt = (rows, r, c) => (rows[r - 1] || EMPTY)[c - 1] || '.';

/** A new display with row r, column c set to `colour` ('.' empties it). */
export function put(rows, r, c, colour) {
  const out = rows.slice();
  while (out.length < r) out.push(EMPTY);
  const row = out[r - 1];
  out[r - 1] = row.slice(0, c - 1) + colour + row.slice(c);
  return trim(out);
}

/** A laying as typed: "6R@1 6R@2; 7R@1" → {plays: [[{card, row}]], bad: [words]}. */
export function parseLay(text) {
  const bad = [];
  const plays = String(text || '').split(/[;|\n]/).map((part) => part.split(/[\s,]+/).filter(Boolean).map((word) => {
    const m = /^(\w{2})@(\d{1,2})$/.exec(word);
    const card = m && cardCode(m[1]);
    if (!card || Number(m[2]) < 1) {
      bad.push(word);
      return null;
    }
    return { card, row: Number(m[2]) };
  }).filter(Boolean)).filter((play) => play.length);
  return { plays, bad };
}

/** The plays as typed, in the reader's letters (German: 8G@2 for the yellow 8). */
export const formatLay = (plays) => plays.filter((p) => p.length).map((p) => p.map((x) => `${x.card.slice(0, -1)}${letter(x.card.slice(-1))}@${x.row}`).join(' ')).join('; ');

/** The display after each placement: frames[0] the start, frames[k + 1] after placement k. */
export function frames(start, placements) {
  const out = [trim(start)];
  for (const p of placements) {
    let rows = put(out[out.length - 1], p.row, Number(p.card.slice(0, -1)), p.card.slice(-1));
    for (const cell of p.cleared || []) {
      const [r, c] = cell.split(',').map(Number);
      rows = put(rows, r, c, '.');
    }
    out.push(rows);
  }
  return out;
}

// ---- kept on the phone -------------------------------------------------------------------

const keyOf = (id) => `kreide.dreist.display.${id || 'referee'}`;

/** The display this phone keeps for a match (or for the referee page without one). */
export function keptDisplay(id) {
  try {
    const rows = JSON.parse(localStorage.getItem(keyOf(id)));
    return Array.isArray(rows) ? trim(rows) : [];
  } catch {
    return [];
  }
}

export function keepDisplay(id, rows) {
  try {
    localStorage.setItem(keyOf(id), JSON.stringify(trim(rows)));
  } catch {
    // private mode: kept for this page only
  }
}

// ---- drawing ---------------------------------------------------------------------------------

/**
 * The display as a grid: the base cards 1-8, then the rows. `marks` by cell "r,c":
 * {order, laid, current, cleared (the colour it had), bad}; `ontap(r, c)` makes cells buttons
 * (one stop for Tab, the arrow keys move between them). `extra` empty rows are drawn below
 * the last card (room to lay). Each row's number stands small in its first cell: eight
 * columns of 44 px take the whole width of a 360 px phone (dreist.css).
 */
export function drawGrid({ rows, marks = {}, ontap = null, extra = 0, label, cls }) {
  const deepest = Math.max(trim(rows).length, ...Object.keys(marks).map((cell) => Number(cell.split(',')[0])), 0);
  const count = Math.max(1, deepest + extra);
  const grid = h('div', { class: ['ds-grid', cls, ontap && 'is-tappable'], role: 'group', 'aria-label': label, 'data-grid': '' },
    Array.from({ length: COLUMNS }, (_, i) => h('span', { class: 'ds-base', 'aria-hidden': 'true', text: String(i + 1) })));
  for (let r = 1; r <= count; r += 1) {
    for (let c = 1; c <= COLUMNS; c += 1) grid.append(cell(rows, r, c, marks[`${r},${c}`] || {}, ontap));
  }
  if (ontap) arrows(grid, '[data-cell]', COLUMNS);
  return grid;
}

/**
 * A cell's words, what it shows first: "R, rote 6, Reihe 2" (its letter, the card it holds,
 * the row; the column is the card's number), "leer, Spalte 6, Reihe 2", then its marks.
 */
function cellWords(colour, r, c, mark) {
  const words = colour === '.' ? [t('dsd_empty_at', { n: c, row: r })] : [t('dsd_card_at', { card: cardShort(`${c}${colour}`), row: r })];
  if (mark.order) words.push(t('dsd_laid_n', { n: mark.order }));
  if (mark.cleared) words.push(t('dsd_cleared'));
  if (mark.bad) words.push(t('dsd_bad'));
  return words.join(', ');
}

function cell(rows, r, c, mark, ontap) {
  const colour = mark.cleared || cellAt(rows, r, c);
  const filled = colour !== '.';
  const attrs = {
    class: ['ds-cell', filled && `ds-${colour}`, mark.laid && 'is-laid', mark.current && 'is-current', mark.cleared && 'is-cleared', mark.bad && 'is-bad', mark.dim && 'is-dim'],
    'data-cell': `${r},${c}`,
    'data-colour': colour,
  };
  const rowNumber = c === 1 ? h('small', { class: 'ds-rowno', 'aria-hidden': 'true', text: String(r) }) : null;
  if (!ontap) {
    const letterShown = h('span', { class: 'ds-letter', 'aria-hidden': 'true', text: filled ? letter(colour) : '' });
    const order = mark.order ? h('small', { class: 'ds-order', 'aria-hidden': 'true', text: String(mark.order) }) : null;
    const words = `${filled ? `${letter(colour)}, ` : ''}${cellWords(colour, r, c, mark)}`;
    return h('span', { ...attrs, role: 'img', 'aria-label': words }, rowNumber, letterShown, order);
  }
  // a button is named by its content, which starts with what it shows: its letter, then words
  // (the order badge's number is among them: "card 2 of the turn")
  const words = cellWords(colour, r, c, mark);
  return h('button', { ...attrs, type: 'button', tabindex: -1, onclick: () => ontap(r, c) },
    rowNumber,
    filled
      ? h('span', { class: 'ds-letter' }, letter(colour), h('span', { class: 'vh', text: `, ${words}` }))
      : h('span', { class: 'vh', text: words }),
    mark.order ? h('small', { class: 'ds-order', 'aria-hidden': 'true', text: String(mark.order) }) : null);
}

/**
 * Arrow keys between the buttons of a grid of `columns` (and Home, End): one of them is in
 * the page's Tab order, the one last focused (roving tabindex).
 */
export function arrows(container, selector, columns) {
  const buttons = () => [...container.querySelectorAll(selector)];
  const all = buttons();
  if (all.length) all[0].tabIndex = 0;
  container.addEventListener('focusin', (e) => {
    if (!e.target.matches(selector)) return;
    for (const b of buttons()) b.tabIndex = b === e.target ? 0 : -1;
  });
  container.addEventListener('keydown', (e) => {
    const list = buttons();
    const i = list.indexOf(e.target);
    const first = i - (i % columns);
    const to = { ArrowLeft: i - 1, ArrowRight: i + 1, ArrowUp: i - columns, ArrowDown: i + columns, Home: first, End: first + columns - 1 }[e.key];
    if (i < 0 || to === undefined) return;
    e.preventDefault();
    if (list[to]) list[to].focus();
  });
}

/** A row of colour buttons (a radio group): the brush; `withEmpty` adds "empty". */
export function palette({ value, withEmpty = false, onpick, label }) {
  const name = uid('p');
  const choices = withEmpty ? [...COLOURS, '.'] : COLOURS;
  return h('div', { class: 'ds-palette', role: 'radiogroup', 'aria-label': label, 'data-palette': '' }, choices.map((c) => {
    const id = uid('c');
    return h('span', { class: 'ds-swatch' },
      h('input', { type: 'radio', id, name, value: c, checked: value === c, 'data-brush': c, onchange: () => onpick(c) }),
      h('label', { for: id, class: c === '.' ? 'ds-erase' : `ds-${c}` },
        h('b', { 'aria-hidden': 'true', text: c === '.' ? '×' : letter(c) }),
        h('small', { text: c === '.' ? t('dsd_empty') : colourName(c) })));
  }));
}

// ---- the editor ----------------------------------------------------------------------------

/** Paint the display: pick a colour, tap cells (a cell in that colour already is emptied). */
export class DisplayEditor {
  constructor({ rows = [], onchange = () => {}, label }) {
    this.rows = trim(rows);
    this.brush = 'R';
    this.onchange = onchange;
    this.label = label;
    this.el = h('div', { class: 'ds-editor', 'data-display-editor': '' });
  }

  tap(r, c) {
    const now = cellAt(this.rows, r, c);
    this.rows = put(this.rows, r, c, now === this.brush ? '.' : this.brush);
    this.render(`${r},${c}`);
    this.onchange(this.rows);
  }

  render(focus) {
    replace(
      this.el,
      palette({ value: this.brush, withEmpty: true, label: t('dsd_brush'), onpick: (c) => { this.brush = c; } }),
      drawGrid({ rows: this.rows, extra: 1, label: this.label || t('dsd_display'), ontap: (r, c) => this.tap(r, c) }),
      h('p', { class: 'hint ds-notation', 'data-notation': '' }, t('dsd_notation'), ' ', h('code', { text: JSON.stringify(this.rows) })),
      h('div', { class: 'actions' }, h('button', {
        type: 'button',
        class: 'secondary small',
        'data-clear-display': '',
        disabled: !this.rows.length,
        onclick: () => {
          if (!window.confirm(t('dsd_clear_confirm'))) return;
          this.rows = [];
          this.render();
          this.onchange(this.rows);
        },
        text: t('dsd_clear'),
      })),
    );
    if (focus) {
      const el = this.el.querySelector(`[data-cell="${focus}"]`);
      if (el) el.focus();
    }
  }
}

// ---- placements one by one -----------------------------------------------------------------

/** What a placement did, in words: "the red 6 in row 2: column-DREIer, 5 cards cleared". */
export function placementText(p) {
  const parts = [t('dsd_placed', { card: cardWords(p.card), row: p.row })];
  if (p.dreier === 'column') parts.push(t('dsd_dreier_column', { n: p.card.slice(0, -1), cleared: (p.cleared || []).length }));
  else if (p.dreier === 'row') parts.push(t('dsd_dreier_row'));
  return capital(parts.join(': '));
}

/**
 * The placements shown step by step over the display before them: step -1 is the display
 * before, step k the display after placement k, its card ringed and the cells it cleared
 * shown crossed out in the colour they had. `bad` ({card, row}) marks a refused card.
 */
export class Replay {
  constructor({ start, placements, bad = null, step = null, label, onstep = () => {} }) {
    this.frames = frames(start, placements);
    this.placements = placements;
    this.bad = bad;
    this.step = step ?? placements.length - 1;
    this.label = label;
    this.onstep = onstep;
    this.el = h('div', { class: 'ds-replay', 'data-replay': '' });
  }

  go(step) {
    this.step = Math.max(-1, Math.min(this.placements.length - 1, step));
    this.render();
    this.onstep(this.step);
    const next = this.el.querySelector('[data-step-next]');
    const back = this.el.querySelector('[data-step-back]');
    (next && !next.disabled ? next : back).focus();
  }

  marks() {
    const marks = {};
    const k = this.step;
    const before = this.frames[k + 1];
    this.placements.slice(0, k + 1).forEach((p, i) => {
      const at = `${p.row},${p.card.slice(0, -1)}`;
      if (cellAt(before, p.row, Number(p.card.slice(0, -1))) !== '.') marks[at] = { order: i + 1, laid: true };
    });
    const p = this.placements[k];
    if (p) {
      const prev = this.frames[k];
      const withCard = put(prev, p.row, Number(p.card.slice(0, -1)), p.card.slice(-1));
      for (const cellName of p.cleared || []) {
        const [r, c] = cellName.split(',').map(Number);
        marks[cellName] = { ...(marks[cellName] || {}), cleared: cellAt(withCard, r, c) };
      }
      const at = `${p.row},${p.card.slice(0, -1)}`;
      marks[at] = { ...(marks[at] || {}), order: k + 1, laid: true, current: true };
    }
    if (this.bad && k === this.placements.length - 1) {
      const at = `${this.bad.row},${this.bad.card.slice(0, -1)}`;
      marks[at] = { ...(marks[at] || {}), bad: true };
    }
    return marks;
  }

  render() {
    const k = this.step;
    const n = this.placements.length;
    const p = this.placements[k];
    replace(
      this.el,
      h('p', { class: 'ds-step', 'aria-live': 'polite', 'data-step': k + 1 },
        h('b', { text: k < 0 ? t('dsd_step_before') : t('dsd_step_n', { k: k + 1, n }) }),
        p ? h('span', { text: ` ${placementText(p)}` }) : null),
      drawGrid({ rows: this.frames[k + 1], marks: this.marks(), label: this.label || t('dsd_display') }),
      n ? h('div', { class: 'actions ds-steps' },
        h('button', { type: 'button', class: 'secondary', 'data-step-back': '', disabled: k < 0, onclick: () => this.go(k - 1), text: t('dsd_back') }),
        h('button', { type: 'button', class: k < n - 1 ? 'primary' : 'secondary', 'data-step-next': '', disabled: k >= n - 1, onclick: () => this.go(k + 1), text: t('dsd_next') }),
        k < n - 1 ? h('button', { type: 'button', class: 'secondary', 'data-step-all': '', onclick: () => this.go(n - 1), text: t('dsd_all') }) : null)
        : null,
      h('p', { class: 'hint ds-legend', text: t('dsd_legend') }),
    );
    return this.el;
  }
}
