// What a room's store does alike (a tournament's, a club's): one answer of the server (GET
// with an ETag), kept fresh by the shared event stream (store.js Live, which asks `eventsUrl`,
// `follow`, `flush`, `live`) or its poller, and the last answer kept on this phone for this
// token only (shown offline, marked with the time it was read). A room's store says where it
// reads (`ask(etag)`), what its answer keeps elsewhere (`receive`, calling `keep`) and how an
// event moves it on (`live`, calling `take`).

export class RoomStore extends EventTarget {
  /**
   * @param {string} id
   * @param {string} token
   * @param {string} snapKey where this phone keeps the last answer
   */
  constructor(id, token, snapKey) {
    super();
    this.id = id;
    this.token = token;
    this.snapKey = snapKey;
    this.data = null;
    this.etag = null;
    this.error = null;
    this.status = 'loading'; // loading | ready | missing
    this.fresh = false;
    this.seen = null;
    this.ticket = 0;
    this.applied = 0;
    try {
      // the last answer this phone had, for this token only: an organiser's or an admin's phone
      // opening the viewers' link must show what a viewer sees, not what it saw last
      const snap = JSON.parse(localStorage.getItem(snapKey));
      if (snap && snap.data && snap.token === token) Object.assign(this, { data: snap.data, seen: snap.seen, status: 'ready' });
    } catch {
      // no snapshot
    }
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

  /** Read the answer again (with the ETag unless `force`): `ask(etag)`, each room's own, says where. */
  async refresh({ force = false } = {}) {
    const ticket = ++this.ticket;
    try {
      const res = await this.ask(force ? null : this.etag);
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

  /** A new answer; a room's store keeps what it needs elsewhere, then calls keep. */
  receive(data) {
    this.keep(data);
  }

  /** The answer taken and kept on this phone; the pages hear of it. */
  keep(data) {
    this.data = data;
    this.status = 'ready';
    this.error = null;
    try {
      localStorage.setItem(this.snapKey, JSON.stringify({ data, seen: this.seen, token: this.token }));
    } catch {
      // storage full: only the offline view suffers
    }
    this.emit('data');
  }

  /** An answer made here (from an event or a write's answer), not read: the next read is whole. */
  take(data) {
    this.applied = ++this.ticket;
    this.etag = null;
    this.receive(data);
  }
}
