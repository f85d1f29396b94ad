// The Cego pack of Dreierles (RULES.md R25, docs/dreierles.md): 22 trumps T1 (Pfeif) … T21
// and TS (Stieß); the suits C Kreuz, S Pik, H Herz, D Karo, each K D R B (König, Dame,
// Reiter, Bube) and four low cards (hearts and diamonds 1-4, clubs and spades 10-7). Names
// come from the engine's shared sentences (codes starting cego_, in /shared.js) and fall
// back to this file's own (cg_) on a server without them; typed names are read with
// NOTATION.cego as the server reads them. R26's count in threes is here too, so a phone
// without network still shows what a pile is worth (the server counts again).

import { NOTATION } from '../shared.js';
import { h } from '../dom.js';
import { has, sentences, t } from '../i18n.js';

export const TRUMPS = [...Array.from({ length: 21 }, (_, i) => `T${i + 1}`), 'TS'];
export const SUITS = ['C', 'S', 'H', 'D'];
export const FACES = ['K', 'D', 'R', 'B'];
const LOW = { C: ['10', '9', '8', '7'], S: ['10', '9', '8', '7'], H: ['1', '2', '3', '4'], D: ['1', '2', '3', '4'] };
export const DECK = [...TRUMPS, ...SUITS.flatMap((suit) => [...FACES, ...LOW[suit]].map((rank) => suit + rank))];
const IN_DECK = new Set(DECK);
const VALUES = { T1: 5, T21: 5, TS: 5, K: 5, D: 4, R: 3, B: 2 };
const SYMBOLS = { C: '♣', S: '♠', H: '♥', D: '♦' };

sentences('cards.cego.phone', {
  en: {
    cg_suit_T: 'Trumps',
    cg_suit_C: 'Clubs',
    cg_suit_S: 'Spades',
    cg_suit_H: 'Hearts',
    cg_suit_D: 'Diamonds',
    cg_rank_K: 'King',
    cg_rank_D: 'Queen',
    cg_rank_R: 'Knight',
    cg_rank_B: 'Jack',
    cg_card_name: '{rank} of {suit}',
    cg_trump_n: 'Trump {n}',
    cg_pfeif: 'Pfeif (trump 1)',
    cg_stiess: 'Stieß (the top trump)',
    cg_short_K: 'K',
    cg_short_D: 'Q',
    cg_short_R: 'Kn',
    cg_short_B: 'J',
    cg_short_TS: 'Stieß',
  },
  de: {
    cg_suit_T: 'Trumpf',
    cg_suit_C: 'Kreuz',
    cg_suit_S: 'Pik',
    cg_suit_H: 'Herz',
    cg_suit_D: 'Karo',
    cg_rank_K: 'König',
    cg_rank_D: 'Dame',
    cg_rank_R: 'Reiter',
    cg_rank_B: 'Bube',
    cg_card_name: '{suit}-{rank}',
    cg_trump_n: 'Trumpf {n}',
    cg_pfeif: 'Pfeif',
    cg_stiess: 'Stieß',
    cg_short_K: 'K',
    cg_short_D: 'D',
    cg_short_R: 'R',
    cg_short_B: 'B',
    cg_short_TS: 'Stieß',
  },
});

/** The engine's sentence (cego_…) when /shared.js has it, else this file's (cg_…). */
const say = (key, params) => t(has(`cego_${key}`) ? `cego_${key}` : `cg_${key}`, params);

export const isTrump = (code) => code.charAt(0) === 'T';
export const cardSuit = (code) => (isTrump(code) ? 'T' : code.charAt(0));
export const cardRank = (code) => code.slice(1);
export const suitName = (suit) => say(`suit_${suit}`);
export const suitSymbol = (suit) => SYMBOLS[suit] || '';
/** R25: Pfeif, 21, Stieß and King 5, Dame 4, Reiter 3, Bube 2, everything else 0. */
export const cardValue = (code) => (isTrump(code) ? VALUES[code] : VALUES[cardRank(code)]) || 0;

/** "Pfeif", "Trumpf 13", "Stieß", "Herz-Dame" / "Queen of Hearts", "Kreuz-Zehn" / "Ten of Clubs". */
export function cardName(code) {
  if (!IN_DECK.has(code)) return String(code);
  if (code === 'T1') return say('pfeif');
  if (code === 'TS') return say('stiess');
  if (isTrump(code)) return say('trump_n', { n: cardRank(code) });
  const rank = cardRank(code);
  const named = FACES.includes(rank) || has(`cego_rank_${rank}`);
  return say('card_name', { suit: suitName(cardSuit(code)), rank: named ? say(`rank_${rank}`) : rank });
}

/** The card as a grid or a list shows it: "13", "Stieß", "♥D" / "♥Q", "♣10". */
export function shortName(code) {
  if (!IN_DECK.has(code)) return String(code);
  if (code === 'TS') return t('cg_short_TS');
  if (isTrump(code)) return cardRank(code);
  const rank = cardRank(code);
  return suitSymbol(cardSuit(code)) + (FACES.includes(rank) ? t(`cg_short_${rank}`) : rank);
}

// ---- typed names -------------------------------------------------------------------

