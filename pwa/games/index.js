// Every game the phone app plays, named in one place (one line per game). A game's module
// (games/<game>/index.js: its entry form, its board and slates, its strings) is loaded only
// when one of its matches is opened, so the home page and other games stay small; each is
// checked against the game contract (contract.js: what a game's module exports) as it loads.
import { GAME_FILES } from '../shared.js';
import { checkGame } from './contract.js';

const MODULES = {
  dreeg: () => import('./dreeg/index.js'),
  sixtysix: () => import('./sixtysix/index.js'),
  dreierles: () => import('./dreierles/index.js'),
  dreist: () => import('./dreist/index.js'),
};

/** Each game's loader: its module (games/<game>/index.js), once it has kept the contract. */
export const GAMES = Object.fromEntries(Object.entries(MODULES).map(([name, load]) => [name, () => load().then((module) => checkGame(name, module))]));

/** A game (the default export of its module, a Game of contract.js), loaded and checked. */
export function loadGame(name) {
  return GAMES[name] ? GAMES[name]().then((module) => module.default) : Promise.reject(new Error(`no game "${name}" in games/index.js`));
}

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
