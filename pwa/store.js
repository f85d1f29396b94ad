// One store per open match: the match (with its state), its hands, its saved rulings and
// the writes waiting in the outbox. Views render from it and listen for "change". Fresh
// data comes in through receive(): from the event stream (Live), or the Poller when the
// stream keeps failing.

import { NetworkError, api, matchPath, send } from './api.js';

// ---- the outbox ----
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

const outbox = {
  /** This match's waiting writes, in seq order ([] where IndexedDB is not offered). */
  list: (match) => run('readonly', (s) => s.getAll()).then(
    (all) => all.filter((w) => w.match === match).sort((a, b) => a.seq - b.seq),
    () => [],
  ),
  put: (write) => run('readwrite', (s) => s.put(write)),
  drop: (key) => run('readwrite', (s) => s.delete(key)),
  /** The matches with writes waiting ([] where IndexedDB is not offered). */
  matches: () => run('readonly', (s) => s.getAll()).then((all) => [...new Set(all.map((w) => w.match))], () => []),
};

/** A waiting write is sent again after this long without an answer, should no sign of the
 * network come first (the app's start, the browser's `online` event, the page shown again). */
export const RETRY_MS = 15000;

/** When to send again after `err`: a server that could not serve says when (Retry-After, at
 * least a second, at most RETRY_MS); no network at all, RETRY_MS. */
export function retryIn(err) {
  return err && Number.isFinite(err.retryAfter) ? Math.min(RETRY_MS, Math.max(1000, err.retryAfter)) : RETRY_MS;
}

/** No answer that counts: no network, or a server that could not serve (502/503/504). The write
 * stays in the outbox, waiting, never refused. */
export function unanswered(err) {
  return err instanceof NetworkError || Boolean(err && err.isUnavailable);
}

const sending = new Map(); // match id -> its outbox being sent (one sender at a time per match)
const open = new Map(); // match id -> the MatchStore of the match page open on it

/**
 * Send a match's outbox in seq order, with each write's own key (a write that did arrive is
 * answered again, never recorded twice); stop at the first that finds no network or a server
 * that cannot serve (it waits), or that is refused (it waits for the player). `answered(data)`
 * gets each answer. Resolves to {moved: the table moved (sent or refused), offline: stopped for
 * want of an answer, wait: ms until the next attempt then}.
 */
function sendOutbox(match, answered) {
  if (!sending.has(match)) {
    const sent = (async () => {
      let moved = false;
      for (const w of await outbox.list(match)) {
        if (w.error) break;
        try {
          const res = await send(w);
          await outbox.drop(w.key);
          if (answered) answered(res.data);
          moved = true;
        } catch (err) {
          if (unanswered(err)) return { moved, offline: true, wait: retryIn(err) };
          w.error = { status: err.status, problem: err.problem || {} };
          await outbox.put(w);
          return { moved: true, offline: false };
        }
      }
      return { moved, offline: false };
    })().finally(() => sending.delete(match));
    sending.set(match, sent);
  }
  return sending.get(match);
}

let retryAll = null;

/**
 * Send every match's waiting writes now: when the app starts and when the browser says the
 * network is back (app.js), whichever page is open. A match whose page is open sends through
 * its store (its page shows what came of it); another one's last seen state is brought up to
 * date on this phone. What finds no network is tried again after RETRY_MS (a server that
 * could not serve: after its Retry-After).
 */
export async function flushOutbox() {
  clearTimeout(retryAll);
  const results = await Promise.all((await outbox.matches()).map((match) => {
    const store = open.get(match);
    if (store) return store.flush().then(() => ({ offline: false }));
    return sendOutbox(match, (data) => patchSnapshot(match, data));
  }));
  const waits = results.filter((r) => r.offline).map((r) => r.wait || RETRY_MS);
  if (waits.length) retryAll = setTimeout(flushOutbox, Math.min(...waits));
}

/** A write's answer ({hand, state, ...}) into what this phone keeps of a match (the home page's list). */
function patchSnapshot(id, data) {
  const snap = tables.snapshot(id);
  if (!snap || !data || !data.state) return;
  snap.match = { ...snap.match, state: data.state, next_seq: data.next_seq ?? snap.match.next_seq, version: data.version ?? snap.match.version };
  if (data.hand) snap.hands = [...(snap.hands || []).filter((e) => e.seq !== data.hand.seq), data.hand];
  try {
    localStorage.setItem(`kreide.snap.${id}`, JSON.stringify(snap));
  } catch {
    // storage full: the list shows the older standing
  }
}

