// The entry form of DREIst! (docs/dreist.md, R33/R34). A series game: the cards each player
// has left in hand and pile (the finisher 0: one tap on "went out"), or the game marked
// abandoned, checked live as it is typed (exactly one at 0 unless abandoned, nobody above
// the cards in play, all together no more). A solo game: "won" or "Egon won", sent at once.
// Sent through the store (outbox when offline, Idempotency-Key, seq); the server's 422 is
// shown next to the field it concerns. What was typed lives in this.v, so a change of
// language or a refusal never loses it.

import { errorSlot, h, replace, uid } from '../../dom.js';
import { EntryForm, numberInput } from '../../entry-form.js';
import { t } from '../../i18n.js';
import { soloCards } from './solo.js';
import './strings.js';

const blank = () => ({ left: {}, abandoned: false, won: null });
const text = (n) => (n === undefined || n === null ? '' : String(n));

function fromEntry(e) {
  return {
    left: Object.fromEntries(Object.entries(e.remaining || {}).map(([k, n]) => [k, text(n)])),
    abandoned: Boolean(e.abandoned),
    won: typeof e.won === 'boolean' ? e.won : null,
  };
}

export class DreistEntryForm extends EntryForm {
  constructor(store, options) {
    super(store, options, {
      cls: 'ds-entry',
      words: {
        missing: 'dsp_missing_fields', sending: 'dsp_sending', entered: 'dsp_entered',
        corrected: 'dsp_corrected', stale: 'dsp_stale', submit: 'dsp_submit',
        correctSubmit: 'dsp_correct_submit', staleDraft: 'dsp_stale_draft', discardDraft: 'dsp_discard_draft',
        enterTitle: 'dsp_enter', correctTitle: 'dsp_correct', cancel: 'dsp_cancel', clear: 'dsp_clear',
        reentered: 'dsp_reentered',
      },
    });
    this.v = blank();
  }

  /** A solo game is sent by its own buttons ("I won", "Egon won"): all of them wait. */
  sendButtons() {
    return [...this.form.querySelectorAll('[type="submit"]')];
  }

  labelSendButton(sending) {
    if (!this.solo) super.labelSendButton(sending);
  }

  /** The values of a blank form (what was typed lives in this.v: the shell keeps it). */
  blank() {
    return blank();
  }

  /** An API entry (to correct, or refused from the outbox) as the form's values. */
  fromEntry(entry) {
    return fromEntry(entry);
  }

  /** With games waiting in the outbox, the game after them (solo: the same ladder, one step on). */
  needsAhead(needs) {
    const ahead = this.store.nextSeq - this.store.match.next_seq;
    if (!ahead) return needs;
    if (needs.mode === 'solo') {
      const game = needs.game + ahead;
      return { ...needs, game, player_cards: soloCards(game), egon_cards: 96 - soloCards(game) };
    }
    const players = needs.players || this.store.match.players;
    const starting = players[(players.indexOf(needs.starting_player) + ahead) % players.length];
    return { ...needs, game: needs.game + ahead, starting_player: starting };
  }

  get solo() {
    return this.needs.mode === 'solo' || (this.store.match.rules || {}).mode === 'solo';
  }

  get players() {
    return this.needs.players || this.store.match.players;
  }

  /** The form for a game as `needs` asks it, from this.v (the shell's show() calls it). */
  build(key, needs, seq) {
    this.needs = needs || {};
    this.form = h(
      'form',
      { novalidate: true, onsubmit: (e) => this.submit(e), onkeydown: (e) => this.onKey(e) },
      this.solo ? this.soloFields() : this.seriesFields(),
    );
    replace(this.el, this.heading({ n: this.needs.game || seq }), this.form);
    if (!this.solo) this.check();
  }

  // ---- a series game ---------------------------------------------------------------------

  seriesFields() {
    this.live = h('div', { class: 'ds-live', 'data-live': '' }); // in the form's foot, beside the send button
    this.sendButton();
    const starter = this.needs.starting_player;
    const rows = this.players.map((name) => {
      const id = uid('f');
      const input = numberInput(id, `remaining.${name}`, this.needs.most || 96, {
        value: this.v.left[name],
        set: (value) => {
          this.v.left[name] = value;
          this.changed();
        },
      });
      return h('div', { class: 'ds-row', 'data-row': name },
        h('label', { for: id, class: 'ds-row-name' }, h('span', { text: name }), name === starter ? h('small', { text: t('dsp_started_short') }) : null),
        input,
        h('button', {
          type: 'button',
          class: 'secondary small ds-out',
          'data-went-out': name,
          'aria-label': t('dsp_went_out_of', { name }),
          onclick: () => {
            this.v.left[name] = '0';
            input.value = '0';
            this.changed();
            const nextBlank = [...this.form.querySelectorAll('input[type="number"]')].find((el) => el.value === '');
            if (nextBlank) nextBlank.focus();
          },
          text: t('dsp_went_out'),
        }),
        errorSlot(`remaining.${name}`, `${id}-e`));
    });
    const aid = uid('f');
    return [
      h('fieldset', { class: 'ds-left', 'data-block': 'remaining' },
        h('legend', { text: t('dsp_q_left') }),
        h('p', { class: 'hint', text: t('dsp_left_hint') }),
        rows,
        errorSlot('remaining', uid('e'))),
      h('div', { class: 'field check ds-check', 'data-block': 'abandoned' },
        h('input', {
          type: 'checkbox',
          id: aid,
          'data-field': 'abandoned',
          checked: this.v.abandoned,
          'aria-describedby': `${aid}-h ${aid}-e`,
          onchange: (e) => {
            this.v.abandoned = e.target.checked;
            this.changed();
          },
        }),
        h('label', { for: aid }, h('span', { class: 'ds-check-title', text: t('dsp_abandoned_toggle') }), h('small', { id: `${aid}-h`, text: t('dsp_abandoned_hint') })),
        errorSlot('abandoned', `${aid}-e`)),
      this.foot({ result: this.live }),
      this.leaveButtons(),
    ];
  }

