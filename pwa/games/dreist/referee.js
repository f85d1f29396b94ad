// DREIst!'s referee (R35, docs/dreist.md): "judge a laying" and "Egon's turn". Both start
// from the display this phone keeps for the table (display.js: per match, in localStorage).
// A laying: the display before (painted), then the turn's cards play by play, tapped into
// the grid or typed ("6R@1 6R@2; 7R@1"); POST /api/referee/dreist answers legal or the first
// card refused with its clause, and every placement with its DREIer and the cells it cleared,
// shown step by step; a legal laying's display can be kept. Egon: his turned cards tapped in
// turning order, POST /api/referee/egon after each; where he lays them is shown step by step,
// then what he throws away and keeps; the display after becomes the kept one. Mounted by
// the referee's shell (views/referee.js); a solo match shows Egon's turn itself (mountEgon).

import { ApiError, api } from '../../api.js';
import { clearProblem, errorSlot, h, replace, showProblem, uid } from '../../dom.js';
import { sentences, t } from '../../i18n.js';
import { fail, problemBox, reason, verdictBox } from '../../referee-kit.js';
import {
  COLOURS, COLUMNS, DisplayEditor, Replay, arrows, capital, cardWords, chip, drawGrid, face, formatLay, keepDisplay,
  keptDisplay, palette, parseLay, placementText, put,
} from './display.js';
import './strings.js';

