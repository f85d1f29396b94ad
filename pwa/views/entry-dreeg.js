// Entry form for a Dreeg hand as Deutsch is scored (R5, R6, R10, R13, R15): card points and
// tricks per active player, the last trick, trump, marriages, a claim of 66 with two.
// The server is the referee: the form only sums up as a guide and shows its answer
// next to the field it concerns.

import { ApiError, KeyRing, NetworkError } from '../api.js';
import { h, randomKey, replace, uid } from '../dom.js';
import { clearProblem, errorSlot, showProblem } from '../forms.js';
import { t, subgameName, suitName } from '../i18n.js';
import { SUITS, suitIcon } from '../suits.js';

const TRICKS_BY_ACTIVE = { 4: 6, 3: 8, 2: 12 };
const TOTAL_POINTS = 120;
const MAX_MELDS = SUITS.length;

export function tricksPerHand(state) {
  return state.tricks_per_hand || TRICKS_BY_ACTIVE[state.active.length] || 0;
}

export class DreegEntryForm {
  /** @param {import('../store.js').MatchStore} store */
  constructor(store, { announce }) {
    this.store = store;
    this.announce = announce;
    this.keys = new KeyRing(randomKey);
    this.el = h('section', { class: 'card entry', 'data-entry': '', 'aria-labelledby': uid('h') });
    this.builtFor = null;
    this.dirty = false;
    this.busy = false;
    this.notice = null; // a message kept across a rebuild (stale seq)
  }

  /** Called on every store change: rebuild only when the hand to enter changed. */
  update({ relabel = false } = {}) {
    if (this.busy) return;
    const state = this.store.state;
    const key = [this.store.match.next_seq, state.subgame.number, state.active.join('\u0000'), state.dealer === null].join('|');
    if (key === this.builtFor && !relabel) return;
    if (key !== this.builtFor && this.dirty) {
      this.showStale();
      return;
    }
    const draft = key === this.builtFor ? this.read() : null;
    this.build(key);
    if (draft) this.fill(draft);
  }

  build(key) {
    const match = this.store.match;
    const state = match.state;
    this.builtFor = key;
    this.seq = match.next_seq;
    this.active = state.active.slice();
    this.players = match.players.slice();
    this.needsDealer = state.dealer === null;
    this.melds = [];
    this.dirty = false;
    this.keys.done();

    const headingId = this.el.getAttribute('aria-labelledby');
    this.problem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.staleBox = h('div', { class: 'notice', 'data-stale': '', hidden: true });
    this.sums = h('p', { class: 'sums', 'aria-live': 'polite', 'data-sums': '' });
    this.submitButton = h('button', { type: 'submit', class: 'primary', 'data-submit': '', text: t('submit') });
    this.meldList = h('div', { class: 'melds', 'data-melds': '' });
    this.meldAdd = h('button', { type: 'button', class: 'secondary', 'data-meld-add': '', onclick: () => this.addMeld(), text: t('meld_add') });

    this.form = h(
      'form',
      { novalidate: true, onsubmit: (e) => this.submit(e), oninput: () => this.changed(), onchange: () => this.changed() },
      state.subgame.type !== 'deutsch' ? h('p', { class: 'hint', text: t('not_deutsch', { type: subgameName(state.subgame.type) }) }) : null,
      this.problem,
      this.staleBox,
      this.needsDealer ? this.dealerField(state) : null,
      this.handFieldset(state),
      this.active.length === 2 ? this.claimField() : null,
      this.active.length === 2 ? this.closingField() : null,
      this.sums,
      this.trumpFieldset(),
      h('fieldset', { class: 'meld-set' }, h('legend', { text: t('melds') }), this.meldList, this.meldAdd),
      h(
        'div',
        { class: 'actions' },
        this.submitButton,
        h('button', { type: 'button', class: 'secondary', 'data-clear': '', onclick: () => this.clear(), text: t('clear') }),
      ),
    );
    replace(this.el, h('h2', { id: headingId, text: t('enter_hand', { seq: this.seq }) }), this.form);
    this.renderMelds();
    this.refreshSums();
    if (this.notice) {
      this.problem.append(h('p', { text: this.notice }));
      this.notice = null;
    }
  }

