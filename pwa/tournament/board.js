// The board for the hall (the viewer link, view_url; or .../board): the round with its
// tables, every running match's Bummerl as beads with the points still to go, the winners
// marked; who is still in with how many cards; the prize list as it fills; the board's own
// QR code in a corner, so people can follow on their phones. Live through the event stream.
// Laid out for a 1920×1080 screen and still readable on a 360 px phone.

import { h, keepScreenOn, replace } from '../dom.js';
import { lang, t } from '../i18n.js';
import { lanAddress } from '../share.js';
import { phaseTitle, prizeList, stillIn, stillInName, tableKind, tablePlayers, tableStatus } from './common.js';
import { tnApi } from './store.js';

export class BoardView {
  constructor(root, store) {
    this.root = root;
    this.store = store;
    this.qrUrl = null;
    this.qrBox = h('figure', { class: 'tn-board-qr', 'data-board-qr': '' });
    this.loadQr();
    // a board hangs on the wall for hours: the screen stays on (where the browser offers it)
    this.release = keepScreenOn();
  }

  destroy() {
    if (this.qrUrl) URL.revokeObjectURL(this.qrUrl);
    this.release();
  }

  async loadQr() {
    const base = await lanAddress();
    try {
      this.qrUrl = URL.createObjectURL((await tnApi.qr(this.store.id, this.store.token, base)).data);
      replace(this.qrBox, h('img', { class: 'qr', src: this.qrUrl, alt: t('tour_board_qr_alt'), width: 160, height: 160 }), h('figcaption', { text: t('tour_follow') }));
    } catch {
      replace(this.qrBox);
    }
  }

  render() {
    const { data } = this.store;
    const st = data.state;
    this.root.classList.add('is-board');
    this.stale = h('p', { class: 'stale-badge', role: 'status', 'data-stale-badge': '', hidden: true });
    const qrCaption = this.qrBox.querySelector('figcaption');
    if (qrCaption) qrCaption.textContent = t('tour_follow');
    replace(
      this.root,
      h('div', { class: 'tn-board', 'data-board': '', 'data-revision': data.revision },
        h('header', { class: 'tn-board-head' },
          h('div', {},
            h('h1', { class: 'page-title', tabindex: -1, 'data-title': '', text: data.name }),
            h('p', { class: 'tn-board-round', 'data-board-round': st.round, text: this.headline(st) }),
            this.stale),
          this.qrBox),
        // the page's one main landmark is the app's own (index.html): the board's tables are a part of it
        h('div', { class: 'tn-board-main' }, st.phase === 'sales' ? this.sales(st) : this.tables(st)),
        h('aside', { class: 'tn-board-side' },
          st.phase === 'finished' ? null : this.still(st),
          st.phase === 'sales' ? null : h('section', { class: 'tn-panel' }, h('h2', { text: t('tour_prize_list') }), prizeList(st)),
          this.audit(st)),
      ),
    );
    this.renderConnection();
  }

  renderConnection() {
    if (!this.stale) return;
    const { fresh, seen } = this.store;
    this.stale.hidden = fresh;
    this.stale.textContent = fresh ? '' : t('stale_badge', { time: seen ? new Date(seen).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' }) : '–' });
  }

  headline(st) {
    if (st.phase === 'sales') return `${phaseTitle(st)}: ${t('tour_sold', { sold: st.sold, size: st.size })}`;
    if (st.phase === 'finished') return t('tour_finished_line', { name: st.winner });
    return phaseTitle(st);
  }

  sales(st) {
    return h('section', { class: 'tn-panel' },
      h('h2', { text: t('tour_sales') }),
      h('p', { class: 'tn-big', text: t('tour_sold', { sold: st.sold, size: st.size }) }),
      h('ul', { class: 'tn-list' }, (st.players || []).filter((p) => p.bought > 0).map((p) => h('li', {},
        h('span', { class: 'tn-name', text: p.name }), h('span', { class: 'tn-count-text', text: t('tour_n_cards', { n: p.bought }) })))));
  }

  tables(st) {
    const pairings = st.pairings || [];
    // the tables still playing first, then the decided ones (by table number within each)
    const order = [...pairings].sort((a, b) => Number(Boolean(a.winner)) - Number(Boolean(b.winner)) || a.number - b.number);
    return h('section', { 'data-board-tables': '' },
      h('h2', { class: 'vh', text: t('tour_round_tables', { n: st.round }) }),
      h('div', { class: 'tn-tables tn-board-grid' }, order.map((p) => h(
        'article',
        { class: ['tn-table', `is-${tableKind(p)}`], 'data-table': p.number, 'data-kind': tableKind(p), 'data-winner': p.winner || undefined },
        h('h3', { class: 'tn-table-head' },
          h('span', { text: t('tour_table', { n: p.number }) }),
          p.bye ? h('span', { class: 'badge', text: t('tour_bye') }) : null,
          p.self ? h('span', { class: 'badge', text: t('tour_self_badge') }) : null),
        tablePlayers(p),
        h('p', { class: 'tn-status', text: tableStatus(p) }),
      ))));
  }

  still(st) {
    const players = stillIn(st);
    return h('section', { class: 'tn-panel', 'data-still-in': '' },
      h('h2', { text: t('tour_still_in', { n: players.length }) }),
      h('ul', { class: 'tn-list' }, players.map((p) => h('li', { 'data-in': p.name },
        h('span', { class: 'tn-name', text: stillInName(p) }),
        h('span', { class: 'tn-cards', 'aria-label': t('tour_n_cards', { n: p.cards }) },
          h('span', { class: 'tn-pips', 'aria-hidden': 'true', text: '▮'.repeat(Math.min(p.cards, 8)) }),
          h('span', { class: 'tn-count-text', text: String(p.cards) }))))));
  }

  /** The fairness of the draws: the hash published, and each computed draw's seed. */
  audit(st) {
    const hash = st.commit && st.commit.hash;
    const drawn = (st.rounds || []).filter((r) => r.seed);
    if (!hash && !drawn.length) return null;
    return h('section', { class: 'tn-panel tn-audit' },
      h('h2', { text: t('tour_fair') }),
      hash ? h('p', {}, t('tour_next_hash'), ' ', h('span', { class: 'tn-code', text: hash })) : null,
      drawn.map((r) => h('p', {}, t('tour_round_seed', { n: r.round }), ' ', h('span', { class: 'tn-code', text: r.seed }))),
      h('p', { class: 'hint', text: t('tour_fair_hint') }));
  }
}
