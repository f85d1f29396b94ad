// Printable pages (A4, black on white under @media print): a round's pairing list (table,
// left, right; for the organiser a QR code of each table's match once it is opened) and the
// prize list. On screen they are plain pages with a print button.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { cardName, prizeList, seats } from './common.js';
import { tnApi } from './store.js';

function sheetHead(root, store, title) {
  root.classList.add('tn-sheet');
  const back = `#/t/${encodeURIComponent(store.id)}/${encodeURIComponent(store.token)}`;
  return [
    h('p', { class: 'head-links tn-noprint' },
      h('button', { type: 'button', class: 'primary small', 'data-print': '', onclick: () => window.print(), text: t('tour_print') }),
      h('a', { class: 'button secondary small', href: back, text: t('tour_back') })),
    h('h1', { class: 'page-title', tabindex: -1, text: store.data.name }),
    h('h2', { class: 'tn-sheet-title', 'data-sheet-title': '', text: title }),
  ];
}

export class PairingSheet {
  constructor(root, store, { round }) {
    this.root = root;
    this.store = store;
    this.wanted = round;
    this.qr = new Map(); // table -> object URL
  }

  destroy() {
    for (const url of this.qr.values()) URL.revokeObjectURL(url);
  }

  render() {
    const st = this.store.state;
    const number = this.wanted || st.round;
    const current = number === st.round;
    const rnd = current ? { round: st.round, pairings: st.pairings || [] } : (st.rounds || []).find((r) => r.round === number);
    const withQr = this.store.isOrganiser && current;
    const rows = rnd ? rnd.pairings : [];
    replace(
      this.root,
      sheetHead(this.root, this.store, rnd ? t('tour_pairings_of', { n: number }) : t('tour_no_round')),
      rows.length
        ? h('table', { class: 'tn-sheet-table', 'data-pairing-sheet': number },
            h('thead', {}, h('tr', {},
              h('th', { scope: 'col', text: t('tour_col_table') }),
              h('th', { scope: 'col', text: t('tour_col_left') }),
              h('th', { scope: 'col', text: t('tour_col_right') }),
              withQr ? h('th', { scope: 'col', text: t('tour_col_qr') }) : null)),
            h('tbody', {}, rows.map((p) => h('tr', { 'data-row': p.number },
              h('td', { class: 'tn-num', text: String(p.number) }),
              h('td', { text: this.card(p, 0) }),
              h('td', { text: p.bye ? t('tour_bye') : p.self ? t('tour_self_given', { card: this.card(p, 1) }) : this.card(p, 1) }),
              withQr ? h('td', { class: 'tn-qr-cell', 'data-qr-cell': p.number }, p.match_id ? this.qrImg(p.number) : null) : null))))
        : null,
      withQr ? h('p', { class: 'hint', text: t('tour_sheet_qr_hint') }) : null,
    );
  }

  /** The card at a table's left (0) or right (1): "Wastl ①". */
  card(p, side) {
    const seat = seats(p)[side];
    return seat ? cardName(seat.player, seat.card) : '';
  }

  qrImg(number) {
    const img = h('img', { class: 'qr', alt: t('tour_qr_alt', { n: number }), width: 96, height: 96 });
    if (this.qr.has(number)) img.src = this.qr.get(number);
    else {
      tnApi.tableQr(this.store.id, this.store.token, number).then((res) => {
        this.qr.set(number, URL.createObjectURL(res.data));
        img.src = this.qr.get(number);
      }, () => img.remove());
    }
    return img;
  }
}

export class PrizeSheet {
  constructor(root, store) {
    this.root = root;
    this.store = store;
  }

  render() {
    const st = this.store.state;
    replace(
      this.root,
      sheetHead(this.root, this.store, t('tour_prize_list')),
      st.phase === 'finished' ? null : h('p', { class: 'notice', text: t('tour_prizes_running') }),
      h('div', { class: 'tn-sheet-prizes' }, prizeList(st)),
    );
  }
}
