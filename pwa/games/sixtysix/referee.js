// Sixty-Six's referee for two at the table (RULES.md T1, T2, T6, T7, R17, R23): "what may I do
// now?" (every card, marriage, the exchange, closing and a claim, each with a tick or the rule
// that forbids it), "may I play this card?", "may I exchange the trump card or close the
// stock?" and a disputed deal replayed trick by trick. Mounted by the referee's shell
// (views/referee.js); opened from a match it takes that table's variant, style and players
// and, for a scorer, keeps a ruling as precedent and hands a replayed deal to the match's
// entry form. What is typed lives in this.act / this.ask / this.stock / this.replay, so a
// change of language loses nothing. The replay's tricks and answer are the trick games'
// shared parts (games/tricks.js).

import { api } from '../../api.js';
import { CardGrid, DECK, RANKS, SUITS, cardChip, cardName, cardRank, rankName, suitIcon, suitRadios } from '../../cards/german.js';
import { clearProblem, errorSlot, h, linkRules, replace, ruleLink, showProblem, uid } from '../../dom.js';
import { sentences, suitName, t } from '../../i18n.js';
import { handoffs } from '../../store.js';
import { MeldRows } from '../melds.js';
import { TrickRows, cardChoice, fail, legalMark, precedent, replayAnswer } from '../tricks.js';
import { MELD_WORDS } from './strings.js';

