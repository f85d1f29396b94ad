// The page's first bytes: what starts before the app's modules arrive. The server writes this
// file into index.html as an inline script (api/views/pwa.py), allowed by its hash in the page's
// Content-Security-Policy, with the three lists below filled in from the modules' own imports;
// it is never loaded as a file. Whole-line comments are left out of the page.
//
// - It marks the route on <html> (data-route: home, match or other), whether this phone keeps
//   tables (data-phone-tables) and whether the address is plain http (data-plain-http: the
//   notice of what needs HTTPS shows), so the first screen the server wrote shows the right
//   part; where the player chose the other language than the browser's, the words wait for
//   the app (data-relabel).
// - On a match (#/m/{id}/{token}, the token never reaches the server's logs), it asks for the
//   match at once, as api.js would (kreideEarly.match: {id, token, answer: the fetch}, taken
//   once by app.js).
// - Once the first screen is painted (so nothing the page fetches can hold it back), it loads
//   the app: app.js with every module it imports preloaded beside it, the route's view, the
//   whole stylesheet (kreideEarly.styled settles when it has loaded, 2 s at most: the app draws
//   no view before), and on a match, as soon as the game is known (from this phone's tables, or
//   from the answer), the game's first files.
(() => {
  const root = document.documentElement;
  const early = { styled: Promise.resolve(), match: null, route: 'home' };
  window.kreideEarly = early;
  const APP_MODULES = /* kreide:app-modules */ [];
  const ROUTE_MODULES = /* kreide:route-modules */ {};
  const GAME_FILES = /* kreide:game-files */ {};
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
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(load, 0));
  else setTimeout(load, 0);

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
    const other = /^#\/referee(?:\/([^/]+))?\/?$/.test(hash) || /^#\/t\/(new|[^/]+\/[^/]+)(?:\/(board|print|prizes))?(?:\/(\d+))?\/?$/.test(hash);
    early.route = token ? 'match' : other ? 'other' : 'home';
    root.dataset.route = early.route;
    if (Object.keys(tables).length) root.dataset.phoneTables = '';
    if (lang !== root.lang) root.dataset.relabel = '';
    if (!window.isSecureContext) root.dataset.plainHttp = '';

    if (early.route === 'match') {
      const game = (name) => preload(GAME_FILES[name] || []);
      if (tables[id] && tables[id].game) game(tables[id].game);
      const headers = { Accept: 'application/json, application/problem+json', 'Accept-Language': lang, Authorization: `Bearer ${token}` };
      const answer = fetch(`/api/matches/${encodeURIComponent(id)}`, { headers, cache: 'no-store', credentials: 'same-origin' });
      answer.then((res) => res.ok && res.clone().json().then((match) => game(match.game))).catch(() => {});
      early.match = { id, token, answer };
    }
  } catch {
    // the app does all of this itself
  }
})();
