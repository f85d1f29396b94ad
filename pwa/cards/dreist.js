// The number cards of DREIst! (docs/dreist.md, notation): 1-8 in red, yellow, turquoise and
// violet, written number then colour letter (6R). Their names come from the engine's shared
// sentences (/shared.js): "the red 6" / "die rote 6". German readers see G (Gelb) for yellow;
// the notation keeps Y. A card on the screen shows "6 R", and its name starts with that.

import { h } from '../dom.js';
import { lang, t } from '../i18n.js';

export const COLOURS = ['R', 'Y', 'T', 'V'];

/** A colour's letter as this reader writes it (German: G for Gelb); the notation keeps Y. */
export const letter = (c) => (c === 'Y' && lang === 'de' ? 'G' : c);
export const colourName = (c) => t(`dreist_colour_${c}`);
/** "the red 6" / "die rote 6". */
export const cardWords = (card) => t('dreist_card', { n: card.slice(0, -1), colour: t(`dreist_colour_adj_${card.slice(-1)}`) });
/** "red 6" / "rote 6": a card named after what it shows ("6 R"), without the article. */
export const cardShort = (card) => `${t(`dreist_colour_adj_${card.slice(-1)}`)} ${card.slice(0, -1)}`;
/** What a card shows, as read: "6 R" ("6 G" for a German reader's yellow 6). */
export const cardShown = (card) => `${card.slice(0, -1)} ${letter(card.slice(-1))}`;

/** A card typed or read: "6R", "6r", "6G" (gelb) → "6R"; null if it is none. */
export function cardCode(text) {
  const m = /^([1-8])([RYTVG])$/i.exec(String(text).trim());
  if (!m) return null;
  const c = m[2].toUpperCase();
  return m[1] + (c === 'G' ? 'Y' : c);
}

/**
 * A card as it is drawn and named: its number and letter as shown, then (for ears only) its
 * name, "6 R, rote 6". The accessible name comes from this content, so it starts with what is
 * shown (WCAG 2.5.3) and needs no aria-label.
 */
export function face(card) {
  return [h('b', { text: card.slice(0, -1) }), ' ', h('small', {}, letter(card.slice(-1)), h('span', { class: 'vh', text: `, ${cardShort(card)}` }))];
}

/** A card as a small chip: its number on its colour, with the colour's letter. */
export function chip(card, { cls } = {}) {
  return h('span', { class: ['ds-chip', `ds-${card.slice(-1)}`, cls], 'data-card': card }, face(card));
}
