// What every game's entry form does alike (games/<game>/form.js extends it): sending an
// entry (a new hand or a correction) with its Idempotency-Key, into the outbox when there
// is no network, the server's problems shown at their fields, a conflict (another phone was
// faster) rebuilt from the server; the keyboard's next key; the draft left behind by a
// newer hand; leaving a correction; the form's foot, kept in view while typing (foot()). A
// game's form builds its own fields and says, in `words`, which of its sentences it uses.

import { ApiError, KeyRing, NetworkError } from './api.js';
import { clearProblem, h, randomKey, replace, showProblem, uid } from './dom.js';
import { t } from './i18n.js';

/** The shell's sentences; a game's form names its own for what it says differently. */
const WORDS = {
  missing: 'missing_fields',
  sending: 'sending',
  entered: 'entered',
  corrected: 'corrected',
  stale: 'stale',
  submit: 'submit',
  correctSubmit: 'correct_submit',
  staleDraft: 'stale_draft',
  discardDraft: 'discard_draft',
};

/**
 * How much of the layout's bottom the on-screen keyboard hides, as --keyboard on the page, so
 * the sticky foot stands above it: 0 where the browser shrinks the layout for the keyboard
 * (Chrome, with index.html's interactive-widget=resizes-content), its height where it only
 * shrinks what is seen (iOS Safari). Not while the page is pinch-zoomed.
 */
function followKeyboard() {
  const seen = window.visualViewport;
  if (!seen || followKeyboard.on) return;
  followKeyboard.on = true;
  const set = () => {
    const hidden = seen.scale > 1.01 ? 0 : Math.max(0, window.innerHeight - seen.height - seen.offsetTop);
    document.documentElement.style.setProperty('--keyboard', `${Math.round(hidden)}px`);
  };
  seen.addEventListener('resize', set);
  seen.addEventListener('scroll', set);
  set();
}

export class EntryForm {
  /**
   * @param {import('./store.js').MatchStore} store
   * @param {{announce: Function}} options
   * @param {{cls?: string, words?: Partial<typeof WORDS>}} form the section's class and its sentences
   */
  constructor(store, { announce }, { cls = '', words = {} } = {}) {
    this.store = store;
    this.announce = announce;
    this.words = { ...WORDS, ...words };
    this.keys = new KeyRing(randomKey);
    this.el = h('section', { class: ['card entry', cls], 'data-entry': '', 'aria-labelledby': uid('h') });
    this.builtFor = null;
    this.dirty = false;
    this.busy = false;
    this.editing = null;
    this.notice = null; // a message kept across a rebuild (stale seq)
    this.resultBox = null;
    // the live result is read out while someone types here, never when a rebuild refills it
    const typing = () => {
      if (this.resultBox) this.resultBox.setAttribute('aria-live', 'polite');
    };
    this.el.addEventListener('input', typing);
    this.el.addEventListener('change', typing);
    followKeyboard();
  }

  /**
   * The form's foot: the last part of a game's form (only buttons that do not send, such as
   * clear or cancel, may follow it), kept in view at the bottom of the screen while the form
   * is on it, above the on-screen keyboard (app.css .entry-foot), so what the entry comes to
   * stands beside the button that sends it. It holds, in this order:
   * - `this.staleBox`: a newer hand arrived while something was typed (showStale);
   * - `this.problem`: what is refused about the entry as a whole, and fields this form does not
   *   show (a field's own refusal stands at the field: showProblem in dom.js), said once;
   * - `result`: the live result the game keeps up to date as it is typed (its sums, game points,
   *   Fach or totals; a node or a list of nodes), read out politely while someone types in this
   *   form and never when the form is rebuilt;
   * - `send`: what sends (default this.submitButton; solo DREIst! has two verdicts).
   * A game's build() makes this.submitButton, then puts `this.foot({ result })` last in its form.
   * Notes about what was filled in go to the top of the form: note().
   */
  foot({ result = null, send = null } = {}) {
    this.problem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.staleBox = h('div', { class: 'notice', 'data-stale': '', hidden: true });
    const parts = [result].flat().filter(Boolean);
    for (const part of parts) {
      part.removeAttribute('aria-live'); // one live region: the box, and only while typing
      for (const inner of part.querySelectorAll('[aria-live]')) inner.removeAttribute('aria-live');
    }
    this.resultBox = parts.length ? h('div', { class: 'entry-result', 'aria-live': 'off', 'data-result': '' }, parts) : null;
    const foot = h(
      'div',
      { class: ['entry-foot', !this.resultBox && 'is-plain'], 'data-entry-foot': '' },
      this.staleBox,
      this.problem,
      this.resultBox,
      h('div', { class: 'entry-send' }, send || this.submitButton),
    );
    // its height, so a field focused behind it is scrolled above it (app.css scroll-padding)
    if (!this.footSize && window.ResizeObserver) {
      this.footSize = new ResizeObserver(([seen]) => {
        document.documentElement.style.setProperty('--entry-foot', `${Math.ceil(seen.target.getBoundingClientRect().height)}px`);
      });
    }
    if (this.footSize) {
      this.footSize.disconnect();
      this.footSize.observe(foot);
    }
    return foot;
  }

