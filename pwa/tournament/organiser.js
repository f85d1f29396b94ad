// The organiser's phone (organiser token): selling entry cards, the draw (a seed generated
// here whose SHA-256 is published first, then revealed by the draw; or the numbers drawn
// from real pots, typed in draw order), the round's tables (open a table's match and show
// its QR code to the two players, or enter a result by hand for a table that played on
// paper), the prize list with a tie to settle, and the links to the board, the printed pages
// and the CSV export. Renders from the store (GET /api/tournaments/{id}, live).

import { ApiError, KeyRing } from '../api.js';
import { h, randomKey, replace } from '../dom.js';
import { lang, t } from '../i18n.js';
import { copyButton, lanAddress, localNotice, qrImage, reachable } from '../share.js';
import {
  canHash, cardName, newSeed, phaseTitle, prizeList, saveBlob, seats, seeds, sha256, showRefusal, stillIn,
  stillInName, tableKind, tableLine, tablePlayers, tableStatus, tieCards, tieText,
} from './common.js';
import { tnApi } from './store.js';

export class OrganiserView {
  constructor(root, store, { announce }) {
    this.root = root;
    this.store = store;
    this.announce = announce;
    this.keys = new KeyRing(randomKey);
    this.sale = { player: '', cards: '1' };
    this.pots = {}; // player -> what was typed
    this.potsOpen = !canHash();
    this.resultFor = null; // {number, replace}
    this.tieOrder = null;
    this.busy = false;
    this.qr = new Map(); // "round:table" -> object URL of its QR code
    this.qrFor = null; // the table whose QR code is shown in its card: {round, number, url, address}
  }

  destroy() {
    for (const url of this.qr.values()) URL.revokeObjectURL(url);
    this.qr.clear();
  }

