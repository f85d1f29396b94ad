// The match page: what's next, the slates, the entry form, the hands, the sub-games and
// the invitation (QR code and links).

import { ApiError, KeyRing, NetworkError, api } from '../api.js';
import { cardName } from '../cards.js';
import { h, randomKey, replace } from '../dom.js';
import { problemText } from '../forms.js';
import { has, lang, list, plural, subgameName, suitName, t } from '../i18n.js';
import { loadCatalogue, ruleLabel, valueLabel } from '../rules.js';
import { slate } from '../slate.js';
import { MatchStore, Poller, tables } from '../store.js';
import { suitIcon } from '../suits.js';
import { DreegEntryForm } from './entry-dreeg.js';

// R1: the order of the eight sub-games, by house rule `order`.
const BASE = ['deutsch', 'ace_of_hearts', 'rufen', 'kamerun'];
const RECENT_HANDS = 8; // older hands behind a "show all" button

const ORDERS = {
  nauf_und_noo: [...BASE, ...BASE.slice().reverse()],
  cycle: [...BASE, ...BASE],
};

export function mountMatch(root, { id, token, announce }) {
  const store = new MatchStore(id, token);
  const poller = new Poller(store);
  const view = new MatchView(root, store, announce);
  store.addEventListener('change', (e) => view.onChange(e.detail.what));
  view.render();
  poller.start();
  return {
    relabel: () => view.render({ relabel: true }),
    destroy: () => {
      poller.stop();
      view.destroy();
    },
  };
}

class MatchView {
  constructor(root, store, announce) {
    this.root = root;
    this.store = store;
    this.announce = announce;
    this.form = null;
    this.qrUrl = null;
    this.qrFailed = false;
    this.voidKeys = new KeyRing(randomKey);
    this.sections = null;
    this.showAllHands = false;
    this.catalogue = null;
    loadCatalogue().then((games) => {
      this.catalogue = games;
      if (this.sections && this.store.match) replace(this.sections.rules, houseRules(this.store.match, games));
    });
  }

  destroy() {
    if (this.qrUrl) URL.revokeObjectURL(this.qrUrl);
    this.qrUrl = null;
  }

  onChange(what) {
    if (what === 'error' || what === 'online') this.renderConnection();
    if (this.store.status === 'missing' || what === 'match') this.render();
  }

  render({ relabel = false } = {}) {
    const store = this.store;
    if (store.status === 'missing') return this.renderMissing();
    if (store.status === 'loading' || !store.match) {
      replace(this.root, h('h1', { class: 'page-title', tabindex: -1, text: t('loading') }));
      this.sections = null;
      return undefined;
    }
    if (!this.sections) this.mount();
    const { state } = store.match;
    const s = this.sections;
    replace(s.title, state.finished ? t('finished') : t('subgame_of', { n: state.subgame.number, type: subgameName(state.subgame.type) }));
    replace(s.next, nextLine(state));
    s.referee.textContent = t('referee_open');
    replace(s.slates, h('h2', { class: 'vh', text: t('slates') }), slates(store.match));
    this.renderEntry(relabel);
    this.renderHistory();
    replace(s.subgames, subgameTable(store.match));
    if (relabel || !s.rules.firstChild) replace(s.rules, houseRules(store.match, this.catalogue));
    if (relabel || !s.invite.firstChild) this.renderInvite();
    this.renderConnection();
    return undefined;
  }

  mount() {
    const s = {
      title: h('h1', { class: 'page-title', tabindex: -1, 'data-title': '' }),
      next: h('p', { class: 'next', 'data-next': '' }),
      referee: h('a', { class: 'button secondary small', href: `#/referee/${encodeURIComponent(this.store.id)}`, 'data-referee-link': '' }),
      connection: h('p', { class: 'connection', role: 'status', 'data-connection': '', hidden: true }),
      slates: h('section', { class: 'slates', 'data-slates': '' }),
      entry: h('div', { 'data-entry-slot': '' }),
      history: h('section', { class: 'card history', 'data-history': '' }),
      subgames: h('section', { class: 'card', 'data-subgames': '' }),
      rules: h('details', { class: 'card house-rules', 'data-rules': '', open: this.store.match.next_seq <= 1 }),
      invite: h('details', { class: 'card invite', 'data-invite': '', open: this.store.match.next_seq <= 1 }),
    };
    this.sections = s;
    const hadFocus = this.root.contains(document.activeElement);
    replace(
      this.root,
      h('div', { class: 'match-head' }, s.title, s.next, s.connection, s.referee),
      s.slates,
      s.entry,
      s.history,
      s.subgames,
      s.rules,
      s.invite,
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
    const err = this.store.error;
    const el = this.sections.connection;
    el.hidden = !err;
    el.textContent = !err ? '' : err instanceof NetworkError ? t('offline') : err.message;
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
      replace(slot, this.form.el);
    }
    this.form.update({ relabel });
  }

  renderHistory() {
    const all = this.store.hands.slice().reverse();
    const hands = this.showAllHands ? all : all.slice(0, RECENT_HANDS);
    replace(
      this.sections.history,
      h('h2', { text: t('history') }),
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
    for (const meld of entry.melds || []) facts.push(t('meld_by', { suit: suitName(meld.suit), name: meld.player }));

    const erased = Object.entries(result.subtract || {}).filter(([, n]) => n > 0);
    const outcome = [
      erased.length ? t('erased', { list: erased.map(([name, n]) => `${name} ${n}`).join(', ') }) : t('nothing_erased'),
    ];
    if ((result.dropped || []).length) outcome.push(t('dropped_out', { names: list(result.dropped) }));
    if ((result.losers || []).length) outcome.push(t('losers', { names: list(result.losers) }));

    const canVoid = this.store.canWrite && !voided;
    return h(
      'li',
      { class: ['hand', voided && 'is-voided'], 'data-seq': entry.seq },
      h(
        'div',
        { class: 'hand-title' },
        h('h3', {}, t('hand_n', { seq: entry.seq })),
        entry.trump ? h('span', { class: 'trump-tag' }, suitIcon(entry.trump), suitName(entry.trump)) : null,
        voided ? h('span', { class: 'badge badge-out', text: t('voided') }) : null,
        canVoid
          ? h('button', {
              type: 'button',
              class: 'secondary small',
              'data-void': entry.seq,
              'aria-label': t('void_n', { seq: entry.seq }),
              onclick: () => this.voidHand(entry.seq),
              text: t('void'),
            })
          : null,
      ),
      facts.length ? h('p', { class: 'facts', text: facts.join('; ') }) : null,
      voided || !(result.sides || []).length
        ? null
        : h('p', { class: 'sides', 'data-sides': '', text: result.sides.map(sideText).join(' · ') }),
      voided || !(result.steps || []).length
        ? null
        : h('p', { class: 'facts', 'data-steps': '', text: t('steps', { list: result.steps.map((st) => `${st.due} → ${list(st.players || [])}`).join('; ') }) }),
      voided ? null : h('p', { class: 'outcome', text: outcome.join(' · ') }),
      voided || !(result.notes || []).length
        ? null
        : h(
            'ul',
            { class: 'notes' },
            result.notes.map((note) =>
              h('li', {}, note.rule ? h('span', { class: 'rule', text: note.rule }) : null, ` ${noteText(note)}`),
            ),
          ),
      h('p', { class: 'field-error', 'data-void-error': entry.seq, role: 'alert', hidden: true }),
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
