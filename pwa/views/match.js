// The match page: the shell around a game. It draws the header (title, what's next, the
// connection), the invitation (first while the table is new, one tap away after), the game's
// board, its entry form (or the final ranking), the history with corrections, the outbox and
// the audit trail, the saved rulings and the house rules. What the slates, forms and lines of
// the history look like is the game's module (games/<game>/index.js), loaded only for its
// matches. A viewer (or #/m/{id}/{token}/board) gets the board: big slates for a tablet or TV.
// The board is painted first; the history, the QR code and the rest follow once it is shown.
//
// This module lays the page out, draws its top and says the news of hands that came in to a
// phone that watches; each other section is a mix-in of MatchView in views/match/: the entry
// form and corrections (entry.js), the history with its files (history.js), what the table
// agreed (agreed.js) and the invitation (invite.js, loaded when it is first shown).

import { KeyRing, NetworkError } from '../api.js';
import { h, randomKey, replace } from '../dom.js';
import { isVoided } from '../entries.js';
import { loadGame, preload } from '../games/index.js';
import { lang, t } from '../i18n.js';
import { matchTop } from '../paint.js';
import { Live, MatchStore, tables } from '../store.js';
import { agreed } from './match/agreed.js';
import { entry } from './match/entry.js';
import { files, history } from './match/history.js';

export function mountMatch(root, { id, token, view: mode, announce, early, first = null }) {
  const store = new MatchStore(id, token, { early });
  const live = new Live(store);
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
  const view = new MatchView(root, store, announce, mode, first);
  view.onDrawn = () => {
    document.body.classList.add('chalky'); // the chalk's grain, now that the slates are shown
    live.follow(); // the table is on screen: now the hands, the stream, the outbox
    wake(); // once the table is drawn: asking earlier can hold back the first paint
  };
  store.addEventListener('change', (e) => view.onChange(e.detail.what));
  view.render();
  live.start();
  const print = () => view.renderHistory(true);
  document.addEventListener('visibilitychange', wake);
  window.addEventListener('beforeprint', print);
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

/** Run `fns` one task each, while `still()` says the page they draw is the one shown. */
function steps(still, fns) {
  const [first, ...rest] = fns;
  if (!first || !still()) return;
  first();
  if (rest.length) setTimeout(() => steps(still, rest), 0);
}

/** After the browser has painted what is on screen now (a frame has been produced with it). */
function afterPaint(fn) {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(fn, 0)));
}

class MatchView {
  /** `first`: what the page's early script drew of this match ({game, revision, lang, board,
   * top: matchTop's parts, the game's drawn in them}), kept as it is where it is still true. */
  constructor(root, store, announce, mode, first = null) {
    this.root = root;
    this.first = first;
    this.store = store;
    this.announce = announce;
    this.mode = mode;
    this.game = null; // the game's module, once loaded
    this.loadingGame = null;
    this.form = null;
    this.qrUrl = null;
    this.qrFailed = false;
    this.voidKeys = new KeyRing(randomKey);
    this.sections = null;
    this.showAllHands = false;
    this.catalogue = null;
    this.joining = !tables.get(store.id); // a phone that just joined by the QR code sees the house rules open
    // the hands as last said (seq → what would make them news): the table this phone kept is
    // the start; a phone new to the table starts from the first hands it reads (told())
    this.said = store.match ? handsSaid(store.hands) : null;
    this.ownNews = null; // what this phone's own entry changed, said with its form's sentence
    this.voiding = false;
  }

  destroy() {
    this.gone = true;
    if (this.qrUrl) URL.revokeObjectURL(this.qrUrl);
    this.qrUrl = null;
  }

  get board() {
    return this.mode === 'board' || (this.mode !== 'full' && this.store.match && this.store.match.access === 'viewer');
  }

  onChange(what) {
    if (what === 'error' || what === 'online') this.renderConnection();
    if (this.store.status === 'missing') return this.render();
    if (what === 'match') this.render();
    if (!this.sections || !this.game) return undefined;
    if (what === 'pending') this.renderPending();
    if (what === 'hands') {
      if (this.sections.board) this.renderRecent();
      else this.renderHistory();
      this.tell();
    }
    if (what === 'rulings') this.renderRulings();
    return undefined;
  }

  /** A hand went into the outbox or left it: what's next, the note above the form, the history. */
  renderPending() {
    const s = this.sections;
    replace(s.next, this.game.next(this.store.match, { pending: this.waiting().length }));
    if (s.board) return;
    this.renderEntry(false);
    this.renderHistory();
  }

  /** The game's module (loaded once, when the match says which game it is). */
  needGame() {
    const name = this.store.match.game;
    if (this.game && this.game.name === name) return true;
    if (!this.loadingGame) {
      preload(name);
      this.loadingGame = loadGame(name).then(
        (game) => {
          this.game = game;
          if (!this.gone) this.render();
        },
        () => {
          this.failed = true;
          if (!this.gone) this.render();
        },
      );
    }
    return false;
  }

