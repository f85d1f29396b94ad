// What the referees of the trick games (Dreeg, Sixty-Six) share beyond the referee kit
// (referee-kit.js): the asker's hand and the card asked about (handGrid, cardChoice), the
// answer to "may I play this card?" (playVerdict), the tricks of a disputed hand typed or
// tapped card by card (TrickRows) and its replay drawn trick by trick with every broken rule
// where it happened (replayAnswer, showReplay). Each game's referee (games/<game>/referee.js)
// asks its own questions around them.

import { CardGrid, DECK, cardChip, cardCode, splitCards } from '../cards/german.js';
import { errorSlot, h, replace, uid } from '../dom.js';
import { sentences, t } from '../i18n.js';
import { ask, missing, precedent, reason, showVerdict, verdictWord, violationList } from '../referee-kit.js';

sentences('tricks.referee', {
  en: {
    ref_tab_play: 'May I play this card?',
    ref_hand: 'Your hand',
    ref_hand_empty: 'Tap the cards in your hand.',
    ref_card_missing: 'Pick the card you want to play.',
    ref_card: 'The card you want to play',
    ref_pick_hand_first: 'Pick your hand first.',
    ref_ask: 'Ask the referee',
    ref_legal_cards: 'Cards you may play:',
    ref_legal_none: 'none',
    ref_plays_empty: 'Enter the cards of at least one trick.',
    ref_tricks: 'Tricks in play order',
    ref_tricks_hint: 'Tap the cards below in play order, or type them: codes such as HA E10 GO, or names with commas: Eichel Ober, Herz Ass.',
    ref_trick_n: 'Trick {n}',
    ref_deck: 'Cards to tap in play order',
    ref_next_card: 'Next tap: trick {trick}, card {card}.',
    ref_tricks_full: 'Every trick is full.',
    ref_clear_tricks: 'Clear the tricks',
    ref_hand_legal: 'Every play was legal.',
    ref_hand_illegal: '{n} {n:rule was|rules were} broken.',
    ref_led_by: '{name} leads',
    ref_takes: '{name} takes it: {points} card {points:point|points}',
    ref_totals: 'Totals',
    ref_last_trick: 'Last trick: {name}',
    ref_col_player: 'Player',
    ref_col_points: 'Card points',
    ref_col_tricks: 'Tricks',
  },
  de: {
    ref_tab_play: 'Darf ich die Karte spielen?',
    ref_hand: 'Deine Hand',
    ref_hand_empty: 'Tipp die Karten auf deiner Hand an.',
    ref_card_missing: 'Wähl die Karte, die du spielen willst.',
    ref_card: 'Die Karte, die du spielen willst',
    ref_pick_hand_first: 'Erst deine Hand wählen.',
    ref_ask: 'Schiedsrichter fragen',
    ref_legal_cards: 'Diese Karten darfst du spielen:',
    ref_legal_none: 'keine',
    ref_plays_empty: 'Mindestens einen Stich eingeben.',
    ref_tricks: 'Stiche in Spielreihenfolge',
    ref_tricks_hint: 'Unten die Karten in Spielreihenfolge antippen oder eintippen: Kürzel wie HA E10 GO oder Namen mit Komma: Eichel Ober, Herz Ass.',
    ref_trick_n: 'Stich {n}',
    ref_deck: 'Karten in Spielreihenfolge antippen',
    ref_next_card: 'Nächstes Antippen: Stich {trick}, Karte {card}.',
    ref_tricks_full: 'Alle Stiche sind voll.',
    ref_clear_tricks: 'Stiche leeren',
    ref_hand_legal: 'Alles regelgerecht gespielt.',
    ref_hand_illegal: '{n} {n:Regelverstoß|Regelverstöße}.',
    ref_led_by: '{name} spielt aus',
    ref_takes: '{name} sticht: {points} {points:Auge|Augen}',
    ref_totals: 'Summen',
    ref_last_trick: 'Letzter Stich: {name}',
    ref_col_player: 'Spieler',
    ref_col_points: 'Augen',
    ref_col_tricks: 'Stiche',
  },
});