sentences('dreist.referee', {
  en: {
    dsr_judge: 'Judge a laying',
    dsr_egon: 'Egon’s turn',
    dsr_judge_intro: 'First the display as it lay before the turn, then the cards of the turn, play by play. Every answer names its rule (R35).',
    dsr_tab_display: '1 · Display before',
    dsr_tab_lay: '2 · The cards laid',
    dsr_display_hint: 'Pick a colour, then tap the cells. Tapping a cell in the same colour empties it.',
    dsr_lay_hint: 'Pick the colour of a card, then tap where it went: its column is its number. Cards laid together form one play; “New play” starts the next.',
    dsr_plays: 'The plays',
    dsr_play_n: 'Play {n}',
    dsr_no_plays: 'No card laid yet.',
    dsr_new_play: 'New play',
    dsr_undo: 'Undo the last card',
    dsr_clear_lay: 'Clear the cards',
    dsr_typed: 'Or type them',
    dsr_typed_hint: 'Number, colour, @ and the row; plays separated by “;”: 8R@1 8Y@2; 7R@1',
    dsr_typed_bad: 'Not a card with its row: {words}',
    dsr_whole_hand: 'That was my whole hand',
    dsr_whole_hand_hint: 'Every hand card laid: the DREIste Geschenk, if it is legal.',
    dsr_ask: 'Judge',
    dsr_asking: 'Asking…',
    dsr_nothing: 'Tap at least one card of the turn.',
    dsr_legal: 'Legal',
    dsr_illegal: 'Not allowed',
    dsr_refused: '{card} (play {play}, card {k}) may not go into row {row}.',
    dsr_stay_none: 'None of the turn’s cards is laid: the display stays as it was before the turn.',
    dsr_stay: 'None of the turn’s cards is laid: the display stays as it was before the turn. Below, card by card, what the cards before the refused one would have done.',
    dsr_clause_occupied: 'cell taken',
    dsr_clause_colour: 'another colour beside it',
    dsr_clause_connection: 'no connection to the base cards',
    dsr_clause_together: 'the play does not hang together',
    dsr_clause_single: 'a single card needs a neighbour',
    dsr_clause_column: 'its column',
    dsr_draws: 'Draw {n} {n:card|cards}: one for each DREIer.',
    dsr_no_draws: 'No DREIer: nothing to draw.',
    dsr_geschenk: 'DREIste Geschenk! Give the top two cards of your pile to one or two others.',
    dsr_keep: 'Keep the display after this turn',
    dsr_kept: 'Kept: this display is the table’s now.',
    dsr_placements: 'Card by card',
    dsr_egon_intro: 'The display lies on this phone. After your own turn, bring it up to date (or judge your laying and keep it). Then turn Egon’s cards one at a time and tap each one.',
    dsr_display_now: 'The display now',
    dsr_turned: 'Egon’s turned cards, in order',
    dsr_turned_hint: 'Tap each card as you turn it over.',
    dsr_turned_none: 'No card turned yet.',
    dsr_pick: 'The card turned over',
    dsr_undo_turned: 'Undo the last',
    dsr_clear_turned: 'Start again',
    dsr_egon_more: 'Egon has laid {n} {n:card|cards} so far: turn his next card.',
    dsr_egon_none: 'Egon has laid nothing yet: turn his next card.',
    dsr_egon_done: 'Egon laid {n} {n:card|cards}: his turn is over.',
    dsr_egon_steps: 'Where Egon lays them',
    dsr_egon_steps_hint: 'Tap “Next” for each card he lays, in order.',
    dsr_discarded: 'Onto the discard pile (set aside): ',
    dsr_discarded_none: 'Nothing set aside to throw away.',
    dsr_aside: 'Set aside so far: ',
    dsr_egon_empty_finish: 'His pile is empty: keep the display',
    dsr_kept_cards: 'Back on his pile, never reached: ',
    dsr_egon_finish: 'Done: keep the display after Egon’s turn',
    dsr_egon_kept: 'Egon’s turn is over; the display is kept. Your turn.',
    dsr_local_display: 'Kept on this phone for this table.',
    dsr_local_display_here: 'Kept on this phone.',
  },
  de: {
    dsr_judge: 'Einen Zug prüfen',
    dsr_egon: 'Egon ist dran',
    dsr_judge_intro: 'Erst die Auslage, wie sie vor dem Zug lag, dann die Karten des Zugs, Anlage für Anlage. Jede Antwort nennt ihre Regel (R35).',
    dsr_tab_display: '1 · Auslage vorher',
    dsr_tab_lay: '2 · Angelegte Karten',
    dsr_display_hint: 'Eine Farbe wählen, dann die Felder antippen. Ein Feld in derselben Farbe wird dabei wieder leer.',
    dsr_lay_hint: 'Die Farbe einer Karte wählen, dann antippen, wo sie hinkam: ihre Spalte ist ihre Zahl. Zusammen angelegte Karten sind eine Anlage; „Neue Anlage“ beginnt die nächste.',
    dsr_plays: 'Die Anlagen',
    dsr_play_n: 'Anlage {n}',
    dsr_no_plays: 'Noch keine Karte angelegt.',
    dsr_new_play: 'Neue Anlage',
    dsr_undo: 'Letzte Karte zurück',
    dsr_clear_lay: 'Karten leeren',
    dsr_typed: 'Oder eintippen',
    dsr_typed_hint: 'Zahl, Farbe, @ und die Reihe; Anlagen durch „;“ getrennt: 8R@1 8G@2; 7R@1',
    dsr_typed_bad: 'Keine Karte mit Reihe: {words}',
    dsr_whole_hand: 'Das war meine ganze Hand',
    dsr_whole_hand_hint: 'Alle Handkarten ausgespielt: das DREIste Geschenk, wenn alles erlaubt ist.',
    dsr_ask: 'Prüfen',
    dsr_asking: 'Wird gefragt…',
    dsr_nothing: 'Mindestens eine Karte des Zugs antippen.',
    dsr_legal: 'Erlaubt',
    dsr_illegal: 'Nicht erlaubt',
    dsr_refused: '{card} (Anlage {play}, Karte {k}) darf nicht in Reihe {row}.',
    dsr_stay_none: 'Von diesem Zug wird nichts gelegt: die Auslage bleibt, wie sie vorher war.',
    dsr_stay: 'Von diesem Zug wird nichts gelegt: die Auslage bleibt, wie sie vorher war. Unten Karte für Karte, was die Karten vor der abgelehnten bewirkt hätten.',
    dsr_clause_occupied: 'Platz belegt',
    dsr_clause_colour: 'andere Farbe daneben',
    dsr_clause_connection: 'keine Verbindung zu den Grundkarten',
    dsr_clause_together: 'die Anlage hängt nicht zusammen',
    dsr_clause_single: 'eine einzelne Karte braucht einen Nachbarn',
    dsr_clause_column: 'ihre Spalte',
    dsr_draws: '{n} {n:Karte|Karten} ziehen: eine für jeden DREIer.',
    dsr_no_draws: 'Kein DREIer: nichts zu ziehen.',
    dsr_geschenk: 'DREIstes Geschenk! Die obersten zwei Karten deines Stapels an einen oder zwei Mitspieler verschenken.',
    dsr_keep: 'Auslage nach diesem Zug übernehmen',
    dsr_kept: 'Übernommen: das ist jetzt die Auslage am Tisch.',
    dsr_placements: 'Karte für Karte',
    dsr_egon_intro: 'Die Auslage liegt auf diesem Handy. Nach deinem eigenen Zug bring sie auf den Stand (oder lass deinen Zug prüfen und übernimm sie). Dann deck Egons Karten einzeln auf und tipp jede an.',
    dsr_display_now: 'Die Auslage jetzt',
    dsr_turned: 'Egons aufgedeckte Karten, der Reihe nach',
    dsr_turned_hint: 'Jede Karte antippen, sobald sie aufgedeckt ist.',
    dsr_turned_none: 'Noch keine Karte aufgedeckt.',
    dsr_pick: 'Die aufgedeckte Karte',
    dsr_undo_turned: 'Letzte zurück',
    dsr_clear_turned: 'Von vorn',
    dsr_egon_more: 'Egon hat bisher {n} {n:Karte|Karten} angelegt: seine nächste Karte aufdecken.',
    dsr_egon_none: 'Egon hat noch nichts angelegt: seine nächste Karte aufdecken.',
    dsr_egon_done: 'Egon hat {n} {n:Karte|Karten} angelegt: sein Zug ist vorbei.',
    dsr_egon_steps: 'Wo Egon sie anlegt',
    dsr_egon_steps_hint: 'Für jede Karte, die er anlegt, „Weiter“ tippen, der Reihe nach.',
    dsr_discarded: 'Auf den Ablagestapel (beiseitegelegt): ',
    dsr_discarded_none: 'Nichts beiseitegelegt, nichts abzuwerfen.',
    dsr_aside: 'Bisher beiseitegelegt: ',
    dsr_egon_empty_finish: 'Sein Stapel ist leer: Auslage übernehmen',
    dsr_kept_cards: 'Zurück auf seinen Stapel, nicht mehr erreicht: ',
    dsr_egon_finish: 'Fertig: Auslage nach Egons Zug übernehmen',
    dsr_egon_kept: 'Egons Zug ist vorbei, die Auslage übernommen. Du bist dran.',
    dsr_local_display: 'Auf diesem Handy für diesen Tisch gespeichert.',
    dsr_local_display_here: 'Auf diesem Handy gespeichert.',
  },
});

