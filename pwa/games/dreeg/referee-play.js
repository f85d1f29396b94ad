// Dreeg's "may I play this card?" (RULES.md T1-T5): the sub-game and trump, the asker's hand,
// the cards already in the trick, the card asked about and the situation (an open stock for
// two, Kamerun's previous lead, Rufen's first trick); the answer marks the hand's cards. What
// is typed lives in the view's `ask`, so a new drawing (a change of language) loses nothing.

import { CardGrid, DECK, SUITS, cardChip, cardSuit, lockSuit } from '../../cards/german.js';
import { clearProblem, errorSlot, h, replace, uid } from '../../dom.js';
import { suitName, t } from '../../i18n.js';
import { checkbox, problemBox, questionForm, verdictBox } from '../../referee-kit.js';
import { askPlay, handGrid, refreshPlay } from '../tricks.js';
import { calledCard, subgameSelect, trumpOf, trumpRadios, trumpUnknown } from './referee-situation.js';

export class PlayPanel {
  /** @param {object} view the referee (its `ask`, `facts` and `seats`) */
  constructor(view) {
    this.view = view;
  }

  build() {
    const a = this.view.ask;
    const before = this.view.seats - 1; // cards in a trick before yours
    const stale = () => {
      a.answer = null;
      this.refresh();
    };
    this.problem = problemBox();
    this.handGrid = handGrid(a, { label: t('ref_hand'), disabled: (c) => a.trick.includes(c), changed: stale });
    this.trickGrid = new CardGrid({
      label: t('ref_trick'),
      field: 'trick',
      look: (c) => ({ pressed: a.trick.includes(c), disabled: a.hand.has(c) || (!a.trick.includes(c) && a.trick.length >= before) }),
      onpick: (c) => {
        a.trick = a.trick.includes(c) ? a.trick.filter((x) => x !== c) : [...a.trick, c];
        stale();
      },
    });
    this.handCount = h('span', { class: 'hint', 'data-hand-count': '' });
    this.trickOrder = h('p', { class: 'trick-order', 'data-trick-order': '' });
    this.cardChoice = h('div', { class: 'card-choice', role: 'group', tabindex: -1, 'aria-label': t('ref_card'), 'data-field': 'card' });
    this.verdict = verdictBox();

    const previous = uid('f');
    this.trump = trumpRadios('ask_trump', () => a.trump, (v) => {
      a.trump = v;
      stale();
    });
    this.called = calledCard('ask_called', a, stale, { 'data-rufen-only': '' });
    this.previous = h(
      'div',
      { class: 'field' },
      h('label', { for: previous, text: t('ref_previous_lead') }),
      h(
        'select',
        { id: previous, 'data-field': 'previous_lead', 'aria-describedby': `${previous}-e`, onchange: (e) => { a.previousLead = e.target.value; stale(); } },
        h('option', { value: '', text: t('ref_previous_none') }),
        SUITS.map((s) => h('option', { value: s, text: suitName(s), selected: a.previousLead === s })),
      ),
      errorSlot('previous_lead', `${previous}-e`),
    );
    this.first = checkbox('first_trick', t('ref_first_trick'), a.firstTrick, (v) => { a.firstTrick = v; stale(); });
    this.form = questionForm(
      this,
      'data-ask-form',
      t('ref_tab_play'),
      subgameSelect(this.view.facts.subgames, a.subgame, (v) => {
        a.subgame = v;
        stale();
      }),
      this.trump,
      this.called,
      h('fieldset', {}, h('legend', {}, t('ref_hand'), ' ', this.handCount), this.handGrid.el, errorSlot('hand')),
      h('fieldset', {}, h('legend', { text: t('ref_trick') }), h('p', { class: 'hint', text: t('ref_trick_hint') }), this.trickGrid.el, this.trickOrder, errorSlot('trick')),
      h('fieldset', {}, h('legend', { text: t('ref_card') }), this.cardChoice, errorSlot('card')),
      h(
        'fieldset',
        { class: 'options' },
        h('legend', { text: t('ref_options') }),
        checkbox('stock_open', t('ref_stock_open'), a.stockOpen, (v) => { a.stockOpen = v; stale(); }),
        this.previous,
        this.first,
      ),
      this.problem, // what no field takes, beside the button that asks
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-ask': '', text: t('ref_ask') })),
      this.verdict,
    );
    return this.form;
  }

  refresh() {
    const a = this.view.ask;
    const kamerun = a.subgame === 'kamerun';
    const rufen = a.subgame === 'rufen';
    this.trump.hidden = kamerun;
    lockSuit(this.trump, rufen && a.called ? cardSuit(a.called) : null);
    this.called.hidden = !rufen;
    this.first.hidden = !rufen;
    this.previous.hidden = !kamerun || a.trick.length > 0;
    this.handGrid.update();
    this.trickGrid.update();
    this.handCount.textContent = `(${a.hand.size})`;
    replace(
      this.trickOrder,
      a.trick.length
        ? [t('ref_trick_so_far'), ' ', a.trick.map((c, i) => [i ? ' → ' : '', cardChip(c)])]
        : t('ref_trick_empty'),
    );
    refreshPlay(this);
  }

  send(event) {
    event.preventDefault();
    const a = this.view.ask;
    clearProblem(this.form, this.problem);
    return askPlay(this, trumpUnknown(a) ? { trump: t('ref_trump_missing') } : {}, () => {
      const body = {
        game: 'dreeg',
        subgame: a.subgame,
        trump: trumpOf(a),
        hand: DECK.filter((c) => a.hand.has(c)),
        trick: a.trick.slice(),
        card: a.card,
      };
      if (a.stockOpen) body.stock_open = true;
      if (a.subgame === 'kamerun' && !a.trick.length && a.previousLead) body.previous_lead = a.previousLead;
      if (a.subgame === 'rufen' && a.called) body.called_card = a.called;
      if (a.subgame === 'rufen' && a.firstTrick) body.first_trick = true;
      return body;
    });
  }
}
