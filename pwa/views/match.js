// The match page: what's next, the slates, the entry form, the hands (with their audit
// trail, corrections and the outbox), the saved rulings, the sub-games and the invitation.
// A viewer (or #/m/{id}/{token}/board) gets the board: big slates for a tablet or a TV.

import { ApiError, KeyRing, NetworkError, api } from '../api.js';
import { cardChip, cardName } from '../cards.js';
import { h, randomKey, replace } from '../dom.js';
import { problemText } from '../forms.js';
import { has, lang, list, plural, subgameName, suitName, t } from '../i18n.js';
import { loadCatalogue, ruleLabel, valueLabel } from '../rules.js';
import { slate } from '../slate.js';
import { Live, MatchStore, tables } from '../store.js';
import { suitIcon } from '../suits.js';
import { DreegEntryForm } from './entry-dreeg.js';

// R1: the order of the eight sub-games, by house rule `order`.
const BASE = ['deutsch', 'ace_of_hearts', 'rufen', 'kamerun'];
const RECENT_HANDS = 8; // older hands behind a "show all" button

const ORDERS = {
  nauf_und_noo: [...BASE, ...BASE.slice().reverse()],
  cycle: [...BASE, ...BASE],
};

export function mountMatch(root, { id, token, view: mode, announce }) {
  const store = new MatchStore(id, token);
  const live = new Live(store);
  const view = new MatchView(root, store, announce, mode);
  store.addEventListener('change', (e) => view.onChange(e.detail.what));
  view.render();
  live.start();
  // the screen stays on while the table is open (where the browser offers it)
  let lock = null;
  const wake = async () => {
    if (document.hidden || lock || !navigator.wakeLock) return;
    try {
      lock = await navigator.wakeLock.request('screen');
      lock.addEventListener('release', () => { lock = null; });
    } catch {
      // refused (battery saver): the screen may dim
    }
  };
  const print = () => view.renderHistory(true);
  document.addEventListener('visibilitychange', wake);
  window.addEventListener('beforeprint', print);
  wake();
  const ticker = setInterval(() => view.renderConnection(), 30000);
  return {
    relabel: () => view.render({ relabel: true }),
    destroy: () => {
      live.stop();
      clearInterval(ticker);
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('beforeprint', print);
      if (lock) lock.release();
      lock = null;
      root.classList.remove('is-board');
      view.destroy();
    },
  };
}

class MatchView {
  constructor(root, store, announce, mode) {
    this.root = root;
    this.store = store;
    this.announce = announce;
    this.mode = mode;
    this.form = null;
    this.qrUrl = null;
    this.qrFailed = false;
    this.voidKeys = new KeyRing(randomKey);
    this.sections = null;
    this.showAllHands = false;
    this.catalogue = null;
    this.joining = !tables.get(store.id); // a phone that just joined by the QR code sees the house rules open
    loadCatalogue().then((games) => {
      this.catalogue = games;
      if (this.sections && this.store.match) replace(this.sections.rules, houseRules(this.store.match, games));
    });
  }

  destroy() {
    if (this.qrUrl) URL.revokeObjectURL(this.qrUrl);
    this.qrUrl = null;
  }

  get board() {
    return this.mode === 'board' || (this.mode !== 'full' && this.store.match && this.store.match.access === 'viewer');
  }

  onChange(what) {
    if (what === 'error' || what === 'online') this.renderConnection();
    if (this.store.status === 'missing' || what === 'match' || (what === 'pending' && this.store.match)) this.render();
    if (what === 'rulings' && this.sections) this.renderRulings();
  }

  render({ relabel = false } = {}) {
    const store = this.store;
    if (store.status === 'missing') return this.renderMissing();
    if (store.status === 'loading' || !store.match) {
      replace(this.root, h('h1', { class: 'page-title', tabindex: -1, text: t('loading') }));
      this.sections = null;
      return undefined;
    }
    if (!this.sections || this.sections.board !== this.board) this.mount();
    const { state } = store.match;
    const s = this.sections;
    replace(s.title, state.finished ? t('finished') : t('subgame_of', { n: state.subgame.number, type: subgameName(state.subgame.type) }));
    replace(s.next, nextLine(state));
    s.switch.textContent = t(s.board ? 'full_view' : 'board_view');
    replace(s.slates, h('h2', { class: 'vh', text: t('slates') }), s.stale, slates(store.match));
    this.renderConnection();
    if (s.board) {
      replace(s.recent, h('h2', { text: t('recent') }), h('ul', { class: 'recent-list' }, store.hands.filter((e) => !isVoided(e)).slice(-4).reverse().map((e) => h('li', { text: `${t('hand_n', { seq: e.seq })}: ${outcomeText(e.result || {})}` }))));
      return undefined;
    }
    s.referee.textContent = t('referee_open');
    this.renderEntry(relabel);
    this.renderHistory();
    this.renderRulings();
    replace(s.subgames, subgameTable(store.match));
    if (relabel || !s.rules.firstChild) replace(s.rules, houseRules(store.match, this.catalogue));
    if (relabel || !s.invite.firstChild) this.renderInvite();
    return undefined;
  }