/** A list this phone keeps in localStorage under `key`: {id: {..., seen}} (its tables; a room's own). */
export function kept(key) {
  return {
    all() {
      try {
        const data = JSON.parse(localStorage.getItem(key) || '{}');
        return data && typeof data === 'object' ? data : {};
      } catch {
        return {};
      }
    },
    get(id) {
      return this.all()[id] || null;
    },
    save(id, patch) {
      const all = this.all();
      all[id] = { ...(all[id] || {}), ...patch, seen: Date.now() };
      localStorage.setItem(key, JSON.stringify(all));
      return all[id];
    },
    forget(id) {
      const all = this.all();
      delete all[id];
      localStorage.setItem(key, JSON.stringify(all));
    },
  };
}

/** The tables this phone has joined: {id: {token, access, view_url?, players?, game, seen}};
 * the last state seen of each is kept beside it (snapshot), for the list on the home page. */
const tableList = kept('kreide.tables');
export const tables = {
  ...tableList,
  /** The last match and hands this phone saw of a table (or null). */
  snapshot(id) {
    try {
      const snap = JSON.parse(localStorage.getItem(`kreide.snap.${id}`));
      return snap && snap.match ? snap : null;
    } catch {
      return null;
    }
  },
  forget(id) {
    localStorage.removeItem(`kreide.snap.${id}`);
    tableList.forget(id);
  },
};

/**
 * What a match's entry form holds of the hand being typed, by match id, for the referee opened
 * from the match (the game's form and referee agree on what it is: Dreeg's {seq, trump, called}).
 */
export const drafts = new Map();

/**
 * A hand worked out elsewhere (the referee's replay) waiting for a match's entry form:
 * {id: {seq, entry}}; the form takes it when it is built for that seq.
 */
export const handoffs = new Map();

export class MatchStore extends EventTarget {
  /** `early`: the answer to a GET of this match already on its way (app.js asks first). */
  constructor(id, token, { early = null } = {}) {
    super();
    this.id = id;
    this.token = token;
    this.early = early;
    this.match = null;
    this.hands = [];
    this.etag = null;
    this.error = null; // the last failed refresh (ApiError / NetworkError), cleared on success
    this.status = 'loading'; // loading | ready | missing
    this.ticket = 0; // numbers reads, so an answer overtaken by a newer one is dropped
    this.applied = 0;
    this.fresh = false; // the stream is up, or the last poll answered
    this.seen = null; // when the server last told us how things stand
    this.rulings = null;
    this.pending = []; // the outbox of this match
    this.reloadPending();
    // the last known table, shown (marked as not current) until the server answers
    const snap = tables.snapshot(id);
    if (snap) Object.assign(this, { match: snap.match, hands: snap.hands, seen: snap.seen, status: 'ready' });
  }

  keep() {
    try {
      localStorage.setItem(`kreide.snap.${this.id}`, JSON.stringify({ match: this.match, hands: this.hands, seen: this.seen }));
    } catch {
      // storage full: only the offline view suffers
    }
  }

  /** The seq the next entry gets: after the server's, and after any waiting in the outbox. */
  get nextSeq() {
    const waiting = this.pending.filter((w) => !w.error && w.method === 'POST').map((w) => w.seq + 1);
    return Math.max(this.match.next_seq, ...waiting);
  }

  setFresh(fresh) {
    if (fresh) this.seen = Date.now();
    if (fresh !== this.fresh) {
      this.fresh = fresh;
      this.emit('online');
    }
  }

  async reloadPending() {
    this.pending = await outbox.list(this.id);
    this.emit('pending');
  }

  async loadRulings() {
    try {
      this.rulings = (await api.rulings(this.id, this.token)).data.rulings || [];
      this.emit('rulings');
    } catch {
      // not offered (yet), or offline: the section stays as it was
    }
  }

  /** A hand that found no network or a server that could not serve (`err`): into the outbox,
   * sent later with the same key. */
  async queue(body, key, err) {
    await outbox.put({ key, match: this.id, token: this.token, seq: body.seq, method: 'POST', path: `${matchPath(this.id)}/hands`, body, at: Date.now() });
    await this.reloadPending();
    this.retry(retryIn(err));
  }

  async discard(key) {
    await outbox.drop(key);
    await this.reloadPending();
    this.flush();
  }

  retry(wait = RETRY_MS) {
    clearTimeout(this.retryTimer);
    if (this.pending.some((w) => !w.error)) this.retryTimer = setTimeout(() => this.flush(), wait);
  }

  /** Send the outbox in seq order; stop at the first that finds no answer or is refused. It
   * reads the outbox itself: the page may be drawn before the list kept in this.pending is. */
  async flush() {
    let moved = false;
    let wait = RETRY_MS;
    try {
      ({ moved, wait = RETRY_MS } = await sendOutbox(this.id, (data) => this.patchState(data)));
    } finally {
      await this.reloadPending();
      this.retry(wait);
    }
    if (moved) await this.refresh({ force: true });
  }