/** The referee's page: the two questions as tabs (a solo match opens on Egon's turn). */
export function mount(root, { id, token, match, announce = () => {} }) {
  const solo = Boolean(match && (match.rules || {}).mode === 'solo');
  const ctx = { id: match ? id : null, token, match, announce, tabs: true };
  const views = { judge: new JudgeView(ctx), egon: new EgonView(ctx) };
  let tab = solo ? 'egon' : 'judge';
  const render = () => {
    const tabs = h('div', { class: 'tabs', role: 'group' }, ['judge', 'egon'].map((name) => h('button', {
      type: 'button',
      'aria-pressed': String(tab === name),
      'data-tab': name,
      onclick: () => {
        tab = name;
        render();
      },
      text: t(`dsr_${name}`),
    })));
    replace(root, h('section', { class: 'card referee ds-referee', 'data-ref-dreist': '' }, tabs, views[tab].el));
    views[tab].render();
  };
  render();
  return {
    relabel: render,
    destroy: () => {
      views.judge.gone = true;
      views.egon.gone = true;
    },
  };
}

/** Egon's turn alone (a solo match's page). */
export function mountEgon(root, { id, token, match }) {
  const view = new EgonView({ id, token, match, announce: () => {} });
  replace(root, view.el);
  view.render();
  return { relabel: () => view.render(), destroy: () => { view.gone = true; } };
}

const rulesOf = (ctx) => (ctx.match && ctx.match.rules) || {};
/** The house rule of the match, sent along only when it is not the default. */
function withRules(ctx, body) {
  return [true, 'true'].includes(rulesOf(ctx).single_below_card) ? { ...body, single_below_card: true } : body;
}

// ---- judge a laying ----------------------------------------------------------------------------

class JudgeView {
  constructor(ctx) {
    this.ctx = ctx;
    this.el = h('div', { 'data-judge': '' });
    this.mode = 'display';
    this.plays = [[]];
    this.brush = 'R';
    this.whole = false;
    this.answer = null; // {asked, data}
    this.editor = new DisplayEditor({ rows: keptDisplay(ctx.id), label: t('dsr_tab_display'), onchange: (rows) => this.setDisplay(rows) });
  }