/**
 * The tricks of a hand as rows of cards (typed: codes or names; or tapped on the deck below,
 * in play order), one row per trick. `state` holds what was typed: `rows` (a string per trick)
 * and `current` (the row the next tap goes to), so a re-render or a change of language loses
 * nothing.
 */
export class TrickRows {
  /**
   * @param {{rows: string[], current: number}} state
   * @param {{perTrick: () => number, changed: () => void, announce: (text: string) => void,
   *   playable?: (card: string) => boolean}} options `perTrick`: cards in a trick; `playable`:
   *   whether a card is in this game's deck (Schnapsen has no nines)
   */
  constructor(state, { perTrick, changed, announce, playable = () => true }) {
    this.state = state;
    this.perTrick = perTrick;
    this.changed = changed;
    this.announce = announce;
    this.playable = playable;
    this.rowList = h('div', { class: 'trick-rows', 'data-rows': '' });
    this.nextCard = h('p', { class: 'hint', 'aria-live': 'polite', 'data-next-card': '' });
    this.deckGrid = new CardGrid({
      label: t('ref_deck'),
      field: 'deck',
      look: (c) => ({ pressed: this.rowOf(c) >= 0, disabled: this.rowOf(c) < 0 && !this.playable(c) }),
      onpick: (c) => this.pick(c),
    });
    this.el = h(
      'fieldset',
      {},
      h('legend', { text: t('ref_tricks') }),
      h('p', { class: 'hint', text: t('ref_tricks_hint') }),
      this.rowList,
      errorSlot('plays', uid('e')),
      this.nextCard,
      this.deckGrid.el,
      h('div', { class: 'actions' }, h('button', { type: 'button', class: 'secondary', 'data-clear-rows': '', onclick: () => this.clear(), text: t('ref_clear_tricks') })),
    );
    this.render();
  }

  /** Rows for `count` tricks; rows already typed stay. Returns whether the rows changed. */
  fit(count) {
    const s = this.state;
    const filled = s.rows.reduce((last, row, i) => (row.trim() ? i + 1 : last), 0);
    const size = Math.max(count, filled);
    if (size === s.rows.length) return false;
    s.rows = Array.from({ length: size }, (_, i) => s.rows[i] || '');
    s.current = Math.min(s.current, size - 1);
    this.render();
    return true;
  }

  render() {
    const s = this.state;
    this.inputs = s.rows.map((value, i) => {
      const id = uid('trick');
      return h('input', {
        id,
        type: 'text',
        value,
        autocomplete: 'off',
        autocapitalize: 'characters',
        spellcheck: 'false',
        'data-field': `plays.${i}`,
        'aria-describedby': `${id}-e`,
        onfocus: () => {
          s.current = i;
          this.refresh();
        },
        oninput: (e) => {
          s.rows[i] = e.target.value;
          this.changed();
        },
      });
    });
    replace(
      this.rowList,
      this.inputs.map((input, i) =>
        h(
          'div',
          { class: 'trick-row', 'data-trick-row': i },
          h('label', { for: input.id, text: t('ref_trick_n', { n: i + 1 }) }),
          input,
          errorSlot(`plays.${i}`, `${input.id}-e`),
        ),
      ),
    );
    this.refresh();
  }

  /** The deck's marks, the next tap's place, the current row. */
  refresh() {
    const s = this.state;
    this.deckGrid.update();
    const count = splitCards(s.rows[s.current] || '').length;
    const full = count >= this.perTrick() && s.current === s.rows.length - 1;
    this.nextCard.textContent = full ? t('ref_tricks_full') : t('ref_next_card', { trick: s.current + 1, card: count + 1 });
    for (const [i, input] of this.inputs.entries()) input.closest('.trick-row').classList.toggle('is-current', i === s.current);
  }

  /** The trick row a card was typed or tapped into, or -1. */
  rowOf(card) {
    return this.state.rows.findIndex((row) => splitCards(row).some((x) => cardCode(x) === card));
  }

  setRow(i, cards, sep) {
    this.state.rows[i] = cards.join(sep);
    this.inputs[i].value = this.state.rows[i];
  }

