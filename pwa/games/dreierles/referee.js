// Dreierles's referee: "count my pile" (RULES.md R26). The cards are tapped on the Cego grid
// or typed (codes or names), and POST /api/referee/count counts them in threes: the points,
// each packet of three, the leftover with its thirds, and what the other side has of the
// pack's points (the catalogue's facts). Without an answer from the server the phone counts
// them itself (the same rule) and says so. Mounted by the referee's shell (views/referee.js);
// what was picked lives in this.picked, so a change of language keeps it.

import { ApiError, NetworkError, api } from '../../api.js';
import { CegoGrid, cardChip, cardValue, exact, parsePile, pointsOf, thirds } from '../../cards/cego.js';
import { clearProblem, errorSlot, h, replace, showProblem, uid } from '../../dom.js';
import { sentences, t } from '../../i18n.js';
import { mounted, problemBox, verdictBox } from '../../referee-kit.js';
import './strings.js';

sentences('dreierles.referee', {
  en: {
    dlr_title: 'Count my pile',
    dlr_intro: 'Tap the cards or type them: the referee counts them in packets of three (R26).',
    dlr_pick: 'The cards of the pile',
    dlr_type: 'Or type them',
    dlr_type_hint: 'Codes or names: TS T21 HK, or “Pfeif, Kreuz König, Trumpf 13”.',
    dlr_take: 'Add',
    dlr_bad: 'Not a card: {words}',
    dlr_clear: 'Clear',
    dlr_picked: '{n} {n:card|cards} picked',
    dlr_points: '{n} {n:point|points}',
    dlr_exact: 'exactly {exact}, from {n} {n:card|cards}',
    dlr_rounding: 'Rounded to the nearest point (⅓ down, ⅔ up): the other side has {rest}, together {total}.',
    dlr_packets: 'Packets of three',
    dlr_packet_0: 'three blanks: 1',
    dlr_packet_1: 'one counter, two blanks: its value',
    dlr_packet_2: 'two counters, one blank: their sum − 1',
    dlr_packet_3: 'three counters: their sum − 2',
    dlr_leftover: 'Left over: {thirds} {thirds:third|thirds} = {exact}',
    dlr_no_leftover: 'Nothing left over: whole points.',
    dlr_local: 'No answer from the server: counted on this phone.',
  },
  de: {
    dlr_title: 'Meinen Stapel zählen',
    dlr_intro: 'Karten antippen oder eintippen: der Schiedsrichter zählt sie in Dreierpäckchen (R26).',
    dlr_pick: 'Die Karten des Stapels',
    dlr_type: 'Oder eintippen',
    dlr_type_hint: 'Kürzel oder Namen: TS T21 HK oder „Pfeif, Kreuz König, Trumpf 13“.',
    dlr_take: 'Dazu',
    dlr_bad: 'Keine Karte: {words}',
    dlr_clear: 'Leeren',
    dlr_picked: '{n} {n:Karte|Karten} gewählt',
    dlr_points: '{n} {n:Punkt|Punkte}',
    dlr_exact: 'genau {exact}, aus {n} {n:Karte|Karten}',
    dlr_rounding: 'Auf den nächsten Punkt gerundet (⅓ ab, ⅔ auf): die Gegenseite hat {rest}, zusammen {total}.',
    dlr_packets: 'Dreierpäckchen',
    dlr_packet_0: 'drei Leere: 1',
    dlr_packet_1: 'eine Zählkarte, zwei Leere: ihr Wert',
    dlr_packet_2: 'zwei Zählkarten, eine Leere: Summe − 1',
    dlr_packet_3: 'drei Zählkarten: Summe − 2',
    dlr_leftover: 'Rest: {thirds} {thirds:Drittel|Drittel} = {exact}',
    dlr_no_leftover: 'Kein Rest: ganze Punkte.',
    dlr_local: 'Keine Antwort vom Server: auf dem Handy gezählt.',
  },
});

/** Mount the referee in `root`; `game` is the catalogue's entry (its facts: what the pack counts, R26). */
export function mount(root, { game }) {
  return mounted(new CountView(root, game.facts.points));
}

/** R26 on the phone, in the order tapped: what the server answers, marked as local. */
function countHere(cards) {
  const packets = [];
  for (let i = 0; i + 3 <= cards.length; i += 3) packets.push({ cards: cards.slice(i, i + 3), points: thirds(cards.slice(i, i + 3)) / 3 });
  const rest = cards.slice(packets.length * 3);
  const n = thirds(cards);
  return { cards: cards.length, points: pointsOf(n), thirds: n, packets, leftover: rest.length ? { cards: rest, thirds: thirds(rest) } : null, local: true };
}

class CountView {
  constructor(root, total) {
    this.root = root;
    this.total = total; // the pack's points: the two sides of a deal make them
    this.picked = [];
    this.typed = '';
    this.answer = null;
  }

