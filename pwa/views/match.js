// The match page: the shell around a game. It draws the header (title, what's next, the
// connection), the invitation (first while the table is new, one tap away after), the game's
// board, its entry form (or the final ranking), the history with corrections, the outbox and
// the audit trail, the saved rulings and the house rules. What the slates, forms and lines of
// the history look like is the game's module (games/<game>/index.js), loaded only for its
// matches. A viewer (or #/m/{id}/{token}/board) gets the board: big slates for a tablet or TV.
// The board is painted first; the history, the QR code and the rest follow once it is shown.

import { ApiError, KeyRing, NetworkError, api, loadCatalogue } from '../api.js';
import { h, linkRules, problemParts, problemText, randomKey, replace, ruleLink } from '../dom.js';
import { isVoided } from '../entries.js';
import { GAMES, preload } from '../games/index.js';
import { lang, ruleLabel, t, valueLabel, when } from '../i18n.js';
import { matchTop } from '../paint.js';
import { Live, MatchStore, tables } from '../store.js';

const RECENT_HANDS = 8; // older hands behind a "show all" button
// the slate for people (a spreadsheet; a CSV one opens right), beside the log for machines
const SLATE_EXPORTS = [['xlsx', 'export_xlsx'], ['slate.csv', 'export_slate_csv']];

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
    this.network = null; // the server's LAN addresses, when this page runs on localhost
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
  }

  newsOf(entry, known) {
    const hand = this.handTitle(entry.seq);
    if (isVoided(entry)) return t('told_voided', { hand });
    const outcome = this.game.outcome(entry.result || {});
    return t(known ? 'told_corrected' : 'told_entered', { hand, outcome });
  }

  /** This phone's own entry, void or correction: its sentence, and what it changed. */
  announceOwn(text) {
    const news = this.ownNews;
    this.ownNews = null;
    this.announce(news || text);
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
      const load = GAMES[name];
      this.loadingGame = (load ? load() : Promise.reject(new Error(name))).then(
        (module) => {
          this.game = module.default;
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
        if (relabel || !s.inviteDrawn) {
          s.inviteDrawn = true;
          this.renderInvite();
        }
      },
    ]));
    return undefined;
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

  /** The invitation, one tap away: opened and brought into view. */
  openInvite() {
    const invite = this.sections.invite;
    if (!invite.firstChild) this.renderInvite();
    invite.open = true;
    invite.scrollIntoView({ block: 'start' });
    const summary = invite.querySelector('summary');
    if (summary) summary.focus();
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

  renderEntry(relabel) {
    const sections = this.sections;
    const slot = sections.entry;
    const { state } = this.store.match;
    if (state.finished) {
      this.form = null;
      replace(slot, this.game.ranking(this.store.match));
      return;
    }
    if (!this.store.canWrite) {
      this.form = null;
      replace(slot, h('p', { class: 'card hint', 'data-read-only': '', text: t('read_only') }));
      return;
    }
    if (!this.form) {
      if (!this.makingForm) {
        this.makingForm = this.game.form(this.store, { announce: (text) => this.announceOwn(text) }).then((form) => {
          this.makingForm = null;
          if (this.gone || !this.sections || this.sections.board) return;
          if (this.sections !== sections) {
            this.renderEntry(relabel); // the page was laid out again meanwhile
            return;
          }
          this.form = form;
          this.pendingNote = h('p', { class: 'notice card', role: 'status', 'data-pending-note': '' });
          replace(slot, this.pendingNote, form.el);
          this.renderEntry(relabel);
          // a correction or a re-entry tapped while the form's code was still on its way
          const wanted = this.wanted;
          this.wanted = null;
          if (wanted) wanted();
        }, () => {
          // no network before the form's code arrived (the service worker has it next time):
          // say so, and try again when the network is back
          this.makingForm = null;
          if (this.gone || !this.sections) return;
          replace(slot, h('p', { class: 'card hint', role: 'status', 'data-form-offline': '', text: t('form_offline') }));
          window.addEventListener('online', () => this.renderEntry(false), { once: true });
        });
      }
      return;
    }
    const waiting = this.waiting();
    this.pendingNote.hidden = !waiting.length;
    this.pendingNote.textContent = waiting.length ? this.word('pending_form', { list: waiting.map((w) => w.seq).join(', ') }) : '';
    this.form.update({ relabel });
  }

  renderRecent() {
    const recent = this.store.hands.filter((e) => !isVoided(e)).slice(-4).reverse();
    replace(this.sections.recent, h('h2', { text: this.word('recent') }), h('ul', { class: 'recent-list' }, recent.map((e) => h('li', { text: `${this.handTitle(e.seq)}: ${this.game.outcome(e.result || {})}` }))));
  }

  renderHistory(everything) {
    if (!this.sections || this.sections.board || !this.game) return;
    if (everything) this.showAllHands = true;
    const all = this.store.hands.slice().reverse();
    const hands = this.showAllHands ? all : all.slice(0, RECENT_HANDS);
    const pending = this.store.pending.slice().reverse();
    replace(
      this.sections.history,
      h('h2', { text: this.word('history') }),
      h(
        'p',
        { class: 'actions exports' },
        SLATE_EXPORTS.map(([ext, label]) => this.exportButton(ext, t(label))),
        h('button', { type: 'button', class: 'secondary small', 'data-print': '', onclick: () => window.print(), text: t('print') }),
      ),
      h('p', { class: 'actions exports' }, ['csv', 'json'].map((ext) => this.exportButton(ext, t('export_log', { ext: ext.toUpperCase() })))),
      pending.length ? h('ol', { class: 'hands pending', 'data-pending': '' }, pending.map((w) => this.pendingItem(w))) : null,
      hands.length
        ? h('ol', { class: 'hands', reversed: true }, hands.map((entry) => this.handItem(entry)))
        : h('p', { class: 'hint', text: this.word('no_hands') }),
      hands.length < all.length
        ? h('button', {
            type: 'button',
            class: 'secondary',
            'data-show-all': '',
            onclick: () => {
              this.showAllHands = true;
              this.renderHistory();
            },
            text: this.word('show_all', { n: all.length }),
          })
        : null,
    );
  }

  handItem(entry) {
    const game = this.game;
    const voided = isVoided(entry);
    const result = entry.result || {};
    const facts = game.facts({ ...entry, trump: null });
    const canVoid = this.store.canWrite && !voided && !this.store.pending.length;
    const seq = entry.seq;
    return h(
      'li',
      { class: ['hand', voided && 'is-voided'], 'data-seq': seq },
      h(
        'div',
        { class: 'hand-title' },
        h('h3', {}, this.handTitle(seq)),
        game.tag(entry),
        voided ? h('span', { class: 'badge badge-out', text: t('voided') }) : null,
        canVoid
          ? [
              h('button', { type: 'button', class: 'secondary small', 'data-correct': seq, 'aria-label': this.word('correct_n', { seq }), onclick: () => this.correct(entry), text: t('correct') }),
              h('button', { type: 'button', class: 'secondary small', 'data-void': seq, 'aria-label': this.word('void_n', { seq }), onclick: () => this.voidHand(seq), text: t('void') }),
            ]
          : null,
      ),
      facts ? h('p', { class: 'facts', text: facts }) : null,
      voided ? null : game.details(result),
      voided ? null : h('p', { class: 'outcome', text: game.outcome(result) }),
      voided || !(result.notes || []).length
        ? null
        : h('ul', { class: 'notes' }, result.notes.map((note) => h('li', {}, note.rule ? ruleLink(note.rule) : null, ' ', linkRules(note[lang] || note.en || note.code || '')))),
      (entry.audit || []).length
        ? h('ul', { class: 'audit', 'data-audit': seq }, entry.audit.map((a) => h('li', { text: t(`audit_${a.action}`, { at: when(a.at), by: t(`by_${a.by}`), was: game.facts(a.previous || {}) }) })))
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
      text = t('pending_conflict', { seq: w.seq, theirs: this.game.facts(problem.recorded || this.store.hands.find((e) => e.seq === w.seq) || {}) || '–', mine: this.game.facts(w.body) });
    } else if (err) text = problemText(problem) ? problemParts(problem) : t('error_generic', { status: err.status });
    return h(
      'li',
      { class: ['hand', 'is-pending', err && 'is-refused'], 'data-pending-seq': w.seq },
      h('div', { class: 'hand-title' }, h('h3', {}, this.handTitle(w.seq)), h('span', { class: 'badge badge-deal', text: t(err ? 'refused' : 'pending') })),
      h('p', { class: 'facts', text: this.game.facts(w.body) }),
      h('p', { class: err ? 'field-error' : 'hint', role: err ? 'alert' : null }, text),
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
    const fill = () => {
      this.form.dirty = false;
      this.form.fillFrom(w.body, 'reentered');
      this.form.el.scrollIntoView({ block: 'start' });
    };
    if (this.form) fill();
    else this.wanted = fill; // done as soon as the form is there
  }

  correct(entry) {
    if (!this.form) {
      this.wanted = () => this.correct(entry); // done as soon as the form is there
      return;
    }
    this.form.correct(entry);
    this.form.el.scrollIntoView({ block: 'start' });
    const first = this.form.el.querySelector('input, select');
    if (first) first.focus();
  }

  exportButton(ext, text) {
    return h('button', { type: 'button', class: 'secondary small', 'data-export': ext, onclick: () => this.download(ext), text });
  }

  /** The export saved as a file on this phone: its name and the match's revision it holds. The
   * slate is written in this phone's language and time zone. */
  async saveExport(ext) {
    const slate = SLATE_EXPORTS.some(([name]) => name === ext);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const res = await api.download(this.store.id, this.store.token, ext, slate ? { lang, ...(zone ? { tz: zone } : {}) } : {});
    const file = `kreide-${this.store.id}.${ext}`;
    const url = URL.createObjectURL(res.data);
    const a = h('a', { href: url, download: file });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return { file, revision: Number(res.revision) };
  }

  async download(ext) {
    try {
      await this.saveExport(ext);
    } catch (err) {
      this.announce(err instanceof ApiError ? problemText(err.problem) : t('offline'));
    }
  }

  /** Scorer only, folded away at the end of the page: export, confirm, delete, home. */
  renderDelete() {
    const s = this.sections;
    if (!s || s.board || this.store.match.access !== 'scorer') return;
    const error = h('p', { class: 'field-error', role: 'alert', 'data-delete-error': '', hidden: true });
    replace(
      s.remove,
      h('summary', {}, h('h2', { text: t('delete_match') })),
      h('p', { class: 'hint', text: t('delete_hint') }),
      h(
        'p',
        { class: 'actions' },
        ['json', 'csv'].map((ext) => h('button', { type: 'button', class: 'secondary small danger', 'data-delete': ext, onclick: () => this.deleteMatch(ext, error), text: t('delete_with', { ext: ext.toUpperCase() }) })),
      ),
      error,
    );
  }

  async deleteMatch(ext, error) {
    const show = (text) => {
      error.textContent = text;
      error.hidden = !text;
    };
    show('');
    if (this.store.pending.length) return show(t('delete_pending'));
    const { id, token } = this.store;
    try {
      const { file, revision } = await this.saveExport(ext); // the history is on this phone first
      if (!window.confirm(t('delete_confirm', { file }))) return undefined;
      await api.deleteMatch(id, token, { confirm: id, exported_revision: revision });
    } catch (err) {
      return show(err instanceof ApiError ? problemText(err.problem) : t('offline'));
    }
    tables.forget(id);
    this.announce(t('deleted_ok'));
    location.hash = '#/';
    return undefined;
  }

  /** The rulings saved to this match: what was asked, the answer and its rule. */
  renderRulings() {
    const s = this.sections;
    if (!s || s.board || !this.game) return;
    const rulings = this.store.rulings;
    s.rulings.hidden = !rulings;
    if (!rulings) return;
    replace(
      s.rulings,
      h('h2', { text: t('precedents') }),
      rulings.length
        ? h('ul', { class: 'hands' }, rulings.map((r) => {
            const a = r.answer ? r.answer[lang] || r.answer.en || {} : {};
            return h(
              'li',
              { class: 'hand', 'data-ruling': '' },
              h('h3', { text: this.game.question(r) }),
              h('p', {}, r.rule ? [ruleLink(r.rule), ' '] : null, r.legal ? t('ref_yes') : t('ref_no'), a.reason ? [': ', linkRules(a.reason)] : ''),
              r.note ? h('p', { class: 'hint', text: r.note }) : null,
            );
          }))
        : h('p', { class: 'hint', text: t('no_precedents') }),
    );
  }

  async voidHand(seq) {
    if (!window.confirm(this.word('void_confirm', { seq }))) return;
    const key = this.voidKeys.keyFor({ seq, revision: this.store.match.revision, version: this.store.match.version });
    this.voiding = true;
    try {
      await this.store.voidHand(seq, key);
      this.voidKeys.done();
      this.voiding = false;
      this.announceOwn(this.word('voided_ok', { seq }));
    } catch (err) {
      this.voiding = false;
      this.ownNews = null;
      const slot = this.root.querySelector(`[data-void-error="${seq}"]`);
      const text = err instanceof ApiError ? problemText(err.problem) : t('offline');
      if (slot) {
        replace(slot, err instanceof ApiError ? problemParts(err.problem) : text);
        slot.hidden = false;
      } else this.announce(text);
      if (err instanceof ApiError) this.voidKeys.done();
    }
  }

  /** The house rules fixed at creation, shown to everyone at the table (with their R-numbers). */
  async renderRules() {
    const match = this.store.match;
    const el = this.sections.rules;
    const draw = (games) => {
      const game = (games || []).find((g) => g.name === match.game);
      const known = game ? game.rules : Object.keys(match.rules || {}).map((name) => ({ name }));
      replace(
        el,
        h('summary', { text: t('house_rules_table') }),
        h(
          'dl',
          { class: 'rules-list' },
          known.map((rule) => {
            const value = (match.rules || {})[rule.name] ?? rule.default; // a rule added since the table began: its default
            const changed = rule.default !== undefined && value !== rule.default;
            return [
              h('dt', {}, ruleLabel(rule), rule.rule ? h('span', { class: 'rule', text: ` ${rule.rule}` }) : null),
              h('dd', { class: changed ? 'changed' : null, text: valueLabel(rule, value) + (changed ? ` (${t('house_rule_changed')})` : '') }),
            ];
          }),
        ),
      );
    };
    draw(this.catalogue);
    if (!this.catalogue) {
      this.catalogue = await loadCatalogue();
      if (this.catalogue && this.sections && this.sections.rules === el) draw(this.catalogue);
    }
  }

  async renderInvite() {
    const { id, token } = this.store;
    const saved = tables.get(id) || {};
    const scorer = this.store.canWrite;
    const el = this.sections.invite;
    const local = isLoopback(location.hostname);
    if (local && this.network === null) {
      try {
        this.network = (await api.network()).data.addresses || [];
        localStorage.setItem('kreide.network', JSON.stringify(this.network));
      } catch {
        // offline: the addresses last heard of (the links and a kept QR code name them)
        try {
          this.network = JSON.parse(localStorage.getItem('kreide.network') || '[]') || [];
        } catch {
          this.network = [];
        }
      }
    }
    const address = local && this.network.length ? this.network[0] : null;
    const origin = address || location.origin;
    const ownUrl = `${origin}/#/m/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
    const viewUrl = scorer ? (saved.view_url && address ? saved.view_url.replace(location.origin, address) : saved.view_url) : ownUrl;
    const img = h('img', { class: 'qr', alt: t('qr_alt'), width: 240, height: 240, 'data-qr': '' });
    const qr = h('div', { class: 'qr-box' }, img);
    replace(
      el,
      h('summary', {}, h('h2', { text: t('invite') })),
      local ? h('p', { class: 'notice', 'data-local-only': '', text: address ? t('local_only', { host: location.host, address }) : t('local_only_none', { host: location.host }) }) : null,
      scorer ? h('p', { class: 'hint', text: t('invite_hint') }) : null,
      qr,
      scorer ? linkField(t('join_link'), ownUrl, 'join', this.announce) : null,
      viewUrl ? linkField(t('view_link'), viewUrl, 'view', this.announce) : null,
    );
    // the QR code is fetched when the invitation is opened (it is data, not the table)
    const load = () => this.loadQr(img, qr, address);
    if (el.open) load();
    else el.addEventListener('toggle', () => el.open && load(), { once: true });
  }

  /**
   * The QR code of the invitation: the copy kept on this phone once loaded (it never changes
   * for a link), else the server's. Without a network it says so, keeps the links on offer,
   * and comes as soon as the network is back.
   */
  async loadQr(img, box, base) {
    if (this.qrFailed) {
      replace(box, h('p', { class: 'hint', text: t('qr_failed') }));
      return;
    }
    if (!this.qrUrl) {
      const { id, token } = this.store;
      const kept = keptQr(id, token, base);
      if (kept) this.qrUrl = URL.createObjectURL(new Blob([kept], { type: 'image/svg+xml' }));
      else {
        try {
          const res = await api.qr(id, token, base);
          keepQr(id, token, base, await res.data.text());
          this.qrUrl = URL.createObjectURL(res.data);
        } catch (err) {
          if (this.gone) return;
          if (!(err instanceof NetworkError)) {
            this.qrFailed = true;
            replace(box, h('p', { class: 'hint', text: t('qr_failed') }));
            return;
          }
          box.classList.add('is-offline');
          replace(box, h('p', { class: 'notice', role: 'status', 'data-qr-offline': '', text: t('qr_offline') }),
            h('p', { class: 'hint', 'data-table-code': '', text: t('table_code', { code: id }) }));
          window.addEventListener('online', () => {
            if (this.gone || !box.isConnected) return;
            box.classList.remove('is-offline');
            replace(box, img);
            this.loadQr(img, box, base);
          }, { once: true });
          return;
        }
      }
    }
    img.src = this.qrUrl;
  }
}

const QR_KEY = (id) => `kreide.qr.${id}`;

/** The QR code's SVG kept on this phone for this link (or null). */
function keptQr(id, token, base) {
  try {
    const kept = JSON.parse(localStorage.getItem(QR_KEY(id)) || 'null');
    return kept && kept.link === `${token}|${base || ''}` ? kept.svg : null;
  } catch {
    return null;
  }
}

function keepQr(id, token, base, svg) {
  try {
    localStorage.setItem(QR_KEY(id), JSON.stringify({ link: `${token}|${base || ''}`, svg }));
  } catch {
    // storage full: loaded again next time
  }
}

/** What makes a hand news: entered, corrected (its audit grows) or voided. */
function handsSaid(hands) {
  return new Map(hands.map((e) => [e.seq, `${isVoided(e) ? 'void' : 'in'}:${(e.audit || []).length}`]));
}

/** Put text (or nodes) in an element; where `keep` and the element already says that, it is left as it is. */
function say(el, content, keep) {
  if (keep && typeof content === 'string' && el.textContent === content) return;
  replace(el, content);
}

/** A sentence ends with its stop. */
function sentence(text) {
  const said = text.trim();
  return /[.!?…]$/.test(said) ? said : `${said}.`;
}

function isLoopback(host) {
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\./.test(host);
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
      // the phone's own sharing (messages, nearby devices), where the browser offers it
      navigator.share
        ? h('button', {
            type: 'button',
            class: 'secondary',
            'data-share': kind,
            onclick: () => navigator.share({ title: 'Kreide', text: t('share_text'), url }).catch(() => {}),
            text: t('share'),
          })
        : null,
    ),
  );
}
