// Sixty-Six / Schnapsen on the phone: its board (the wooden Bummerl counter, RULES.md R22:
// per player seven large beads on the outer arc for the running Bummerl, counting down from
// 7, and small beads on the inner arc for the Bummerl received, drawn from the state as SVG so it
// scales and prints), the end of a Bummerl, the table of Bummerl played, the final result,
// the lines of the history, its entry form (form.js, loaded after the board is shown) and
// its referee (referee.js, loaded when asked). The match page (views/match.js) is the shell
// around it; everything renders from what the server sends (docs/sixtysix.md).
//
// Two players usually share one phone lying between them: "phone between us" turns the
// first player's counter round, so each reads his own from his side of the table.

import { cardName, suitIcon } from '../../cards/german.js';
import { h, ruleLink, s, stylesheet, uid } from '../../dom.js';
import { DEAL_WORDS, lang, suitName, t } from '../../i18n.js';
import './strings.js';

// The game's own styles: a file of its own (style.css), linked when the game is
// first opened, and waited for, so the counter is never drawn unstyled.
await stylesheet('/games/sixtysix/style.css');

export const BUMMERL_POINTS = 7;
const FACING_KEY = 'kreide.sixtysix.facing';

const capital = (text) => (text ? text.charAt(0).toLocaleUpperCase(lang) + text.slice(1) : text);
const variantName = (variant) => t(`s66_variant_${variant === 'schnapsen' ? 'schnapsen' : 'sixtysix'}`);
const other = (players, name) => (players[0] === name ? players[1] : players[0]);
/** Bummerl won by a player: the ones his opponent received (the state counts received). */
export const bummerlWon = (state, players, name) => ((state.bummerl || {})[other(players, name)] || 0);
/** Bummerl a player has received (R22: what the match is played to; Austrian tables count these). */
const bummerlReceived = (state, name) => (state.bummerl || {})[name] || 0;
/** "no Bummerl yet", "1 Bummerl received" / "noch kein Bummerl", "ein Bummerl bekommen". */
const receivedText = (n) => (n ? t('s66_received', { n }) : t('s66_received_none'));

// ---- the Bummerl counter -------------------------------------------------------------

// Geometry in a 240 × 130 plank: two concentric half circles round (120, 120). The outer
// wire holds the seven large beads, the inner one the small beads. Beads still to win rest
// at the left end; a bead moves to the right end for every game point won.
const CX = 120;
const CY = 120;
const OUTER = { r: 100, bead: 10, gap: 0.9 };
const INNER = { r: 60, bead: 6.5, gap: 1.6 };
const END = 0.125; // radians between a wire's end and its first bead

function beadAt(wire, slot, moved) {
  const step = (2 * wire.bead + wire.gap) / wire.r;
  const angle = moved ? END + slot * step : Math.PI - END - slot * step;
  return { cx: round(CX + wire.r * Math.cos(angle)), cy: round(CY - wire.r * Math.sin(angle)) };
}

const round = (x) => Math.round(x * 100) / 100;

function beads(wire, total, moved, cls) {
  const out = [];
  const rest = Math.max(0, total - moved);
  for (let i = 0; i < rest; i += 1) out.push(s('circle', { class: cls, r: wire.bead, ...beadAt(wire, i, false) }));
  for (let j = 0; j < moved; j += 1) out.push(s('circle', { class: `${cls} is-moved`, r: wire.bead, ...beadAt(wire, j, true), 'data-moved': '' }));
  return out;
}

/**
 * One player's counter.
 * @param {{score: number, received: number, slots: number, label: string}} p
 *   score: game points still to go (7 … 0); received: Bummerl received; slots: small beads on the
 *   inner wire (the Bummerl a match is played to, more after a Schneider).
 */
