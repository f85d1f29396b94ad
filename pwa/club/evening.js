// An evening of the club (R36): every table of it with where it stands, live (the club's event
// stream: a hand entered at any table moves the board), and its settle-up (R37): each member's
// net, the kitty's, and the few payments that settle it, in euros; printable (club.css's print
// rules leave the settle-up alone on the sheet) and shareable as text (the phone's own sharing,
// else the clipboard). Tonight's board is what the viewers' link shows on the pub's screen.

import { NetworkError, api } from '../api.js';
import { loadGame } from '../games/index.js';
import { h, keepScreenOn, replace } from '../dom.js';
import { t } from '../i18n.js';
import { euros, evening, showMark, subTop, tableItem } from './common.js';
import { KITTY, settleText } from './settle.js';
import { clubApi, readKept } from './store.js';

export class EveningView {
  constructor(root, store, { announce, arg }) {
    this.root = root;
    this.store = store;
    this.announce = announce;
    this.date = arg;
    this.settled = null; // {data, seen, fresh} of GET .../evenings
    this.standings = {}; // match id -> {etag, line}: where each table stands, in its game's words
    this.load();
    // a board hangs on the wall all evening: the screen stays on (where the browser offers it)
    this.release = keepScreenOn();
  }

  destroy() {
    this.gone = true;
    this.release();
  }

  async load() {
    this.loadStandings();
    try {
      this.settled = await readKept(this.store.id, 'evenings', () => clubApi.evenings(this.store.id, this.store.token));
    } catch (err) {
      if (!(err instanceof NetworkError || err.isUnavailable)) this.failed = err;
    }
    if (!this.gone && this.settleBox) this.drawSettle();
  }

  /** Where each table of the evening stands (GET the match with the club's token for tables,
   * its game's one-line summary); drawn again once all have answered. Offline: as they were. */
  async loadStandings() {
    const asked = this.tables().map(async (m) => {
      const known = this.standings[m.id] || {};
      try {
        const res = await api.getMatch(m.id, this.store.tableToken, known.etag);
        if (res.status === 304) return;
        const game = await loadGame(res.data.game);
        this.standings[m.id] = { etag: res.etag, line: game.summary ? game.summary(res.data) : '' };
      } catch {
        // no answer, or a game this phone cannot draw: the table's state alone
      }
    });
    await Promise.all(asked);
    if (!this.gone && this.tablesBox) this.drawTables();
  }

  /** This evening's settle-up from the evenings' answer (a list, or {evenings: [...]}), or null. */
  get night() {
    if (!this.settled) return null;
    const all = Array.isArray(this.settled.data) ? this.settled.data : this.settled.data.evenings || [];
    return all.find((e) => e.date === this.date) || null;
  }

  /** The evening's tables: those the club counts for it; tonight also the tables without a hand yet. */
  tables() {
    const d = this.store.data;
    const tonight = this.date === d.tonight;
    return (d.matches || []).filter((m) => m.evening === this.date || (tonight && !m.evening && !m.finished));
  }

  render() {
    this.tablesBox = h('section', { class: 'card club-noprint', 'data-evening-tables': '', 'aria-labelledby': 'club-ev-tables' });
    this.settleBox = h('section', { class: 'card club-settle', 'data-settle': '', 'aria-labelledby': 'club-ev-settle' });
    replace(
      this.root,
      h('div', { class: 'club club-evening', 'data-evening-board': this.date, 'data-revision': this.store.data.revision },
        subTop(this.store, t('club_evening_of', { date: evening(this.date) })),
        h('p', { class: 'club-print-only', text: this.store.data.name }),
        this.tablesBox,
        this.settleBox),
    );
    this.drawTables();
    this.drawSettle();
  }

  /** The club changed (a hand at a table, a new table): the board at once, the settle-up once read again. */
  changed() {
    if (!this.tablesBox || !this.tablesBox.isConnected) return this.render();
    this.root.querySelector('[data-evening-board]').dataset.revision = this.store.data.revision;
    this.drawTables();
    return this.load();
  }

