// Entry form for a Dreeg hand (API.md "dreeg"): card points and tricks per active player,
// the last trick, trump, marriages, and what the sub-game adds: the heart ace's holder and
// his surrender (R7), Rufen's caller, called card and partner (R11), Kamerun's Durchmarsch
// (R12), a claim of 66 where R5/R8 allow one, closing with two (T7).
// The server is the referee: the form only sums up as a guide and shows its answer next to
// the field it concerns.

import { ApiError, KeyRing, NetworkError } from '../api.js';
import { cardRadios, cardSuit, pickedCard, setPickedCard } from '../cards.js';
import { h, randomKey, replace, uid } from '../dom.js';
import { clearProblem, errorSlot, showProblem } from '../forms.js';
import { list, suitName, t } from '../i18n.js';
import { handoffs } from '../store.js';
import { SUITS, suitIcon } from '../suits.js';

const TRICKS_BY_ACTIVE = { 4: 6, 3: 8, 2: 12 };
const TOTAL_POINTS = 120;
const MAX_MELDS = SUITS.length;
const ALONE = 'alone'; // partner option values: 'alone' or 'p:' + name ('' = not chosen)

export function tricksPerHand(state) {
  return state.tricks_per_hand || TRICKS_BY_ACTIVE[state.active.length] || 0;
}

/** Which fields this hand has: by sub-game, active players and house rule `aoh` (API.md "dreeg"). */
export function handMode(match) {
  const { type } = match.state.subgame;
  const two = match.state.active.length === 2;
  const kamerun = type === 'kamerun';
  const aoh = !two && type === 'ace_of_hearts';
  const rufen = !two && type === 'rufen';
  const eachForHimself = aoh && (match.rules || {}).aoh === 'each_for_himself';
  return {
    type,
    two,
    kamerun,
    aoh,
    rufen,
    eachForHimself,
    claim: !kamerun && (two || rufen || (aoh && !eachForHimself)), // R5, R8
    closing: two && !kamerun, // T7
    trump: !kamerun, // R12: no trumps, no marriages
  };
}

