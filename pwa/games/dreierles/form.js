// The entry form for a deal of Dreierles (docs/dreierles.md), in the table's own order: the
// game first (big tiles), then who played (only the active players, state.needs.active), his
// points or his cards (the Cego grid, counted in threes as they are tapped), the extras this
// game allows (needs.extras) and a wrong discard; a Räuber asks each active player's points and
// tricks, a Drescher who took the last trick. What the deal is worth is worked out live from
// needs.fach, so a phone without network shows it too; the server decides, and its answer is
// shown next to the field it concerns. What was typed lives in this.v, so nothing is lost
// when a game is switched, the language changes or the server refuses the deal.

import { api } from '../../api.js';
import { CegoGrid, DECK, cardCode, exact, pointsOf, thirds } from '../../cards/cego.js';
import { errorSlot, h, replace, showProblem, uid } from '../../dom.js';
import { EntryForm, figuresRow, numberInput, tile } from '../../entry-form.js';
import { t } from '../../i18n.js';
import { SIDE_GAMES, details, gameName, outcome } from './deal.js';
import './strings.js';

const GAMES = ['dreier', 'zweier', 'einser', 'solo', 'solo_durchmarsch', 'raeuber', 'drescher'];
/** R31: the games that buy from the Blinder and so can be discarded wrongly (needs.discards). */
const DISCARDS = ['dreier', 'zweier', 'einser'];
const PAIRED = { zehn_druck: 'zehn_druck_start', zehn_druck_start: 'zehn_druck' };

const blank = () => ({ game: '', declarer: '', by: 'points', points: '', cards: [], extras: [], discard: false, rp: {}, rt: {}, blind: '', last: '' });
const text = (n) => (n === undefined || n === null ? '' : String(n));

/** An API entry (to correct, or refused from the outbox) as the form's values. */
function fromEntry(e) {
  const str = (map) => Object.fromEntries(Object.entries(map || {}).map(([k, n]) => [k, text(n)]));
  const cards = (e.cards || []).map((c) => cardCode(c)).filter(Boolean);
  return {
    ...blank(),
    game: e.game || (e.result || {}).game || '',
    declarer: e.declarer || '',
    by: cards.length ? 'cards' : 'points',
    points: text(e.declarer_points),
    cards,
    extras: (e.extras || []).slice(),
    discard: Boolean(e.discard_error),
    rp: str(e.points),
    rt: str(e.tricks),
    blind: text(e.blind_points),
    last: e.last_trick || '',
  };
}

export class DreierlesEntryForm extends EntryForm {
  constructor(store, options) {
    super(store, options, {
      cls: 'dl-entry',
      words: {
        missing: 'dlp_missing_fields', sending: 'dlp_sending', entered: 'dlp_entered',
        stale: 'dlp_stale', submit: 'dlp_submit', correctSubmit: 'dlp_correct_submit',
        staleDraft: 'dlp_stale_draft', discardDraft: 'dlp_discard_draft',
        enterTitle: 'dlp_enter', correctTitle: 'dlp_correct', cancel: 'dlp_cancel', clear: 'dlp_clear',
        reentered: 'dlp_reentered',
      },
    });
    this.v = blank();
    this.counted = null; // the pile's count: {key, points, exact, local}
  }

  /** The values of a blank form (what was typed lives in this.v: the shell keeps it). */
  blank() {
    return blank();
  }

  /** An API entry (to correct, or refused from the outbox) as the form's values. */
  fromEntry(entry) {
    return fromEntry(entry);
  }

  get active() {
    return this.needs.active || [];
  }

  get discards() {
    return this.needs.discards || DISCARDS;
  }