  render({ relabel = false } = {}) {
    const store = this.store;
    if (store.status === 'missing' || this.failed) return this.renderMissing();
    if (store.status === 'loading' || !store.match || !this.needGame()) {
      // the page's own first view stays while the match and the game's code come
      if (!this.sections && !this.first) replace(this.root, h('h1', { class: 'page-title', tabindex: -1, text: t('loading') }));
      return undefined;
    }
    if (!this.sections || this.sections.board !== this.board) this.mount();
    const s = this.sections;
    const match = store.match;
    if (s.fresh && match.next_seq > 1) {
      s.fresh = false; // the first hand is in: the invitation folds away, one tap away above the slates
      s.invite.open = false;
    }
    // the first view the page drew is kept as it stands (the same elements: nothing is painted
    // twice); from then on each part is drawn afresh
    const kept = s.kept;
    s.kept = false;
    say(s.title, this.game.title(match), kept);
    say(s.next, this.game.next(match, { pending: this.waiting().length }), kept);
    say(s.switch, t(s.board ? 'full_view' : 'board_view'), true);
    if (!kept) replace(s.slates, this.game.board(match, { big: s.board, store: this.store }));
    s.slates.prepend(s.stale);
    this.renderConnection();
    if (s.board) {
      this.renderRecent();
      if (this.onDrawn) afterPaint(() => this.onDrawn());
      return undefined;
    }
    say(s.referee, t('referee'), true);
    say(s.inviteLink, t('invite_open'), true);
    if (s.drawn) this.renderEntry(relabel);
    // the rest after the board is on screen (the table is what a scanned QR code opens), each
    // part in a task of its own, so a weak phone stays responsive while they come
    const drawn = s.drawn;
    s.drawn = true;
    const current = () => !this.gone && this.sections === s;
    afterPaint(() => steps(current, [
      () => { if (!drawn) this.renderEntry(relabel); },
      () => { if (!drawn || relabel) this.renderHistory(); },
      () => {
        if (!drawn || relabel) this.renderRulings();
        if (this.onDrawn) this.onDrawn();
      },
      () => replace(s.extras, this.game.extras(match)),
      () => { if (relabel || !s.rules.firstChild) this.renderRules(); },
      () => { if (relabel || !s.remove.firstChild) this.renderDelete(); },
      () => {
        if (s.inviteDrawn ? relabel : s.invite.open) {
          s.inviteDrawn = true;
          this.renderInvite();
        } else if (!s.inviteDrawn) this.foldedInvite(s);
      },
    ]));
    return undefined;
  }

  // The invitation's code (invite.js, with share.js) loads when the invitation is first shown:
  // open on a new table's page, else when Invite is tapped or the invitation unfolded.
  async openInvite() {
    const s = this.sections;
    if (!s) return;
    const drawn = s.inviteDrawn;
    s.inviteDrawn = true; // drawn here, not by its toggle
    s.invite.open = true;
    try {
      await invitation();
    } catch {
      this.inviteOffline();
      s.invite.scrollIntoView({ block: 'start' });
      return;
    }
    if (!drawn) await this.renderInvite();
    this.openInvite(); // invite.js's own, now: brought into view
  }

  renderInvite() {
    return invitation().then(() => this.renderInvite(), () => this.inviteOffline());
  }

  /** The invitation's code could not come (offline before this phone kept the app): it says so,
   * with the table's code, and comes with the network. */
  inviteOffline() {
    const s = this.sections;
    if (!s || this.gone) return;
    inviting = null;
    s.inviteDrawn = false;
    replace(s.invite, h('summary', {}, h('h2', { text: t('invite') })),
      h('p', { class: 'notice', role: 'status', 'data-invite-offline': '', text: t('invite_offline') }),
      h('p', { class: 'hint', 'data-table-code': '', text: t('table_code', { code: this.store.id }) }));
    window.addEventListener('online', () => {
      if (this.gone || this.sections !== s || s.inviteDrawn) return;
      s.inviteDrawn = true;
      this.renderInvite();
    }, { once: true });
  }

  /** The folded invitation: its title only, drawn in full when it is first opened. */
  foldedInvite(s) {
    replace(s.invite, h('summary', {}, h('h2', { text: t('invite') })));
    if (s.inviteWaits) return;
    s.inviteWaits = true;
    s.invite.addEventListener('toggle', () => {
      if (!s.invite.open || s.inviteDrawn || this.sections !== s) return;
      s.inviteDrawn = true;
      this.renderInvite();
    });
  }

