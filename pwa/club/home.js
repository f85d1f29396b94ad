// What the club puts on the home page (rooms.js: its `home`): the clubs this phone has opened,
// beside the tables (none: nothing), and the door to a new one, below the form that starts a
// table. Its sentences are its own table (the club's page needs a few of them too).

import { h } from '../dom.js';
import { sentences, t } from '../i18n.js';
import { clubs } from './kept.js';

sentences('club.home', {
  en: {
    club_home: 'Club',
    club_home_hint: 'The same people, evening after evening: every table counted for its members, the settle-up at the end of each evening, the figures of the whole season.',
    club_new: 'New club',
    club_yours: 'Your clubs',
    club_access_admin: 'admin',
    club_access_member: 'member',
    club_access_viewer: 'watching (read only)',
    club_n_members: '{n:one member|{n} members}',
    club_forget: 'Forget this club on this phone? It stays on the server.',
  },
  de: {
    club_home: 'Stammtisch',
    club_home_hint: 'Dieselben Leute, Abend für Abend: jeder Tisch zählt für seine Mitglieder, am Ende jedes Abends die Abrechnung, dazu die Zahlen der ganzen Saison.',
    club_new: 'Neuer Stammtisch',
    club_yours: 'Deine Stammtische',
    club_access_admin: 'Verwalter',
    club_access_member: 'Mitglied',
    club_access_viewer: 'schaut zu (nur lesen)',
    club_n_members: '{n:ein Mitglied|{n} Mitglieder}',
    club_forget: 'Diesen Stammtisch auf diesem Handy vergessen? Auf dem Server bleibt er.',
  },
});

/** The clubs this phone has opened (none: null). `changed()`: the home page draws again. */
function list(changed) {
  const all = Object.entries(clubs.all()).sort((a, b) => (b[1].seen || 0) - (a[1].seen || 0));
  if (!all.length) return null;
  return h(
    'section',
    { class: 'card', 'data-clubs': '' },
    h('h2', { text: t('club_yours') }),
    h('ul', { class: 'tables' }, all.map(([id, info]) => h(
      'li',
      { 'data-club': id },
      h(
        'a',
        { href: `#/c/${encodeURIComponent(id)}/${encodeURIComponent(info.token)}`, class: 'table-link' },
        h('span', { class: 'table-names', text: info.name || id }),
        h('span', {
          class: 'hint',
          text: [typeof info.members === 'number' ? t('club_n_members', { n: info.members }) : '', t(`club_access_${info.access || 'viewer'}`)].filter(Boolean).join(' · '),
        }),
      ),
      h('button', {
        type: 'button',
        class: 'secondary small',
        'aria-label': `${t('forget')}: ${info.name || id}`,
        onclick: () => {
          if (!window.confirm(t('club_forget'))) return;
          clubs.forget(id);
          changed();
        },
        text: t('forget'),
      }),
    ))),
  );
}

/** The door to a new club. */
function start() {
  return h(
    'section',
    { class: 'card', 'data-club-home': '' },
    h('h2', { text: t('club_home') }),
    h('p', { class: 'hint', text: t('club_home_hint') }),
    h('p', { class: 'actions' }, h('a', { href: '#/c/new', class: 'button secondary', 'data-new-club': '', text: t('club_new') })),
  );
}

/** The home page's parts (rooms.js): `lists` below the tables, `starts` below the new table's form. */
export function homeParts({ changed }) {
  return { lists: list(changed), starts: start() };
}
