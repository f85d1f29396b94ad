// A tournament's data on this phone: the answer of GET /api/tournaments/{id} (its state,
// role, revision, next_seq), kept fresh by the shared event stream (store.js Live, which
// asks eventsUrl) or its poller, and the organiser's writes (entries, opening a table's
// match). A write carries the tournament's next_seq; a finished match records its result
// as an entry of its own, so a 409 (stale seq) is answered by re-reading and sending again.

import { ApiError, call, send } from '../api.js';
import { RoomStore } from '../room-store.js';
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

export class TournamentStore extends RoomStore {
  constructor(id, token) {
    super(id, token, SNAP(id));
  }

  ask(etag) {
    return tnApi.get(this.id, this.token, etag);
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

  receive(data) {
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
    this.keep(data);
  }

  /** An event from the stream: the GET body. */
  live(data) {
    this.setFresh(true);
    if (!this.data) return this.refresh({ force: true });
    if (data.revision === this.data.revision && data.next_seq === this.data.next_seq) return false;
    this.take({ ...this.data, ...data });
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
    this.take({ ...this.data, state: data.state, revision: data.revision ?? this.data.revision, next_seq: data.next_seq ?? this.data.next_seq });
  }
}