  /** The form for a deal as `needs` asks it, from this.v (the shell's show() calls it). */
  build(key, needs) {
    this.sendButton();
    this.live = h('div', { class: 'dl-live', 'data-live': '' }); // in the form's foot, beside the send button
    this.blocks = {
      declarer: this.choice('declarer', t('dlp_q_declarer')),
      count: this.countFieldset(),
      extras: this.extrasFieldset(),
      discard: this.check('discard_error', t('dlp_discard'), t('dlp_discard_hint'), this.v.discard, (on) => { this.v.discard = on; }),
      raeuber: this.raeuberFieldset(),
      last: this.choice('last_trick', t('dlp_q_last'), 'last'),
    };
    this.drescherHint = h('p', { class: 'hint', text: t('dlp_drescher_hint') });
    this.blocks.last.querySelector('legend').after(this.drescherHint);
    this.form = h(
      'form',
      {
        novalidate: true,
        onsubmit: (e) => this.submit(e),
        onkeydown: (e) => this.onKey(e),
        oninput: (e) => { if (e.target.type === 'number') this.changed(); },
      },
      this.editing ? h('p', { class: 'dl-who-deals', text: t('dlp_next', { dealer: needs.dealer, vorn: needs.forehand }) }) : null,
      this.gameFieldset(),
      Object.values(this.blocks),
      this.foot({ result: [this.sums, this.live] }),
      this.leaveButtons(),
    );
    replace(this.el, this.heading(), this.form);
    this.sync();
  }

  // ---- fields -------------------------------------------------------------------------

  /** A change made by a field: it is the player's entry now. */
  changed() {
    this.dirty = true;
    this.sync();
  }

  gameFieldset() {
    const games = (this.needs.games || GAMES).filter((g) => GAMES.includes(g));
    const types = (this.needs.fach || {}).type || {};
    return h(
      'fieldset',
      { class: 'dl-games', 'data-block': 'game' },
      h('legend', { text: t('dlp_q_game') }),
      h('div', { class: 'dl-tiles' }, games.map((game) => tile({
        look: 'dl',
        name: 'game',
        value: game,
        title: gameName(game),
        hint: [t(`dlp_hint_${game}`), types[game] ? t('dlp_plus_fach', { n: types[game] }) : ''].filter(Boolean).join(' · '),
        checked: this.v.game === game,
        cls: [SIDE_GAMES.includes(game) && 'is-side', game === 'solo_durchmarsch' && 'is-wide'],
        onchange: () => { this.v.game = game; this.changed(); },
      }))),
      errorSlot('game', uid('e')),
    );
  }

  /** A question answered by an active player's name: one big tile each. */
  choice(field, legend, key = field) {
    return h(
      'fieldset',
      { class: 'dl-choices', 'data-block': field },
      h('legend', { text: legend }),
      h('div', { class: 'dl-tiles' }, this.active.map((name) => tile({
        look: 'dl',
        name: field,
        value: name,
        title: name,
        checked: this.v[key] === name,
        onchange: () => { this.v[key] = name; this.changed(); },
      }))),
      errorSlot(field, uid('e')),
    );
  }

  /** His points typed, or his cards tapped on the grid and counted in threes. */
  countFieldset() {
    const v = this.v;
    const id = uid('f');
    this.pointsLabel = h('label', { for: id });
    this.countLine = h('p', { class: 'dl-count', 'aria-live': 'polite', 'data-count': '' });
    this.grid = new CegoGrid({
      label: t('dlp_by_cards'),
      field: 'cards',
      look: (c) => ({ pressed: v.cards.includes(c) }),
      onpick: (c) => {
        v.cards = v.cards.includes(c) ? v.cards.filter((x) => x !== c) : [...v.cards, c];
        this.grid.update();
        this.changed();
      },
    });
    this.pointsHint = h('p', { class: 'hint', id: `${id}-h`, 'data-points-range': '' });
    this.pointsInput = numberInput(id, 'declarer_points', this.needs.total || 70, { value: v.points, set: (value) => { v.points = value; } });
    this.pointsInput.setAttribute('aria-describedby', `${id}-h ${id}-e`);
    this.byPoints = h('div', { class: 'field dl-points' },
      this.pointsLabel,
      this.pointsHint,
      this.pointsInput,
      errorSlot('declarer_points', `${id}-e`));
    this.byCards = h('div', { class: 'dl-cards' },
      h('p', { class: 'hint', text: t(this.needs.blind_rest === 'defenders' ? 'dlp_cards_hint_defenders' : 'dlp_cards_hint') }),
      this.grid.el,
      this.countLine,
      errorSlot('cards', uid('e')));
    return h(
      'fieldset',
      { class: 'dl-count-set', 'data-block': 'count' },
      h('legend', { text: t('dlp_q_count') }),
      h('div', { class: 'dl-tiles dl-by' }, ['points', 'cards'].map((by) => tile({
        look: 'dl',
        name: 'by',
        value: by,
        title: t(`dlp_by_${by}`),
        checked: v.by === by,
        onchange: () => { v.by = by; this.changed(); },
      }))),
      this.byPoints,
      this.byCards,
    );
  }

