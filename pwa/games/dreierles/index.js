// Dreierles on the phone (seed 002, RULES.md R25-R32, docs/dreierles.md): its board is the
// ledger (each player's balance in Fach, and in money at the table's rate per Fach, R37, kept
// by the server; who deals, who sits out, who is Vorn; the last deal's Fach), the score sheet (a row per deal,
// a column per player, running totals; printable), the lines of the history, its entry form
// (form.js, loaded after the board is shown) and its referee, which counts a pile in threes
// (referee.js). The match page (views/match.js) is the shell around it.

import { ApiError, KeyRing } from '../../api.js';
import { shortName } from '../../cards/cego.js';
import { h, problemText, randomKey, replace, stylesheet, uid } from '../../dom.js';
import { entriesOf, withEntries } from '../../entries.js';
import { DEAL_WORDS, lang, t, when } from '../../i18n.js';
import { SIDE_GAMES, details, euros, gameName, money, outcome, rateOf, signClass, signed, useRate } from './deal.js';
import './strings.js';

await stylesheet('/games/dreierles/style.css');

const minus = (n) => (n < 0 ? `−${-n}` : String(n));

// ---- money: the table's rate per Fach, kept with the match (R37; deal.js) --------------------

/**
 * A rate as a player types it, in euros in either language ("0,5", "0.40", "0,05 €", "€0.05")
 * or in cents ("5 ct"): {cents} or {error: why}. Empty is 0, not played for money.
 */
export function readRate(text) {
  const typed = String(text).trim().replace(/\s+/g, ' ');
  if (!typed) return { cents: 0 };
  const m = /^(€|eur)?\s*(-)?\s*(\d+)(?:[.,](\d*))?\s*(€|eur|euro|euros|ct|cent|cents)?$/i.exec(typed);
  if (!m) return { error: t('dlp_rate_not_amount', { text: typed }) };
  const [, before, minus, whole, fraction = '', after = ''] = m;
  const inCents = /^c/i.test(after);
  if (minus) return { error: t('dlp_rate_negative') };
  if (inCents && (before || fraction)) return { error: t(before ? 'dlp_rate_not_amount' : 'dlp_rate_whole_cents', { text: typed }) };
  if (inCents) return { cents: Number(whole) };
  if (fraction.length > 2) return { error: t('dlp_rate_two_decimals') };
  return { cents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
}

/** What a rate reads as: "= 0,05 € je Fach", or "= no money". */
const readAs = (amount) => (amount ? t('dlp_rate_read', { money: euros(amount) }) : t('dlp_rate_none'));

// A rate this phone kept for itself before the table kept it (kreide.dreierles.rate.<id>) is
// dropped, not offered: that setting turned "0,5" into 5 ct, so what it holds may be wrong,
// and the phones of one table held different ones; the table's rate is typed once, for all.
try {
  for (const key of Object.keys(localStorage)) if (key.startsWith('kreide.dreierles.rate.')) localStorage.removeItem(key);
} catch {
  // no storage: nothing kept
}

// ---- the ledger ------------------------------------------------------------------------

function badge(kind, text) {
  return h('span', { class: `badge dl-badge-${kind}`, text });
}

function ledger(match, last) {
  const { state } = match;
  const balance = state.balance || {};
  const out = state.sitting_out || [];
  const rate = rateOf(match);
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
    rate ? h('td', { class: ['dl-money', signClass(balance[name])], 'data-money': name, text: money(balance[name] || 0, { rate, sign: true }) || euros(0) }) : null,
    state.deals ? h('td', { class: ['dl-last', last && signClass(last.settlement[name])], 'data-last': name, text: lastText(last, name) }) : null,
  );
  return h(
    'table',
    { class: 'dl-ledger' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('dlp_col_player') }),
      h('th', { scope: 'col', text: t('dlp_col_fach') }),
      rate ? h('th', { scope: 'col', text: t('dlp_col_money') }) : null,
      state.deals ? h('th', { scope: 'col', text: t('dlp_col_last') }) : null)),
    h('tbody', {}, match.players.map(row)),
  );
}


function lastText(last, name) {
  if (!last) return '';
  return name in last.settlement ? ((last.sitting_out || []).includes(name) ? '–' : signed(last.settlement[name])) : '–';
}

const drafts = new Map(); // match id -> a rate typed and not saved yet (kept when the board is redrawn)
const rateKeys = new KeyRing(randomKey);
let saving = null; // {id, rate, until}: the boards drawn with that rate for a while say it is saved

/** A rate in the field as the reader writes numbers: "0,50" / "0.50". */
const typed = (amount) => (amount / 100).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/**
 * The table's rate per Fach (R37), the same on every phone: shown to everyone, set by a scorer
 * for the whole table (PATCH /api/matches/{id}); what is typed is read back at once ("= 0,50 €
 * je Fach") or refused with the reason, before anything is sent.
 */
