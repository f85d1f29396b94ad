// What Sixty-Six's referee panels draw alike: the variant (its deck is the server's, R16:
// GET /api/games facts.decks), the card led, a question with a few answers as big tiles, a
// yes-or-no tile, and an action's verdict with a tick or a cross.

import { CardGrid, RANKS, cardName, cardRank, suitIcon, suitRadios } from '../../cards/german.js';
import { errorSlot, h, uid } from '../../dom.js';
import { suitName, t } from '../../i18n.js';
import { because, ruleMark, selectField } from '../../referee-kit.js';

/** Whether `card` is in `deck` (Schnapsen has no nines). */
export function inDeck(deck, card) {
  return deck.cards.includes(card);
}

/** A question's cards kept to `deck` after a change of variant: its hand, the card led, the card asked about. */
export function keepToDeck(ask, deck) {
  for (const c of [...ask.hand]) if (!inDeck(deck, c)) ask.hand.delete(c);
  if (ask.led && !inDeck(deck, ask.led)) ask.led = '';
  if (ask.card && !ask.hand.has(ask.card)) ask.card = '';
}

/** The ranks of `deck`, high to low. */
export function ranksOf(deck) {
  return RANKS.filter((r) => deck.cards.some((c) => cardRank(c) === r));
}

/** The variant asked about, among `variants`. */
export function variantSelect(variants, value, onchange) {
  return selectField('variant', t('s66r_variant'), variants.map((v) => [v, t(`s66_variant_${v}`)]), value, onchange);
}

/** The trump suit (`what.trump`), as radios `name`. */
export function trumpRadios(name, what, changed) {
  const set = suitRadios({ name, field: 'trump', legend: t('s66r_trump'), get: () => what.trump, set: (v) => { what.trump = v; changed(); } });
  set.append(errorSlot('trump', uid('e')));
  return set;
}

/** The card the opponent led, if any (`ask.led`): one of `deck()`'s, not in the hand nor `taken(card)`. */
export function ledGrid(ask, deck, changed, taken = () => false) {
  return new CardGrid({
    label: t('s66r_led'),
    field: 'trick',
    look: (c) => ({ pressed: ask.led === c, disabled: !inDeck(deck(), c) || ask.hand.has(c) || taken(c) }),
    onpick: (c) => {
      ask.led = ask.led === c ? '' : c;
      changed();
    },
  });
}

/** A question with a few answers as big radio tiles; `field` names it for the server's errors. */
export function radioSet(legend, name, options, value, onchange, field, { wide = false } = {}) {
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
export function toggle(field, label, get, set, { bare = false } = {}) {
  const id = uid('c');
  return h(
    'span',
    { class: 's66-tile s66-toggle', 'data-toggle': field },
    h('input', { type: 'checkbox', id, 'data-field': field, checked: get(), onchange: (e) => set(e.target.checked) }),
    h('label', { for: id }, h('span', { class: 's66-tile-title' }, label)),
    bare ? null : errorSlot(field, uid('e')),
  );
}

/** The cards of the hand by verdict: those that may be played together, those refused by the same reason together. */
export function cardGroups(plays) {
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
export function actionItem(action, what) {
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
    h('span', { class: 's66-action-why' }, ruleMark(action.rule), because(action.reason)),
  );
}

/** "Forty in Hearts", "Exchange the Nine of Hearts", "Close the stock", "Claim 66". */
export function actionName(action, trump) {
  if (action.action === 'marriage') {
    const key = action.suit === trump ? 's66r_do_forty' : 's66r_do_twenty';
    return [suitIcon(action.suit), t(key, { suit: suitName(action.suit) })];
  }
  if (action.action === 'exchange') return t('s66r_do_exchange', { card: cardName(action.card) });
  return t(action.action === 'close' ? 's66r_do_close' : 's66r_do_claim');
}