  /** Every extra of the table as a toggle; only those the chosen game allows are shown and sent. */
  extrasFieldset() {
    const extras = Object.keys(this.needs.extras || {});
    const each = (this.needs.fach || {}).extra;
    this.extraRows = extras.map((x) => {
      const row = this.check('extras', t(`dlp_toggle_${x}`), t(`dlp_xhint_${x}`), this.v.extras.includes(x), (on) => {
        this.v.extras = this.v.extras.filter((y) => y !== x && !(on && y === PAIRED[x]));
        if (on) this.v.extras.push(x);
        const twin = this.extraRows.find((r) => r.dataset.extra === PAIRED[x]);
        if (on && twin) twin.querySelector('input').checked = false;
      });
      row.dataset.extra = x;
      row.querySelector('.field-error').remove();
      return row;
    });
    return h(
      'fieldset',
      { class: 'dl-extras', 'data-block': 'extras' },
      h('legend', { text: t('dlp_extras') }),
      h('p', { class: 'hint', text: t('dlp_extras_hint', { n: typeof each === 'number' ? each : 1 }) }),
      this.extraRows,
      errorSlot('extras', uid('e')),
    );
  }

  check(field, label, hint, checked, set) {
    const id = uid('f');
    return h(
      'div',
      { class: 'field check dl-check', 'data-block': field === 'extras' ? null : field },
      h('input', { type: 'checkbox', id, 'data-field': field, checked, 'aria-describedby': `${id}-h ${id}-e`, onchange: (e) => { set(e.target.checked); this.changed(); } }),
      h('label', { for: id }, h('span', { class: 'dl-check-title', text: label }), h('small', { id: `${id}-h`, text: hint })),
      errorSlot(field, `${id}-e`),
    );
  }

