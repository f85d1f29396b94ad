// Sixty-Six's referee for two at the table (RULES.md T1, T2, T6, T7, R17, R23), four questions
// as tabs: "what may I do now?" (referee-actions.js: every card, marriage, the exchange,
// closing and a claim, each with a tick or the rule that forbids it), "may I play this card?"
// (referee-play.js), "may I exchange the trump card or close the stock?" (referee-stock.js)
// and a disputed deal replayed trick by trick (referee-replay.js). Mounted by the referee's
// shell (views/referee.js) with the game's entry in the catalogue: its variants and their decks
// (R16) are the server's. Opened from a match it takes that table's variant, style and
// players and, for a scorer, keeps a ruling as precedent and hands a replayed deal to the
// match's entry form. What is typed lives in this.act / this.ask / this.stock / this.replay,
// so a change of language loses nothing.

import { mounted, tabbed } from '../../referee-kit.js';
import { ActionsPanel } from './referee-actions.js';
import { PlayPanel } from './referee-play.js';
import { ReplayPanel } from './referee-replay.js';
import { StockPanel } from './referee-stock.js';
import './referee-strings.js';

const TABS = ['actions', 'play', 'stock', 'hand'];

/**
 * Mount the referee in `root` (the shell's slot); `match` is the match it was opened from, if
 * any; `game` the catalogue's entry (GET /api/games: its variants, players and facts).
 */
export function mount(root, { id, token, match, announce, game }) {
  return mounted(new RefereeView(root, { id, token, match, announce, game }));
}

class RefereeView {
  constructor(root, { id, token, match, announce, game }) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.match = match;
    this.announce = announce;
    this.decks = game.facts.decks;
    this.variants = game.variants;
    this.players = Math.max(...game.players); // cards in a trick
    this.tab = 'actions';
    const rules = (match && match.rules) || {};
    const variant = this.variants.includes(rules.variant) ? rules.variant : this.variants[0];
    const style = rules.style === 'hard' ? 'hard' : 'soft';
    const deck = this.deck(variant);
    this.act = {
      variant, style, hand: new Set(), trump: '', up: '', stock: String(deck.stock), closed: false, led: '', won: '',
      shown: new Set(), answer: null,
    };
    this.ask = { variant, trump: '', hand: new Set(), led: '', card: '', stockOpen: false, answer: null };
    this.stock = { variant, style, action: 'exchange', onLead: true, tricksWon: '', count: '', closed: false, answer: null };
    const players = match ? match.players.slice(0, 2) : ['', ''];
    const state = (match && match.state) || {};
    this.replay = {
      variant, players, leader: state.forehand || players[1] || '', trump: '', melds: [], closedBy: '', closedAfter: '',
      claim: '', rows: Array(deck.tricks).fill(''), current: 0, answer: null, sent: null,
    };
    this.panels = { actions: new ActionsPanel(this), play: new PlayPanel(this), stock: new StockPanel(this), hand: new ReplayPanel(this) };
  }

  /** The deck of `variant` (R16), as the server deals it. */
  deck(variant) {
    return this.decks[variant];
  }

  render() {
    tabbed(this, TABS.map((name) => ({
      name, label: name === 'play' ? 'ref_tab_play' : `s66r_tab_${name}`, data: `data-ref-${name}`, build: () => this.panels[name].build(),
    })), { cls: 's66-ref-tabs' });
    for (const name of TABS) this.panels[name].refresh();
  }
}
