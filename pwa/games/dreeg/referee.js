// Dreeg's referee (RULES.md T1-T8): "may I play this card?" and a disputed hand replayed
// trick by trick, every broken rule shown where it happened. Mounted by the referee's shell
// (views/referee.js); opened from a match it seats that table's players and, for a scorer,
// keeps a ruling as precedent and hands a complete legal replay to the match's entry form.
// What is typed lives in this.ask / this.replay, so a change of language loses nothing.

import { ApiError, api } from '../../api.js';
import { CardGrid, DECK, SUITS, cardChip, cardRadios, cardSuit, lockSuit, pickedCard, setPickedCard, suitRadios } from '../../cards/german.js';
import { clearProblem, errorSlot, h, replace, showProblem, uid } from '../../dom.js';
import { sentences, suitName, t } from '../../i18n.js';
import { drafts, handoffs } from '../../store.js';
import { MeldRows } from '../melds.js';
import { TrickRows, cardChoice, fail, legalMark, precedent, replayAnswer } from '../tricks.js';
import { MELD_WORDS } from './strings.js';

sentences('dreeg.referee', {
  en: {
    ref_tab_play: 'May I play this card?',
    ref_tab_hand: 'Replay a disputed hand',
    ref_no_trump: 'no trump',
    ref_trump_missing: 'Which suit is trumps? (“no trump” while none is named.)',
    ref_hand: 'Your hand',
    ref_hand_empty: 'Tap the cards in your hand.',
    ref_trick: 'Cards already in the trick',
    ref_trick_hint: 'Tap them in the order they were played; none if you lead.',
    ref_trick_so_far: 'Played so far:',
    ref_trick_empty: 'Nothing played yet: you lead.',
    ref_card: 'The card you want to play',
    ref_card_missing: 'Pick the card you want to play.',
    ref_pick_hand_first: 'Pick your hand first.',
    ref_options: 'Situation',
    ref_stock_open: 'Two players, the stock is still open (T2)',
    ref_previous_lead: 'Kamerun: suit led to the previous trick (T4)',
    ref_previous_none: 'none (first trick)',
    ref_first_trick: 'Rufen: this is the first trick (T5)',
    ref_ask: 'Ask the referee',
    ref_legal_cards: 'Cards you may play:',
    ref_legal_none: 'none',
    ref_players: 'Players, clockwise',
    ref_players_hint: 'Leave a seat empty for two or three players.',
    ref_players_min: 'Enter at least two players.',
    ref_leader: 'Who led the first trick?',
    ref_plays_empty: 'Enter the cards of at least one trick.',
    ref_claim: 'Claim of 66 after the last trick entered, by',
    ref_claim_none: 'nobody (the hand went on)',
    ref_claim_hint: 'A claim ends the hand (R8); a marriage shown with it counts at the lead he never made.',
    ref_replay: 'Replay the hand',
    ref_enter: 'Enter this hand',
    ref_enter_incomplete: 'Only a complete hand (or one ended by a claim) without broken rules can be entered in the match.',
    ref_enter_mismatch: 'These players or this sub-game are not the match’s current hand, so it cannot be entered there.',
  },
  de: {
    ref_tab_play: 'Darf ich die Karte spielen?',
    ref_tab_hand: 'Strittiges Spiel nachspielen',
    ref_no_trump: 'kein Trumpf',
    ref_trump_missing: 'Was ist Trumpf? („kein Trumpf“, solange keiner angesagt ist.)',
    ref_hand: 'Deine Hand',
    ref_hand_empty: 'Tipp die Karten auf deiner Hand an.',
    ref_trick: 'Karten schon im Stich',
    ref_trick_hint: 'In der Reihenfolge, in der sie gespielt wurden; keine, wenn du ausspielst.',
    ref_trick_so_far: 'Bisher gespielt:',
    ref_trick_empty: 'Noch nichts gespielt: du spielst aus.',
    ref_card: 'Die Karte, die du spielen willst',
    ref_card_missing: 'Wähl die Karte, die du spielen willst.',
    ref_pick_hand_first: 'Erst deine Hand wählen.',
    ref_options: 'Lage',
    ref_stock_open: 'Zu zweit, der Stock ist noch offen (T2)',
    ref_previous_lead: 'Kamerun: Farbe, die zum vorigen Stich ausgespielt wurde (T4)',
    ref_previous_none: 'keine (erster Stich)',
    ref_first_trick: 'Rufen: das ist der erste Stich (T5)',
    ref_ask: 'Schiedsrichter fragen',
    ref_legal_cards: 'Diese Karten darfst du spielen:',
    ref_legal_none: 'keine',
    ref_players: 'Spieler, im Uhrzeigersinn',
    ref_players_hint: 'Für zwei oder drei Spieler einen Platz leer lassen.',
    ref_players_min: 'Mindestens zwei Spieler eingeben.',
    ref_leader: 'Wer hat zum ersten Stich ausgespielt?',
    ref_plays_empty: 'Mindestens einen Stich eingeben.',
    ref_claim: '66 angesagt nach dem letzten eingetragenen Stich von',
    ref_claim_none: 'niemand (es ging weiter)',
    ref_claim_hint: 'Eine Ansage von 66 beendet das Spiel (R8); eine Ansage dabei zählt beim Ausspiel, das nicht mehr kam.',
    ref_replay: 'Spiel nachspielen',
    ref_enter: 'Dieses Spiel eintragen',
    ref_enter_incomplete: 'Nur ein vollständiges (oder durch Ansage beendetes) Spiel ohne Regelverstoß lässt sich in der Partie eintragen.',
    ref_enter_mismatch: 'Diese Spieler oder diese Runde passen nicht zum laufenden Spiel der Partie; eintragen geht dort nicht.',
  },
});