  renderConnection() {
    showMark(this.root, this.store.fresh && (!this.settled || this.settled.fresh), this.store.seen);
  }

  drawTables() {
    const tables = this.tables();
    replace(
      this.tablesBox,
      h('h2', { id: 'club-ev-tables', text: t('club_evening_tables') }),
      tables.length
        ? h('ul', { class: 'tables' }, tables.map((m) => tableItem(this.store, m, (this.standings[m.id] || {}).line)))
        : h('p', { class: 'hint', text: t('club_evening_no_tables') }),
    );
  }

  drawSettle() {
    const night = this.night;
    const running = this.tables().filter((m) => !m.finished && m.evening).length;
    const head = h('h2', { id: 'club-ev-settle', text: t('club_settle') });
    if (!night) {
      replace(this.settleBox, head, h('p', { class: 'hint', text: this.settled || this.failed ? t('club_settle_later') : t('loading') }));
      return;
    }
    const members = this.store.members;
    const name = (party) => (party === KITTY ? t('club_kitty') : (members[party] || {}).name || party);
    const rows = Object.entries(night.net || {}).sort((a, b) => b[1] - a[1] || name(a[0]).localeCompare(name(b[0])));
    const transfers = night.transfers || [];
    replace(
      this.settleBox,
      head,
      running ? h('p', { class: 'notice', 'data-settle-running': '', text: t('club_settle_running', { n: running }) }) : null,
      h('table', { class: 'club-table club-net', 'data-net': '' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('club_settle_who') }), h('th', { scope: 'col', class: 'num', text: t('club_settle_net') }))),
        h('tbody', {},
          rows.map(([party, cents]) => h('tr', { 'data-party': party, 'data-cents': cents },
            h('th', { scope: 'row', text: name(party) }),
            h('td', { class: ['num', cents > 0 && 'is-plus', cents < 0 && 'is-minus'], text: euros(cents, { signed: true }) }))),
          h('tr', { class: 'club-kitty-row', 'data-party': KITTY, 'data-cents': night.kitty || 0 },
            h('th', { scope: 'row', text: t('club_kitty') }),
            h('td', { class: 'num', text: euros(night.kitty || 0, { signed: true }) })))),
      h('h3', { text: t('club_payments') }),
      transfers.length
        ? h('ul', { class: 'club-payments', 'data-payments': '' }, transfers.map((tr) => h('li', { 'data-from': tr.from, 'data-to': tr.to, 'data-cents': tr.cents, text: payment(tr, name) })))
        : h('p', { 'data-square': '', text: t('club_square') }),
      h('p', { class: 'actions club-noprint' },
        h('button', { type: 'button', class: 'secondary', 'data-print': '', onclick: () => window.print(), text: t('club_print') }),
        h('button', { type: 'button', class: 'secondary', 'data-share-settle': '', onclick: () => this.share(night, name), text: t(navigator.share ? 'club_share' : 'club_copy_text') })),
    );
  }

  async share(night, name) {
    const title = t('club_share_title', { club: this.store.data.name, date: evening(this.date) });
    const text = settleText(title, night, name, payment);
    if (navigator.share) {
      try {
        await navigator.share({ title, text });
        return;
      } catch (err) {
        if (err && err.name === 'AbortError') return; // the reader changed his mind
      }
    }
    try {
      await navigator.clipboard.writeText(text);
      this.announce(t('club_copied'));
    } catch {
      this.announce(t('club_copy_failed'));
    }
  }
}

/** One payment in words: "Anna zahlt Benno 1,20 €", "Anna pays €0.40 into the kitty". */
export function payment(tr, name) {
  const amount = euros(tr.cents);
  if (tr.to === KITTY) return t('club_pays_kitty', { payer: name(tr.from), amount });
  if (tr.from === KITTY) return t('club_kitty_pays', { payee: name(tr.to), amount });
  return t('club_pays', { payer: name(tr.from), payee: name(tr.to), amount });
}
