// What the history and the entry form both say of a deal of Dreierles: the games' names, the
// Fach and money it moved (at the table's rate per Fach, R37), the lines of its outcome and
// who paid whom. A module of its own: the entry form (form.js) shows a deal's outcome live,
// and the game's index.js, which loads the form, draws the history with the same lines.

import { h } from '../../dom.js';
import { lang, t } from '../../i18n.js';
import './strings.js';

export const SIDE_GAMES = ['raeuber', 'drescher'];
export const gameName = (game) => t(`dl_game_${game}`);
/** "+4", "−2", "0" (a real minus sign). */
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

// ---- money: the table's rate per Fach, kept with the match (R37) ----------------------------

let cents = 0; // the rate of the match on screen (the board is drawn first): what the history uses

/** The match on screen: its rate is the one its history's lines name (useRate(match)). */
export function useRate(match) {
  cents = rateOf(match);
}

/** Cents per Fach of a match (0: not played for money); the server keeps it for the whole table. */
export const rateOf = (match) => Number(((match || {}).rates || {}).per_fach) || 0;

/** "0,40 €" / "€0.40": cents in the reader's way of writing money. */
export const euros = (amount) => (amount / 100).toLocaleString(lang, { style: 'currency', currency: 'EUR' });

/** "0,40 €" / "€0.40" for n Fach at the table's rate (signed when asked); '' without a rate. */
export function money(fach, { rate = cents, sign = false } = {}) {
  if (!rate) return '';
  const text = euros(Math.abs(fach) * rate);
  return sign && fach ? `${fach > 0 ? '+' : '−'}${text}` : text;
}

const withMoney = (sentence, fach) => (money(fach) ? `${sentence} ${t('dlp_out_money', { money: money(fach) })}` : sentence);

/** A figure's sign as a class: is-plus, is-minus (none for 0). */
export const signClass = (n) => (n > 0 ? 'is-plus' : n < 0 ? 'is-minus' : null);

/** "2 for 41 points, 1 for the Zweier, 1 for the Drull". */
export function partsText(result, total = 70) {
  const p = result.parts || {};
  const out = [];
  const dp = result.declarer_points;
  const pts = result.won ? dp : result.defender_points ?? (Number.isInteger(dp) ? total - dp : null);
  if (p.points) out.push(t(result.won ? 'dlp_part_points' : 'dlp_part_points_def', { n: p.points, p: pts ?? '?' }));
  if (p.type) out.push(t(`dlp_part_${result.game}`, { n: p.type }));
  for (const [extra, n] of Object.entries(p.extras || {})) if (n) out.push(t(`dlp_part_${extra}`, { n }));
  if (p.doubled) out.push(t('dlp_part_doubled'));
  return out.join(', ');
}

/** What the deal decided: who wins or pays how many Fach, and why (R27-R31). */
export function outcome(result) {
  if (!result || !result.game || !result.settlement) return '';
  const s = result.settlement;
  const names = Object.keys(s);
  if (SIDE_GAMES.includes(result.game)) {
    const payers = names.filter((n) => s[n] < 0);
    const others = names.filter((n) => s[n] > 0);
    if (!payers.length || !others.length) return t('dlp_out_raeuber_even');
    const n = Math.round(-s[payers[0]] / others.length);
    return withMoney(t(result.game === 'drescher' ? 'dlp_out_drescher' : 'dlp_out_raeuber', { payers, name: payers[0], others, n }), n);
  }
  const name = result.declarer;
  const others = names.filter((n) => n !== name && s[n] !== 0);
  const n = result.fach;
  if ((result.parts || {}).eightfold) return withMoney(t('dlp_out_eightfold', { name, others, n }), n);
  return withMoney(t(result.won ? 'dlp_out_won' : 'dlp_out_lost', { name, n, others, parts: partsText(result) }), n);
}

/** Who got and paid what (and the money), then the balance after the deal. */
export function details(result) {
  if (!result || !result.settlement) return null;
  const s = result.settlement;
  const out = result.sitting_out || [];
  const balance = result.balance || {};
  return [
    h('p', { class: 'dl-settle', 'data-settlement': '' }, Object.keys(s).map((name) => h(
      'span',
      { class: ['dl-delta', out.includes(name) ? 'is-out' : signClass(s[name])], 'data-player': name },
      h('b', { text: name }),
      ` ${out.includes(name) ? t('dlp_sat_out') : signed(s[name])}`,
      !out.includes(name) && money(s[name]) ? h('small', { text: ` ${money(s[name], { sign: true })}` }) : null,
    ))),
    Object.keys(balance).length
      ? h('p', { class: 'facts dl-now', text: t('dlp_now', { list: Object.keys(balance).map((n) => `${n} ${signed(balance[n])}`).join(' · ') }) })
      : null,
  ];
}
