// The German pack of Dreeg and Sixty-Six in RULES.md notation (HA, E10, GO): the cards'
// names in both languages and the notation for typed cards both come from the engine
// (/shared.js), so the phone reads "Eichel Ober" or "Queen of Spades" as the server does;
// and the pickers: a suit (buttons with the suit's symbol), a single card as suit + rank
// buttons, and the whole deck as a grid of toggles (a hand, a trick, a hand trick by trick).

import { NOTATION } from '../shared.js';
import { h, s, uid } from '../dom.js';
import { suitName, t } from '../i18n.js';

export const SUITS = ['H', 'S', 'E', 'G'];
export const RANKS = ['A', '10', 'K', 'O', 'U', '9'];
export const DECK = SUITS.flatMap((suit) => RANKS.map((rank) => suit + rank));

const WORDS = NOTATION.german;
const SEPARATORS = /[\s\-_/]+|\bOF\b|\bVON\b/;

/** 'ha' → 'HA', 'eq' → 'EO', 'c10' → 'E10', 'Eichel Ober' → 'EO', 'Queen of Spades' → 'GO'; null otherwise. */
export function cardCode(text) {
  const norm = String(text).normalize('NFC').trim().toUpperCase();
  const compact = /^(\S)(10|\S)$/.exec(norm);
  if (compact && WORDS.suits[compact[1]] && WORDS.ranks[compact[2]]) {
    return WORDS.suits[compact[1]] + WORDS.ranks[compact[2]];
  }
  const words = norm.split(SEPARATORS).filter(Boolean);
  if (words.length !== 2) return null;
  for (const [suit, rank] of [words, [words[1], words[0]]]) {
    if (WORDS.suits[suit] && WORDS.ranks[rank]) return WORDS.suits[suit] + WORDS.ranks[rank];
  }
  return null;
}

export const cardSuit = (code) => code.charAt(0);
export const cardRank = (code) => code.slice(1);
export const rankName = (rank) => t(`rank_${rank}`);

/** "Herz-Ass" / "Ace of Hearts". */
export function cardName(code) {
  const plain = cardCode(code);
  if (!plain) return String(code);
  return t('card_name', { suit: suitName(cardSuit(plain)), rank: rankName(cardRank(plain)) });
}

/** A card as a sentence names it: {nameIn(lang)} for t() parameters. */
export const named = (code) => ({ nameIn: () => cardName(code) });

/** Typed cards: "HA E10 GO" (spaces), or names with commas: "Eichel Ober, Herz Ass". */
export function splitCards(text) {
  const parts = /[,;]/.test(text) ? text.split(/[,;]/) : text.split(/\s+/);
  return parts.map((part) => part.trim()).filter(Boolean);
}

const SHAPES = {
  // Herz: a heart
  H: () => [s('path', { d: 'M12 21C5 15.2 2 11.8 2 8.2a4.6 4.6 0 0 1 10-1.7 4.6 4.6 0 0 1 10 1.7c0 3.6-3 7-10 12.8z' })],
  // Schellen: a round bell with its band and slit
  S: () => [
    s('circle', { cx: 12, cy: 12.5, r: 8.5 }),
    s('path', { class: 'cut', d: 'M4 10.5h16M12 15.5v5' }),
    s('circle', { class: 'cut', cx: 12, cy: 15.5, r: 1.6 }),
  ],
  // Eichel: an acorn with its cap
  E: () => [
    s('ellipse', { cx: 12, cy: 14.5, rx: 5.6, ry: 7 }),
    s('path', { class: 'cap', d: 'M5.2 11.5a6.8 5.6 0 0 1 13.6 0zM12 5.5V2' }),
  ],
  // Grün / Laub: a leaf with its rib
  G: () => [
    s('path', { d: 'M12 1.8C4.5 7.5 4 15 12 22.2 20 15 19.5 7.5 12 1.8z' }),
    s('path', { class: 'cut', d: 'M12 5v16' }),
  ],
};

/** A suit symbol; decorative (aria-hidden) because a text name always goes with it. */
export function suitIcon(code) {
  return s(
    'svg',
    { viewBox: '0 0 24 24', class: `suit suit-${code}`, 'aria-hidden': 'true', focusable: 'false' },
    (SHAPES[code] || (() => []))(),
  );
}

/** What a card shows and says: its suit symbol and rank, then its full name for screen readers
 * ("A, Herz-Ass"): a name that starts with what is shown (WCAG 2.5.3, label in name; the deck's
 * buttons say it in their aria-label). */
function face(plain) {
  return [suitIcon(cardSuit(plain)), h('span', {}, cardRank(plain), h('span', { class: 'vh', text: `, ${cardName(plain)}` }))];
}

/** A card shown small: its suit symbol and rank, with its full name for screen readers. */
export function cardChip(code, cls) {
  const plain = cardCode(code);
  if (!plain) return h('span', { class: ['card-chip', cls], text: String(code) });
  return h('span', { class: ['card-chip', cls], 'data-chip': plain }, face(plain));
}

/** The four suits as radio buttons named `name` (with an optional "none" first). */
export function suitRadios({ name, field, legend, none, get = () => '', set = () => {}, hint }) {
  const choice = (value, content) => {
    const id = uid('f');
    return h(
      'span',
      { class: ['suit-choice', !value && 'no-trump'] },
      h('input', { type: 'radio', id, name, value, 'data-field': field, checked: get() === value, onchange: () => set(value) }),
      h('label', { for: id }, content),
    );
  };
  return h(
    'fieldset',
    { class: 'trump-set' },
    h('legend', { text: legend }),
    hint ? h('p', { class: 'hint', text: hint }) : null,
    h(
      'div',
      { class: 'suit-buttons' },
      none ? choice('', h('span', { text: none })) : null,
      SUITS.map((code) => choice(code, [suitIcon(code), h('span', { text: suitName(code) })])),
    ),
  );
}

/** Lock a suitRadios fieldset to one suit (Rufen: the called card's suit is trumps). */
export function lockSuit(fieldset, suit) {
  for (const radio of fieldset.querySelectorAll('input')) {
    radio.disabled = Boolean(suit) && radio.value !== suit;
    if (suit) radio.checked = radio.value === suit;
  }
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
      h('button', {
        type: 'button', class: 'card-button', 'data-card': code, 'aria-pressed': 'false', 'aria-label': `${cardRank(code)}, ${cardName(code)}`,
        onclick: () => onpick(code),
      }, suitIcon(cardSuit(code)), h('span', { text: cardRank(code) })),
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
