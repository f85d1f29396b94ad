// The chalk slate: a Roman XII for the 7 strokes of a sub-game (RULES.md R2) and the
// blobs (Bollen) in its corner. Built from state as SVG, so it scales and prints.

import { h, s } from '../../dom.js';
import { t } from '../../i18n.js';

export const STROKES_PER_SUBGAME = 7;

/**
 * The order in which strokes are erased (R2): the centre of the X first, then the two I,
 * then the four arms of the X. With n strokes left, the first 7 − n of these are wiped.
 */
export const ERASE_ORDER = Object.freeze([
  'x-centre',
  'i-right',
  'i-left',
  'x-arm-ne',
  'x-arm-se',
  'x-arm-sw',
  'x-arm-nw',
]);

// Hand-drawn geometry in a 180 × 120 board: quadratic paths with a little wobble, as
// chalk never runs straight. The X crosses at (50, 62).
const PATHS = {
  'x-arm-nw': 'M22 26 Q35 43 50 62',
  'x-arm-ne': 'M79 25 Q63 42 50 62',
  'x-arm-sw': 'M21 99 Q36 81 50 62',
  'x-arm-se': 'M80 100 Q64 80 50 62',
  'x-centre': 'M39 63 Q50 60 61 62.5',
  'i-left': 'M101 25 Q99.5 62 101 100',
  'i-right': 'M122 26 Q123.5 63 121 99',
};

// Blob places in the top-right corner: two columns of four (eight sub-games at most).
const BLOB_X = [148, 165];
const BLOB_Y0 = 21;
const BLOB_STEP = 17;

/** Which strokes are still on the slate, given how many are left. */
export function erasedStrokes(left) {
  const n = Math.max(0, Math.min(STROKES_PER_SUBGAME, STROKES_PER_SUBGAME - left));
  return new Set(ERASE_ORDER.slice(0, n));
}

export function slateLabel(name, strokes, blobs) {
  return t('slate_label', { name, strokes, blobs });
}

/**
 * One player's slate.
 * @param {{name: string, strokes: number, blobs: number, out?: boolean, lost?: number|null,
 *          winner?: boolean, dealer?: boolean, forehand?: boolean}} p
 */
export function slate(p) {
  const strokes = Number.isFinite(p.strokes) ? p.strokes : STROKES_PER_SUBGAME;
  const blobs = Math.max(0, p.blobs || 0);
  const erased = erasedStrokes(strokes);

  const chalk = ERASE_ORDER.slice()
    .reverse()
    .map((id) =>
      s('path', {
        d: PATHS[id],
        class: erased.has(id) ? 'stroke erased' : 'stroke',
        filter: erased.has(id) ? 'url(#smudge)' : null,
        'data-stroke': id,
        'data-erased': erased.has(id) ? '' : null,
      }),
    );
  const dots = [];
  for (let i = 0; i < blobs; i += 1) {
    const col = Math.floor(i / 4) % 2;
    const row = i % 4;
    dots.push(
      s('circle', {
        class: 'blob',
        cx: BLOB_X[col] - (row % 2) * 0.8,
        cy: BLOB_Y0 + row * BLOB_STEP + col * 0.7,
        r: 6.6 + ((i * 7) % 3) * 0.3,
      }),
    );
  }

  const svg = s(
    'svg',
    {
      viewBox: '0 0 180 120',
      role: 'img',
      'aria-label': slateLabel(p.name, strokes, blobs),
      class: 'slate-svg',
    },
    s('rect', { class: 'board', x: 0, y: 0, width: 180, height: 120, rx: 6 }),
    s('g', { class: 'chalk', filter: 'url(#chalk)' }, chalk, dots),
  );

  const badges = [];
  if (p.winner) badges.push(badge('win', t('winner_mark')));
  if (p.lost) badges.push(badge('lost', t('loser', { n: p.lost })));
  if (p.out) badges.push(badge('out', t('dropped')));
  if (p.dealer) badges.push(badge('deal', t('deals')));
  if (p.forehand) badges.push(badge('lead', t('leads')));

  return h(
    'figure',
    {
      class: ['slate', p.out && 'is-out', p.lost && 'is-lost', p.winner && 'is-winner'],
      'data-player': p.name,
      'data-strokes': strokes,
      'data-blobs': blobs,
    },
    h('div', { class: 'frame' }, svg),
    h(
      'figcaption',
      {},
      h('span', { class: 'slate-name', text: p.name }),
      h('span', { class: 'slate-count', 'aria-hidden': 'true', text: t('strokes', { n: strokes }) }),
      badges.length ? h('span', { class: 'badges' }, badges) : null,
    ),
  );
}

function badge(kind, text) {
  return h('span', { class: `badge badge-${kind}`, text });
}