  stop() {
    clearTimeout(this.timer);
  }

  render() {
    const id = uid('f');
    this.problem = problemBox();
    this.grid = new CegoGrid({
      label: t('dlr_pick'),
      field: 'cards',
      look: (c) => ({ pressed: this.picked.includes(c) }),
      onpick: (c) => this.set(this.picked.includes(c) ? this.picked.filter((x) => x !== c) : [...this.picked, c]),
    });
    this.pickedLine = h('p', { class: 'hint', 'data-picked': '' });
    this.verdict = verdictBox('dl-verdict');
    this.form = h(
      'form',
      { novalidate: true, 'data-count-form': '', onsubmit: (e) => this.take(e) },
      h('h2', { text: t('dlr_title') }),
      h('p', { class: 'hint', text: t('dlr_intro') }),
      this.problem,
      h('fieldset', {}, h('legend', { text: t('dlr_pick') }), this.grid.el, this.pickedLine, errorSlot('cards', uid('e'))),
      h('div', { class: 'field' },
        h('label', { for: id, text: t('dlr_type') }),
        h('p', { class: 'hint', id: `${id}-h`, text: t('dlr_type_hint') }),
        h('div', { class: 'link-row' },
          h('input', { id, type: 'text', autocomplete: 'off', value: this.typed, 'data-field': 'typed', 'aria-describedby': `${id}-h ${id}-e`, oninput: (e) => { this.typed = e.target.value; } }),
          h('button', { type: 'submit', class: 'secondary', 'data-take': '', text: t('dlr_take') })),
        errorSlot('typed', `${id}-e`)),
      h('div', { class: 'actions' }, h('button', { type: 'button', class: 'secondary', 'data-clear': '', onclick: () => this.set([]), text: t('dlr_clear') })),
      this.verdict,
    );
    replace(this.root, h('section', { class: 'card referee dl-referee', 'data-ref-count': '' }, this.form));
    this.show();
  }

  /** Typed cards added to the pile; words that are no card are named. */
  take(event) {
    event.preventDefault();
    clearProblem(this.form, this.problem);
    const { cards, bad } = parsePile(this.typed);
    if (bad.length) showProblem(this.form, this.problem, { errors: { typed: t('dlr_bad', { words: bad.join(', ') }) } });
    else this.typed = '';
    this.set([...this.picked, ...cards.filter((c, i) => !this.picked.includes(c) && cards.indexOf(c) === i)]);
    if (!bad.length) this.form.querySelector('[data-field="typed"]').value = '';
  }

  set(cards) {
    this.picked = cards;
    this.grid.update();
    clearTimeout(this.timer);
    this.answer = cards.length ? countHere(cards) : null;
    this.show();
    if (cards.length) this.timer = setTimeout(() => this.ask(cards), 250);
  }

  async ask(cards) {
    try {
      const { data } = await api.referee('count', { game: 'dreierles', cards });
      if (!this.gone && cards === this.picked) this.answer = data;
    } catch (err) {
      if (err instanceof ApiError && cards === this.picked) showProblem(this.form, this.problem, err.problem);
      else if (!(err instanceof NetworkError)) throw err;
    }
    if (!this.gone && cards === this.picked) this.show();
  }

  show() {
    const a = this.answer;
    this.pickedLine.textContent = t('dlr_picked', { n: this.picked.length });
    if (!a) {
      replace(this.verdict);
      return;
    }
    const chips = (cards) => h('span', { class: 'legal-cards' }, cards.map((c) => cardChip(c)));
    const counters = (cards) => cards.filter((c) => cardValue(c) > 0).length;
    replace(
      this.verdict,
      h('p', { class: 'verdict-word', 'data-points': a.points, text: t('dlr_points', { n: a.points }) }),
      h('p', { text: t('dlr_exact', { exact: Number.isInteger(a.thirds) ? exact(a.thirds) : a.exact, n: a.cards ?? this.picked.length }) }),
      h('p', { class: 'hint', text: t('dlr_rounding', { rest: this.total - a.points, total: this.total }) }),
      a.local ? h('p', { class: 'notice', text: t('dlr_local') }) : null,
      (a.packets || []).length ? [
        h('h3', { text: t('dlr_packets') }),
        h('ol', { class: 'dl-packets' }, a.packets.map((p) => h('li', { 'data-packet': '' },
          chips(p.cards), h('b', { text: ` = ${p.points}` }), h('small', { text: t(`dlr_packet_${counters(p.cards)}`) })))),
      ] : null,
      a.leftover && a.leftover.cards.length
        ? h('p', { class: 'dl-leftover', 'data-leftover': '' }, chips(a.leftover.cards), ' ', t('dlr_leftover', { thirds: a.leftover.thirds, exact: exact(a.leftover.thirds) }))
        : h('p', { class: 'hint', text: t('dlr_no_leftover') }),
    );
  }
}