  // ---- fields -------------------------------------------------------------

  dealerField(state) {
    const id = uid('f');
    const chooser = state.chooser && state.chooser.length ? state.chooser.join(', ') : '–';
    return h(
      'div',
      { class: 'field' },
      h('label', { for: id, text: t('who_deals', { chooser }) }),
      h(
        'select',
        { id, name: 'dealer', 'data-field': 'dealer', 'aria-describedby': `${id}-e`, required: true },
        h('option', { value: '', text: t('choose') }),
        this.players.map((p) => h('option', { value: p, text: p })),
      ),
      errorSlot('dealer', `${id}-e`),
    );
  }

  handFieldset(state) {
    const tricks = tricksPerHand(state);
    const rows = this.active.map((name) => {
      const pid = uid('f');
      const tid = uid('f');
      return h(
        'div',
        { class: 'hand-row', 'data-row': name },
        h('span', { class: 'hand-name', text: name }),
        h('label', { for: pid, class: 'vh', text: t('points_of', { name }) }),
        numberInput(pid, `points.${name}`, TOTAL_POINTS),
        h('label', { for: tid, class: 'vh', text: t('tricks_of', { name }) }),
        numberInput(tid, `tricks.${name}`, tricks),
        h(
          'label',
          { class: 'last-cell' },
          h('input', { type: 'radio', name: 'last_trick', value: name, 'data-field': 'last_trick' }),
          h('span', { class: 'vh', text: t('last_of', { name }) }),
        ),
        errorSlot(`points.${name}`, `${pid}-e`),
        errorSlot(`tricks.${name}`, `${tid}-e`),
      );
    });
    return h(
      'fieldset',
      { class: 'hand-set' },
      h('legend', { text: t('hand_legend') }),
      h(
        'div',
        { class: 'hand-row hand-head', 'aria-hidden': 'true' },
        h('span', { text: t('col_player') }),
        h('span', { text: t('col_points') }),
        h('span', { text: t('col_tricks') }),
        h('span', { text: t('col_last') }),
      ),
      rows,
      errorSlot('last_trick', uid('e')),
      errorSlot('points', uid('e')),
      errorSlot('tricks', uid('e')),
    );
  }

  claimField() {
    const id = uid('f');
    return h(
      'div',
      { class: 'field' },
      h('label', { for: id, text: t('claim') }),
      h(
        'select',
        { id, name: 'claim', 'data-field': 'claim', 'aria-describedby': `${id}-e` },
        h('option', { value: '', text: t('claim_none') }),
        this.active.map((p) => h('option', { value: p, text: p })),
      ),
      errorSlot('claim', `${id}-e`),
    );
  }

  /** Two players: the stock closed (zudrehen, T7) by whom and after how many tricks. */
  closingField() {
    const by = uid('f');
    const after = uid('f');
    return h(
      'div',
      { class: 'field closing' },
      h('label', { for: by, text: t('closed_by') }),
      h(
        'select',
        { id: by, name: 'closed_by', 'data-field': 'closed_by', 'aria-describedby': `${by}-e` },
        h('option', { value: '', text: t('closed_none') }),
        this.active.map((p) => h('option', { value: p, text: p })),
      ),
      errorSlot('closed_by', `${by}-e`),
      h('label', { for: after, text: t('closed_after') }),
      h(
        'select',
        { id: after, name: 'closed_after', 'data-field': 'closed_after', 'aria-describedby': `${after}-e` },
        h('option', { value: '', text: t('closed_after_unknown') }),
        [0, 1, 2, 3, 4].map((n) => h('option', { value: String(n), text: String(n) })),
      ),
      errorSlot('closed_after', `${after}-e`),
    );
  }

  closedBy() {
    const el = this.field('closed_by');
    return el ? el.value : '';
  }

  trumpFieldset() {
    return h(
      'fieldset',
      { class: 'trump-set' },
      h('legend', { text: t('trump') }),
      h(
        'div',
        { class: 'suit-buttons' },
        SUITS.map((code) => {
          const id = uid('f');
          return h(
            'span',
            { class: 'suit-choice' },
            h('input', { type: 'radio', id, name: 'trump', value: code, 'data-field': 'trump' }),
            h('label', { for: id }, suitIcon(code), h('span', { text: suitName(code) })),
          );
        }),
      ),
      errorSlot('trump', uid('e')),
    );
  }