  get base() {
    const { id, token } = this.store;
    return `#/t/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
  }

  render() {
    const { data } = this.store;
    const st = data.state;
    const active = document.activeElement && this.root.contains(document.activeElement) ? document.activeElement : null;
    const focus = active ? active.id : null;
    const caret = active && active.type === 'text' ? [active.selectionStart, active.selectionEnd] : null;
    this.root.classList.remove('is-board');
    this.stale = h('p', { class: 'stale-badge', role: 'status', 'data-stale-badge': '', hidden: true });
    replace(
      this.root,
      h('h1', { class: 'page-title', tabindex: -1, 'data-title': '', text: data.name }),
      h('p', { class: 'next', 'data-next': '', 'aria-live': 'polite', text: this.nextLine(st) }),
      this.stale,
      this.links(data),
      st.phase === 'sales' ? this.sales(st) : null,
      st.phase === 'sales' && this.drawNeeded(st) ? this.draw(st) : null,
      st.phase !== 'sales' ? this.round(st) : null,
      st.phase === 'playing' && this.drawNeeded(st) ? this.draw(st) : null,
      st.phase !== 'sales' ? this.prizes(st) : null,
      st.phase === 'playing' ? this.still(st) : null,
    );
    this.renderConnection();
    if (focus) {
      const el = document.getElementById(focus);
      if (el) {
        el.focus();
        if (caret && typeof el.setSelectionRange === 'function') el.setSelectionRange(...caret);
      }
    }
  }

  renderConnection() {
    if (!this.stale) return;
    const { fresh, seen } = this.store;
    this.stale.hidden = fresh;
    this.stale.textContent = fresh ? '' : t('stale_badge', { time: seen ? new Date(seen).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' }) : '–' });
  }

  nextLine(st) {
    if (st.phase === 'sales') return `${phaseTitle(st)}: ${t('tour_sold', { sold: st.sold, size: st.size })}`;
    if (st.phase === 'finished') return t('tour_finished_line', { name: st.winner });
    const waiting = st.pairings.filter((p) => !p.winner).length;
    const head = phaseTitle(st);
    return waiting ? `${head}: ${t('tour_tables_waiting', { n: waiting })}` : `${head}: ${t('tour_round_done', { n: st.round + 1 })}`;
  }

  links(data) {
    const st = data.state;
    return h(
      'p',
      { class: 'head-links' },
      data.view_url ? h('a', { id: 'tn-board-link', class: 'button secondary small', href: data.view_url, target: '_blank', rel: 'noopener', 'data-board-link': '', text: t('tour_board') }) : null,
      st.round > 0 ? h('a', { id: 'tn-print-link', class: 'button secondary small', href: `${this.base}/print`, 'data-print-pairings': '', text: t('tour_print_pairings') }) : null,
      st.phase !== 'sales' ? h('a', { id: 'tn-prizes-link', class: 'button secondary small', href: `${this.base}/prizes`, 'data-print-prizes': '', text: t('tour_print_prizes') }) : null,
      h('button', { type: 'button', id: 'tn-csv', class: 'secondary small', 'data-export': 'csv', onclick: () => this.csv(), text: t('export', { ext: 'CSV' }) }),
    );
  }

  async csv() {
    try {
      const res = await tnApi.csv(this.store.id, this.store.token);
      saveBlob(res.data, `kreide-tournament-${this.store.id}.csv`);
    } catch (err) {
      this.announce(err instanceof ApiError ? err.message : t('offline'));
    }
  }

  /** One entry from a form: the refusal beside its fields, or nothing (it is recorded). */
  async write(entry, form, box) {
    if (this.busy) return null;
    this.busy = true;
    try {
      return await this.store.write(entry, this.keys);
    } catch (err) {
      if (err instanceof ApiError) {
        this.keys.done();
        if (form && box) showRefusal(form, box, err.problem);
        else this.announce(err.message);
      } else if (form && box) showRefusal(form, box, { detail: t('offline') });
      else this.announce(t('offline'));
      return null;
    } finally {
      this.busy = false;
    }
  }

  // ---- sales -------------------------------------------------------------------

  sales(st) {
    const least = Math.ceil(st.size / 2);
    const need = least - st.sold;
    const unsold = st.size - st.sold;
    let hint;
    if (need > 0) hint = t('tour_need', { n: need, least });
    else if (unsold > 0) hint = t('tour_enough', { n: unsold });
    else hint = t('tour_all_sold', { size: st.size });
    const box = h('div', { class: 'problem', role: 'alert', tabindex: -1 });
    const form = h(
      'form',
      {
        class: 'tn-sell', novalidate: true, 'data-sell': '',
        onsubmit: async (e) => {
          e.preventDefault();
          const player = this.sale.player.trim();
          const cards = Number(this.sale.cards);
          if (!player) return showRefusal(form, box, { errors: { player: t('name_missing') } });
          const done = await this.write({ kind: 'buy', player, cards }, form, box);
          if (done) {
            this.sale = { player: '', cards: '1' };
            this.announce(t('tour_sold_to', { name: player, n: cards }));
            const input = document.getElementById('tn-sell-player');
            if (input) input.focus();
          }
          return undefined;
        },
      },
      h('h3', { text: t('tour_sell') }),
      box,
      h('div', { class: 'tn-sell-row' },
        h('div', { class: 'field' },
          h('label', { for: 'tn-sell-player', text: t('tour_player') }),
          h('input', {
            id: 'tn-sell-player', type: 'text', maxlength: 24, autocomplete: 'off', autocapitalize: 'words', list: 'tn-known',
            value: this.sale.player, 'data-field': 'player', 'aria-describedby': 'tn-sell-player-e',
            oninput: (e) => { this.sale.player = e.target.value; },
          }),
          h('p', { class: 'field-error', id: 'tn-sell-player-e', 'data-error-for': 'player', hidden: true })),
        h('div', { class: 'field tn-count' },
          h('label', { for: 'tn-sell-cards', text: t('tour_cards_short') }),
          h('input', {
            id: 'tn-sell-cards', type: 'number', inputmode: 'numeric', min: 1, max: st.size, value: this.sale.cards,
            'data-field': 'cards', oninput: (e) => { this.sale.cards = e.target.value; },
          })),
        h('button', { type: 'submit', id: 'tn-sell-submit', class: 'primary', 'data-sell-submit': '', text: t('tour_sell_button') })),
      h('p', { class: 'field-error', 'data-error-for': 'cards', hidden: true }),
      h('datalist', { id: 'tn-known' }, (st.players || []).map((p) => h('option', { value: p.name }))),
    );
    const sold = (st.players || []).filter((p) => p.bought > 0);
    return h(
      'section',
      { class: 'card', 'data-sales': '' },
      h('h2', { text: t('tour_sales') }),
      h('p', { class: 'tn-counter', 'data-sold': st.sold }, h('b', { text: t('tour_sold', { sold: st.sold, size: st.size }) })),
      h('p', { class: 'hint', 'data-need': need > 0 ? need : 0, text: hint }),
      st.sold < st.size ? form : null,
      sold.length
        ? h('ul', { class: 'tn-list', 'data-buyers': '' }, sold.map((p, i) => h(
            'li',
            { 'data-buyer': p.name },
            h('span', { class: 'tn-name', text: p.name }),
            h('span', { class: 'tn-count-text', text: t('tour_n_cards', { n: p.bought }) }),
            h('button', {
              type: 'button', id: `tn-refund-${i}`, class: 'secondary small', 'data-refund': p.name, 'aria-label': `${t('tour_refund')} (${p.name})`,
              onclick: async () => {
                if (!window.confirm(t('tour_refund_confirm', { name: p.name }))) return;
                if (await this.write({ kind: 'refund', player: p.name, cards: 1 })) this.announce(t('tour_refunded', { name: p.name }));
              },
              text: t('tour_refund'),
            }),
          )))
        : h('p', { class: 'hint', text: t('tour_no_sales') }),
    );
  }

  // ---- the draw ------------------------------------------------------------------

  drawNeeded(st) {
    if (st.phase === 'sales') return true;
    if (st.phase === 'finished') return false;
    return st.pairings.every((p) => p.winner) || Boolean(st.can_commit || (st.commit && st.commit.hash));
  }

  draw(st) {
    const next = st.round + 1;
    const roundDone = st.phase === 'sales' || st.pairings.every((p) => p.winner);
    const hash = st.commit && st.commit.hash;
    const seed = seeds.get(this.store.id, hash);
    const parts = [];
    if (!canHash()) {
      parts.push(h('p', { class: 'notice', 'data-no-crypto': '', text: t('tour_no_crypto') }));
    } else if (hash) {
      parts.push(
        h('p', { class: 'tn-label', text: t('tour_hash_published') }),
        h('p', { class: 'tn-code', 'data-hash': hash, text: hash }),
      );
      // the seed stays in this phone's storage for the draw, and on no screen: whoever saw it
      // could work out the coming draw for every possible result of the round
      if (seed) {
        parts.push(h('p', { class: 'hint', 'data-seed-kept': '', text: t('tour_seed_kept') }));
      } else {
        parts.push(h('p', { class: 'notice', 'data-seed-missing': '', text: t('tour_seed_missing') }));
        if (st.can_commit) parts.push(h('p', { class: 'actions' }, h('button', { type: 'button', id: 'tn-commit', class: 'secondary', 'data-commit': '', onclick: () => this.commit({ focus: true }), text: t('tour_commit_again') })));
      }
    } else {
      parts.push(h('p', { class: 'hint', text: t('tour_commit_hint') }));
      parts.push(h('p', { class: 'actions' }, h('button', {
        type: 'button', id: 'tn-commit', class: roundDone ? 'secondary' : 'primary', 'data-commit': '', disabled: !st.can_commit, onclick: () => this.commit({ focus: true }), text: t('tour_commit'),
      })));
      if (!st.can_commit && st.phase === 'playing') parts.push(h('p', { class: 'hint', text: t('tour_commit_too_late') }));
    }
    const why = this.whyNotYet(st);
    if (canHash() && roundDone) {
      parts.push(h('p', { class: 'actions' }, h('button', {
        type: 'button', id: 'tn-draw', class: 'primary', 'data-draw': '', disabled: !(st.can_draw && hash && seed),
        onclick: () => this.drawSeed(seed), text: t('tour_draw_button', { n: next }),
      })));
    }
    if (why && roundDone) parts.push(h('p', { class: 'hint', 'data-why': '', text: why }));
    return h(
      'section',
      { class: 'card tn-draw', 'data-draw-section': '' },
      h('h2', { id: 'tn-draw-title', tabindex: -1, text: t(roundDone ? 'tour_draw_title' : 'tour_commit_title', { n: next }) }),
      parts,
      roundDone ? this.potsForm(st) : null,
    );
  }

  whyNotYet(st) {
    if (st.phase === 'sales' && st.sold < Math.ceil(st.size / 2)) return t('tour_need', { n: Math.ceil(st.size / 2) - st.sold, least: Math.ceil(st.size / 2) });
    return null;
  }

  /** A new seed kept on this phone, its hash published; ``focus``: then the draw (or the hash) takes the focus. */
  async commit({ focus = false } = {}) {
    if (!canHash()) return;
    const seed = newSeed();
    const hash = await sha256(seed);
    seeds.put(this.store.id, hash, seed);
    if (!(await this.write({ kind: 'commit', hash }))) return;
    this.announce(t('tour_committed'));
    if (!focus) return;
    const draw = document.getElementById('tn-draw');
    const next = draw && !draw.disabled ? draw : document.getElementById('tn-draw-title');
    if (next) next.focus();
  }

  async drawSeed(seed) {
    const round = this.store.state.round + 1;
    const done = await this.write({ kind: 'draw', seed });
    if (!done) return;
    this.announce(t('tour_drawn', { n: round }));
    await this.afterDraw(done.state);
  }

  /** After a draw the new round's tables take the focus. */
  focusRound() {
    const title = document.getElementById('tn-round-title');
    if (title) title.focus();
  }

  /** Right after a draw: the next round's commitment, with a new seed (while it is allowed). */
  async afterDraw(state) {
    this.pots = {};
    this.potsOpen = !canHash();
    this.focusRound();
    if (canHash() && state && state.can_commit && state.phase === 'playing') await this.commit();
  }

  potsForm(st) {
    const order = st.draw_order || [];
    const box = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    const form = h(
      'form',
      {
        class: 'tn-pots', novalidate: true, 'data-pots': '',
        onsubmit: async (e) => {
          e.preventDefault();
          const numbers = {};
          for (const { player } of order) {
            const drawn = (this.pots[player] || '').toUpperCase().split(/[\s,;]+/).filter(Boolean);
            if (drawn.length) numbers[player] = drawn;
          }
          const round = st.round + 1;
          const done = await this.write({ kind: 'draw', numbers }, form, box);
          if (done) {
            this.announce(t('tour_drawn', { n: round }));
            await this.afterDraw(done.state);
          }
        },
      },
      h('p', { class: 'hint', text: t('tour_pots_hint') }),
      box,
      h('ol', { class: 'tn-pot-rows' }, order.map(({ player, cards }, i) => {
        const id = `tn-pot-${i}`;
        // "Wastl ② ③": his cards still in, in the order their numbers are typed
        const holder = (st.players || []).find((p) => p.name === player) || { name: player };
        return h(
          'li',
          { class: 'field', 'data-pot-player': player },
          h('label', { for: id }, h('span', { class: 'tn-name', text: stillInName(holder) }), ' ', h('span', { class: 'hint', text: t('tour_draws_n', { n: cards }) })),
          h('input', {
            id, type: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', placeholder: cards > 1 ? 'L3 R1' : 'L3',
            value: this.pots[player] || '', 'data-field': `numbers.${player}`, 'aria-describedby': `${id}-e`,
            oninput: (e) => { this.pots[player] = e.target.value; },
          }),
          h('p', { class: 'field-error', id: `${id}-e`, 'data-error-for': `numbers.${player}`, hidden: true }),
        );
      })),
      h('p', { class: 'actions' }, h('button', { type: 'submit', id: 'tn-pots-submit', class: canHash() ? 'secondary' : 'primary', 'data-pots-submit': '', disabled: !st.can_draw && st.phase !== 'sales', text: t('tour_pots_submit') })),
    );
    const details = h('details', { class: 'tn-pots-box', 'data-pots-box': '', open: this.potsOpen },
      h('summary', { text: t('tour_pots') }), form);
    details.addEventListener('toggle', () => { this.potsOpen = details.open; });
    return details;
  }

  // ---- the round -------------------------------------------------------------------

  round(st) {
    const pairings = st.pairings || [];
    return h(
      'section',
      { class: 'card', 'data-round': st.round },
      h('h2', { id: 'tn-round-title', tabindex: -1, text: t('tour_round_tables', { n: st.round }) }),
      h('div', { class: 'tn-tables' }, pairings.map((p) => this.tableCard(st, p))),
    );
  }

  tableCard(st, p) {
    const kind = tableKind(p);
    const playing = st.phase === 'playing' && !p.bye && !p.self;
    const m = p.match;
    const decidedByMatch = m && m.finished;
    const actions = [];
    // every table's buttons read alike: each is named with its table and players as well
    // ("Enter result (table 3: Wastl ① – Mirl)"), the visible words first
    const button = (key, attrs) => h('button', {
      type: 'button', class: 'secondary small', text: t(key),
      'aria-label': `${t(key)} ${t('tour_for_table', { n: p.number, players: tableLine(p) })}`, ...attrs,
    });
    if (playing && !p.winner) {
      actions.push(button(p.match_id ? 'tour_match_qr' : 'tour_open_match', {
        id: `tn-match-${p.number}`, 'data-open-match': p.number, 'aria-expanded': String(this.qrShown(st, p)),
        onclick: () => (this.qrShown(st, p) ? this.closeQr() : this.openMatch(p)),
      }));
      if (!decidedByMatch) {
        actions.push(button('tour_enter_result', {
          id: `tn-result-${p.number}`, 'data-enter-result': p.number, 'aria-expanded': String(this.resultOpen(st, p)),
          onclick: () => this.openResult(p, false),
        }));
      }
    }
    if (playing && p.winner && p.by === 'hand') {
      actions.push(button('tour_correct_result', {
        id: `tn-result-${p.number}`, 'data-correct-result': p.number, 'aria-expanded': String(this.resultOpen(st, p)),
        onclick: () => this.openResult(p, true),
      }));
    }
    const open = this.resultOpen(st, p);
    return h(
      'article',
      { class: ['tn-table', `is-${kind}`], 'data-table': p.number, 'data-kind': kind },
      h('h3', { class: 'tn-table-head' },
        h('span', { text: t('tour_table', { n: p.number }) }),
        p.bye ? h('span', { class: 'badge', text: t('tour_bye') }) : null,
        p.self ? h('span', { class: 'badge', text: t('tour_self_badge') }) : null),
      tablePlayers(p),
      h('p', { class: 'tn-status', 'data-status': '', text: tableStatus(p) }),
      actions.length ? h('p', { class: 'actions' }, actions) : null,
      this.qrShown(st, p) ? this.qrPanel(p) : null,
      open ? this.resultForm(p, this.resultFor.replace) : null,
    );
  }

  resultOpen(st, p) {
    return Boolean(this.resultFor && this.resultFor.number === p.number && this.resultFor.round === st.round
      && st.phase === 'playing' && !p.bye && !p.self);
  }

  /** The result form of a table opens below its buttons; its first choice takes the focus. */
  openResult(p, replacing) {
    const { state } = this.store;
    if (this.resultOpen(state, p)) {
      this.closeResult(p);
      return;
    }
    this.resultFor = { round: state.round, number: p.number, replace: replacing };
    this.render();
    const first = this.root.querySelector(`[data-result-form="${p.number}"] input`);
    if (first) first.focus();
  }

  closeResult(p) {
    this.resultFor = null;
    this.render();
    const back = document.getElementById(`tn-result-${p.number}`);
    if (back) back.focus();
  }

  resultForm(p, replacing) {
    const box = h('div', { class: 'problem', role: 'alert', tabindex: -1 });
    // the choice lives in this.resultFor: a live update re-draws the page meanwhile
    const pick = this.resultFor;
    if (pick.winner === undefined) pick.winner = replacing ? p.winner : null;
    const form = h(
      'form',
      {
        class: 'tn-result', novalidate: true, 'data-result-form': p.number,
        onsubmit: async (e) => {
          e.preventDefault();
          const { winner } = pick;
          if (!winner) return showRefusal(form, box, { errors: { winner: t('tour_pick_winner') } });
          const entry = { kind: 'result', number: p.number, winner };
          if (replacing) entry.replace = true;
          const done = await this.write(entry, form, box);
          if (done) {
            const won = seats(p).find((seat) => seat.player === winner);
            this.announce(t('tour_result_saved', { n: p.number, name: cardName(winner, won && won.card) }));
            this.closeResult(p);
          }
          return undefined;
        },
      },
      box,
      h('fieldset', { class: 'tn-choices' },
        h('legend', { text: t('tour_who_won', { n: p.number }) }),
        seats(p).map((seat, i) => h('label', { class: 'tn-choice', for: `tn-w-${p.number}-${i}` },
          h('input', { type: 'radio', name: `tn-winner-${p.number}`, id: `tn-w-${p.number}-${i}`, checked: pick.winner === seat.player, onchange: () => { pick.winner = seat.player; } }),
          h('span', { text: cardName(seat.player, seat.card) }))),
        h('p', { class: 'field-error', 'data-error-for': 'winner', hidden: true })),
      p.match_id ? h('p', { class: 'hint', text: t('tour_result_paper') }) : null,
      h('p', { class: 'actions' },
        h('button', { type: 'submit', id: `tn-result-submit-${p.number}`, class: 'primary', 'data-result-submit': '', text: t('tour_record_result') }),
        h('button', { type: 'button', id: `tn-result-cancel-${p.number}`, class: 'secondary', onclick: () => this.closeResult(p), text: t('tour_cancel') })),
    );
    return form;
  }

  // ---- a table's match and its QR code ---------------------------------------------

  qrShown(st, p) {
    const q = this.qrFor;
    return Boolean(q && q.round === st.round && q.number === p.number && st.phase === 'playing' && !p.winner);
  }

  /**
   * A table's match opened (or opened before: the same match) and its QR code shown in the
   * table's card, not over the page: the organiser keeps working (another table, a result)
   * while the players scan it. The focus goes to it; Escape or Close puts it away.
   */
  async openMatch(p) {
    const round = this.store.state.round;
    let links;
    try {
      links = (await tnApi.openMatch(this.store.id, this.store.token, p.number)).data;
    } catch (err) {
      this.announce(err instanceof ApiError ? err.message : t('offline'));
      return;
    }
    this.store.refresh({ force: true });
    const address = await lanAddress();
    this.qrFor = { round, number: p.number, url: reachable(links.join_url, address), address };
    this.render();
    const title = document.getElementById(`tn-qr-title-${p.number}`);
    if (title) title.focus();
    const key = `${round}:${p.number}`;
    try {
      if (!this.qr.has(key)) this.qr.set(key, URL.createObjectURL((await tnApi.tableQr(this.store.id, this.store.token, p.number, address)).data));
      const img = this.root.querySelector(`img[data-table-qr="${p.number}"]`);
      if (img) img.src = this.qr.get(key);
    } catch {
      this.qrFailed = key;
      const img = this.root.querySelector(`img[data-table-qr="${p.number}"]`);
      if (img) img.replaceWith(h('p', { class: 'hint', text: t('qr_failed') }));
    }
  }

  closeQr() {
    const q = this.qrFor;
    this.qrFor = null;
    this.render();
    const back = q && document.getElementById(`tn-match-${q.number}`);
    if (back) back.focus();
  }

  qrPanel(p) {
    const q = this.qrFor;
    const key = `${q.round}:${p.number}`;
    const titleId = `tn-qr-title-${p.number}`;
    const linkId = `tn-join-link-${p.number}`;
    const qr = this.qrFailed === key
      ? { box: h('div', { class: 'qr-box' }, h('p', { class: 'hint', text: t('qr_failed') })) }
      : qrImage(t('tour_qr_alt', { n: p.number }), { src: this.qr.get(key) || undefined, 'data-table-qr': p.number });
    const input = h('input', { id: linkId, type: 'text', readonly: true, value: q.url, class: 'link', 'data-join-link': '' });
    const players = tableLine(p);
    return h(
      'section',
      {
        class: 'tn-qr-panel', 'data-match-dialog': p.number, 'aria-labelledby': titleId,
        onkeydown: (e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            this.closeQr();
          }
        },
      },
      h('h4', { id: titleId, class: 'tn-qr-title', tabindex: -1, text: t('tour_qr_title', { n: p.number }) }),
      h('p', { class: 'hint', text: t('tour_qr_hint') }),
      q.address ? localNotice(q.address) : null,
      qr.box,
      h('div', { class: 'field' },
        h('label', { for: linkId, text: t('tour_join_link') }),
        h('div', { class: 'link-row' }, input, copyButton(q.url, input, this.announce, {
          id: `tn-qr-copy-${p.number}`, 'aria-label': `${t('copy')} ${t('tour_for_table', { n: p.number, players })}`,
        }))),
      h('p', { class: 'actions' }, h('button', {
        type: 'button', class: 'secondary', id: `tn-qr-close-${p.number}`, 'data-close-dialog': '', onclick: () => this.closeQr(), text: t('tour_close'),
        'aria-label': `${t('tour_close')} ${t('tour_for_table', { n: p.number, players })}`,
      })),
    );
  }

  // ---- players, prizes, a tie ----------------------------------------------------------

  still(st) {
    const inPlay = stillIn(st);
    const out = (st.players || []).filter((p) => p.cards === 0 && p.bought > 0);
    return h(
      'section',
      { class: 'card', 'data-still-in': '' },
      h('h2', { text: t('tour_still_in', { n: inPlay.length }) }),
      h('ul', { class: 'tn-list' }, inPlay.map((p) => h('li', { 'data-in': p.name },
        h('span', { class: 'tn-name', text: stillInName(p) }), h('span', { class: 'tn-count-text', text: t('tour_n_cards', { n: p.cards }) })))),
      out.length ? h('p', { class: 'hint tn-out' }, t('tour_out', { players: out.map((p) => p.name) })) : null,
    );
  }

  prizes(st) {
    const tie = st.prize_tie;
    return h(
      'section',
      { class: 'card', 'data-prize-section': '' },
      h('h2', { text: t('tour_prize_list') }),
      prizeList(st),
      tie && st.phase !== 'sales' ? this.settleForm(tie) : null,
    );
  }

  /** The i-th row of the settled order: a player named twice takes his lower card first (as the server places them). */
  tieName(tie, order, i) {
    const name = order[i];
    const mine = tieCards(tie).filter((c) => c.player === name).map((c) => c.card).sort((a, b) => (a || 0) - (b || 0));
    const nth = order.slice(0, i).filter((n) => n === name).length;
    return cardName(name, mine[nth]);
  }

  settleForm(tie) {
    const same = this.tieOrder && this.tieOrder.length === tie.players.length && tie.players.every((n) => this.tieOrder.includes(n));
    if (!same) this.tieOrder = [...tie.players];
    const order = this.tieOrder;
    const box = h('div', { class: 'problem', role: 'alert', tabindex: -1 });
    const move = (i, by) => {
      [order[i], order[i + by]] = [order[i + by], order[i]];
      this.render();
      const el = document.getElementById(`tn-tie-${by < 0 ? 'up' : 'down'}-${i + by}`);
      if (el && !el.disabled) el.focus();
    };
    const form = h(
      'form',
      {
        class: 'tn-settle', novalidate: true, 'data-settle': '',
        onsubmit: async (e) => {
          e.preventDefault();
          if (await this.write({ kind: 'settle', order: [...order] }, form, box)) {
            this.tieOrder = null;
            this.announce(t('tour_settled'));
          }
        },
      },
      h('h3', { text: tieText('tour_settle_title', tie) }),
      h('p', { class: 'hint', text: t('tour_settle_hint') }),
      box,
      h('ol', { class: 'tn-order' }, order.map((name, i) => h(
        'li',
        { class: 'tn-order-row', 'data-tie-player': name },
        h('span', { class: 'tn-name', text: this.tieName(tie, order, i) }),
        h('button', { type: 'button', class: 'icon-button', id: `tn-tie-up-${i}`, disabled: i === 0, 'aria-label': t('seat_up', { name: this.tieName(tie, order, i) }), onclick: () => move(i, -1), text: '↑' }),
        h('button', { type: 'button', class: 'icon-button', id: `tn-tie-down-${i}`, disabled: i === order.length - 1, 'aria-label': t('seat_down', { name: this.tieName(tie, order, i) }), onclick: () => move(i, 1), text: '↓' }),
      ))),
      h('p', { class: 'actions' }, h('button', { type: 'submit', id: 'tn-settle-submit', class: 'primary', 'data-settle-submit': '', text: t('tour_settle') })),
    );
    return form;
  }
}
