// Sixty-Six's "may I play this card?" (RULES.md T1, T2): the variant, the trump, the asker's
// hand, the card led and whether the stock is open; the answer marks the hand's cards. What is
// typed lives in the view's `ask`.

import { DECK, cardChip } from '../../cards/german.js';
import { clearProblem, errorSlot, h, replace, uid } from '../../dom.js';
import { t } from '../../i18n.js';
import { problemBox, questionForm, verdictBox } from '../../referee-kit.js';
import { askPlay, handGrid, refreshPlay } from '../tricks.js';
import { inDeck, keepToDeck, ledGrid, radioSet, trumpRadios, variantSelect } from './referee-parts.js';

export class PlayPanel {
  /** @param {object} view the referee (its `ask`, `variants` and `deck(variant)`) */
  constructor(view) {
    this.view = view;
  }

  build() {
    const a = this.view.ask;
    const deck = () => this.view.deck(a.variant);
    const stale = () => {
      a.answer = null;
      this.refresh();
    };
    this.problem = problemBox();
    this.handGrid = handGrid(a, { label: t('ref_hand'), disabled: (c) => !inDeck(deck(), c) || a.led === c, changed: stale });
    this.ledGrid = ledGrid(a, deck, stale);
    this.ledLine = h('p', { class: 'trick-order', 'data-led': '' });
    this.cardChoice = h('div', { class: 'card-choice', role: 'group', tabindex: -1, 'aria-label': t('ref_card'), 'data-field': 'card' });
    this.verdict = verdictBox();
    const trump = trumpRadios('ask_trump', a, stale);
    this.form = questionForm(
      this,
      'data-ask-form',
      t('ref_tab_play'),
      this.problem,
      variantSelect(this.view.variants, a.variant, (v) => {
        a.variant = v;
        keepToDeck(a, deck());
        stale();
      }),
      trump,
      h('fieldset', {}, h('legend', { text: t('ref_hand') }), this.handGrid.el, errorSlot('hand', uid('e'))),
      h('fieldset', {}, h('legend', { text: t('s66r_led') }), h('p', { class: 'hint', text: t('s66r_led_hint') }), this.ledGrid.el, this.ledLine, errorSlot('trick', uid('e'))),
      h('fieldset', {}, h('legend', { text: t('ref_card') }), this.cardChoice, errorSlot('card', uid('e'))),
      radioSet(t('s66r_stock'), 'ask_stock', [['open', t('s66r_stock_open')], ['shut', t('s66r_stock_shut')]], a.stockOpen ? 'open' : 'shut', (v) => {
        a.stockOpen = v === 'open';
        stale();
      }, 'stock_open', { wide: true }),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-ask': '', text: t('ref_ask') })),
      this.verdict,
    );
    return this.form;
  }

  refresh() {
    const a = this.view.ask;
    this.handGrid.update();
    this.ledGrid.update();
    replace(this.ledLine, a.led ? [t('s66r_led_so_far'), ' ', cardChip(a.led)] : t('s66r_led_none'));
    refreshPlay(this);
  }

  send(event) {
    event.preventDefault();
    const a = this.view.ask;
    clearProblem(this.form, this.problem);
    return askPlay(this, a.trump ? {} : { trump: t('s66r_missing_trump') }, () => ({
      game: 'sixtysix',
      variant: a.variant,
      trump: a.trump,
      hand: DECK.filter((c) => a.hand.has(c)),
      trick: a.led ? [a.led] : [],
      card: a.card,
      stock_open: a.stockOpen,
    }));
  }
}