  addMeld() {
    if (this.melds.length >= MAX_MELDS) return;
    const used = new Set(this.melds.map((m) => m.suit));
    this.melds.push({ player: this.active[0], suit: SUITS.find((c) => !used.has(c)) });
    this.renderMelds();
    this.changed();
    const selects = this.meldList.querySelectorAll('select');
    if (selects.length) selects[selects.length - 2].focus();
  }

  removeMeld(index) {
    this.melds.splice(index, 1);
    this.renderMelds();
    this.changed();
    this.meldAdd.focus();
  }

  renderMelds() {
    replace(
      this.meldList,
      this.melds.map((meld, i) => {
        const n = i + 1;
        const pid = uid('f');
        const sid = uid('f');
        const player = h(
          'select',
          { id: pid, 'data-field': `melds.${i}.player`, 'aria-describedby': `${pid}-e`, onchange: (e) => { meld.player = e.target.value; } },
          this.active.map((p) => h('option', { value: p, text: p, selected: p === meld.player })),
        );
        const suit = h(
          'select',
          { id: sid, 'data-field': `melds.${i}.suit`, 'aria-describedby': `${sid}-e`, onchange: (e) => { meld.suit = e.target.value; } },
          SUITS.map((c) => h('option', { value: c, text: suitName(c), selected: c === meld.suit })),
        );
        return h(
          'div',
          { class: 'meld-row', 'data-meld': i },
          h('label', { for: pid, class: 'vh', text: t('meld_player', { n }) }),
          player,
          h('label', { for: sid, class: 'vh', text: t('meld_suit', { n }) }),
          suit,
          h('button', {
            type: 'button',
            class: 'icon-button',
            'aria-label': t('meld_remove', { n }),
            onclick: () => this.removeMeld(i),
            text: '×',
          }),
          errorSlot(`melds.${i}.player`, `${pid}-e`),
          errorSlot(`melds.${i}.suit`, `${sid}-e`),
          errorSlot(`melds.${i}`, uid('e')),
        );
      }),
    );
    this.meldAdd.disabled = this.melds.length >= MAX_MELDS;
  }

  // ---- reading and writing the form ---------------------------------------

  field(name) {
    return this.form.elements.namedItem(name);
  }

  input(path) {
    return this.form.querySelector(`[data-field="${CSS.escape(path)}"]`);
  }

  claim() {
    const el = this.field('claim');
    return el ? el.value : '';
  }

  /** The entry as API.md wants it; empty optional fields are left out. */
  body() {
    const body = { seq: this.seq };
    if (this.needsDealer) {
      const dealer = this.field('dealer').value;
      if (dealer) body.dealer = dealer;
    }
    body.points = {};
    body.tricks = {};
    for (const name of this.active) {
      body.points[name] = toInt(this.input(`points.${name}`).value);
      body.tricks[name] = toInt(this.input(`tricks.${name}`).value);
    }
    const claim = this.claim();
    const last = this.form.querySelector('input[name="last_trick"]:checked');
    if (!claim && last) body.last_trick = last.value;
    const trump = this.form.querySelector('input[name="trump"]:checked');
    if (trump) body.trump = trump.value;
    if (this.melds.length) body.melds = this.melds.map((m) => ({ player: m.player, suit: m.suit }));
    if (claim) body.claim = claim;
    const closedBy = this.closedBy();
    if (closedBy) {
      body.closed_by = closedBy;
      const after = this.field('closed_after').value;
      if (after !== '') body.closed_after = toInt(after);
    }
    return body;
  }

  /** What was typed, to survive a rebuild (a change of language). */
  read() {
    const values = {};
    for (const el of this.form.querySelectorAll('input[data-field], select[data-field]')) {
      if (el.type === 'radio') {
        if (el.checked) values[el.name] = el.value;
      } else values[el.dataset.field] = el.value;
    }
    return { values, melds: this.melds.map((m) => ({ ...m })), dirty: this.dirty };
  }

