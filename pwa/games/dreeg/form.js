// The entry form for a Dreeg hand (API.md "dreeg"). It asks what the server says the hand
// needs (state.needs; a correction asks what the hand needed, result.needs): which fields,
// the sums of a hand played out, who deals and who is forehand for each dealer, who may
// claim 66, close the stock or announce Durchmarsch. It works no rule out itself; the server
// is the referee and its answer is shown next to the field it concerns. A blank field is
// not 0: every blank that must be filled is named at once, before anything is sent.

import { cardRadios, cardSuit, lockSuit, pickedCard, suitRadios } from '../../cards/german.js';
import { errorSlot, h, replace, uid } from '../../dom.js';
import { EntryForm, figuresRow, select, toNumber } from '../../entry-form.js';
import { t } from '../../i18n.js';
import { drafts } from '../../store.js';
import { MeldRows } from '../melds.js';
import { MELD_WORDS } from './strings.js';

const ALONE = 'alone'; // partner option values: 'alone' or 'p:' + name ('' = not chosen)

function hintFor(needs) {
  const fields = new Set(needs.fields);
  switch (needs.subgame.type) {
    case 'kamerun': return 'hint_kamerun';
    case 'ace_of_hearts':
      if (!fields.has('declarer')) return 'hint_aoh_two';
      return needs.sides ? 'hint_aoh' : 'hint_aoh_each';
    case 'rufen': return fields.has('caller') ? 'hint_rufen' : 'hint_rufen_two';
    default: return 'hint_deutsch';
  }
}

/** Dreeg's hand: the shell's EntryForm sends what this form builds. */
export class DreegEntryForm extends EntryForm {
  /** The form for a hand as `needs` asks it (the shell's show() calls it). */
  build(key, needs) {
    const fields = new Set(needs.fields);
    this.active = needs.players.slice();
    this.needsDealer = needs.dealer === null;
    this.melds = [];
    this.partnerSelect = null;
    this.partnersFor = null;
    this.callerFor = null;
    this.has = {
      declarer: fields.has('declarer'),
      caller: fields.has('caller'),
      claim: fields.has('claim') && needs.claim.length > 0,
      closing: Boolean(needs.closing),
      durchmarsch: Boolean(needs.durchmarsch),
      trump: needs.trump !== 'none',
      melds: fields.has('melds'),
    };

    this.sums = h('p', { class: 'sums', 'data-sums': '' });
    this.sendButton();
    this.meldRows = new MeldRows({ melds: () => this.melds, players: () => this.active, changed: () => this.changed(), words: MELD_WORDS });
    // everything a surrender leaves out (R7)
    this.played = h(
      'div',
      { 'data-played': '' },
      this.handFieldset(),
      this.has.claim ? this.selectField('claim', t('claim'), [['', t('claim_none')], ...needs.claim.map((p) => [p, p])]) : null,
      this.has.closing ? this.closingField() : null,
      this.has.durchmarsch ? this.selectField('durchmarsch', t('durchmarsch'), [['', t('durchmarsch_none')], ...needs.durchmarsch.map((p) => [p, p])]) : null,
      this.has.trump ? this.trumpFieldset() : null,
      this.has.melds ? this.meldRows.el : null,
    );

    this.form = h(
      'form',
      {
        novalidate: true,
        onsubmit: (e) => this.submit(e),
        oninput: () => this.changed(),
        onchange: () => this.changed(),
        onkeydown: (e) => this.onKey(e),
      },
      h('details', { class: 'mode-hint', 'data-mode-hint': needs.subgame.type },
        h('summary', { text: t('how_scored', { subgame: t(`subgame_${needs.subgame.type}`) }) }),
        h('p', { class: 'hint', text: t(hintFor(needs)) })),
      this.needsDealer ? this.dealerField() : null,
      this.has.declarer ? this.declarerFields() : null,
      this.has.caller ? this.callerFields() : null,
      this.played,
      this.foot({ result: this.sums }),
      this.leaveButtons(),
    );
    replace(this.el, this.heading(), this.form);
    this.meldRows.render();
    this.sync();
  }

  // ---- fields -------------------------------------------------------------

  selectField(path, label, options, { value } = {}) {
    const id = uid('f');
    return h('div', { class: 'field' }, h('label', { for: id, text: label }), select(id, path, options, { value }), errorSlot(path, `${id}-e`));
  }

  /** R13: the first hand of a sub-game: the loser(s) choose the dealer. */
  dealerField() {
    const chooser = this.needs.choose_dealer || [];
    return this.selectField('dealer', t('who_deals', { chooser }), [['', t('choose')], ...this.needs.dealers.map((p) => [p, p])]);
  }

  /** Ace of Hearts with three or four (R7): who holds the heart ace, and his surrender. */
  declarerFields() {
    const sid = uid('f');
    return h(
      'div',
      { class: 'subgame-fields' },
      this.selectField('declarer', t('declarer'), [['', t('choose')], ...this.active.map((p) => [p, p])]),
      h(
        'div',
        { class: 'field check' },
        h('input', { type: 'checkbox', id: sid, name: 'surrender', 'data-field': 'surrender', 'aria-describedby': `${sid}-e` }),
        h('label', { for: sid, text: t('surrender') }),
        errorSlot('surrender', `${sid}-e`),
      ),
    );
  }