  get laid() {
    return this.plays.flat();
  }

  setDisplay(rows) {
    keepDisplay(this.ctx.id, rows);
    this.answer = null;
    replace(this.verdict);
  }

  render() {
    this.editor.rows = keptDisplay(this.ctx.id);
    this.editor.label = t('dsr_tab_display');
    this.problem = problemBox();
    this.verdict = verdictBox('ds-verdict');
    this.askButton = h('button', { type: 'submit', class: 'primary', 'data-ask': '', text: t('dsr_ask') });
    this.gridSlot = h('div', { 'data-lay-grid': '' });
    this.playsSlot = h('div', { class: 'ds-plays', 'data-plays': '' });
    const tid = uid('f');
    const wid = uid('f');
    this.typed = h('input', {
      id: tid, type: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: false,
      value: formatLay(this.plays), 'data-field': 'typed', 'aria-describedby': `${tid}-h ${tid}-e`,
      oninput: (e) => this.fromTyped(e.target.value),
    });
    const modes = h('div', { class: 'tabs ds-modes', role: 'group' }, ['display', 'lay'].map((mode) => h('button', {
      type: 'button',
      'aria-pressed': String(this.mode === mode),
      'data-mode': mode,
      onclick: () => {
        this.mode = mode;
        this.render();
      },
      text: t(mode === 'display' ? 'dsr_tab_display' : 'dsr_tab_lay'),
    })));
    const lay = [
      h('p', { class: 'hint', text: t('dsr_lay_hint') }),
      palette({ value: this.brush, label: t('dsd_brush'), onpick: (c) => { this.brush = c; } }),
      this.gridSlot,
      this.playsSlot,
      h('div', { class: 'field' },
        h('label', { for: tid, text: t('dsr_typed') }),
        h('p', { class: 'hint', id: `${tid}-h`, text: t('dsr_typed_hint') }),
        this.typed,
        errorSlot('typed', `${tid}-e`)),
      h('div', { class: 'field check ds-check' },
        h('input', { type: 'checkbox', id: wid, checked: this.whole, 'data-field': 'hand', 'aria-describedby': `${wid}-h`, onchange: (e) => { this.whole = e.target.checked; } }),
        h('label', { for: wid }, h('span', { class: 'ds-check-title', text: t('dsr_whole_hand') }), h('small', { id: `${wid}-h`, text: t('dsr_whole_hand_hint') })),
        errorSlot('hand', uid('e'))),
    ];
    this.form = h(
      'form',
      { novalidate: true, onsubmit: (e) => this.ask(e) },
      h('h2', { class: this.ctx.tabs ? 'vh' : null, text: t('dsr_judge') }),
      h('p', { class: 'hint', text: t('dsr_judge_intro') }),
      modes,
      this.problem,
      this.mode === 'display' ? [h('p', { class: 'hint', text: t('dsr_display_hint') }), this.editor.el, h('p', { class: 'hint', text: t(this.ctx.id ? 'dsr_local_display' : 'dsr_local_display_here') })] : lay,
      errorSlot('display', uid('e')),
      errorSlot('lay', uid('e')),
      h('div', { class: 'actions' }, this.askButton),
      this.verdict,
    );
    replace(this.el, this.form);
    this.editor.render();
    if (this.mode === 'lay') this.drawLay();
    if (this.answer) this.show();
  }

  /** The display before with the turn's cards on it, numbered in the order laid. */
  drawLay(focus) {
    let rows = keptDisplay(this.ctx.id);
    const marks = {};
    for (const [r, row] of rows.entries()) for (let c = 1; c <= COLUMNS; c += 1) if (row[c - 1] !== '.') marks[`${r + 1},${c}`] = { dim: true };
    this.laid.forEach((p, i) => {
      const n = Number(p.card.slice(0, -1));
      rows = put(rows, p.row, n, p.card.slice(-1));
      marks[`${p.row},${n}`] = { order: i + 1, laid: true };
    });
    replace(this.gridSlot, drawGrid({ rows, marks, extra: 1, label: t('dsr_tab_lay'), ontap: (r, c) => this.tap(r, c) }));
    if (focus) {
      const el = this.gridSlot.querySelector(`[data-cell="${focus}"]`);
      if (el) el.focus();
    }
    const plays = this.plays.filter((p) => p.length);
    replace(
      this.playsSlot,
      h('h3', { text: t('dsr_plays') }),
      plays.length
        ? h('ol', { class: 'ds-play-list' }, plays.map((play, i) => h('li', { 'data-play': i },
          h('span', { class: 'ds-play-name', text: t('dsr_play_n', { n: i + 1 }) }),
          play.map((p) => h('span', { class: 'ds-placed' }, chip(p.card), h('small', { text: `@${p.row}` }))))))
        : h('p', { class: 'hint', text: t('dsr_no_plays') }),
      h('div', { class: 'actions' },
        h('button', { type: 'button', class: 'secondary small', 'data-new-play': '', disabled: !this.plays[this.plays.length - 1].length, onclick: () => this.newPlay(), text: t('dsr_new_play') }),
        h('button', { type: 'button', class: 'secondary small', 'data-undo': '', disabled: !this.laid.length, onclick: () => this.undo(), text: t('dsr_undo') }),
        h('button', { type: 'button', class: 'secondary small', 'data-clear-lay': '', disabled: !this.laid.length, onclick: () => this.setPlays([[]]), text: t('dsr_clear_lay') })),
    );
  }