export function counter({ score, received, slots, label }) {
  const left = Math.max(0, Math.min(BUMMERL_POINTS, score));
  const gained = BUMMERL_POINTS - left;
  const wood = uid('s66wood');
  return s(
    'svg',
    { viewBox: '0 0 240 130', role: 'img', 'aria-label': label, class: 's66-counter', 'data-score': left, 'data-received': received },
    s('defs', {}, s('linearGradient', { id: wood, x1: 0, y1: 0, x2: 1, y2: 1 },
      s('stop', { offset: '0', class: 's66-wood-a' }),
      s('stop', { offset: '0.55', class: 's66-wood-b' }),
      s('stop', { offset: '1', class: 's66-wood-a' }))),
    s('rect', { class: 's66-plank', x: 2, y: 2, width: 236, height: 126, rx: 14, fill: `url(#${wood})` }),
    s('path', { class: 's66-grain', d: 'M14 30 Q80 22 150 34 T230 28 M10 70 Q60 62 120 72 T232 66 M16 104 Q90 98 170 108 T228 102' }),
    s('path', { class: 's66-wire', d: arc(OUTER.r) }),
    s('path', { class: 's66-wire', d: arc(INNER.r) }),
    beads(OUTER, BUMMERL_POINTS, gained, 's66-bead'),
    beads(INNER, Math.max(slots, received), received, 's66-bead s66-bead-small'),
    s('text', { class: 's66-numeral', x: CX, y: CY - 4, 'text-anchor': 'middle', 'aria-hidden': 'true' }, String(left)),
  );
}

function arc(r) {
  return `M${CX - r} ${CY + 2} A${r} ${r} 0 0 1 ${CX + r} ${CY + 2}`;
}

function badge(kind, text) {
  return h('span', { class: `badge badge-${kind}`, text });
}

function playerFigure(match, name, { facing }) {
  const { state } = match;
  const score = (state.score || {})[name] ?? BUMMERL_POINTS;
  const won = bummerlWon(state, match.players, name);
  const received = bummerlReceived(state, name);
  const live = !state.finished;
  const badges = [];
  if (state.finished && state.winner === name) badges.push(badge('win', t('s66_winner_mark')));
  if (live && state.dealer === name) badges.push(badge('deal', t('s66_deals')));
  if (live && state.forehand === name) badges.push(badge('lead', t('s66_leads')));
  const label = t('s66_counter_label', { name, score: Math.max(0, score), received: receivedText(received) });
  return h(
    'figure',
    {
      class: ['s66-player', facing && 'is-facing', state.finished && state.winner === name && 'is-winner'],
      'data-player': name,
      'data-score': score,
      'data-won': won,
      'data-received': received,
    },
    h('div', { class: 's66-frame' }, counter({ score, received, slots: state.target || 2, label })),
    h(
      'figcaption',
      { class: 's66-caption' },
      h('span', { class: 's66-name', text: name }),
      h('span', { class: 's66-line', 'aria-hidden': 'true' },
        h('b', { class: 's66-togo', text: t('s66_to_go', { n: Math.max(0, score) }) }),
        h('span', { class: 's66-received', text: receivedText(received) })),
      badges.length ? h('span', { class: 'badges' }, badges) : null,
    ),
  );
}

function facingNow() {
  try {
    return localStorage.getItem(FACING_KEY) === '1';
  } catch {
    return false;
  }
}

/** R22: a Bummerl has just ended (and the match goes on): who won it, who got it, Schneider. */
function ended(match) {
  const { state } = match;
  const last = (state.bummerls || [])[state.bummerls.length - 1];
  if (!last || state.finished || state.deals_in_bummerl !== 0) return null;
  let schneider = null;
  if (last.schneider) schneider = t(last.count > 1 ? 's66_ended_schneider' : 's66_ended_schneider_single', { loser: last.loser });
  return h(
    'section',
    { class: 'card s66-ended', 'data-bummerl-ended': last.number, role: 'status' },
    h('h2', { text: t('s66_ended_title', { n: last.number }) }),
    h('p', { text: t('s66_ended_text', { winner: last.winner, loser: last.loser, count: last.count }) }),
    schneider ? h('p', { class: 's66-schneider', text: schneider }) : null,
    h('p', { class: 'hint', text: t('s66_ended_next') }),
  );
}

