// Every game the phone app plays, named in one place (one line per game). A game's module
// (games/<game>/index.js: its entry form, its board and slates, its strings) is loaded only
// when one of its matches is opened, so the home page and other games stay small; each is
// checked against the game contract (below: what a game's module exports) as it loads.
import { GAME_FILES } from '../shared.js';

const MODULES = {
  dreeg: () => import('./dreeg/index.js'),
  sixtysix: () => import('./sixtysix/index.js'),
  dreierles: () => import('./dreierles/index.js'),
  dreist: () => import('./dreist/index.js'),
};

/** Each game's loader: its module (games/<game>/index.js), once it has kept the contract. */
export const GAMES = Object.fromEntries(Object.entries(MODULES).map(([name, load]) => [name, () => load().then((module) => checkGame(name, module))]));

/** A game (the default export of its module, a Game: see the contract below), loaded and checked. */
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

// ---- the game contract ----------------------------------------------------------------------
// What a game brings to the phone: the contract between the shell (the match page, the home
// page, the referee's page) and a game's module, games/<game>/index.js, whose default export is
// a Game. The registry checks every module it loads against it (checkGame), so a member missing
// or of the wrong kind is said at once, naming the game and the member, never found later as
// "undefined is not a function" in the middle of a match. Everything a game draws renders from
// what the server sends (the match, its state with `needs`, the hands with their results); a
// game works no rule out itself.

/**
 * A game's module: games/<game>/index.js, `export default {...}`.
 *
 * @typedef {object} Game
 * @property {string} name its name in the catalogue (GET /api/games) and the registry
 * @property {(match: object) => (string|Node)} title the match page's title ("Sub-game 3 of 8: Rufen")
 * @property {(match: object, options: {pending?: number}) => (string|Node)} next what comes next
 *   (who deals), after `pending` hands waiting in the outbox
 * @property {(match: object) => string} summary where the table stands, in a line of the home page's list
 * @property {(match: object, options: {big?: boolean, store?: object}) => Node} board the table's
 *   board: slates, counter or ledger (`big`: the board for a tablet or TV)
 * @property {(match: object) => Node} ranking the final ranking, in place of the form once the match is over
 * @property {(match: object, options?: object) => (Node|null)} extras what else the table shows
 *   below the history (Dreeg's sub-games, Dreierles' score sheet), or null
 * @property {(entry: object) => string} facts what was entered, as a sentence of the history
 * @property {(result: object) => string} outcome what a hand did ("Anna 3, Benno 2 erased")
 * @property {(result: object) => (Node|Node[]|null)} details more of a hand's result, under its outcome
 * @property {(entry: object) => (Node|null)} tag a hand's tags beside its title (its trump, its ending)
 * @property {(ruling: object) => string} question a saved ruling's question, in a line
 * @property {(store: object, options: {announce: Function}) => Promise<object>} form its entry
 *   form, loaded after the board is shown: an EntryForm (entry-form.js) with `el` and `update()`
 * @property {() => Promise<{mount: Function}>} referee its referee (games/<game>/referee.js), loaded when asked
 * @property {(seq: number) => string} [handTitle] a hand's heading in its own word ("Deal 3"); else "Hand 3"
 * @property {Object<string, string>} [words] the shell's sentences in its own words: shell key → its key
 */

/**
 * A game's first view (games/<game>/first.js, optional): drawn by the page's early script for a
 * scanned table before the app has loaded, so it imports nothing; k = {h, s, t, list, lang}.
 *
 * @typedef {object} FirstView
 * @property {{en: Object<string, string>, de: Object<string, string>}} WORDS its sentences
 * @property {(match: object, k: object) => (string|Node)} title
 * @property {(match: object, k: object, options?: {pending?: number}) => (string|Node)} next
 * @property {(match: object, k: object) => Node} board
 */

/** Each member of a Game: its kind, whether it may be left out, and what it is for (said in an error). */
/** Each member of a Game (the typedef above says what it does): its kind, `?` where it may be left out. */
export const CONTRACT = {
  name: 'string',
  title: 'function',
  next: 'function',
  summary: 'function',
  board: 'function',
  ranking: 'function',
  extras: 'function',
  facts: 'function',
  outcome: 'function',
  details: 'function',
  tag: 'function',
  question: 'function',
  form: 'function',
  referee: 'function',
  handTitle: 'function?',
  words: 'object?',
};

/** What is wrong with a game's module, each in a phrase (none: it keeps the contract). */
export function contractBreaches(name, module) {
  const game = module && module.default;
  if (!game || typeof game !== 'object') return ['it has no default export (the Game object)'];
  const breaches = [];
  for (const [member, type] of Object.entries(CONTRACT)) {
    const kind = type.replace('?', '');
    const value = game[member];
    if (value === undefined || value === null) {
      if (!type.endsWith('?')) breaches.push(`"${member}" is missing (${article(kind)})`);
    } else if (typeof value !== kind) breaches.push(`"${member}" is ${article(typeof value)}, not ${article(kind)}`);
  }
  if (typeof game.name === 'string' && game.name !== name) breaches.push(`"name" is "${game.name}", not "${name}"`);
  return breaches;
}

function article(kind) {
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

export function checkGame(name, module) {
  const breaches = contractBreaches(name, module);
  if (!breaches.length) return module;
  const error = new Error(`games/${name}/index.js breaks the game contract (games/index.js): ${breaches.join('; ')}`);
  console.error(error.message);
  throw error;
}
