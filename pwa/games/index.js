// Every game the phone app plays, named in one place (one line per game). A game's module
// (games/<game>/index.js: its entry form, its board and slates, its strings) is loaded only
// when one of its matches is opened, so the home page and other games stay small.
import { GAME_FILES } from '../shared.js';

export const GAMES = {
  dreeg: () => import('./dreeg/index.js'),
  sixtysix: () => import('./sixtysix/index.js'),
  dreierles: () => import('./dreierles/index.js'),
  dreist: () => import('./dreist/index.js'),
};

/**
 * Fetch what a game shows first, all at once, as soon as the game is known (a scanned QR code
 * opens a match on a phone that knows nothing yet): its index.js (its board) with what that
 * imports (strings.js, its card family) and its own stylesheet (css/<game>.css) where it has
 * one. The server reads the list from the modules themselves (GAME_FILES in /shared.js; the
 * page's early script has the same).
 */
export function preload(name) {
  for (const href of GAME_FILES[name] || []) {
    if (document.head.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
