// Home: the tables this phone has joined (which game, where it stands, when the last hand
// was entered), and a form to start a match of a game the server offers; around them what each
// room of the app (rooms.js) puts here: its list below the tables, its door below the form.

import { ApiError, KeyRing, NetworkError, api, loadCatalogue } from '../api.js';
import { clearProblem, errorSlot, h, randomKey, replace, showProblem, uid } from '../dom.js';
import { GAMES, loadGame } from '../games/index.js';
import { gameName, ruleLabel, sentences, t, valueLabel, when } from '../i18n.js';
import { ROOMS } from '../rooms.js';
import { tables } from '../store.js';

// What only the home page says (the shell's table holds what every page says).
sentences('home', {
  en: {
    forget_confirm: 'Forget this table on this phone? The match itself stays on the server.',
    last_activity: 'last hand {when}',
    created_at: 'started {when}',
    new_match: 'New table',
    new_match_of: 'New table: {game}',
    game_choice: 'Game',
    players_legend: 'Players, clockwise round the table',
    seat_remove: 'Remove {name}',
    add_player: 'Add player',
    first_dealer: 'First dealer (drew the highest card)',
    house_rules: 'House rules',
    create: 'Start the match',
    games_failed: 'Could not load the house rules; the defaults will be used.',
  },
  de: {
    forget_confirm: 'Diesen Tisch auf diesem Handy vergessen? Die Partie bleibt auf dem Server.',
    last_activity: 'letztes Spiel {when}',
    created_at: 'angelegt {when}',
    new_match: 'Neuer Tisch',
    new_match_of: 'Neuer Tisch: {game}',
    game_choice: 'Spiel',
    players_legend: 'Spieler, im Uhrzeigersinn um den Tisch',
    seat_remove: '{name} entfernen',
    add_player: 'Spieler hinzufügen',
    first_dealer: 'Erster Geber (hat die höchste Karte gezogen)',
    house_rules: 'Hausregeln',
    create: 'Partie beginnen',
    games_failed: 'Die Hausregeln ließen sich nicht laden; es gelten die Vorgaben.',
  },
});

const DEFAULT_COUNTS = [2, 3, 4];
const SAMPLE_NAMES = ['Anna', 'Benno', 'Carla', 'Dieter'];
const modules = {}; // the game modules of the tables listed, once loaded
// each room's part of this page (rooms.js: its home module), asked for as this module loads
const roomHomes = Object.values(ROOMS).filter((room) => room.home).map((room) => room.home().catch(() => null));

export function mountHome(root, { announce }) {
  const view = new HomeView(root, announce);
  view.render();
  view.loadGames();
  view.loadModules();
  view.loadRooms();
  return { relabel: () => view.render(), destroy: () => { view.gone = true; } };
}

class HomeView {
  constructor(root, announce) {
    this.root = root;
    this.announce = announce;
    this.seats = SAMPLE_NAMES.map(() => ({ key: uid('p'), name: '' }));
    this.dealer = this.seats[0].key;
    this.rules = {};
    this.keys = new KeyRing(randomKey);
    this.busy = false;
    this.games = null; // the catalogue (GET /api/games)
    this.gameChoice = null;
    this.gamesFailed = false;
    this.rooms = []; // each room's home module, once loaded
  }

  /** The games a table can be started with: those the server scores and this app draws. */
  get playable() {
    return (this.games || []).filter((g) => g.available && GAMES[g.name]);
  }

  get game() {
    const playable = this.playable;
    return playable.find((g) => g.name === this.gameChoice) || playable[0] || null;
  }

  get counts() {
    return (this.game && this.game.players) || DEFAULT_COUNTS;
  }

  async loadGames() {
    this.games = await loadCatalogue();
    this.gamesFailed = !this.games;
    if (!this.gone && this.form) this.render();
  }

  /** The modules of the games of the tables listed, to say where each table stands. */
  async loadModules() {
    const names = new Set(Object.values(tables.all()).map((info) => info.game).filter((name) => GAMES[name] && !modules[name]));
    await Promise.all([...names].map((name) => loadGame(name).then((game) => { modules[name] = game; }, () => {})));
    if (names.size && !this.gone) replace(this.tablesSlot, this.tableList());
  }