  /** Räuber (R30): points and tricks of the three active players, with their sums; the Blinder. */
  raeuberFieldset() {
    const v = this.v;
    this.sums = h('p', { class: 'sums', 'data-sums': '' }); // in the form's foot, beside the send button
    const rows = this.active.map((name) => figuresRow(name, {
      row: 'dl-row',
      nameClass: 'dl-row-name',
      points: { label: t('dlp_points_of', { name }), max: this.needs.total || 70, value: v.rp[name], set: (value) => { v.rp[name] = value; } },
      tricks: { label: t('dlp_tricks_of', { name }), max: this.needs.tricks || 16, value: v.rt[name], set: (value) => { v.rt[name] = value; } },
    }));
    const bid = uid('f');
    const [low, high] = this.needs.blind_points || [2, 26];
    const lastTrick = this.needs.raeuber_blind === 'last_trick';
    const sums = this.needs.raeuber_points || [(this.needs.total || 70) - high, (this.needs.total || 70) - low];
    return h(
      'fieldset',
      { class: 'dl-raeuber', 'data-block': 'raeuber' },
      h('legend', { text: t('dlp_raeuber_figures') }),
      h('p', { class: 'hint', text: t('dlp_raeuber_hint') }),
      h('p', { class: 'hint dl-raeuber-range', 'data-raeuber-range': '', text: lastTrick ? t('dlp_raeuber_range_last', { total: sums[1] }) : t('dlp_raeuber_range', { low, high, least: sums[0], most: sums[1] }) }),
      h('div', { class: 'dl-row dl-row-head', 'aria-hidden': 'true' },
        h('span'), h('span', { text: t('dlp_col_points') }), h('span', { text: t('dlp_col_tricks') })),
      rows,
      errorSlot('points', uid('e')),
      errorSlot('tricks', uid('e')),
      h('div', { class: 'field dl-blind' },
        h('label', { for: bid, text: t('dlp_blind_points') }),
        h('p', { class: 'hint', id: `${bid}-h`, text: t(lastTrick ? 'dlp_blind_hint_last' : 'dlp_blind_hint_ignored') }),
        numberInput(bid, 'blind_points', high, { value: v.blind, set: (value) => { v.blind = value; }, min: low }),
        errorSlot('blind_points', `${bid}-e`)),
    );
  }

  // ---- what the game asks ----------------------------------------------------------------

  /** The extras the game allows (needs.extras: {extra: [games]}). */
  extrasFor(game) {
    return Object.entries(this.needs.extras || {}).filter(([, games]) => games.includes(game)).map(([x]) => x);
  }

  asksLast(game) {
    return game === 'drescher' || (game === 'raeuber' && this.needs.raeuber_blind === 'last_trick');
  }

  /** Show what the game asks, relabel what depends on the declarer, recount, rework the Fach. */
  sync() {
    const { game, declarer, by } = this.v;
    const declaring = Boolean(game) && !SIDE_GAMES.includes(game);
    const allowed = this.extrasFor(game);
    const { blocks } = this;
    blocks.declarer.hidden = !declaring;
    blocks.count.hidden = !declaring;
    blocks.extras.hidden = !declaring || !allowed.length;
    blocks.discard.hidden = !this.discards.includes(game);
    blocks.raeuber.hidden = this.sums.hidden = game !== 'raeuber';
    blocks.last.hidden = !this.asksLast(game);
    this.drescherHint.hidden = game !== 'drescher';
    for (const row of this.extraRows) row.hidden = !allowed.includes(row.dataset.extra);
    this.byPoints.hidden = by !== 'points';
    this.byCards.hidden = by !== 'cards';
    this.pointsLabel.textContent = declarer ? t('dlp_points_of', { name: declarer }) : t('dlp_points_any');
    const range = declaring ? this.pointsRange() : null;
    this.pointsHint.textContent = !range ? '' : this.v.discard && this.discards.includes(game)
      ? t('dlp_points_hint_discard', { least: range[0], most: range[1] })
      : t('dlp_points_hint', { game: gameName(game), least: range[0], most: range[1], wins: (this.needs.fach || {}).won_from || 36 });
    if (range) {
      this.pointsInput.min = String(range[0]);
      this.pointsInput.max = String(range[1]);
    }
    this.form.dataset.game = game;
    if (by === 'cards') this.recount();
    this.refreshSums();
    this.refreshLive();
  }

  /** R26 on this phone at once, then the server's count (POST /api/referee/count). */
  recount() {
    const cards = DECK.filter((c) => this.v.cards.includes(c));
    const key = cards.join(' ');
    if (!this.counted || this.counted.key !== key) {
      const n = thirds(cards);
      this.counted = { key, points: pointsOf(n), exact: exact(n), local: true };
      clearTimeout(this.countTimer);
      if (cards.length) {
        this.countTimer = setTimeout(() => api.referee('count', { game: 'dreierles', cards }).then(({ data }) => {
          if (!this.counted || this.counted.key !== key || !data) return;
          this.counted = { key, points: data.points, exact: Number.isInteger(data.thirds) ? exact(data.thirds) : data.exact, local: false };
          this.showCount();
          this.refreshLive();
        }, () => {}), 250);
      }
    }
    this.showCount();
  }

