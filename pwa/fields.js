// The fields the games' entry forms build alike: a number as it is typed (sent as typed: a wrong
// one is refused by the server with its rule, never rounded here), a select with its options,
// and a big radio tile (the radio covers the tile, its label holds a title and a small hint).
// Each field carries data-field (its path in the entry), so the server's answer finds it.

import { errorSlot, h, uid } from './dom.js';

/**
 * A whole number field; `value` what it holds, `set(value)` told of each change (the form's own
 * oninput then reworks the rest), `min` 0 unless said.
 */
export function numberInput(id, path, max, { value, set, min = 0 } = {}) {
  return h('input', {
    id,
    type: 'number',
    inputmode: 'numeric',
    enterkeyhint: 'next',
    min,
    max,
    step: 1,
    autocomplete: 'off',
    value: value === undefined || value === null ? undefined : String(value),
    'data-field': path,
    'aria-describedby': `${id}-e`,
    oninput: set ? (e) => set(e.target.value) : undefined,
  });
}

/** What was typed, as the number sent; a blank is NaN (left out of the entry, never 0). */
export function toNumber(value) {
  return value === '' ? NaN : Number(value);
}

/** A select with data-field; options as [value, text] pairs, `value` the one chosen. */
export function select(id, path, options, { value } = {}) {
  return h(
    'select',
    { id, name: path, 'data-field': path, 'aria-describedby': `${id}-e` },
    options.map(([v, text]) => h('option', { value: v, text, selected: value !== undefined && v === value })),
  );
}

/**
 * A big radio tile in a game's look (`look`: its classes' prefix, "s66" → s66-tile,
 * s66-tile-title, s66-tile-hint): the radio covers the tile, the label holds a title and a hint.
 */
export function tile({ look, name, field = name, value, title, hint, checked, cls, onchange }) {
  const id = uid('c');
  return h(
    'span',
    { class: [`${look}-tile`, ...[cls].flat()] },
    h('input', { type: 'radio', id, name, value, checked, 'data-field': field, onchange }),
    h('label', { for: id }, h('span', { class: `${look}-tile-title`, text: title }), hint ? h('span', { class: `${look}-tile-hint`, text: hint }) : null),
  );
}

/**
 * A player's row of card points and tricks: his name, the two numbers (each `{label, max, value?,
 * set?}`; the labels are for a screen reader: the columns' heads show them), what the game adds
 * (`more`: a last-trick mark, a note), and the two numbers' error slots. `row` and `nameClass`
 * are the game's classes for the row and the name.
 */
export function figuresRow(name, { row, nameClass, points, tricks, more = [] }) {
  const pid = uid('f');
  const tid = uid('f');
  return h(
    'div',
    { class: row, 'data-row': name },
    h('span', { class: nameClass, text: name }),
    h('label', { for: pid, class: 'vh', text: points.label }),
    numberInput(pid, `points.${name}`, points.max, points),
    h('label', { for: tid, class: 'vh', text: tricks.label }),
    numberInput(tid, `tricks.${name}`, tricks.max, tricks),
    more,
    errorSlot(`points.${name}`, `${pid}-e`),
    errorSlot(`tricks.${name}`, `${tid}-e`),
  );
}