  /** Each room's parts of this page, drawn once their modules are here. */
  async loadRooms() {
    this.rooms = (await Promise.all(roomHomes)).filter(Boolean);
    if (this.rooms.length && !this.gone) this.renderRooms();
  }

  renderRooms() {
    const parts = this.rooms.map((room) => room.homeParts({ changed: () => this.render() }));
    replace(this.roomLists, parts.map((part) => part.lists));
    replace(this.roomStarts, parts.map((part) => part.starts));
  }

  render() {
    this.roomLists = h('div', { 'data-room-lists': '' });
    this.roomStarts = h('div', { 'data-room-starts': '' });
    this.problem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.seatList = h('ol', { class: 'seats', 'data-seats': '' });
    this.dealerSlot = h('div', { class: 'field', 'data-dealer-field': '' });
    this.rulesSlot = h('div', { 'data-rules': '' });
    this.gameSlot = h('div', { 'data-game-field': '' });
    this.tablesSlot = h('div', {}, this.tableList());
    this.submitButton = h('button', { type: 'submit', class: 'primary', 'data-create': '', text: t('create') });
    this.addButton = h('button', { type: 'button', class: 'secondary', 'data-add-player': '', onclick: () => this.addSeat(), text: t('add_player') });
    this.heading = h('h2', {});
    this.form = h(
      'form',
      { class: 'card', novalidate: true, 'data-new-match': '', onsubmit: (e) => this.submit(e) },
      this.heading,
      this.gameSlot,
      h('fieldset', {}, h('legend', { text: t('players_legend') }), this.seatList, errorSlot('players'), this.addButton),
      this.dealerSlot,
      this.rulesSlot,
      this.problem, // what no field takes, beside the button that starts the match
      h('div', { class: 'actions' }, this.submitButton),
    );
    replace(
      this.root,
      h('h1', { class: 'page-title', tabindex: -1, text: t('app') }),
      h('p', { class: 'tagline', text: t('tagline') }),
      h('p', { class: 'actions ref-nav' },
        h('a', { href: '#/referee', class: 'button secondary', 'data-referee-link': '', text: t('referee_open') }), ' ',
        h('a', { href: '#/rules', class: 'button secondary', 'data-rules-link': '', text: t('rules_open') })),
      this.tablesSlot,
      this.roomLists,
      this.form,
      this.roomStarts,
    );
    this.renderRooms();
    this.renderGame();
    this.renderSeats();
    this.renderRules();
  }

  // ---- your tables --------------------------------------------------------

  /** Which game, where it stands (from the last state this phone saw), when it last moved. */
  describe(id, info) {
    const snap = tables.snapshot(id);
    const module = modules[info.game];
    const parts = [];
    if (snap && module) parts.push(module.summary(snap.match));
    else if (info.game) parts.push(gameName(info.game));
    const hands = (snap && snap.hands) || [];
    const last = hands.length ? hands[hands.length - 1].recorded_at : null;
    if (last) parts.push(t('last_activity', { when: when(last) }));
    else if (snap && snap.match.created_at) parts.push(t('created_at', { when: when(snap.match.created_at) }));
    parts.push(info.access === 'viewer' ? t('viewer') : t('scorer'));
    return parts.join(' · ');
  }

  tableList() {
    const all = Object.entries(tables.all()).sort((a, b) => (b[1].seen || 0) - (a[1].seen || 0));
    return h(
      'section',
      { class: 'card', 'data-tables': '' },
      h('h2', { text: t('your_tables') }),
      all.length
        ? h(
            'ul',
            { class: 'tables' },
            all.map(([id, info]) =>
              h(
                'li',
                { 'data-table': id },
                h(
                  'a',
                  { href: `#/m/${encodeURIComponent(id)}/${encodeURIComponent(info.token)}`, class: 'table-link' },
                  h('span', { class: 'table-names', text: (info.players || [id]).join(' · ') }),
                  h('span', { class: 'hint', 'data-table-state': '', text: this.describe(id, info) }),
                ),
                h('button', {
                  type: 'button',
                  class: 'secondary small',
                  'aria-label': `${t('forget')}: ${(info.players || [id]).join(', ')}`,
                  onclick: () => {
                    if (!window.confirm(t('forget_confirm'))) return;
                    tables.forget(id);
                    this.render();
                  },
                  text: t('forget'),
                }),
              ),
            ),
          )
        : h('p', { class: 'hint', text: t('no_tables') }),
    );
  }

