// What both of Dreeg's referee panels ask first: the sub-game (the kinds the server lists,
// GET /api/games facts.subgames, R1), the trump (none in Kamerun, the called card's suit in
// Rufen) and Rufen's called card, and the trump a question sends.

import { cardRadios, cardSuit, pickedCard, setPickedCard, suitRadios } from '../../cards/german.js';
import { errorSlot, h } from '../../dom.js';
import { t } from '../../i18n.js';
import { selectField } from '../../referee-kit.js';

/** The sub-game asked about, among `subgames`. */
export function subgameSelect(subgames, value, onchange) {
  return selectField('subgame', t('col_subgame'), subgames.map((type) => [type, t(`subgame_${type}`)]), value, onchange);
}

/** Rufen's called card (radios `name`_suit and `name`_rank), picked into `what.called`. */
export function calledCard(name, what, changed, attrs = {}) {
  const el = h(
    'div',
    {
      class: 'field',
      ...attrs,
      onchange: (e) => {
        if (e.target.name === `${name}_suit` || e.target.name === `${name}_rank`) {
          what.called = pickedCard(el, name);
          changed();
        }
      },
    },
    cardRadios({ name, field: 'called_card', legend: t('called_card'), describedBy: `${name.split('_')[0]}-called-e` }),
    errorSlot('called_card', `${name.split('_')[0]}-called-e`),
  );
  setPickedCard(el, name, what.called);
  return el;
}

/** Trump: none or one of the four suits (hidden for Kamerun, the called suit in Rufen). */
export function trumpRadios(name, get, set) {
  const set_ = suitRadios({ name, field: 'trump', legend: t('trump'), none: t('ref_no_trump'), get, set });
  set_.append(errorSlot('trump'));
  return set_;
}

/** Opened from a match with a trump not yet typed (seat): nothing chosen, not even "no trump". */
export function trumpUnknown(what) {
  return what.trump === null && what.subgame !== 'kamerun' && !trumpOf(what);
}

export function trumpOf(what) {
  if (what.subgame === 'kamerun') return null;
  if (what.subgame === 'rufen' && what.called) return cardSuit(what.called);
  return what.trump || null;
}