  /** A tap on a cell: the brush's card of that column laid there; on the last card laid, taken back. */
  tap(r, c) {
    const last = this.laid[this.laid.length - 1];
    if (last && last.row === r && Number(last.card.slice(0, -1)) === c) return this.undo(`${r},${c}`);
    this.plays[this.plays.length - 1].push({ card: `${c}${this.brush}`, row: r });
    return this.setPlays(this.plays, `${r},${c}`);
  }

  newPlay() {
    if (this.plays[this.plays.length - 1].length) this.plays.push([]);
    this.setPlays(this.plays);
  }

  undo(focus) {
    const plays = this.plays.filter((p) => p.length);
    if (plays.length) plays[plays.length - 1].pop();
    this.setPlays(plays.length && plays[plays.length - 1].length ? plays : [...plays.filter((p) => p.length), []], focus);
  }

  setPlays(plays, focus) {
    this.plays = plays.length ? plays : [[]];
    this.typed.value = formatLay(this.plays);
    this.answer = null;
    replace(this.verdict);
    this.drawLay(focus);
  }

  fromTyped(text) {
    const { plays, bad } = parseLay(text);
    const slot = this.form.querySelector('[data-error-for="typed"]');
    slot.hidden = !bad.length;
    slot.textContent = bad.length ? t('dsr_typed_bad', { words: bad.join(', ') }) : '';
    this.typed.toggleAttribute('aria-invalid', bad.length > 0);
    if (bad.length) return;
    this.plays = /;\s*$/.test(text) ? [...plays, []] : plays.length ? plays : [[]];
    this.answer = null;
    replace(this.verdict);
    this.drawLay();
  }

  async ask(event) {
    event.preventDefault();
    clearProblem(this.form, this.problem);
    const lay = this.plays.filter((p) => p.length);
    if (!lay.length) {
      if (this.mode !== 'lay') {
        this.mode = 'lay';
        this.render();
      }
      showProblem(this.form, this.problem, { detail: t('dsr_nothing') });
      return;
    }
    const body = withRules(this.ctx, { game: 'dreist', display: keptDisplay(this.ctx.id), lay });
    if (this.whole) body.hand = lay.flat().map((p) => p.card);
    this.askButton.disabled = true;
    this.askButton.textContent = t('dsr_asking');
    try {
      const { data } = await api.referee('dreist', body);
      if (this.gone) return;
      this.answer = { asked: body, data };
      this.show();
      this.verdict.scrollIntoView({ block: 'start' });
    } catch (err) {
      if (err instanceof ApiError && this.mode !== 'display' && Object.keys(err.errors).some((path) => path.startsWith('display'))) {
        this.mode = 'display'; // the display cannot occur: shown where it is put right
        this.render();
      }
      fail(this.form, this.problem, err);
    } finally {
      this.askButton.disabled = false; // (a new one, if the form was drawn again)
      this.askButton.textContent = t('dsr_ask');
    }
  }

