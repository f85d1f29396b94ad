// Sixty-Six's disputed deal replayed trick by trick (RULES.md T1, T2, T6-T8, R17-R23): the two
// players, who led, the variant and trump, the tricks card by card, the marriages, who closed
// and when, a claim; the answer shows every broken rule where it happened and how the deal
// ends, and a scorer from the match may enter an ended deal there, plays and all. What is
// typed lives in the view's `replay`.

import { clearProblem, errorSlot, h, replace, uid } from '../../dom.js';
import { t } from '../../i18n.js';
import { nameOptions, offer, problemBox, questionForm, seats } from '../../referee-kit.js';
import { MeldRows } from '../melds.js';
import { TrickRows, askReplay, showReplay } from '../tricks.js';
import { inDeck, trumpRadios, variantSelect } from './referee-parts.js';
import { MELD_WORDS } from './strings.js';

export class ReplayPanel {
  /** @param {object} view the referee (its `replay`, `variants`, `deck(variant)` and `match`) */
  constructor(view) {
    this.view = view;
  }

  names() {
    return this.view.replay.players.map((p) => p.trim());
  }

  deck() {
    return this.view.deck(this.view.replay.variant);
  }

  build() {
    const r = this.view.replay;
    const stale = () => this.stale();
    this.problem = problemBox();
    this.leaderSelect = h('select', { id: uid('f'), 'data-field': 'leader', onchange: (e) => { r.leader = e.target.value; stale(); } });
    this.closedBySelect = h('select', { id: uid('f'), 'data-field': 'closed_by', onchange: (e) => { r.closedBy = e.target.value; stale(); } });
    this.closedAfterSelect = h('select', { id: uid('f'), 'data-field': 'closed_after', onchange: (e) => { r.closedAfter = e.target.value; stale(); } });
    this.claimSelect = h('select', { id: uid('f'), 'data-field': 'claim', onchange: (e) => { r.claim = e.target.value; stale(); } });
    this.closedAfterField = h('div', { class: 'field' }, h('label', { for: this.closedAfterSelect.id, text: t('s66r_closed_after') }), this.closedAfterSelect, errorSlot('closed_after', uid('e')));
    this.melds = new MeldRows({
      melds: () => r.melds,
      players: () => this.names().filter(Boolean),
      changed: stale,
      words: MELD_WORDS,
      leads: () => this.deck().tricks,
    });
    this.trickRows = new TrickRows(r, {
      perTrick: () => this.view.players,
      changed: stale,
      announce: this.view.announce,
      playable: (c) => inDeck(this.deck(), c),
    });
    const trump = trumpRadios('hand_trump', r, stale);
    this.result = h('div', { class: 'replay-result', 'data-replay-result': '' });
    this.form = questionForm(
      this,
      'data-replay-form',
      t('s66r_tab_hand'),
      this.problem,
      h(
        'fieldset',
        {},
        h('legend', { text: t('s66r_players') }),
        seats(r.players, () => this.namesChanged(), 's66-ref-seats'),
        errorSlot('players', uid('e')),
      ),
      h('div', { class: 'field' }, h('label', { for: this.leaderSelect.id, text: t('s66r_leader') }), this.leaderSelect, errorSlot('leader', uid('e'))),
      variantSelect(this.view.variants, r.variant, (v) => {
        r.variant = v;
        this.trickRows.fit(this.deck().tricks);
        this.melds.render();
        this.renderChoices();
        stale();
      }),
      trump,
      this.trickRows.el,
      this.melds.el,
      h('div', { class: 'field' }, h('label', { for: this.closedBySelect.id, text: t('s66r_closed_by') }), this.closedBySelect, errorSlot('closed_by', uid('e'))),
      this.closedAfterField,
      h('div', { class: 'field' }, h('label', { for: this.claimSelect.id, text: t('s66r_claim') }), this.claimSelect, h('p', { class: 'hint', text: t('s66r_claim_hint') }), errorSlot('claim', uid('e'))),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-replay': '', text: t('s66r_replay') })),
      this.result,
    );
    this.melds.render();
    this.renderChoices();
    return this.form;
  }

  namesChanged() {
    this.melds.render();
    this.renderChoices();
    this.stale();
  }

  /** The selects that name the players, and the tricks after which the stock may be closed (T7). */
  renderChoices() {
    const r = this.view.replay;
    const names = this.names().filter(Boolean);
    if (!names.includes(r.leader)) r.leader = names[1] || names[0] || '';
    if (!names.includes(r.closedBy)) r.closedBy = '';
    if (!names.includes(r.claim)) r.claim = '';
    nameOptions(this.leaderSelect, names, r.leader);
    nameOptions(this.closedBySelect, names, r.closedBy, t('s66r_closed_by_none'));
    nameOptions(this.claimSelect, names, r.claim, t('s66r_claim_none'));
    const after = this.deck().close_after;
    if (r.closedAfter !== '' && !after.includes(Number(r.closedAfter))) r.closedAfter = '';
    replace(this.closedAfterSelect, after.map((n) => h('option', {
      value: String(n), text: n === 0 ? t('s66r_closed_first') : String(n), selected: String(n) === String(r.closedAfter || 0),
    })));
  }

  stale() {
    this.view.replay.answer = null;
    this.refresh();
  }

  refresh() {
    const r = this.view.replay;
    this.closedAfterField.hidden = !r.closedBy;
    this.trickRows.refresh();
    const ending = r.answer && (r.answer.entry || {}).ended_by;
    showReplay(
      this.view,
      this.result,
      r,
      ending ? h('p', { 'data-replay-ending': ending, text: t('s66r_ends', { ending: t(`s66_end_${ending}`) }) }) : null,
      r.answer && this.offer(r.answer),
    );
  }

  async send(event) {
    event.preventDefault();
    const r = this.view.replay;
    clearProblem(this.form, this.problem);
    const names = this.names();
    const errors = {};
    names.forEach((name, i) => {
      if (!name) errors[`players.${i}`] = t('s66r_players_min');
    });
    if (names[0] && names[0].toLocaleLowerCase() === names[1].toLocaleLowerCase()) errors['players.1'] = t('name_duplicate');
    if (!r.trump) errors.trump = t('s66r_missing_trump');
    const hand = { players: names, leader: names.includes(r.leader) ? r.leader : names[1], trump: r.trump };
    await askReplay(this, errors, hand, () => {
      const more = { game: 'sixtysix', variant: r.variant };
      if (r.melds.length) more.melds = this.melds.body();
      if (r.closedBy) {
        more.closed_by = r.closedBy;
        more.closed_after = Number(r.closedAfter || 0);
      }
      if (r.claim) more.claim = r.claim;
      return more;
    });
  }

  /** A scorer who came from a match may enter a replayed deal that has ended: the plays themselves (T8), checked again by the match. */
  offer(answer) {
    const sent = this.view.replay.sent;
    const entry = answer.entry || {};
    return offer(this.view, {
      complete: Boolean(entry.ended_by) && (answer.legal || entry.ended_by === 'renonce'),
      same: () => sent.variant === (this.view.match.rules || {}).variant && this.view.match.players.every((n) => sent.players.includes(n)),
      words: { enter: 's66r_enter', incomplete: 's66r_enter_incomplete', mismatch: 's66r_enter_mismatch' },
      entry: () => {
        const deal = { trump: sent.trump, plays: sent.plays };
        for (const key of ['melds', 'closed_by', 'closed_after', 'claim']) if (key in sent) deal[key] = sent[key];
        return deal;
      },
    });
  }
}
