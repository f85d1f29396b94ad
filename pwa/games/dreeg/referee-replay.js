// Dreeg's disputed hand replayed trick by trick (RULES.md T1-T8, R8): the players in their
// seats, who led, the sub-game and trump, the marriages, the tricks card by card and a claim
// of 66 that ended it; the answer shows every broken rule where it happened, and a scorer
// from the match may enter a complete legal replay of its current hand. What is typed lives
// in the view's `replay`, so a new drawing (a change of language) loses nothing.

import { ApiError } from '../../api.js';
import { cardSuit, lockSuit } from '../../cards/german.js';
import { clearProblem, errorSlot, h } from '../../dom.js';
import { t } from '../../i18n.js';
import { nameOptions, offer, problemBox, questionForm, seats } from '../../referee-kit.js';
import { MeldRows } from '../melds.js';
import { TrickRows, askReplay, showReplay } from '../tricks.js';
import { calledCard, subgameSelect, trumpOf, trumpRadios, trumpUnknown } from './referee-situation.js';
import { MELD_WORDS } from './strings.js';

export class ReplayPanel {
  /** @param {object} view the referee (its `replay`, `facts`, `seats` and `match`) */
  constructor(view) {
    this.view = view;
  }

  names() {
    return this.view.replay.players.map((p) => p.trim()).filter(Boolean);
  }

  /** Cards in a trick: one from each player named (a full table while fewer than two are named). */
  perTrick() {
    const n = this.names().length;
    return n >= 2 ? n : this.view.seats;
  }

  build() {
    const r = this.view.replay;
    const stale = () => this.stale();
    this.problem = problemBox();
    this.leaderSelect = h('select', { id: 'ref-leader', 'data-field': 'leader', 'aria-describedby': 'ref-leader-e', onchange: (e) => { r.leader = e.target.value; stale(); } });
    this.meldRows = new MeldRows({ melds: () => r.melds, players: () => this.names(), changed: stale, words: MELD_WORDS });
    this.claimSelect = h('select', { id: 'ref-claim', 'data-field': 'claim', 'aria-describedby': 'ref-claim-e', onchange: (e) => { r.claim = e.target.value; stale(); } });
    this.claimField = h(
      'div',
      { class: 'field', 'data-claim-field': '' },
      h('label', { for: 'ref-claim', text: t('ref_claim') }),
      this.claimSelect,
      h('p', { class: 'hint', text: t('ref_claim_hint') }),
      errorSlot('claim', 'ref-claim-e'),
    );
    this.trickRows = new TrickRows(r, { perTrick: () => this.perTrick(), changed: stale, announce: this.view.announce });
    this.trump = trumpRadios('hand_trump', () => r.trump, (v) => {
      r.trump = v;
      stale();
    });
    this.called = calledCard('hand_called', r, stale);
    this.result = h('div', { class: 'replay-result', 'data-replay-result': '' });
    this.form = questionForm(
      this,
      'data-replay-form',
      t('ref_tab_hand'),
      h(
        'fieldset',
        {},
        h('legend', { text: t('ref_players') }),
        h('p', { class: 'hint', text: t('ref_players_hint') }),
        seats(r.players, () => this.namesChanged()),
        errorSlot('players'),
      ),
      h('div', { class: 'field' }, h('label', { for: 'ref-leader', text: t('ref_leader') }), this.leaderSelect, errorSlot('leader', 'ref-leader-e')),
      subgameSelect(this.view.facts.subgames, r.subgame, (v) => {
        r.subgame = v;
        stale();
      }),
      this.trump,
      this.called,
      this.meldRows.el,
      this.trickRows.el,
      this.claimField,
      this.problem, // what no field takes, beside the button that replays
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-replay': '', text: t('ref_replay') })),
      this.result,
    );
    this.renderNames();
    this.meldRows.render();
    return this.form;
  }

  namesChanged() {
    this.trickRows.fit(this.view.tricks(this.names().length));
    this.renderNames();
    this.meldRows.render();
    this.stale();
  }

  stale() {
    this.view.replay.answer = null;
    this.refresh();
  }

  refresh() {
    const r = this.view.replay;
    const kamerun = r.subgame === 'kamerun';
    this.trump.hidden = kamerun;
    lockSuit(this.trump, r.subgame === 'rufen' && r.called ? cardSuit(r.called) : null);
    this.called.hidden = r.subgame !== 'rufen';
    this.meldRows.el.hidden = kamerun;
    this.claimField.hidden = kamerun;
    this.trickRows.refresh();
    showReplay(this.view, this.result, r, r.answer && this.offer(r.answer));
  }

  /** Who led, and who may have claimed 66 (any player named; Kamerun has no claim, R8). */
  renderNames() {
    const names = this.names();
    const r = this.view.replay;
    if (!names.includes(r.leader)) r.leader = names[0] || '';
    if (!names.includes(r.claim)) r.claim = '';
    nameOptions(this.leaderSelect, names, r.leader);
    nameOptions(this.claimSelect, names, r.claim, t('ref_claim_none'));
  }

  async send(event) {
    event.preventDefault();
    const r = this.view.replay;
    clearProblem(this.form, this.problem);
    const seated = r.players.map((p, i) => [p.trim(), i]).filter(([p]) => p);
    const names = seated.map(([p]) => p);
    const errors = {};
    const seen = new Set();
    for (const [name, i] of seated) {
      if (seen.has(name.toLocaleLowerCase())) errors[`players.${i}`] = t('name_duplicate');
      seen.add(name.toLocaleLowerCase());
    }
    if (names.length < 2) errors['players.0'] = t('ref_players_min');
    if (trumpUnknown(r)) errors.trump = t('ref_trump_missing');
    // players.i of the names sent → the seat it was typed in
    const reseated = (err) => (err instanceof ApiError ? new ApiError(err.status, { ...err.problem, errors: reseat(err.errors, seated) }) : err);
    const hand = { players: names, leader: names.includes(r.leader) ? r.leader : names[0], trump: trumpOf(r) };
    await askReplay(this, errors, hand, () => {
      const more = { game: 'dreeg', subgame: r.subgame };
      if (r.subgame !== 'kamerun' && r.melds.length) more.melds = r.melds.map((m) => ({ player: m.player, suit: m.suit }));
      if (r.subgame === 'rufen' && r.called) more.called_card = r.called;
      if (r.subgame !== 'kamerun' && r.claim) more.claim = r.claim;
      return more;
    }, reseated);
  }

  /** A scorer who came from a match may enter a complete, legal replay of its current hand. */
  offer(answer) {
    const sent = this.view.replay.sent;
    const same = ({ state }) => sent.subgame === state.subgame.type && sent.players.length === state.active.length
      && state.active.every((n) => sent.players.includes(n));
    return offer(this.view, {
      complete: answer.legal && answer.entry && (answer.entry.last_trick || answer.entry.claim),
      same: () => same(this.view.match),
      words: { enter: 'ref_enter', incomplete: 'ref_enter_incomplete', mismatch: 'ref_enter_mismatch' },
      entry: () => ({ ...answer.entry }), // the server names the declarer and the partner the cards show
    });
  }
}

/** The answer's players.{i} counts the names sent; the form counts seats, blanks included. */
function reseat(errors, seated) {
  const out = {};
  for (const [path, message] of Object.entries(errors || {})) {
    const m = /^players\.(\d+)(.*)$/.exec(path);
    out[m && seated[Number(m[1])] ? `players.${seated[Number(m[1])][1]}${m[2]}` : path] = message;
  }
  return out;
}
