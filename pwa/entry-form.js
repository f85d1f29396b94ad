// What every game's entry form does alike (games/<game>/form.js extends it): drawing the form
// for the next hand, for a hand to correct or with an entry put into it (from the referee's
// replay, or refused from the outbox), keeping what was typed through a change of language;
// sending an entry (a new hand or a correction) with its Idempotency-Key, into the outbox when
// there is no network, the server's problems shown at their fields, a conflict (another phone
// was faster) rebuilt from the server; the keyboard's next key; the draft left behind by a
// newer hand; leaving a correction or clearing the form; its heading, its send button and its
// foot, kept in view while typing (foot()). A game's form builds its own fields (build()),
// reads them (body(), blanks()) and says, in `words`, which of its sentences it uses.
//
// What was typed lives either in the form's fields, which the game reads and fills (read(),
// fill(draft), draftOf(entry)), or in the form's values, this.v, from which the game draws its
// fields (a form with blank() and fromEntry(entry): the shell keeps this.v).

import { ApiError, KeyRing, NetworkError } from './api.js';
import { clearProblem, errorSlot, h, randomKey, replace, showProblem, uid } from './dom.js';
import { t } from './i18n.js';
import { handoffs, unanswered } from './store.js';

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
  enterTitle: 'enter_hand',
  correctTitle: 'correct_hand',
  cancel: 'cancel_edit',
  clear: 'clear',
  reentered: 'reentered',
  fromReferee: 'from_referee',
};
/** fillFrom()'s notes: where an entry put into the form came from, and the word that says so. */
const NOTES = { reentered: 'reentered', from_referee: 'fromReferee' };

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

  // ---- drawing the form ----------------------------------------------------------------

  /**
   * Draw the form for hand `seq` as `needs` asks it (known as `key`: the next hand's needs, or
   * the hand being corrected), holding `draft` (what was typed: read(); none: blank); a message
   * kept across the rebuild (this.notice) and an entry the referee handed over come with it.
   */
  show(key, needs, seq, draft = null) {
    this.builtFor = key;
    this.needs = needs;
    this.seq = seq;
    this.keys.done();
    if (this.blank) this.v = draft ? draft.v : this.blank();
    this.build(key, needs, seq);
    if (draft && !this.blank) this.fill(draft);
    this.dirty = draft ? draft.dirty : false;
    if (this.notice) {
      this.problem.append(h('p', { text: this.notice }));
      this.notice = null;
    }
    this.takeHandoff();
  }

  /** What was typed, to survive a rebuild: a form that keeps its values in this.v has them copied. */
  read() {
    return { v: structuredClone(this.v), dirty: this.dirty };
  }

  /** An API entry as a draft (what fill() or this.v take): this.v from the game's fromEntry(). */
  draftOf(entry) {
    return { v: this.fromEntry(entry), dirty: true };
  }

  /** What the next hand needs, seen from after the hands waiting in the outbox (a game may look ahead). */
  needsAhead(needs) {
    return needs;
  }

  /** The next hand's form; what was typed stays when only the language changed (`same`). */
  rebuild(key, needs, same) {
    this.show(key, this.needsAhead(needs), this.store.nextSeq, same ? this.read() : null);
  }

  /** A correction keeps what was typed through a change of language. */
  relabelCorrection() {
    this.show(this.builtFor, this.needs, this.seq, this.read());
  }

  /** Correct an entered hand (PUT): the form as that hand needed it, filled with what was entered. */
  correct(entry) {
    this.editing = entry;
    const needs = (entry.result && entry.result.needs) || this.store.state.needs;
    this.show(`edit${entry.seq}`, needs, entry.seq, this.draftOf(entry));
  }

  /** An API entry put into the form (refused from the outbox, or the referee's replay), with a note saying so. */
  fillFrom(entry, note) {
    this.show(this.builtFor, this.needs, this.seq, this.draftOf(entry));
    if (note) this.note(t(this.words[NOTES[note]] || note));
  }

  /** A hand from the referee's replay (an API entry) put into the form to be checked and sent. */
  takeHandoff() {
    const waiting = handoffs.get(this.store.id);
    if (!waiting || waiting.seq !== this.seq || this.editing) return;
    handoffs.delete(this.store.id);
    this.fillFrom(waiting.entry, 'from_referee');
  }

  /** The form blank again, for the same hand. */
  clear() {
    this.dirty = false;
    this.show(this.builtFor, this.needs, this.seq, null);
    const first = this.form.querySelector('input, select');
    if (first) first.focus();
  }

  /** The form's heading: "Enter hand 3", "Correct hand 2" (in the game's words; `params` beyond seq). */
  heading(params = {}) {
    const id = this.el.getAttribute('aria-labelledby');
    return h('h2', { id, text: t(this.editing ? this.words.correctTitle : this.words.enterTitle, { seq: this.seq, ...params }) });
  }

  /** The button that sends (this.submitButton): "Enter hand", or "Save correction". */
  sendButton() {
    this.submitButton = h('button', { type: 'submit', class: 'primary', 'data-submit': '', text: t(this.editing ? this.words.correctSubmit : this.words.submit) });
    return this.submitButton;
  }

  /** After the foot: leaving a correction, or clearing the form. */
  leaveButtons() {
    const w = this.words;
    return h(
      'div',
      { class: 'actions' },
      this.editing
        ? h('button', { type: 'button', class: 'secondary', 'data-cancel-edit': '', onclick: () => this.cancelEdit(), text: t(w.cancel) })
        : h('button', { type: 'button', class: 'secondary', 'data-clear': '', onclick: () => this.clear(), text: t(w.clear) }),
    );
  }

  // ---- reading the fields ----------------------------------------------------------------

  /** A field by its data-field path (not a radio: checked() reads those). */
  input(path) {
    return this.form.querySelector(`[data-field="${CSS.escape(path)}"]:not([type="radio"])`);
  }

  /** A field's value, '' when the form has no such field. */
  value(path) {
    const el = this.input(path);
    return el ? el.value : '';
  }

  /** The chosen radio's value of a group, '' when none is chosen. */
  checked(name) {
    const el = this.form && this.form.querySelector(`input[type="radio"][name="${name}"]:checked`);
    return el ? el.value : '';
  }

  // ---- keeping it up to date -------------------------------------------------------------

  /**
   * Re-render from the store: a correction is relabelled with what was typed; the next hand's
   * form is rebuilt only when what it needs changed, never over a draft (a newer hand arrived:
   * say so, showStale).
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
      if (unanswered(err) && !editing) {
        // no network, or a server that could not serve (503): into the outbox, sent with the same key later
        await this.store.queue(body, key, err);
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

// ---- the fields the games' forms build alike ---------------------------------------------
// A number as it is typed (sent as typed: a wrong one is refused by the server with its rule,
// never rounded here), a select with its options, a big radio tile (the radio covers the tile,
// its label holds a title and a small hint), and a player's row of card points and tricks. Each
// field carries data-field (its path in the entry), so the server's answer finds it.

/**
 * A whole number field; `value` what it holds, `set(value)` told of each change (the form's own
 * oninput then reworks the rest), `min` 0 unless said.
 */