  changed() {
    this.dirty = true;
    this.check();
  }

  /** The numbers as typed: {name: n} of those that are whole numbers. */
  numbers() {
    const out = {};
    for (const name of this.players) {
      const raw = text(this.v.left[name]).trim();
      const n = raw === '' ? NaN : Number(raw);
      if (Number.isInteger(n)) out[name] = n;
    }
    return out;
  }

  /** R33 on this phone, live: one at 0 (none if abandoned), nobody above the cards in play. */
  check() {
    const most = this.needs.most || 96;
    const left = this.numbers();
    const given = Object.keys(left);
    const zeros = given.filter((name) => left[name] === 0);
    const sum = given.reduce((s, name) => s + left[name], 0);
    const lines = [];
    let ok = given.length === this.players.length;
    if (this.v.abandoned) {
      if (zeros.length) {
        ok = false;
        lines.push(['off', t('dsp_live_abandoned_zero', { names: zeros })]);
      } else lines.push([ok ? 'ok' : 'wait', t('dsp_live_abandoned')]);
    } else if (zeros.length === 1) lines.push(['ok', t('dsp_live_out', { name: zeros[0] })]);
    else if (zeros.length > 1) {
      ok = false;
      lines.push(['off', t('dsp_live_two_out', { names: zeros })]);
    } else {
      ok = false;
      lines.push([given.length ? 'off' : 'wait', t('dsp_live_none_out')]);
    }
    const over = given.filter((name) => left[name] < 0 || left[name] > most);
    if (over.length) {
      ok = false;
      lines.push(['off', t('dsp_live_range', { names: over, most })]);
    }
    if (sum > most) ok = false;
    if (given.length) lines.push([sum > most ? 'off' : 'ok', t('dsp_live_sum', { sum, most })]);
    if (given.length < this.players.length) lines.push(['wait', t('dsp_live_missing', { n: this.players.length - given.length })]);
    this.live.classList.toggle('is-ok', ok);
    replace(this.live, lines.map(([kind, line]) => h('p', { class: `ds-live-${kind}`, text: line })));
  }

  // ---- a solo game -----------------------------------------------------------------------

  soloFields() {
    const n = this.needs.game || this.seq;
    const mine = this.needs.player_cards || soloCards(n);
    const egon = this.needs.egon_cards || 96 - mine;
    const button = (won) => h('button', {
      type: 'submit',
      class: ['ds-verdict-button', won ? 'is-won' : 'is-lost', this.v.won === won && 'is-chosen'],
      'data-won': String(won),
      'aria-pressed': this.editing ? String(this.v.won === won) : null,
      onclick: () => { this.v.won = won; },
    }, h('b', { text: t(won ? 'dsp_i_won' : 'dsp_egon_won') }), h('small', { text: t(won ? 'dsp_i_won_hint' : 'dsp_egon_won_hint') }));
    return [
      h('p', { class: 'ds-solo-now', text: this.editing ? t('dsp_next_solo', { n, mine, egon }) : t('dsp_q_won', { n }) }),
      this.foot({ send: [h('div', { class: 'ds-verdicts', 'data-block': 'won' }, button(true), button(false)), errorSlot('won', uid('e'))] }),
      this.editing ? this.leaveButtons() : null,
    ];
  }

  // ---- sending ---------------------------------------------------------------------------

  body() {
    if (this.solo) return { seq: this.seq, won: this.v.won };
    const body = { seq: this.seq, remaining: this.numbers() };
    if (this.v.abandoned) body.abandoned = true;
    return body;
  }

  blanks(body) {
    const errors = {};
    if (this.solo) return body.won === null ? { won: t('dsp_missing_won') } : errors;
    for (const name of this.players) if (!(name in body.remaining)) errors[`remaining.${name}`] = t('dsp_missing_left', { name });
    return errors;
  }
}
