// The entry form for a deal of Sixty-Six or Schnapsen (docs/sixtysix.md). It asks
// in the order a table thinks: first how the deal ended (a claim of 66, played out, closed,
// a Renonce), then only what that ending needs (state.needs.required[ending]; a correction
// asks what the deal needed, result.needs): who claimed, who closed and what his opponent
// had then, who took the last trick, who reneged; the card points and tricks with their
// sums; trumps and the marriages, and on demand the lead a marriage was shown on and the
// exchange of the lowest trump. It works no rule out itself: the server is the referee,
// and its answer is shown next to the field it concerns. A blank field is not 0: every
// blank that must be filled is named at once, before anything is sent. Switching the
// ending hides fields but keeps what was typed in them.
//
// Two other ways in, one tap away (the checked entry stays the default): a quick deal (who
// won, then 1, 2 or 3: two taps, no figures; API.md "a quick deal"), and the deal trick by
// trick (`plays`, T8: the server checks every card and works out the rest). Each way's
// fields are in the form only while it is chosen, so a refusal finds its field.

import { rankName, suitRadios } from '../../cards/german.js';
import { errorSlot, h, replace, uid } from '../../dom.js';
import { EntryForm, figuresRow, numberInput, tile, toNumber } from '../../entry-form.js';
import { lang, t } from '../../i18n.js';
import { MeldRows } from '../melds.js';
import { TrickRows } from '../tricks.js';
import { MELD_WORDS } from './strings.js';

const ENDINGS = ['claim', 'played_out', 'closed', 'renonce'];
const MODES = ['figures', 'quick', 'plays'];
/** What an ending never takes, should the server not say (it does: needs.refused). */
const REFUSED = {
  claim: ['last_trick', 'closed_by', 'closed_after', 'at_close', 'renonce_by'],
  played_out: ['claim', 'closed_by', 'closed_after', 'at_close', 'renonce_by'],
  closed: ['last_trick', 'renonce_by'],
  renonce: ['claim', 'last_trick', 'closed_by', 'closed_after', 'at_close'],
};
/** Asked when the ending allows them, though not required. A Renonce asks only who made it. */
const OPTIONAL = ['claim', 'closed_after', 'trump', 'melds', 'exchange'];

export class SixtySixEntryForm extends EntryForm {
  /** @param {import('../../store.js').MatchStore} store */
  constructor(store, options) {
    super(store, options, {
      cls: 's66-entry',
      words: {
        missing: 's66_missing_fields', sending: 's66_sending', entered: 's66_entered',
        stale: 's66_stale', submit: 's66_submit', correctSubmit: 's66_correct_submit',
        staleDraft: 's66_stale_draft', discardDraft: 's66_discard_draft',
        enterTitle: 's66_enter', correctTitle: 's66_correct', cancel: 's66_cancel', clear: 's66_clear',
        reentered: 's66_reentered', fromReferee: 's66_from_referee',
      },
    });
    this.mode = 'figures'; // the checked entry is the default; a table's choice stays for the next deal
  }

