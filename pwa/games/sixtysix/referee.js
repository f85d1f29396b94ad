// Sixty-Six's referee for two at the table (RULES.md T1, T2, T7, R23): "may I play this
// card?" and "may I exchange the trump card or close the stock?". Mounted by the referee's
// shell (views/referee.js); opened from a match it takes that table's variant and style and,
// for a scorer, keeps a ruling as precedent. What is typed lives in this.ask / this.stock,
// so a change of language loses nothing.

import { ApiError, NetworkError, api } from '../../api.js';
import { CardGrid, DECK, cardChip, cardRank, rankName, suitRadios } from '../../cards/german.js';
import { clearProblem, errorSlot, h, randomKey, replace, showProblem, uid } from '../../dom.js';
import { sentences, t } from '../../i18n.js';
import './strings.js';

sentences('sixtysix.referee', {
  en: {
    s66r_tab_play: 'May I play this card?',
    s66r_tab_stock: 'May I exchange or close?',
    s66r_variant: 'Game',
    s66r_trump: 'Trumps',
    s66r_hand: 'Your hand',
    s66r_led: 'The card your opponent led',
    s66r_led_hint: 'None if you lead.',
    s66r_led_none: 'Nothing led yet: you lead.',
    s66r_led_so_far: 'Led:',
    s66r_card: 'The card you want to play',
    s66r_pick_hand_first: 'Pick your hand first.',
    s66r_stock: 'The stock',
    s66r_stock_open: 'Still open',
    s66r_stock_shut: 'Closed or used up',
    s66r_ask: 'Ask the referee',
    s66r_legal_cards: 'Cards you may play:',
    s66r_legal_none: 'none',
    s66r_action: 'What do you want to do?',
    s66r_exchange: 'Exchange the lowest trump ({rank}) for the face-up trump card',
    s66r_close: 'Close the stock (turn the trump card down)',
    s66r_on_lead: 'It is my turn to lead',
    s66r_tricks_won: 'Tricks I have won so far',
    s66r_stock_count: 'Cards left in the stock',
    s66r_stock_count_hint: 'Count the face-up trump card too (at most {n}).',
    s66r_closed: 'The stock is already closed',
    s66r_style: 'Soft or hard',
    s66r_style_soft: 'soft',
    s66r_style_hard: 'hard',
    s66r_missing_hand: 'Tap the cards in your hand.',
    s66r_missing_card: 'Pick the card you want to play.',
    s66r_missing_trump: 'Which suit is trumps?',
    s66r_missing_tricks: 'How many tricks have you won?',
    s66r_missing_stock: 'How many cards are left in the stock?',
  },
  de: {
    s66r_tab_play: 'Darf ich die Karte spielen?',
    s66r_tab_stock: 'Darf ich austauschen oder zudrehen?',
    s66r_variant: 'Spiel',
    s66r_trump: 'Trumpf',
    s66r_hand: 'Deine Hand',
    s66r_led: 'Die Karte, die dein Gegner ausgespielt hat',
    s66r_led_hint: 'Keine, wenn du ausspielst.',
    s66r_led_none: 'Noch nichts ausgespielt: du spielst aus.',
    s66r_led_so_far: 'Ausgespielt:',
    s66r_card: 'Die Karte, die du spielen willst',
    s66r_pick_hand_first: 'Erst deine Hand wählen.',
    s66r_stock: 'Der Talon',
    s66r_stock_open: 'Noch offen',
    s66r_stock_shut: 'Zugedreht oder aufgebraucht',
    s66r_ask: 'Schiedsrichter fragen',
    s66r_legal_cards: 'Diese Karten darfst du spielen:',
    s66r_legal_none: 'keine',
    s66r_action: 'Was willst du tun?',
    s66r_exchange: 'Austauschen: den kleinsten Trumpf ({rank}) gegen die aufgedeckte Trumpfkarte',
    s66r_close: 'Zudrehen (die Trumpfkarte umdrehen)',
    s66r_on_lead: 'Ich bin mit dem Ausspielen dran',
    s66r_tricks_won: 'Meine Stiche bisher',
    s66r_stock_count: 'Karten noch im Talon',
    s66r_stock_count_hint: 'Die aufgedeckte Trumpfkarte mitzählen (höchstens {n}).',
    s66r_closed: 'Der Talon ist schon zugedreht',
    s66r_style: 'Weich oder scharf',
    s66r_style_soft: 'weich',
    s66r_style_hard: 'scharf',
    s66r_missing_hand: 'Tipp die Karten auf deiner Hand an.',
    s66r_missing_card: 'Wähl die Karte, die du spielen willst.',
    s66r_missing_trump: 'Welche Farbe ist Trumpf?',
    s66r_missing_tricks: 'Wie viele Stiche hast du schon?',
    s66r_missing_stock: 'Wie viele Karten liegen noch im Talon?',
  },
});