const WORDS = NOTATION.cego || {};
const SUIT_WORDS = {
  KREUZ: 'C', CLUBS: 'C', CLUB: 'C', PIK: 'S', SCHIPPE: 'S', SPADES: 'S', SPADE: 'S',
  HERZ: 'H', HEARTS: 'H', HEART: 'H', KARO: 'D', DIAMONDS: 'D', DIAMOND: 'D',
  ...(WORDS.suits || {}),
};
const RANK_WORDS = {
  KÖNIG: 'K', KOENIG: 'K', KING: 'K', DAME: 'D', QUEEN: 'D', Q: 'D', REITER: 'R', KNIGHT: 'R',
  CAVALIER: 'R', RITTER: 'R', BUBE: 'B', JACK: 'B', J: 'B', BAUER: 'B', K: 'K', D: 'D', R: 'R', B: 'B',
  ...(WORDS.ranks || {}),
};
const TRUMP_WORDS = {
  PFEIF: 'T1', GSTIESS: 'TS', GSTIES: 'TS', STIESS: 'TS', SKÜS: 'TS', SKUS: 'TS', EXCUSE: 'TS',
  ...(WORDS.trumps || {}),
};
const TRUMP_PREFIX = /^(?:T|TRUMPF|TRUMP|TRUMPS)[\s-]*(\d{1,2})$/;

/** "T13", "ts", "Trumpf 13", "13", "Pfeif", "Stieß", "HD", "Kreuz König", "Queen of Hearts", "Karo 3" → code; null otherwise. */
export function cardCode(text) {
  const norm = String(text).normalize('NFC').trim().toUpperCase().replace(/\s+/g, ' ');
  if (IN_DECK.has(norm)) return norm;
  if (TRUMP_WORDS[norm]) return TRUMP_WORDS[norm];
  const trump = TRUMP_PREFIX.exec(norm) || /^(\d{1,2})$/.exec(norm);
  if (trump) return IN_DECK.has(`T${Number(trump[1])}`) ? `T${Number(trump[1])}` : null;
  const words = norm.split(/[\s\-_/]+|\bOF\b|\bVON\b/).filter(Boolean);
  if (words.length !== 2) return null;
  for (const [suit, rank] of [words, [words[1], words[0]]]) {
    const code = SUIT_WORDS[suit] && (SUIT_WORDS[suit] + (RANK_WORDS[rank] || rank));
    if (code && IN_DECK.has(code)) return code;
  }
  return null;
}

/**
 * A typed pile: "TS T21 HK", "Pfeif, Kreuz König, Trumpf 13" or "Kreuz König Pfeif":
 * {cards: [code], bad: [text]}. Without commas, the longest run of words that names a card wins.
 */
export function parsePile(text) {
  const cards = [];
  const bad = [];
  for (const part of String(text).split(/[,;]/).map((p) => p.trim()).filter(Boolean)) {
    const words = part.split(/\s+/);
    for (let i = 0; i < words.length;) {
      let took = 0;
      for (let n = Math.min(4, words.length - i); n > 0 && !took; n -= 1) {
        const code = cardCode(words.slice(i, i + n).join(' '));
        if (code) {
          cards.push(code);
          took = n;
        }
      }
      if (!took) {
        bad.push(words[i]);
        took = 1;
      }
      i += took;
    }
  }
  return { cards, bad };
}

// ---- counting in threes (R26) --------------------------------------------------------

/** A pile's thirds: a counter is worth its value − 2/3, a blank 1/3. */
export const thirds = (cards) => cards.reduce((sum, c) => sum + (cardValue(c) ? 3 * cardValue(c) - 2 : 1), 0);
/** Thirds to points: x 1/3 rounds down, x 2/3 up. */
export const pointsOf = (n) => Math.round(n / 3);
/** "23⅓", "41", "⅔". */
export function exact(n) {
  const whole = Math.floor(n / 3);
  const rest = ['', '⅓', '⅔'][n % 3];
  return whole || !rest ? `${whole}${rest}` : rest;
}

// ---- showing and picking ---------------------------------------------------------------

/** A card shown small: its short name, with the full name for screen readers. */
export function cardChip(code, cls) {
  const suit = cardSuit(code);
  return h(
    'span',
    { class: ['cego-chip', `cego-${suit}`, cls], 'data-chip': code },
    h('span', { 'aria-hidden': 'true', text: shortName(code) }),
    h('span', { class: 'vh', text: cardName(code) }),
  );
}

/**
 * The 54 cards as toggles: the trumps 1-21 and the Stieß, then a block per suit (faces,
 * then the low cards). look(code) → {pressed, disabled}; onpick(code) on a tap.
 */
export class CegoGrid {
  constructor({ label, onpick, look, field }) {
    this.look = look;
    const button = (code) => h(
      'button',
      { type: 'button', class: ['cego-button', `cego-${cardSuit(code)}`, cardValue(code) && 'is-counter'], 'data-card': code, 'aria-pressed': 'false', onclick: () => onpick(code) },
      h('span', { 'aria-hidden': 'true', text: shortName(code) }),
      h('span', { class: 'vh', text: cardName(code) }),
    );
    this.buttons = DECK.map(button);
    const of = (suit) => this.buttons.filter((b) => cardSuit(b.dataset.card) === suit);
    this.el = h(
      'div',
      { class: 'cego-grid', role: 'group', tabindex: -1, 'aria-label': label, 'data-field': field },
      h('div', { class: 'cego-block cego-trumps', role: 'group', 'aria-label': suitName('T') }, of('T')),
      h('div', { class: 'cego-suits' }, SUITS.map((suit) => h('div', { class: 'cego-block', role: 'group', 'aria-label': suitName(suit) }, of(suit)))),
    );
    this.update();
  }

  update() {
    for (const b of this.buttons) {
      const how = this.look(b.dataset.card) || {};
      b.setAttribute('aria-pressed', String(Boolean(how.pressed)));
      b.disabled = Boolean(how.disabled);
    }
  }
}
