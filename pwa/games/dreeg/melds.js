// The marriages of a Dreeg hand (R10): one row per meld, its player and its suit, as the
// entry form (form.js) and the referee's replay (referee.js) both ask them. At most one
// marriage per suit, so the add button stops at four.

import { SUITS } from '../../cards/german.js';
import { errorSlot, h, replace, uid } from '../../dom.js';
import { suitName, t } from '../../i18n.js';

export class MeldRows {
  /**
   * @param {{melds: () => Array<{player: string, suit: string}>, players: () => string[], changed: () => void}} options
   *   `melds` gives the list the rows edit in place (its owner may replace it and call render());
   *   `players` who may meld; `changed` is called after every edit.
   */
  constructor({ melds, players, changed }) {
    this.melds = melds;
    this.players = players;
    this.changed = changed;
    this.list = h('div', { class: 'melds', 'data-melds': '' });
    this.addButton = h('button', { type: 'button', class: 'secondary', 'data-meld-add': '', onclick: () => this.add(), text: t('meld_add') });
    this.el = h('fieldset', { class: 'meld-set' }, h('legend', { text: t('melds') }), this.list, this.addButton);
  }

  add() {
    const melds = this.melds();
    if (melds.length >= SUITS.length) return;
    const used = new Set(melds.map((m) => m.suit));
    melds.push({ player: this.players()[0] || '', suit: SUITS.find((c) => !used.has(c)) });
    this.render();
    this.changed();
    const selects = this.list.querySelectorAll('select');
    if (selects.length) selects[selects.length - 2].focus();
  }

  remove(index) {
    this.melds().splice(index, 1);
    this.render();
    this.changed();
    this.addButton.focus();
  }

  render() {
    const melds = this.melds();
    const names = this.players();
    replace(
      this.list,
      melds.map((meld, i) => {
        const n = i + 1;
        const pid = uid('f');
        const sid = uid('f');
        if (!names.includes(meld.player)) meld.player = names[0] || '';
        const edit = (key) => (e) => {
          meld[key] = e.target.value;
          this.changed();
        };
        return h(
          'div',
          { class: 'meld-row', 'data-meld': i },
          h('label', { for: pid, class: 'vh', text: t('meld_player', { n }) }),
          h(
            'select',
            { id: pid, 'data-field': `melds.${i}.player`, 'aria-describedby': `${pid}-e`, onchange: edit('player') },
            names.map((p) => h('option', { value: p, text: p, selected: p === meld.player })),
          ),
          h('label', { for: sid, class: 'vh', text: t('meld_suit', { n }) }),
          h(
            'select',
            { id: sid, 'data-field': `melds.${i}.suit`, 'aria-describedby': `${sid}-e`, onchange: edit('suit') },
            SUITS.map((c) => h('option', { value: c, text: suitName(c), selected: c === meld.suit })),
          ),
          h('button', { type: 'button', class: 'icon-button', 'aria-label': t('meld_remove', { n }), onclick: () => this.remove(i), text: '×' }),
          errorSlot(`melds.${i}.player`, `${pid}-e`),
          errorSlot(`melds.${i}.suit`, `${sid}-e`),
          errorSlot(`melds.${i}`, uid('e')),
        );
      }),
    );
    this.addButton.disabled = melds.length >= SUITS.length;
  }
}
