// The shell, cached on install: a page opened offline still starts. The API is never
// cached (network only), so a score shown is never an old one presented as current.
// The server replaces 'kreide-shell-v1' with a hash of the shell's files (api/views/pwa.py).
const CACHE = 'kreide-shell-v1';
// Every file of the app (and /shared.js, which the server makes from the engine): the server
// writes the list here when it serves this file (api/views/pwa.py), so a game's own folder
// is cached without anybody naming its files.
const SHELL = /* kreide-shell-files */ [];
// The rule book (GET /api/rules, both languages) is no score: it is kept once fetched and
// answered from here when the network is gone, so a rule tapped at the table opens offline.
const RULES = 'kreide-rules';
const BOOKS = ['/api/rules?lang=de', '/api/rules?lang=en'];

self.addEventListener('install', (e) => {
  const books = caches.open(RULES).then((c) => c.addAll(BOOKS)).catch(() => {}); // the app works without them
  e.waitUntil(Promise.all([caches.open(CACHE).then((c) => c.addAll(SHELL)), books]).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('kreide-shell-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method === 'GET' && url.origin === location.origin && url.pathname.startsWith('/api/rules')) {
    e.respondWith(fetch(e.request).then((res) => {
      if (res.status === 200) {
        const copy = res.clone();
        caches.open(RULES).then((c) => c.put(e.request, copy));
      }
      return res;
    }).catch(() => caches.match(e.request, { cacheName: RULES, ignoreVary: true }).then((hit) => hit || Response.error())));
    return;
  }
  if (e.request.method !== 'GET' || url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  // ignoreVary: the page was cached in the reader's language (the server varies it by
  // Accept-Language, which a request made here does not carry), the files in one encoding
  e.respondWith(caches.match(e.request, { ignoreSearch: true, ignoreVary: true }).then((hit) => hit || fetch(e.request)));
});
