// Every game the phone app plays, named in one place (one line per game). A game's module
// (games/<game>/index.js: its entry form, its board and slates, its strings) is loaded only
// when one of its matches is opened, so the home page and other games stay small.
export const GAMES = {
  dreeg: () => import('./dreeg/index.js'),
};