const SUBGAMES = ['deutsch', 'ace_of_hearts', 'rufen', 'kamerun'];
const TRICKS = { 2: 12, 3: 8, 4: 6 }; // tricks in a hand by players
const SEATS = 4;
const MAX_BEFORE = 3; // cards in a trick before yours, four players

/** Mount the referee in `root` (the shell's slot); `match` is the match it was opened from, if any. */
export function mount(root, { id, token, match, announce }) {
  const view = new RefereeView(root, { id, token, announce });
  if (match) view.seat(match);
  view.render();
  return {
    relabel: () => view.render(),
    destroy: () => {
      view.gone = true;
    },
  };
}

class RefereeView {
  constructor(root, { id, token, announce }) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.announce = announce;
    this.match = null;
    this.tab = 'play';
    this.ask = {
      subgame: 'deutsch', trump: '', hand: new Set(), trick: [], card: '',
      stockOpen: false, previousLead: '', firstTrick: false, called: '', answer: null,
    };
    this.replay = {
      players: Array(SEATS).fill(''), leader: '', subgame: 'deutsch', trump: '', called: '',
      melds: [], claim: '', rows: Array(TRICKS[SEATS]).fill(''), current: 0, answer: null, sent: null,
    };
  }

  /**
   * Opened from a match: the hand as it stands there: its active players in seating order,
   * forehand leads, its sub-game, and the trump and called card typed into this phone's entry
   * form (drafts); a sub-game with a trump and none typed yet starts with no suit chosen (never
   * on "no trump": asking then says to choose).
   */
  seat(match) {
    this.match = match;
    const { state } = match;
    const seated = state.finished ? match.players : state.active;
    const a = this.ask;
    const r = this.replay;
    r.players = [...seated, ...Array(SEATS).fill('')].slice(0, SEATS);
    r.leader = state.forehand || seated[0];
    if (!state.finished) {
      r.subgame = a.subgame = state.subgame.type;
      const draft = drafts.get(match.id);
      const typed = draft && draft.seq >= match.next_seq ? draft : { trump: null, called: '' };
      a.trump = r.trump = a.subgame === 'kamerun' ? '' : typed.trump;
      a.called = r.called = typed.called || '';
    }
    r.rows = Array(TRICKS[seated.length] || TRICKS[SEATS]).fill('');
  }

  render() {
    const playId = uid('s');
    const handId = uid('s');
    const tab = (name, controls) =>
      h('button', {
        type: 'button',
        class: 'secondary',
        'aria-pressed': String(this.tab === name),
        'aria-controls': controls,
        'data-tab': name,
        onclick: () => {
          this.tab = name;
          for (const b of this.root.querySelectorAll('[data-tab]')) b.setAttribute('aria-pressed', String(b.dataset.tab === name));
          this.playSection.hidden = name !== 'play';
          this.handSection.hidden = name !== 'hand';
        },
        text: t(name === 'play' ? 'ref_tab_play' : 'ref_tab_hand'),
      });
    this.playSection = h('section', { class: 'card referee', id: playId, hidden: this.tab !== 'play', 'data-ref-play': '' }, this.buildAsk());
    this.handSection = h('section', { class: 'card referee', id: handId, hidden: this.tab !== 'hand', 'data-ref-hand': '' }, this.buildReplay());
    replace(
      this.root,
      h('div', { class: 'tabs', role: 'group', 'aria-label': t('referee') }, tab('play', playId), tab('hand', handId)),
      this.playSection,
      this.handSection,
    );
    this.refreshAsk();
    this.refreshReplay();
  }

  // ---- may I play this card? ------------------------------------------------------

  buildAsk() {
    const a = this.ask;
    const stale = () => {
      a.answer = null;
      this.refreshAsk();
    };
    this.askProblem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.handGrid = new CardGrid({
      label: t('ref_hand'),
      field: 'hand',
      look: (c) => ({ pressed: a.hand.has(c), disabled: a.trick.includes(c), mark: legalMark(a, c) }),
      onpick: (c) => {
        if (a.hand.has(c)) a.hand.delete(c);
        else a.hand.add(c);
        if (!a.hand.has(a.card)) a.card = '';
        stale();
      },
    });
    this.trickGrid = new CardGrid({
      label: t('ref_trick'),
      field: 'trick',
      look: (c) => ({ pressed: a.trick.includes(c), disabled: a.hand.has(c) || (!a.trick.includes(c) && a.trick.length >= MAX_BEFORE) }),
      onpick: (c) => {
        a.trick = a.trick.includes(c) ? a.trick.filter((x) => x !== c) : [...a.trick, c];
        stale();
      },
    });
    this.handCount = h('span', { class: 'hint', 'data-hand-count': '' });
    this.trickOrder = h('p', { class: 'trick-order', 'data-trick-order': '' });
    this.cardChoice = h('div', { class: 'card-choice', role: 'group', tabindex: -1, 'aria-label': t('ref_card'), 'data-field': 'card' });
    this.verdict = h('div', { class: 'verdict', role: 'status', 'data-verdict': '' });

    const previous = uid('f');
    this.askTrump = trumpRadios('ask_trump', () => a.trump, (v) => {
      a.trump = v;
      stale();
    });
    this.askCalled = h(
      'div',
      { class: 'field', 'data-rufen-only': '' },
      cardRadios({ name: 'ask_called', field: 'called_card', legend: t('called_card'), describedBy: 'ask-called-e' }),
      errorSlot('called_card', 'ask-called-e'),
    );
    this.askPrevious = h(
      'div',
      { class: 'field' },
      h('label', { for: previous, text: t('ref_previous_lead') }),
      h(
        'select',
        { id: previous, 'data-field': 'previous_lead', 'aria-describedby': `${previous}-e`, onchange: (e) => { a.previousLead = e.target.value; stale(); } },
        h('option', { value: '', text: t('ref_previous_none') }),
        SUITS.map((s) => h('option', { value: s, text: suitName(s), selected: a.previousLead === s })),
      ),
      errorSlot('previous_lead', `${previous}-e`),
    );
    this.askFirst = checkbox('first_trick', t('ref_first_trick'), a.firstTrick, (v) => { a.firstTrick = v; stale(); });
    this.askForm = h(
      'form',
      {
        novalidate: true,
        'data-ask-form': '',
        onsubmit: (e) => this.askPlay(e),
        onchange: (e) => {
          if (e.target.name === 'ask_called_suit' || e.target.name === 'ask_called_rank') {
            a.called = pickedCard(this.askForm, 'ask_called');
            stale();
          }
        },
      },
      h('h2', { text: t('ref_tab_play') }),
      subgameSelect(a.subgame, (v) => {
        a.subgame = v;
        stale();
      }),
      this.askTrump,
      this.askCalled,
      h('fieldset', {}, h('legend', {}, t('ref_hand'), ' ', this.handCount), this.handGrid.el, errorSlot('hand')),
      h('fieldset', {}, h('legend', { text: t('ref_trick') }), h('p', { class: 'hint', text: t('ref_trick_hint') }), this.trickGrid.el, this.trickOrder, errorSlot('trick')),
      h('fieldset', {}, h('legend', { text: t('ref_card') }), this.cardChoice, errorSlot('card')),
      h(
        'fieldset',
        { class: 'options' },
        h('legend', { text: t('ref_options') }),
        checkbox('stock_open', t('ref_stock_open'), a.stockOpen, (v) => { a.stockOpen = v; stale(); }),
        this.askPrevious,
        this.askFirst,
      ),
      this.askProblem, // what no field takes, beside the button that asks
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-ask': '', text: t('ref_ask') })),
      this.verdict,
    );
    setPickedCard(this.askForm, 'ask_called', a.called);
    return this.askForm;
  }

  refreshAsk() {
    const a = this.ask;
    const kamerun = a.subgame === 'kamerun';
    const rufen = a.subgame === 'rufen';
    this.askTrump.hidden = kamerun;
    lockSuit(this.askTrump, rufen && a.called ? cardSuit(a.called) : null);
    this.askCalled.hidden = !rufen;
    this.askFirst.hidden = !rufen;
    this.askPrevious.hidden = !kamerun || a.trick.length > 0;
    this.handGrid.update();
    this.trickGrid.update();
    this.handCount.textContent = `(${a.hand.size})`;
    replace(
      this.trickOrder,
      a.trick.length
        ? [t('ref_trick_so_far'), ' ', a.trick.map((c, i) => [i ? ' → ' : '', cardChip(c)])]
        : t('ref_trick_empty'),
    );
    cardChoice(this.cardChoice, { deck: DECK, ask: a, hint: t('ref_pick_hand_first'), changed: () => this.refreshAsk() });
    this.renderVerdict();
  }

  renderVerdict() {
    const answer = this.ask.answer;
    this.verdict.className = answer ? `verdict ${answer.legal ? 'is-yes' : 'is-no'}` : 'verdict';
    if (!answer) {
      replace(this.verdict);
      return;
    }
    const legal = answer.legal_cards || [];
    replace(
      this.verdict,
      h('p', { class: 'verdict-word', 'data-legal': String(answer.legal) }, answer.legal ? t('ref_yes') : t('ref_no'), ' ', cardChip(this.ask.asked)),
      h('p', {}, answer.rule ? [h('span', { class: 'rule', text: answer.rule }), ' '] : null, answer.reason || ''),
      h('p', { class: 'legal-cards' }, t('ref_legal_cards'), ' ', legal.length ? legal.map((c) => cardChip(c, 'is-legal')) : t('ref_legal_none')),
      precedent(this, 'play', this.ask),
    );
  }

  async askPlay(event) {
    event.preventDefault();
    const a = this.ask;
    clearProblem(this.askForm, this.askProblem);
    const errors = {};
    if (trumpUnknown(a)) errors.trump = t('ref_trump_missing');
    if (!a.hand.size) errors.hand = t('ref_hand_empty');
    if (!a.card) errors.card = t('ref_card_missing');
    if (Object.keys(errors).length) {
      showProblem(this.askForm, this.askProblem, { errors });
      return;
    }
    const body = {
      game: 'dreeg',
      subgame: a.subgame,
      trump: trumpOf(a),
      hand: DECK.filter((c) => a.hand.has(c)),
      trick: a.trick.slice(),
      card: a.card,
    };
    if (a.stockOpen) body.stock_open = true;
    if (a.subgame === 'kamerun' && !a.trick.length && a.previousLead) body.previous_lead = a.previousLead;
    if (a.subgame === 'rufen' && a.called) body.called_card = a.called;
    if (a.subgame === 'rufen' && a.firstTrick) body.first_trick = true;
    const button = this.askForm.querySelector('[data-ask]');
    button.disabled = true;
    try {
      const { data } = await api.referee('play', body);
      a.answer = data;
      a.question = body;
      a.asked = body.card;
      this.refreshAsk();
      this.verdict.scrollIntoView({ block: 'nearest' });
    } catch (err) {
      fail(this.askForm, this.askProblem, err);
    } finally {
      button.disabled = false;
    }
  }

  // ---- replay a disputed hand --------------------------------------------------------

  names() {
    return this.replay.players.map((p) => p.trim()).filter(Boolean);
  }

  /** Cards in a trick: one from each player named (four while fewer than two are named). */
  perTrick() {
    const n = this.names().length;
    return n >= 2 ? n : SEATS;
  }

  buildReplay() {
    const r = this.replay;
    this.replayProblem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.leaderSelect = h('select', {
      id: 'ref-leader',
      'data-field': 'leader',
      'aria-describedby': 'ref-leader-e',
      onchange: (e) => {
        r.leader = e.target.value;
        this.staleReplay();
      },
    });
    this.meldRows = new MeldRows({ melds: () => this.replay.melds, players: () => this.names(), changed: () => this.staleReplay(), words: MELD_WORDS });
    this.claimSelect = h('select', {
      id: 'ref-claim',
      'data-field': 'claim',
      'aria-describedby': 'ref-claim-e',
      onchange: (e) => {
        r.claim = e.target.value;
        this.staleReplay();
      },
    });
    this.claimField = h(
      'div',
      { class: 'field', 'data-claim-field': '' },
      h('label', { for: 'ref-claim', text: t('ref_claim') }),
      this.claimSelect,
      h('p', { class: 'hint', text: t('ref_claim_hint') }),
      errorSlot('claim', 'ref-claim-e'),
    );
    this.trickRows = new TrickRows(r, { perTrick: () => this.perTrick(), changed: () => this.staleReplay(), announce: this.announce });
    this.replayTrump = trumpRadios('hand_trump', () => r.trump, (v) => {
      r.trump = v;
      this.staleReplay();
    });
    this.replayCalled = h(
      'div',
      { class: 'field' },
      cardRadios({ name: 'hand_called', field: 'called_card', legend: t('called_card'), describedBy: 'hand-called-e' }),
      errorSlot('called_card', 'hand-called-e'),
    );
    this.replayResult = h('div', { class: 'replay-result', 'data-replay-result': '' });
    this.replayForm = h(
      'form',
      {
        novalidate: true,
        'data-replay-form': '',
        onsubmit: (e) => this.sendReplay(e),
        onchange: (e) => {
          if (e.target.name === 'hand_called_suit' || e.target.name === 'hand_called_rank') {
            r.called = pickedCard(this.replayForm, 'hand_called');
            this.staleReplay();
          }
        },
      },
      h('h2', { text: t('ref_tab_hand') }),
      h(
        'fieldset',
        {},
        h('legend', { text: t('ref_players') }),
        h('p', { class: 'hint', text: t('ref_players_hint') }),
        h(
          'div',
          { class: 'ref-seats' },
          r.players.map((name, i) => {
            const id = `ref-seat-${i}`;
            return h(
              'div',
              { class: 'field' },
              h('label', { for: id, class: 'vh', text: t('player_n', { n: i + 1 }) }),
              h('input', {
                id,
                type: 'text',
                value: name,
                maxlength: 24,
                autocomplete: 'off',
                placeholder: t('player_n', { n: i + 1 }),
                'data-field': `players.${i}`,
                'aria-describedby': `${id}-e`,
                oninput: (e) => {
                  r.players[i] = e.target.value;
                  this.namesChanged();
                },
              }),
              errorSlot(`players.${i}`, `${id}-e`),
            );
          }),
        ),
        errorSlot('players'),
      ),
      h('div', { class: 'field' }, h('label', { for: 'ref-leader', text: t('ref_leader') }), this.leaderSelect, errorSlot('leader', 'ref-leader-e')),
      subgameSelect(r.subgame, (v) => {
        r.subgame = v;
        this.staleReplay();
      }),
      this.replayTrump,
      this.replayCalled,
      this.meldRows.el,
      this.trickRows.el,
      this.claimField,
      this.replayProblem, // what no field takes, beside the button that replays
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-replay': '', text: t('ref_replay') })),
      this.replayResult,
    );
    setPickedCard(this.replayForm, 'hand_called', r.called);
    this.renderLeaders();
    this.renderClaims();
    this.meldRows.render();
    return this.replayForm;
  }

  namesChanged() {
    this.trickRows.fit(TRICKS[this.names().length] || TRICKS[SEATS]);
    this.renderLeaders();
    this.renderClaims();
    this.meldRows.render();
    this.staleReplay();
  }

  staleReplay() {
    this.replay.answer = null;
    this.refreshReplay();
  }

  refreshReplay() {
    const r = this.replay;
    const kamerun = r.subgame === 'kamerun';
    this.replayTrump.hidden = kamerun;
    lockSuit(this.replayTrump, r.subgame === 'rufen' && r.called ? cardSuit(r.called) : null);
    this.replayCalled.hidden = r.subgame !== 'rufen';
    this.meldRows.el.hidden = kamerun;
    this.claimField.hidden = kamerun;
    this.trickRows.refresh();
    this.renderResult();
  }

  /** Who may have claimed 66 (any player named; Kamerun has no claim, R8). */
  renderClaims() {
    const names = this.names();
    const r = this.replay;
    if (!names.includes(r.claim)) r.claim = '';
    replace(this.claimSelect, h('option', { value: '', text: t('ref_claim_none') }), names.map((n) => h('option', { value: n, text: n, selected: n === r.claim })));
  }

  renderLeaders() {
    const names = this.names();
    const r = this.replay;
    if (!names.includes(r.leader)) r.leader = names[0] || '';
    replace(this.leaderSelect, names.map((n) => h('option', { value: n, text: n, selected: n === r.leader })));
  }

  async sendReplay(event) {
    event.preventDefault();
    const r = this.replay;
    clearProblem(this.replayForm, this.replayProblem);
    const seats = r.players.map((p, i) => [p.trim(), i]).filter(([p]) => p);
    const names = seats.map(([p]) => p);
    const errors = {};
    const seen = new Set();
    for (const [name, i] of seats) {
      if (seen.has(name.toLocaleLowerCase())) errors[`players.${i}`] = t('name_duplicate');
      seen.add(name.toLocaleLowerCase());
    }
    if (names.length < 2) errors['players.0'] = t('ref_players_min');
    if (trumpUnknown(r)) errors.trump = t('ref_trump_missing');
    const plays = this.trickRows.plays();
    if (!plays.length) errors.plays = t('ref_plays_empty');
    if (Object.keys(errors).length) {
      showProblem(this.replayForm, this.replayProblem, { errors });
      return;
    }
    const body = {
      game: 'dreeg',
      subgame: r.subgame,
      players: names,
      leader: names.includes(r.leader) ? r.leader : names[0],
      trump: trumpOf(r),
      plays,
    };
    if (r.subgame !== 'kamerun' && r.melds.length) body.melds = r.melds.map((m) => ({ player: m.player, suit: m.suit }));
    if (r.subgame === 'rufen' && r.called) body.called_card = r.called;
    if (r.subgame !== 'kamerun' && r.claim) body.claim = r.claim;
    const button = this.replayForm.querySelector('[data-replay]');
    button.disabled = true;
    try {
      const { data } = await api.referee('hand', body);
      r.answer = data;
      r.question = body;
      r.sent = body;
      this.renderResult();
      this.replayResult.scrollIntoView({ block: 'start' });
    } catch (err) {
      // players.i of the names sent → the seat it was typed in
      const problem = err instanceof ApiError ? { ...err.problem, errors: reseat(err.errors, seats) } : null;
      fail(this.replayForm, this.replayProblem, problem ? new ApiError(err.status, problem) : err);
    } finally {
      button.disabled = false;
    }
  }

  renderResult() {
    const answer = this.replay.answer;
    if (!answer) {
      replace(this.replayResult);
      return;
    }
    replace(
      this.replayResult,
      replayAnswer(answer),
      this.offer(answer),
      precedent(this, 'hand', this.replay),
    );
  }

  /** A scorer who came from a match may enter a complete, legal replay of its current hand. */
  offer(answer) {
    const m = this.match;
    if (!m || m.access !== 'scorer' || m.state.finished) return null;
    const sent = this.replay.sent;
    const active = m.state.active;
    if (!answer.legal || !answer.entry || !(answer.entry.last_trick || answer.entry.claim)) return h('p', { class: 'hint', text: t('ref_enter_incomplete') });
    const same = sent.subgame === m.state.subgame.type && sent.players.length === active.length && active.every((n) => sent.players.includes(n));
    if (!same) return h('p', { class: 'hint', text: t('ref_enter_mismatch') });
    return h('div', { class: 'actions' }, h('button', { type: 'button', class: 'primary', 'data-enter-hand': '', onclick: () => this.enterHand(answer), text: t('ref_enter') }));
  }

  async enterHand(answer) {
    let match = this.match;
    try {
      match = (await api.getMatch(this.id, this.token)).data;
    } catch {
      // enter against what we have; the form shows the server's answer
    }
    const entry = { ...answer.entry }; // the server names the declarer and the partner the cards show
    handoffs.set(this.id, { seq: match.next_seq, entry });
    location.hash = `#/m/${encodeURIComponent(this.id)}/${encodeURIComponent(this.token)}`;
  }
}