  /** A tap on the deck: a card not yet played goes to the current trick, a played one comes out. */
  pick(card) {
    const s = this.state;
    const at = this.rowOf(card);
    const sep = (row) => (/[,;]/.test(row) ? ', ' : ' ');
    if (at >= 0) {
      this.setRow(at, splitCards(s.rows[at]).filter((x) => cardCode(x) !== card), sep(s.rows[at]));
      s.current = at;
    } else {
      const per = this.perTrick();
      let i = s.current;
      while (i < s.rows.length && splitCards(s.rows[i]).length >= per) i += 1;
      if (i >= s.rows.length) {
        this.announce(t('ref_tricks_full'));
        return;
      }
      const cards = [...splitCards(s.rows[i]), card];
      this.setRow(i, cards, sep(s.rows[i]));
      s.current = cards.length >= per && i + 1 < s.rows.length ? i + 1 : i;
    }
    this.changed();
  }

  clear() {
    const s = this.state;
    s.rows = s.rows.map(() => '');
    s.current = 0;
    this.render();
    this.changed();
  }

  /** The tricks typed, up to the last row with a card in it: [[card, ...], ...]. */
  plays() {
    const rows = this.state.rows;
    const last = rows.reduce((at, row, i) => (row.trim() ? i : at), -1);
    return rows.slice(0, last + 1).map(splitCards);
  }
}

/** A replayed hand (POST /api/referee/hand): the verdict, every trick with who took it and what broke, the totals. */
export function replayAnswer(answer) {
  const loose = (answer.violations || []).filter((v) => !v.trick);
  const totals = answer.totals || {};
  const points = totals.points || {};
  return [
    h('p', {
      class: ['verdict-banner', answer.legal ? 'is-yes' : 'is-no'],
      role: 'status',
      'data-hand-legal': String(answer.legal),
      text: answer.legal ? t('ref_hand_legal') : t('ref_hand_illegal', { n: (answer.violations || []).length }),
    }),
    loose.length ? violationList(loose) : null,
    h(
      'ol',
      { class: 'trick-list' },
      (answer.tricks || []).map((trick) =>
        h(
          'li',
          { class: ['trick', (trick.violations || []).length && 'has-violation'], 'data-trick': trick.number },
          h('h3', {}, t('ref_trick_n', { n: trick.number }), ' ', h('span', { class: 'hint', text: t('ref_led_by', { name: trick.leader }) })),
          h(
            'ul',
            { class: 'plays' },
            trick.cards.map((play) =>
              h('li', { class: play.player === trick.winner && 'is-winner' }, h('span', { class: 'play-name', text: play.player }), cardChip(play.card)),
            ),
          ),
          h('p', { class: 'trick-winner', text: t('ref_takes', { name: trick.winner, points: trick.points }) }),
          (trick.violations || []).length ? violationList(trick.violations) : null,
        ),
      ),
    ),
    h('h3', { text: t('ref_totals') }),
    h(
      'table',
      { class: 'totals' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('ref_col_player') }), h('th', { scope: 'col', text: t('ref_col_points') }), h('th', { scope: 'col', text: t('ref_col_tricks') }))),
      h(
        'tbody',
        {},
        Object.keys(points).map((name) =>
          h('tr', { 'data-total': name }, h('th', { scope: 'row', text: name }), h('td', { text: String(points[name]) }), h('td', { text: String((totals.tricks || {})[name] ?? 0) })),
        ),
      ),
    ),
    totals.last_trick ? h('p', { text: t('ref_last_trick', { name: totals.last_trick }) }) : null,
  ];
}

/**
 * "May I play this card?" answered in `box`: yes or no with the card, the rule and why, the
 * cards that may be played, and (for a scorer from a match) keeping it as precedent.
 * @param {{answer: object|null, asked?: string}} ask what was asked and answered
 */
export function playVerdict(view, box, ask) {
  showVerdict(box, ask.answer, (answer) => {
    const legal = answer.legal_cards || [];
    return [
      verdictWord(answer, ' ', cardChip(ask.asked)),
      reason(answer),
      h('p', { class: 'legal-cards' }, t('ref_legal_cards'), ' ', legal.length ? legal.map((c) => cardChip(c, 'is-legal')) : t('ref_legal_none')),
      precedent(view, 'play', ask),
    ];
  });
}

