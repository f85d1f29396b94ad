// Dreeg on the phone: its board (the chalk slates: a Roman XII for the 7 strokes of a
// sub-game, RULES.md R2, and the blobs, Bollen, in its corner, drawn from the state as SVG
// so they scale and print; the end of a sub-game, the table of sub-games, the final ranking),
// the lines of the history, its entry form (form.js, loaded after the board is shown) and its
// referee (referee.js, loaded when asked). The match page (views/match.js) is the shell
// around it; everything renders from what the server sends.

import { cardName, suitIcon } from '../../cards/german.js';
import { h } from '../../dom.js';
import { kit, lang, list, suitName, t } from '../../i18n.js';
import * as first from './first.js';
import './strings.js';

const subgameName = (type) => t(`subgame_${type}`);

const capital = (text) => (text ? text.charAt(0).toLocaleUpperCase(lang) + text.slice(1) : text);

// ---- the board: slates, the end of a sub-game, the sub-games, the ranking ----


// the first view: first.js, with the app's kit
export const { STROKES_PER_SUBGAME, ERASE_ORDER, erasedStrokes } = first;
export const slateLabel = (name, strokes, blobs) => first.slateLabel(name, strokes, blobs, kit);
export const slate = (p) => first.slate(p, kit);
export const title = (match) => first.title(match, kit);
export const next = (match, options = {}) => first.next(match, kit, options);
export const board = (match) => first.board(match, kit);

/** One line for the list of tables on the home page. */
export function summary(match) {
  const { state } = match;
  if (state.finished) return t('summary_finished', { names: state.winners || [] });
  return t('summary', { n: state.subgame.number, type: subgameName(state.subgame.type) });
}

/** R14: the final ranking by blobs, fewest first; equal counts share a place. */
export function ranking(match) {
  const { state } = match;
  const blobs = (name) => (state.blobs || {})[name] || 0;
  const winners = new Set(state.winners || []);
  const order = match.players.slice().sort((a, b) => blobs(a) - blobs(b));
  return h(
    'section',
    { class: 'card ranking', 'data-ranking': '' },
    h('h2', { text: t('ranking') }),
    h(
      'ol',
      { class: 'ranking-list' },
      order.map((name) => {
        const n = blobs(name);
        const place = 1 + order.filter((other) => blobs(other) < n).length;
        return h(
          'li',
          { class: winners.has(name) && 'is-winner', value: place, 'data-rank': name },
          h('span', { class: 'rank-name', text: name }),
          h('span', { class: 'rank-dots', 'aria-hidden': 'true', text: '●'.repeat(n) }),
          h('span', { class: 'rank-count', text: t('blobs', { n }) }),
          winners.has(name) ? h('span', { class: 'badge badge-win', text: t('winner_mark') }) : null,
        );
      }),
    ),
  );
}

/** The eight sub-games in the server's order (R1): number, kind, who lost; and the blobs. */
export function extras(match) {
  const { state } = match;
  const played = new Map((state.subgames || []).map((g) => [g.number, g]));
  const rows = (state.order || []).map((type, i) => {
    const n = i + 1;
    const done = played.get(n);
    const current = !state.finished && state.subgame.number === n;
    return h(
      'tr',
      { class: [current && 'is-current', !done && !current && 'is-future'] },
      h('td', { text: String(n) }),
      h('td', { text: subgameName(done ? done.type : type) }),
      h('td', { text: done ? list(done.losers || []) : current ? t('running') : '' }),
    );
  });
  return h(
    'section',
    { class: 'card', 'data-subgames': '' },
    h('h2', { text: t('subgames') }),
    h(
      'table',
      { class: 'subgames' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('col_no') }), h('th', { scope: 'col', text: t('col_subgame') }), h('th', { scope: 'col', text: t('col_losers') }))),
      h('tbody', {}, rows),
    ),
    h('p', { class: 'blob-counts', 'data-blob-counts': '' }, h('b', { text: `${t('col_blobs')}: ` }), match.players.map((p) => `${p} ${(state.blobs || {})[p] || 0}`).join(' · ')),
  );
}

// ---- the history ----