  /** The form for a deal as `needs` asks it (the shell's show() calls it). */
  build(key, needs, seq) {
    this.players = needs.players.slice();
    this.melds = [];
    this.auto = new Set(); // number fields filled in as the rest (played out), until typed over
    this.quickPoints = null;
    this.tricks = { rows: Array(needs.sums.tricks).fill(''), current: 0 };

    this.sendButton();
    this.quickButtons = h(
      'div',
      { class: 's66-quick-points', role: 'group', 'aria-label': t('s66_quick_points'), 'data-quick-points': '' },
      (needs.quick_points || [1, 2, 3]).map((n) => h('button', {
        type: 'submit', class: 'primary', 'data-game-points': n, onclick: () => { this.quickPoints = n; }, text: t('s66_quick_n', { n }),
      })),
    );

    this.trumpSet = suitRadios({ name: 'trump', field: 'trump', legend: t('s66_trump'), hint: t('s66_trump_hint') });
    this.trumpSet.append(errorSlot('trump', uid('e')));
    this.meldRows = new MeldRows({
      melds: () => this.melds,
      players: () => this.players,
      changed: () => this.changed(),
      words: MELD_WORDS,
      leads: () => this.needs.sums.tricks,
      worth: (meld) => this.meldWorth(meld),
    });
    this.meldRows.el.classList.add('s66-melds');
    this.meldRows.el.dataset.block = 'melds';
    this.blocks = {
      last_trick: this.playerChoice('last_trick', t('s66_last_who')),
      closed_by: this.playerChoice('closed_by', t('s66_closed_who')),
      closed_after: this.closedAfterField(),
      at_close: this.atCloseFieldset(),
      claim: this.claimChoice(),
      renonce_by: this.playerChoice('renonce_by', t('s66_renonce_who'), t('s66_renonce_hint')),
      points: this.figuresFieldset(),
      melds: this.meldRows.el,
      exchange: this.exchangeFieldset(),
    };
    // the fields each block asks: it is shown when the ending takes any of them
    this.blockFields = Object.entries(this.blocks).map(([field, block]) => [
      { points: ['points', 'tricks'], melds: ['melds', 'trump'] }[field] || [field], block]);
    this.trickRows = new TrickRows(this.tricks, {
      perTrick: () => 2,
      changed: () => this.changed(),
      announce: this.announce,
      playable: (c) => this.needs.variant !== 'schnapsen' || !c.endsWith('9'),
    });
    // each way in: its own fields, in the form only while it is chosen
    this.sections = {
      figures: h('div', { 'data-way': 'figures' }, this.endingFieldset(), this.blocks.last_trick, this.blocks.closed_by,
        this.blocks.closed_after, this.blocks.at_close, this.blocks.claim, this.blocks.renonce_by, this.blocks.points),
      quick: this.quickFieldset(),
      plays: h('div', { 'data-way': 'plays' }, h('p', { class: 'hint', text: t('s66_plays_hint') }), this.trickRows.el,
        this.playsClosing(), this.playsClaim()),
    };
    this.shared = h('div', { 'data-shared': '' }, this.blocks.melds, this.blocks.exchange);
    this.waySlot = h('div', { 'data-way-slot': '' });
    const dealt = this.editing
      ? h('p', { class: 's66-who-deals', 'data-who-deals': '', text: t('s66_corrected_deal', { seq, dealer: needs.dealer, forehand: needs.forehand }) })
      : null;
    // a deal entered trick by trick is corrected with its figures, worked out by the server
    const playsNote = this.editing && this.editing.plays ? h('p', { class: 'notice', 'data-plays-note': '', text: t('s66_plays_note') }) : null;

    this.form = h(
      'form',
      {
        novalidate: true,
        onsubmit: (e) => this.submit(e),
        oninput: (e) => this.changed(e),
        onchange: (e) => this.changed(e),
        onkeydown: (e) => this.onKey(e),
      },
      playsNote,
      // the page's header says who deals the next deal; a correction says who dealt this one
      dealt,
      this.helpDetails(),
      this.modeSwitch(),
      this.waySlot,
      this.foot({ result: this.sums, send: [this.submitButton, this.quickButtons] }),
      this.leaveButtons(),
    );
    replace(this.el, this.heading(), this.form);
    this.meldRows.render();
    this.showWay();
  }

  // ---- the three ways in ----------------------------------------------------------

  /** With figures (checked, the default), quickly (who won, 1-3) or trick by trick. */
  modeSwitch() {
    this.modeButtons = MODES.map((mode) => h('button', {
      type: 'button',
      class: 'secondary',
      'aria-pressed': String(this.mode === mode),
      'data-mode': mode,
      onclick: () => this.setMode(mode),
      text: t(`s66_mode_${mode}`),
    }));
    return h('div', { class: 's66-modes', role: 'group', 'aria-label': t('s66_mode') }, this.modeButtons);
  }

  setMode(mode) {
    if (mode === this.mode) return;
    this.mode = mode;
    this.showWay();
    this.changed();
  }

  /** The chosen way's fields in the form; the trumps and marriages go where that way asks them. */
  showWay() {
    for (const button of this.modeButtons) button.setAttribute('aria-pressed', String(button.dataset.mode === this.mode));
    const section = this.sections[this.mode];
    if (this.mode === 'plays') section.prepend(this.trumpSet);
    else this.blocks.melds.append(this.trumpSet);
    replace(this.waySlot, section, this.mode === 'quick' ? null : this.shared);
    this.form.dataset.way = this.mode;
    this.submitButton.hidden = this.mode === 'quick';
    this.quickButtons.hidden = this.mode !== 'quick';
    if (this.resultBox) this.resultBox.hidden = this.mode !== 'figures';
    this.sync();
  }