  showCount() {
    const c = this.counted;
    const n = this.v.cards.length;
    const fraction = /[⅓⅔/]/.test(c.exact);
    replace(this.countLine, n
      ? [t('dlp_cards_count', { n, points: c.points }), h('small', { text: [fraction && ` (${t('dlp_cards_exact', { exact: c.exact })})`, c.local && ` · ${t('dlp_cards_local')}`].filter(Boolean).join('') })]
      : t('dlp_cards_none'));
  }

  /** His points as entered: typed, or his pile's count; null while unknown. */
  declarerPoints() {
    const v = this.v;
    if (v.by === 'cards') return v.cards.length && this.counted ? this.counted.points : null;
    const n = v.points === '' ? NaN : Number(v.points);
    return Number.isInteger(n) && n >= 0 && n <= (this.needs.total || 70) ? n : null;
  }

  /** R30: what the three players' points make together: 70 less the Blinder when it is entered, else needs.raeuber_points. */
  raeuberSums() {
    const total = this.needs.total || 70;
    const blind = this.v.blind === '' ? NaN : Number(this.v.blind);
    if (this.needs.raeuber_blind !== 'last_trick' && Number.isInteger(blind)) return [total - blind, total - blind];
    if (this.needs.raeuber_points) return this.needs.raeuber_points;
    const [low, high] = this.needs.blind_points || [2, 26]; // a deal entered before the server said so
    return this.needs.raeuber_blind === 'last_trick' ? [total, total] : [total - high, total - low];
  }

  refreshSums() {
    if (this.v.game !== 'raeuber') return;
    const sum = (map) => this.active.reduce((s, name) => s + (Number(map[name]) || 0), 0);
    const points = sum(this.v.rp);
    const tricks = sum(this.v.rt);
    const [least, most] = this.raeuberSums();
    replace(
      this.sums,
      h('span', { class: least <= points && points <= most ? 'ok' : 'off', 'data-sum': 'points' },
        least === most ? t('dlp_sum_points', { sum: points, total: least }) : t('dlp_sum_points_range', { sum: points, least, most })),
      h('span', { class: tricks === (this.needs.tricks || 16) ? 'ok' : 'off', 'data-sum': 'tricks' },
        t('dlp_sum_tricks', { sum: tricks, total: this.needs.tricks || 16 })),
    );
  }

  refreshLive() {
    const result = this.preview();
    const misfit = this.liveMisfit(result);
    this.live.classList.toggle('is-known', Boolean(result) && !misfit);
    this.live.classList.toggle('is-off', Boolean(misfit));
    if (misfit) replace(this.live, h('p', { class: 'dl-live-misfit', 'data-live-misfit': '', text: misfit }));
    else replace(this.live, result
      ? [h('p', { class: 'dl-live-fach', 'data-live-fach': result.fach ?? '', text: outcome(result) }), details(result), h('p', { class: 'hint', text: t('dlp_live_note') })]
      : h('p', { class: 'hint', text: t('dlp_live_wait') }));
  }

  // ---- what cannot be, said before it is sent (offline too) --------------------------------

  /** The points his pile can count in the chosen game (needs.declarer_points: R26, R28), or
   * anything from 0 to 70 with a discard error (R31: his points count for nothing). */
  pointsRange() {
    const { game, discard } = this.v;
    const total = this.needs.total || 70;
    if (discard && this.discards.includes(game)) return this.needs.discard_error_points || [0, total];
    return (this.needs.declarer_points || {})[game] || [0, total];
  }

