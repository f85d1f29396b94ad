// Dreeg's first view: the title, what's next and the slates (a Roman XII for the 7 strokes of a
// sub-game, RULES.md R2, and the blobs, Bollen, in its corner, drawn from the state as SVG so
// they scale and print), with the end of a sub-game. It imports nothing: the page's early script
// draws a scanned table with it before the app has loaded (its words below; the engine's
// sub-game names are in the page too), and the game's module (index.js) draws with the same
// functions, its kit being the app's own (i18n.js): k = {h, s, t, list, lang}. What a game's
// first.js offers: WORDS, title(match, k), next(match, k, {pending}), board(match, k).

export const WORDS = {
  en: {
    subgame_of: 'Sub-game {n} of 8: {type}',
    finished: 'The game is over.',
    next_deal: '{dealer} deals, {forehand} leads.',
    next_deal_only: '{dealer} deals.',
    next_after_pending: '{dealer} deals next, once the waiting {n:hand is|hands are} recorded (unless a sub-game ends).',
    choose_dealer: '{chooser} {chooser:chooses|choose} who deals next.',
    winners: '{names} {names:wins|win} the game.',
    slates: 'Slates',
    slate_label: '{name}: {strokes} {strokes:stroke|strokes} left, {blobs} {blobs:blob|blobs}',
    strokes: '{n} {n:stroke|strokes}',
    dropped: 'out',
    loser: 'lost sub-game {n}',
    winner_mark: 'winner',
    deals: 'deals',
    leads: 'leads',
    blob_legend: '● in the corner of a slate is a blob (Bollen): one lost sub-game. The fewest blobs win.',
    ended_title: 'Sub-game {n}, {type}, is over',
    ended_lost: '{losers} {losers:has|have} lost and {losers:gets a blob|get a blob each} (●).',
    ended_next: 'Next: sub-game {n} of 8, {type}. {chooser} {chooser:chooses|choose} who deals first.',
    ended_slates: 'The slates as the sub-game ended:',
  },
  de: {
    subgame_of: 'Runde {n} von 8: {type}',
    finished: 'Die Partie ist aus.',
    next_deal: '{dealer} gibt, {forehand} spielt aus.',
    next_deal_only: '{dealer} gibt.',
    next_after_pending: 'Als Nächstes gibt {dealer}, sobald {n:das wartende Spiel|die wartenden Spiele} eingetragen {n:ist|sind} (außer eine Runde endet).',
    choose_dealer: '{chooser} {chooser:bestimmt|bestimmen}, wer als Nächstes gibt.',
    winners: '{names} {names:gewinnt|gewinnen} die Partie.',
    slates: 'Tafeln',
    slate_label: '{name}: noch {strokes} {strokes:Strich|Striche}, {blobs} Bollen',
    strokes: '{n} {n:Strich|Striche}',
    dropped: 'draußen',
    loser: 'verliert Runde {n}',
    winner_mark: 'Sieger',
    deals: 'gibt',
    leads: 'Vorhand',
    blob_legend: '● in der Ecke einer Tafel ist ein Bollen: eine verlorene Runde. Die wenigsten Bollen gewinnen.',
    ended_title: 'Runde {n}, {type}, ist aus',
    ended_lost: '{losers} {losers:hat|haben} verloren und {losers:bekommt einen Bollen|bekommen je einen Bollen} (●).',
    ended_next: 'Als Nächstes: Runde {n} von 8, {type}. {chooser} {chooser:bestimmt|bestimmen}, wer zuerst gibt.',
    ended_slates: 'Die Tafeln am Ende der Runde:',
  },
};

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

export function slateLabel(name, strokes, blobs, { t }) {
  return t('slate_label', { name, strokes, blobs });
}

/**
 * One player's slate.
 * @param {{name: string, strokes: number, blobs: number, out?: boolean, lost?: number|null,
 *          winner?: boolean, dealer?: boolean, forehand?: boolean}} p
 */
export function slate(p, k) {
  const { h, s, t } = k;
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
      'aria-label': slateLabel(p.name, strokes, blobs, k),
      class: 'slate-svg',
    },
    s('rect', { class: 'board', x: 0, y: 0, width: 180, height: 120, rx: 6 }),
    s('g', { class: 'chalk' }, chalk, dots), // the chalk grain: .chalky .chalk in app.css
  );

  const badges = [];
  if (p.winner) badges.push(badge('win', t('winner_mark'), k));
  if (p.lost) badges.push(badge('lost', t('loser', { n: p.lost }), k));
  if (p.out) badges.push(badge('out', t('dropped'), k));
  if (p.dealer) badges.push(badge('deal', t('deals'), k));
  if (p.forehand) badges.push(badge('lead', t('leads'), k));

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

function badge(kind, text, { h }) {
  return h('span', { class: `badge badge-${kind}`, text });
}

/** The page title: "Sub-game 2 of 8: Ace of Hearts" / "Runde 2 von 8: Herz-Ass". */
export function title(match, { t }) {
  const { state } = match;
  return state.finished ? t('finished') : t('subgame_of', { n: state.subgame.number, type: t(`subgame_${state.subgame.type}`) });
}

/** What happens next. With hands waiting in the outbox, who deals after them (the server's turn order). */
export function next(match, { t }, { pending = 0 } = {}) {
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

function slates(match, { strokes = null, mini = false }, k) {
  const { state } = match;
  const last = (state.subgames || [])[state.subgames.length - 1];
  const ended = last && (state.dealer === null || state.finished);
  const marked = ended ? new Set(last.losers || []) : new Set();
  const active = new Set(state.active || []);
  const winners = new Set(state.finished ? state.winners || [] : []);
  const live = !mini && !state.finished;
  return k.h(
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
      }, k),
    ),
  );
}

/** R3/R4/R13: a sub-game has just ended: who lost and got a blob, the slates as it ended, what comes next. */
function ended(match, k) {
  const { h, t } = k;
  const { state } = match;
  const last = (state.subgames || [])[state.subgames.length - 1];
  if (!last || state.finished || state.dealer !== null) return null;
  return h(
    'section',
    { class: 'card ended', 'data-ended': last.number, role: 'status' },
    h('h2', { text: t('ended_title', { n: last.number, type: t(`subgame_${last.type}`) }) }),
    h('p', { text: t('ended_lost', { losers: last.losers }) }),
    last.strokes && Object.keys(last.strokes).length
      ? [h('p', { class: 'hint', text: t('ended_slates') }), slates(match, { strokes: last.strokes, mini: true }, k)]
      : null,
    h('p', { class: 'ended-next', text: t('ended_next', { n: state.subgame.number, type: t(`subgame_${state.subgame.type}`), chooser: state.chooser || [] }) }),
  );
}

/** The slates, with the end of a sub-game shown first while its loser chooses the next dealer. */
export function board(match, k) {
  const { h, t } = k;
  return [
    ended(match, k),
    h('h2', { class: 'vh', text: t('slates') }),
    slates(match, {}, k),
    h('p', { class: 'hint blob-legend', 'data-blob-legend': '', text: t('blob_legend') }),
  ];
}