  /** A note at the top of the form about what was put in it ("Filled in from the referee's replay"). */
  note(text) {
    const old = this.form.querySelector('[data-handoff]');
    if (old) old.remove();
    this.form.prepend(h('p', { class: 'notice', 'data-handoff': '', text }));
  }

  /**
   * Re-render from the store: a correction is relabelled with what was typed; the next hand's
   * form is rebuilt only when what it needs changed, never over a draft (a newer hand arrived:
   * say so, showStale). A game's form says how: relabelCorrection() and rebuild(key, needs, same).
   */
  update({ relabel = false } = {}) {
    if (this.busy || (this.editing && !relabel)) return;
    if (this.editing) {
      this.relabelCorrection();
      return;
    }
    const needs = this.store.state.needs;
    if (!needs) return;
    const key = `${this.store.nextSeq}|${JSON.stringify(needs)}`;
    if (key === this.builtFor && !relabel) return;
    if (key !== this.builtFor && this.dirty) {
      this.showStale();
      return;
    }
    this.rebuild(key, needs, key === this.builtFor);
  }

  /** The buttons that send (disabled while sending). */
  sendButtons() {
    return this.submitButton ? [this.submitButton] : [];
  }

  /** The send button's label: "Sending …", or what it does now. */
  labelSendButton(sending) {
    if (!this.submitButton || !this.submitButton.isConnected) return;
    const w = this.words;
    this.submitButton.textContent = t(sending ? w.sending : this.editing ? w.correctSubmit : w.submit);
  }

  async submit(event) {
    event.preventDefault();
    if (this.busy) return;
    const w = this.words;
    const body = this.body();
    clearProblem(this.form, this.problem);
    const blanks = this.blanks(body);
    const count = Object.keys(blanks).length;
    if (count) {
      showProblem(this.form, this.problem, { detail: t(w.missing, { n: count }), errors: blanks });
      return;
    }
    const key = this.keys.keyFor(body);
    const editing = this.editing;
    const buttons = this.sendButtons();
    this.busy = true;
    for (const button of buttons) button.disabled = true;
    this.labelSendButton(true);
    try {
      if (editing) {
        const { seq, ...entry } = body;
        await this.store.replaceHand(seq, entry, key);
        this.editing = null;
        this.builtFor = null;
      } else await this.store.submitHand(body, key);
      this.keys.done();
      this.dirty = false;
      this.announce(t(editing ? w.corrected : w.entered, { seq: body.seq }));
    } catch (err) {
      if (err instanceof NetworkError && !editing) {
        // no network: into the outbox, sent with the same key when it is back
        await this.store.queue(body, key);
        this.keys.done();
        this.dirty = false;
        this.announce(t('pending_form', { list: body.seq }));
      } else if (editing && err instanceof ApiError && err.isConflict) {
        const p = err.problem;
        showProblem(this.form, this.problem, { ...p, detail: `${p.detail || p.title || ''} ${p.seq ? t('later_misfits', { seq: p.seq }) : ''}` });
      } else if (err instanceof ApiError && err.isConflict) {
        this.keys.done();
        this.dirty = false;
        this.notice = t(w.stale);
        this.busy = false;
        await this.store.conflict(err.problem);
        this.update();
        if (this.notice) {
          // nothing changed on the server side for us to rebuild: show it anyway
          this.problem.append(h('p', { text: this.notice }));
          this.notice = null;
        }
        this.problem.focus();
        return;
      } else if (err instanceof ApiError) showProblem(this.form, this.problem, err.problem);
      else if (err instanceof NetworkError) showProblem(this.form, this.problem, { detail: t('offline') });
      else throw err;
    } finally {
      this.busy = false;
      for (const button of buttons) button.disabled = false;
      this.labelSendButton(false);
    }
    this.update();
  }

  /**
   * Enter (the keyboard's next key) moves to the next blank number shown; it never submits.
   * Everything typed, it moves to the send button (the on-screen keyboard goes, the taps
   * remain; a keyboard's Enter there sends). On a radio or a checkbox it chooses it.
   */
  onKey(event) {
    const el = event.target;
    if (event.key !== 'Enter' || el.type === 'submit' || el.tagName === 'BUTTON') return;
    event.preventDefault();
    if (el.type === 'radio' || el.type === 'checkbox') {
      if (el.type === 'checkbox' || !el.checked) el.click();
      return;
    }
    const numbers = [...this.form.querySelectorAll('input[type="number"]')].filter((n) => !n.closest('[hidden]'));
    const at = numbers.indexOf(el);
    const next = numbers.slice(at + 1).find((n) => n.value === '') || numbers.find((n) => n.value === '');
    const send = this.sendButtons().find((button) => !button.disabled && !button.closest('[hidden]'));
    if (next) next.focus();
    else if (send) send.focus();
    else el.blur();
  }

  cancelEdit() {
    this.editing = null;
    this.dirty = false;
    this.builtFor = null;
    this.update();
  }

  /** A newer hand arrived while something was typed: say so, and offer to drop the draft. */
  showStale() {
    if (!this.staleBox.hidden) return;
    replace(
      this.staleBox,
      h('p', { text: t(this.words.staleDraft) }),
      h('button', {
        type: 'button',
        class: 'secondary',
        'data-discard': '',
        onclick: () => {
          this.dirty = false;
          this.update();
        },
        text: t(this.words.discardDraft),
      }),
    );
    this.staleBox.hidden = false;
  }
}
