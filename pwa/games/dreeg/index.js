// Dreeg on the phone: its board (the chalk slates: a Roman XII for the 7 strokes of a
// sub-game, RULES.md R2, and the blobs, Bollen, in its corner, drawn from the state as SVG
// so they scale and print; the end of a sub-game, the table of sub-games, the final ranking),
// the lines of the history, its entry form (form.js, loaded after the board is shown) and its
// referee (referee.js, loaded when asked). The match page (views/match.js) is the shell
// around it; everything renders from what the server sends.

import { cardName, suitIcon } from '../../cards/german.js';
import { h, s } from '../../dom.js';
import { lang, list, suitName, t } from '../../i18n.js';
import './strings.js';

const subgameName = (type) => t(`subgame_${type}`);

/**
 * What this phone's entry form holds of the hand being played, by match id: {seq, trump,
 * called} (trump '' for none, null while not chosen). The referee opened from the match starts
 * from it: the match's sub-game and players, and the trump and called card as they stand.
 */
export const drafts = new Map();
const capital = (text) => (text ? text.charAt(0).toLocaleUpperCase(lang) + text.slice(1) : text);

// ---- the board: slates, the end of a sub-game, the sub-games, the ranking ----


export const STROKES_PER_SUBGAME = 7;

/**
 * The order in which strokes are erased (R2): the centre of the X first, then the two I,
 * then the four arms of the X. With n strokes left, the first 7 − n of these are wiped.
 */
export const ERASE_ORDER = Object.freeze([
  'x-centre',
  'i-right',
  'i-left',
  'x-arm-ne',
  'x-arm-se',
  'x-arm-sw',
  'x-arm-nw',
]);

// Hand-drawn geometry in a 180 × 120 board: quadratic paths with a little wobble, as
// chalk never runs straight. The X crosses at (50, 62).
const PATHS = {
  'x-arm-nw': 'M22 26 Q35 43 50 62',
  'x-arm-ne': 'M79 25 Q63 42 50 62',
  'x-arm-sw': 'M21 99 Q36 81 50 62',
  'x-arm-se': 'M80 100 Q64 80 50 62',
  'x-centre': 'M39 63 Q50 60 61 62.5',
  'i-left': 'M101 25 Q99.5 62 101 100',
  'i-right': 'M122 26 Q123.5 63 121 99',
};

// Blob places in the top-right corner: two columns of four (eight sub-games at most).
const BLOB_X = [148, 165];
const BLOB_Y0 = 21;
const BLOB_STEP = 17;

/** Which strokes are still on the slate, given how many are left. */
export function erasedStrokes(left) {
  const n = Math.max(0, Math.min(STROKES_PER_SUBGAME, STROKES_PER_SUBGAME - left));
  return new Set(ERASE_ORDER.slice(0, n));
}

export function slateLabel(name, strokes, blobs) {
  return t('slate_label', { name, strokes, blobs });
}

/**
 * One player's slate.
 * @param {{name: string, strokes: number, blobs: number, out?: boolean, lost?: number|null,
 *          winner?: boolean, dealer?: boolean, forehand?: boolean}} p
 */
export function slate(p) {
  const strokes = Number.isFinite(p.strokes) ? p.strokes : STROKES_PER_SUBGAME;
  const blobs = Math.max(0, p.blobs || 0);
  const erased = erasedStrokes(strokes);

  const chalk = ERASE_ORDER.slice()
    .reverse()
    .map((id) =>
      s('path', {
        d: PATHS[id],
        class: erased.has(id) ? 'stroke erased' : 'stroke',
        filter: erased.has(id) ? 'url(#smudge)' : null,
        'data-stroke': id,
        'data-erased': erased.has(id) ? '' : null,
      }),
    );
  const dots = [];
  for (let i = 0; i < blobs; i += 1) {
    const col = Math.floor(i / 4) % 2;
    const row = i % 4;
    dots.push(
      s('circle', {
        class: 'blob',
        cx: BLOB_X[col] - (row % 2) * 0.8,
        cy: BLOB_Y0 + row * BLOB_STEP + col * 0.7,
        r: 6.6 + ((i * 7) % 3) * 0.3,
      }),
    );
  }

  const svg = s(
    'svg',
    {
      viewBox: '0 0 180 120',
      role: 'img',
      'aria-label': slateLabel(p.name, strokes, blobs),
      class: 'slate-svg',
    },
    s('rect', { class: 'board', x: 0, y: 0, width: 180, height: 120, rx: 6 }),
    s('g', { class: 'chalk' }, chalk, dots), // the chalk grain: .chalky .chalk in app.css
  );

  const badges = [];
  if (p.winner) badges.push(badge('win', t('winner_mark')));
  if (p.lost) badges.push(badge('lost', t('loser', { n: p.lost })));
  if (p.out) badges.push(badge('out', t('dropped')));
  if (p.dealer) badges.push(badge('deal', t('deals')));
  if (p.forehand) badges.push(badge('lead', t('leads')));

  return h(
    'figure',
    {
      class: ['slate', p.out && 'is-out', p.lost && 'is-lost', p.winner && 'is-winner'],
      'data-player': p.name,
      'data-strokes': strokes,
      'data-blobs': blobs,
    },
    h('div', { class: 'frame' }, svg),
    h(
      'figcaption',
      {},
      h('span', { class: 'slate-name', text: p.name }),
      h('span', { class: 'slate-count', 'aria-hidden': 'true', text: t('strokes', { n: strokes }) }),
      badges.length ? h('span', { class: 'badges' }, badges) : null,
    ),
  );
}

