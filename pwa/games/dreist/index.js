// DREIst! on the phone (seed 003, RULES.md R33-R35, docs/dreist.md). A series (two to five
// players, one game each as starting player): the board is the tally, the cards each had
// left in each game with the running totals, who starts next and who has the fewest cards
// (the lowest total). A solo run against Egon: the board is the ladder (game n: 48 + 2n cards
// against 48 − 2n) and the rating table with the best run marked; below it Egon's turn (referee.js),
// with the display this phone keeps for the match. Its entry form is form.js, its referee
// (a laying judged, Egon's turn) referee.js. The match page (views/match.js) is the shell.

import { h, replace, stylesheet } from '../../dom.js';
import { withEntries } from '../../entries.js';
import { t } from '../../i18n.js';
import { tables } from '../../store.js';
import { RATINGS, SOLO, ratingOf, soloCards } from './solo.js';
import './strings.js';

await stylesheet('/games/dreist/style.css');


export const isSolo = (match) => (match.rules || {}).mode === 'solo' || 'egon_cards' in (match.state || {});
const seriesLength = (match) => match.state.series_length || (match.state.needs || {}).games || match.players.length;
/** Who starts game n (from 1) of a series: clockwise from the first game's starting player. */
function starterOf(match, n) {
  const { players, state } = match;
  const first = state.starter || players[(((players.indexOf(state.starting_player) - state.games) % players.length) + players.length) % players.length];
  return players[(players.indexOf(first) + n - 1) % players.length];
}

// ---- the series tally ------------------------------------------------------------------------

function badge(kind, text) {
  return h('span', { class: `badge ds-badge-${kind}`, text });
}

function standings(match) {
  const { state } = match;
  const leaders = state.leaders || [];
  return h('ol', { class: 'ds-standings', 'data-standings': '' }, match.players.map((name) => h(
    'li',
    { class: [leaders.includes(name) && 'is-leader'], 'data-player': name, 'data-total': (state.totals || {})[name] || 0 },
    h('span', { class: 'ds-name' }, h('span', { text: name }), h('span', { class: 'badges' },
      state.starting_player === name ? badge('starts', t('dsp_starts', { n: state.games + 1 })) : null,
      leaders.includes(name) ? badge('leads', t(state.finished ? 'dsp_won_series' : 'dsp_leads')) : null)),
    h('span', { class: 'ds-total', text: String((state.totals || {})[name] || 0) }),
  )));
}

/** A row per game, a column per player: the cards left (big) and the running total (small). */
function tally(match, entered) {
  const players = match.players;
  const running = Object.fromEntries(players.map((p) => [p, 0]));
  const rows = [];
  const known = entered || [];
  for (let n = 1; n <= Math.max(seriesLength(match), known.length); n += 1) {
    const e = known[n - 1];
    const left = e ? e.result.remaining || e.remaining || {} : null;
    rows.push(h(
      'tr',
      { class: [!e && 'is-future', e && e.abandoned && 'is-abandoned'], 'data-game': n },
      h('th', { scope: 'row' }, h('span', { text: t('dsp_game_short', { n }) }),
        h('small', { text: e && e.abandoned ? t('dsp_abandoned') : t(e ? 'dsp_began' : 'dsp_started', { name: starterOf(match, n) }) })),
      players.map((p) => {
        if (!left) return h('td', { text: n === match.state.games + 1 && !entered ? '…' : '' });
        running[p] += left[p] || 0;
        return h('td', { class: [left[p] === 0 && 'is-out'], 'data-left': left[p] },
          h('b', { text: left[p] === 0 ? t('dsp_out_mark') : String(left[p] ?? '–') }),
          h('small', { text: String(running[p]) }));
      }),
    ));
  }
  return h(
    'table',
    { class: 'ds-tally', 'data-tally': '' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('dsp_col_game') }), players.map((p) => h('th', { scope: 'col', text: p })))),
    h('tbody', {}, rows),
    h('tfoot', {}, h('tr', {},
      h('th', { scope: 'row', text: t('dsp_total') }),
      players.map((p) => h('td', { class: [(match.state.leaders || []).includes(p) && 'is-leader'] }, h('b', { text: String((match.state.totals || {})[p] || 0) }))))),
  );
}

function seriesBoard(match, big) {
  const slot = h('div', { class: 'ds-tally-scroll', 'data-tally-slot': '' });
  withEntries(match, slot, (entered) => tally(match, entered), { placeholder: true });
  return [
    h('h2', { class: 'vh', text: t('dsp_tally') }),
    h('div', { class: ['ds-board', big && 'is-big'] }, standings(match), slot),
    h('p', { class: 'hint ds-legend', text: t('dsp_legend') }),
  ];
}

