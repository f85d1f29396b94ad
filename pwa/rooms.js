// The app's rooms beside the games (whose registry is games/index.js), named in one place: one
// entry a room, with the routes its pages take (a pattern of the URL fragment, whose groups the
// room reads; a literal on a line of its own: the server hands it to the page's early script
// too, api/views/pwa.py), its page (loaded when it is opened: `mount(root, {route, announce})`)
// and what it puts on the home page (`homeParts({changed})`: {lists, starts}, loaded with the
// home page). The shell (app.js, views/home.js, the early script) walks this list and names no room.

export const ROOMS = {
  // Preisschnapsen (RULES.md R24): #/t/new, #/t/{id}/{token}[/board|/print[/{round}]|/prizes]
  tournament: {
    route: /^#\/t\/(new|[^/]+\/[^/]+)(?:\/(board|print|prizes))?(?:\/(\d+))?\/?$/,
    page: () => import('./tournament/index.js'),
    home: () => import('./tournament/home.js'),
  },
  // the club, a Stammtisch (RULES.md R36-R38): #/c/new, #/c/{id}/{token}[/evening/{date}|/season|/member/{id}|/start]
  club: {
    route: /^#\/c\/(new|[^/]+\/[^/]+)(?:\/(evening|season|member|start)(?:\/([^/]+))?)?\/?$/,
    page: () => import('./club/index.js'),
    home: () => import('./club/home.js'),
  },
};