sentences('sixtysix.referee', {
  en: {
    s66r_tab_actions: 'What may I do now?',
    s66r_tab_play: 'May I play this card?',
    s66r_tab_stock: 'May I exchange or close?',
    s66r_tab_hand: 'Replay a disputed deal',
    s66r_variant: 'Variant',
    s66r_trump: 'Trumps',
    s66r_hand: 'Your hand',
    s66r_hand_count: '({n} of {most})',
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
    s66r_lead: 'Whose lead is it?',
    s66r_lead_mine: 'I lead',
    s66r_lead_theirs: 'My opponent has led',
    s66r_tricks_won: 'Tricks I have won so far',
    s66r_stock_count: 'Cards left in the stock',
    s66r_stock_count_hint: 'Count the face-up trump card too (at most {n}).',
    s66r_closed: 'The stock has been closed',
    s66r_style: 'Soft or hard',
    s66r_style_soft: 'soft',
    s66r_style_hard: 'hard',
    s66r_missing_hand: 'Tap the cards in your hand.',
    s66r_missing_card: 'Pick the card you want to play.',
    s66r_missing_trump: 'Which suit is trumps?',
    s66r_missing_tricks: 'How many tricks have you won?',
    s66r_missing_stock: 'How many cards are left in the stock?',
    s66r_missing_won: 'Have you won a trick yet?',
    // what may I do now?
    s66r_up: 'The face-up trump card under the stock',
    s66r_up_hint: 'Not needed once it has been drawn.',
    s66r_up_unknown: 'not said',
    s66r_stock_left: 'Cards in the stock, the face-up card counted',
    s66r_stock_full: '{n}: nothing drawn yet',
    s66r_stock_empty: '0: used up',
    s66r_won: 'Have you won a trick in this deal?',
    s66r_won_no: 'No trick yet',
    s66r_won_yes: 'Yes, at least one',
    s66r_shown: 'Marriages shown in this deal',
    s66r_shown_hint: 'By either player, and one you have just announced but not yet led.',
    s66r_situation: 'The situation',
    s66r_cards_heading: 'Your cards',
    s66r_more_heading: 'Marriages, exchange, closing, claim',
    s66r_allowed: 'allowed',
    s66r_refused: 'not allowed',
    s66r_do_marriage: '{value} in {suit}',
    s66r_do_forty: 'Forty in {suit}',
    s66r_do_twenty: 'Twenty in {suit}',
    s66r_do_exchange: 'Exchange the {card}',
    s66r_do_close: 'Close the stock',
    s66r_do_claim: 'Claim 66',
    s66r_may_play: '{n:This card may|These cards may} be played.',
    // the replay
    s66r_players: 'The two players',
    s66r_leader: 'Who led the first trick (forehand)?',
    s66r_closed_by: 'Who closed the stock?',
    s66r_closed_by_none: 'nobody',
    s66r_closed_after: 'After how many tricks?',
    s66r_closed_first: '0: before the first trick',
    s66r_claim: 'Claim of 66 after the last trick entered, by',
    s66r_claim_none: 'nobody',
    s66r_claim_hint: 'A claim ends the deal; a closer who stops short of the last trick claimed (R23).',
    s66r_players_min: 'Enter both players’ names.',
    s66r_plays_empty: 'Enter the cards of at least one trick.',
    s66r_replay: 'Replay the deal',
    s66r_ends: 'How it ends: {ending}.',
    s66r_enter: 'Enter this deal in the match',
    s66r_enter_incomplete: 'Only a deal that has ended (played out, a claim, a closing or a Renonce) can be entered in the match.',
    s66r_enter_mismatch: 'These players or this variant are not the match’s, so it cannot be entered there.',
  },
  de: {
    s66r_tab_actions: 'Was darf ich jetzt?',
    s66r_tab_play: 'Darf ich die Karte spielen?',
    s66r_tab_stock: 'Darf ich austauschen oder zudrehen?',
    s66r_tab_hand: 'Strittiges Spiel nachspielen',
    s66r_variant: 'Spielart',
    s66r_trump: 'Trumpf',
    s66r_hand: 'Deine Hand',
    s66r_hand_count: '({n} von {most})',
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
    s66r_lead: 'Wer spielt aus?',
    s66r_lead_mine: 'Ich spiele aus',
    s66r_lead_theirs: 'Mein Gegner hat ausgespielt',
    s66r_tricks_won: 'Meine Stiche bisher',
    s66r_stock_count: 'Karten noch im Talon',
    s66r_stock_count_hint: 'Die aufgedeckte Trumpfkarte mitzählen (höchstens {n}).',
    s66r_closed: 'Der Talon ist zugedreht',
    s66r_style: 'Weich oder scharf',
    s66r_style_soft: 'weich',
    s66r_style_hard: 'scharf',
    s66r_missing_hand: 'Tipp die Karten auf deiner Hand an.',
    s66r_missing_card: 'Wähl die Karte, die du spielen willst.',
    s66r_missing_trump: 'Welche Farbe ist Trumpf?',
    s66r_missing_tricks: 'Wie viele Stiche hast du schon?',
    s66r_missing_stock: 'Wie viele Karten liegen noch im Talon?',
    s66r_missing_won: 'Hast du schon einen Stich gemacht?',
    s66r_up: 'Die aufgedeckte Trumpfkarte unter dem Talon',
    s66r_up_hint: 'Nicht nötig, wenn sie schon gezogen ist.',
    s66r_up_unknown: 'keine Angabe',
    s66r_stock_left: 'Karten im Talon, die aufgedeckte mitgezählt',
    s66r_stock_full: '{n}: noch nichts gezogen',
    s66r_stock_empty: '0: aufgebraucht',
    s66r_won: 'Hast du in diesem Spiel schon einen Stich gemacht?',
    s66r_won_no: 'Noch keinen Stich',
    s66r_won_yes: 'Ja, mindestens einen',
    s66r_shown: 'In diesem Spiel schon angesagt',
    s66r_shown_hint: 'Von dir oder dem Gegner, auch eine Ansage, die du gerade gemacht, aber noch nicht ausgespielt hast.',
    s66r_situation: 'Die Lage',
    s66r_cards_heading: 'Deine Karten',
    s66r_more_heading: 'Ansagen, Austauschen, Zudrehen, Ausmelden',
    s66r_allowed: 'erlaubt',
    s66r_refused: 'nicht erlaubt',
    s66r_do_marriage: '{value} in {suit}',
    s66r_do_forty: 'Vierziger in {suit}',
    s66r_do_twenty: 'Zwanziger in {suit}',
    s66r_do_exchange: '{card} austauschen',
    s66r_do_close: 'Zudrehen',
    s66r_do_claim: 'Sich ausmelden (66)',
    s66r_may_play: '{n:Diese Karte darf|Diese Karten dürfen} gespielt werden.',
    s66r_players: 'Die zwei Spieler',
    s66r_leader: 'Wer hat zum ersten Stich ausgespielt (Vorhand)?',
    s66r_closed_by: 'Wer hat zugedreht?',
    s66r_closed_by_none: 'niemand',
    s66r_closed_after: 'Nach wie vielen Stichen?',
    s66r_closed_first: '0: vor dem ersten Stich',
    s66r_claim: 'Nach dem letzten eingetragenen Stich ausgemeldet hat',
    s66r_claim_none: 'niemand',
    s66r_claim_hint: 'Wer sich ausmeldet, beendet das Spiel; wer zugedreht hat und vor dem letzten Stich aufhört, hat sich ausgemeldet (R23).',
    s66r_players_min: 'Die Namen beider Spieler eingeben.',
    s66r_plays_empty: 'Mindestens einen Stich eingeben.',
    s66r_replay: 'Spiel nachspielen',
    s66r_ends: 'So endet es: {ending}.',
    s66r_enter: 'Dieses Spiel in der Partie eintragen',
    s66r_enter_incomplete: 'Nur ein beendetes Spiel (ausgespielt, ausgemeldet, zugedreht oder Renonce) lässt sich in der Partie eintragen.',
    s66r_enter_mismatch: 'Diese Spieler oder diese Spielart sind nicht die der Partie; eintragen geht dort nicht.',
  },
});