  mount() {
    const { id, token } = this.store;
    const board = this.board;
    const match = this.store.match;
    const fresh = match.next_seq <= 1 && match.access === 'scorer' && !this.joining;
    const scorer = match.access === 'scorer';
    // what the page drew for this match, if it is still what would be drawn now
    const first = this.first;
    this.first = null;
    const kept = Boolean(first && first.game === match.game && first.revision === match.revision && first.lang === lang
      && first.board === board && first.scorer === scorer && this.root.contains(first.top.slates));
    const top = kept ? first.top : matchTop({ id, token, board, scorer, t });
    top.inviteLink.addEventListener('click', () => this.openInvite());
    const s = {
      board,
      fresh,
      kept,
      ...top,
      stale: h('p', { class: 'stale-badge', role: 'status', 'data-stale-badge': '', hidden: true }),
      recent: h('section', { class: 'recent', 'data-recent': '' }),
      entry: h('div', { 'data-entry-slot': '' }),
      history: h('section', { class: 'card history', 'data-history': '' }),
      rulings: h('section', { class: 'card rulings', 'data-rulings': '', hidden: true }),
      extras: h('div', { 'data-extras': '' }),
      rules: h('details', { class: 'card house-rules', 'data-rules': '', open: this.joining }),
      invite: h('details', { class: 'card invite', 'data-invite': '', open: fresh }),
      remove: h('details', { class: 'card delete-match', 'data-delete-match': '' }),
    };
    this.sections = s;
    this.form = null;
    const hadFocus = this.root.contains(document.activeElement);
    this.root.classList.toggle('is-board', board);
    const invite = fresh && !board ? s.invite : null;
    const rest = board ? [s.recent] : [s.entry, s.history, s.rulings, s.extras, s.rules, fresh ? null : s.invite, scorer ? s.remove : null];
    if (kept) {
      // the page's first view stays where it is: the rest comes around it
      if (invite) s.slates.before(invite);
      s.slates.after(...rest.filter(Boolean));
    } else replace(this.root, s.head, s.next, s.links, invite, s.slates, rest);
    if (hadFocus) s.title.focus();
  }

  renderMissing() {
    this.sections = null;
    replace(
      this.root,
      h('h1', { class: 'page-title', tabindex: -1, text: t(this.store.error && this.store.error.status === 410 ? 'deleted' : 'not_found') }),
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

  /** "Hand 3" / "Spiel 3", or the game's own word ("Deal 3" in Sixty-Six). */
  handTitle(seq) {
    return this.game && this.game.handTitle ? this.game.handTitle(seq) : t('hand_n', { seq });
  }

  /**
   * A sentence of the history in the game's own words where it has them (its module's
   * `words`: shell key → its key; DREIst! enters games, not hands), else the shell's.
   */
  word(key, params) {
    const own = this.game && this.game.words && this.game.words[key];
    return t(own || key, params);
  }

  /** Hands waiting in the outbox (not refused). */
  waiting() {
    return this.store.pending.filter((w) => !w.error);
  }
}

/** Put text (or nodes) in an element; where `keep` and the element already says that, it is left as it is. */
function say(el, content, keep) {
  if (keep && typeof content === 'string' && el.textContent === content) return;
  replace(el, content);
}

// ---- the news: what the hands that came in changed, said once and politely (issue 18) ----

const news = {
  /**
   * What the hands that came in changed, said once and politely (issue 18): which hand, what it
   * did (the game's outcome, as the history shows it) and what is next, never the empty form's
   * sums. This phone's own entry or void is said by the form's or the void's sentence, with the
   * same news (announceOwn). A phone catching up on many hands says nothing.
   */
  tell() {
    const now = handsSaid(this.store.hands);
    const before = this.said;
    this.said = now;
    if (!before || !this.game) return;
    const news = this.store.hands.filter((e) => before.get(e.seq) !== now.get(e.seq));
    if (!news.length || news.length > 3) return;
    const text = [...news.map((e) => this.newsOf(e, before.has(e.seq))), this.sections.next.textContent]
      .filter(Boolean).map(sentence).join(' ');
    if (this.voiding || (this.form && this.form.busy)) this.ownNews = text;
    else this.announce(text);
  },

  newsOf(entry, known) {
    const hand = this.handTitle(entry.seq);
    if (isVoided(entry)) return t('told_voided', { hand });
    const outcome = this.game.outcome(entry.result || {});
    return t(known ? 'told_corrected' : 'told_entered', { hand, outcome });
  },

  /** This phone's own entry, void or correction: its sentence, and what it changed. */
  announceOwn(text) {
    const news = this.ownNews;
    this.ownNews = null;
    this.announce(news || text);
  },
};

/** What makes a hand news: entered, corrected (its audit grows) or voided. */
function handsSaid(hands) {
  return new Map(hands.map((e) => [e.seq, `${isVoided(e) ? 'void' : 'in'}:${(e.audit || []).length}`]));
}

/** A sentence ends with its stop. */
function sentence(text) {
  const said = text.trim();
  return /[.!?…]$/.test(said) ? said : `${said}.`;
}

Object.assign(MatchView.prototype, entry, history, files, agreed, news);

let inviting = null;
/** invite.js's methods on the match page, once loaded. */
function invitation() {
  inviting = inviting || import('./match/invite.js').then((m) => { Object.assign(MatchView.prototype, m.invite); });
  return inviting;
}
