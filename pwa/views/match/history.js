// The match page's history: the hands (the last few, all on demand), each with what was entered,
// what it did, its notes and its audit trail, and a scorer's buttons to correct or void it; the
// hands waiting in the outbox; on the board, the last few hands in a line each. And its files:
// the slate for people (a spreadsheet, or a CSV that opens right) and the log for programs,
// saved on this phone, and a scorer's deleting of the match, which saves its history here
// first. Two mix-ins of the match page (views/match.js).

import { ApiError, api } from '../../api.js';
import { h, linkRules, problemParts, problemText, replace, ruleLink } from '../../dom.js';
import { isVoided } from '../../entries.js';
import { lang, t, when } from '../../i18n.js';
import { tables } from '../../store.js';

const RECENT_HANDS = 8; // older hands behind a "show all" button
// the slate for people (a spreadsheet; a CSV one opens right), beside the log for machines
const SLATE_EXPORTS = [['xlsx', 'export_xlsx'], ['slate.csv', 'export_slate_csv']];

export const history = {

  renderRecent() {
    const recent = this.store.hands.filter((e) => !isVoided(e)).slice(-4).reverse();
    replace(this.sections.recent, h('h2', { text: this.word('recent') }), h('ul', { class: 'recent-list' }, recent.map((e) => h('li', { text: `${this.handTitle(e.seq)}: ${this.game.outcome(e.result || {})}` }))));
  },

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
  },

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
  },

  /** A hand in the outbox: waiting for an answer (no network, or a server that could not serve), or refused and waiting for the player. */
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
  },

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
  },
};

export const files = {

  exportButton(ext, text) {
    return h('button', { type: 'button', class: 'secondary small', 'data-export': ext, onclick: () => this.download(ext), text });
  },

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
  },

  async download(ext) {
    try {
      await this.saveExport(ext);
    } catch (err) {
      this.announce(err instanceof ApiError ? problemText(err.problem) : t('offline'));
    }
  },

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
  },

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
  },
};