  // ---- what each ending asks ------------------------------------------------------

  get ending() {
    return this.checked('ended_by');
  }

  /** The fields the form shows (and sends) for an ending. */
  shown(ending) {
    if (!ending) return new Set();
    const required = (this.needs.required || {})[ending] || [];
    if (ending === 'renonce') return new Set(required);
    const refused = new Set(((this.needs.refused || REFUSED)[ending]) || []);
    const offered = new Set(this.needs.fields || []);
    return new Set([...required, ...OPTIONAL.filter((f) => offered.has(f) && !refused.has(f))]);
  }

  required(ending) {
    return new Set(((this.needs.required || {})[ending]) || []);
  }

  // ---- fields ---------------------------------------------------------------------

  helpDetails() {
    const help = (this.needs.help || []).map((item) => item[lang] || item.en).filter(Boolean);
    return h(
      'details',
      { class: 'mode-hint', 'data-mode-hint': this.needs.style || '' },
      h('summary', { text: t('s66_how_scored') }),
      h('p', { class: 'hint', text: t('s66_scoring_hint') }),
      help.map((text) => h('p', { class: 'hint', text })),
    );
  }

  /** The four endings as big tiles: the first question of every deal. */
  endingFieldset() {
    const endings = (this.needs.ended_by || ENDINGS).filter((e) => ENDINGS.includes(e));
    return h(
      'fieldset',
      { class: 's66-endings', 'data-endings': '' },
      h('legend', { text: t('s66_ending') }),
      h(
        'div',
        { class: 's66-tiles' },
        endings.map((ending) => tile({
          look: 's66',
          name: 'ended_by',
          field: 'ended_by',
          value: ending,
          title: t(`s66_ending_${ending}`),
          hint: t(`s66_ending_${ending}_hint`),
          cls: `s66-ending s66-ending-${ending}`,
        })),
      ),
      errorSlot('ended_by', uid('e')),
    );
  }

  /** A question answered by a player's name: one big tile per player (and `none`, if given). */
  playerChoice(field, legend, hint, { name = field, none = null, block = field } = {}) {
    return h(
      'fieldset',
      { class: 's66-choices', 'data-block': block },
      h('legend', { text: legend }),
      hint ? h('p', { class: 'hint', text: hint }) : null,
      h('div', { class: 's66-tiles' },
        this.players.map((player) => tile({ look: 's66', name, field, value: player, title: player })),
        none ? tile({ look: 's66', name, field, value: '', title: none }) : null),
      errorSlot(field, uid('e')),
    );
  }

  /** Who claimed 66: after a claim, one of the two; after a closing, the closer, his opponent (first) or nobody. */
  claimChoice() {
    this.claimLegend = h('legend');
    this.claimTiles = this.players.map((name) => tile({ look: 's66', name: 'claim', field: 'claim', value: name, title: name, hint: ' ' }));
    this.claimNobody = tile({ look: 's66', name: 'claim', field: 'claim', value: '', title: t('s66_closed_claim_none') });
    return h(
      'fieldset',
      { class: 's66-choices', 'data-block': 'claim' },
      this.claimLegend,
      h('div', { class: 's66-tiles' }, this.claimTiles, this.claimNobody),
      errorSlot('claim', uid('e')),
    );
  }

  /** T7: after how many tricks the stock was closed (optional: not every table notes it). */
  closedAfterField({ required = false } = {}) {
    const id = uid('f');
    const after = this.needs.close_after || [];
    return h(
      'div',
      { class: 'field s66-closed-after', 'data-block': 'closed_after' },
      h('label', { for: id, text: t('s66_closed_after') }),
      h(
        'select',
        { id, name: 'closed_after', 'data-field': 'closed_after', 'aria-describedby': `${id}-e` },
        h('option', { value: '', text: t(required ? 's66_closed_after_pick' : 's66_closed_after_unknown') }),
        after.map((n) => h('option', { value: String(n), text: n === 0 ? t('s66_closed_before_first') : String(n) })),
      ),
      errorSlot('closed_after', `${id}-e`),
    );
  }

