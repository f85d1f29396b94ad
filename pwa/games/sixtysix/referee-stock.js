// Sixty-Six's "may I exchange the trump card or close the stock?" (RULES.md T7, R23): what the
// player wants, whose lead, tricks won, the stock's size, closed already, the variant (its
// lowest trump and stock, the server's) and soft or hard. What is typed lives in the view's
// `stock`.

import { rankName } from '../../cards/german.js';
import { clearProblem, errorSlot, h, uid } from '../../dom.js';
import { t } from '../../i18n.js';
import { ask, missing, precedent, problemBox, questionForm, reason, showVerdict, verdictBox, verdictWord } from '../../referee-kit.js';
import { radioSet, toggle, variantSelect } from './referee-parts.js';

export class StockPanel {
  /** @param {object} view the referee (its `stock`, `variants` and `deck(variant)`) */
  constructor(view) {
    this.view = view;
  }

  build() {
    const st = this.view.stock;
    const stale = () => {
      st.answer = null;
      this.refresh();
    };
    const deck = this.view.deck(st.variant);
    this.problem = problemBox();
    this.verdict = verdictBox();
    const tricksId = uid('f');
    const countId = uid('f');
    this.countHint = h('p', { class: 'hint', id: `${countId}-h` });
    this.exchangeLabel = h('span');
    this.form = questionForm(
      this,
      'data-stock-form',
      t('s66r_tab_stock'),
      this.problem,
      radioSet(t('s66r_action'), 'stock_action', [['exchange', this.exchangeLabel], ['close', t('s66r_close')]], st.action, (v) => {
        st.action = v;
        stale();
      }, 'action', { wide: true }),
      radioSet(t('s66r_lead'), 'stock_lead', [['mine', t('s66r_lead_mine')], ['theirs', t('s66r_lead_theirs')]], st.onLead ? 'mine' : 'theirs', (v) => {
        st.onLead = v === 'mine';
        stale();
      }, 'on_lead'),
      h('div', { class: 'field' },
        h('label', { for: tricksId, text: t('s66r_tricks_won') }),
        h('input', {
          id: tricksId, type: 'number', inputmode: 'numeric', enterkeyhint: 'next', min: 0, max: deck.tricks, step: 1, value: st.tricksWon,
          'data-field': 'tricks_won', 'aria-describedby': `${tricksId}-e`, oninput: (e) => { st.tricksWon = e.target.value; stale(); },
        }),
        errorSlot('tricks_won', `${tricksId}-e`)),
      h('div', { class: 'field' },
        h('label', { for: countId, text: t('s66r_stock_count') }),
        this.countHint,
        h('input', {
          id: countId, type: 'number', inputmode: 'numeric', enterkeyhint: 'done', min: 0, max: deck.stock, step: 1, value: st.count,
          'data-field': 'stock', 'aria-describedby': `${countId}-h ${countId}-e`, oninput: (e) => { st.count = e.target.value; stale(); },
        }),
        errorSlot('stock', `${countId}-e`)),
      toggle('closed', t('s66r_closed'), () => st.closed, (v) => { st.closed = v; stale(); }),
      variantSelect(this.view.variants, st.variant, (v) => {
        st.variant = v;
        stale();
      }),
      radioSet(t('s66r_style'), 'stock_style', [['soft', t('s66r_style_soft')], ['hard', t('s66r_style_hard')]], st.style, (v) => {
        st.style = v;
        stale();
      }, 'style'),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-ask-stock': '', text: t('ref_ask') })),
      this.verdict,
    );
    return this.form;
  }

  refresh() {
    const st = this.view.stock;
    const deck = this.view.deck(st.variant);
    this.exchangeLabel.textContent = t('s66r_exchange', { rank: rankName(deck.lowest_trump) });
    this.countHint.textContent = t('s66r_stock_count_hint', { n: deck.stock });
    for (const [field, most] of [['stock', deck.stock], ['tricks_won', deck.tricks]]) {
      const input = this.form.querySelector(`[data-field="${field}"]`);
      if (input) input.max = most;
    }
    showVerdict(this.verdict, st.answer, (answer) => [verdictWord(answer), reason(answer), precedent(this.view, 'stock', st)]);
  }

  async send(event) {
    event.preventDefault();
    const st = this.view.stock;
    clearProblem(this.form, this.problem);
    const errors = {};
    if (st.tricksWon === '') errors.tricks_won = t('s66r_missing_tricks');
    if (st.count === '') errors.stock = t('s66r_missing_stock');
    if (missing(this.form, this.problem, errors)) return;
    const body = {
      game: 'sixtysix',
      variant: st.variant,
      style: st.style,
      action: st.action,
      on_lead: st.onLead,
      tricks_won: Number(st.tricksWon),
      stock: Number(st.count),
      closed: st.closed,
    };
    await ask(this, 'stock', body, { state: st, shown: this.verdict });
  }
}
