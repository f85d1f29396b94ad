// The page's first bytes: what starts before the app's modules arrive. The server writes this
// file into index.html as an inline script (api/views/pwa.py), allowed by its hash in the page's
// Content-Security-Policy, with the lists below filled in from the modules' own imports and rooms.js;
// it is never loaded as a file. Whole-line comments are left out of the page.
//
// - It marks the route on <html> (data-route: home, match or other), whether this phone keeps
//   tables (data-phone-tables) and whether the address is plain http (data-plain-http: the
//   notice of what needs HTTPS shows), so the first screen the server wrote shows the right
//   part; where the player chose the other language than the browser's, the words wait for
//   the app (data-relabel).
// - On a match (#/m/{id}/{token}, the token never reaches the server's logs), it asks for the
//   match before anything else, as api.js would (kreideEarly.match: {id, token, answer: the
//   fetch}, taken once by app.js).
// - A table this phone does not know yet (a scanned QR code) is drawn from that answer before
//   any of the app's modules is asked for: the top of the match page (paint.js, which the server
//   writes in below) and the game's first view (games/<game>/first.js, one small module that
//   imports nothing, asked for beside the match: the game is known only from the answer, so
//   every game's that has one), in the page's language (the reader's: a player who chose the other one
//   sees "Loading…" until the app draws); kreideEarly.first holds what was drawn, and the
//   match page keeps it (views/match.js). The app is loaded once that is on screen, or once the
//   answer has failed, or after HOLD_MS at most. A table this phone knows is drawn by the app
//   from what it kept, at once.
// - Once the first screen (or the table) is painted, so nothing the page fetches can hold it
//   back, it loads the app: app.js with every module it imports preloaded beside it, the
//   route's view, the whole stylesheet (kreideEarly.styled settles when it has loaded, 2 s at
//   most: the app draws no view before), and on a match, as soon as the game is known (from
//   this phone's tables, or from the answer), the game's first files.
(() => {
  const root = document.documentElement;
  const early = { styled: Promise.resolve(), match: null, first: null, route: 'home', install: null };
  window.kreideEarly = early;
  // Chromium may say the app can be installed before app.js has come (a table drawn first holds
  // it back): the event is kept here for app.js (kreideEarly.install), and the browser's own bar
  // is not shown
  addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    early.install = e;
  });
  const APP_MODULES = /* kreide:app-modules */ [];
  const ROUTE_MODULES = /* kreide:route-modules */ {};
  const GAME_FILES = /* kreide:game-files */ {};
  // the routes of the app's rooms (rooms.js), as patterns
  const ROOM_ROUTES = /* kreide:room-routes */ [];
  // the games with a first view of their own (games/<game>/first.js)
  const FIRST_VIEWS = /* kreide:first-views */ [];
  // the words a first view needs beyond its game's, in the page's language: the shell's
  // (first-screen.json) and the engine's names of sub-games and game types
  const WORDS = /* kreide:first-words */ {};
  // paint.js, as a function that gives what it exports
  const paint = /* kreide:paint */ null;
  // a table is drawn first, then the app loaded; never held back longer than this
  const HOLD_MS = 1500;
  const link = (rel, href, as) => {
    if (document.head.querySelector(`link[href="${href}"]`)) return null;
    const el = document.createElement('link');
    el.rel = rel;
    el.href = href;
    if (as) el.as = as;
    document.head.append(el);
    return el;
  };
  let loading = false;
  const waiting = []; // files to preload once the app's own are on their way
  const preload = (files) => {
    if (!loading) {
      waiting.push(...files);
      return;
    }
    for (const href of files) {
      if (href.endsWith('.css')) link('preload', href, 'style');
      else link('modulepreload', href);
    }
  };

  // the app, after the frame that shows the first screen (a hidden page paints nothing: at once)
  const load = () => {
    if (loading) return;
    const css = link('stylesheet', '/css/app.css');
    if (css) {
      early.styled = new Promise((done) => {
        css.addEventListener('load', done, { once: true });
        css.addEventListener('error', done, { once: true });
        setTimeout(done, 2000);
      });
    }
    loading = true;
    preload([...APP_MODULES, ...(ROUTE_MODULES[early.route] || []), ...waiting.splice(0)]);
    const app = document.createElement('script');
    app.type = 'module';
    app.src = '/app.js';
    document.head.append(app);
  };
  const afterPaint = () => {
    if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(load, 0));
    else setTimeout(load, 0);
  };
  let held = null; // the table being drawn first, on a match this phone does not know

  try {
    const stored = (key) => {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    };
    let tables = {};
    try {
      tables = JSON.parse(stored('kreide.tables') || '{}') || {};
    } catch {
      tables = {};
    }
    const saved = stored('kreide.lang');
    const lang = saved === 'de' || saved === 'en' ? saved : (navigator.language || 'en').toLowerCase().startsWith('de') ? 'de' : 'en';
    // the same routes as app.js's parseRoute (a match needs its token: from the link, or kept here)
    const hash = location.hash;
    const m = /^#\/m\/([^/]+)(?:\/([^/]+))?(?:\/(board|full))?\/?$/.exec(hash);
    const id = m ? decodeURIComponent(m[1]) : null;
    const token = m ? (m[2] ? decodeURIComponent(m[2]) : (tables[id] || {}).token) : null;
    const other = /^#\/referee(?:\/([^/]+)(?:\/([^/]+))?)?\/?$/.test(hash) || /^#\/rules(?:\/([RT]\d{1,2}))?\/?$/.test(hash)
      || ROOM_ROUTES.some((route) => new RegExp(route).test(hash));
    early.route = token ? 'match' : other ? 'other' : 'home';
    root.dataset.route = early.route;
    if (Object.keys(tables).length) root.dataset.phoneTables = '';
    if (lang !== root.lang) root.dataset.relabel = '';
    if (!window.isSecureContext) root.dataset.plainHttp = '';

    if (early.route === 'match') {
      const headers = { Accept: 'application/json, application/problem+json', 'Accept-Language': lang, Authorization: `Bearer ${token}` };
      const answer = fetch(`/api/matches/${encodeURIComponent(id)}`, { headers, cache: 'no-store', credentials: 'same-origin' });
      early.match = { id, token, answer };
      const game = (name) => preload(GAME_FILES[name] || []);
      if (tables[id] && tables[id].game) game(tables[id].game);
      const mode = m[3] || null;
      const known = stored(`kreide.snap.${id}`) !== null;
      const read = answer.then((res) => (res.ok ? res.clone().json() : null));
      read.then((match) => match && game(match.game)).catch(() => {});
      // drawn in the page's language only (a player who chose the other one waits for the app)
      if (!known && mode !== 'board' && lang === root.lang && paint && FIRST_VIEWS.length) {
        // the first views are asked for beside the match, not after it (which game it is comes
        // with the answer; the app imports the same modules, so nothing is loaded twice)
        const views = Object.fromEntries(FIRST_VIEWS.map((name) => [name, import(`/games/${name}/first.js`).catch(() => null)]));
        held = read.then((match) => {
          const board = mode === 'board' || (mode !== 'full' && match && match.access === 'viewer');
          if (!match || board || !views[match.game]) return null;
          return views[match.game].then((view) => {
            if (view && !loading) drawFirst({ id, token, match, view, lang });
          });
        }).catch(() => null);
      }
    }
  } catch {
    // the app does all of this itself
  }

  /** A table's first view, from its match: the top of the match page and the game's board. */
  function drawFirst({ id, token, match, view, lang }) {
    const say = paint.sayer((key) => (view.WORDS[lang] || {})[key] ?? WORDS[key] ?? view.WORDS.en[key], () => lang);
    const k = { h: paint.h, s: paint.s, t: say.t, list: say.list, lang };
    const scorer = match.access === 'scorer';
    const top = paint.matchTop({ id, token, board: false, scorer, t: say.t });
    paint.replace(top.title, view.title(match, k));
    paint.replace(top.next, view.next(match, k));
    paint.replace(top.slates, view.board(match, k));
    document.querySelector('[data-view]').replaceChildren(top.head, top.next, top.links, top.slates);
    early.first = { id, token, game: match.game, revision: match.revision, lang, board: false, scorer, top };
  }

  if (held) {
    held.then(afterPaint);
    setTimeout(load, HOLD_MS);
  } else afterPaint();
})();