  mount() {
    const { id, token } = this.store;
    const board = this.board;
    const base = `#/m/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
    const s = {
      board,
      title: h('h1', { class: 'page-title', tabindex: -1, 'data-title': '' }),
      next: h('p', { class: 'next', 'data-next': '', 'aria-live': 'polite' }),
      switch: h('a', { class: 'button secondary small', href: `${base}/${board ? 'full' : 'board'}`, 'data-board-link': '' }),
      referee: h('a', { class: 'button secondary small', href: `#/referee/${encodeURIComponent(id)}`, 'data-referee-link': '' }),
      connection: h('p', { class: 'connection', role: 'status', 'data-connection': '', hidden: true }),
      stale: h('p', { class: 'stale-badge', role: 'status', 'data-stale-badge': '', hidden: true }),
      slates: h('section', { class: 'slates', 'data-slates': '' }),
      recent: h('section', { class: 'recent', 'data-recent': '' }),
      entry: h('div', { 'data-entry-slot': '' }),
      history: h('section', { class: 'card history', 'data-history': '' }),
      rulings: h('section', { class: 'card rulings', 'data-rulings': '', hidden: true }),
      subgames: h('section', { class: 'card', 'data-subgames': '' }),
      rules: h('details', { class: 'card house-rules', 'data-rules': '', open: this.joining || this.store.match.next_seq <= 1 }),
      invite: h('details', { class: 'card invite', 'data-invite': '', open: this.store.match.next_seq <= 1 }),
    };
    this.sections = s;
    this.form = null;
    const hadFocus = this.root.contains(document.activeElement);
    this.root.classList.toggle('is-board', board);
    replace(
      this.root,
      h('div', { class: 'match-head' }, s.title, s.connection),
      s.next,
      h('p', { class: 'head-links' }, board ? null : s.referee, s.switch),
      s.slates,
      board ? s.recent : [s.entry, s.history, s.rulings, s.subgames, s.rules, s.invite],
    );
    if (hadFocus) s.title.focus();
  }

  renderMissing() {
    this.sections = null;
    replace(
      this.root,
      h('h1', { class: 'page-title', tabindex: -1, text: t('not_found') }),
      h(
        'p',
        { class: 'actions' },
        h('a', { href: '#/', class: 'button secondary', text: t('back_home') }),
        h('button', {
          type: 'button',
          class: 'secondary',
          onclick: () => {
            tables.forget(this.store.id);
            location.hash = '#/';
          },
          text: t('forget'),
        }),
      ),
    );
  }

  renderConnection() {
    if (!this.sections) return;
    const { error: err, fresh, seen } = this.store;
    const el = this.sections.connection;
    el.hidden = !err || err instanceof NetworkError;
    el.textContent = el.hidden ? '' : err.message;
    // never a stale score shown as current
    const badge = this.sections.stale;
    badge.hidden = fresh;
    badge.textContent = fresh ? '' : t('stale_badge', { time: seen ? new Date(seen).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' }) : '–' });
  }

  renderEntry(relabel) {
    const slot = this.sections.entry;
    const { state } = this.store.match;
    if (state.finished) {
      this.form = null;
      replace(slot, ranking(this.store.match));
      return;
    }
    if (!this.store.canWrite) {
      this.form = null;
      replace(slot, h('p', { class: 'card hint', 'data-read-only': '', text: t('read_only') }));
      return;
    }
    if (!this.form) {
      this.form = new DreegEntryForm(this.store, { announce: this.announce });
      this.pendingNote = h('p', { class: 'notice card', role: 'status', 'data-pending-note': '' });
      replace(slot, this.pendingNote, this.form.el);
    }
    const waiting = this.store.pending.filter((w) => !w.error);
    this.pendingNote.hidden = !waiting.length;
    this.pendingNote.textContent = waiting.length ? t('pending_form', { list: waiting.map((w) => w.seq).join(', ') }) : '';
    this.form.update({ relabel });
  }

  renderHistory(everything) {
    if (!this.sections || this.sections.board) return;
    if (everything) this.showAllHands = true;
    const all = this.store.hands.slice().reverse();
    const hands = this.showAllHands ? all : all.slice(0, RECENT_HANDS);
    const pending = this.store.pending.slice().reverse();
    replace(
      this.sections.history,
      h('h2', { text: t('history') }),
      h(
        'p',
        { class: 'actions exports' },
        ['csv', 'json'].map((ext) => h('button', { type: 'button', class: 'secondary small', 'data-export': ext, onclick: () => this.download(ext), text: t('export', { ext: ext.toUpperCase() }) })),
        h('button', { type: 'button', class: 'secondary small', 'data-print': '', onclick: () => window.print(), text: t('print') }),
      ),
      pending.length ? h('ol', { class: 'hands pending', 'data-pending': '' }, pending.map((w) => this.pendingItem(w))) : null,
      hands.length
        ? h('ol', { class: 'hands', reversed: true }, hands.map((entry) => this.handItem(entry)))
        : h('p', { class: 'hint', text: t('no_hands') }),
      hands.length < all.length
        ? h('button', {
            type: 'button',
            class: 'secondary',
            'data-show-all': '',
            onclick: () => {
              this.showAllHands = true;
              this.renderHistory();
            },
            text: t('show_all', { n: all.length }),
          })
        : null,
    );
  }

  handItem(entry) {
    const voided = isVoided(entry);
    const result = entry.result || {};
    const facts = factsOf({ ...entry, trump: null });
    const canVoid = this.store.canWrite && !voided && !this.store.pending.length;
    const seq = entry.seq;
    return h(
      'li',
      { class: ['hand', voided && 'is-voided'], 'data-seq': seq },
      h(
        'div',
        { class: 'hand-title' },
        h('h3', {}, t('hand_n', { seq })),
        entry.trump ? h('span', { class: 'trump-tag' }, suitIcon(entry.trump), suitName(entry.trump)) : null,
        voided ? h('span', { class: 'badge badge-out', text: t('voided') }) : null,
        canVoid
          ? [
              h('button', { type: 'button', class: 'secondary small', 'data-correct': seq, 'aria-label': t('correct_n', { seq }), onclick: () => this.correct(entry), text: t('correct') }),
              h('button', { type: 'button', class: 'secondary small', 'data-void': seq, 'aria-label': t('void_n', { seq }), onclick: () => this.voidHand(seq), text: t('void') }),
            ]
          : null,
      ),
      facts ? h('p', { class: 'facts', text: facts }) : null,
      voided || !(result.sides || []).length
        ? null
        : h('p', { class: 'sides', 'data-sides': '', text: result.sides.map(sideText).join(' · ') }),
      voided || !(result.steps || []).length
        ? null
        : h('p', { class: 'facts', 'data-steps': '', text: t('steps', { list: result.steps.map((st) => `${st.due} → ${list(st.players || [])}`).join('; ') }) }),
      voided ? null : h('p', { class: 'outcome', text: outcomeText(result) }),
      voided || !(result.notes || []).length
        ? null
        : h(
            'ul',
            { class: 'notes' },
            result.notes.map((note) =>
              h('li', {}, note.rule ? h('span', { class: 'rule', text: note.rule }) : null, ` ${noteText(note)}`),
            ),
          ),
      (entry.audit || []).length
        ? h('ul', { class: 'audit', 'data-audit': seq }, entry.audit.map((a) => h('li', { text: t(`audit_${a.action}`, { at: when(a.at), by: t(`by_${a.by}`), was: factsOf(a.previous || {}) }) })))
        : null,
      h('p', { class: 'field-error', 'data-void-error': seq, role: 'alert', hidden: true }),
    );
  }

  /** A hand in the outbox: waiting for the network, or refused and waiting for the player. */
  pendingItem(w) {
    const err = w.error;
    const problem = (err && err.problem) || {};
    let text = t('pending_wait');
    if (err && err.status === 409) {
      text = t('pending_conflict', { seq: w.seq, theirs: factsOf(problem.recorded || this.store.hands.find((e) => e.seq === w.seq) || {}) || '–', mine: factsOf(w.body) });
    } else if (err) text = problemText(problem) || t('error_generic', { status: err.status });
    return h(
      'li',
      { class: ['hand', 'is-pending', err && 'is-refused'], 'data-pending-seq': w.seq },
      h('div', { class: 'hand-title' }, h('h3', {}, t('hand_n', { seq: w.seq })), h('span', { class: 'badge badge-deal', text: t(err ? 'refused' : 'pending') })),
      h('p', { class: 'facts', text: factsOf(w.body) }),
      h('p', { class: err ? 'field-error' : 'hint', role: err ? 'alert' : null, text }),
      err
        ? h(
            'p',
            { class: 'actions' },
            h('button', { type: 'button', class: 'secondary small', 'data-reenter': w.seq, onclick: () => this.reenter(w), text: t('reenter') }),
            h('button', { type: 'button', class: 'secondary small', 'data-discard-pending': w.seq, onclick: () => this.store.discard(w.key), text: t('discard') }),
          )
        : null,
    );
  }

  /** A refused hand from the outbox, back into the entry form for the current hand. */
  async reenter(w) {
    await this.store.discard(w.key);
    if (!this.form) return;
    this.form.dirty = false;
    this.form.fillFrom(w.body, 'reentered');
    this.form.el.scrollIntoView({ block: 'start' });
  }

  correct(entry) {
    if (!this.form) return;
    this.form.correct(entry);
    this.form.el.scrollIntoView({ block: 'start' });
    const first = this.form.el.querySelector('input, select');
    if (first) first.focus();
  }

  async download(ext) {
    try {
      const res = await api.download(this.store.id, this.store.token, ext);
      const url = URL.createObjectURL(res.data);
      const a = h('a', { href: url, download: `kreide-${this.store.id}.${ext}` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      this.announce(err instanceof ApiError ? problemText(err.problem) : t('offline'));
    }
  }

  /** The rulings saved to this match: what was asked, the answer and its rule. */
  renderRulings() {
    const s = this.sections;
    if (!s || s.board) return;
    const rulings = this.store.rulings;
    s.rulings.hidden = !rulings;
    if (!rulings) return;
    replace(
      s.rulings,
      h('h2', { text: t('precedents') }),
      rulings.length
        ? h('ul', { class: 'hands' }, rulings.map((r) => {
            const q = r.question || {};
            const a = r.answer || {};
            const sub = subgameName(q.subgame || 'deutsch');
            return h(
              'li',
              { class: 'hand', 'data-ruling': '' },
              h('h3', {}, r.kind === 'hand' ? t('prec_hand', { sub, n: (q.plays || []).length }) : [t('prec_play', { sub }), ' ', q.card ? cardChip(q.card) : null]),
              h('p', {}, r.rule ? [h('span', { class: 'rule', text: r.rule }), ' '] : null, r.legal ? t('ref_yes') : t('ref_no'), a.reason ? `: ${a.reason}` : r.kind === 'hand' ? `: ${t(r.legal ? 'ref_hand_legal' : 'ref_hand_illegal', { n: (a.violations || []).length })}` : ''),
              r.note ? h('p', { class: 'hint', text: r.note }) : null,
            );
          }))
        : h('p', { class: 'hint', text: t('no_precedents') }),
    );
  }

  async voidHand(seq) {
    if (!window.confirm(t('void_confirm', { seq }))) return;
    const key = this.voidKeys.keyFor({ seq, revision: this.store.match.revision, version: this.store.match.version });
    try {
      await this.store.voidHand(seq, key);
      this.voidKeys.done();
      this.announce(t('voided_ok', { seq }));
    } catch (err) {
      const slot = this.root.querySelector(`[data-void-error="${seq}"]`);
      const text = err instanceof ApiError ? problemText(err.problem) : t('offline');
      if (slot) {
        slot.textContent = text;
        slot.hidden = false;
      } else this.announce(text);
      if (err instanceof ApiError) this.voidKeys.done();
    }
  }

  renderInvite() {
    const { id, token } = this.store;
    const saved = tables.get(id) || {};
    const scorer = this.store.canWrite;
    const ownUrl = `${location.origin}/#/m/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
    const viewUrl = scorer ? saved.view_url : ownUrl;
    const img = h('img', { class: 'qr', alt: t('qr_alt'), width: 240, height: 240, 'data-qr': '' });
    const qr = h('div', { class: 'qr-box' }, img);
    replace(
      this.sections.invite,
      h('summary', {}, h('h2', { text: t('invite') })),
      qr,
      scorer ? linkField(t('join_link'), ownUrl, 'join', this.announce) : null,
      viewUrl ? linkField(t('view_link'), viewUrl, 'view', this.announce) : null,
    );
    this.loadQr(img, qr);
  }

  async loadQr(img, box) {
    if (this.qrFailed) {
      replace(box, h('p', { class: 'hint', text: t('qr_failed') }));
      return;
    }
    if (!this.qrUrl) {
      try {
        const res = await api.qr(this.store.id, this.store.token);
        this.qrUrl = URL.createObjectURL(res.data);
      } catch {
        this.qrFailed = true;
        replace(box, h('p', { class: 'hint', text: t('qr_failed') }));
        return;
      }
    }
    img.src = this.qrUrl;
  }
}

/** What was entered, in one line: "Anna 70 (4) · Benno 50 (2); last trick Anna". */
function factsOf(entry) {
  const facts = [];
  if (entry.dealer) facts.push(t('dealer_chosen', { name: entry.dealer }));
  if (entry.declarer) facts.push(t('declarer_fact', { name: entry.declarer }));
  if (entry.surrender) facts.push(t('surrendered'));
  if (entry.caller) facts.push(t('called_fact', { name: entry.caller, card: entry.called_card ? cardName(entry.called_card) : '?' }));
  if (entry.partner === null) facts.push(t('plays_alone'));
  else if (entry.partner) facts.push(t('partner_fact', { name: entry.partner }));
  if (entry.durchmarsch) facts.push(t('durchmarsch_fact', { name: entry.durchmarsch }));
  if (entry.points) {
    facts.push(
      Object.entries(entry.points)
        .map(([name, pts]) => `${name} ${pts}${entry.tricks && name in entry.tricks ? ` (${entry.tricks[name]})` : ''}`)
        .join(' · '),
    );
  }
  if (entry.last_trick) facts.push(t('last_by', { name: entry.last_trick }));
  if (entry.claim) facts.push(t('claim_by', { name: entry.claim }));
  if (entry.trump) facts.push(`${t('trump')} ${suitName(entry.trump)}`);
  for (const meld of entry.melds || []) facts.push(t('meld_by', { suit: suitName(meld.suit), name: meld.player }));
  return facts.join('; ');
}

function outcomeText(result) {
  const erased = Object.entries(result.subtract || {}).filter(([, n]) => n > 0);
  const outcome = [
    erased.length ? t('erased', { list: erased.map(([name, n]) => `${name} ${n}`).join(', ') }) : t('nothing_erased'),
  ];
  if ((result.dropped || []).length) outcome.push(t('dropped_out', { names: list(result.dropped) }));
  if ((result.losers || []).length) outcome.push(t('losers', { names: list(result.losers) }));
  return outcome.join(' · ');
}

/** "14:05" today, else "3.11. 14:05". */
function when(at) {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const time = d.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
  return d.toDateString() === new Date().toDateString() ? time : `${d.toLocaleDateString(lang, { day: 'numeric', month: 'numeric' })} ${time}`;
}

function isVoided(entry) {
  return Boolean(entry.voided || entry.voided_at || entry.status === 'voided' || entry.status === 'replaced');
}

/** "Declarer Anna: 70 (4)": a side of a side game, its card points (with marriages) and tricks. */
function sideText(side) {
  const name = has(`side_${side.name}`) ? t(`side_${side.name}`) : side.name;
  return `${name} ${list(side.players || [])}: ${side.points} (${side.tricks})`;
}

/** R14: the final ranking by blobs, fewest first; equal counts share a place. */
function ranking(match) {
  const { state } = match;
  const blobs = (name) => (state.blobs || {})[name] || 0;
  const winners = new Set(state.winners || []);
  const order = match.players.slice().sort((a, b) => blobs(a) - blobs(b));
  return h(
    'section',
    { class: 'card ranking', 'data-ranking': '' },
    h('h2', { text: t('ranking') }),
    h(
      'ol',
      { class: 'ranking-list' },
      order.map((name) => {
        const n = blobs(name);
        const place = 1 + order.filter((other) => blobs(other) < n).length;
        return h(
          'li',
          { class: winners.has(name) && 'is-winner', value: place, 'data-rank': name },
          h('span', { class: 'rank-name', text: name }),
          h('span', { class: 'rank-dots', 'aria-hidden': 'true', text: '●'.repeat(n) }),
          h('span', { class: 'rank-count', text: plural('blobs', n) }),
          winners.has(name) ? h('span', { class: 'badge badge-win', text: t('winner_mark') }) : null,
        );
      }),
    ),
  );
}

function noteText(note) {
  return note[lang] || note.en || note.code || '';
}

function nextLine(state) {
  if (state.finished) {
    const winners = state.winners || [];
    return winners.length ? t(winners.length > 1 ? 'winners_many' : 'winners', { names: list(winners) }) : '';
  }
  if (state.dealer === null && state.chooser && state.chooser.length) {
    return t(state.chooser.length > 1 ? 'choose_dealer_many' : 'chooses_dealer', { chooser: list(state.chooser) });
  }
  if (!state.dealer) return '';
  return state.forehand
    ? t('next_deal', { dealer: state.dealer, forehand: state.forehand })
    : t('next_deal_only', { dealer: state.dealer });
}

function slates(match) {
  const { state } = match;
  const last = (state.subgames || [])[state.subgames.length - 1];
  // the sub-game just lost stays marked while its loser chooses the next dealer (R13)
  const marked = last && (state.dealer === null || state.finished) ? new Set(last.losers || []) : new Set();
  const active = new Set(state.active || []);
  const winners = new Set(state.finished ? state.winners || [] : []);
  return h(
    'div',
    { class: 'slate-grid' },
    match.players.map((name) =>
      slate({
        name,
        strokes: state.strokes ? state.strokes[name] : undefined,
        blobs: state.blobs ? state.blobs[name] : 0,
        out: !state.finished && !active.has(name),
        lost: marked.has(name) ? last.number : null,
        winner: winners.has(name),
        dealer: !state.finished && state.dealer === name,
        forehand: !state.finished && state.forehand === name,
      }),
    ),
  );
}

function subgameTable(match) {
  const { state } = match;
  const order = ORDERS[(match.rules || {}).order] || ORDERS.nauf_und_noo;
  const played = new Map((state.subgames || []).map((g) => [g.number, g]));
  const rows = order.map((type, i) => {
    const n = i + 1;
    const done = played.get(n);
    const current = !state.finished && state.subgame.number === n;
    return h(
      'tr',
      { class: [current && 'is-current', !done && !current && 'is-future'] },
      h('td', { text: String(n) }),
      h('td', { text: subgameName(done ? done.type : current ? state.subgame.type : type) }),
      h('td', { text: done ? list(done.losers || []) : current ? t('running') : '' }),
    );
  });
  return [
    h('h2', { text: t('subgames') }),
    h(
      'table',
      { class: 'subgames' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('col_no') }), h('th', { scope: 'col', text: t('col_subgame') }), h('th', { scope: 'col', text: t('col_losers') }))),
      h('tbody', {}, rows),
    ),
    h('p', { class: 'blob-counts', 'data-blob-counts': '' }, h('b', { text: `${t('col_blobs')}: ` }), match.players.map((p) => `${p} ${(state.blobs || {})[p] || 0}`).join(' · ')),
  ];
}

/** The house rules fixed at creation, shown to everyone at the table (with their R-numbers). */
function houseRules(match, games) {
  const game = (games || []).find((g) => g.name === match.game);
  const known = game ? game.rules : Object.keys(match.rules || {}).map((name) => ({ name }));
  return [
    h('summary', { text: t('house_rules') }),
    h(
      'dl',
      { class: 'rules-list' },
      known.map((rule) => {
        const value = (match.rules || {})[rule.name];
        const changed = rule.default !== undefined && value !== rule.default;
        return [
          h('dt', {}, ruleLabel(rule), rule.rule ? h('span', { class: 'rule', text: ` ${rule.rule}` }) : null),
          h('dd', { class: changed ? 'changed' : null, text: valueLabel(rule.name, value) + (changed ? ` (${t('house_rule_changed')})` : '') }),
        ];
      }),
    ),
  ];
}

function linkField(label, url, kind, announce) {
  const id = `link-${kind}`;
  const input = h('input', { id, type: 'text', readonly: true, value: url, 'data-link': kind, class: 'link' });
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id, text: label }),
    h(
      'div',
      { class: 'link-row' },
      input,
      h('button', {
        type: 'button',
        class: 'secondary',
        'data-copy': kind,
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(url);
            announce(t('copied'));
          } catch {
            input.select();
            announce(document.execCommand && document.execCommand('copy') ? t('copied') : t('copy_failed'));
          }
        },
        text: t('copy'),
      }),
    ),
  );
}
