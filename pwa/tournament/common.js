// What the organiser's view, the board and the printed pages share: how a table reads
// (players, bye, meeting himself, waiting, playing, decided), the Bummerl of a running match
// as beads, the prize list, the round's title, the seed and its hash. Names come from the
// players: they go in as text only (dom.js h() with text or children strings).

import { h, s, showProblem } from '../dom.js';
import { lang, t } from '../i18n.js';
import './strings.js';

export const POINTS = 7; // a Bummerl counts down from 7 (R22)

/** "Round 2 of 5", "Sales", "Finished". */
export function phaseTitle(state) {
  if (state.phase === 'sales') return t('tour_phase_sales');
  if (state.phase === 'finished') return t('tour_phase_finished');
  return t('tour_round_of', { n: state.round, m: state.rounds_total });
}

// ---- a player's cards (docs/tournament.md, "Card numbers") ---------------------

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳';

/** A card's number as the hall reads it: ① … ⑳, then (21); nothing for a player's only card. */
export const cardMark = (card) => (card ? (card <= CIRCLED.length ? CIRCLED[card - 1] : `(${card})`) : '');

/** "Wastl ②"; "Mirl" (she bought one card: no number, the server sends none). */
export const cardName = (player, card) => (card ? `${player} ${cardMark(card)}` : player);

/** The cards at a table as the server numbered them ({player, card, fell}), in the order of its
 *  players; an answer from before card numbers: the players, unnumbered. */
export function seats(p) {
  if (p.cards && p.cards.length === p.players.length) return p.cards;
  return p.players.map((player, i) => ({ player, card: null, fell: p.loser === player && (!p.self || i === 1) }));
}

/** The players of a table as one line: "Wastl ① – Mirl", "Hias ②" (bye). */
export function tableLine(p) {
  const at = seats(p);
  if (p.bye) return cardName(at[0].player, at[0].card);
  return at.map((seat) => cardName(seat.player, seat.card)).join(' – ');
}

/** The winner's card at a decided table (or the one a finished match names, before it is recorded). */
function winnerSeat(p) {
  const winner = p.winner || (p.match && p.match.finished && p.match.winner);
  return winner ? seats(p).find((seat) => seat.player === winner && !seat.fell) : null;
}

/** Where a table stands, in words. */
export function tableStatus(p) {
  const at = seats(p);
  if (p.bye) return t('tour_bye_through', { name: cardName(at[0].player, at[0].card) });
  if (p.self) {
    const given = at.find((seat) => seat.fell) || at[1];
    const kept = at.find((seat) => seat !== given);
    if (!given.card || !kept.card) return t('tour_self', { name: at[0].player });
    return t('tour_self_cards', { name: at[0].player, kept: cardMark(kept.card), given: cardMark(given.card) });
  }
  const won = winnerSeat(p);
  if (won) return t(p.winner && p.by === 'hand' ? 'tour_won_hand' : 'tour_won', { name: cardName(won.player, won.card) });
  const m = p.match;
  if (m && (m.deals || 0) > 0) return t('tour_playing_deals', { n: m.deals });
  if (p.match_id) return t('tour_opened');
  return t('tour_waiting');
}

/** status class: bye, self, won, playing, waiting */
export function tableKind(p) {
  if (p.bye) return 'bye';
  if (p.self) return 'self';
  if (p.winner) return 'won';
  if (p.match_id) return 'playing';
  return 'waiting';
}

/** Bummerl `name` has received in a running match (R22: what the match is played to; Austrian
 *  tables count the Bummerl a player gets, as the match's own counter does). */
function bummerlReceived(p, name) {
  return ((p.match && p.match.bummerl) || {})[name] || 0;
}

/** Seven beads, those won moved (filled), as the Bummerl counter shows them. */
function beadRow(score) {
  const left = Math.max(0, Math.min(POINTS, score));
  const won = POINTS - left;
  return s(
    'svg',
    { class: 'tn-beads', viewBox: `0 0 ${POINTS * 16} 16`, 'aria-hidden': 'true' },
    Array.from({ length: POINTS }, (_, i) => s('circle', { cx: 8 + i * 16, cy: 8, r: 6.2, class: i < won ? 'tn-bead is-moved' : 'tn-bead' })),
  );
}

/** Each card at a table: its holder's name and number, and while the match runs his beads,
 *  points to go and Bummerl received; the card that fell struck through, the one that won marked. */
export function tablePlayers(p) {
  const m = p.match;
  const live = m && !p.winner && !p.bye && !p.self;
  const won = winnerSeat(p);
  return h(
    'ul',
    { class: 'tn-players' },
    seats(p).map((seat) => {
      const name = seat.player;
      const score = live ? ((m.score || {})[name] ?? POINTS) : null;
      const bummerl = live ? bummerlReceived(p, name) : 0;
      const winner = seat === won;
      return h(
        'li',
        { class: ['tn-player', winner && 'is-winner', seat.fell && 'is-loser'], 'data-player': name, 'data-card': seat.card || undefined, 'data-score': score ?? undefined },
        h('span', { class: 'tn-name', text: cardName(name, seat.card) }),
        winner ? h('span', { class: 'badge badge-win', text: t('tour_winner_mark') }) : null,
        live
          ? h(
              'span',
              { class: 'tn-score', title: t('tour_score_label', { name, score, received: t(bummerl ? 'tour_bummerl_received' : 'tour_bummerl_none', { n: bummerl }) }) },
              beadRow(score),
              h('b', { text: t('tour_to_go', { n: score }) }),
              h('span', { class: 'tn-bummerl', text: t(bummerl ? 'tour_bummerl_received' : 'tour_bummerl_none', { n: bummerl }) }),
            )
          : null,
      );
    }),
  );
}

