// Two small charts for a member's page, drawn as plain SVG from the numbers (no chart library):
// a line (his balance over the evenings) and bars above and below a zero line (results won and
// lost per evening). Each is a figure whose drawing is hidden from screen readers; the same
// numbers stand beside it as a table they read (visually hidden). Loaded by member.js only.

import { h, s } from '../dom.js';

const W = 320;
const H = 150;
const PAD = { top: 12, right: 8, bottom: 22, left: 52 };

/** The vertical scale over [lo, hi] (0 always inside), as y of a value. */
function scale(values) {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const span = hi - lo || 1;
  return (v) => PAD.top + (hi - v) * (H - PAD.top - PAD.bottom) / span;
}

/** The frame: the zero line, the highest and lowest value written at the left, first and last label below. */
function frame(values, y, { label, first, last }) {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const marks = [...new Set([hi, 0, lo])];
  return [
    ...marks.map((v) => s('text', { x: PAD.left - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'club-chart-label' }, label(v))),
    s('line', { x1: PAD.left, x2: W - PAD.right, y1: y(0), y2: y(0), class: 'club-chart-zero' }),
    s('text', { x: PAD.left, y: H - 6, class: 'club-chart-label' }, first),
    s('text', { x: W - PAD.right, y: H - 6, 'text-anchor': 'end', class: 'club-chart-label' }, last),
  ];
}

/** The table a screen reader reads instead of the drawing. */
function hiddenTable(caption, heads, rows) {
  // a table is as wide as its cells whatever its own width says: the box around it is what is hidden
  return h('div', { class: 'vh' }, h('table', {},
    h('caption', { text: caption }),
    h('thead', {}, h('tr', {}, heads.map((text) => h('th', { scope: 'col', text })))),
    h('tbody', {}, rows.map((cells) => h('tr', {}, cells.map((text, i) => h(i ? 'td' : 'th', i ? { text } : { scope: 'row', text })))))));
}

/**
 * A line through `points` ({label, value}), oldest first; `format` writes a value, `heads` and
 * `rows` the hidden table's heads and rows.
 */
export function lineChart({ title, points, format, heads, rows, attrs = {} }) {
  const values = points.map((p) => p.value);
  const y = scale(values);
  const step = points.length > 1 ? (W - PAD.left - PAD.right) / (points.length - 1) : 0;
  const x = (i) => (points.length > 1 ? PAD.left + i * step : (PAD.left + W - PAD.right) / 2);
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${y(p.value).toFixed(1)}`).join(' ');
  return h('figure', { class: 'club-chart', ...attrs },
    h('figcaption', { text: title }),
    s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'club-chart-svg', 'aria-hidden': 'true', focusable: 'false' },
      frame(values, y, { label: format, first: points.length ? points[0].label : '', last: points.length > 1 ? points[points.length - 1].label : '' }),
      s('path', { d: path, class: 'club-chart-line' }),
      points.map((p, i) => s('circle', { cx: x(i), cy: y(p.value), r: 3, class: p.value < 0 ? 'club-chart-dot is-minus' : 'club-chart-dot' }))),
    hiddenTable(title, heads, rows));
}

/** Bars above (`up`) and below (`down`) the zero line per point ({label, up, down}). */
export function barChart({ title, hint, points, heads, rows, attrs = {} }) {
  const values = [...points.map((p) => p.up), ...points.map((p) => -p.down)];
  const y = scale(values);
  const slot = (W - PAD.left - PAD.right) / Math.max(points.length, 1);
  const bar = Math.max(2, Math.min(28, slot * 0.7));
  const x = (i) => PAD.left + i * slot + (slot - bar) / 2;
  return h('figure', { class: 'club-chart', ...attrs },
    h('figcaption', {}, title, hint ? h('span', { class: 'hint club-chart-hint', text: hint }) : null),
    s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'club-chart-svg', 'aria-hidden': 'true', focusable: 'false' },
      frame(values, y, { label: (v) => String(Math.abs(v)), first: points.length ? points[0].label : '', last: points.length > 1 ? points[points.length - 1].label : '' }),
      points.map((p, i) => [
        p.up ? s('rect', { x: x(i), y: y(p.up), width: bar, height: y(0) - y(p.up), class: 'club-chart-won' }) : null,
        p.down ? s('rect', { x: x(i), y: y(0), width: bar, height: y(-p.down) - y(0), class: 'club-chart-lost' }) : null,
      ])),
    hiddenTable(title, heads, rows));
}