  /** R19: the closer's opponent's card points and tricks at the moment of closing. */
  atCloseFieldset() {
    const pid = uid('f');
    const tid = uid('f');
    this.atCloseLegend = h('legend');
    this.atClosePointsLabel = h('label', { for: pid, class: 'vh' });
    this.atCloseTricksLabel = h('label', { for: tid, class: 'vh' });
    return h(
      'fieldset',
      { class: 's66-at-close', 'data-block': 'at_close' },
      this.atCloseLegend,
      h(
        'div',
        { class: 's66-pair' },
        h('div', { class: 's66-num' }, this.atClosePointsLabel, numberInput(pid, 'at_close.points', this.needs.sums.points), h('span', { class: 's66-unit', 'aria-hidden': 'true', text: t('s66_at_close_points') })),
        h('div', { class: 's66-num' }, this.atCloseTricksLabel, numberInput(tid, 'at_close.tricks', this.needs.sums.tricks), h('span', { class: 's66-unit', 'aria-hidden': 'true', text: t('s66_at_close_tricks') })),
      ),
      errorSlot('at_close.points', `${pid}-e`),
      errorSlot('at_close.tricks', `${tid}-e`),
      errorSlot('at_close', uid('e')),
    );
  }

  /** Card points and tricks of both players, with their sums and the rest filled in. */
  figuresFieldset() {
    this.figuresLegend = h('legend');
    this.sums = h('p', { class: 'sums', 'data-sums': '' }); // in the form's foot, beside the send button
    const rows = this.players.map((name) => figuresRow(name, {
      row: 's66-row',
      nameClass: 's66-row-name',
      points: { label: t('s66_points_of', { name }), max: this.needs.sums.points },
      tricks: { label: t('s66_tricks_of', { name }), max: this.needs.sums.tricks },
      more: h('span', { class: 's66-auto-note', 'data-auto-note': name, hidden: true, text: t('s66_filled') }),
    }));
    this.figuresHint = h('p', { class: 'hint' });
    return h(
      'fieldset',
      { class: 's66-figures', 'data-block': 'points' },
      this.figuresLegend,
      this.figuresHint,
      h(
        'div',
        { class: 's66-row s66-row-head', 'aria-hidden': 'true' },
        h('span', { text: t('s66_col_player') }),
        h('span', { text: t('s66_col_points') }),
        h('span', { text: t('s66_col_tricks') }),
      ),
      rows,
      errorSlot('points', uid('e')),
      errorSlot('tricks', uid('e')),
    );
  }

  /** Forty in trumps, twenty otherwise, once trumps are known (R10). */
  meldWorth(meld) {
    const trump = this.checked('trump');
    if (!trump) return null;
    const value = this.needs.marriage || { trump: 40, plain: 20 };
    const forty = meld.suit === trump;
    return `${t(forty ? 's66_meld_forty' : 's66_meld_twenty')} (${forty ? value.trump : value.plain})`;
  }

  /** T7: the lowest trump exchanged for the face-up card, on demand: who, and on which lead if noted. */
  exchangeFieldset() {
    const rank = rankName(this.needs.lowest_trump || '9');
    const id = uid('f');
    this.exchangeOpen = false;
    this.exchangeToggle = h('button', {
      type: 'button', class: 'secondary', 'aria-expanded': 'false', 'data-exchange-toggle': '',
      onclick: () => this.openExchange(!this.exchangeOpen), text: t('s66_exchange_add'),
    });
    this.exchangeBody = h(
      'div',
      { 'data-exchange': '', hidden: true },
      this.playerChoice('exchange.player', t('s66_exchange_who'), null, { name: 'exchange_player', block: 'exchange.player' }),
      h('div', { class: 'field' },
        h('label', { for: id, text: t('s66_exchange_trick') }),
        h('select', { id, 'data-field': 'exchange.trick', 'aria-describedby': `${id}-e` },
          h('option', { value: '', text: t('s66_closed_after_unknown') }),
          Array.from({ length: this.needs.sums.tricks - 1 }, (_, k) => String(k + 2)).map((v) => h('option', { value: v, text: v }))),
        errorSlot('exchange.trick', `${id}-e`)),
    );
    return h(
      'fieldset',
      { class: 's66-exchange', 'data-block': 'exchange' },
      h('legend', { text: t('s66_exchange', { rank }) }),
      this.exchangeToggle,
      this.exchangeBody,
      errorSlot('exchange', uid('e')),
    );
  }

