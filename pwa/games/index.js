// Every game the phone app plays, named in one place (one line per game). A game's module
// (games/<game>/index.js: its entry form, its board and slates, its strings) is loaded only
// when one of its matches is opened, so the home page and other games stay small.
import { GAME_CARDS, GAME_STYLES } from '../shared.js';

export const GAMES = {
  dreeg: () => import('./dreeg/index.js'),
  sixtysix: () => import('./sixtysix/index.js'),
  dreierles: () => import('./dreierles/index.js'),
  dreist: () => import('./dreist/index.js'),
};

/**
 * Fetch what a game shows first, all at once, as soon as the game is known (a scanned QR code
 * opens a match on a phone that knows nothing yet): every game's folder holds index.js (its
 * board) and strings.js, and its card family is the engine's (/shared.js); a game with
 * styles of its own (css/<game>.css) has them fetched at the same time.
 */
export function preload(name) {
  if (!GAMES[name]) return;
  const files = ['index.js', 'strings.js'].map((file) => `/games/${name}/${file}`);
  if (GAME_CARDS[name]) files.push(`/cards/${GAME_CARDS[name]}.js`);
  for (const href of files) {
    if (document.head.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  const style = `/css/${name}.css`;
  if (GAME_STYLES.includes(name) && !document.head.querySelector(`link[href="${style}"]`)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'style';
    link.href = style;
    document.head.append(link);
  }
}