const VARIANTS = ['sixtysix', 'schnapsen'];
/** R16: what differs between the two decks for these questions. */
const DECKS = {
  sixtysix: { stock: 12, lowest: '9', hasNines: true },
  schnapsen: { stock: 10, lowest: 'U', hasNines: false },
};

/** Mount the referee in `root` (the shell's slot); `match` is the match it was opened from, if any. */
export function mount(root, { id, token, match, announce }) {
  const view = new RefereeView(root, { id, token, match, announce });
  view.render();
  return {
    relabel: () => view.render(),
    destroy: () => {
      view.gone = true;
    },
  };
}

class RefereeView {
  constructor(root, { id, token, match, announce }) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.match = match;
    this.announce = announce;
    this.tab = 'play';
    const rules = (match && match.rules) || {};
    const variant = VARIANTS.includes(rules.variant) ? rules.variant : 'sixtysix';
    const style = rules.style === 'hard' ? 'hard' : 'soft';
    this.ask = { variant, trump: '', hand: new Set(), led: '', card: '', stockOpen: false, answer: null };
    this.stock = { variant, style, action: 'exchange', onLead: true, tricksWon: '', count: '', closed: false, answer: null };
  }

  render() {
    const playId = uid('s');
    const stockId = uid('s');
    const tab = (name, controls) =>
      h('button', {
        type: 'button',
        class: 'secondary',
        'aria-pressed': String(this.tab === name),
        'aria-controls': controls,
        'data-tab': name,
        onclick: () => {
          this.tab = name;
          for (const b of this.root.querySelectorAll('[data-tab]')) b.setAttribute('aria-pressed', String(b.dataset.tab === name));
          this.playSection.hidden = name !== 'play';
          this.stockSection.hidden = name !== 'stock';
        },
        text: t(name === 'play' ? 's66r_tab_play' : 's66r_tab_stock'),
      });
    this.playSection = h('section', { class: 'card referee', id: playId, hidden: this.tab !== 'play', 'data-ref-play': '' }, this.buildAsk());
    this.stockSection = h('section', { class: 'card referee', id: stockId, hidden: this.tab !== 'stock', 'data-ref-stock': '' }, this.buildStock());
    replace(
      this.root,
      h('div', { class: 'tabs', role: 'group', 'aria-label': t('referee') }, tab('play', playId), tab('stock', stockId)),
      this.playSection,
      this.stockSection,
    );
    this.refreshAsk();
    this.refreshStock();
  }

  // ---- may I play this card? ------------------------------------------------------

  inDeck(card) {
    return DECKS[this.ask.variant].hasNines || cardRank(card) !== '9';
  }

  buildAsk() {
    const a = this.ask;
    const stale = () => {
      a.answer = null;
      this.refreshAsk();
    };
    this.askProblem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.handGrid = new CardGrid({
      label: t('s66r_hand'),
      field: 'hand',
      look: (c) => ({ pressed: a.hand.has(c), disabled: !this.inDeck(c) || a.led === c, mark: this.markFor(c) }),
      onpick: (c) => {
        if (a.hand.has(c)) a.hand.delete(c);
        else a.hand.add(c);
        if (!a.hand.has(a.card)) a.card = '';
        stale();
      },
    });
    this.ledGrid = new CardGrid({
      label: t('s66r_led'),
      field: 'trick',
      look: (c) => ({ pressed: a.led === c, disabled: !this.inDeck(c) || a.hand.has(c) }),
      onpick: (c) => {
        a.led = a.led === c ? '' : c;
        stale();
      },
    });
    this.ledLine = h('p', { class: 'trick-order', 'data-led': '' });
    this.cardChoice = h('div', { class: 'card-choice', role: 'group', tabindex: -1, 'aria-label': t('s66r_card'), 'data-field': 'card' });
    this.askVerdict = h('div', { class: 'verdict', role: 'status', 'data-verdict': '' });
    const trump = suitRadios({ name: 'ask_trump', field: 'trump', legend: t('s66r_trump'), get: () => a.trump, set: (v) => { a.trump = v; stale(); } });
    trump.append(errorSlot('trump', uid('e')));
    this.askForm = h(
      'form',
      { novalidate: true, 'data-ask-form': '', onsubmit: (e) => this.askPlay(e) },
      h('h2', { text: t('s66r_tab_play') }),
      this.askProblem,
      variantSelect(a.variant, (v) => {
        a.variant = v;
        for (const c of [...a.hand]) if (!this.inDeck(c)) a.hand.delete(c);
        if (a.led && !this.inDeck(a.led)) a.led = '';
        if (!a.hand.has(a.card)) a.card = '';
        stale();
      }),
      trump,
      h('fieldset', {}, h('legend', { text: t('s66r_hand') }), this.handGrid.el, errorSlot('hand', uid('e'))),
      h('fieldset', {}, h('legend', { text: t('s66r_led') }), h('p', { class: 'hint', text: t('s66r_led_hint') }), this.ledGrid.el, this.ledLine, errorSlot('trick', uid('e'))),
      h('fieldset', {}, h('legend', { text: t('s66r_card') }), this.cardChoice, errorSlot('card', uid('e'))),
      radioSet(t('s66r_stock'), 'ask_stock', [['open', t('s66r_stock_open')], ['shut', t('s66r_stock_shut')]], a.stockOpen ? 'open' : 'shut', (v) => {
        a.stockOpen = v === 'open';
        stale();
      }, 'stock_open', { wide: true }),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-ask': '', text: t('s66r_ask') })),
      this.askVerdict,
    );
    return this.askForm;
  }

  markFor(card) {
    const answer = this.ask.answer;
    if (!answer || !this.ask.hand.has(card)) return '';
    return (answer.legal_cards || []).includes(card) ? 'legal' : 'illegal';
  }

  refreshAsk() {
    const a = this.ask;
    this.handGrid.update();
    this.ledGrid.update();
    replace(this.ledLine, a.led ? [t('s66r_led_so_far'), ' ', cardChip(a.led)] : t('s66r_led_none'));
    const focused = this.cardChoice.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    replace(
      this.cardChoice,
      a.hand.size
        ? DECK.filter((c) => a.hand.has(c)).map((c) =>
            h(
              'button',
              {
                type: 'button',
                class: ['card-button', this.markFor(c) && `is-${this.markFor(c)}`],
                'aria-pressed': String(a.card === c),
                'data-card': c,
                onclick: () => {
                  a.card = c;
                  a.answer = null;
                  this.refreshAsk();
                },
              },
              cardChip(c),
            ),
          )
        : h('p', { class: 'hint', text: t('s66r_pick_hand_first') }),
    );
    if (focused) {
      const again = this.cardChoice.querySelector(`[data-card="${focused}"]`);
      if (again) again.focus();
    }
    const answer = a.answer;
    this.askVerdict.className = answer ? `verdict ${answer.legal ? 'is-yes' : 'is-no'}` : 'verdict';
    if (!answer) {
      replace(this.askVerdict);
      return;
    }
    const legal = answer.legal_cards || [];
    replace(
      this.askVerdict,
      h('p', { class: 'verdict-word', 'data-legal': String(answer.legal) }, answer.legal ? t('ref_yes') : t('ref_no'), ' ', cardChip(a.asked)),
      reason(answer),
      h('p', { class: 'legal-cards' }, t('s66r_legal_cards'), ' ', legal.length ? legal.map((c) => cardChip(c, 'is-legal')) : t('s66r_legal_none')),
      this.precedent('play', a),
    );
  }

  async askPlay(event) {
    event.preventDefault();
    const a = this.ask;
    clearProblem(this.askForm, this.askProblem);
    const errors = {};
    if (!a.trump) errors.trump = t('s66r_missing_trump');
    if (!a.hand.size) errors.hand = t('s66r_missing_hand');
    if (!a.card) errors.card = t('s66r_missing_card');
    if (Object.keys(errors).length) {
      showProblem(this.askForm, this.askProblem, { errors });
      return;
    }
    const body = {
      game: 'sixtysix',
      variant: a.variant,
      trump: a.trump,
      hand: DECK.filter((c) => a.hand.has(c)),
      trick: a.led ? [a.led] : [],
      card: a.card,
      stock_open: a.stockOpen,
    };
    await this.send('play', body, this.askForm, this.askProblem, (data) => {
      Object.assign(a, { answer: data, question: body, asked: body.card, saved: false });
      this.refreshAsk();
      this.askVerdict.scrollIntoView({ block: 'nearest' });
    });
  }

  // ---- may I exchange, may I close? ---------------------------------------------------

  buildStock() {
    const st = this.stock;
    const stale = () => {
      st.answer = null;
      this.refreshStock();
    };
    const deck = DECKS[st.variant];
    this.stockProblem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.stockVerdict = h('div', { class: 'verdict', role: 'status', 'data-verdict': '' });
    const tricksId = uid('f');
    const countId = uid('f');
    this.countHint = h('p', { class: 'hint', id: `${countId}-h` });
    this.exchangeLabel = h('span');
    this.stockForm = h(
      'form',
      { novalidate: true, 'data-stock-form': '', onsubmit: (e) => this.askStock(e) },
      h('h2', { text: t('s66r_tab_stock') }),
      this.stockProblem,
      radioSet(t('s66r_action'), 'stock_action', [['exchange', this.exchangeLabel], ['close', t('s66r_close')]], st.action, (v) => {
        st.action = v;
        stale();
      }, 'action', { wide: true }),
      checkbox('on_lead', t('s66r_on_lead'), st.onLead, (v) => { st.onLead = v; stale(); }),
      h('div', { class: 'field' },
        h('label', { for: tricksId, text: t('s66r_tricks_won') }),
        h('input', {
          id: tricksId, type: 'number', inputmode: 'numeric', enterkeyhint: 'next', min: 0, max: 12, step: 1, value: st.tricksWon,
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
      checkbox('closed', t('s66r_closed'), st.closed, (v) => { st.closed = v; stale(); }),
      variantSelect(st.variant, (v) => {
        st.variant = v;
        stale();
      }),
      radioSet(t('s66r_style'), 'stock_style', [['soft', t('s66r_style_soft')], ['hard', t('s66r_style_hard')]], st.style, (v) => {
        st.style = v;
        stale();
      }, 'style'),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-ask-stock': '', text: t('s66r_ask') })),
      this.stockVerdict,
    );
    return this.stockForm;
  }

  refreshStock() {
    const st = this.stock;
    const deck = DECKS[st.variant];
    this.exchangeLabel.textContent = t('s66r_exchange', { rank: rankName(deck.lowest) });
    this.countHint.textContent = t('s66r_stock_count_hint', { n: deck.stock });
    const count = this.stockForm.querySelector('[data-field="stock"]');
    if (count) count.max = deck.stock;
    const answer = st.answer;
    this.stockVerdict.className = answer ? `verdict ${answer.legal ? 'is-yes' : 'is-no'}` : 'verdict';
    replace(
      this.stockVerdict,
      answer
        ? [
            h('p', { class: 'verdict-word', 'data-legal': String(answer.legal) }, answer.legal ? t('ref_yes') : t('ref_no')),
            reason(answer),
            this.precedent('stock', st),
          ]
        : null,
    );
  }

  async askStock(event) {
    event.preventDefault();
    const st = this.stock;
    clearProblem(this.stockForm, this.stockProblem);
    const errors = {};
    if (st.tricksWon === '') errors.tricks_won = t('s66r_missing_tricks');
    if (st.count === '') errors.stock = t('s66r_missing_stock');
    if (Object.keys(errors).length) {
      showProblem(this.stockForm, this.stockProblem, { errors });
      return;
    }
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
    await this.send('stock', body, this.stockForm, this.stockProblem, (data) => {
      Object.assign(st, { answer: data, question: body, saved: false });
      this.refreshStock();
      this.stockVerdict.scrollIntoView({ block: 'nearest' });
    });
  }

  // ---- both -------------------------------------------------------------------------

  async send(question, body, form, box, done) {
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    try {
      const { data } = await api.referee(question, body);
      if (!this.gone) done(data);
    } catch (err) {
      if (err instanceof ApiError) showProblem(form, box, err.problem);
      else if (err instanceof NetworkError) showProblem(form, box, { detail: t('ref_offline') });
      else throw err;
    } finally {
      button.disabled = false;
    }
  }

  /** Opened from a match as its scorer: keep this ruling with the match, with a note. */
  precedent(kind, what) {
    if (!this.match || this.match.access !== 'scorer' || !what.question) return null;
    if (what.saved) return h('p', { role: 'status', 'data-saved': '', text: t('prec_saved') });
    const id = uid('f');
    const note = h('input', { id, type: 'text', maxlength: 200, 'data-field': 'note' });
    const box = h('div', { class: 'precedent', 'data-precedent': kind });
    const key = randomKey();
    const save = async () => {
      const body = { kind, question: what.question };
      if (note.value.trim()) body.note = note.value.trim();
      try {
        await api.saveRuling(this.id, this.token, body, key);
        what.saved = true;
        replace(box, h('p', { role: 'status', 'data-saved': '', text: t('prec_saved') }));
      } catch (err) {
        this.announce(err instanceof ApiError ? err.message : t('ref_offline'));
      }
    };
    box.append(h('label', { for: id, text: t('prec_note') }), note, h('button', { type: 'button', class: 'secondary', 'data-save-precedent': '', onclick: save, text: t('prec_save') }));
    return box;
  }
}

// ---- small parts -------------------------------------------------------------------

function reason(answer) {
  return h('p', {}, answer.rule ? [h('span', { class: 'rule', text: answer.rule }), ' '] : null, answer.reason || '');
}

function variantSelect(value, onchange) {
  const id = uid('f');
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id, text: t('s66r_variant') }),
    h(
      'select',
      { id, 'data-field': 'variant', 'aria-describedby': `${id}-e`, onchange: (e) => onchange(e.target.value) },
      VARIANTS.map((v) => h('option', { value: v, text: t(`s66_variant_${v}`), selected: v === value })),
    ),
    errorSlot('variant', `${id}-e`),
  );
}

/** A question with a few answers as big radio tiles; `field` names it for the server's errors. */
function radioSet(legend, name, options, value, onchange, field, { wide = false } = {}) {
  return h(
    'fieldset',
    { class: 's66-choices' },
    h('legend', { text: legend }),
    h(
      'div',
      { class: ['s66-tiles', wide && 'is-wide'] },
      options.map(([v, text]) => {
        const id = uid('c');
        return h(
          'span',
          { class: 's66-tile' },
          h('input', { type: 'radio', id, name, value: v, checked: v === value, 'data-field': field, onchange: () => onchange(v) }),
          h('label', { for: id }, h('span', { class: 's66-tile-title' }, text)),
        );
      }),
    ),
    errorSlot(field, uid('e')),
  );
}

function checkbox(field, label, checked, set) {
  const id = uid('f');
  return h(
    'div',
    { class: 'field check' },
    h('input', { type: 'checkbox', id, 'data-field': field, checked, 'aria-describedby': `${id}-e`, onchange: (e) => set(e.target.checked) }),
    h('label', { for: id, text: label }),
    errorSlot(field, `${id}-e`),
  );
}