  openExchange(open) {
    this.exchangeOpen = open;
    this.exchangeBody.hidden = !open;
    this.exchangeToggle.setAttribute('aria-expanded', String(open));
    this.exchangeToggle.textContent = t(open ? 's66_exchange_remove' : 's66_exchange_add');
    if (!open) for (const input of this.exchangeBody.querySelectorAll('input')) input.checked = false;
    this.changed();
  }

  /** A quick deal: who won (a tap), then 1, 2 or 3 game points (a tap: it is entered). */
  quickFieldset() {
    const id = uid('f');
    return h(
      'div',
      { 'data-way': 'quick' },
      h('p', { class: 'hint', text: t('s66_quick_hint') }),
      this.playerChoice('winner', t('s66_quick_who'), null, { block: 'winner' }),
      h('div', { class: 'field', 'data-block': 'quick_ending' },
        h('label', { for: id, text: t('s66_quick_ending') }),
        h('select', { id, 'data-field': 'ended_by', 'data-quick-ending': '', 'aria-describedby': `${id}-e` },
          h('option', { value: '', text: t('s66_quick_ending_none') }),
          ENDINGS.map((e) => h('option', { value: e, text: t(`s66_ending_${e}`) }))),
        errorSlot('ended_by', `${id}-e`)),
      errorSlot('game_points', uid('e')),
    );
  }

  /** Trick by trick (T8): who closed the stock and after how many tricks, if it was closed. */
  playsClosing() {
    return h(
      'div',
      { 'data-block': 'plays_closing' },
      this.playerChoice('closed_by', t('s66_closed_who'), null, { name: 'plays_closed_by', none: t('s66_plays_nobody'), block: 'plays_closed_by' }),
      this.closedAfterField({ required: true }),
    );
  }

  /** Trick by trick: who claimed 66 after the last trick entered (the closer who stops short claimed, R23). */
  playsClaim() {
    return this.playerChoice('claim', t('s66_plays_claim'), t('s66_plays_claim_hint'), { name: 'plays_claim', none: t('s66_plays_nobody'), block: 'plays_claim' });
  }

  // ---- reading and writing the form -----------------------------------------------

  /** The entry as the contract wants it: only what the way and the ending take; blank fields are left out (never sent as 0). */
  body() {
    const body = { seq: this.seq };
    if (this.mode === 'quick') return this.quickBody(body);
    if (this.mode === 'plays') return this.playsBody(body);
    const ending = this.ending;
    if (!ending) return body;
    body.ended_by = ending;
    const shown = this.shown(ending);
    if (shown.has('points')) {
      body.points = {};
      body.tricks = {};
      for (const name of this.players) {
        const points = this.value(`points.${name}`);
        const tricks = this.value(`tricks.${name}`);
        if (points !== '') body.points[name] = toNumber(points);
        if (tricks !== '') body.tricks[name] = toNumber(tricks);
      }
    }
    for (const field of ['claim', 'last_trick', 'closed_by', 'renonce_by']) {
      if (shown.has(field) && this.checked(field)) body[field] = this.checked(field);
    }
    if (shown.has('closed_after') && this.value('closed_after') !== '') body.closed_after = toNumber(this.value('closed_after'));
    if (shown.has('at_close')) {
      const points = this.value('at_close.points');
      const tricks = this.value('at_close.tricks');
      if (points !== '' || tricks !== '') {
        body.at_close = {};
        if (points !== '') body.at_close.points = toNumber(points);
        if (tricks !== '') body.at_close.tricks = toNumber(tricks);
      }
    }
    if (shown.has('trump') && this.checked('trump')) body.trump = this.checked('trump');
    if (shown.has('melds') && this.melds.length) body.melds = this.meldRows.body();
    if (shown.has('exchange')) this.exchangeBodyInto(body);
    return body;
  }

  quickBody(body) {
    if (this.checked('winner')) body.winner = this.checked('winner');
    if (this.quickPoints) body.game_points = this.quickPoints;
    const ending = this.value('ended_by');
    if (ending) body.ended_by = ending;
    return body;
  }

