// The number cards of DREIst! (docs/dreist.md, notation): 1-8 in red, yellow, turquoise and
// violet, written number then colour letter (6R). Their names come from the engine's shared
// sentences (/shared.js): "the red 6" / "die rote 6". German readers see G (Gelb) for yellow;
// the notation keeps Y.

import { h } from '../dom.js';
import { lang, t } from '../i18n.js';

export const COLOURS = ['R', 'Y', 'T', 'V'];

/** A colour's letter as this reader writes it (German: G for Gelb); the notation keeps Y. */
export const letter = (c) => (c === 'Y' && lang === 'de' ? 'G' : c);
export const colourName = (c) => t(`dreist_colour_${c}`);
/** "the red 6" / "die rote 6". */
export const cardWords = (card) => t('dreist_card', { n: card.slice(0, -1), colour: t(`dreist_colour_adj_${card.slice(-1)}`) });

/** A card typed or read: "6R", "6r", "6G" (gelb) → "6R"; null if it is none. */
export function cardCode(text) {
  const m = /^([1-8])([RYTVG])$/i.exec(String(text).trim());
  if (!m) return null;
  const c = m[2].toUpperCase();
  return m[1] + (c === 'G' ? 'Y' : c);
}

/** A card as a small chip: its number on its colour, with the colour's letter. */
export function chip(card, { cls } = {}) {
  const c = card.slice(-1);
  return h('span', { class: ['ds-chip', `ds-${c}`, cls], 'data-card': card, title: cardWords(card) },
    h('b', { text: card.slice(0, -1) }), h('small', { text: letter(c) }),
    h('span', { class: 'vh', text: ` ${colourName(c)}` }));
}