function rateField(match, store) {
  const rate = rateOf(match);
  const change = (match.audit || []).filter((a) => a.action === 'rates').pop();
  const lastChange = change
    ? h('p', { class: 'hint', 'data-rate-changed': '', text: t('dlp_rate_changed', { at: when(change.at), was: euros(((change.previous || {}).per_fach) || 0) }) })
    : null;
  if (match.access !== 'scorer' || !store) {
    return h('div', { class: 'dl-rate', 'data-rate-setting': '' },
      h('p', { class: 'dl-rate-shown', 'data-rate-shown': '', text: rate ? t('dlp_rate_table', { money: euros(rate) }) : t('dlp_rate_table_none') }),
      lastChange);
  }
  const id = uid('f');
  const draft = drafts.get(match.id);
  const hadFocus = Boolean(document.activeElement && document.activeElement.matches('[data-rate]'));
  const input = h('input', {
    id,
    type: 'text',
    inputmode: 'decimal',
    autocomplete: 'off',
    enterkeyhint: 'done',
    'data-rate': '',
    value: draft ?? (rate ? typed(rate) : ''),
    placeholder: typed(50),
    'aria-describedby': `${id}-h ${id}-e`,
  });
  const read = h('p', { class: 'dl-rate-read', id: `${id}-h`, 'aria-live': 'polite', 'data-rate-read': '' });
  const error = h('p', { class: 'field-error', id: `${id}-e`, role: 'alert', 'data-rate-error': '', hidden: true });
  const justSaved = Boolean(saving && saving.id === match.id && saving.rate === rate && Date.now() < saving.until);
  const done = h('p', { class: 'hint', role: 'status', 'data-rate-saved': '', text: justSaved ? t('dlp_rate_saved') : '' });
  const refuse = (text) => {
    error.textContent = text;
    error.hidden = !text;
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };
  const show = () => {
    const got = readRate(input.value);
    refuse(got.error || '');
    read.textContent = got.error ? '' : readAs(got.cents);
    return got;
  };
  const button = h('button', { type: 'submit', class: 'secondary', 'data-rate-save': '', text: t('dlp_rate_save') });
  const form = h(
    'form',
    {
      class: 'dl-rate',
      novalidate: true,
      'data-rate-setting': '',
      onsubmit: async (e) => {
        e.preventDefault();
        const got = show();
        done.textContent = '';
        if (got.error) return input.focus();
        if (got.cents === rate) {
          drafts.delete(match.id);
          done.textContent = t('dlp_rate_unchanged');
          return undefined;
        }
        button.disabled = true;
        drafts.delete(match.id);
        saving = { id: match.id, rate: got.cents, until: Date.now() + 10000 }; // the board is drawn again with it
        try {
          const body = { rates: { per_fach: got.cents } };
          await store.patchMatch(body, rateKeys.keyFor(body));
          rateKeys.done();
        } catch (err) {
          saving = null;
          drafts.set(match.id, input.value);
          if (err instanceof ApiError) rateKeys.done();
          refuse(err instanceof ApiError ? (err.errors['rates.per_fach'] || problemText(err.problem)) : t('dlp_rate_offline'));
          input.focus();
        } finally {
          button.disabled = false;
        }
        return undefined;
      },
    },
    h('label', { for: id, text: t('dlp_rate') }),
    h('div', { class: 'dl-rate-row' }, input, button),
    read,
    error,
    done,
    lastChange,
    h('p', { class: 'hint', text: t('dlp_rate_hint') }),
  );
  input.addEventListener('input', () => {
    saving = null;
    drafts.set(match.id, input.value);
    done.textContent = '';
    show();
  });
  show();
  if (hadFocus) requestAnimationFrame(() => { input.focus(); input.setSelectionRange(input.value.length, input.value.length); });
  return form;
}

/** The ledger: balances in Fach (and money), who deals, sits out and is Vorn, the last deal. */
export function board(match, { big = false, store = null } = {}) {
  useRate(match);
  const cents = rateOf(match);
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
  return [
    h('h2', { class: 'vh', text: t('dlp_ledger') }),
    h('div', { class: ['dl-board', big && 'is-big'] }, slot),
    h('p', { class: 'hint dl-after' }, t('dlp_after', { n: state.deals || 0 }),
      cents && big ? [' · ', h('span', { 'data-rate-shown': '', text: t('dlp_rate_table', { money: euros(cents) }) })] : null),
    h('p', { class: 'hint dl-legend', text: t('dlp_legend') }),
    big ? sheetSlot : rateField(match, store),
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
  words: DEAL_WORDS,
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