  playsBody(body) {
    if (this.checked('trump')) body.trump = this.checked('trump');
    const plays = this.trickRows.plays();
    if (plays.length) body.plays = plays;
    if (this.melds.length) body.melds = this.meldRows.body();
    const closer = this.checked('plays_closed_by');
    if (closer) {
      body.closed_by = closer;
      if (this.value('closed_after') !== '') body.closed_after = toNumber(this.value('closed_after'));
    }
    if (this.checked('plays_claim')) body.claim = this.checked('plays_claim');
    this.exchangeBodyInto(body);
    return body;
  }

  exchangeBodyInto(body) {
    const player = this.checked('exchange_player');
    if (!this.exchangeOpen || !player) return;
    body.exchange = { player };
    if (this.value('exchange.trick') !== '') body.exchange.trick = toNumber(this.value('exchange.trick'));
  }

  /** Every answer the way and the ending need that is still blank, at once: {path: message}. */
  blanks(body) {
    const errors = {};
    if (this.mode === 'quick') {
      if (!body.winner) errors.winner = t('s66_missing_winner');
      return errors;
    }
    if (this.exchangeOpen && !(body.exchange && body.exchange.player)) errors['exchange.player'] = t('s66_missing_exchange');
    if (this.mode === 'plays') {
      if (!body.trump) errors.trump = t('s66_missing_trump_plays');
      if (!body.plays) errors.plays = t('s66_missing_plays');
      if (body.closed_by && body.closed_after === undefined) errors.closed_after = t('s66_missing_closed_after');
      return errors;
    }
    const ending = body.ended_by;
    if (!ending) {
      errors.ended_by = t('s66_missing_ending');
      return errors;
    }
    const required = this.required(ending);
    if (required.has('claim') && !body.claim) errors.claim = t('s66_missing_claim');
    if (required.has('last_trick') && !body.last_trick) errors.last_trick = t('s66_missing_last');
    if (required.has('closed_by') && !body.closed_by) errors.closed_by = t('s66_missing_closed_by');
    if (required.has('renonce_by') && !body.renonce_by) errors.renonce_by = t('s66_missing_renonce');
    if (required.has('at_close')) {
      const name = this.opponentOfCloser();
      const at = body.at_close || {};
      if (!('points' in at)) errors['at_close.points'] = name ? t('s66_missing_at_close_points', { name }) : t('s66_missing_at_close_points_any');
      if (!('tricks' in at)) errors['at_close.tricks'] = name ? t('s66_missing_at_close_tricks', { name }) : t('s66_missing_at_close_tricks_any');
    }
    for (const name of this.players) {
      if (required.has('points') && !(name in (body.points || {}))) errors[`points.${name}`] = t('s66_missing_points', { name });
      if (required.has('tricks') && !(name in (body.tricks || {}))) errors[`tricks.${name}`] = t('s66_missing_tricks', { name });
    }
    if (body.melds && !body.trump) errors.trump = t('s66_missing_trump');
    return errors;
  }

  /** The buttons that send: the checked entry's, or the quick deal's 1, 2, 3. */
  sendButtons() {
    return [this.submitButton, ...this.quickButtons.querySelectorAll('button')];
  }

  /** Every field of every way, attached or not (a draft keeps what was typed in all of them). */
  fields() {
    return [this.form, ...Object.values(this.sections), this.shared]
      .flatMap((root) => [...root.querySelectorAll('input[data-field], select[data-field]')])
      .filter((el, i, all) => all.indexOf(el) === i);
  }

  /** What was typed, to survive a rebuild (a change of language, a correction relabelled). */
  read() {
    const values = {};
    for (const el of this.fields()) {
      if (el.dataset.meldField) continue;
      if (el.type === 'radio') {
        if (el.checked) values[`radio:${el.name}`] = el.value;
      } else values[el.dataset.quickEnding !== undefined ? 'quick:ended_by' : el.dataset.field] = el.value;
    }
    return {
      values, melds: this.melds.map((m) => ({ ...m })), auto: [...this.auto], dirty: this.dirty, mode: this.mode,
      tricks: { rows: this.tricks.rows.slice(), current: this.tricks.current }, exchange: this.exchangeOpen,
    };
  }

