// Dreierles on the phone (seed 002, RULES.md R25-R32, docs/dreierles.md): its board is the
// ledger (each player's balance in Fach, and in money at this phone's rate per Fach; who
// deals, who sits out, who is Vorn; the last deal's Fach), the score sheet (a row per deal,
// a column per player, running totals; printable), the lines of the history, its entry form
// (form.js, loaded after the board is shown) and its referee, which counts a pile in threes
// (referee.js). The match page (views/match.js) is the shell around it.

import { shortName } from '../../cards/cego.js';
import { h, replace, stylesheet, uid } from '../../dom.js';
import { entriesOf, withEntries } from '../../entries.js';
import { i18n, lang, t } from '../../i18n.js';
import './strings.js';

await stylesheet('/css/dreierles.css');

export const SIDE_GAMES = ['raeuber', 'drescher'];
export const gameName = (game) => t(`dl_game_${game}`);
/** "+4", "−2", "0" (a real minus sign). */
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
const minus = (n) => (n < 0 ? `−${-n}` : String(n));

// ---- money: this phone's rate per Fach, per table ----------------------------------------

let table = null; // the match on screen (the board is drawn first): whose rate the history uses
const rateKey = (id) => `kreide.dreierles.rate.${id}`;

/** Cents per Fach on this phone for a table (0: no money shown). */
export function rate(id = table) {
  try {
    const cents = Number(localStorage.getItem(rateKey(id)));
    return Number.isFinite(cents) && cents > 0 ? cents : 0;
  } catch {
    return 0;
  }
}

function setRate(id, cents) {
  try {
    if (cents > 0) localStorage.setItem(rateKey(id), String(cents));
    else localStorage.removeItem(rateKey(id));
  } catch {
    // private mode: not kept
  }
}

/** "0,40 €" / "€0.40" for n Fach at the rate (signed when asked); '' without a rate. */
export function money(fach, { id = table, sign = false } = {}) {
  const cents = rate(id);
  if (!cents) return '';
  const text = (Math.abs(fach) * cents / 100).toLocaleString(lang, { style: 'currency', currency: 'EUR' });
  return sign && fach ? `${fach > 0 ? '+' : '−'}${text}` : text;
}

const withMoney = (sentence, fach) => (money(fach) ? `${sentence} ${t('dlp_out_money', { money: money(fach) })}` : sentence);

// ---- the ledger ------------------------------------------------------------------------

function badge(kind, text) {
  return h('span', { class: `badge dl-badge-${kind}`, text });
}

function ledger(match, last) {
  const { state } = match;
  const balance = state.balance || {};
  const out = state.sitting_out || [];
  const cents = rate(match.id);
  const row = (name) => h(
    'tr',
    { class: [out.includes(name) && 'is-out'], 'data-player': name, 'data-balance': balance[name] || 0 },
    h('th', { scope: 'row' },
      h('span', { class: 'dl-name', text: name }),
      h('span', { class: 'badges' },
        state.dealer === name ? badge('deal', t('dlp_deals')) : null,
        out.includes(name) ? badge('out', t('dlp_sits_out')) : null,
        state.forehand === name ? badge('vorn', t('dlp_vorn')) : null)),
    h('td', { class: ['dl-fach', signClass(balance[name])], text: signed(balance[name] || 0) }),
    cents ? h('td', { class: ['dl-money', signClass(balance[name])], text: money(balance[name] || 0, { id: match.id, sign: true }) }) : null,
    state.deals ? h('td', { class: ['dl-last', last && signClass(last.settlement[name])], 'data-last': name, text: lastText(last, name) }) : null,
  );
  return h(
    'table',
    { class: 'dl-ledger' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('dlp_col_player') }),
      h('th', { scope: 'col', text: t('dlp_col_fach') }),
      cents ? h('th', { scope: 'col', text: t('dlp_col_money') }) : null,
      state.deals ? h('th', { scope: 'col', text: t('dlp_col_last') }) : null)),
    h('tbody', {}, match.players.map(row)),
  );
}

