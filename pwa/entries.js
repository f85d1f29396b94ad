// A match's entries for a game's board (the shell hands a board the match only): the
// entries that count (not voided, with a result), fetched once per change of the match and
// kept per match, the last copy this phone saw when there is no network.

import { api } from './api.js';
import { replace } from './dom.js';
import { tables } from './store.js';

/** Voided, or replaced by a correction: shown in the history, counted nowhere. */
export function isVoided(entry) {
  return Boolean(entry.voided || entry.voided_at || entry.status === 'voided' || entry.status === 'replaced');
}

const counts = (entry) => !isVoided(entry) && Boolean(entry.result);
const cache = new Map(); // match id -> {key, promise, value}

/** The entries that count, read once per change of the match: {value (null until known), promise}. */
export function entriesOf(match) {
  const key = `${match.version}|${match.revision}|${match.next_seq}`;
  let got = cache.get(match.id);
  if (!got || got.key !== key) {
    const token = (tables.get(match.id) || {}).token;
    got = { key, value: null };
    got.promise = api.getHands(match.id, token)
      .then((res) => (res.data && res.data.hands) || [], () => (tables.snapshot(match.id) || {}).hands || [])
      .then((hands) => {
        got.value = hands.filter(counts);
        return got.value;
      });
    cache.set(match.id, got);
  }
  return got;
}

/**
 * Fill `slot` with draw(entries) now if they are known (or given as `hands`), else once they
 * are; with `placeholder`, draw(null) meanwhile.
 */
export function withEntries(match, slot, draw, { hands = null, placeholder = false } = {}) {
  if (hands) return replace(slot, draw(hands.filter(counts)));
  const got = entriesOf(match);
  if (got.value) return replace(slot, draw(got.value));
  if (placeholder) replace(slot, draw(null));
  got.promise.then((value) => replace(slot, draw(value)));
  return slot;
}