const TABS = ['actions', 'play', 'stock', 'hand'];
const VARIANTS = ['sixtysix', 'schnapsen'];
/** R16: what differs between the two decks for these questions. */
const DECKS = {
  sixtysix: { stock: 12, hand: 6, tricks: 12, closeAfter: 4, lowest: '9', hasNines: true },
  schnapsen: { stock: 10, hand: 5, tricks: 10, closeAfter: 3, lowest: 'U', hasNines: false },
};
const inDeck = (variant, card) => DECKS[variant].hasNines || cardRank(card) !== '9';

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
    this.tab = 'actions';
    const rules = (match && match.rules) || {};
    const variant = VARIANTS.includes(rules.variant) ? rules.variant : 'sixtysix';
    const style = rules.style === 'hard' ? 'hard' : 'soft';
    const deck = DECKS[variant];
    this.act = {
      variant, style, hand: new Set(), trump: '', up: '', stock: String(deck.stock), closed: false, led: '', won: '',
      shown: new Set(), answer: null,
    };
    this.ask = { variant, trump: '', hand: new Set(), led: '', card: '', stockOpen: false, answer: null };
    this.stock = { variant, style, action: 'exchange', onLead: true, tricksWon: '', count: '', closed: false, answer: null };
    const players = match ? match.players.slice(0, 2) : ['', ''];
    const state = (match && match.state) || {};
    this.replay = {
      variant, players, leader: state.forehand || players[1] || '', trump: '', melds: [], closedBy: '', closedAfter: '',
      claim: '', rows: Array(deck.tricks).fill(''), current: 0, answer: null, sent: null,
    };
  }

  render() {
    const ids = Object.fromEntries(TABS.map((name) => [name, uid('s')]));
    const tab = (name) =>
      h('button', {
        type: 'button',
        class: 'secondary',
        'aria-pressed': String(this.tab === name),
        'aria-controls': ids[name],
        'data-tab': name,
        onclick: () => {
          this.tab = name;
          for (const b of this.root.querySelectorAll('[data-tab]')) b.setAttribute('aria-pressed', String(b.dataset.tab === name));
          for (const [other, section] of Object.entries(this.sections)) section.hidden = other !== name;
        },
        text: t(`s66r_tab_${name}`),
      });
    const build = { actions: () => this.buildActions(), play: () => this.buildAsk(), stock: () => this.buildStock(), hand: () => this.buildReplay() };
    const data = { actions: 'data-ref-actions', play: 'data-ref-play', stock: 'data-ref-stock', hand: 'data-ref-hand' };
    this.sections = Object.fromEntries(TABS.map((name) => [
      name, h('section', { class: 'card referee', id: ids[name], hidden: this.tab !== name, [data[name]]: '' }, build[name]()),
    ]));
    replace(
      this.root,
      h('div', { class: 'tabs s66-ref-tabs', role: 'group', 'aria-label': t('referee') }, TABS.map(tab)),
      TABS.map((name) => this.sections[name]),
    );
    this.refreshActions();
    this.refreshAsk();
    this.refreshStock();
    this.refreshReplay();
  }

  // ---- what may I do now? -------------------------------------------------------------

  buildActions() {
    const a = this.act;
    const stale = () => {
      a.answer = null;
      this.refreshActions();
    };
    this.actProblem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.actHandCount = h('span', { class: 'hint', 'data-hand-count': '' });
    this.actHand = new CardGrid({
      label: t('s66r_hand'),
      field: 'hand',
      look: (c) => ({
        pressed: a.hand.has(c),
        disabled: !inDeck(a.variant, c) || a.led === c || (!a.hand.has(c) && a.hand.size >= DECKS[a.variant].hand),
        mark: this.actMark(c),
      }),
      onpick: (c) => {
        if (a.hand.has(c)) a.hand.delete(c);
        else a.hand.add(c);
        stale();
      },
    });
    this.actLed = new CardGrid({
      label: t('s66r_led'),
      field: 'trick',
      look: (c) => ({ pressed: a.led === c, disabled: !inDeck(a.variant, c) || a.hand.has(c) || this.upCard() === c }),
      onpick: (c) => {
        a.led = a.led === c ? '' : c;
        stale();
      },
    });
    this.actLedLine = h('p', { class: 'trick-order', 'data-led': '' });
    const trump = suitRadios({ name: 'act_trump', field: 'trump', legend: t('s66r_trump'), get: () => a.trump, set: (v) => { a.trump = v; stale(); } });
    trump.append(errorSlot('trump', uid('e')));
    this.actUp = h('div', { 'data-up': '' });
    this.actStockSelect = h('select', { id: uid('f'), 'data-field': 'stock', onchange: (e) => { a.stock = e.target.value; stale(); } });
    this.actClosed = toggle('closed', t('s66r_closed'), () => a.closed, (v) => { a.closed = v; stale(); });
    this.actShown = h(
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
    this.actVerdict = h('div', { class: 'verdict s66-actions', role: 'status', 'data-verdict': '' });
    this.actForm = h(
      'form',
      { novalidate: true, 'data-actions-form': '', onsubmit: (e) => this.askActions(e) },
      h('h2', { text: t('s66r_tab_actions') }),
      this.actProblem,
      variantSelect(a.variant, (v) => {
        a.variant = v;
        for (const c of [...a.hand]) if (!inDeck(v, c)) a.hand.delete(c);
        if (a.led && !inDeck(v, a.led)) a.led = '';
        if (a.up === '9' && !DECKS[v].hasNines) a.up = '';
        a.stock = String(Math.min(Number(a.stock), DECKS[v].stock));
        this.renderStockChoices();
        this.renderUp();
        stale();
      }),
      h('fieldset', {}, h('legend', {}, t('s66r_hand'), ' ', this.actHandCount), this.actHand.el, errorSlot('hand', uid('e'))),
      trump,
      h('div', { class: 'field' }, h('label', { for: this.actStockSelect.id, text: t('s66r_stock_left') }), this.actStockSelect, errorSlot('stock', uid('e'))),
      this.actClosed,
      this.actUp,
      h('fieldset', {}, h('legend', { text: t('s66r_led') }), h('p', { class: 'hint', text: t('s66r_led_hint') }), this.actLed.el, this.actLedLine, errorSlot('trick', uid('e'))),
      radioSet(t('s66r_won'), 'act_won', [['0', t('s66r_won_no')], ['1', t('s66r_won_yes')]], a.won, (v) => { a.won = v; stale(); }, 'tricks_won'),
      this.actShown,
      radioSet(t('s66r_style'), 'act_style', [['soft', t('s66r_style_soft')], ['hard', t('s66r_style_hard')]], a.style, (v) => { a.style = v; stale(); }, 'style'),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-ask-actions': '', text: t('s66r_ask') })),
      this.actVerdict,
    );
    this.renderStockChoices();
    this.renderUp();
    return this.actForm;
  }

  /** The stock's possible sizes (two cards go after each trick): 12 … 0, Schnapsen 10 … 0. */
  renderStockChoices() {
    const a = this.act;
    const full = DECKS[a.variant].stock;
    const sizes = Array.from({ length: full / 2 + 1 }, (_, i) => full - 2 * i);
    replace(this.actStockSelect, sizes.map((n) => {
      let text = String(n);
      if (n === full) text = t('s66r_stock_full', { n });
      else if (n === 0) text = t('s66r_stock_empty');
      return h('option', { value: String(n), text, selected: String(n) === a.stock });
    }));
  }

  /** The face-up trump card's rank, while it lies under the stock. */
  renderUp() {
    const a = this.act;
    const ranks = RANKS.filter((r) => DECKS[a.variant].hasNines || r !== '9');
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
            this.refreshActions();
          },
        }),
        h('label', { for: id }, content),
      );
    };
    replace(
      this.actUp,
      h(
        'fieldset',
        { class: 'card-radios s66-up' },
        h('legend', { text: t('s66r_up') }),
        h('p', { class: 'hint', text: t('s66r_up_hint') }),
        h('div', { class: 'rank-buttons' },
          choice('', [h('b', { text: '–' }), h('small', { text: t('s66r_up_unknown') })]),
          ranks.map((r) => choice(r, [h('b', { text: r }), h('small', { text: rankName(r) })]))),
        errorSlot('trump_card', uid('e')),
      ),
    );
  }

  upCard() {
    const a = this.act;
    return a.up && a.trump && Number(a.stock) > 0 ? a.trump + a.up : '';
  }

  actMark(card) {
    const answer = this.act.answer;
    if (!answer || !this.act.hand.has(card)) return '';
    return (answer.legal_cards || []).includes(card) ? 'legal' : 'illegal';
  }

  refreshActions() {
    const a = this.act;
    const deck = DECKS[a.variant];
    this.actHand.update();
    this.actLed.update();
    this.actHandCount.textContent = t('s66r_hand_count', { n: a.hand.size, most: deck.hand });
    replace(this.actLedLine, a.led ? [t('s66r_led_so_far'), ' ', cardChip(a.led)] : t('s66r_led_none'));
    const stocked = Number(a.stock) > 0;
    this.actClosed.hidden = !stocked;
    this.actUp.hidden = !stocked;
    for (const input of this.actUp.querySelectorAll('input')) {
      const card = input.value && a.trump ? a.trump + input.value : '';
      input.disabled = Boolean(card) && (a.hand.has(card) || a.led === card);
    }
    const answer = a.answer;
    if (!answer) {
      replace(this.actVerdict);
      return;
    }
    const plays = answer.actions.filter((x) => x.action === 'play');
    const others = answer.actions.filter((x) => x.action !== 'play');
    replace(
      this.actVerdict,
      h('h3', { text: t('s66r_situation') }),
      h('p', { 'data-situation': '' }, ruleLink(answer.situation.rule), ' ', linkRules(answer.situation.text)),
      h('h3', { text: t('s66r_cards_heading') }),
      h('ul', { class: 's66-action-list' }, cardGroups(plays).map((group) => actionItem(group, group.cards.map((c) => cardChip(c))))),
      h('h3', { text: t('s66r_more_heading') }),
      h('ul', { class: 's66-action-list' }, others.map((x) => actionItem(x, actionName(x, answer.trump)))),
      precedent(this, 'actions', a),
    );
  }

  async askActions(event) {
    event.preventDefault();
    const a = this.act;
    clearProblem(this.actForm, this.actProblem);
    const errors = {};
    if (!a.hand.size) errors.hand = t('s66r_missing_hand');
    if (!a.trump) errors.trump = t('s66r_missing_trump');
    if (a.won === '') errors.tricks_won = t('s66r_missing_won');
    if (Object.keys(errors).length) {
      showProblem(this.actForm, this.actProblem, { errors });
      return;
    }
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
    await this.send('actions', body, this.actForm, this.actProblem, (data) => {
      Object.assign(a, { answer: data, question: body, saved: false });
      this.refreshActions();
      this.actVerdict.scrollIntoView({ block: 'nearest' });
    });
  }

  // ---- may I play this card? ------------------------------------------------------

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
      look: (c) => ({ pressed: a.hand.has(c), disabled: !inDeck(a.variant, c) || a.led === c, mark: legalMark(a, c) }),
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
      look: (c) => ({ pressed: a.led === c, disabled: !inDeck(a.variant, c) || a.hand.has(c) }),
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
        for (const c of [...a.hand]) if (!inDeck(v, c)) a.hand.delete(c);
        if (a.led && !inDeck(v, a.led)) a.led = '';
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

  refreshAsk() {
    const a = this.ask;
    this.handGrid.update();
    this.ledGrid.update();
    replace(this.ledLine, a.led ? [t('s66r_led_so_far'), ' ', cardChip(a.led)] : t('s66r_led_none'));
    cardChoice(this.cardChoice, { deck: DECK, ask: a, hint: t('s66r_pick_hand_first'), changed: () => this.refreshAsk() });
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
      precedent(this, 'play', a),
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
      radioSet(t('s66r_lead'), 'stock_lead', [['mine', t('s66r_lead_mine')], ['theirs', t('s66r_lead_theirs')]], st.onLead ? 'mine' : 'theirs', (v) => {
        st.onLead = v === 'mine';
        stale();
      }, 'on_lead'),
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
      toggle('closed', t('s66r_closed'), () => st.closed, (v) => { st.closed = v; stale(); }),
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
            precedent(this, 'stock', st),
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

  // ---- replay a disputed deal --------------------------------------------------------

  names() {
    return this.replay.players.map((p) => p.trim());
  }

  buildReplay() {
    const r = this.replay;
    const stale = () => this.staleReplay();
    this.replayProblem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.leaderSelect = h('select', { id: uid('f'), 'data-field': 'leader', onchange: (e) => { r.leader = e.target.value; stale(); } });
    this.closedBySelect = h('select', { id: uid('f'), 'data-field': 'closed_by', onchange: (e) => { r.closedBy = e.target.value; stale(); } });
    this.closedAfterSelect = h('select', { id: uid('f'), 'data-field': 'closed_after', onchange: (e) => { r.closedAfter = e.target.value; stale(); } });
    this.claimSelect = h('select', { id: uid('f'), 'data-field': 'claim', onchange: (e) => { r.claim = e.target.value; stale(); } });
    this.closedAfterField = h('div', { class: 'field' }, h('label', { for: this.closedAfterSelect.id, text: t('s66r_closed_after') }), this.closedAfterSelect, errorSlot('closed_after', uid('e')));
    this.replayMelds = new MeldRows({
      melds: () => r.melds,
      players: () => this.names().filter(Boolean),
      changed: stale,
      words: MELD_WORDS,
      leads: () => DECKS[r.variant].tricks,
    });
    this.trickRows = new TrickRows(r, {
      perTrick: () => 2,
      changed: stale,
      announce: this.announce,
      playable: (c) => inDeck(r.variant, c),
    });
    const trump = suitRadios({ name: 'hand_trump', field: 'trump', legend: t('s66r_trump'), get: () => r.trump, set: (v) => { r.trump = v; stale(); } });
    trump.append(errorSlot('trump', uid('e')));
    this.replayResult = h('div', { class: 'replay-result', 'data-replay-result': '' });
    this.replayForm = h(
      'form',
      { novalidate: true, 'data-replay-form': '', onsubmit: (e) => this.sendReplay(e) },
      h('h2', { text: t('s66r_tab_hand') }),
      this.replayProblem,
      h(
        'fieldset',
        {},
        h('legend', { text: t('s66r_players') }),
        h('div', { class: 'ref-seats s66-ref-seats' }, r.players.map((name, i) => {
          const id = uid('f');
          return h(
            'div',
            { class: 'field' },
            h('label', { for: id, class: 'vh', text: t('player_n', { n: i + 1 }) }),
            h('input', {
              id, type: 'text', value: name, maxlength: 24, autocomplete: 'off', placeholder: t('player_n', { n: i + 1 }),
              'data-field': `players.${i}`, 'aria-describedby': `${id}-e`,
              oninput: (e) => {
                r.players[i] = e.target.value;
                this.namesChanged();
              },
            }),
            errorSlot(`players.${i}`, `${id}-e`),
          );
        })),
        errorSlot('players', uid('e')),
      ),
      h('div', { class: 'field' }, h('label', { for: this.leaderSelect.id, text: t('s66r_leader') }), this.leaderSelect, errorSlot('leader', uid('e'))),
      variantSelect(r.variant, (v) => {
        r.variant = v;
        this.trickRows.fit(DECKS[v].tricks);
        this.replayMelds.render();
        this.renderReplayChoices();
        stale();
      }),
      trump,
      this.trickRows.el,
      this.replayMelds.el,
      h('div', { class: 'field' }, h('label', { for: this.closedBySelect.id, text: t('s66r_closed_by') }), this.closedBySelect, errorSlot('closed_by', uid('e'))),
      this.closedAfterField,
      h('div', { class: 'field' }, h('label', { for: this.claimSelect.id, text: t('s66r_claim') }), this.claimSelect, h('p', { class: 'hint', text: t('s66r_claim_hint') }), errorSlot('claim', uid('e'))),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-replay': '', text: t('s66r_replay') })),
      this.replayResult,
    );
    this.replayMelds.render();
    this.renderReplayChoices();
    return this.replayForm;
  }

  namesChanged() {
    this.replayMelds.render();
    this.renderReplayChoices();
    this.staleReplay();
  }

  /** The selects that name the players, and the tricks after which the stock may be closed (T7). */
  renderReplayChoices() {
    const r = this.replay;
    const names = this.names().filter(Boolean);
    if (!names.includes(r.leader)) r.leader = names[1] || names[0] || '';
    if (!names.includes(r.closedBy)) r.closedBy = '';
    if (!names.includes(r.claim)) r.claim = '';
    const options = (none, value) => [
      none ? h('option', { value: '', text: none, selected: value === '' }) : null,
      names.map((n) => h('option', { value: n, text: n, selected: n === value })),
    ];
    replace(this.leaderSelect, options(null, r.leader));
    replace(this.closedBySelect, options(t('s66r_closed_by_none'), r.closedBy));
    replace(this.claimSelect, options(t('s66r_claim_none'), r.claim));
    const most = DECKS[r.variant].closeAfter;
    if (r.closedAfter !== '' && Number(r.closedAfter) > most) r.closedAfter = '';
    replace(this.closedAfterSelect, Array.from({ length: most + 1 }, (_, n) => h('option', {
      value: String(n), text: n === 0 ? t('s66r_closed_first') : String(n), selected: String(n) === String(r.closedAfter || 0),
    })));
  }

  staleReplay() {
    this.replay.answer = null;
    this.refreshReplay();
  }

  refreshReplay() {
    const r = this.replay;
    this.closedAfterField.hidden = !r.closedBy;
    this.trickRows.refresh();
    this.renderResult();
  }

  async sendReplay(event) {
    event.preventDefault();
    const r = this.replay;
    clearProblem(this.replayForm, this.replayProblem);
    const names = this.names();
    const errors = {};
    names.forEach((name, i) => {
      if (!name) errors[`players.${i}`] = t('s66r_players_min');
    });
    if (names[0] && names[0].toLocaleLowerCase() === names[1].toLocaleLowerCase()) errors['players.1'] = t('name_duplicate');
    if (!r.trump) errors.trump = t('s66r_missing_trump');
    const plays = this.trickRows.plays();
    if (!plays.length) errors.plays = t('s66r_plays_empty');
    if (Object.keys(errors).length) {
      showProblem(this.replayForm, this.replayProblem, { errors });
      return;
    }
    const body = {
      game: 'sixtysix',
      variant: r.variant,
      players: names,
      leader: names.includes(r.leader) ? r.leader : names[1],
      trump: r.trump,
      plays,
    };
    if (r.melds.length) body.melds = this.replayMelds.body();
    if (r.closedBy) {
      body.closed_by = r.closedBy;
      body.closed_after = Number(r.closedAfter || 0);
    }
    if (r.claim) body.claim = r.claim;
    const button = this.replayForm.querySelector('[data-replay]');
    button.disabled = true;
    try {
      const { data } = await api.referee('hand', body);
      if (this.gone) return;
      Object.assign(r, { answer: data, question: body, sent: body, saved: false });
      this.renderResult();
      this.replayResult.scrollIntoView({ block: 'start' });
    } catch (err) {
      fail(this.replayForm, this.replayProblem, err);
    } finally {
      button.disabled = false;
    }
  }

  renderResult() {
    const answer = this.replay.answer;
    if (!answer) {
      replace(this.replayResult);
      return;
    }
    const ending = (answer.entry || {}).ended_by;
    replace(
      this.replayResult,
      replayAnswer(answer),
      ending ? h('p', { 'data-replay-ending': ending, text: t('s66r_ends', { ending: t(`s66_end_${ending}`) }) }) : null,
      this.offer(answer),
      precedent(this, 'hand', this.replay),
    );
  }

  /** A scorer who came from a match may enter a replayed deal that has ended: the plays themselves (T8), checked again by the match. */
  offer(answer) {
    const m = this.match;
    if (!m || m.access !== 'scorer' || m.state.finished) return null;
    const sent = this.replay.sent;
    const entry = answer.entry || {};
    if (!entry.ended_by || (!answer.legal && entry.ended_by !== 'renonce')) return h('p', { class: 'hint', text: t('s66r_enter_incomplete') });
    const same = sent.variant === (m.rules || {}).variant && m.players.every((n) => sent.players.includes(n));
    if (!same) return h('p', { class: 'hint', text: t('s66r_enter_mismatch') });
    return h('div', { class: 'actions' }, h('button', { type: 'button', class: 'primary', 'data-enter-hand': '', onclick: () => this.enterDeal(), text: t('s66r_enter') }));
  }

  async enterDeal() {
    let match = this.match;
    try {
      match = (await api.getMatch(this.id, this.token)).data;
    } catch {
      // enter against what we have; the form shows the server's answer
    }
    const sent = this.replay.sent;
    const entry = { trump: sent.trump, plays: sent.plays };
    for (const key of ['melds', 'closed_by', 'closed_after', 'claim']) if (key in sent) entry[key] = sent[key];
    handoffs.set(this.id, { seq: match.next_seq, entry });
    location.hash = `#/m/${encodeURIComponent(this.id)}/${encodeURIComponent(this.token)}`;
  }

  // ---- all of them --------------------------------------------------------------------

  async send(question, body, form, box, done) {
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    try {
      const { data } = await api.referee(question, body);
      if (!this.gone) done(data);
    } catch (err) {
      fail(form, box, err);
    } finally {
      button.disabled = false;
    }
  }
}

