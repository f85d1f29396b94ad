// The four German suits (RULES.md notation) and small SVG symbols for them.

import { s } from './dom.js';

export const SUITS = ['H', 'S', 'E', 'G'];

const SHAPES = {
  // Herz: a heart
  H: () => [s('path', { d: 'M12 21C5 15.2 2 11.8 2 8.2a4.6 4.6 0 0 1 10-1.7 4.6 4.6 0 0 1 10 1.7c0 3.6-3 7-10 12.8z' })],
  // Schellen: a round bell with its band and slit
  S: () => [
    s('circle', { cx: 12, cy: 12.5, r: 8.5 }),
    s('path', { class: 'cut', d: 'M4 10.5h16M12 15.5v5' }),
    s('circle', { class: 'cut', cx: 12, cy: 15.5, r: 1.6 }),
  ],
  // Eichel: an acorn with its cap
  E: () => [
    s('ellipse', { cx: 12, cy: 14.5, rx: 5.6, ry: 7 }),
    s('path', { class: 'cap', d: 'M5.2 11.5a6.8 5.6 0 0 1 13.6 0zM12 5.5V2' }),
  ],
  // Grün / Laub: a leaf with its rib
  G: () => [
    s('path', { d: 'M12 1.8C4.5 7.5 4 15 12 22.2 20 15 19.5 7.5 12 1.8z' }),
    s('path', { class: 'cut', d: 'M12 5v16' }),
  ],
};

/** A suit symbol; decorative (aria-hidden) because a text name always goes with it. */
export function suitIcon(code) {
  return s(
    'svg',
    { viewBox: '0 0 24 24', class: `suit suit-${code}`, 'aria-hidden': 'true', focusable: 'false' },
    (SHAPES[code] || (() => []))(),
  );
}