  fill(draft) {
    this.melds = draft.melds;
    this.renderMelds();
    for (const el of this.form.querySelectorAll('input[data-field], select[data-field]')) {
      if (el.type === 'radio') el.checked = draft.values[el.name] === el.value;
      else if (el.dataset.field in draft.values) el.value = draft.values[el.dataset.field];
    }
    this.dirty = draft.dirty;
    this.refreshSums();
  }

  changed() {
    this.dirty = true;
    this.refreshSums();
  }

  refreshSums() {
    let points = 0;
    let tricks = 0;
    for (const name of this.active) {
      points += toInt(this.input(`points.${name}`).value);
      tricks += toInt(this.input(`tricks.${name}`).value);
    }
    const claim = this.claim();
    const partial = Boolean(claim || this.closedBy()); // a claim or a closed stock leaves cards untaken
    const total = tricksPerHand(this.store.state);
    const pointsOk = partial ? points <= TOTAL_POINTS : points === TOTAL_POINTS;
    const tricksOk = partial ? tricks <= total : tricks === total;
    for (const radio of this.form.querySelectorAll('input[name="last_trick"]')) radio.disabled = Boolean(claim);
    this.form.classList.toggle('has-claim', Boolean(claim));
    replace(
      this.sums,
      h('span', { class: pointsOk ? 'ok' : 'off', 'data-sum': 'points' },
        partial ? t('sum_points_claim', { sum: points }) : t('sum_points', { sum: points, total: TOTAL_POINTS })),
      h('span', { class: tricksOk ? 'ok' : 'off', 'data-sum': 'tricks' }, t('sum_tricks', { sum: tricks, total })),
    );
  }

  clear() {
    this.dirty = false;
    this.build(this.builtFor);
    const first = this.form.querySelector('input, select');
    if (first) first.focus();
  }

  showStale() {
    if (!this.staleBox.hidden) return;
    replace(
      this.staleBox,
      h('p', { text: t('stale_draft') }),
      h('button', {
        type: 'button',
        class: 'secondary',
        'data-discard': '',
        onclick: () => {
          this.dirty = false;
          this.update();
        },
        text: t('discard_draft'),
      }),
    );
    this.staleBox.hidden = false;
  }

  // ---- sending ------------------------------------------------------------

  async submit(event) {
    event.preventDefault();
    if (this.busy) return;
    const body = this.body();
    const key = this.keys.keyFor(body);
    clearProblem(this.form, this.problem);
    this.busy = true;
    this.submitButton.disabled = true;
    this.submitButton.textContent = t('sending');
    try {
      await this.store.submitHand(body, key);
      this.keys.done();
      this.dirty = false;
      this.announce(t('entered', { seq: body.seq }));
    } catch (err) {
      if (err instanceof ApiError && err.isConflict) {
        this.keys.done();
        this.dirty = false;
        this.notice = t('stale');
        this.busy = false;
        await this.store.conflict(err.problem);
        this.update();
        if (this.notice) {
          // nothing changed on the server side for us to rebuild: show it anyway
          this.problem.append(h('p', { text: this.notice }));
          this.notice = null;
        }
        this.problem.focus();
        return;
      }
      if (err instanceof ApiError) showProblem(this.form, this.problem, err.problem);
      else if (err instanceof NetworkError) showProblem(this.form, this.problem, { detail: t('offline') });
      else throw err;
    } finally {
      this.busy = false;
      if (this.submitButton.isConnected) {
        this.submitButton.disabled = false;
        this.submitButton.textContent = t('submit');
      }
    }
    this.update();
  }
}

function numberInput(id, path, max) {
  return h('input', {
    id,
    type: 'number',
    inputmode: 'numeric',
    min: 0,
    max,
    step: 1,
    placeholder: '0',
    autocomplete: 'off',
    'data-field': path,
    'aria-describedby': `${id}-e`,
  });
}

// Empty counts as 0 (the placeholder); anything else goes to the server as typed, so
// a wrong number is refused there with its rule rather than silently rounded here.
function toInt(value) {
  const n = Number(value);
  return value === '' || !Number.isFinite(n) ? 0 : n;
}