const signClass = (n) => (n > 0 ? 'is-plus' : n < 0 ? 'is-minus' : null);

function lastText(last, name) {
  if (!last) return '';
  return name in last.settlement ? ((last.sitting_out || []).includes(name) ? '–' : signed(last.settlement[name])) : '–';
}

/** The rate per Fach: a change redraws the page as a change of language does (money is a label). */
function rateField(match) {
  const id = uid('f');
  return h(
    'div',
    { class: 'dl-rate' },
    h('label', { for: id, text: t('dlp_rate') }),
    h('input', {
      id,
      type: 'number',
      inputmode: 'numeric',
      min: 0,
      max: 10000,
      step: 1,
      value: rate(match.id) || '',
      'data-rate': '',
      'aria-describedby': `${id}-h`,
      onchange: (e) => {
        setRate(match.id, Math.max(0, Math.floor(Number(e.target.value) || 0)));
        i18n.dispatchEvent(new Event('change'));
      },
    }),
    h('p', { class: 'hint', id: `${id}-h`, text: t('dlp_rate_hint') }),
  );
}

/** The ledger: balances in Fach (and money), who deals, sits out and is Vorn, the last deal. */
export function board(match, { big = false } = {}) {
  table = match.id;
  const { state } = match;
  const slot = h('div', { 'data-ledger': '' });
  const sheetSlot = big ? h('div', { class: 'dl-sheet-big', 'data-sheet': '' }) : null;
  let known = null;
  const paint = () => {
    replace(slot, ledger(match, known));
    if (big) withEntries(match, sheetSlot, (hands) => sheet(match, hands.slice(-6)));
  };
  paint();
  const got = entriesOf(match);
  const lastOf = (hands) => (hands.length ? hands[hands.length - 1].result : null);
  if (got.value) {
    known = lastOf(got.value);
    paint();
  } else {
    got.promise.then((hands) => {
      known = lastOf(hands);
      paint();
    });
  }
  const cents = rate(match.id);
  return [
    h('h2', { class: 'vh', text: t('dlp_ledger') }),
    h('div', { class: ['dl-board', big && 'is-big'] }, slot),
    h('p', { class: 'hint dl-after' }, t('dlp_after', { n: state.deals || 0 }), cents && big ? ` · ${t('dlp_rate_shown', { rate: cents })}` : ''),
    h('p', { class: 'hint dl-legend', text: t('dlp_legend') }),
    big ? sheetSlot : rateField(match),
  ];
}

// ---- the score sheet ---------------------------------------------------------------------

/** A row per deal, a column per player: what the deal brought and the balance after it. */
function sheet(match, hands) {
  if (!hands.length) return h('p', { class: 'hint', text: t('dlp_sheet_empty') });
  const players = match.players;
  const running = Object.fromEntries(players.map((p) => [p, 0]));
  const cell = (result, name) => {
    const delta = (result.settlement || {})[name] || 0;
    running[name] = result.balance && name in result.balance ? result.balance[name] : running[name] + delta;
    const out = (result.sitting_out || []).includes(name);
    return h('td', { class: [out && 'is-out', result.declarer === name && 'is-declarer'] },
      h('small', { class: signClass(delta), text: out ? '–' : signed(delta) }),
      h('b', { text: minus(running[name]) }));
  };
  const total = (match.state || {}).balance || running;
  return h(
    'table',
    { class: 'dl-sheet' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('dlp_col_no') }),
      h('th', { scope: 'col', text: t('dlp_col_game') }),
      players.map((name) => h('th', { scope: 'col', text: name })))),
    h('tbody', {}, hands.map((e) => h(
      'tr',
      { 'data-seq': e.seq },
      h('td', { text: String(e.seq) }),
      h('td', { class: 'dl-sheet-game' }, h('span', { text: gameName(e.result.game || e.game) }),
        e.result.won === false ? h('small', { class: 'is-minus', text: t('dlp_lost') }) : null),
      players.map((name) => cell(e.result, name)),
    ))),
    h('tfoot', {}, h('tr', {},
      h('th', { scope: 'row', colspan: 2, text: t('dlp_total') }),
      players.map((name) => h('td', { class: signClass(total[name]) }, h('b', { text: signed(total[name] || 0) }))))),
  );
}