  fill(draft) {
    this.melds = draft.melds;
    if (draft.tricks) Object.assign(this.tricks, { rows: draft.tricks.rows.slice(), current: draft.tricks.current });
    this.trickRows.fit(this.needs.sums.tricks);
    this.trickRows.render();
    const { values } = draft;
    for (const el of this.fields()) {
      if (el.dataset.meldField) continue;
      if (el.type === 'radio') el.checked = values[`radio:${el.name}`] === el.value;
      else {
        const key = el.dataset.quickEnding !== undefined ? 'quick:ended_by' : el.dataset.field;
        if (key in values) el.value = values[key];
      }
    }
    this.auto = new Set(draft.auto || []);
    this.dirty = draft.dirty;
    this.meldRows.render();
    if (draft.exchange !== undefined && draft.exchange !== this.exchangeOpen) {
      const chosen = values['radio:exchange_player'];
      this.openExchange(draft.exchange);
      for (const el of this.exchangeBody.querySelectorAll('input')) el.checked = el.value === chosen;
      this.dirty = draft.dirty;
    }
    if (draft.mode && draft.mode !== this.mode) {
      this.mode = draft.mode;
      this.showWay();
    } else this.sync();
  }

  /** An API entry as a draft (from the referee, the outbox or a deal to correct), in the way it was entered. */
  draftOf(entry) {
    const result = entry.result || {};
    const values = {};
    let mode = 'figures';
    if (entry.winner !== undefined || entry.game_points !== undefined) mode = 'quick';
    else if (entry.plays) mode = 'plays';
    const ending = entry.ended_by || (mode === 'figures' ? result.ended_by : '') || '';
    values['radio:ended_by'] = ending;
    for (const field of ['claim', 'last_trick', 'closed_by', 'renonce_by', 'trump', 'winner']) values[`radio:${field}`] = entry[field] || '';
    if (ending === 'closed' && !entry.claim) values['radio:claim'] = '';
    values['radio:plays_closed_by'] = entry.closed_by || '';
    values['radio:plays_claim'] = entry.claim || '';
    values['radio:exchange_player'] = (entry.exchange || {}).player || '';
    values['exchange.trick'] = String((entry.exchange || {}).trick ?? '');
    values['quick:ended_by'] = mode === 'quick' ? entry.ended_by || '' : '';
    for (const name of this.players) {
      values[`points.${name}`] = String((entry.points || {})[name] ?? '');
      values[`tricks.${name}`] = String((entry.tricks || {})[name] ?? '');
    }
    values.closed_after = entry.closed_after === undefined || entry.closed_after === null ? '' : String(entry.closed_after);
    values['at_close.points'] = String((entry.at_close || {}).points ?? '');
    values['at_close.tricks'] = String((entry.at_close || {}).tricks ?? '');
    const rows = Array(this.needs.sums.tricks).fill('');
    (entry.plays || []).forEach((trick, i) => { rows[i] = trick.join(' '); });
    const melds = (entry.melds || []).map((m) => ({ player: m.player, suit: m.suit, trick: m.trick ? String(m.trick) : '' }));
    return { values, melds, auto: [], dirty: true, mode, tricks: { rows, current: 0 }, exchange: Boolean(entry.exchange) };
  }

  /** A change anywhere: the rest filled in (played out), the fields that follow, the sums. */
  changed(event) {
    this.dirty = true;
    const el = event && event.target;
    if (el && el.dataset && el.dataset.field && event.type === 'input') this.typed(el);
    if (el && el.name === 'ended_by' && el.value !== 'played_out') this.dropAuto();
    this.sync();
  }

  /** Played out, both decks' sums are whole: a figure typed for one player gives the other the rest. */
  typed(el) {
    const path = el.dataset.field;
    const m = /^(points|tricks)\.(.+)$/.exec(path);
    if (!m) return;
    this.auto.delete(path); // typed over: his own now
    this.markAuto();
    if (this.ending !== 'played_out') return;
    const [, kind, name] = m;
    const total = this.needs.sums[kind];
    const typed = el.value === '' ? NaN : Number(el.value);
    const rest = this.players.find((p) => p !== name);
    const target = rest && this.input(`${kind}.${rest}`);
    if (!target || !(target.value === '' || this.auto.has(target.dataset.field))) return;
    if (Number.isInteger(typed) && typed >= 0 && typed <= total) {
      target.value = String(total - typed);
      this.auto.add(target.dataset.field);
    } else if (this.auto.has(target.dataset.field)) {
      target.value = '';
      this.auto.delete(target.dataset.field);
    }
    this.markAuto();
  }