/** The hand's cards to choose the one asked about, and the verdict, drawn again for a "may I play" panel. */
export function refreshPlay(panel) {
  const a = panel.view.ask;
  cardChoice(panel.cardChoice, { deck: DECK, ask: a, hint: t('ref_pick_hand_first'), changed: () => panel.refresh() });
  playVerdict(panel.view, panel.verdict, a);
}

/**
 * "May I play this card?" asked from a panel: what is missing named at its fields (the game's
 * own `errors` first, then the hand and the card), else `body()` sent and the answer shown.
 */
export async function askPlay(panel, errors, body) {
  const a = panel.view.ask;
  if (!a.hand.size) errors.hand = t('ref_hand_empty');
  if (!a.card) errors.card = t('ref_card_missing');
  if (missing(panel.form, panel.problem, errors)) return;
  await ask(panel, 'play', body(), { state: a, shown: panel.verdict, keep: { asked: a.card } });
}

/**
 * The asker's hand as a grid: a tap takes a card in or out (a card taken out is no longer the
 * one asked about), each marked once answered; `disabled(card)`: what cannot be in it.
 */
export function handGrid(ask, { label, disabled, changed }) {
  return new CardGrid({
    label,
    field: 'hand',
    look: (c) => ({ pressed: ask.hand.has(c), disabled: disabled(c), mark: legalMark(ask, c) }),
    onpick: (c) => {
      if (ask.hand.has(c)) ask.hand.delete(c);
      else ask.hand.add(c);
      if (!ask.hand.has(ask.card)) ask.card = '';
      changed();
    },
  });
}

/**
 * A disputed hand asked from a replay panel: what is missing named at its fields (the game's
 * own `errors` first, then the tricks), else sent and the answer shown in the panel's
 * `result`. The question is the `hand` (its players, who led, the trump), the tricks typed and
 * what the game asks besides (`more()`: its game, sub-game or variant, marriages, a claim …);
 * `problem` as ask's.
 */
export async function askReplay(panel, errors, hand, more, problem = undefined) {
  const plays = panel.trickRows.plays();
  if (!plays.length) errors.plays = t('ref_plays_empty');
  if (missing(panel.form, panel.problem, errors)) return;
  const question = { ...more(), ...hand, plays };
  await ask(panel, 'hand', question, { state: panel.view.replay, shown: panel.result, block: 'start', keep: { sent: question }, problem });
}

/** A replay's answer in `box` (empty without one): the tricks, what the game adds, the offer to enter it, keeping it. */
export function showReplay(view, box, replay, ...more) {
  if (!replay.answer) {
    replace(box);
    return;
  }
  replace(box, replayAnswer(replay.answer), more, precedent(view, 'hand', replay));
}

/**
 * How the referee's answer marks a card of the asker's hand ("may I play this card?"): legal,
 * illegal, or nothing (not asked yet, or not in the hand).
 * @param {{hand: Set<string>, answer: object|null}} ask
 */
export function legalMark(ask, card) {
  if (!ask.answer || !ask.hand.has(card)) return '';
  return (ask.answer.legal_cards || []).includes(card) ? 'legal' : 'illegal';
}

/**
 * The cards of the hand in `deck` order, to choose the one asked about, each marked once
 * answered (legalMark); choosing one forgets the answer and calls `changed`. `hint` stands
 * there while the hand is empty.
 */
export function cardChoice(container, { deck, ask, hint, changed }) {
  keepFocus(container, () => replace(
    container,
    ask.hand.size
      ? deck.filter((c) => ask.hand.has(c)).map((c) => h(
        'button',
        {
          type: 'button',
          class: ['card-button', legalMark(ask, c) && `is-${legalMark(ask, c)}`],
          'aria-pressed': String(ask.card === c),
          'data-card': c,
          onclick: () => {
            ask.card = c;
            ask.answer = null;
            changed();
          },
        },
        cardChip(c),
      ))
      : h('p', { class: 'hint', text: hint }),
  ));
}

/** Re-render a group of card buttons without losing the focus on the one that was pressed. */
export function keepFocus(container, render) {
  const focused = container.contains(document.activeElement) ? document.activeElement.dataset.card : null;
  render();
  if (focused) {
    const again = container.querySelector(`[data-card="${focused}"]`);
    if (again) again.focus();
  }
}