/** The score sheet of every deal (printable); `hands` when the shell gives them. */
export function extras(match, { hands } = {}) {
  const slot = h('div', { 'data-sheet': '' }, h('p', { class: 'hint', text: t('dlp_sheet_loading') }));
  withEntries(match, slot, (list) => sheet(match, list), { hands });
  return h('section', { class: 'card dl-sheet-card', 'data-score-sheet': '' },
    h('h2', { text: t('dlp_sheet') }),
    h('p', { class: 'hint', text: t('dlp_sheet_hint') }),
    h('div', { class: 'dl-sheet-scroll' }, slot));
}

// ---- the header ----------------------------------------------------------------------------

export function title(match) {
  return t('dlp_title', { n: (match.state.deals || 0) + 1 });
}

/** Who deals and sits out, who is Vorn (R32); with deals waiting in the outbox, who deals after them. */
export function next(match, { pending = 0 } = {}) {
  const { state } = match;
  if (!state.dealer) return '';
  if (pending) {
    const after = ((state.needs || {}).next_dealers || [])[pending - 1];
    return after ? t('dlp_next_pending', { dealer: after, n: pending }) : '';
  }
  const out = state.sitting_out || [];
  const vorn = state.forehand || '';
  if (!out.includes(state.dealer)) return t('dlp_next', { dealer: state.dealer, vorn });
  const other = out.filter((name) => name !== state.dealer);
  return t(other.length ? 'dlp_next_out_two' : 'dlp_next_out', { dealer: state.dealer, other, vorn });
}

export function summary(match) {
  const { state } = match;
  const balance = state.balance || {};
  const names = Object.keys(balance);
  if (!state.deals || !names.length) return t('dlp_summary_new');
  const name = names.reduce((a, b) => (balance[b] > balance[a] ? b : a));
  return t('dlp_summary', { n: state.deals, name, fach: signed(balance[name]) });
}

export function ranking(match) {
  const balance = match.state.balance || {};
  const order = match.players.slice().sort((a, b) => (balance[b] || 0) - (balance[a] || 0));
  return h('section', { class: 'card ranking', 'data-ranking': '' },
    h('h2', { text: t('dlp_ranking') }),
    h('ol', { class: 'ranking-list' }, order.map((name) => h('li', {},
      h('span', { class: 'rank-name', text: name }),
      h('span', { class: 'rank-count', text: `${signed(balance[name] || 0)} Fach` })))));
}

// ---- the history -----------------------------------------------------------------------------

/** What was entered, in a line: "Anna dealt · Zweier by Benno · 41 points · Drull". */
export function facts(entry) {
  const result = entry.result || {};
  const parts = [];
  const dealer = entry.dealer || result.dealer;
  if (dealer) parts.push(t('dlp_fact_dealer', { name: dealer }));
  const game = entry.game || result.game;
  if (!game) return parts.join(' · ');
  if (SIDE_GAMES.includes(game)) {
    parts.push(gameName(game));
    for (const name of Object.keys(entry.points || {})) {
      parts.push(t('dlp_fact_player', { name, points: entry.points[name], tricks: (entry.tricks || {})[name] ?? '–' }));
    }
    if (Number.isInteger(entry.blind_points)) parts.push(t('dlp_fact_blind', { n: entry.blind_points }));
    if (entry.last_trick) parts.push(t('dlp_fact_last', { name: entry.last_trick }));
    return parts.join(' · ');
  }
  parts.push(entry.declarer ? t('dlp_fact_game', { game: gameName(game), name: entry.declarer }) : gameName(game));
  const points = entry.declarer_points ?? result.declarer_points;
  if (Number.isInteger(points)) parts.push(t('dlp_fact_points', { n: points }));
  if ((entry.cards || []).length) parts.push(t('dlp_fact_cards', { n: entry.cards.length, cards: entry.cards.map(shortName).join(' ') }));
  if ((entry.extras || []).length) parts.push(entry.extras.map((x) => t(`dl_extra_${x}`)).join(', '));
  if (entry.discard_error) parts.push(t('dlp_fact_discard'));
  return parts.join(' · ');
}