  /** Leaving "played out": the rest filled in was only right for a deal played to the end. */
  dropAuto() {
    for (const path of this.auto) {
      const el = this.input(path);
      if (el) el.value = '';
    }
    this.auto.clear();
    this.markAuto();
  }

  markAuto() {
    for (const el of this.form.querySelectorAll('.s66-figures input[data-field]')) el.classList.toggle('is-auto', this.auto.has(el.dataset.field));
    for (const note of this.form.querySelectorAll('[data-auto-note]')) {
      const name = note.dataset.autoNote;
      note.hidden = !(this.auto.has(`points.${name}`) || this.auto.has(`tricks.${name}`));
    }
  }

  opponentOfCloser() {
    const closer = this.checked('closed_by');
    return closer ? this.players.find((p) => p !== closer) : '';
  }

  /** Show what the way and the ending ask, label what depends on the closer, recount the sums. */
  sync() {
    if (this.mode === 'plays') {
      this.blocks.melds.hidden = false;
      this.blocks.exchange.hidden = false;
      const closer = this.checked('plays_closed_by');
      this.sections.plays.querySelector('[data-block="closed_after"]').hidden = !closer;
      this.sums.hidden = true;
      this.trickRows.refresh();
      this.meldRows.refreshWorth();
      return;
    }
    if (this.mode === 'quick') {
      this.sums.hidden = true;
      return;
    }
    const ending = this.ending;
    const shown = this.shown(ending);
    for (const [fields, block] of this.blockFields) block.hidden = !fields.some((f) => shown.has(f));
    this.sums.hidden = this.blocks.points.hidden;
    this.form.dataset.ending = ending;
    // labels that follow the ending and the closer
    const closed = ending === 'closed';
    const closer = this.checked('closed_by');
    const opponent = this.opponentOfCloser();
    this.claimLegend.textContent = t(closed ? 's66_closed_claim' : 's66_claim_who');
    for (const [i, name] of this.players.entries()) {
      const small = this.claimTiles[i].querySelector('.s66-tile-hint');
      small.textContent = closed && closer ? t(name === closer ? 's66_claim_sub_closer' : 's66_claim_sub_first', { closer }) : '';
      small.hidden = !(closed && closer);
    }
    this.claimNobody.hidden = !closed;
    if (!closed && this.checked('claim') === '') {
      const none = this.claimNobody.querySelector('input');
      if (none.checked) none.checked = false;
    }
    this.atCloseLegend.textContent = opponent ? t('s66_at_close', { name: opponent }) : t('s66_at_close_any');
    this.atClosePointsLabel.textContent = opponent ? t('s66_at_close_points_of', { name: opponent }) : t('s66_at_close_points_any');
    this.atCloseTricksLabel.textContent = opponent ? t('s66_at_close_tricks_of', { name: opponent }) : t('s66_at_close_tricks_any');
    this.figuresLegend.textContent = t({ claim: 's66_figures_claim', closed: 's66_figures_closed' }[ending] || 's66_figures');
    // R21: the last trick's ten in Sixty-Six, never after a closing (R19)
    const ten = this.needs.last_trick_ten !== false && this.needs.variant !== 'schnapsen' && !closed;
    this.figuresHint.textContent = t(ten ? 's66_figures_hint' : 's66_figures_hint_schnapsen');
    this.meldRows.refreshWorth();
    this.markAuto();
    this.refreshSums();
  }

  refreshSums() {
    let points = 0;
    let tricks = 0;
    for (const name of this.players) {
      points += toNumber(this.value(`points.${name}`)) || 0;
      tricks += toNumber(this.value(`tricks.${name}`)) || 0;
    }
    const { sums } = this.needs;
    const whole = this.ending === 'played_out';
    const pointsOk = whole ? points === sums.points : points <= sums.points;
    const tricksOk = whole ? tricks === sums.tricks : tricks <= sums.tricks;
    replace(
      this.sums,
      h('span', { class: pointsOk ? 'ok' : 'off', 'data-sum': 'points' },
        t(whole ? 's66_sum_points' : 's66_sum_points_most', { sum: points, total: sums.points })),
      h('span', { class: tricksOk ? 'ok' : 'off', 'data-sum': 'tricks' },
        t(whole ? 's66_sum_tricks' : 's66_sum_tricks_most', { sum: tricks, total: sums.tricks })),
    );
  }
}
