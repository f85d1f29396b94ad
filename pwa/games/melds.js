// The marriages of a hand (RULES.md R10, T6), as the trick games' entry forms and referees'
// replays ask them (Dreeg, Sixty-Six): one row per marriage, its player and its suit, and,
// where the game asks it, the lead it was shown on and what it is worth once trumps are
// known. At most one marriage per suit, so the add button stops at four. Each game names
// the rows in its own words (`words`: sentence keys).

import { SUITS, suitIcon } from '../cards/german.js';
import { errorSlot, h, replace, uid } from '../dom.js';
import { suitName, t } from '../i18n.js';

export class MeldRows {
  /**
   * @param {object} options
   * @param {() => Array<{player: string, suit: string, trick?: string}>} options.melds the list the rows
   *   edit in place (its owner may replace it and call render())
   * @param {() => string[]} options.players who may meld
   * @param {() => void} options.changed called after every edit
   * @param {{legend: string, player: string, suit: string, add: string, remove: string, trick?: string,
   *   trickUnknown?: string, hint?: string}} options.words sentence keys ({n}: the row's number)
   * @param {() => number} [options.leads] the leads a marriage may be shown on (1 … n): with it,
   *   each row asks on which (optional, "not noted")
   * @param {(meld: {suit: string}) => (Node|string|null)} [options.worth] what the marriage is worth, shown under its row
   */
  constructor({ melds, players, changed, words, leads = null, worth = null }) {
    this.melds = melds;
    this.players = players;
    this.changed = changed;
    this.words = words;
    this.leads = leads;
    this.worth = worth;
    this.list = h('div', { class: 'melds', 'data-melds': '' });
    this.addButton = h('button', { type: 'button', class: 'secondary', 'data-meld-add': '', onclick: () => this.add(), text: t(words.add) });
    this.el = h(
      'fieldset',
      { class: 'meld-set' },
      h('legend', { text: t(words.legend) }),
      words.hint ? h('p', { class: 'hint', text: t(words.hint) }) : null,
      this.list,
      this.addButton,
      errorSlot('melds', uid('e')),
    );
  }

  add() {
    const melds = this.melds();
    if (melds.length >= SUITS.length) return;
    const used = new Set(melds.map((m) => m.suit));
    melds.push({ player: this.players()[0] || '', suit: SUITS.find((c) => !used.has(c)), trick: '' });
    this.render();
    this.changed();
    const first = this.list.querySelector(`[data-meld="${melds.length - 1}"] select`);
    if (first) first.focus();
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
    const w = this.words;
    replace(
      this.list,
      melds.map((meld, i) => {
        const n = i + 1;
        const pid = uid('f');
        const sid = uid('f');
        const tid = uid('f');
        if (!names.includes(meld.player)) meld.player = names[0] || '';
        const edit = (key) => (e) => {
          meld[key] = e.target.value;
          this.refreshWorth();
          this.changed();
        };
        const leads = this.leads ? this.leads() : 0;
        return h(
          'div',
          { class: ['meld-row', leads && 'has-trick'], 'data-meld': i },
          h('label', { for: pid, class: 'vh', text: t(w.player, { n }) }),
          h(
            'select',
            { id: pid, 'data-meld-field': 'player', 'data-field': `melds.${i}.player`, 'aria-describedby': `${pid}-e`, onchange: edit('player') },
            names.map((p) => h('option', { value: p, text: p, selected: p === meld.player })),
          ),
          h('label', { for: sid, class: 'vh', text: t(w.suit, { n }) }),
          h(
            'select',
            { id: sid, 'data-meld-field': 'suit', 'data-field': `melds.${i}.suit`, 'aria-describedby': `${sid}-e`, onchange: edit('suit') },
            SUITS.map((c) => h('option', { value: c, text: suitName(c), selected: c === meld.suit })),
          ),
          h('button', { type: 'button', class: 'icon-button', 'aria-label': t(w.remove, { n }), 'data-meld-remove': i, onclick: () => this.remove(i), text: '×' }),
          leads
            ? h(
              'div',
              { class: 'meld-trick' },
              h('label', { for: tid, text: t(w.trick, { n }) }),
              h(
                'select',
                { id: tid, 'data-meld-field': 'trick', 'data-field': `melds.${i}.trick`, 'aria-describedby': `${tid}-e`, onchange: edit('trick') },
                h('option', { value: '', text: t(w.trickUnknown) }),
                Array.from({ length: leads }, (_, k) => String(k + 1)).map((v) => h('option', { value: v, text: v, selected: v === String(meld.trick || '') })),
              ),
            )
            : null,
          this.worth ? h('span', { class: 'meld-worth', 'data-meld-value': i }) : null,
          errorSlot(`melds.${i}.player`, `${pid}-e`),
          errorSlot(`melds.${i}.suit`, `${sid}-e`),
          leads ? errorSlot(`melds.${i}.trick`, `${tid}-e`) : null,
          errorSlot(`melds.${i}`, uid('e')),
        );
      }),
    );
    this.addButton.disabled = melds.length >= SUITS.length;
    this.refreshWorth();
  }

  /** Each marriage's worth, as the game names it (forty, twenty), once it can be said. */
  refreshWorth() {
    if (!this.worth) return;
    for (const [i, meld] of this.melds().entries()) {
      const slot = this.list.querySelector(`[data-meld-value="${i}"]`);
      if (!slot) continue;
      const worth = this.worth(meld);
      if (worth) replace(slot, suitIcon(meld.suit), ' ', worth);
      else replace(slot);
    }
  }

  /** The marriages as an entry takes them: player and suit, and the lead where it was noted. */
  body() {
    return this.melds().map((m) => {
      const meld = { player: m.player, suit: m.suit };
      if (this.leads && m.trick) meld.trick = Number(m.trick);
      return meld;
    });
  }
}