// ---- the solo ladder -------------------------------------------------------------------------

/** The games of the run: played, the one now, two more, then the last; lost marked. */
function ladder(match) {
  const { state } = match;
  const won = state.games_won ?? (state.finished && state.best ? Math.round((state.best - SOLO.base) / SOLO.step) : state.game - 1);
  const lost = state.finished && won < SOLO.last ? won + 1 : null;
  const upto = Math.min(SOLO.last, Math.max(won + 3, 5));
  const row = (n) => {
    const status = n <= won ? 'won' : n === lost ? 'lost' : !state.finished && n === state.game ? 'now' : 'later';
    return h('tr', { class: `is-${status}`, 'data-game': n, 'data-status': status },
      h('th', { scope: 'row', text: t('dsp_game_short', { n }) }),
      h('td', { class: 'ds-vs' }, h('b', { text: String(soloCards(n)) }), h('span', { text: ' : ' }), h('span', { text: String(96 - soloCards(n)) })),
      h('td', { class: 'ds-status', text: status === 'later' ? '' : t(`dsp_solo_${status}`) }));
  };
  const rows = Array.from({ length: upto }, (_, i) => row(i + 1));
  if (upto < SOLO.last) rows.push(h('tr', { class: 'is-gap', 'aria-hidden': 'true' }, h('td', { colspan: 3, text: '⋮' })), row(SOLO.last));
  return h('table', { class: 'ds-ladder', 'data-ladder': '' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('dsp_col_game') }),
      h('th', { scope: 'col', text: t('dsp_col_vs') }),
      h('th', { scope: 'col', text: t('dsp_col_result') }))),
    h('tbody', {}, rows));
}

function ratings(best) {
  const mine = ratingOf(best);
  return h('table', { class: 'ds-ratings', 'data-ratings': '' },
    h('caption', { text: t('dsp_ratings') }),
    h('tbody', {}, RATINGS.map(([least, name], i) => h('tr', { class: [name === mine && 'is-mine'], 'data-rating': name },
      h('th', { scope: 'row', text: i === RATINGS.length - 1 ? t('dsp_cards_or_more', { n: least }) : t('dsp_cards_n', { n: least }) }),
      h('td', {}, h('span', { text: t(`dsp_rating_${name}`) }), name === mine ? h('b', { class: 'ds-mine', text: t('dsp_your_best') }) : null)))));
}

function soloBoard(match, big) {
  const { state } = match;
  return [
    h('h2', { class: 'vh', text: t('dsp_ladder') }),
    h('div', { class: ['ds-board ds-solo', big && 'is-big'] },
      h('p', { class: 'ds-best', 'data-best': state.best || '' }, state.best
        ? t(state.finished ? 'dsp_best_final' : 'dsp_best', { n: state.best, rating: t(`dsp_rating_${state.rating || ratingOf(state.best)}`) })
        : t(state.finished ? 'dsp_best_none_over' : 'dsp_best_none')),
      h('div', { class: 'ds-solo-grid' }, ladder(match), ratings(state.best))),
    h('p', { class: 'hint ds-legend', text: t('dsp_solo_legend') }),
  ];
}

export function board(match, { big = false } = {}) {
  return isSolo(match) ? soloBoard(match, big) : seriesBoard(match, big);
}

// ---- Egon's turn in a solo match: the referee's tool, kept per match --------------------------

const egon = new Map(); // match id -> {el, view}

export function extras(match) {
  if (!isSolo(match) || match.state.finished) return null;
  let got = egon.get(match.id);
  if (!got) {
    got = { el: h('section', { class: 'card ds-egon-card', 'data-egon-panel': '' }, h('p', { class: 'hint', text: t('dsp_loading') })), view: null };
    egon.set(match.id, got);
    import('./referee.js').then(({ mountEgon }) => {
      const token = (tables.get(match.id) || {}).token;
      got.view = mountEgon(got.el, { id: match.id, token, match });
    }, () => replace(got.el, h('p', { class: 'hint', text: t('dsp_egon_offline') })));
  } else if (got.view) got.view.relabel();
  return got.el;
}

// ---- the header ------------------------------------------------------------------------------

export function title(match) {
  const { state } = match;
  if (isSolo(match)) return state.finished ? t('dsp_title_solo_over') : t('dsp_title_solo', { n: state.game });
  if (state.finished) return t('dsp_title_over');
  return t('dsp_title', { n: state.games + 1, of: seriesLength(match) });
}

