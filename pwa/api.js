// fetch wrapper for the REST contract (shared/API.md): bearer token, Accept-Language,
// Idempotency-Key, ETag, and problem JSON turned into typed errors.
//
// Every write goes through send() as a plain, serialisable description
// {method, path, body, key, token}, so an offline outbox can later queue and replay
// writes (with their Idempotency-Key, so a replay records nothing twice) without
// touching the views.

import { lang } from './i18n.js';

/** The server answered with an error (problem JSON). */
export class ApiError extends Error {
  constructor(status, problem, retryAfter = null) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
    this.rule = problem.rule || null;
    this.code = problem.code || null;
    this.errors = problem.errors || {};
    this.retryAfter = retryAfter; // ms the server asked us to wait (Retry-After), or null
  }

  /** 502, 503, 504: the server (its database, or the one behind the proxy) could not serve just
   * now and recorded nothing; the same write, with its key, goes again later. */
  get isUnavailable() {
    return this.status === 502 || this.status === 503 || this.status === 504;
  }

  /** 409: stale seq (the body carries the current state) or a refused void. */
  get isConflict() {
    return this.status === 409;
  }

  /** 401 or 404: no such match, or not our token (the server does not say which); 410: deleted. */
  get isMissing() {
    return this.status === 401 || this.status === 404 || this.status === 410;
  }
}

/** No answer at all (offline, server down). Nothing was recorded as far as we know. */
export class NetworkError extends Error {
  constructor(cause) {
    super(cause && cause.message ? cause.message : 'network');
    this.name = 'NetworkError';
  }
}

/** One request: the bearer token, the reader's language, a key, an ETag; problem JSON thrown. */
export async function call(method, path, { token, body, key, etag, as = 'json' } = {}) {
  const headers = { Accept: 'application/json, application/problem+json', 'Accept-Language': lang };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (key) headers['Idempotency-Key'] = key;
  if (etag) headers['If-None-Match'] = etag;
  const pending = fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
    credentials: 'same-origin',
  });
  return answerOf(pending, { etag, as });
}

/**
 * A request's answer as call() gives it: {status, data, etag, revision}, or a thrown ApiError
 * (problem JSON) or NetworkError (no answer). For a fetch made elsewhere too: the page's early
 * script asks for a match before this module has loaded (early.js).
 */
export async function answerOf(pending, { etag = null, as = 'json' } = {}) {
  let res;
  try {
    res = await pending;
  } catch (err) {
    throw new NetworkError(err);
  }
  if (res.status === 304) return { status: 304, data: null, etag };
  if (res.status === 204) return { status: 204, data: null, etag: null };
  const type = res.headers.get('Content-Type') || '';
  if (!res.ok) {
    const problem = type.includes('json') ? await res.json().catch(() => null) : null;
    const wait = Number.parseInt(res.headers.get('Retry-After') || '', 10);
    throw new ApiError(res.status, problem || { title: res.statusText, status: res.status }, wait >= 0 ? wait * 1000 : null);
  }
  let data = null;
  if (as === 'blob') data = await res.blob();
  else if (type.includes('json')) data = await res.json();
  // an export names the match's revision it holds (what a delete must confirm)
  return { status: res.status, data, etag: res.headers.get('ETag'), revision: res.headers.get('X-Kreide-Revision') };
}

/** Perform one write. The single door for writes: an outbox would wrap this. */
export function send(write) {
  return call(write.method, write.path, { token: write.token, body: write.body, key: write.key });
}

export const matchPath = (id) => `/api/matches/${encodeURIComponent(id)}`;

export const api = {
  games: () => call('GET', '/api/games'),
  getMatch: (id, token, etag) => call('GET', matchPath(id), { token, etag }),
  getHands: (id, token) => call('GET', `${matchPath(id)}/hands`, { token }),
  qr: (id, token, base) => call('GET', `${matchPath(id)}/qr.svg${base ? `?base=${encodeURIComponent(base)}` : ''}`, { token, as: 'blob' }),
  network: () => call('GET', '/api/network'),

  createMatch: (body, key) => send({ method: 'POST', path: '/api/matches', body, key }),
  postHand: (id, token, body, key) =>
    send({ method: 'POST', path: `${matchPath(id)}/hands`, body, key, token }),
  voidHand: (id, token, seq, key) =>
    send({ method: 'POST', path: `${matchPath(id)}/hands/${seq}/void`, body: {}, key, token }),
  putHand: (id, token, seq, body, key) =>
    send({ method: 'PUT', path: `${matchPath(id)}/hands/${seq}`, body, key, token }),
  rulings: (id, token) => call('GET', `${matchPath(id)}/rulings`, { token }),
  saveRuling: (id, token, body, key) => send({ method: 'POST', path: `${matchPath(id)}/rulings`, body, key, token }),
  // query: {lang, tz} for the slate (export.xlsx, export.slate.csv)
  download: (id, token, ext, query = {}) => {
    const search = new URLSearchParams(query).toString();
    return call('GET', `${matchPath(id)}/export.${ext}${search ? `?${search}` : ''}`, { token, as: 'blob' });
  },
  // scorer only, after an export: {confirm: id, exported_revision: the export's revision}
  deleteMatch: (id, token, body) => call('DELETE', matchPath(id), { token, body }),

  // The referee (no match, no token): questions that record nothing, so no key either.
  referee: (question, body) => call('POST', `/api/referee/${encodeURIComponent(question)}`, { body }),
};

/**
 * Idempotency keys: the same key while the same submission is retried, a new one as
 * soon as the submission changes (or after it succeeded).
 */
export class KeyRing {
  constructor(makeKey) {
    this.makeKey = makeKey;
    this.body = null;
    this.key = null;
  }

  keyFor(body) {
    const text = JSON.stringify(body);
    if (text !== this.body) {
      this.body = text;
      this.key = this.makeKey();
    }
    return this.key;
  }

  done() {
    this.body = null;
    this.key = null;
  }
}

// The game catalogue (GET /api/games), loaded once per page load.
let pending = null;

/** The catalogue's games, fetched once per page load (null when it could not be had). */
export function loadCatalogue() {
  if (!pending) {
    pending = api.games().then(
      (answer) => (Array.isArray(answer.data) ? answer.data : answer.data.games || []),
      () => {
        pending = null;
        return null;
      },
    );
  }
  return pending;
}