  // ---- the game -------------------------------------------------------------

  renderGame() {
    const playable = this.playable;
    const game = this.game;
    this.heading.textContent = game ? t('new_match_of', { game: gameName(game.name) }) : t('new_match');
    if (playable.length < 2) {
      replace(this.gameSlot);
      return;
    }
    const id = 'game-choice';
    replace(
      this.gameSlot,
      h('div', { class: 'field' }, h('label', { for: id, text: t('game_choice') }), h(
        'select',
        {
          id,
          'data-field': 'game',
          onchange: (e) => {
            this.gameChoice = e.target.value;
            this.rules = {};
            this.render();
          },
        },
        playable.map((g) => h('option', { value: g.name, selected: g.name === game.name, text: gameName(g.name) })),
      ), errorSlot('game')),
    );
  }

  // ---- players in seating order ---------------------------------------------

  renderSeats(focus) {
    const max = Math.max(...this.counts);
    const min = Math.min(...this.counts);
    while (this.seats.length > max) this.seats.pop();
    replace(
      this.seatList,
      this.seats.map((seat, i) => {
        const id = `seat-${seat.key}`;
        const label = seat.name.trim() || t('player_n', { n: i + 1 });
        return h(
          'li',
          { class: 'seat', 'data-seat': i },
          h('label', { for: id, class: 'vh', text: t('player_n', { n: i + 1 }) }),
          h('input', {
            id,
            type: 'text',
            value: seat.name,
            maxlength: 24,
            autocomplete: 'off',
            autocapitalize: 'words',
            enterkeyhint: 'next',
            placeholder: SAMPLE_NAMES[i] || '',
            'data-field': `players.${i}`,
            'aria-describedby': `${id}-e`,
            oninput: (e) => {
              seat.name = e.target.value;
              this.renderDealer();
            },
            onkeydown: (e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault(); // the keyboard's next key moves on; it never starts the match
              const inputs = [...this.seatList.querySelectorAll('input')];
              const next = inputs[inputs.indexOf(e.target) + 1];
              if (next) next.focus();
              else e.target.blur();
            },
          }),
          h('button', { type: 'button', class: 'icon-button', 'data-up': i, disabled: i === 0, 'aria-label': t('seat_up', { name: label }), onclick: () => this.move(i, -1, 'up'), text: '↑' }),
          h('button', { type: 'button', class: 'icon-button', 'data-down': i, disabled: i === this.seats.length - 1, 'aria-label': t('seat_down', { name: label }), onclick: () => this.move(i, 1, 'down'), text: '↓' }),
          h('button', { type: 'button', class: 'icon-button', 'data-remove': i, disabled: this.seats.length <= min, 'aria-label': t('seat_remove', { name: label }), onclick: () => this.removeSeat(i), text: '×' }),
          errorSlot(`players.${i}`, `${id}-e`),
        );
      }),
    );
    this.addButton.disabled = this.seats.length >= max;
    this.renderDealer();
    if (focus) {
      const el = this.seatList.querySelector(focus);
      if (el && !el.disabled) el.focus();
      else this.seatList.querySelector('input')?.focus();
    }
  }

  addSeat() {
    if (this.seats.length >= Math.max(...this.counts)) return;
    this.seats.push({ key: uid('p'), name: '' });
    this.renderSeats(`[data-seat="${this.seats.length - 1}"] input`);
  }

  removeSeat(i) {
    const [gone] = this.seats.splice(i, 1);
    if (gone.key === this.dealer) this.dealer = this.seats[0].key;
    this.renderSeats(`[data-remove="${Math.min(i, this.seats.length - 1)}"]`);
  }