  /** What no pile or sum can give, from the server's needs alone: {path: why}. The server
   * checks everything again; this only says it before sending, without network too. */
  misfits(body) {
    const errors = {};
    const { game } = body;
    if (game === 'raeuber') {
      const sum = (map) => Object.values(map || {}).reduce((a, b) => a + b, 0);
      const want = this.needs.tricks || 16;
      if (sum(body.tricks) !== want) errors.tricks = t('dlp_tricks_off', { sum: sum(body.tricks), total: want });
      const points = sum(body.points);
      const [least, most] = this.raeuberSums();
      if (points < least || points > most) {
        errors.points = least === most
          ? t('dlp_raeuber_sum_exact', { sum: points, total: least })
          : t('dlp_raeuber_sum_outside', { sum: points, least, most, low: (this.needs.blind_points || [2])[0], high: (this.needs.blind_points || [0, 26])[1] });
      }
      return errors;
    }
    if (!game || SIDE_GAMES.includes(game)) return errors;
    const [least, most] = this.pointsRange();
    const named = { game: gameName(game), least, most };
    const points = body.declarer_points;
    if (Number.isInteger(points) && (points < least || points > most)) errors.declarer_points = t('dlp_points_outside', { ...named, points });
    const counted = body.cards && this.counted ? this.counted.points : null;
    if (counted !== null && (counted < least || counted > most)) errors.cards = t('dlp_cards_outside', { ...named, points: counted });
    return errors;
  }

  /** The first misfit while it is typed: a declarer's points (or pile) as soon as they are
   * there, a Räuber's sums once every figure is in. */
  liveMisfit(result) {
    const { game } = this.v;
    if (!game || (game === 'raeuber' && !result) || game === 'drescher') return '';
    const errors = this.misfits(this.body());
    return Object.values(errors)[0] || '';
  }

  /** What cannot be is refused here, at its field, before anything is sent; then the shell sends. */
  submit(event) {
    event.preventDefault();
    if (this.busy) return undefined;
    const body = this.body();
    const errors = Object.keys(this.blanks(body)).length ? {} : this.misfits(body);
    if (Object.keys(errors).length) {
      showProblem(this.form, this.problem, { errors });
      return undefined;
    }
    return super.submit(event);
  }

  // ---- the Fach, worked out here from needs.fach (R27-R31) ----------------------------------

  /** Fach from the table for the winning side's points: 36-39 → 1 … 70 → 8. */
  fachFor(points) {
    const ladder = (this.needs.fach || {}).won || [];
    if (!ladder.length) return Math.max(1, 1 + Math.floor((points - 35) / 5));
    let fach = ladder[0][1];
    for (const [from, n] of ladder) if (points >= from) fach = n;
    return fach;
  }

  /** The deal as the server would score it, or null while something it needs is missing. */
  preview() {
    const { game, declarer, discard } = this.v;
    if (SIDE_GAMES.includes(game)) return this.sidePreview(game);
    if (!game || !declarer) return null;
    const f = this.needs.fach || {};
    const total = this.needs.total || 70;
    const others = this.active.filter((n) => n !== declarer);
    const settle = (won, fach) => Object.fromEntries([
      [declarer, (won ? 1 : -1) * fach * others.length],
      ...others.map((n) => [n, (won ? -1 : 1) * fach]),
    ]);
    if (discard && this.discards.includes(game)) {
      const n = f.eightfold || 8;
      return { game, declarer, won: false, fach: n, parts: { eightfold: true }, settlement: settle(false, n) };
    }
    const dp = this.declarerPoints();
    if (dp === null) return null;
    const won = game === 'solo_durchmarsch' ? dp >= (f.durchmarsch || total) : dp >= (f.won_from || 36);
    const extras = {};
    for (const x of this.extrasFor(game).filter((y) => this.v.extras.includes(y))) {
      extras[x] = typeof f.extra === 'object' && f.extra ? f.extra[x] ?? 1 : f.extra ?? 1;
    }
    const parts = { points: this.fachFor(won ? dp : total - dp), type: (f.type || {})[game] || 0, extras, doubled: !won && Boolean(f.lost_double), eightfold: false };
    const sum = parts.points + parts.type + Object.values(extras).reduce((a, b) => a + b, 0);
    const fach = parts.doubled ? 2 * sum : sum;
    return { game, declarer, won, fach, parts, declarer_points: dp, defender_points: total - dp, settlement: settle(won, fach) };
  }

