// The match page's entry: the game's form for the next hand (loaded after the board is shown)
// or the final ranking or, for a viewer, that the table is read only; a hand to correct, and a
// refused hand from the outbox, put back into the form. A mix-in of the match page (views/match.js).

import { h, replace } from '../../dom.js';
import { t } from '../../i18n.js';

export const entry = {

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
  },

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
  },

  correct(entry) {
    if (!this.form) {
      this.wanted = () => this.correct(entry); // done as soon as the form is there
      return;
    }
    this.form.correct(entry);
    this.form.el.scrollIntoView({ block: 'start' });
    const first = this.form.el.querySelector('input, select');
    if (first) first.focus();
  },
};