function badge(kind, text) {
  return h('span', { class: `badge badge-${kind}`, text });
}

/** The page title: "Sub-game 2 of 8: Ace of Hearts" / "Runde 2 von 8: Herz-Ass". */
export function title(match) {
  const { state } = match;
  return state.finished ? t('finished') : t('subgame_of', { n: state.subgame.number, type: subgameName(state.subgame.type) });
}

/** What happens next. With hands waiting in the outbox, who deals after them (the server's turn order). */
export function next(match, { pending = 0 } = {}) {
  const { state } = match;
  const needs = state.needs;
  if (state.finished) return (state.winners || []).length ? t('winners', { names: state.winners }) : '';
  if (pending && needs && needs.next_dealers) {
    const dealer = needs.next_dealers[(pending - 1) % needs.next_dealers.length];
    return t('next_after_pending', { dealer, n: pending });
  }
  if (state.dealer === null && (state.chooser || []).length) return t('choose_dealer', { chooser: state.chooser });
  if (!state.dealer) return '';
  return state.forehand ? t('next_deal', { dealer: state.dealer, forehand: state.forehand }) : t('next_deal_only', { dealer: state.dealer });
}

/** One line for the list of tables on the home page. */
export function summary(match) {
  const { state } = match;
  if (state.finished) return t('summary_finished', { names: state.winners || [] });
  return t('summary', { n: state.subgame.number, type: subgameName(state.subgame.type) });
}

function slates(match, { strokes = null, mini = false } = {}) {
  const { state } = match;
  const last = (state.subgames || [])[state.subgames.length - 1];
  const ended = last && (state.dealer === null || state.finished);
  const marked = ended ? new Set(last.losers || []) : new Set();
  const active = new Set(state.active || []);
  const winners = new Set(state.finished ? state.winners || [] : []);
  const live = !mini && !state.finished;
  return h(
    'div',
    { class: ['slate-grid', mini && 'is-mini'] },
    match.players.map((name) =>
      slate({
        name,
        strokes: strokes ? strokes[name] : state.strokes ? state.strokes[name] : undefined,
        blobs: state.blobs ? state.blobs[name] : 0,
        out: live && !active.has(name),
        lost: marked.has(name) && (mini || state.finished) ? last.number : null,
        winner: winners.has(name),
        dealer: live && state.dealer === name,
        forehand: live && state.forehand === name,
      }),
    ),
  );
}

/** R3/R4/R13: a sub-game has just ended: who lost and got a blob, the slates as it ended, what comes next. */
function ended(match) {
  const { state } = match;
  const last = (state.subgames || [])[state.subgames.length - 1];
  if (!last || state.finished || state.dealer !== null) return null;
  return h(
    'section',
    { class: 'card ended', 'data-ended': last.number, role: 'status' },
    h('h2', { text: t('ended_title', { n: last.number, type: subgameName(last.type) }) }),
    h('p', { text: t('ended_lost', { losers: last.losers }) }),
    last.strokes && Object.keys(last.strokes).length
      ? [h('p', { class: 'hint', text: t('ended_slates') }), slates(match, { strokes: last.strokes, mini: true })]
      : null,
    h('p', { class: 'ended-next', text: t('ended_next', { n: state.subgame.number, type: subgameName(state.subgame.type), chooser: state.chooser || [] }) }),
  );
}

/** The slates, with the end of a sub-game shown first while its loser chooses the next dealer. */
export function board(match) {
  return [
    ended(match),
    h('h2', { class: 'vh', text: t('slates') }),
    slates(match),
    h('p', { class: 'hint blob-legend', 'data-blob-legend': '', text: t('blob_legend') }),
  ];
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
