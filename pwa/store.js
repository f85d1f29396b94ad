// One store per open match: the match (with its state) and its hands. Views render from
// it and listen for "change". Fresh data comes in through receive(): today from the
// Poller below, later from server-sent events, without the views noticing.

import { api } from './api.js';

const TABLES_KEY = 'kreide.tables';

/** The tables this phone has joined: {id: {token, access, view_url?, players?, game, seen}}. */
export const tables = {
  all() {
    try {
      const data = JSON.parse(localStorage.getItem(TABLES_KEY) || '{}');
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
    localStorage.setItem(TABLES_KEY, JSON.stringify(all));
    return all[id];
  },
  forget(id) {
    const all = this.all();
    delete all[id];
    localStorage.setItem(TABLES_KEY, JSON.stringify(all));
  },
};

/**
 * A hand worked out elsewhere (the referee's replay) waiting for a match's entry form:
 * {id: {seq, entry}}; the form takes it when it is built for that seq.
 */
export const handoffs = new Map();

export class MatchStore extends EventTarget {
  constructor(id, token) {
    super();
    this.id = id;
    this.token = token;
    this.match = null;
    this.hands = [];
    this.etag = null;
    this.error = null; // the last failed refresh (ApiError / NetworkError), cleared on success
    this.status = 'loading'; // loading | ready | missing
    this.ticket = 0; // numbers reads, so an answer overtaken by a newer one is dropped
    this.applied = 0;
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
      const res = await api.getMatch(this.id, this.token, force ? null : this.etag);
      if (ticket < this.applied) return false;
      this.applied = ticket;
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
    if (moved) await this.loadHands();
    this.emit('match');
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

/** Re-reads the store every few seconds while the page is visible (until SSE replaces it). */
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
