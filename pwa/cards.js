// Cards of the 24-card deck in RULES.md notation (HA, E10, GO): names in both languages,
// typed codes read back, and the two pickers: a single card as suit + rank buttons, and
// the whole deck as a grid of toggles (a hand, a trick, a hand played trick by trick).

import { h, uid } from './dom.js';
import { suitName, t } from './i18n.js';
import { SUITS, suitIcon } from './suits.js';

export const RANKS = ['A', '10', 'K', 'O', 'U', '9'];
export const DECK = SUITS.flatMap((suit) => RANKS.map((rank) => suit + rank));

// French suit letters and rank aliases the server accepts too (RULES.md).
const SUIT_ALIAS = { D: 'S', C: 'E', L: 'G' };
const RANK_ALIAS = { Q: 'O', J: 'U', X: '10' };

/** 'ha' → 'HA', 'eq' → 'EO', 'c10' → 'E10'; null for anything else (a name goes to the server as typed). */
export function cardCode(text) {
  const m = /^([HSEGDCL])(10|[AKOQUJ9X])$/i.exec(String(text).trim());
  if (!m) return null;
  const suit = m[1].toUpperCase();
  const rank = m[2].toUpperCase();
  return (SUIT_ALIAS[suit] || suit) + (RANK_ALIAS[rank] || rank);
}

export const cardSuit = (code) => code.charAt(0);
export const cardRank = (code) => code.slice(1);
export const rankName = (rank) => t(`rank_${rank}`);

/** "Herz-Sau" / "Ace of Hearts". */
export function cardName(code) {
  const plain = cardCode(code);
  if (!plain) return String(code);
  return t('card_name', { suit: suitName(cardSuit(plain)), rank: rankName(cardRank(plain)) });
}

/** Typed cards: "HA E10 GO" (spaces), or names with commas: "Eichel Ober, Herz Sau". */
export function splitCards(text) {
  const parts = /[,;]/.test(text) ? text.split(/[,;]/) : text.split(/\s+/);
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** A card shown small: its suit symbol and rank, with its full name for screen readers. */
export function cardChip(code, cls) {
  const plain = cardCode(code);
  if (!plain) return h('span', { class: ['card-chip', cls], text: String(code) });
  return h(
    'span',
    { class: ['card-chip', cls], 'data-chip': plain },
    suitIcon(cardSuit(plain)),
    h('span', { 'aria-hidden': 'true', text: cardRank(plain) }),
    h('span', { class: 'vh', text: cardName(plain) }),
  );
}

/**
 * One card as two rows of radio buttons: the suit, then the rank (Rufen's called card).
 * Inside a form, read it with pickedCard(form, name).
 */
export function cardRadios({ name, field, legend, describedBy }) {
  const radio = (group, value, content) => {
    const id = uid('c');
    return h(
      'span',
      { class: 'suit-choice' },
      h('input', { type: 'radio', id, name: `${name}_${group}`, value, 'data-field': field, 'aria-describedby': describedBy }),
      h('label', { for: id }, content),
    );
  };
  return h(
    'fieldset',
    { class: 'card-radios', 'data-card-radios': name },
    h('legend', { text: legend }),
    h('div', { class: 'suit-buttons' }, SUITS.map((suit) => radio('suit', suit, [suitIcon(suit), h('span', { text: suitName(suit) })]))),
    h(
      'div',
      { class: 'rank-buttons' },
      RANKS.map((rank) => radio('rank', rank, [h('b', { text: rank }), h('small', { text: rankName(rank) })])),
    ),
  );
}

/** The card picked with cardRadios, or '' while suit or rank is missing. */
export function pickedCard(form, name) {
  const suit = form.querySelector(`input[name="${name}_suit"]:checked`);
  const rank = form.querySelector(`input[name="${name}_rank"]:checked`);
  return suit && rank ? suit.value + rank.value : '';
}

export function setPickedCard(form, name, code) {
  const plain = cardCode(code || '') || '';
  for (const input of form.querySelectorAll(`input[name="${name}_suit"], input[name="${name}_rank"]`)) {
    input.checked = input.name.endsWith('_suit') ? input.value === cardSuit(plain) : input.value === cardRank(plain);
  }
}

/**
 * The deck as 24 toggle buttons, a row per suit. look(code) says how each card is shown:
 * {pressed, disabled, mark: 'legal' | 'illegal' | ''}; onpick(code) is called on a tap.
 */
export class CardGrid {
  constructor({ label, onpick, look, field }) {
    this.look = look;
    this.buttons = DECK.map((code) =>
      h(
        'button',
        { type: 'button', class: 'card-button', 'data-card': code, 'aria-pressed': 'false', onclick: () => onpick(code) },
        suitIcon(cardSuit(code)),
        h('span', { 'aria-hidden': 'true', text: cardRank(code) }),
        h('span', { class: 'vh', text: cardName(code) }),
      ),
    );
    this.el = h('div', { class: 'card-grid', role: 'group', tabindex: -1, 'aria-label': label, 'data-field': field }, this.buttons);
    this.update();
  }

  update() {
    for (const button of this.buttons) {
      const how = this.look(button.dataset.card) || {};
      button.setAttribute('aria-pressed', String(Boolean(how.pressed)));
      button.disabled = Boolean(how.disabled);
      button.classList.toggle('is-legal', how.mark === 'legal');
      button.classList.toggle('is-illegal', how.mark === 'illegal');
    }
  }
}
