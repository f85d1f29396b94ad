// Preisschnapsen (RULES.md R24), a room of the app (rooms.js): #/t/new the creation form,
// #/t/{id}/{token} the organiser's view (or the board, for the viewer token), .../board the board
// for the hall, .../print and .../print/{round} a round's pairing list, .../prizes the prize list.
// Loaded only when a tournament is opened; its styles (tournament.css) are linked and waited for here.

import { h, replace, roomMissing, stylesheet } from '../dom.js';
import { t } from '../i18n.js';
import { Live } from '../store.js';
import { tournaments } from './kept.js';
import { TournamentStore } from './store.js';

await stylesheet('/tournament/tournament.css');

/** A tournament's page; `route`: the groups of its pattern in rooms.js (id/token or new, the view, the round). */
export function mount(root, { route, announce }) {
  const [id, token = null] = route[0].split('/').map(decodeURIComponent);
  const view = route[1] || null;
  const round = route[2] ? Number(route[2]) : null;
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
  const store = new TournamentStore(id, token);
  const live = new Live(store);
  let page = null;
  let gone = false;
  const kind = () => {
    if (view === 'print' || view === 'prizes') return view;
    if (view === 'board' || (store.data && store.data.role === 'viewer')) return 'board';
    return 'organiser';
  };
  const loaders = {
    organiser: () => import('./organiser.js').then((m) => m.OrganiserView),
    board: () => import('./board.js').then((m) => m.BoardView),
    print: () => import('./print.js').then((m) => m.PairingSheet),
    prizes: () => import('./print.js').then((m) => m.PrizeSheet),
  };
  const show = async () => {
    if (store.status === 'missing') {
      page = null;
      roomMissing(root, t('tour_not_found'), () => tournaments.forget(id));
      return;
    }
    if (!store.data) {
      if (!root.firstChild || !page) replace(root, h('h1', { class: 'page-title', tabindex: -1, text: t('loading') }));
      return;
    }
    if (!page) {
      const View = await loaders[kind()]();
      if (gone || page) return;
      page = new View(root, store, { announce, round, live });
      live.follow();
    }
    page.render();
  };
  store.addEventListener('change', (e) => {
    if (e.detail.what === 'online' || e.detail.what === 'error') {
      if (page && page.renderConnection) page.renderConnection();
      if (store.status !== 'missing') return;
    }
    show();
  });
  show();
  live.start();
  return {
    relabel: () => show(),
    destroy: () => {
      gone = true;
      live.stop();
      if (page && page.destroy) page.destroy();
      root.classList.remove('is-board', 'tn-sheet');
    },
  };
}
