// What the organiser's view, the board and the printed pages share: how a table reads
// (players, bye, meeting himself, waiting, playing, decided), the Bummerl of a running match
// as beads, the prize list, the round's title, the seed and its hash. Names come from the
// players: they go in as text only (dom.js h() with text or children strings).

import { h, problemText, s, showProblem } from '../dom.js';
import { t } from '../i18n.js';
import './strings.js';

export const POINTS = 7; // a Bummerl counts down from 7 (R22)

/** "Round 2 of 5", "Sales", "Finished". */
export function phaseTitle(state) {
  if (state.phase === 'sales') return t('tour_phase_sales');
  if (state.phase === 'finished') return t('tour_phase_finished');
  return t('tour_round_of', { n: state.round, m: state.rounds_total });
}

/** The players of a table as one line: "Anna – Benno", "Anna" (bye). */
export function tableLine(p) {
  if (p.bye || p.self) return p.players[0];
  return `${p.players[0]} – ${p.players[1]}`;
}

/** Where a table stands, in words. */
export function tableStatus(p) {
  if (p.bye) return t('tour_bye_through', { name: p.players[0] });
  if (p.self) return t('tour_self', { name: p.players[0] });
  if (p.winner) return t(p.by === 'hand' ? 'tour_won_hand' : 'tour_won', { name: p.winner });
  const m = p.match;
  if (m && m.finished && m.winner) return t('tour_won', { name: m.winner });
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

/** Bummerl won by `name` in a running match: the ones his opponent received. */
function bummerlWon(p, name) {
  const other = p.players[0] === name ? p.players[1] : p.players[0];
  return ((p.match && p.match.bummerl) || {})[other] || 0;
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

/** Each player of a table: the name, and while the match runs its beads, points to go and Bummerl won. */
export function tablePlayers(p) {
  const names = p.bye || p.self ? [p.players[0]] : p.players;
  const m = p.match;
  const live = m && !p.winner && !p.bye && !p.self;
  return h(
    'ul',
    { class: 'tn-players' },
    names.map((name) => {
      const score = live ? ((m.score || {})[name] ?? POINTS) : null;
      const won = live ? bummerlWon(p, name) : 0;
      const winner = p.winner === name || (m && m.winner === name);
      return h(
        'li',
        { class: ['tn-player', winner && 'is-winner', p.winner && !winner && 'is-loser'], 'data-player': name, 'data-score': score ?? undefined },
        h('span', { class: 'tn-name', text: name }),
        winner ? h('span', { class: 'badge badge-win', text: t('tour_winner_mark') }) : null,
        live
          ? h(
              'span',
              { class: 'tn-score', title: t('tour_score_label', { name, score, won }) },
              beadRow(score),
              h('b', { text: t('tour_to_go', { n: score }) }),
              h('span', { class: 'tn-bummerl', text: t('tour_bummerl_won', { n: won }) }),
            )
          : null,
      );
    }),
  );
}

/** The prize list as it stands ([] → a hint), a tie below it. */
export function prizeList(state) {
  const prizes = state.prizes || [];
  const tie = state.prize_tie;
  return h(
    'div',
    { class: 'tn-prizes', 'data-prizes': '' },
    prizes.length
      ? h('ol', { class: 'tn-prize-list' }, prizes.map((prize) => h(
          'li',
          { value: prize.place, 'data-place': prize.place },
          h('span', { class: 'tn-place', text: placeText(prize) }),
          h('span', { class: 'tn-name', text: prize.player }),
        )))
      : h('p', { class: 'hint', text: t(state.phase === 'finished' ? 'tour_no_prizes' : 'tour_prizes_later') }),
    tie
      ? h('p', { class: 'tn-tie notice', 'data-prize-tie': '' }, tieText('tour_tie', tie))
      : null,
  );
}

/** "Places 5 to 8: …", or "Place 3: …" when one place is tied ('tour_tie' / 'tour_settle_title'). */
export function tieText(key, tie) {
  const first = tie.places[0];
  const last = tie.places[tie.places.length - 1];
  const one = { tour_tie: 'tour_tie_one', tour_settle_title: 'tour_settle_one' }[key];
  return t(first === last ? one : key, { first, last, players: tie.players });
}

function placeText(prize) {
  const [from, to] = prize.places || [prize.place, prize.place];
  return from === to ? t('tour_place', { n: prize.place }) : t('tour_place_shared', { n: prize.place, from, to });
}

/** Who still holds cards (most first, then purchase order), and who is out. */
export function stillIn(state) {
  return (state.players || []).filter((p) => p.cards > 0).sort((a, b) => b.cards - a.cards);
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

export function isLoopback(host) {
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\./.test(host);
}

/**
 * A refusal in a form: the problem's sentence at the top, each rule violation or field error
 * beside its input where the form has one (else with the sentence at the top), never a code.
 */
export function showRefusal(form, box, problem) {
  const errors = {};
  const loose = [];
  const put = (path, text) => {
    if (path && form.querySelector(`[data-error-for="${CSS.escape(path)}"]`)) errors[path] = text;
    else loose.push(text);
  };
  for (const [path, message] of Object.entries(problem.errors || {})) put(path, Array.isArray(message) ? message.join(' ') : String(message));
  for (const v of problem.violations || []) put(v.field, v.detail || '');
  // the sentence at the top, unless it only repeats what now stands beside the fields
  const more = loose.filter((text) => text && text !== problem.detail);
  let detail = [problemText(problem), ...more].filter(Boolean).join(' ');
  if (Object.keys(errors).length && !loose.length) detail = `${t('tour_see_fields')}${problem.rule ? ` (${problem.rule})` : ''}`;
  showProblem(form, box, { detail, errors });
}
