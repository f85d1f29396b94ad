// The referee's page: the shell around a game's referee. Opened from a match
// (#/referee/{id}/{token}) it is that match's game, with its players seated; from the home page
// (#/referee) the player picks among the games whose referee answers questions
// (GET /api/games: referee). The game's module draws the questions (games/<game>/referee.js),
// handed the game's entry in the catalogue: the facts it draws from (decks, tricks) are the
// server's, never worked out again on the phone.

import { api, loadCatalogue } from '../api.js';
import { h, replace } from '../dom.js';
import { GAMES } from '../games/index.js';
import { gameName, t } from '../i18n.js';

export function mountReferee(root, { id, token, announce }) {
  const view = new RefereeShell(root, { id, token, announce });
  view.start();
  return {
    relabel: () => view.render(),
    destroy: () => {
      view.gone = true;
      if (view.inner) view.inner.destroy();
    },
  };
}

class RefereeShell {
  constructor(root, { id, token, announce }) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.announce = announce;
    this.match = null;
    this.games = [];
    this.catalogue = {};
    this.game = null;
    this.inner = null;
    this.slot = h('div', { 'data-referee-slot': '' });
  }

  async start() {
    this.render();
    if (this.id && this.token) {
      try {
        this.match = (await api.getMatch(this.id, this.token)).data;
      } catch {
        // the referee works without the match
      }
    }
    const catalogue = (await loadCatalogue()) || [];
    this.catalogue = Object.fromEntries(catalogue.map((g) => [g.name, g]));
    this.games = catalogue.filter((g) => (g.referee || []).length && GAMES[g.name]).map((g) => g.name);
    const wanted = this.match && this.games.includes(this.match.game) ? this.match.game : this.games[0];
    if (this.gone) return;
    this.render();
    if (wanted) await this.choose(wanted);
    else replace(this.slot, h('p', { class: 'hint', text: t('ref_none') }));
  }

  async choose(name) {
    if (this.inner) this.inner.destroy();
    this.inner = null;
    this.game = name;
    const module = (await GAMES[name]()).default;
    const { mount } = await module.referee();
    if (this.gone || this.game !== name) return;
    const match = this.match && this.match.game === name ? this.match : null;
    this.inner = mount(this.slot, { id: this.id, token: this.token, match, announce: this.announce, game: this.catalogue[name] });
    this.render();
  }

  render() {
    const back = this.id && this.token
      ? h('a', { class: 'button secondary small', href: `#/m/${encodeURIComponent(this.id)}/${encodeURIComponent(this.token)}`, 'data-back': '', text: t('ref_back') })
      : h('a', { class: 'button secondary small', href: '#/', 'data-back': '', text: t('back_home') });
    const picker = this.games.length > 1 && !this.match
      ? h('div', { class: 'field' }, h('label', { for: 'ref-game', text: t('ref_game') }), h(
        'select',
        { id: 'ref-game', 'data-field': 'game', onchange: (e) => this.choose(e.target.value) },
        this.games.map((name) => h('option', { value: name, selected: name === this.game, text: gameName(name) })),
      ))
      : null;
    replace(
      this.root,
      h('h1', { class: 'page-title', tabindex: -1, text: this.game ? `${t('referee')}: ${gameName(this.game)}` : t('referee') }),
      h('p', { class: 'hint ref-intro', 'data-ref-intro': '', text: t('ref_intro') }),
      h('p', { class: 'actions ref-nav' }, back),
      picker,
      this.slot,
    );
    if (this.inner) this.inner.relabel();
  }
}