/** "5th", "5." (the reader's ordinal). */
export function ordinal(n) {
  return t(`tour_ordinal_${new Intl.PluralRules(lang, { type: 'ordinal' }).select(n)}`, { n });
}

/** The places a prize band spans: "5.–8.", "5th–8th"; one place: "3.". */
export function placesText(from, to) {
  return from === to ? ordinal(from) : t('tour_band', { from: ordinal(from), to: ordinal(to) });
}

/** The prizes grouped in their bands (consecutive prizes sharing places), top first. */
function bands(prizes) {
  const found = [];
  for (const prize of prizes) {
    const [from, to] = prize.places || [prize.place, prize.place];
    const last = found[found.length - 1];
    if (last && from !== to && last.from === from && last.to === to) last.prizes.push(prize);
    else found.push({ from, to, prizes: [prize] });
  }
  return found;
}

/** A prize's card, and while its holder still plays with another card, which: "Hias ① (still in with ②)". */
function prizeCard(prize) {
  const still = prize.still_in || [];
  return h(
    'li',
    { 'data-place': prize.place, 'data-player': prize.player, 'data-card': prize.card || undefined, 'data-still-with': still.length ? still.join(' ') : undefined },
    h('span', { class: 'tn-name', text: cardName(prize.player, prize.card) }),
    still.length ? ' ' : null,
    still.length ? h('span', { class: 'tn-still', text: t('tour_still_in_with', { cards: still.map(cardMark) }) }) : null,
  );
}

/** The prize list as it stands ([] → a hint), each band once with its cards, a tie below it. */
export function prizeList(state) {
  const prizes = state.prizes || [];
  const tie = state.prize_tie;
  return h(
    'div',
    { class: 'tn-prizes', 'data-prizes': '' },
    prizes.length
      ? h('ol', { class: 'tn-prize-list' }, bands(prizes).map((band) => h(
          'li',
          { class: 'tn-band', 'data-band': `${band.from}-${band.to}` },
          h('span', { class: 'tn-place', text: placesText(band.from, band.to) }),
          h('ul', { class: 'tn-band-cards' }, band.prizes.map(prizeCard)),
        )))
      : h('p', { class: 'hint', text: t(state.phase === 'finished' ? 'tour_no_prizes' : 'tour_prizes_later') }),
    tie
      ? h('p', { class: 'tn-tie notice', 'data-prize-tie': '' }, tieText('tour_tie', tie))
      : null,
  );
}

/** The tied cards as the server names them ("Wastl ①", …); an older answer: the players. */
export function tieCards(tie) {
  return tie.cards && tie.cards.length === tie.players.length ? tie.cards : tie.players.map((player) => ({ player, card: null }));
}

/** "Places 5 to 8: …", or "Place 3: …" when one place is tied ('tour_tie' / 'tour_settle_title'). */
export function tieText(key, tie) {
  const first = tie.places[0];
  const last = tie.places[tie.places.length - 1];
  const one = { tour_tie: 'tour_tie_one', tour_settle_title: 'tour_settle_one' }[key];
  return t(first === last ? one : key, { first, last, players: tieCards(tie).map((c) => cardName(c.player, c.card)) });
}

/** Who still holds cards (most first, then purchase order), and who is out. */
export function stillIn(state) {
  return (state.players || []).filter((p) => p.cards > 0).sort((a, b) => b.cards - a.cards);
}

/** A player still in, named with the numbers of his cards still in play: "Wastl ② ③", "Mirl". */
export function stillInName(player) {
  const held = player.held_cards || [];
  return held.length ? `${player.name} ${held.map(cardMark).join(' ')}` : player.name;
}

// ---- the draw's seed ---------------------------------------------------------

/** Whether this page can hash (crypto.subtle needs a secure origin). */
export const canHash = () => Boolean(window.crypto && window.crypto.subtle);

/** 32 hexadecimal characters from the secure random source. */
export function newSeed() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the seed (UTF-8), lowercase hex: what the engine's seed_hash() gives. */
export async function sha256(text) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const seedKey = (id, hash) => `kreide.tn.seed.${id}.${hash}`;
export const seeds = {
  get: (id, hash) => (hash ? localStorage.getItem(seedKey(id, hash)) : null),
  put: (id, hash, seed) => localStorage.setItem(seedKey(id, hash), seed),
};

/** A file the API answered with, saved on this phone. */
export function saveBlob(blob, file) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: file });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A refusal in a form, each sentence once (the shell's showProblem): a field's beside its input
 * (a number of the pots beside its player's field), the rule with the first, and above the form
 * only what concerns no field of it; never a code.
 */
export function showRefusal(form, box, problem) {
  showProblem(form, box, problem);
}
