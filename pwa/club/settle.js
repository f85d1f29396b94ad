// An evening's settle-up as text, for a message to the club (R37): the title, each party's
// net, the payments. The kitty is a party of its own ("kitty" in the API's answers).

import { t } from '../i18n.js';
import { euros } from './common.js';

export const KITTY = 'kitty';

/** "Title\n\nAnna: +1,20 €\n…\nKasse: +0,40 €\n\nAnna zahlt Benno 1,20 €\n…". */
export function settleText(title, night, name, payment) {
  const net = Object.entries(night.net || {}).sort((a, b) => b[1] - a[1]);
  const lines = [title, '', ...net.map(([party, cents]) => `${name(party)}: ${euros(cents, { signed: true })}`),
    `${t('club_kitty')}: ${euros(night.kitty || 0, { signed: true })}`, ''];
  const transfers = night.transfers || [];
  lines.push(...(transfers.length ? transfers.map((tr) => payment(tr, name)) : [t('club_square')]));
  return lines.join('\n');
}
