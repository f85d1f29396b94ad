// Dreeg's referee (RULES.md T1-T8): "may I play this card?" (referee-play.js) and a disputed
// hand replayed trick by trick, every broken rule shown where it happened (referee-replay.js),
// as two tabs. Mounted by the referee's shell (views/referee.js) with the game's facts from
// the catalogue (the sub-games, the tricks of a hand by players); opened from a match it seats
// that table's players and, for a scorer, keeps a ruling as precedent and hands a complete
// legal replay to the match's entry form. What is typed lives in this.ask / this.replay, so a
// change of language loses nothing.

import { mounted, tabbed } from '../../referee-kit.js';
import { drafts } from '../../store.js';
import { PlayPanel } from './referee-play.js';
import { ReplayPanel } from './referee-replay.js';
import './referee-strings.js';

/**
 * Mount the referee in `root` (the shell's slot); `match` is the match it was opened from, if
 * any; `game` the catalogue's entry (GET /api/games: its players and facts).
 */
export function mount(root, { id, token, match, announce, game }) {
  const view = new RefereeView(root, { id, token, announce, game });
  if (match) view.seat(match);
  return mounted(view);
}

class RefereeView {
  constructor(root, { id, token, announce, game }) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.announce = announce;
    this.facts = game.facts;
    this.seats = Math.max(...game.players); // a full table
    this.match = null;
    this.tab = 'play';
    this.ask = {
      subgame: 'deutsch', trump: '', hand: new Set(), trick: [], card: '',
      stockOpen: false, previousLead: '', firstTrick: false, called: '', answer: null,
    };
    this.replay = {
      players: Array(this.seats).fill(''), leader: '', subgame: 'deutsch', trump: '', called: '',
      melds: [], claim: '', rows: Array(this.tricks(this.seats)).fill(''), current: 0, answer: null, sent: null,
    };
    this.panels = { play: new PlayPanel(this), hand: new ReplayPanel(this) };
  }

  /** Tricks in a hand of `players` (a full table's while fewer than two are named). */
  tricks(players) {
    return this.facts.tricks[players] || this.facts.tricks[this.seats];
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
    r.players = [...seated, ...Array(this.seats).fill('')].slice(0, this.seats);
    r.leader = state.forehand || seated[0];
    if (!state.finished) {
      r.subgame = a.subgame = state.subgame.type;
      const draft = drafts.get(match.id);
      const typed = draft && draft.seq >= match.next_seq ? draft : { trump: null, called: '' };
      a.trump = r.trump = a.subgame === 'kamerun' ? '' : typed.trump;
      a.called = r.called = typed.called || '';
    }
    r.rows = Array(this.tricks(seated.length)).fill('');
  }

  render() {
    tabbed(this, [
      { name: 'play', label: 'ref_tab_play', data: 'data-ref-play', build: () => this.panels.play.build() },
      { name: 'hand', label: 'ref_tab_hand', data: 'data-ref-hand', build: () => this.panels.hand.build() },
    ]);
    this.panels.play.refresh();
    this.panels.hand.refresh();
  }
}