  get state() {
    return this.match ? this.match.state : null;
  }

  get canWrite() {
    return Boolean(this.match && this.match.access === 'scorer');
  }

  emit(what) {
    this.dispatchEvent(new CustomEvent('change', { detail: { what } }));
  }

  /** Fetch the match (conditionally, by ETag unless force) and, if it moved, its hands. */
  async refresh({ force = false } = {}) {
    const ticket = ++this.ticket;
    try {
      const early = this.early;
      this.early = null;
      const res = (early && (await early)) || (await api.getMatch(this.id, this.token, force ? null : this.etag));
      if (ticket < this.applied) return false;
      this.applied = ticket;
      this.setFresh(true);
      if (res.status === 304) {
        if (this.error) {
          this.error = null;
          this.emit('online');
        }
        return false;
      }
      this.etag = res.etag;
      await this.receive(res.data);
      return true;
    } catch (err) {
      this.error = err;
      if (err.isMissing) this.status = 'missing';
      this.setFresh(false);
      this.emit('error');
      return false;
    }
  }

  /** Take a match snapshot from any source (poll, write answer, later SSE). */
  async receive(match) {
    const before = this.match;
    const moved =
      !before ||
      before.version !== match.version ||
      before.revision !== match.revision ||
      before.next_seq !== match.next_seq;
    this.match = match;
    this.status = 'ready';
    this.error = null;
    this.remember(match);
    this.emit('match'); // the slates first; the hands follow
    if (moved && this.following) {
      await this.loadHands();
      this.emit('hands');
    } else if (moved) this.handsBehind = true;
    this.keep();
  }

  /**
   * The table is on screen: now the rest (the hands, the saved rulings). Until then only the
   * match itself is asked for, so a phone that just scanned the QR code draws the slates first.
   */
  async follow() {
    if (this.following) return;
    this.following = true;
    this.loadRulings();
    if (this.handsBehind) {
      this.handsBehind = false;
      await this.loadHands();
      this.emit('hands');
      this.keep();
    }
  }

  /** Keep this table on the phone; a viewer link never replaces a scorer token we hold. */
  remember(match) {
    const saved = tables.get(this.id);
    const keepScorer = saved && saved.access === 'scorer' && saved.token !== this.token && match.access !== 'scorer';
    tables.save(this.id, {
      ...(keepScorer ? {} : { token: this.token, access: match.access }),
      ...(match.access === 'viewer' ? { view_url: `${location.origin}/#/m/${encodeURIComponent(this.id)}/${encodeURIComponent(this.token)}` } : {}),
      game: match.game,
      players: match.players,
    });
  }

  async loadHands() {
    try {
      const res = await api.getHands(this.id, this.token);
      this.hands = (res.data && res.data.hands) || [];
    } catch (err) {
      this.error = err;
    }
  }

  /** An event from the stream: {version, revision, next_seq, state, change, rates}. */
  async live(data) {
    this.setFresh(true);
    if (!this.match) return this.refresh({ force: true });
    if (data.revision === this.match.revision) return false; // what we have (the stream's first event)
    this.applied = ++this.ticket;
    this.etag = null;
    const rates = data.rates ? { rates: { ...this.match.rates, ...data.rates } } : {}; // a table setting (R37)
    await this.receive({ ...this.match, version: data.version, revision: data.revision, next_seq: data.next_seq, state: data.state, ...rates });
    if (data.change && data.change.action !== 'rates') this.loadRulings();
    else if (data.change) this.refresh({ force: true }); // the match's audit line comes with it
    return true;
  }

  /** PATCH the match itself (a scorer's setting for the whole table: its money rates); the answer is the match. */
  async patchMatch(body, key) {
    const res = await send({ method: 'PATCH', path: matchPath(this.id), body, key, token: this.token });
    this.applied = ++this.ticket; // reads sent before this write are out of date
    this.etag = null;
    await this.receive(res.data);
    return res.data;
  }

  async replaceHand(seq, body, key) {
    const res = await api.putHand(this.id, this.token, seq, body, key);
    this.patchState(res.data);
    await this.refresh({ force: true });
    return res.data;
  }

  /** POST a hand; the answer's state is shown at once, then everything is re-read. */
  async submitHand(body, key) {
    const res = await api.postHand(this.id, this.token, body, key);
    this.patchState(res.data);
    await this.refresh({ force: true });
    return res.data;
  }

  /** A 409 carries the current state: take it, then re-read everything. */
  async conflict(problem) {
    this.patchState(problem);
    await this.refresh({ force: true });
  }

  async voidHand(seq, key) {
    const res = await api.voidHand(this.id, this.token, seq, key);
    this.patchState(res.data);
    await this.refresh({ force: true });
    return res.data;
  }