  /** R30: the most points pays each player below, ×2 for each other player without a trick; Drescher: the last trick pays 1 each. */
  sidePreview(game) {
    const active = this.active;
    const settlement = Object.fromEntries(active.map((n) => [n, 0]));
    if (game === 'drescher') {
      const payer = this.v.last;
      if (!payer) return null;
      for (const n of active) if (n !== payer) settlement[n] = 1;
      settlement[payer] = -(active.length - 1);
      return { game, won: null, settlement };
    }
    const num = (map, n) => (map[n] === '' || map[n] === undefined ? NaN : Number(map[n]));
    if (active.some((n) => !Number.isInteger(num(this.v.rp, n)) || !Number.isInteger(num(this.v.rt, n)))) return null;
    const most = Math.max(...active.map((n) => num(this.v.rp, n)));
    const payers = active.filter((n) => num(this.v.rp, n) === most);
    for (const payer of payers.length < active.length ? payers : []) {
      const times = 2 ** active.filter((n) => n !== payer && num(this.v.rt, n) === 0).length;
      for (const n of active.filter((x) => !payers.includes(x))) {
        settlement[n] += times;
        settlement[payer] -= times;
      }
    }
    return { game, won: null, settlement };
  }

  // ---- sending -------------------------------------------------------------------------------

  /** The entry: what the game takes; blank fields are left out (never sent as 0). */
  body() {
    const v = this.v;
    const body = { seq: this.seq };
    if (!v.game) return body;
    body.game = v.game;
    if (SIDE_GAMES.includes(v.game)) {
      if (v.game === 'raeuber') {
        body.points = {};
        body.tricks = {};
        for (const name of this.active) {
          if (text(v.rp[name]) !== '') body.points[name] = Number(v.rp[name]);
          if (text(v.rt[name]) !== '') body.tricks[name] = Number(v.rt[name]);
        }
        if (v.blind !== '') body.blind_points = Number(v.blind);
      }
      if (this.asksLast(v.game) && v.last) body.last_trick = v.last;
      return body;
    }
    if (v.declarer) body.declarer = v.declarer;
    if (v.by === 'cards') {
      if (v.cards.length) body.cards = DECK.filter((c) => v.cards.includes(c));
    } else if (v.points !== '') body.declarer_points = Number(v.points);
    const extras = this.extrasFor(v.game).filter((x) => v.extras.includes(x));
    if (extras.length) body.extras = extras;
    if (v.discard && this.discards.includes(v.game)) body.discard_error = true;
    return body;
  }

  /** Every answer still blank, at once: {path: message}. */
  blanks(body) {
    const errors = {};
    if (!body.game) return { game: t('dlp_missing_game') };
    if (SIDE_GAMES.includes(body.game)) {
      for (const name of body.game === 'raeuber' ? this.active : []) {
        if (!(name in body.points)) errors[`points.${name}`] = t('dlp_missing_r_points', { name });
        if (!(name in body.tricks)) errors[`tricks.${name}`] = t('dlp_missing_r_tricks', { name });
      }
      if (this.asksLast(body.game) && !body.last_trick) errors.last_trick = t('dlp_missing_last');
      return errors;
    }
    if (!body.declarer) errors.declarer = t('dlp_missing_declarer');
    if (this.v.by === 'cards' && !body.cards) errors.cards = t('dlp_missing_cards');
    if (this.v.by === 'points' && !('declarer_points' in body)) errors.declarer_points = t('dlp_missing_points');
    return errors;
  }
}