/** "2 for 41 points, 1 for the Zweier, 1 for the Drull". */
export function partsText(result, total = 70) {
  const p = result.parts || {};
  const out = [];
  const dp = result.declarer_points;
  const pts = result.won ? dp : result.defender_points ?? (Number.isInteger(dp) ? total - dp : null);
  if (p.points) out.push(t(result.won ? 'dlp_part_points' : 'dlp_part_points_def', { n: p.points, p: pts ?? '?' }));
  if (p.type) out.push(t(`dlp_part_${result.game}`, { n: p.type }));
  for (const [extra, n] of Object.entries(p.extras || {})) if (n) out.push(t(`dlp_part_${extra}`, { n }));
  if (p.doubled) out.push(t('dlp_part_doubled'));
  return out.join(', ');
}

/** What the deal decided: who wins or pays how many Fach, and why (R27-R31). */
export function outcome(result) {
  if (!result || !result.game || !result.settlement) return '';
  const s = result.settlement;
  const names = Object.keys(s);
  if (SIDE_GAMES.includes(result.game)) {
    const payers = names.filter((n) => s[n] < 0);
    const others = names.filter((n) => s[n] > 0);
    if (!payers.length || !others.length) return t('dlp_out_raeuber_even');
    const n = Math.round(-s[payers[0]] / others.length);
    return withMoney(t(result.game === 'drescher' ? 'dlp_out_drescher' : 'dlp_out_raeuber', { payers, name: payers[0], others, n }), n);
  }
  const name = result.declarer;
  const others = names.filter((n) => n !== name && s[n] !== 0);
  const n = result.fach;
  if ((result.parts || {}).eightfold) return withMoney(t('dlp_out_eightfold', { name, others, n }), n);
  return withMoney(t(result.won ? 'dlp_out_won' : 'dlp_out_lost', { name, n, others, parts: partsText(result) }), n);
}

/** Who got and paid what (and the money), then the balance after the deal. */
export function details(result) {
  if (!result || !result.settlement) return null;
  const s = result.settlement;
  const out = result.sitting_out || [];
  const balance = result.balance || {};
  return [
    h('p', { class: 'dl-settle', 'data-settlement': '' }, Object.keys(s).map((name) => h(
      'span',
      { class: ['dl-delta', out.includes(name) ? 'is-out' : signClass(s[name])], 'data-player': name },
      h('b', { text: name }),
      ` ${out.includes(name) ? t('dlp_sat_out') : signed(s[name])}`,
      !out.includes(name) && money(s[name]) ? h('small', { text: ` ${money(s[name], { sign: true })}` }) : null,
    ))),
    Object.keys(balance).length
      ? h('p', { class: 'facts dl-now', text: t('dlp_now', { list: Object.keys(balance).map((n) => `${n} ${signed(balance[n])}`).join(' · ') }) })
      : null,
  ];
}

/** The game and whether it was won, as tags. */
export function tag(entry) {
  const result = entry.result || {};
  const game = entry.game || result.game;
  return h('span', { class: 'dl-tags' },
    game ? h('span', { class: `badge dl-tag-${game}`, 'data-game': game, text: gameName(game) }) : null,
    result.won === true ? h('span', { class: 'badge badge-win', text: t('dlp_won') }) : null,
    result.won === false ? h('span', { class: 'badge badge-lost', text: t('dlp_lost') }) : null);
}

export function question(ruling) {
  return t('dlp_prec_count', { n: ((ruling.question || {}).cards || []).length });
}

export function handTitle(seq) {
  return t('dlp_deal_n', { seq });
}

export default {
  name: 'dreierles',
  handTitle,
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
  form: async (store, options) => new (await import('./form.js')).DreierlesEntryForm(store, options),
  referee: () => import('./referee.js'),
};