  /** Rufen with three or four (R11): the caller (the server says who, by dealer), the called card, his partner. */
  callerFields() {
    const pid = uid('f');
    const cid = uid('e');
    this.partnerSelect = select(pid, 'partner', []);
    return h(
      'div',
      { class: 'subgame-fields' },
      this.selectField('caller', t('caller'), this.active.map((p) => [p, p]), { value: this.callerNow() || this.active[0] }),
      h('div', { class: 'field' }, cardRadios({ name: 'called', field: 'called_card', legend: t('called_card'), describedBy: cid }), errorSlot('called_card', cid)),
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

  handFieldset() {
    const rows = this.active.map((name) => figuresRow(name, {
      row: 'hand-row',
      nameClass: 'hand-name',
      points: { label: t('points_of', { name }), max: this.needs.sums.points },
      tricks: { label: t('tricks_of', { name }), max: this.needs.sums.tricks },
      more: [
        h(
          'label',
          { class: 'last-cell' },
          h('input', { type: 'radio', name: 'last_trick', value: name, 'data-field': 'last_trick' }),
          h('span', { class: 'vh', text: t('last_of', { name }) }),
        ),
        h('button', { type: 'button', class: 'secondary small fill-rest', 'data-fill-rest': name, hidden: true, onclick: () => this.fillRest(name) }),
      ],
    }));
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

  /** Two players: the stock closed (zudrehen, T7) by whom and after how many tricks. */
  closingField() {
    const by = uid('f');
    const after = uid('f');
    const { closing } = this.needs;
    return h(
      'div',
      { class: 'field closing' },
      h('label', { for: by, text: t('closed_by') }),
      select(by, 'closed_by', [['', t('closed_none')], ...closing.players.map((p) => [p, p])]),
      errorSlot('closed_by', `${by}-e`),
      h('label', { for: after, text: t('closed_after') }),
      select(after, 'closed_after', [['', t('closed_after_unknown')], ...closing.after.map((n) => [String(n), String(n)])]),
      errorSlot('closed_after', `${after}-e`),
    );
  }

  trumpFieldset() {
    const mode = this.needs.trump;
    this.trumpSet = suitRadios({
      name: 'trump',
      field: 'trump',
      legend: t('trump'),
      hint: mode === 'called' ? t('trump_called') : null,
      none: mode === 'optional' ? t('trump_optional_none') : null,
    });
    this.trumpSet.append(errorSlot('trump', uid('e')));
    return this.trumpSet;
  }

  // ---- reading and writing the form ---------------------------------------

  get surrendered() {
    const el = this.input('surrender');
    return Boolean(el && el.checked);
  }

  /** The entry as API.md wants it; blank fields are left out (never sent as 0). */
  body() {
    const body = { seq: this.seq };
    if (this.needsDealer && this.value('dealer')) body.dealer = this.value('dealer');
    if (this.has.declarer) {
      if (this.value('declarer')) body.declarer = this.value('declarer');
      if (this.surrendered) {
        body.surrender = true; // R7: the hand is not played
        return body;
      }
    }
    const called = this.has.caller ? pickedCard(this.form, 'called') : '';
    if (this.has.caller) {
      if (this.value('caller')) body.caller = this.value('caller');
      if (called) body.called_card = called;
      const partner = this.value('partner');
      if (partner === ALONE) body.partner = null;
      else if (partner) body.partner = partner.slice(2);
    }
    body.points = {};
    body.tricks = {};
    for (const name of this.active) {
      const points = this.value(`points.${name}`);
      const tricks = this.value(`tricks.${name}`);
      if (points !== '') body.points[name] = toNumber(points);
      if (tricks !== '') body.tricks[name] = toNumber(tricks);
    }
    const claim = this.value('claim');
    const last = this.checked('last_trick');
    if (!claim && last) body.last_trick = last;
    const trump = this.needs.trump === 'called' ? (called && cardSuit(called)) : this.checked('trump');
    if (this.has.trump && trump) body.trump = trump;
    if (this.has.melds && this.melds.length) {
      body.melds = this.melds.map((m) => (m.trick ? { player: m.player, suit: m.suit, trick: m.trick } : { player: m.player, suit: m.suit }));
    }
    if (claim) body.claim = claim;
    const closedBy = this.value('closed_by');
    if (closedBy) {
      body.closed_by = closedBy;
      const after = this.value('closed_after');
      if (after !== '') body.closed_after = toNumber(after);
    }
    if (this.has.durchmarsch && this.value('durchmarsch')) body.durchmarsch = this.value('durchmarsch');
    return body;
  }

  /** Every field the hand needs that is still blank, at once: {path: message}. */
  blanks(body) {
    const errors = {};
    const required = new Set(this.needs.required);
    if (this.needsDealer && !body.dealer) errors.dealer = t('missing_dealer');
    if (required.has('declarer') && !body.declarer) errors.declarer = t('missing_declarer');
    if (body.surrender) return errors;
    if (required.has('called_card') && !body.called_card) errors.called_card = t('missing_called_card');
    if (required.has('partner') && !('partner' in body)) errors.partner = t('missing_partner');
    for (const name of this.active) {
      if (!(name in body.points)) errors[`points.${name}`] = t('missing_points', { name });
      if (!(name in body.tricks)) errors[`tricks.${name}`] = t('missing_tricks', { name });
    }
    if (required.has('last_trick') && !body.claim && !body.last_trick) errors.last_trick = t('missing_last_trick');
    return errors;
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
    this.meldRows.render();
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

  /** An API entry as a draft (from the referee, the outbox or a hand to correct). */
  draftOf(entry) {
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
    return { values, melds: (entry.melds || []).map((m) => ({ ...m })), dirty: true };
  }

  changed() {
    this.dirty = true;
    this.sync();
    this.remember();
  }

  /** The trump and the called card of the hand being typed, for the referee opened from here. */
  remember() {
    if (this.editing) return;
    const called = this.has.caller ? pickedCard(this.form, 'called') : '';
    const trump = this.needs.trump === 'called' ? (called ? cardSuit(called) : null) : this.checked('trump') || null;
    drafts.set(this.store.id, { seq: this.seq, trump: this.has.trump ? trump : '', called });
  }

  /** Rufen's caller is the forehand, which the server gives for each possible dealer. */
  callerNow() {
    const callers = this.needs.caller || {};
    const dealer = this.needsDealer ? this.value('dealer') : this.needs.dealer;
    return callers[dealer] || null;
  }

  /** Fields that follow others: a surrender hides the play, Rufen's caller and trump follow the dealer and the call. */
  sync() {
    if (this.has.declarer) this.played.hidden = this.sums.hidden = this.surrendered;
    if (this.has.caller) {
      const caller = this.callerNow();
      if (caller && caller !== this.callerFor) {
        this.callerFor = caller; // a new dealer: a new forehand calls
        this.input('caller').value = caller;
      }
      if (this.value('caller') !== this.partnersFor) {
        this.partnersFor = this.value('caller');
        this.renderPartners();
      }
      if (this.trumpSet) lockSuit(this.trumpSet, this.checked('called_suit') || null);
    }
    this.refreshSums();
  }

  get partial() {
    return Boolean(this.value('claim') || this.value('closed_by')); // a claim or a closed stock leaves cards untaken
  }

  refreshSums() {
    let points = 0;
    let tricks = 0;
    const open = [];
    for (const name of this.active) {
      const p = this.value(`points.${name}`);
      const k = this.value(`tricks.${name}`);
      points += toNumber(p) || 0;
      tricks += toNumber(k) || 0;
      if (p === '' || k === '') open.push(name);
    }
    const { sums } = this.needs;
    const partial = this.partial;
    const pointsOk = partial ? points <= sums.points : points === sums.points;
    const tricksOk = partial ? tricks <= sums.tricks : tricks === sums.tricks;
    const claim = this.value('claim');
    for (const radio of this.form.querySelectorAll('input[name="last_trick"]')) radio.disabled = Boolean(claim);
    this.form.classList.toggle('has-claim', Boolean(claim));
    replace(
      this.sums,
      h('span', { class: pointsOk ? 'ok' : 'off', 'data-sum': 'points' },
        partial ? t('sum_points_claim', { sum: points }) : t('sum_points', { sum: points, total: sums.points })),
      h('span', { class: tricksOk ? 'ok' : 'off', 'data-sum': 'tricks' }, t('sum_tricks', { sum: tricks, total: sums.tricks })),
    );
    // the last player's points and tricks: what is left of the hand, one tap
    const rest = open.length === 1 && !partial ? this.rest(open[0]) : null;
    for (const button of this.form.querySelectorAll('[data-fill-rest]')) {
      const show = rest !== null && button.dataset.fillRest === open[0];
      button.hidden = !show;
      if (show) button.textContent = t('fill_rest', { name: open[0], ...rest }); // its name is what it shows
    }
  }

  /** What is left of the hand's sums for one player, or null when it cannot be his. */
  rest(name) {
    const { sums } = this.needs;
    let points = sums.points;
    let tricks = sums.tricks;
    for (const other of this.active) {
      if (other === name) continue;
      points -= toNumber(this.value(`points.${other}`)) || 0;
      tricks -= toNumber(this.value(`tricks.${other}`)) || 0;
    }
    return points >= 0 && tricks >= 0 ? { points, tricks } : null;
  }

  fillRest(name) {
    const rest = this.rest(name);
    if (!rest) return;
    this.input(`points.${name}`).value = String(rest.points);
    this.input(`tricks.${name}`).value = String(rest.tricks);
    this.changed();
    const radio = this.form.querySelector(`input[name="last_trick"][value="${CSS.escape(name)}"]`);
    if (radio) radio.focus();
  }

}