// ---- small parts -------------------------------------------------------------------

function subgameSelect(value, onchange) {
  const id = uid('f');
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id, text: t('col_subgame') }),
    h(
      'select',
      { id, 'data-field': 'subgame', 'aria-describedby': `${id}-e`, onchange: (e) => onchange(e.target.value) },
      SUBGAMES.map((type) => h('option', { value: type, text: t(`subgame_${type}`), selected: type === value })),
    ),
    errorSlot('subgame', `${id}-e`),
  );
}

/** Trump: none or one of the four suits (hidden for Kamerun, the called suit in Rufen). */
function trumpRadios(name, get, set) {
  const set_ = suitRadios({ name, field: 'trump', legend: t('trump'), none: t('ref_no_trump'), get, set });
  set_.append(errorSlot('trump'));
  return set_;
}

/** Opened from a match with a trump not yet typed (seat): nothing chosen, not even "no trump". */
function trumpUnknown(what) {
  return what.trump === null && what.subgame !== 'kamerun' && !trumpOf(what);
}

function trumpOf(what) {
  if (what.subgame === 'kamerun') return null;
  if (what.subgame === 'rufen' && what.called) return cardSuit(what.called);
  return what.trump || null;
}

function checkbox(field, label, checked, set) {
  const id = uid('f');
  return h(
    'div',
    { class: 'field check' },
    h('input', { type: 'checkbox', id, 'data-field': field, checked, 'aria-describedby': `${id}-e`, onchange: (e) => set(e.target.checked) }),
    h('label', { for: id, text: label }),
    errorSlot(field, `${id}-e`),
  );
}

/** The answer's players.{i} counts the names sent; the form counts seats, blanks included. */
function reseat(errors, seats) {
  const out = {};
  for (const [path, message] of Object.entries(errors || {})) {
    const m = /^players\.(\d+)(.*)$/.exec(path);
    out[m && seats[Number(m[1])] ? `players.${seats[Number(m[1])][1]}${m[2]}` : path] = message;
  }
  return out;
}
