// The club (RULES.md R36-R38), a room of the app (rooms.js): #/c/new the form for a new club,
// #/c/{id}/{token} the club's page (tonight's tables first, the evenings, the season, the
// members), .../evening/{date} an evening's board with its settle-up, .../season the season's
// figures, .../member/{member} a member's page, .../start a new table. The token is the admin's,
// the members' or the viewers': the club's answer says which (`access`). Loaded only when a
// club is opened; its styles (club.css) are linked and waited for here.

import { h, replace, roomMissing, stylesheet } from '../dom.js';
import { t } from '../i18n.js';
import { Live } from '../store.js';
import { clubHref } from './common.js';
import { clubs } from './kept.js';
import { ClubStore } from './store.js';

await stylesheet('/club/club.css');

const PAGES = {
  club: () => import('./club.js').then((m) => m.ClubView),
  evening: () => import('./evening.js').then((m) => m.EveningView),
  season: () => import('./season.js').then((m) => m.SeasonView),
  member: () => import('./member.js').then((m) => m.MemberView),
  start: () => import('./start.js').then((m) => m.StartView),
};

/** A club's page; `route`: the groups of its pattern in rooms.js (id/token or new, the page, its argument). */
export function mount(root, { route, announce }) {
  const [id, token = null] = route[0].split('/').map(decodeURIComponent);
  if (id === 'new') {
    let inner = null;
    let left = false;
    import('./new.js').then((m) => {
      if (!left) inner = m.mountNew(root, { announce });
    });
    return {
      relabel: () => inner && inner.relabel(),
      destroy: () => {
        left = true;
        if (inner) inner.destroy();
      },
    };
  }
  const kind = route[1] || 'club';
  const arg = route[2] ? decodeURIComponent(route[2]) : null;
  const store = new ClubStore(id, token);
  const live = new Live(store);
  let page = null;
  let gone = false;
  const show = async () => {
    if (store.status === 'missing') {
      page = null;
      roomMissing(root, t('club_not_found'), () => clubs.forget(id));
      return;
    }
    if (!store.data) {
      if (!root.firstChild || !page) replace(root, h('h1', { class: 'page-title', tabindex: -1, text: t('loading') }));
      return;
    }
    if (!page) {
      // a viewer starts no table: his link to the form shows the club
      const View = await PAGES[kind === 'start' && !store.canPlay ? 'club' : kind]();
      if (gone || page) return;
      page = new View(root, store, { announce, arg, href: (sub) => clubHref(store, sub) });
      page.render();
      live.follow();
      return;
    }
    page.render();
  };
  store.addEventListener('change', (e) => {
    const what = e.detail.what;
    if (what === 'online' || what === 'error') {
      if (page && page.renderConnection) page.renderConnection();
      if (store.status !== 'missing') return;
    }
    if (what === 'data' && page && page.changed) {
      page.changed();
      return;
    }
    show();
  });
  show();
  live.start();
  return {
    relabel: () => (page ? page.render() : show()),
    destroy: () => {
      gone = true;
      live.stop();
      if (page && page.destroy) page.destroy();
    },
  };
}