export function numberInput(id, path, max, { value, set, min = 0 } = {}) {
  return h('input', {
    id,
    type: 'number',
    inputmode: 'numeric',
    enterkeyhint: 'next',
    min,
    max,
    step: 1,
    autocomplete: 'off',
    value: value === undefined || value === null ? undefined : String(value),
    'data-field': path,
    'aria-describedby': `${id}-e`,
    oninput: set ? (e) => set(e.target.value) : undefined,
  });
}

/** What was typed, as the number sent; a blank is NaN (left out of the entry, never 0). */
export function toNumber(value) {
  return value === '' ? NaN : Number(value);
}

/** A select with data-field; options as [value, text] pairs, `value` the one chosen. */
export function select(id, path, options, { value } = {}) {
  return h(
    'select',
    { id, name: path, 'data-field': path, 'aria-describedby': `${id}-e` },
    options.map(([v, text]) => h('option', { value: v, text, selected: value !== undefined && v === value })),
  );
}

/**
 * A big radio tile in a game's look (`look`: its classes' prefix, "s66" → s66-tile,
 * s66-tile-title, s66-tile-hint): the radio covers the tile, the label holds a title and a hint.
 */
export function tile({ look, name, field = name, value, title, hint, checked, cls, onchange }) {
  const id = uid('c');
  return h(
    'span',
    { class: [`${look}-tile`, ...[cls].flat()] },
    h('input', { type: 'radio', id, name, value, checked, 'data-field': field, onchange }),
    h('label', { for: id }, h('span', { class: `${look}-tile-title`, text: title }), hint ? h('span', { class: `${look}-tile-hint`, text: hint }) : null),
  );
}

/**
 * A player's row of card points and tricks: his name, the two numbers (each `{label, max, value?,
 * set?}`; the labels are for a screen reader: the columns' heads show them), what the game adds
 * (`more`: a last-trick mark, a note), and the two numbers' error slots. `row` and `nameClass`
 * are the game's classes for the row and the name.
 */
export function figuresRow(name, { row, nameClass, points, tricks, more = [] }) {
  const pid = uid('f');
  const tid = uid('f');
  return h(
    'div',
    { class: row, 'data-row': name },
    h('span', { class: nameClass, text: name }),
    h('label', { for: pid, class: 'vh', text: points.label }),
    numberInput(pid, `points.${name}`, points.max, points),
    h('label', { for: tid, class: 'vh', text: tricks.label }),
    numberInput(tid, `tricks.${name}`, tricks.max, tricks),
    more,
    errorSlot(`points.${name}`, `${pid}-e`),
    errorSlot(`tricks.${name}`, `${tid}-e`),
  );
}
