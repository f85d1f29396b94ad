// Writes made offline, kept in IndexedDB until the server has them: {key (the
// Idempotency-Key), match, seq, method, path, body, token, error?}. Replayed in seq order
// with the same key, so a write that did arrive is never recorded twice.

const db = new Promise((ok, no) => {
  const req = indexedDB.open('kreide', 1);
  req.onupgradeneeded = () => req.result.createObjectStore('outbox', { keyPath: 'key' });
  req.onsuccess = () => ok(req.result);
  req.onerror = () => no(req.error);
});

function run(mode, fn) {
  return db.then((d) => new Promise((ok, no) => {
    const tx = d.transaction('outbox', mode);
    const req = fn(tx.objectStore('outbox'));
    tx.oncomplete = () => ok(req.result);
    tx.onerror = () => no(tx.error);
  }));
}

export const outbox = {
  /** This match's waiting writes, in seq order ([] where IndexedDB is not offered). */
  list: (match) => run('readonly', (s) => s.getAll()).then(
    (all) => all.filter((w) => w.match === match).sort((a, b) => a.seq - b.seq),
    () => [],
  ),
  put: (write) => run('readwrite', (s) => s.put(write)),
  drop: (key) => run('readwrite', (s) => s.delete(key)),
};