  show() {
    const { asked, data } = this.answer;
    const [play, k] = String(data.path || '').split('.').map(Number);
    const bad = data.legal ? null : ((asked.lay[play] || [])[k] || null);
    const replay = new Replay({ start: asked.display, placements: data.placements || [], bad, label: t('dsr_placements') });
    replace(
      this.verdict,
      h('p', { class: ['verdict-banner', data.legal ? 'is-yes' : 'is-no'], 'data-legal': String(data.legal) },
        t(data.legal ? 'dsr_legal' : 'dsr_illegal'),
        data.clause ? h('span', { class: 'ds-clause', 'data-clause': data.clause, text: ` · ${t(`dsr_clause_${data.clause}`)}` }) : null),
      reason(data),
      bad ? h('p', { class: 'ds-refused', 'data-refused': bad.card },
        chip(bad.card, { cls: 'is-bad' }), ' ', capital(t('dsr_refused', { card: cardWords(bad.card), play: play + 1, k: k + 1, row: bad.row }))) : null,
      bad ? h('p', { class: 'hint', 'data-stays': '', text: t((data.placements || []).length ? 'dsr_stay' : 'dsr_stay_none') }) : null,
      replay.render(),
      (data.placements || []).length ? h('ol', { class: 'ds-placements', 'data-placements': '' }, data.placements.map((p, i) => h('li', {
        class: [p.dreier && `has-${p.dreier}`], 'data-dreier': p.dreier || '',
      }, h('button', { type: 'button', class: 'ds-link', onclick: () => replay.go(i), text: placementText(p) })))) : null,
      data.legal ? h('p', { class: 'ds-draws', 'data-draws': data.draws }, data.draws ? t('dsr_draws', { n: data.draws }) : t('dsr_no_draws')) : null,
      data.geschenk ? h('p', { class: 'ds-geschenk', 'data-geschenk': '', text: t('dsr_geschenk') }) : null,
      data.legal ? h('div', { class: 'actions' }, h('button', {
        type: 'button',
        class: 'secondary',
        'data-keep': '',
        onclick: () => {
          keepDisplay(this.ctx.id, data.display);
          this.plays = [[]];
          this.answer = null;
          this.mode = 'display';
          this.render();
          this.ctx.announce(t('dsr_kept'));
        },
        text: t('dsr_keep'),
      })) : null,
    );
  }
}

// ---- Egon's turn ----------------------------------------------------------------------------

class EgonView {
  constructor(ctx) {
    this.ctx = ctx;
    this.el = h('div', { class: 'ds-egon', 'data-egon': '' });
    this.turned = [];
    this.answer = null; // {asked, data}
    this.step = -1;
    this.editor = new DisplayEditor({ rows: keptDisplay(ctx.id), label: t('dsr_display_now'), onchange: (rows) => this.setDisplay(rows) });
  }

  setDisplay(rows) {
    keepDisplay(this.ctx.id, rows);
    if (this.turned.length) this.ask();
  }

  render() {
    this.editor.rows = keptDisplay(this.ctx.id);
    this.editor.label = t('dsr_display_now');
    this.problem = problemBox();
    this.turnedSlot = h('div', { class: 'ds-turned', 'aria-live': 'polite', 'data-turned': '' });
    this.result = h('div', { class: 'verdict ds-verdict', 'data-egon-result': '' });
    this.form = h(
      'form',
      { novalidate: true, onsubmit: (e) => e.preventDefault() },
      h('h2', { class: this.ctx.tabs ? 'vh' : null, text: t('dsr_egon') }),
      h('p', { class: 'hint', text: t('dsr_egon_intro') }),
      this.problem,
      h('details', { class: 'ds-now', open: !this.turned.length, 'data-display-now': '' },
        h('summary', { text: t('dsr_display_now') }),
        h('p', { class: 'hint', text: t('dsr_display_hint') }),
        this.editor.el,
        errorSlot('display', uid('e'))),
      h('fieldset', { class: 'ds-turn' },
        h('legend', { text: t('dsr_turned') }),
        h('p', { class: 'hint', text: t('dsr_turned_hint') }),
        picker((card) => this.turn(card)),
        this.turnedSlot,
        errorSlot('turned', uid('e'))),
      this.result,
    );
    replace(this.el, this.form);
    this.editor.render();
    this.drawTurned();
    this.show();
  }

  turn(card) {
    this.turned = [...this.turned, card];
    this.ask();
  }

  setTurned(turned) {
    this.turned = turned;
    if (turned.length) this.ask();
    else {
      this.answer = null;
      this.drawTurned();
      this.show();
    }
  }