/** The Bummerl counter of both players, what is waiting (R21) and what the match is played to. */
export function board(match) {
  const { state } = match;
  const players = match.players;
  const facing = facingNow();
  const grid = h('div', { class: ['s66-board', facing && 'is-facing'], 'data-s66-board': '' },
    players.map((name, i) => playerFigure(match, name, { facing: facing && i === 0 })));
  const toggle = h('button', {
    type: 'button',
    class: 'secondary small s66-facing',
    'aria-pressed': String(facing),
    'data-facing': '',
    text: t('s66_facing', { name: players[0] }),
    onclick: () => {
      const now = !facingNow();
      try {
        localStorage.setItem(FACING_KEY, now ? '1' : '0');
      } catch {
        // private mode: for this page only
      }
      toggle.setAttribute('aria-pressed', String(now));
      grid.classList.toggle('is-facing', now);
      const first = grid.querySelector('.s66-player');
      if (first) first.classList.toggle('is-facing', now);
    },
  });
  const rules = state.rules || {};
  return [
    ended(match),
    h('h2', { class: 'vh', text: t('s66_counter') }),
    grid,
    state.carry > 0 && !state.finished
      ? h('p', { class: 's66-carry', 'data-carry': state.carry }, ruleLink('R21'), ' ', t('s66_carry', { n: state.carry }))
      : null,
    h('p', { class: 'hint s66-target', 'data-target': state.target },
      t('s66_target', { n: state.target }), ' ',
      t(rules.tournament === 'true' ? 's66_schneider_single' : 's66_schneider_double')),
    h('p', { class: 'hint s66-legend' }, t('s66_legend')),
    h('p', { class: 's66-facing-row' }, toggle),
  ];
}

// ---- the header ---------------------------------------------------------------------

/** "Bummerl 2 · deal 3" / "2. Bummerl · 3. Spiel". */
export function title(match) {
  const { state } = match;
  if (state.finished) return t('s66_finished');
  return t('s66_title', { b: state.bummerl_number, d: (state.deals_in_bummerl || 0) + 1 });
}

/** Who deals and who leads; with deals waiting in the outbox, who deals after them (R23: it alternates). */
export function next(match, { pending = 0 } = {}) {
  const { state } = match;
  if (state.finished) return state.winner ? t('s66_winner', { name: state.winner }) : '';
  if (!state.dealer) return '';
  if (pending) {
    const dealer = pending % 2 ? other(match.players, state.dealer) : state.dealer;
    return t('s66_next_pending', { dealer, n: pending });
  }
  return t('s66_next', { dealer: state.dealer, forehand: state.forehand || other(match.players, state.dealer) });
}

/** One line for the list of tables on the home page. */
export function summary(match) {
  const { state } = match;
  const game = variantName(state.variant || (state.rules || {}).variant);
  if (state.finished) return t('s66_summary_finished', { game, name: state.winner || '' });
  return t('s66_summary', { game, b: state.bummerl_number, d: (state.deals_in_bummerl || 0) + 1 });
}

// ---- the end of the match -------------------------------------------------------------

/** R22: who won the match, and the Bummerl each received. */
export function ranking(match) {
  const { state } = match;
  const received = (name) => bummerlReceived(state, name);
  const order = match.players.slice().sort((a, b) => (b === state.winner) - (a === state.winner) || received(a) - received(b));
  return h(
    'section',
    { class: 'card ranking s66-ranking', 'data-ranking': '' },
    h('h2', { text: t('s66_ranking') }),
    h('p', { class: 's66-final', text: state.winner ? t('s66_winner', { name: state.winner }) : '' }),
    h(
      'ol',
      { class: 'ranking-list' },
      order.map((name, i) =>
        h(
          'li',
          { class: name === state.winner && 'is-winner', value: i + 1, 'data-rank': name },
          h('span', { class: 'rank-name', text: name }),
          h('span', { class: 'rank-count', text: receivedText(received(name)) }),
          name === state.winner ? h('span', { class: 'badge badge-win', text: t('s66_winner_mark') }) : null,
        ),
      ),
    ),
  );
}

