// A club's data on this phone: the answer of GET /api/clubs/{id} (members, matches, evenings,
// tonight, revision, the games' figures, the token's access), kept fresh by the shared event
// stream (store.js Live: the club's `state` event carries the same body) or its poller. The
// other answers a page reads (the evenings' settle-up, the season, a member, a figure's
// sources) are asked for by the page; the club's answer and the season's last read are kept in
// this phone's storage and shown offline, marked with the time they were read.

import { NetworkError, call, send } from '../api.js';
import { RoomStore } from '../room-store.js';
import { clubs } from './kept.js';

export const clubPath = (id) => `/api/clubs/${encodeURIComponent(id)}`;
const query = (params) => {
  const search = new URLSearchParams(Object.entries(params || {}).filter(([, v]) => v !== null && v !== undefined && v !== '')).toString();
  return search ? `?${search}` : '';
};

export const clubApi = {
  create: (body, key) => send({ method: 'POST', path: '/api/clubs', body, key }),
  import: (body, key) => send({ method: 'POST', path: '/api/clubs/import', body, key }),
  export: (id, token) => call('GET', `${clubPath(id)}/export.json`, { token, as: 'blob' }),
  get: (id, token, etag) => call('GET', clubPath(id), { token, etag }),
  evenings: (id, token) => call('GET', `${clubPath(id)}/evenings`, { token }),
  season: (id, token, params) => call('GET', `${clubPath(id)}/season${query(params)}`, { token }),
  member: (id, token, member, params) => call('GET', `${clubPath(id)}/members/${encodeURIComponent(member)}${query(params)}`, { token }),
  sources: (id, token, params) => call('GET', `${clubPath(id)}/sources${query(params)}`, { token }),
  addMember: (id, token, name, key) => send({ method: 'POST', path: `${clubPath(id)}/members`, body: { name }, key, token }),
  rename: (id, token, member, name) => send({ method: 'PATCH', path: `${clubPath(id)}/members/${encodeURIComponent(member)}`, body: { name }, token }),
  anonymise: (id, token, member) => send({ method: 'POST', path: `${clubPath(id)}/members/${encodeURIComponent(member)}/anonymise`, body: {}, token }),
  merge: (id, token, member, into) => send({ method: 'POST', path: `${clubPath(id)}/members/${encodeURIComponent(member)}/merge`, body: { into }, token }),
  qr: (id, token, base) => call('GET', `${clubPath(id)}/qr.svg${query({ base })}`, { token, as: 'blob' }),
  startMatch: (id, token, body, key) => send({ method: 'POST', path: `${clubPath(id)}/matches`, body, key, token }),
};

const SNAP = (id) => `kreide.club.snap.${id}`;
const KEPT = (id, what) => `kreide.club.${what}.${id}`;

/**
 * An answer a page reads, kept on this phone as the last one read (`what`: season, evenings):
 * {data, seen, fresh}. Without a network the kept one (fresh: false), else the refusal thrown.
 */
export async function readKept(id, what, ask) {
  try {
    const { data } = await ask();
    const seen = Date.now();
    try {
      localStorage.setItem(KEPT(id, what), JSON.stringify({ data, seen }));
    } catch {
      // storage full: only the offline view suffers
    }
    return { data, seen, fresh: true };
  } catch (err) {
    if (!(err instanceof NetworkError || err.isUnavailable)) throw err; // no answer that counts: the kept copy
    const last = lastKept(id, what);
    if (!last) throw err;
    return { ...last, fresh: false };
  }
}

/** What readKept kept last ({data, seen}), or null. */
export function lastKept(id, what) {
  try {
    const last = JSON.parse(localStorage.getItem(KEPT(id, what)));
    return last && last.data ? last : null;
  } catch {
    return null;
  }
}

export class ClubStore extends RoomStore {
  constructor(id, token) {
    super(id, token, SNAP(id));
  }

  ask(etag) {
    return clubApi.get(this.id, this.token, etag);
  }

  get eventsUrl() {
    return `${clubPath(this.id)}/events`;
  }

  get access() {
    return (this.data && this.data.access) || (clubs.get(this.id) || {}).access || 'viewer';
  }

  get isAdmin() {
    return this.access === 'admin';
  }

  /** May start tables, add members and enter hands (the members' token, or the admin's). */
  get canPlay() {
    return this.access === 'admin' || this.access === 'member';
  }

  /** The token a table of the club is opened with: the members' (a scorer on every table) for a
   * member or the admin (whose own token stays off the tables' links), the viewers' for a viewer. */
  get tableToken() {
    const known = clubs.get(this.id) || {};
    const data = this.data || {};
    if (this.access === 'viewer') return this.token;
    return data.member_token || known.member_token || this.token;
  }

  /** The members by id ({id: member}). */
  get members() {
    return Object.fromEntries(((this.data && this.data.members) || []).map((m) => [m.id, m]));
  }

  receive(data) {
    const links = {};
    for (const key of ['member_token', 'viewer_token', 'join_url', 'view_url']) if (data[key]) links[key] = data[key];
    clubs.save(this.id, { token: this.token, access: data.access, name: data.name, members: (data.members || []).length, ...links });
    this.keep(data);
  }

  /** An event from the stream: the club as GET answers it, without the token's access. */
  live(data) {
    this.setFresh(true);
    if (!this.data) return this.refresh({ force: true });
    if (data.revision === this.data.revision) return false;
    this.take({ ...this.data, ...data, access: this.data.access });
    return true;
  }
}