/** Who starts the next game (R33); solo: how many cards each side has (R34). */
export function next(match, { pending = 0 } = {}) {
  const { state } = match;
  if (state.finished) return '';
  if (isSolo(match)) {
    if (pending) return t('dsp_next_solo_pending', { n: pending });
    return t('dsp_next_solo', { n: state.game, mine: state.player_cards, egon: state.egon_cards });
  }
  const n = state.games + 1 + pending;
  if (n > seriesLength(match)) return t('dsp_next_pending_last', { n: pending });
  const name = starterOf(match, n);
  return pending ? t('dsp_next_pending', { name, n, k: pending }) : t('dsp_next', { name, n });
}

export function summary(match) {
  const { state } = match;
  if (isSolo(match)) {
    return state.best ? t('dsp_summary_solo', { n: state.best, rating: t(`dsp_rating_${state.rating || ratingOf(state.best)}`) }) : t('dsp_summary_solo_new');
  }
  if (!state.games) return t('dsp_summary_new');
  return t('dsp_summary', { n: state.games, names: state.leaders || [], total: Math.min(...Object.values(state.totals || { x: 0 })) });
}

export function ranking(match) {
  const { state } = match;
  if (isSolo(match)) {
    return h('section', { class: 'card ranking', 'data-ranking': '' },
      h('h2', { text: t('dsp_ranking_solo') }),
      h('p', { class: 'ds-best', text: state.best ? t('dsp_final_rating', { rating: t(`dsp_rating_${state.rating || ratingOf(state.best)}`) }) : t('dsp_best_none_over') }));
  }
  const totals = state.totals || {};
  const order = match.players.slice().sort((a, b) => (totals[a] || 0) - (totals[b] || 0));
  return h('section', { class: 'card ranking', 'data-ranking': '' },
    h('h2', { text: t('dsp_ranking') }),
    h('ol', { class: 'ranking-list' }, order.map((name) => h('li', { class: [(state.leaders || []).includes(name) && 'is-winner'] },
      h('span', { class: 'rank-name', text: name }),
      h('span', { class: 'rank-count', text: t('dsp_cards_left', { n: totals[name] || 0 }) })))));
}

// ---- the history -----------------------------------------------------------------------------

/** What was entered, in a line: "Anna 0 · Benno 12 · Carla 7" / "won". */
export function facts(entry) {
  if (entry.remaining) {
    const parts = Object.entries(entry.remaining).map(([name, n]) => `${name} ${n}`);
    if (entry.abandoned) parts.push(t('dsp_abandoned'));
    return parts.join(' · ');
  }
  if (entry.result) return ''; // solo: the tag and the outcome say it
  if (entry.won === true) return t('dsp_fact_won');
  if (entry.won === false) return t('dsp_fact_lost');
  return '';
}

/** What the game decided: who went out, or how the game against Egon ended. */
export function outcome(result) {
  if (!result || !result.game) return '';
  if (result.won !== undefined && result.won !== null) {
    const cards = result.cards || soloCards(result.game);
    return t(result.won ? 'dsp_out_won' : 'dsp_out_lost', { mine: cards, egon: 96 - cards });
  }
  const left = result.remaining || {};
  const out = Object.keys(left).filter((name) => left[name] === 0);
  return out.length ? t('dsp_out_finisher', { name: out[0] }) : t('dsp_out_abandoned');
}

export function details() {
  return null;
}

export function tag(entry) {
  const result = entry.result || {};
  return h('span', { class: 'ds-tags' },
    entry.abandoned ? h('span', { class: 'badge', 'data-abandoned': '', text: t('dsp_abandoned') }) : null,
    result.won === true ? h('span', { class: 'badge badge-win', text: t('dsp_fact_won') }) : null,
    result.won === false ? h('span', { class: 'badge badge-lost', text: t('dsp_fact_lost') }) : null);
}

export function question(ruling) {
  const q = ruling.question || {};
  if (ruling.kind === 'egon') return t('dsp_prec_egon', { n: (q.turned || []).length });
  return t('dsp_prec_lay', { n: (q.lay || []).flat().length });
}

export function handTitle(seq) {
  return t('dsp_game_n', { seq });
}

/** The shell's history in DREIst!'s words: a series or a run is entered game by game. */
export const words = {
  recent: 'dsp_recent',
  history: 'dsp_history',
  no_hands: 'dsp_no_games',
  show_all: 'dsp_show_all',
  correct_n: 'dsp_correct_n',
  void_n: 'dsp_void_n',
  void_confirm: 'dsp_void_confirm',
  voided_ok: 'dsp_voided_ok',
  pending_form: 'dsp_pending_form',
};

export default {
  name: 'dreist',
  handTitle,
  words,
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
  form: async (store, options) => new (await import('./form.js')).DreistEntryForm(store, options),
  referee: () => import('./referee.js'),
};