// ---- small parts -------------------------------------------------------------------

function reason(answer) {
  return h('p', {}, answer.rule ? [ruleLink(answer.rule), ' '] : null, linkRules(answer.reason || ''));
}

/** The cards of the hand by verdict: those that may be played together, those refused by the same reason together. */
function cardGroups(plays) {
  const groups = [];
  for (const play of plays) {
    const key = play.legal ? 'legal' : `${play.rule}|${play.code}|${play.reason}`;
    let group = groups.find((g) => g.key === key);
    if (!group) {
      group = { key, action: 'play', legal: play.legal, rule: play.rule, reason: play.reason, cards: [] };
      groups.push(group);
    }
    group.cards.push(play.card);
  }
  for (const group of groups) if (group.legal) group.reason = t('s66r_may_play', { n: group.cards.length });
  return groups.sort((a, b) => b.legal - a.legal);
}

/** One action (or cards alike) and its verdict: a tick or a cross (said in words too), what it is, the rule and why. */
function actionItem(action, what) {
  return h(
    'li',
    {
      class: ['s66-action', action.legal ? 'is-yes' : 'is-no'],
      'data-action': action.action,
      'data-legal': String(action.legal),
      'data-cards': action.cards ? action.cards.join(' ') : null,
      'data-suit': action.suit || null,
    },
    h('span', { class: 's66-action-what' },
      h('span', { class: 's66-mark', 'aria-hidden': 'true', text: action.legal ? '✓' : '✗' }),
      what,
      h('span', { class: 'vh', text: `: ${t(action.legal ? 's66r_allowed' : 's66r_refused')}` })),
    h('span', { class: 's66-action-why' }, action.rule ? [ruleLink(action.rule), ' '] : null, linkRules(action.reason || '')),
  );
}

/** "Forty in Hearts", "Exchange the Nine of Hearts", "Close the stock", "Claim 66". */
function actionName(action, trump) {
  if (action.action === 'marriage') {
    const key = action.suit === trump ? 's66r_do_forty' : 's66r_do_twenty';
    return [suitIcon(action.suit), t(key, { suit: suitName(action.suit) })];
  }
  if (action.action === 'exchange') return t('s66r_do_exchange', { card: cardName(action.card) });
  return t(action.action === 'close' ? 's66r_do_close' : 's66r_do_claim');
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

/** A yes-or-no as one big tile (a checkbox under its bordered label); `bare`: no error slot of its own. */
function toggle(field, label, get, set, { bare = false } = {}) {
  const id = uid('c');
  return h(
    'span',
    { class: 's66-tile s66-toggle', 'data-toggle': field },
    h('input', { type: 'checkbox', id, 'data-field': field, checked: get(), onchange: (e) => set(e.target.checked) }),
    h('label', { for: id }, h('span', { class: 's66-tile-title' }, label)),
    bare ? null : errorSlot(field, uid('e')),
  );
}