  move(i, by, dir) {
    const j = i + by;
    [this.seats[i], this.seats[j]] = [this.seats[j], this.seats[i]];
    this.renderSeats(`[data-${dir}="${j}"]`);
  }

  renderDealer() {
    const id = 'first-dealer';
    const select = h(
      'select',
      { id, 'data-field': 'dealer', 'aria-describedby': `${id}-e`, onchange: (e) => { this.dealer = e.target.value; } },
      this.seats.map((seat, i) =>
        h('option', { value: seat.key, selected: seat.key === this.dealer, text: seat.name.trim() || t('player_n', { n: i + 1 }) }),
      ),
    );
    const focused = document.activeElement && document.activeElement.id === id;
    replace(this.dealerSlot, h('label', { for: id, text: t('first_dealer') }), select, errorSlot('dealer', `${id}-e`));
    if (focused) select.focus();
  }

  // ---- house rules ------------------------------------------------------------

  renderRules() {
    const game = this.game;
    if (!game) {
      replace(this.rulesSlot, this.gamesFailed ? h('p', { class: 'hint', text: t('games_failed') }) : null);
      return;
    }
    const rules = game.rules || [];
    if (!rules.length) {
      replace(this.rulesSlot);
      return;
    }
    replace(
      this.rulesSlot,
      h(
        'fieldset',
        { class: 'rules' },
        h('legend', { text: t('house_rules') }),
        rules.map((rule) => {
          const id = `rule-${rule.name}`;
          if (!(rule.name in this.rules)) this.rules[rule.name] = rule.default;
          return h(
            'div',
            { class: 'field' },
            h('label', { for: id }, ruleLabel(rule), ' ', h('span', { class: 'rule', text: rule.rule || '' })),
            h(
              'select',
              { id, 'data-field': `rules.${rule.name}`, 'aria-describedby': `${id}-e`, onchange: (e) => { this.rules[rule.name] = e.target.value; } },
              rule.values.map((value) =>
                h('option', { value, selected: value === this.rules[rule.name], text: valueLabel(rule, value) }),
              ),
            ),
            errorSlot(`rules.${rule.name}`, `${id}-e`),
          );
        }),
      ),
    );
  }

  // ---- creating -------------------------------------------------------------

  /** Names checked here first (empty, twice), every one at once; the server checks the rest. */
  localErrors(names) {
    const errors = {};
    const seen = new Set();
    names.forEach((name, i) => {
      const folded = name.toLocaleLowerCase();
      if (!name) errors[`players.${i}`] = t('name_missing');
      else if (seen.has(folded)) errors[`players.${i}`] = t('name_duplicate');
      seen.add(folded);
    });
    return errors;
  }

  async submit(event) {
    event.preventDefault();
    if (this.busy) return;
    clearProblem(this.form, this.problem);
    const names = this.seats.map((seat) => seat.name.trim());
    const local = this.localErrors(names);
    if (Object.keys(local).length) {
      showProblem(this.form, this.problem, { errors: local });
      return;
    }
    const dealerIndex = this.seats.findIndex((seat) => seat.key === this.dealer);
    const game = this.game ? this.game.name : Object.keys(GAMES)[0];
    const body = { game, players: names, dealer: names[Math.max(0, dealerIndex)] };
    if (this.game && Object.keys(this.rules).length) body.rules = { ...this.rules };
    const key = this.keys.keyFor(body);
    this.busy = true;
    this.submitButton.disabled = true;
    this.submitButton.textContent = t('creating');
    try {
      const { data } = await api.createMatch(body, key);
      this.keys.done();
      tables.save(data.id, {
        token: data.scorer_token,
        access: 'scorer',
        game: data.game,
        players: data.players,
        view_url: data.view_url,
      });
      location.hash = `#/m/${encodeURIComponent(data.id)}/${encodeURIComponent(data.scorer_token)}`;
    } catch (err) {
      if (err instanceof ApiError) showProblem(this.form, this.problem, err.problem);
      else if (err instanceof NetworkError) showProblem(this.form, this.problem, { detail: t('offline') });
      else throw err;
    } finally {
      this.busy = false;
      this.submitButton.disabled = false;
      this.submitButton.textContent = t('create');
    }
  }
}