/** The Bummerl played: number, who won it, who got it (and how many: Schneider), its deals. */
export function extras(match) {
  const { state } = match;
  const done = state.bummerls || [];
  const rows = done.map((b) =>
    h(
      'tr',
      { 'data-bummerl': b.number },
      h('td', { text: String(b.number) }),
      h('td', { text: b.winner }),
      h('td', {},
        b.loser,
        h('span', { class: 's66-dots', 'aria-hidden': 'true', text: '●'.repeat(b.count) }),
        h('span', { class: 'vh', text: ` ${t('s66_count', { n: b.count })}` }),
        b.schneider ? [h('br'), h('span', { class: 'badge s66-schneider-tag', text: t('s66_schneider') })] : null),
      h('td', { text: String(b.deals) }),
    ),
  );
  if (!state.finished) {
    rows.push(h(
      'tr',
      { class: 'is-current' },
      h('td', { text: String(state.bummerl_number) }),
      h('td', { text: t('s66_running') }),
      h('td', { text: '' }),
      h('td', { text: String(state.deals_in_bummerl || 0) }),
    ));
  }
  return h(
    'section',
    { class: 'card', 'data-bummerls': '' },
    h('h2', { text: t('s66_bummerls') }),
    h(
      'table',
      { class: 'subgames s66-bummerls' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col', text: t('s66_col_no') }),
        h('th', { scope: 'col', text: t('s66_col_winner') }),
        h('th', { scope: 'col', text: t('s66_col_loser') }),
        h('th', { scope: 'col', text: t('s66_col_deals') }))),
      h('tbody', {}, rows),
    ),
  );
}

// ---- the history --------------------------------------------------------------------

/** How the deal ended, in a phrase: the ending and who it turned on. */
function endingFacts(entry, ending) {
  const parts = [];
  // after a closing entered without claim, the server says who claimed (R23: the closer, when the figures fall short)
  const claimer = entry.claim || (entry.result || {}).claim;
  switch (ending) {
    case 'claim':
      if (entry.claim) parts.push(t('s66_fact_claim', { name: entry.claim }));
      break;
    case 'played_out':
      parts.push(entry.last_trick ? t('s66_fact_played_out', { name: entry.last_trick }) : t('s66_fact_played_out_plain'));
      break;
    case 'closed': {
      const closer = entry.closed_by;
      if (closer) {
        let key = 's66_fact_closed';
        if (entry.closed_after === 0) key = 's66_fact_closed_first';
        else if (Number.isInteger(entry.closed_after)) key = 's66_fact_closed_after';
        parts.push(t(key, { name: closer, n: entry.closed_after }));
      }
      const opponent = closer && entry.points ? Object.keys(entry.points).find((p) => p !== closer) : null;
      if (entry.at_close && opponent) parts.push(t('s66_fact_at_close', { name: opponent, points: entry.at_close.points, tricks: entry.at_close.tricks }));
      if (claimer && claimer === closer) parts.push(t('s66_fact_closer_claimed', { name: claimer }));
      else if (claimer) parts.push(t('s66_fact_claimed_first', { name: claimer }));
      else if (closer && entry.result) parts.push(t('s66_fact_no_claim'));
      break;
    }
    case 'renonce':
      if (entry.renonce_by) parts.push(t('s66_fact_renonce', { name: entry.renonce_by }));
      break;
    default:
  }
  return parts;
}

/** What was entered, as a sentence: "Anna claimed 66; Anna 70 card points, 4 tricks · …; forty in Hearts by Anna". */
export function facts(entry) {
  const result = entry.result || {};
  const parts = [];
  const dealer = entry.dealer || result.dealer;
  if (dealer) parts.push(t('s66_fact_dealer', { name: dealer }));
  parts.push(...endingFacts(entry, entry.ended_by || result.ended_by));
  if (entry.points && Object.keys(entry.points).length) {
    parts.push(Object.keys(entry.points)
      .map((name) => t('s66_fact_figures', { name, points: entry.points[name], tricks: (entry.tricks || {})[name] ?? '–' }))
      .join(' · '));
  }
  if (entry.plays) parts.push(t('s66_fact_plays'));
  if (isQuick(entry)) parts.push(t('s66_fact_quick'));
  if (entry.exchange && entry.exchange.player) parts.push(t('s66_fact_exchange', { name: entry.exchange.player }));
  if (entry.trump) parts.push(t('s66_fact_trump', { suit: suitName(entry.trump) }));
  for (const meld of entry.melds || []) {
    let key = 's66_fact_meld';
    if (entry.trump) key = meld.suit === entry.trump ? 's66_fact_forty' : 's66_fact_twenty';
    parts.push(t(key, { suit: suitName(meld.suit), name: meld.player }));
  }
  return capital(parts.join('; '));
}

