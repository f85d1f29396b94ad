// Sixty-Six's "what may I do now?" (RULES.md T1, T2, T6, T7, R17, R23): the asker's hand, the
// trump, the stock (its size, closed, the face-up card), the card led, whether he has won a
// trick, the marriages shown, soft or hard; the answer judges every card, marriage, the
// exchange, closing and a claim, each with a tick or the rule that forbids it. What is typed
// lives in the view's `act`.

import { DECK, SUITS, cardChip, rankName, suitIcon } from '../../cards/german.js';
import { clearProblem, errorSlot, h, replace, uid } from '../../dom.js';
import { suitName, t } from '../../i18n.js';
import { ask, because, missing, precedent, problemBox, questionForm, ruleMark, verdictBox } from '../../referee-kit.js';
import { handGrid } from '../tricks.js';
import { actionItem, actionName, cardGroups, inDeck, keepToDeck, ledGrid, radioSet, ranksOf, toggle, trumpRadios, variantSelect } from './referee-parts.js';

export class ActionsPanel {
  /** @param {object} view the referee (its `act`, `variants` and `deck(variant)`) */
  constructor(view) {
    this.view = view;
  }

  deck() {
    return this.view.deck(this.view.act.variant);
  }

  build() {
    const a = this.view.act;
    const stale = () => {
      a.answer = null;
      this.refresh();
    };
    this.problem = problemBox();
    this.handCount = h('span', { class: 'hint', 'data-hand-count': '' });
    this.hand = handGrid(a, {
      label: t('ref_hand'),
      disabled: (c) => !inDeck(this.deck(), c) || a.led === c || (!a.hand.has(c) && a.hand.size >= this.deck().hand),
      changed: stale,
    });
    this.led = ledGrid(a, () => this.deck(), stale, (c) => this.upCard() === c);
    this.ledLine = h('p', { class: 'trick-order', 'data-led': '' });
    const trump = trumpRadios('act_trump', a, stale);
    this.up = h('div', { 'data-up': '' });
    this.stockSelect = h('select', { id: uid('f'), 'data-field': 'stock', onchange: (e) => { a.stock = e.target.value; stale(); } });
    this.closed = toggle('closed', t('s66r_closed'), () => a.closed, (v) => { a.closed = v; stale(); });
    this.shown = h(
      'fieldset',
      { class: 's66-choices' },
      h('legend', { text: t('s66r_shown') }),
      h('p', { class: 'hint', text: t('s66r_shown_hint') }),
      h('div', { class: 's66-tiles s66-suit-tiles' }, SUITS.map((suit) => toggle(`marriages.${suit}`, [suitIcon(suit), ' ', suitName(suit)], () => a.shown.has(suit), (v) => {
        if (v) a.shown.add(suit);
        else a.shown.delete(suit);
        stale();
      }, { bare: true }))),
      errorSlot('marriages', uid('e')),
    );
    this.verdict = verdictBox('s66-actions');
    this.form = questionForm(
      this,
      'data-actions-form',
      t('s66r_tab_actions'),
      this.problem,
      variantSelect(this.view.variants, a.variant, (v) => {
        a.variant = v;
        const deck = this.deck();
        keepToDeck(a, deck);
        if (a.up && !ranksOf(deck).includes(a.up)) a.up = '';
        a.stock = String(Math.min(Number(a.stock), deck.stock));
        this.renderStockChoices();
        this.renderUp();
        stale();
      }),
      h('fieldset', {}, h('legend', {}, t('ref_hand'), ' ', this.handCount), this.hand.el, errorSlot('hand', uid('e'))),
      trump,
      h('div', { class: 'field' }, h('label', { for: this.stockSelect.id, text: t('s66r_stock_left') }), this.stockSelect, errorSlot('stock', uid('e'))),
      this.closed,
      this.up,
      h('fieldset', {}, h('legend', { text: t('s66r_led') }), h('p', { class: 'hint', text: t('s66r_led_hint') }), this.led.el, this.ledLine, errorSlot('trick', uid('e'))),
      radioSet(t('s66r_won'), 'act_won', [['0', t('s66r_won_no')], ['1', t('s66r_won_yes')]], a.won, (v) => { a.won = v; stale(); }, 'tricks_won'),
      this.shown,
      radioSet(t('s66r_style'), 'act_style', [['soft', t('s66r_style_soft')], ['hard', t('s66r_style_hard')]], a.style, (v) => { a.style = v; stale(); }, 'style'),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-ask-actions': '', text: t('ref_ask') })),
      this.verdict,
    );
    this.renderStockChoices();
    this.renderUp();
    return this.form;
  }