  drawTurned() {
    const a = this.answer && this.answer.data;
    const count = a ? a.placements.length : 0;
    const status = !this.turned.length ? t('dsr_turned_none')
      : !a ? t('dsr_asking')
        : a.done ? t('dsr_egon_done', { n: count })
          : count ? t('dsr_egon_more', { n: count }) : t('dsr_egon_none');
    replace(
      this.turnedSlot,
      this.turned.length ? h('ol', { class: 'ds-turned-list' }, this.turned.map((c) => h('li', {}, chip(c)))) : null,
      h('p', { class: ['ds-egon-status', a && a.done && 'is-done'], 'data-egon-status': a ? (a.done ? 'done' : 'more') : 'none', text: status }),
      this.turned.length ? h('div', { class: 'actions' },
        h('button', { type: 'button', class: 'secondary small', 'data-undo-turned': '', onclick: () => this.setTurned(this.turned.slice(0, -1)), text: t('dsr_undo_turned') }),
        h('button', { type: 'button', class: 'secondary small', 'data-clear-turned': '', onclick: () => this.setTurned([]), text: t('dsr_clear_turned') })) : null,
    );
  }

  async ask() {
    const turned = this.turned;
    const body = withRules(this.ctx, { game: 'dreist', display: keptDisplay(this.ctx.id), turned });
    clearProblem(this.form, this.problem);
    this.drawTurned();
    try {
      const { data } = await api.referee('egon', body);
      if (this.gone || turned !== this.turned) return;
      const before = this.answer ? this.answer.data.placements.length : 0;
      this.answer = { asked: body, data };
      // a card laid since: shown first (Back walks to the earlier ones); fewer (undone): from the start
      if (data.placements.length !== before) this.step = data.placements.length > before ? before : -1;
    } catch (err) {
      if (turned !== this.turned) return;
      this.answer = null;
      fail(this.form, this.problem, err);
    }
    this.drawTurned();
    this.show();
  }

  show() {
    if (!this.answer) {
      replace(this.result);
      return;
    }
    const { asked, data } = this.answer;
    const n = data.placements.length;
    const replay = new Replay({ start: asked.display, placements: data.placements, step: this.step, label: t('dsr_egon_steps'), onstep: (k) => { this.step = k; this.showEnd(); } });
    this.end = h('div', { 'data-egon-end': '' });
    replace(
      this.result,
      h('h3', { text: t('dsr_egon_steps') }),
      n ? h('p', { class: 'hint', text: t('dsr_egon_steps_hint') }) : null,
      replay.render(),
      this.end,
    );
    this.showEnd();
  }

  /** Once every placement has been shown: what he throws away, what he keeps, and done. */
  showEnd() {
    const { data } = this.answer;
    const n = data.placements.length;
    if (n && this.step < n - 1) {
      replace(this.end);
      return;
    }
    const cards = (list) => list.map((c) => chip(c));
    replace(
      this.end,
      h('p', { class: 'ds-discarded', 'data-discarded': data.discarded.join(' ') },
        data.discarded.length ? [t(data.done ? 'dsr_discarded' : 'dsr_aside'), cards(data.discarded)] : t('dsr_discarded_none')),
      data.kept.length ? h('p', { class: 'ds-kept', 'data-kept': data.kept.join(' ') }, t('dsr_kept_cards'), cards(data.kept)) : null,
      h('div', { class: 'actions' }, h('button', {
        type: 'button',
        class: data.done ? 'primary' : 'secondary',
        'data-egon-finish': '',
        onclick: () => {
          keepDisplay(this.ctx.id, data.display);
          this.turned = [];
          this.answer = null;
          this.step = -1;
          this.render();
          this.ctx.announce(t('dsr_egon_kept'));
          const done = h('p', { class: 'notice', role: 'status', 'data-egon-kept': '', text: t('dsr_egon_kept') });
          this.result.append(done);
        },
        text: t(data.done ? 'dsr_egon_finish' : 'dsr_egon_empty_finish'),
      })),
    );
  }
}

/** The 32 cards, a row per colour, a column per number: one tap adds the card turned. */
function picker(onpick) {
  const grid = h('div', { class: 'ds-picker', role: 'group', 'aria-label': t('dsr_pick'), 'data-picker': '' },
    COLOURS.flatMap((c) => Array.from({ length: COLUMNS }, (_, i) => h('button', {
      type: 'button',
      class: `ds-pick ds-${c}`,
      tabindex: -1,
      'data-pick': `${i + 1}${c}`,
      onclick: () => onpick(`${i + 1}${c}`),
    }, face(`${i + 1}${c}`)))));
  arrows(grid, '[data-pick]', COLUMNS);
  return grid;
}
