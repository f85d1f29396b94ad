// A new table of the club: the game (those the server scores and this app draws), and its
// players in seating order, clockwise, picked by tapping the members' names (a second tap takes
// one off again; the arrows change the order) or typed as a guest, who becomes a member
// (POST /api/clubs/{id}/matches with the members' or the admin's token). Then the table opens.

import { ApiError, KeyRing, NetworkError, loadCatalogue } from '../api.js';
import { clearProblem, errorSlot, h, randomKey, replace, showProblem } from '../dom.js';
import { GAMES } from '../games/index.js';
import { gameName, t } from '../i18n.js';
import { tables } from '../store.js';
import { showMark, subTop } from './common.js';
import { clubApi } from './store.js';

/** "2", "3–5": how many play a game. */
const countsText = (counts) => {
  const lo = Math.min(...counts);
  const hi = Math.max(...counts);
  return lo === hi ? String(lo) : `${lo}–${hi}`;
};

export class StartView {
  constructor(root, store) {
    this.root = root;
    this.store = store;
    this.games = null;
    this.gameChoice = null;
    this.seated = []; // names in seating order
    this.guest = '';
    this.keys = new KeyRing(randomKey);
    this.busy = false;
    loadCatalogue().then((games) => {
      this.games = (games || []).filter((g) => g.available && GAMES[g.name]);
      if (!this.gone && this.form) this.render();
    });
  }

  destroy() {
    this.gone = true;
  }

  get game() {
    const games = this.games || [];
    return games.find((g) => g.name === this.gameChoice) || games[0] || null;
  }