const scoreLine = (score) => Object.keys(score).map((name) => `${name} ${score[name]}`).join(' · ');

/** What the deal decided: the game points and who won them, the tie, the Bummerl, the match. */
export function outcome(result) {
  if (!result || result.winner === undefined) return ''; // voided, or not decided yet
  const parts = [];
  if (result.winner) {
    parts.push(t('s66_out_wins', { name: result.winner, n: result.game_points }));
    if (result.carry_used) parts.push(t('s66_out_carry_used', { n: result.carry_used }));
  } else if (result.carry) parts.push(t('s66_out_tie', { n: result.carry }));
  else parts.push(t('s66_out_nobody'));
  const b = result.bummerl;
  if (b) {
    parts.push(t('s66_out_bummerl', { winner: b.winner, loser: b.loser, n: b.number, count: b.count }));
    if (b.schneider) parts.push(t('s66_out_schneider'));
  }
  if (result.finished && b) parts.push(t('s66_out_finished', { name: b.winner }));
  else if (result.score && !b) parts.push(t('s66_out_score', { list: scoreLine(result.score) }));
  return parts.join(' ');
}

/** The card points the engine counted (marriages and the last trick included); for a deal entered trick by trick, what the plays came to. */
export function details(result) {
  if (!result) return null;
  const derived = result.derived;
  const totals = result.totals || {};
  return [
    derived && derived.points
      ? h('p', { class: 'facts', 'data-derived': '', text: capital(Object.keys(derived.points)
        .map((name) => t('s66_fact_figures', { name, points: derived.points[name], tricks: (derived.tricks || {})[name] ?? 0 }))
        .join(' · ')) })
      : null,
    Object.keys(totals).length && result.ended_by !== 'renonce'
      ? h('p', { class: 'facts s66-totals', 'data-totals': '', text: t('s66_totals', { list: scoreLine(totals) }) })
      : null,
  ];
}

/** A deal entered quickly: who won and his game points, no figures (API.md, "a quick deal"). */
const isQuick = (entry) => entry.winner !== undefined || (entry.result || {}).quick === true;

/** How the deal ended and its trump, as small tags in the history; a quick deal says it has no figures. */
export function tag(entry) {
  const ending = entry.ended_by || (entry.result || {}).ended_by;
  return h(
    'span',
    { class: 's66-tags' },
    ending ? h('span', { class: `badge s66-end s66-end-${ending}`, 'data-ending': ending, text: t(`s66_end_${ending}`) }) : null,
    isQuick(entry) ? h('span', { class: 'badge s66-quick-tag', 'data-quick': '', text: t('s66_quick_tag') }) : null,
    entry.trump ? h('span', { class: 'trump-tag' }, suitIcon(entry.trump), suitName(entry.trump)) : null,
  );
}

/** A saved ruling's question, in a line. */
export function question(ruling) {
  const q = ruling.question || {};
  if (ruling.kind === 'stock') return t(q.action === 'close' ? 's66_prec_close' : 's66_prec_exchange');
  if (ruling.kind === 'actions') return t('s66_prec_actions', { n: (q.hand || []).length });
  if (ruling.kind === 'hand') return t('s66_prec_hand', { n: (q.plays || []).length });
  return t('s66_prec_play', { card: q.card ? cardName(q.card) : '?' });
}

/** A deal's heading in the history: "Deal 3" / "Spiel 3". */
export function handTitle(seq) {
  return t('s66_deal_n', { seq });
}

export default {
  name: 'sixtysix',
  handTitle,
  words: DEAL_WORDS,
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
  // the entry form loads after the counter is on screen
  form: async (store, options) => new (await import('./form.js')).SixtySixEntryForm(store, options),
  referee: () => import('./referee.js'),
};
