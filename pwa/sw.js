// The shell, cached on install: a page opened offline still starts. The API is never
// cached (network only), so a score shown is never an old one presented as current.
// The server replaces 'kreide-shell-v1' with a hash of the shell's files (api/views/pwa.py).
const CACHE = 'kreide-shell-v1';
// Every file of the app (and /shared.js, which the server makes from the engine): the server
// writes the list here when it serves this file (api/views/pwa.py), so a game's own folder
// is cached without anybody naming its files.
const SHELL = /* kreide-shell-files */ [];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
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
  if (e.request.method !== 'GET' || url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  // ignoreVary: the page was cached in the reader's language (the server varies it by
  // Accept-Language, which a request made here does not carry), the files in one encoding
  e.respondWith(caches.match(e.request, { ignoreSearch: true, ignoreVary: true }).then((hit) => hit || fetch(e.request)));
});