  patchState(data) {
    if (!this.match || !data || !data.state) return;
    this.applied = ++this.ticket; // reads sent before this write are out of date
    this.match = {
      ...this.match,
      state: data.state,
      next_seq: data.next_seq ?? this.match.next_seq,
      version: data.version ?? this.match.version,
    };
    this.etag = null;
    this.emit('match');
  }
}

/**
 * The event stream (GET .../events) read with fetch, as EventSource cannot send the token.
 * Reconnects with backoff (0.5 s doubling to 8 s) and Last-Event-ID; falls back to polling
 * after three failures in a row (while still trying the stream); paused while hidden.
 */
export class Live {
  constructor(store) {
    this.store = store;
    this.poller = new Poller(store);
    this.fails = 0;
    this.delay = 500;
    this.last = null;
    this.wake = () => {
      if (!this.following) return;
      this.fails = 0;
      this.delay = 500;
      this.connect();
      this.store.flush();
    };
    this.onVisibility = () => (document.hidden ? this.pause() : this.wake());
  }

  async start() {
    this.running = true;
    open.set(this.store.id, this.store);
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('online', this.wake);
    window.addEventListener('offline', this.wake);
    await this.store.refresh();
  }

  /** After the table is drawn: the hands, the rulings, the live stream and the outbox. */
  follow() {
    if (!this.running || this.following) return;
    this.following = true;
    this.store.follow();
    this.connect();
    this.store.flush();
  }

  stop() {
    this.running = false;
    if (open.get(this.store.id) === this.store) open.delete(this.store.id);
    this.pause();
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('online', this.wake);
    window.removeEventListener('offline', this.wake);
    clearTimeout(this.store.retryTimer);
  }

  pause() {
    this.poller.stop();
    this.cut();
  }

  cut() {
    clearTimeout(this.timer);
    if (this.ctrl) this.ctrl.abort();
    this.ctrl = null;
  }

  async connect() {
    this.cut();
    const store = this.store;
    if (!this.running || document.hidden || store.status === 'missing') return;
    const ctrl = new AbortController();
    this.ctrl = ctrl;
    try {
      const headers = { Authorization: `Bearer ${store.token}`, Accept: 'text/event-stream' };
      if (this.last) headers['Last-Event-ID'] = this.last;
      // low priority: the stream is open for hours and must not hold back the page's own files
      const res = await fetch(store.eventsUrl || `${matchPath(store.id)}/events`, { headers, signal: ctrl.signal, cache: 'no-store', priority: 'low' });
      if (!res.ok || !res.body) throw new Error(res.status);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value.replace(/\r\n?/g, '\n');
        for (let i; (i = buf.indexOf('\n\n')) >= 0; buf = buf.slice(i + 2)) this.event(buf.slice(0, i));
      }
    } catch {
      // a network error, a refusal or the stream cut: below
    }
    if (ctrl !== this.ctrl) return; // paused or replaced
    this.fails += 1;
    if (!this.poller.running) store.setFresh(false);
    if (this.fails >= 3 && !this.poller.running) this.poller.start();
    this.timer = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(8000, this.delay * 2);
  }

  /** One SSE block: id, event and data lines; comments (keep-alive) only prove the line is up. */
  event(block) {
    let type = 'message';
    let data = '';
    this.store.seen = Date.now();
    for (const line of block.split('\n')) {
      const m = /^([^:]+): ?(.*)$/.exec(line);
      if (!m) continue;
      if (m[1] === 'id') this.last = m[2];
      else if (m[1] === 'event') type = m[2];
      else if (m[1] === 'data') data += (data ? '\n' : '') + m[2];
    }
    if (type !== 'state' || !data) return;
    this.fails = 0;
    this.delay = 500;
    this.poller.stop();
    this.store.live(JSON.parse(data));
  }
}

/** Re-reads the store every few seconds while the page is visible (the stream's fallback). */
export class Poller {
  constructor(store, ms = 3000) {
    this.store = store;
    this.ms = ms;
    this.timer = null;
    this.running = false;
    this.onVisibility = () => {
      if (document.visibilityState === 'visible') this.tick();
      else this.clear();
    };
  }

  start() {
    this.running = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    this.tick();
  }

  stop() {
    this.running = false;
    this.clear();
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  clear() {
    clearTimeout(this.timer);
    this.timer = null;
  }

  async tick() {
    this.clear();
    if (!this.running || document.visibilityState !== 'visible') return;
    await this.store.refresh();
    if (this.store.status === 'missing') return this.stop();
    if (this.running && document.visibilityState === 'visible' && !this.timer) {
      this.timer = setTimeout(() => this.tick(), this.ms);
    }
  }
}
