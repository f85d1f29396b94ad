// A tournament's data on this phone: the answer of GET /api/tournaments/{id} (its state,
// role, revision, next_seq), kept fresh by the shared event stream (store.js Live, which
// asks eventsUrl) or its poller, and the organiser's writes (entries, opening a table's
// match). A write carries the tournament's next_seq; a finished match records its result
// as an entry of its own, so a 409 (stale seq) is answered by re-reading and sending again.

import { ApiError, call, send } from '../api.js';
import { tournaments } from './kept.js';

export const tnPath = (id) => `/api/tournaments/${encodeURIComponent(id)}`;
const base = (b) => (b ? `?base=${encodeURIComponent(b)}` : '');

export const tnApi = {
  create: (body, key) => send({ method: 'POST', path: '/api/tournaments', body, key }),
  get: (id, token, etag) => call('GET', tnPath(id), { token, etag }),
  entry: (id, token, body, key) => send({ method: 'POST', path: `${tnPath(id)}/entries`, body, key, token }),
  openMatch: (id, token, number) => send({ method: 'POST', path: `${tnPath(id)}/pairings/${number}/match`, body: {}, token }),
  tableQr: (id, token, number, b) => call('GET', `${tnPath(id)}/pairings/${number}/qr.svg${base(b)}`, { token, as: 'blob' }),
  qr: (id, token, b) => call('GET', `${tnPath(id)}/qr.svg${base(b)}`, { token, as: 'blob' }),
  csv: (id, token) => call('GET', `${tnPath(id)}/export.csv`, { token, as: 'blob' }),
};

const SNAP = (id) => `kreide.tn.snap.${id}`;

export class TournamentStore extends EventTarget {
  constructor(id, token) {
    super();
    this.id = id;
    this.token = token;
    this.data = null;
    this.etag = null;
    this.error = null;
    this.status = 'loading'; // loading | ready | missing
    this.fresh = false;
    this.seen = null;
    this.ticket = 0;
    this.applied = 0;
    try {
      // the last answer this phone had, for this token only: the organiser's phone opening the
      // board's link must show the board, not the organiser's view it saw last
      const snap = JSON.parse(localStorage.getItem(SNAP(id)));
      if (snap && snap.data && snap.token === token) Object.assign(this, { data: snap.data, seen: snap.seen, status: 'ready' });
    } catch {
      // no snapshot
    }
  }

  get eventsUrl() {
    return `${tnPath(this.id)}/events`;
  }

  get state() {
    return this.data ? this.data.state : null;
  }

  get isOrganiser() {
    return Boolean(this.data && this.data.role === 'organiser');
  }

  emit(what) {
    this.dispatchEvent(new CustomEvent('change', { detail: { what } }));
  }

  setFresh(fresh) {
    if (fresh) this.seen = Date.now();
    if (fresh !== this.fresh) {
      this.fresh = fresh;
      this.emit('online');
    }
  }

  // what the shared Live asks of a store: nothing to send, nothing more to load
  follow() {}

  flush() {}

  async refresh({ force = false } = {}) {
    const ticket = ++this.ticket;
    try {
      const res = await tnApi.get(this.id, this.token, force ? null : this.etag);
      if (ticket < this.applied) return false;
      this.applied = ticket;
      this.setFresh(true);
      if (res.status === 304) return false;
      this.etag = res.etag;
      this.receive(res.data);
      return true;
    } catch (err) {
      this.error = err;
      if (err.isMissing) this.status = 'missing';
      this.setFresh(false);
      this.emit('error');
      return false;
    }
  }

  receive(data) {
    this.data = data;
    this.status = 'ready';
    this.error = null;
    const st = data.state || {};
    tournaments.save(this.id, {
      token: this.token,
      role: data.role,
      name: data.name,
      ...(data.view_url ? { view_url: data.view_url } : {}),
      phase: st.phase,
      round: st.round,
      rounds_total: st.rounds_total,
    });
    try {
      localStorage.setItem(SNAP(this.id), JSON.stringify({ data, seen: this.seen, token: this.token }));
    } catch {
      // storage full: only the offline view suffers
    }
    this.emit('data');
  }

  /** An event from the stream: the GET body. */
  live(data) {
    this.setFresh(true);
    if (!this.data) return this.refresh({ force: true });
    if (data.revision === this.data.revision && data.next_seq === this.data.next_seq) return false;
    this.applied = ++this.ticket;
    this.etag = null;
    this.receive({ ...this.data, ...data });
    return true;
  }

  /**
   * One entry (its seq added here). A stale seq (a match recorded a result meanwhile, or
   * another phone wrote) is not recorded: read again and send once more with the new seq.
   */
  async write(entry, keys) {
    for (let attempt = 0; ; attempt += 1) {
      const body = { ...entry, seq: this.data.next_seq };
      try {
        const res = await tnApi.entry(this.id, this.token, body, keys.keyFor(body));
        keys.done();
        this.patch(res.data);
        this.refresh({ force: true });
        return res.data;
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 409 || attempt > 0) throw err;
        await this.refresh({ force: true });
      }
    }
  }

  patch(data) {
    if (!this.data || !data || !data.state) return;
    this.applied = ++this.ticket;
    this.etag = null;
    this.receive({ ...this.data, state: data.state, revision: data.revision ?? this.data.revision, next_seq: data.next_seq ?? this.data.next_seq });
  }
}