  render() {
    const focused = document.activeElement && this.root.contains(document.activeElement) ? document.activeElement.dataset.focusKey : null;
    const game = this.game;
    this.problem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.submitButton = h('button', { type: 'submit', class: 'primary', 'data-start': '', text: t('club_start_button') });
    const members = this.store.data.members || [];
    this.form = h('form', { class: 'card', novalidate: true, 'data-start-form': '', onsubmit: (e) => this.submit(e) },
      h('div', { class: 'field' },
        h('label', { for: 'club-game', text: t('club_game') }),
        h('select', { id: 'club-game', 'data-field': 'game', 'data-focus-key': 'game', onchange: (e) => { this.gameChoice = e.target.value; this.render(); } },
          (this.games || []).map((g) => h('option', { value: g.name, selected: game && g.name === game.name, text: gameName(g.name) }))),
        game ? h('p', { class: 'hint', 'data-seat-count': '', text: t('club_seat_count', { counts: countsText(game.players || [2]) }) }) : null),
      h('fieldset', { class: 'club-pick' },
        h('legend', { text: t('club_seats') }),
        h('div', { class: 'club-chips', 'data-members-pick': '' }, members.map((m) => h('button', {
          type: 'button', class: 'club-chip', 'aria-pressed': String(this.seated.includes(m.name)), 'data-pick': m.name, 'data-focus-key': `pick-${m.id}`,
          onclick: () => { this.toggle(m.name); },
          text: m.name,
        })))),
      h('div', { class: 'field' },
        h('label', { for: 'club-guest', text: t('club_guest') }),
        h('div', { class: 'club-row' },
          h('input', { id: 'club-guest', type: 'text', maxlength: 24, autocomplete: 'off', autocapitalize: 'words', value: this.guest, 'data-field': 'guest', 'data-focus-key': 'guest', 'aria-describedby': 'club-guest-h club-guest-e',
            oninput: (e) => { this.guest = e.target.value; },
            onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); this.addGuest(); } } }),
          h('button', { type: 'button', class: 'secondary', 'data-add-guest': '', 'data-focus-key': 'add-guest', onclick: () => this.addGuest(), text: t('club_guest_add') })),
        h('p', { class: 'hint', id: 'club-guest-h', text: t('club_guest_hint') }),
        errorSlot('guest', 'club-guest-e')),
      h('h2', { class: 'club-seated-h', text: t('club_seated') }),
      this.seated.length
        ? h('ol', { class: 'club-seated', 'data-seated': '' }, this.seated.map((name, i) => h('li', { 'data-seat': name },
            h('span', { class: 'club-seat-name', text: name }),
            h('button', { type: 'button', class: 'secondary icon-button', 'aria-label': t('seat_up', { name }), disabled: i === 0, 'data-focus-key': `up-${i}`, onclick: () => this.move(i, -1), text: '↑' }),
            h('button', { type: 'button', class: 'secondary icon-button', 'aria-label': t('seat_down', { name }), disabled: i === this.seated.length - 1, 'data-focus-key': `down-${i}`, onclick: () => this.move(i, 1), text: '↓' }),
            h('button', { type: 'button', class: 'secondary icon-button', 'aria-label': t('club_seat_remove', { name }), 'data-focus-key': `rm-${i}`, onclick: () => this.toggle(name), text: '×' }))))
        : h('p', { class: 'hint', text: t('club_seated_none') }),
      errorSlot('players', 'club-players-e'),
      this.problem,
      h('div', { class: 'actions' }, this.submitButton));
    replace(this.root, h('div', { class: 'club club-start', 'data-start-page': '' }, subTop(this.store, t('club_start')), this.form));
    if (focused) {
      const again = this.root.querySelector(`[data-focus-key="${focused}"]`);
      if (again && !again.disabled) again.focus();
    }
  }

  toggle(name) {
    this.seated = this.seated.includes(name) ? this.seated.filter((n) => n !== name) : [...this.seated, name];
    this.render();
  }

  move(i, by) {
    const seats = [...this.seated];
    [seats[i], seats[i + by]] = [seats[i + by], seats[i]];
    this.seated = seats;
    this.render();
  }

  addGuest() {
    const name = this.guest.trim();
    if (!name) return;
    const member = (this.store.data.members || []).find((m) => m.name.toLowerCase() === name.toLowerCase());
    const seated = member ? member.name : name;
    if (!this.seated.some((n) => n.toLowerCase() === seated.toLowerCase())) this.seated = [...this.seated, seated];
    this.guest = '';
    this.render();
    this.root.querySelector('#club-guest').focus();
  }

  renderConnection() {
    showMark(this.root, this.store.fresh, this.store.seen);
  }

  async submit(event) {
    event.preventDefault();
    if (this.busy || !this.game) return;
    clearProblem(this.form, this.problem);
    const game = this.game;
    const counts = game.players || [2];
    if (!counts.includes(this.seated.length)) {
      showProblem(this.form, this.problem, { errors: { players: t('club_seat_wrong', { counts: countsText(counts), n: this.seated.length }) } });
      return;
    }
    const body = { game: game.name, players: [...this.seated] };
    // one player at a game that has a solo mode against the app (DREIst! against Egon)
    const mode = (game.rules || []).find((r) => r.name === 'mode');
    if (this.seated.length === 1 && mode && (mode.values || []).includes('solo')) body.rules = { mode: 'solo' };
    this.busy = true;
    this.submitButton.disabled = true;
    this.submitButton.textContent = t('creating');
    try {
      const { data } = await clubApi.startMatch(this.store.id, this.store.token, body, this.keys.keyFor(body));
      this.keys.done();
      const token = data.scorer_token || this.store.tableToken;
      tables.save(data.id, { token, access: 'scorer', game: data.game, players: data.players, view_url: data.view_url });
      this.store.refresh({ force: true });
      location.hash = `#/m/${encodeURIComponent(data.id)}/${encodeURIComponent(token)}`;
    } catch (err) {
      if (err instanceof ApiError) showProblem(this.form, this.problem, err.problem);
      else if (err instanceof NetworkError) showProblem(this.form, this.problem, { detail: t('offline') });
      else throw err;
    } finally {
      this.busy = false;
      this.submitButton.disabled = false;
      this.submitButton.textContent = t('club_start_button');
    }
  }
}