  /** The stock's possible sizes (two cards go after each trick): 12 … 0, Schnapsen 10 … 0. */
  renderStockChoices() {
    const a = this.view.act;
    const full = this.deck().stock;
    const sizes = Array.from({ length: full / 2 + 1 }, (_, i) => full - 2 * i);
    replace(this.stockSelect, sizes.map((n) => {
      let text = String(n);
      if (n === full) text = t('s66r_stock_full', { n });
      else if (n === 0) text = t('s66r_stock_empty');
      return h('option', { value: String(n), text, selected: String(n) === a.stock });
    }));
  }

  /** The face-up trump card's rank, while it lies under the stock. */
  renderUp() {
    const a = this.view.act;
    const name = uid('up');
    const choice = (value, content) => {
      const id = uid('c');
      const card = value && a.trump ? a.trump + value : '';
      return h(
        'span',
        { class: 'suit-choice' },
        h('input', {
          type: 'radio', id, name, value, 'data-field': 'trump_card', checked: a.up === value,
          disabled: Boolean(card) && (a.hand.has(card) || a.led === card),
          onchange: () => {
            a.up = value;
            a.answer = null;
            this.refresh();
          },
        }),
        h('label', { for: id }, content),
      );
    };
    replace(
      this.up,
      h(
        'fieldset',
        { class: 'card-radios s66-up' },
        h('legend', { text: t('s66r_up') }),
        h('p', { class: 'hint', text: t('s66r_up_hint') }),
        h('div', { class: 'rank-buttons' },
          choice('', [h('b', { text: '–' }), h('small', { text: t('s66r_up_unknown') })]),
          ranksOf(this.deck()).map((r) => choice(r, [h('b', { text: r }), h('small', { text: rankName(r) })]))),
        errorSlot('trump_card', uid('e')),
      ),
    );
  }

  upCard() {
    const a = this.view.act;
    return a.up && a.trump && Number(a.stock) > 0 ? a.trump + a.up : '';
  }

  refresh() {
    const a = this.view.act;
    this.hand.update();
    this.led.update();
    this.handCount.textContent = t('s66r_hand_count', { n: a.hand.size, most: this.deck().hand });
    replace(this.ledLine, a.led ? [t('s66r_led_so_far'), ' ', cardChip(a.led)] : t('s66r_led_none'));
    const stocked = Number(a.stock) > 0;
    this.closed.hidden = !stocked;
    this.up.hidden = !stocked;
    for (const input of this.up.querySelectorAll('input')) {
      const card = input.value && a.trump ? a.trump + input.value : '';
      input.disabled = Boolean(card) && (a.hand.has(card) || a.led === card);
    }
    const answer = a.answer;
    if (!answer) {
      replace(this.verdict);
      return;
    }
    const plays = answer.actions.filter((x) => x.action === 'play');
    const others = answer.actions.filter((x) => x.action !== 'play');
    replace(
      this.verdict,
      h('h3', { text: t('s66r_situation') }),
      h('p', { 'data-situation': '' }, ruleMark(answer.situation.rule), because(answer.situation.text)),
      h('h3', { text: t('s66r_cards_heading') }),
      h('ul', { class: 's66-action-list' }, cardGroups(plays).map((group) => actionItem(group, group.cards.map((c) => cardChip(c))))),
      h('h3', { text: t('s66r_more_heading') }),
      h('ul', { class: 's66-action-list' }, others.map((x) => actionItem(x, actionName(x, answer.trump)))),
      precedent(this.view, 'actions', a),
    );
  }

  async send(event) {
    event.preventDefault();
    const a = this.view.act;
    clearProblem(this.form, this.problem);
    const errors = {};
    if (!a.hand.size) errors.hand = t('ref_hand_empty');
    if (!a.trump) errors.trump = t('s66r_missing_trump');
    if (a.won === '') errors.tricks_won = t('s66r_missing_won');
    if (missing(this.form, this.problem, errors)) return;
    const stock = Number(a.stock);
    const body = {
      game: 'sixtysix',
      variant: a.variant,
      style: a.style,
      hand: DECK.filter((c) => a.hand.has(c)),
      stock,
      tricks_won: Number(a.won),
      trick: a.led ? [a.led] : [],
      marriages: SUITS.filter((suit) => a.shown.has(suit)),
    };
    if (this.upCard()) body.trump_card = this.upCard();
    else body.trump = a.trump;
    if (stock > 0 && a.closed) body.closed = true;
    await ask(this, 'actions', body, { state: a, shown: this.verdict });
  }
}
