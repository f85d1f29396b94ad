// What the club's pages share: money in euros as the reader writes it ("1,20 €", "€1.20"), an
// evening's date, the "as of … (offline)" mark, a figure's title in the reader's language, the
// links between the pages, a table of the club in one line, the page's top.

import { h } from '../dom.js';
import { gameName, lang, list, t } from '../i18n.js';
import './strings.js';

// the reader's way of writing: German as in Germany, English as in Britain (the euro before the
// amount, the day before the month)
const LOCALE = { de: 'de-DE', en: 'en-GB' };
const locale = () => LOCALE[lang] || 'en-GB';

/** Whole cents in euros: "1,20 €" / "€1.20"; `signed`: "+1,20 €", "−0,80 €". */
export function euros(cents, { signed = false } = {}) {
  const text = new Intl.NumberFormat(locale(), {
    style: 'currency', currency: 'EUR', signDisplay: signed ? 'exceptZero' : 'auto',
  }).format((cents || 0) / 100);
  return text.replace('-', '\u2212');
}

/** A number as the reader writes it (a ratio with its two decimals: "1,25" / "1.25"). */
export function number(value) {
  if (typeof value !== 'number') return '–';
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: 2 }).format(value);
}

/** "YYYY-MM-DD" as a day of the calendar (no time zone shift). */
export function dayOf(iso) {
  const [y, m, d] = String(iso).split('-').map(Number);
  return new Date(y, (m || 1) - 1, d || 1);
}

/** An evening's date: "Mittwoch, 2. Dezember 2026" / "Wednesday 2 December 2026" (`short`: "2. Dez.", "2 Dec"). */
export function evening(iso, { short = false } = {}) {
  const options = short ? { day: 'numeric', month: 'short' } : { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
  return dayOf(iso).toLocaleDateString(locale(), options);
}

/** "Stand vom 2. Dez., 21:14 (offline)" / "As of 2 Dec, 21:14 (offline)". */
export function asOf(seen) {
  if (!seen) return t('club_as_of', { when: '–' });
  const at = new Date(seen);
  const day = at.toLocaleDateString(locale(), { day: 'numeric', month: 'short' });
  const time = at.toLocaleTimeString(locale(), { hour: '2-digit', minute: '2-digit' });
  return t('club_as_of', { when: `${day}, ${time}` });
}

/** The mark of an answer shown from this phone's storage (hidden while fresh). */
export function offlineMark(fresh, seen) {
  return h('p', { class: 'stale-badge club-offline', role: 'status', 'data-offline': '', hidden: fresh, text: fresh ? '' : asOf(seen) });
}

/** The page's offline mark brought up to date (the connection came or went). */
export function showMark(root, fresh, seen) {
  const mark = root.querySelector('[data-offline]');
  if (!mark) return;
  mark.hidden = fresh;
  mark.textContent = fresh ? '' : asOf(seen);
}

/** A figure's title in the reader's language (the server's figure list: {name, title: {en, de}}). */
export function figureTitle(figure) {
  const title = (figure && figure.title) || {};
  return title[lang] || title.en || (figure && figure.name) || '';
}

/** A link of the club's pages: '' the club, 'evening/2026-12-02', 'season', 'member/m1', 'start'. */
export function clubHref(store, sub = '') {
  const base = `#/c/${encodeURIComponent(store.id)}/${encodeURIComponent(store.token)}`;
  return sub ? `${base}/${sub.split('/').map(encodeURIComponent).join('/')}` : base;
}

/** A table of the club: a match's link with the club's token for tables. */
export function matchHref(store, matchId) {
  return `#/m/${encodeURIComponent(matchId)}/${encodeURIComponent(store.tableToken)}`;
}

/** Where a table stands, in a word. */
export function tableState(match) {
  if (match.finished) return t('club_table_done');
  return match.first_at || match.evening ? t('club_table_open') : t('club_table_new');
}

/** The names at a table: the members' names as they are now (a renamed or anonymised one too). */
export function tableNames(store, match) {
  const members = store.members;
  return (match.players || []).map((id, i) => (members[id] ? members[id].name : (match.player_names || [])[i] || id));
}

/** One table of the club as a list item: "Dreeg: Anna, Benno and Carla", its state (and where
 * it stands, in its game's words: `standing`), its link. */
export function tableItem(store, match, standing = '') {
  return h(
    'li',
    { 'data-match': match.id, 'data-state': match.finished ? 'finished' : 'playing' },
    h(
      'a',
      { href: matchHref(store, match.id), class: 'table-link' },
      h('span', { class: 'table-names', text: t('club_table_of', { game: gameName(match.game), players: list(tableNames(store, match)) }) }),
      h('span', { class: 'hint' },
        h('span', { 'data-table-state': '', text: tableState(match) }),
        standing ? h('span', { 'data-standing': '', text: ` · ${standing}` }) : null),
    ),
  );
}

/** The top of a sub-page: the way back to the club, the title, the offline mark. */
export function subTop(store, title, { fresh = store.fresh, seen = store.seen } = {}) {
  return [
    h('p', { class: 'club-back' }, h('a', { href: clubHref(store), class: 'button secondary small', 'data-club-back': '', text: `← ${t('club_back', { name: store.data.name })}` })),
    h('h1', { class: 'page-title', tabindex: -1, 'data-title': '', text: title }),
    offlineMark(fresh, seen),
  ];
}

/** Whole cents from what a reader typed in euros ("0,10", "0.1", "1", ""), or null if not whole cents. */
export function centsOf(text) {
  const typed = String(text || '').trim().replace(/\s|€/g, '').replace(',', '.');
  if (typed === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(typed)) return null;
  const [whole, part = ''] = typed.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}
