// What the referees of the trick games (Dreeg, Sixty-Six) share: the tricks of a disputed
// hand typed or tapped card by card (TrickRows), its replay drawn trick by trick with every
// broken rule where it happened (replayAnswer), and a ruling kept with the match as
// precedent (precedent). Each game's referee (games/<game>/referee.js) asks its own
// questions around them.

import { ApiError, NetworkError, api } from '../api.js';
import { CardGrid, cardChip, cardCode, splitCards } from '../cards/german.js';
import { errorSlot, h, linkRules, randomKey, replace, ruleLink, showProblem, uid } from '../dom.js';
import { sentences, t } from '../i18n.js';

sentences('tricks.referee', {
  en: {
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

export function violationList(violations) {
  return h(
    'ul',
    { class: 'violations' },
    violations.map((v) => h('li', {}, v.rule ? [ruleLink(v.rule), ' '] : null, linkRules(v.reason || v.code || ''))),
  );
}

/**
 * Opened from a match as its scorer: keep this ruling with the match, with a note.
 * @param {{match: object|null, id: string, token: string, announce: Function}} view the referee
 * @param {string} kind the question (play, hand …)
 * @param {{question?: object, saved?: boolean}} what the question asked and whether it was kept
 */
export function precedent(view, kind, what) {
  if (!view.match || view.match.access !== 'scorer' || !what.question) return null;
  if (what.saved) return h('p', { role: 'status', 'data-saved': '', text: t('prec_saved') });
  const id = uid('f');
  const note = h('input', { id, type: 'text', maxlength: 200, 'data-field': 'note' });
  const box = h('div', { class: 'precedent', 'data-precedent': kind });
  const key = randomKey();
  const save = async () => {
    const body = { kind, question: what.question };
    if (note.value.trim()) body.note = note.value.trim();
    try {
      await api.saveRuling(view.id, view.token, body, key);
      what.saved = true;
      replace(box, h('p', { role: 'status', 'data-saved': '', text: t('prec_saved') }));
    } catch (err) {
      view.announce(err instanceof ApiError ? err.message : t('ref_offline'));
    }
  };
  box.append(h('label', { for: id, text: t('prec_note') }), note, h('button', { type: 'button', class: 'secondary', 'data-save-precedent': '', onclick: save, text: t('prec_save') }));
  return box;
}

/** A referee's request that failed: the server's problem at its fields, or "offline". */
export function fail(form, box, err) {
  if (err instanceof ApiError) showProblem(form, box, err.problem);
  else if (err instanceof NetworkError) showProblem(form, box, { detail: t('ref_offline') });
  else throw err;
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
