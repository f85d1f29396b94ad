// What the tournament puts on the home page (rooms.js: its `home`): the tournaments this phone
// has opened, below the tables (none: nothing), and the door to a new one, below the form that
// starts a table. Its sentences are its own table.

import { h } from '../dom.js';
import { sentences, t } from '../i18n.js';
import { tournaments } from './kept.js';

sentences('tournament.home', {
  en: {
    tour_home: 'Preisschnapsen',
    tour_home_hint: 'A prize tournament of Sixty-Six or Schnapsen: sell entry cards, draw the tables, follow every match on a board.',
    tour_new: 'New tournament',
    tour_yours: 'Your tournaments',
    tour_organiser: 'organiser',
    tour_viewer: 'board (read only)',
    tour_forget: 'Forget this tournament on this phone? It stays on the server.',
    tour_at_sales: 'selling entry cards',
    tour_at_round: 'round {n} of {m}',
    tour_at_end: 'finished',
  },
  de: {
    tour_home: 'Preisschnapsen',
    tour_home_hint: 'Ein Preisturnier in Sechsundsechzig oder Schnapsen: Teilnehmerkarten verkaufen, die Tische auslosen, jede Partie auf einer Anzeigetafel verfolgen.',
    tour_new: 'Neues Turnier',
    tour_yours: 'Deine Turniere',
    tour_organiser: 'Veranstalter',
    tour_viewer: 'Anzeigetafel (nur lesen)',
    tour_forget: 'Dieses Turnier auf diesem Handy vergessen? Auf dem Server bleibt es.',
    tour_at_sales: 'Kartenverkauf',
    tour_at_round: 'Runde {n} von {m}',
    tour_at_end: 'beendet',
  },
});

/** Where a tournament stood when this phone last saw it. */
function stage(info) {
  if (info.phase === 'sales') return t('tour_at_sales');
  if (info.phase === 'finished') return t('tour_at_end');
  return info.phase === 'playing' ? t('tour_at_round', { n: info.round, m: info.rounds_total }) : '';
}

/** The tournaments this phone has opened (none: null). `changed()`: the home page draws again. */
function list(changed) {
  const all = Object.entries(tournaments.all()).sort((a, b) => (b[1].seen || 0) - (a[1].seen || 0));
  if (!all.length) return null;
  return h(
    'section',
    { class: 'card', 'data-tournaments': '' },
    h('h2', { text: t('tour_yours') }),
    h('ul', { class: 'tables' }, all.map(([id, info]) => h(
      'li',
      { 'data-tournament': id },
      h(
        'a',
        { href: `#/t/${encodeURIComponent(id)}/${encodeURIComponent(info.token)}`, class: 'table-link' },
        h('span', { class: 'table-names', text: info.name || id }),
        h('span', { class: 'hint', text: [stage(info), t(info.role === 'viewer' ? 'tour_viewer' : 'tour_organiser')].filter(Boolean).join(' · ') }),
      ),
      h('button', {
        type: 'button',
        class: 'secondary small',
        'aria-label': `${t('forget')}: ${info.name || id}`,
        onclick: () => {
          if (!window.confirm(t('tour_forget'))) return;
          tournaments.forget(id);
          changed();
        },
        text: t('forget'),
      }),
    ))),
  );
}

/** The door to a new tournament. */
function start() {
  return h(
    'section',
    { class: 'card', 'data-tournament-home': '' },
    h('h2', { text: t('tour_home') }),
    h('p', { class: 'hint', text: t('tour_home_hint') }),
    h('p', { class: 'actions' }, h('a', { href: '#/t/new', class: 'button secondary', 'data-new-tournament': '', text: t('tour_new') })),
  );
}

/** The home page's parts (rooms.js): `lists` below the tables, `starts` below the new table's form. */
export function homeParts({ changed }) {
  return { lists: list(changed), starts: start() };
}