function modeHint(mode) {
  if (mode.kamerun) return 'hint_kamerun';
  if (mode.aoh) return mode.eachForHimself ? 'hint_aoh_each' : 'hint_aoh';
  if (mode.rufen) return 'hint_rufen';
  if (mode.type === 'ace_of_hearts') return 'hint_aoh_two';
  if (mode.type === 'rufen') return 'hint_rufen_two';
  return 'hint_deutsch';
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

  /** Re-render from the store; rebuild only when the hand to enter changed. */
  update({ relabel = false } = {}) {
    if (this.busy || (this.editing && !relabel)) return;
    if (this.editing) {
      const draft = this.read();
      this.correct(this.editing);
      this.fill(draft);
      return;
    }
    const state = this.store.state;
    const key = [this.store.nextSeq, state.subgame.number, state.active.join('\u0000'), state.dealer === null].join('|');
    if (key === this.builtFor && !relabel) return;
    if (key !== this.builtFor && this.dirty) {
      this.showStale();
      return;
    }
    const draft = key === this.builtFor ? this.read() : null;
    this.build(key);
    if (draft) this.fill(draft);
  }

  /** Correct an entered hand (PUT): the form as that hand had it, filled with what was entered. */
  correct(entry) {
    const e = entry;
    const type = (e.result || {}).steps ? 'kamerun' : e.caller ? 'rufen' : e.declarer || 'surrender' in e ? 'ace_of_hearts' : 'deutsch';
    const active = Object.keys(e.points || (e.result || {}).subtract || {});
    const state = { ...this.store.state, subgame: { number: 0, type }, active: active.length ? active : this.store.state.active, dealer: e.dealer ? null : '', chooser: [], forehand: e.caller || null, tricks_per_hand: 0 };
    this.editing = entry;
    this.build(`edit${e.seq}`, { ...this.store.match, state }, e.seq);
    this.fillFrom(e);
  }

  build(key, match = this.store.match, seq = this.store.nextSeq) {
    if (match === this.store.match) this.editing = null;
    const state = match.state;
    const mode = handMode(match);
    this.mode = mode;
    this.state = state;
    this.builtFor = key;
    this.seq = seq;
    this.active = state.active.slice();
    this.players = match.players.slice();
    this.forehand = state.forehand;
    this.needsDealer = state.dealer === null;
    this.melds = [];
    this.partnerSelect = null;
    this.partnersFor = null;
    this.callerFor = state.forehand;
    this.dirty = false;
    this.keys.done();

    const headingId = this.el.getAttribute('aria-labelledby');
    this.problem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.staleBox = h('div', { class: 'notice', 'data-stale': '', hidden: true });
    this.sums = h('p', { class: 'sums', 'aria-live': 'polite', 'data-sums': '' });
    this.submitButton = h('button', { type: 'submit', class: 'primary', 'data-submit': '', text: t('submit') });
    this.meldList = h('div', { class: 'melds', 'data-melds': '' });
    this.meldAdd = h('button', { type: 'button', class: 'secondary', 'data-meld-add': '', onclick: () => this.addMeld(), text: t('meld_add') });
    // everything a surrender leaves out (R7)
    this.played = h(
      'div',
      { 'data-played': '' },
      this.handFieldset(state),
      mode.claim ? this.claimField() : null,
      mode.closing ? this.closingField() : null,
      mode.kamerun ? this.durchmarschField() : null,
      this.sums,
      mode.trump ? this.trumpFieldset() : null,
      mode.trump ? h('fieldset', { class: 'meld-set' }, h('legend', { text: t('melds') }), this.meldList, this.meldAdd) : null,
    );

    this.form = h(
      'form',
      { novalidate: true, onsubmit: (e) => this.submit(e), oninput: () => this.changed(), onchange: () => this.changed() },
      h('p', { class: 'hint', 'data-mode-hint': mode.type, text: t(modeHint(mode)) }),
      this.problem,
      this.staleBox,
      this.needsDealer ? this.dealerField(state) : null,
      mode.aoh ? this.declarerFields() : null,
      mode.rufen ? this.callerFields() : null,
      this.played,
      h(
        'div',
        { class: 'actions' },
        this.submitButton,
        this.editing
          ? h('button', { type: 'button', class: 'secondary', 'data-cancel-edit': '', onclick: () => { this.editing = null; this.dirty = false; this.builtFor = null; this.update(); }, text: t('cancel_edit') })
          : h('button', { type: 'button', class: 'secondary', 'data-clear': '', onclick: () => this.clear(), text: t('clear') }),
      ),
    );
    replace(this.el, h('h2', { id: headingId, text: t(this.editing ? 'correct_hand' : 'enter_hand', { seq: this.seq }) }), this.form);
    if (this.editing) this.submitButton.textContent = t('correct_submit');
    this.renderMelds();
    this.sync();
    if (this.notice) {
      this.problem.append(h('p', { text: this.notice }));
      this.notice = null;
    }
    this.takeHandoff();
  }

  // ---- fields -------------------------------------------------------------

  dealerField(state) {
    const id = uid('f');
    const chooser = state.chooser && state.chooser.length ? state.chooser : ['–'];
    return h(
      'div',
      { class: 'field' },
      h('label', { for: id, text: t(chooser.length > 1 ? 'who_deals_many' : 'who_deals', { chooser: list(chooser) }) }),
      select(id, 'dealer', [['', t('choose')], ...this.players.map((p) => [p, p])], { required: true }),
      errorSlot('dealer', `${id}-e`),
    );
  }

  /** Ace of Hearts with three or four (R7): who holds the heart ace, and his surrender. */
  declarerFields() {
    const id = uid('f');
    const sid = uid('f');
    return h(
      'div',
      { class: 'subgame-fields' },
      h(
        'div',
        { class: 'field' },
        h('label', { for: id, text: t('declarer') }),
        select(id, 'declarer', [['', t('choose')], ...this.active.map((p) => [p, p])]),
        errorSlot('declarer', `${id}-e`),
      ),
      h(
        'div',
        { class: 'field check' },
        h('input', { type: 'checkbox', id: sid, name: 'surrender', 'data-field': 'surrender', 'aria-describedby': `${sid}-e` }),
        h('label', { for: sid, text: t('surrender') }),
        errorSlot('surrender', `${sid}-e`),
      ),
    );
  }

  /** Rufen with three or four (R11): forehand calls a card; its holder is his partner. */
  callerFields() {
    const id = uid('f');
    const pid = uid('f');
    const cid = uid('e');
    this.partnerSelect = select(pid, 'partner', []);
    return h(
      'div',
      { class: 'subgame-fields' },
      h(
        'div',
        { class: 'field' },
        h('label', { for: id, text: t('caller') }),
        select(id, 'caller', this.active.map((p) => [p, p]), { value: this.forehand || this.active[0] }),
        errorSlot('caller', `${id}-e`),
      ),
      h(
        'div',
        { class: 'field' },
        cardRadios({ name: 'called', field: 'called_card', legend: t('called_card'), describedBy: cid }),
        errorSlot('called_card', cid),
      ),
      h('div', { class: 'field' }, h('label', { for: pid, text: t('partner') }), this.partnerSelect, errorSlot('partner', `${pid}-e`)),
    );
  }

  /** Partner choices: the active players but the caller, or nobody (the caller alone). */
  renderPartners() {
    const el = this.partnerSelect;
    const caller = this.value('caller');
    const was = el.value;
    replace(
      el,
      h('option', { value: '', text: t('choose') }),
      h('option', { value: ALONE, text: t('alone') }),
      this.active.filter((p) => p !== caller).map((p) => h('option', { value: `p:${p}`, text: p })),
    );
    el.value = [...el.options].some((o) => o.value === was) ? was : '';
  }

  durchmarschField() {
    const id = uid('f');
    return h(
      'div',
      { class: 'field' },
      h('label', { for: id, text: t('durchmarsch') }),
      select(id, 'durchmarsch', [['', t('durchmarsch_none')], ...this.active.map((p) => [p, p])]),
      errorSlot('durchmarsch', `${id}-e`),
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
      select(id, 'claim', [['', t('claim_none')], ...this.active.map((p) => [p, p])]),
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
      select(by, 'closed_by', [['', t('closed_none')], ...this.active.map((p) => [p, p])]),
      errorSlot('closed_by', `${by}-e`),
      h('label', { for: after, text: t('closed_after') }),
      select(after, 'closed_after', [['', t('closed_after_unknown')], ...[0, 1, 2, 3, 4].map((n) => [String(n), String(n)])]),
      errorSlot('closed_after', `${after}-e`),
    );
  }

  trumpFieldset() {
    return h(
      'fieldset',
      { class: 'trump-set' },
      h('legend', { text: t('trump') }),
      this.mode.rufen ? h('p', { class: 'hint', text: t('trump_called') }) : null,
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

  /** A select's value, '' when the form has no such field. */
  value(path) {
    const el = this.input(path);
    return el ? el.value : '';
  }

  checked(name) {
    const el = this.form.querySelector(`input[name="${name}"]:checked`);
    return el ? el.value : '';
  }

  get surrendered() {
    const el = this.input('surrender');
    return Boolean(el && el.checked);
  }

  /** The entry as API.md wants it; empty optional fields are left out. */
  body() {
    const mode = this.mode;
    const body = { seq: this.seq };
    if (this.needsDealer && this.value('dealer')) body.dealer = this.value('dealer');
    if (mode.aoh) {
      if (this.value('declarer')) body.declarer = this.value('declarer');
      if (this.surrendered) {
        body.surrender = true; // R7: the hand is not played
        return body;
      }
    }
    const called = mode.rufen ? pickedCard(this.form, 'called') : '';
    if (mode.rufen) {
      if (this.value('caller')) body.caller = this.value('caller');
      if (called) body.called_card = called;
      const partner = this.value('partner');
      if (partner === ALONE) body.partner = null;
      else if (partner) body.partner = partner.slice(2);
    }
    body.points = {};
    body.tricks = {};
    for (const name of this.active) {
      body.points[name] = toInt(this.value(`points.${name}`));
      body.tricks[name] = toInt(this.value(`tricks.${name}`));
    }
    const claim = this.value('claim');
    const last = this.checked('last_trick');
    if (!claim && last) body.last_trick = last;
    const trump = mode.rufen ? (called && cardSuit(called)) : this.checked('trump');
    if (mode.trump && trump) body.trump = trump;
    if (mode.trump && this.melds.length) {
      body.melds = this.melds.map((m) => (m.trick ? { player: m.player, suit: m.suit, trick: m.trick } : { player: m.player, suit: m.suit }));
    }
    if (claim) body.claim = claim;
    const closedBy = this.value('closed_by');
    if (closedBy) {
      body.closed_by = closedBy;
      const after = this.value('closed_after');
      if (after !== '') body.closed_after = toInt(after);
    }
    if (mode.kamerun && this.value('durchmarsch')) body.durchmarsch = this.value('durchmarsch');
    return body;
  }

  /** What was typed, to survive a rebuild (a change of language). */
  read() {
    const values = {};
    for (const el of this.form.querySelectorAll('input[data-field], select[data-field]')) {
      if (el.type === 'radio') {
        if (el.checked) values[el.name] = el.value;
      } else if (el.type === 'checkbox') values[el.dataset.field] = el.checked;
      else values[el.dataset.field] = el.value;
    }
    return { values, melds: this.melds.map((m) => ({ ...m })), dirty: this.dirty };
  }

  fill(draft) {
    this.melds = draft.melds;
    this.renderMelds();
    const { values } = draft;
    if (this.partnerSelect && 'caller' in values) {
      this.input('caller').value = values.caller;
      this.renderPartners();
    }
    for (const el of this.form.querySelectorAll('input[data-field], select[data-field]')) {
      if (el.type === 'radio') el.checked = values[el.name] === el.value;
      else if (el.type === 'checkbox') el.checked = Boolean(values[el.dataset.field]);
      else if (el.dataset.field in values) el.value = values[el.dataset.field];
    }
    this.dirty = draft.dirty;
    this.sync();
  }

  /** A hand from the referee's replay (an API entry) put into the form to be checked and sent. */
  takeHandoff() {
    const waiting = handoffs.get(this.store.id);
    if (!waiting || waiting.seq !== this.seq || this.editing) return;
    handoffs.delete(this.store.id);
    this.fillFrom(waiting.entry, 'from_referee');
  }

  /** An API entry put into the form (from the referee, the outbox or a hand to correct). */
  fillFrom(entry, note) {
    const values = { ...entry, last_trick: entry.last_trick || '', trump: entry.trump || '' };
    for (const name of this.active) {
      values[`points.${name}`] = String((entry.points || {})[name] ?? '');
      values[`tricks.${name}`] = String((entry.tricks || {})[name] ?? '');
    }
    if (entry.called_card) {
      values.called_suit = cardSuit(entry.called_card);
      values.called_rank = entry.called_card.slice(1);
    }
    if ('partner' in entry) values.partner = entry.partner === null ? ALONE : `p:${entry.partner}`;
    if ('closed_after' in entry) values.closed_after = String(entry.closed_after);
    this.fill({ values, melds: (entry.melds || []).map((m) => ({ ...m })), dirty: true });
    if (note) this.problem.before(h('p', { class: 'notice', 'data-handoff': '', text: t(note) }));
  }

  changed() {
    this.dirty = true;
    this.sync();
  }

  /**
   * R13: forehand is the first active player after the dealer, clockwise (the seating
   * order). While the dealer is being chosen, it follows the choice.
   */
  forehandNow() {
    if (!this.needsDealer) return this.forehand;
    const dealer = this.value('dealer');
    const seat = this.players.indexOf(dealer);
    if (seat < 0) return null;
    const turn = [...this.players.slice(seat + 1), ...this.players.slice(0, seat + 1)];
    return turn.find((p) => this.active.includes(p)) || null;
  }

  /** Fields that follow others: surrender hides the play, Rufen's caller is forehand and its trump the called suit. */
  sync() {
    if (this.mode.aoh) this.played.hidden = this.surrendered;
    if (this.mode.rufen) {
      const forehand = this.forehandNow();
      if (forehand && forehand !== this.callerFor) {
        this.callerFor = forehand; // a new dealer: a new forehand calls
        this.input('caller').value = forehand;
      }
      const caller = this.value('caller');
      if (caller !== this.partnersFor) {
        this.partnersFor = caller;
        this.renderPartners();
      }
      const suit = this.checked('called_suit');
      for (const radio of this.form.querySelectorAll('input[name="trump"]')) {
        radio.checked = radio.value === suit;
        radio.disabled = radio.value !== suit;
      }
    }
    this.refreshSums();
  }

  refreshSums() {
    let points = 0;
    let tricks = 0;
    for (const name of this.active) {
      points += toInt(this.value(`points.${name}`));
      tricks += toInt(this.value(`tricks.${name}`));
    }
    const claim = this.value('claim');
    const partial = Boolean(claim || this.value('closed_by')); // a claim or a closed stock leaves cards untaken
    const total = tricksPerHand(this.state);
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
    const editing = this.editing;
    try {
      if (editing) {
        const { seq, ...entry } = body;
        await this.store.replaceHand(seq, entry, key);
        this.editing = null;
        this.builtFor = null;
      } else await this.store.submitHand(body, key);
      this.keys.done();
      this.dirty = false;
      this.announce(t(editing ? 'corrected' : 'entered', { seq: body.seq }));
    } catch (err) {
      if (err instanceof NetworkError && !editing) {
        // no network: into the outbox, sent with the same key when it is back
        await this.store.queue(body, key);
        this.keys.done();
        this.dirty = false;
        this.announce(t('pending_form', { list: body.seq }));
      } else if (editing && err instanceof ApiError && err.isConflict) {
        const p = err.problem;
        showProblem(this.form, this.problem, { ...p, detail: `${p.detail || p.title || ''} ${p.seq ? t('later_misfits', { seq: p.seq }) : ''}` });
      } else if (err instanceof ApiError && err.isConflict) {
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
      } else if (err instanceof ApiError) showProblem(this.form, this.problem, err.problem);
      else if (err instanceof NetworkError) showProblem(this.form, this.problem, { detail: t('offline') });
      else throw err;
    } finally {
      this.busy = false;
      if (this.submitButton.isConnected) {
        this.submitButton.disabled = false;
        this.submitButton.textContent = t(this.editing ? 'correct_submit' : 'submit');
      }
    }
    this.update();
  }
}

/** A select with data-field; options as [value, text] pairs. */
function select(id, path, options, { value, required } = {}) {
  return h(
    'select',
    { id, name: path, 'data-field': path, 'aria-describedby': `${id}-e`, required },
    options.map(([v, text]) => h('option', { value: v, text, selected: value !== undefined && v === value })),
  );
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
