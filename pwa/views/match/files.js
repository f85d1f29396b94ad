// The match page's files: the slate for people (a spreadsheet, or a CSV that opens right) and
// the log for programs, saved on this phone; and a scorer's deleting of the match, which saves
// its history here first. A mix-in of the match page (views/match.js).

import { ApiError, api } from '../../api.js';
import { h, problemText, replace } from '../../dom.js';
import { lang, t } from '../../i18n.js';
import { tables } from '../../store.js';

// the slate for people (a spreadsheet; a CSV one opens right), beside the log for machines
export const SLATE_EXPORTS = [['xlsx', 'export_xlsx'], ['slate.csv', 'export_slate_csv']];

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
