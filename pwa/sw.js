// The shell, cached on install: a page opened offline still starts. The API is never
// cached (network only), so a score shown is never an old one presented as current.
// The server replaces 'kreide-shell-v1' with a hash of the shell's files (api/views/pwa.py).
const CACHE = 'kreide-shell-v1';
const SHELL = [
  '/', '/index.html', '/manifest.webmanifest', '/css/app.css',
  '/icons/icon.svg', '/icons/icon-maskable.svg', '/icons/icon-192.png', '/icons/icon-512.png',
  '/shared.js', '/app.js', '/api.js', '/dom.js', '/forms.js', '/i18n.js', '/outbox.js', '/rules.js', '/store.js',
  '/cards/german.js',
  '/views/home.js', '/views/match.js', '/views/referee.js',
  '/games/index.js',
  '/games/dreeg/index.js', '/games/dreeg/form.js', '/games/dreeg/referee.js', '/games/dreeg/slate.js',
  '/games/dreeg/strings.js',
];

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
  e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request)));
});