/** What was entered, as a sentence: "Anna 45 (2) · Benno 40 (2) …; last trick: Dieter; trumps: Hearts". */
function facts(entry) {
  const parts = [];
  if (entry.dealer) parts.push(t('fact_dealer', { name: entry.dealer }));
  if (entry.declarer) parts.push(t('fact_declarer', { name: entry.declarer }));
  if (entry.surrender) parts.push(t('fact_surrendered'));
  if (entry.caller) parts.push(t('fact_called', { name: entry.caller, card: entry.called_card ? cardName(entry.called_card) : '?' }));
  if (entry.partner === null) parts.push(t('fact_alone'));
  else if (entry.partner) parts.push(t('fact_partner', { name: entry.partner }));
  if (entry.durchmarsch) parts.push(t('fact_durchmarsch', { name: entry.durchmarsch }));
  if (entry.points) {
    parts.push(Object.entries(entry.points)
      .map(([name, pts]) => `${name} ${pts}${entry.tricks && name in entry.tricks ? ` (${entry.tricks[name]})` : ''}`)
      .join(' · '));
  }
  if (entry.plays) parts.push(t('fact_plays'));
  if (entry.last_trick) parts.push(t('fact_last', { name: entry.last_trick }));
  if (entry.claim) parts.push(t('fact_claim', { name: entry.claim }));
  if (entry.closed_by) parts.push(t('fact_closed', { name: entry.closed_by }));
  if (entry.trump) parts.push(t('fact_trump', { suit: suitName(entry.trump) }));
  for (const meld of entry.melds || []) parts.push(t('fact_meld', { suit: suitName(meld.suit), name: meld.player }));
  return capital(parts.join('; '));
}

/** What the hand did: who erased what, who dropped out, who lost. */
function outcome(result) {
  const erased = Object.entries(result.subtract || {}).filter(([, n]) => n > 0);
  const parts = [erased.length ? t('erased', { list: erased.map(([name, n]) => `${name} ${n}`).join(', ') }) : t('nothing_erased')];
  if ((result.dropped || []).length) parts.push(t('dropped_out', { names: result.dropped }));
  if ((result.losers || []).length) parts.push(t('losers', { names: result.losers }));
  return parts.join(' · ');
}

/** A side of a side game: the declarer or caller first (with his partner), its card points and tricks. */
function sideText(side) {
  const [lead, ...rest] = side.players || [];
  const values = { points: side.points, tricks: side.tricks };
  if (side.name === 'caller') {
    return t('side_caller', { caller: lead, partner: rest.length ? t('side_caller_partner', { name: rest[0] }) : '', ...values });
  }
  return t(side.name === 'declarer' ? 'side_declarer' : 'side_opponents', { players: side.players || [], ...values });
}

/** The sides and the Kamerun steps of a result. */
function details(result) {
  return [
    (result.sides || []).length ? h('p', { class: 'sides', 'data-sides': '' }, result.sides.map((side, i) => [i ? h('br') : null, sideText(side)])) : null,
    (result.steps || []).length
      ? h('p', { class: 'facts', 'data-steps': '', text: t('steps', { list: result.steps.map((st) => `${st.due} → ${list(st.players || [])}`).join('; ') }) })
      : null,
  ];
}

/** The trump of an entry, as a small tag in the history. */
function tag(entry) {
  return entry.trump ? h('span', { class: 'trump-tag' }, suitIcon(entry.trump), suitName(entry.trump)) : null;
}

/** A saved ruling's question, in a line: "Ace of Hearts: may the Ten of Hearts be played?". */
function question(ruling) {
  const q = ruling.question || {};
  const sub = subgameName(q.subgame || 'deutsch');
  if (ruling.kind === 'hand') return t('prec_hand', { sub, n: (q.plays || []).length });
  return t('prec_play', { sub, card: q.card ? cardName(q.card) : '?' });
}

export default {
  name: 'dreeg',
  title,
  next,
  summary,
  board,
  facts,
  outcome,
  details,
  tag,
  ranking,
  extras,
  question,
  // the entry form loads after the slates are on screen
  form: async (store, options) => new (await import('./form.js')).DreegEntryForm(store, options),
  referee: () => import('./referee.js'),
};
