// The season (R38): a table per game of every member who played it, a column per figure the
// game counts (the server's figure list, titled in the reader's language), the tables he played,
// the money where it was played for money, and the rating only where it means something (a game
// whose results rank players; a member below five ranked results shows a dash, explained below
// the table). Any column sorts (its head is a button; aria-sort says how); any date range
// (`from`/`to`). Every number is a button: it opens the entries that made it (GET .../sources),
// each with its evening and a link to its table. Offline: the season read last, marked as such.

import { ApiError, NetworkError } from '../api.js';
import { h, replace } from '../dom.js';
import { gameName, list, t } from '../i18n.js';
import { euros, evening, figureTitle, matchHref, number, showMark, subTop, tableNames } from './common.js';
import { clubApi, lastKept, readKept } from './store.js';

/** A member's figures in a game as one flat record (a nested {figures: {...}} answer too). */
export function flat(record) {
  if (!record) return null;
  return record.figures && typeof record.figures === 'object' ? { ...record, ...record.figures } : record;
}

const MIN_RANKED = 5; // R38: the rating is shown from the fifth ranked result

export class SeasonView {
  constructor(root, store, { announce }) {
    this.root = root;
    this.store = store;
    this.announce = announce;
    this.range = { from: '', to: '' };
    this.answer = null; // {data, seen, fresh}
    this.sort = {}; // game -> {col, dir: 1 ascending | -1 descending}
    this.opened = null; // {member, game, figure} whose sources are shown
    const last = lastKept(store.id, 'season');
    if (last) this.range = { from: last.data.from || '', to: last.data.to || '' };
    this.load();
  }

  destroy() {
    this.gone = true;
  }

  async load() {
    const range = { ...this.range };
    try {
      const answer = await readKept(this.store.id, 'season', () => clubApi.season(this.store.id, this.store.token, range));
      if (this.gone) return;
      this.answer = answer;
      this.problem = null;
      if (!answer.fresh) this.range = { from: answer.data.from || '', to: answer.data.to || '' };
    } catch (err) {
      if (this.gone) return;
      this.problem = err instanceof ApiError ? err.problem : { detail: t('offline') };
    }
    if (this.body) this.drawBody();
  }

  changed() {
    return this.load();
  }

  renderConnection() {
    showMark(this.root, this.store.fresh && (!this.answer || this.answer.fresh), this.answer ? this.answer.seen : this.store.seen);
  }

  render() {
    const dateField = (name) => h('div', { class: 'field' },
      h('label', { for: `club-${name}`, text: t(`club_${name}`) }),
      h('input', {
        id: `club-${name}`, type: 'date', value: this.range[name], 'data-field': name, 'data-range': name,
        onchange: (e) => {
          this.range[name] = e.target.value;
          this.load();
        },
      }));
    this.body = h('div', { 'data-season-body': '' });
    this.sources = h('section', { class: 'card club-sources', 'data-sources': '', hidden: true });
    replace(
      this.root,
      h('div', { class: 'club club-season', 'data-season': '' },
        subTop(this.store, t('club_season'), { fresh: !this.answer || this.answer.fresh, seen: this.answer && this.answer.seen }),
        h('form', { class: 'card club-range', novalidate: true, onsubmit: (e) => e.preventDefault() }, dateField('from'), dateField('to')),
        h('p', { class: 'hint', text: t('club_sort_hint') }),
        this.body,
        this.sources),
    );
    this.drawBody();
    if (this.opened) this.openSources(this.opened, { focus: false });
  }

  drawBody() {
    this.renderConnection();
    for (const name of ['from', 'to']) {
      const input = this.root.querySelector(`[data-range="${name}"]`);
      if (input && input.value !== this.range[name]) input.value = this.range[name];
    }
    if (this.problem) {
      replace(this.body, h('p', { class: 'problem', role: 'alert', 'data-problem': '', text: this.problem.detail || this.problem.title || '' }));
      return;
    }
    if (!this.answer) {
      replace(this.body, h('p', { class: 'hint', text: t('loading') }));
      return;
    }
    const data = this.answer.data;
    const games = Object.entries(data.games || this.store.data.games || {});
    const tables = games.map(([game, figures]) => this.gameTable(game, figures, data.members || [])).filter(Boolean);
    replace(this.body, tables.length ? tables : h('p', { class: 'hint', 'data-season-empty': '', text: t('club_season_empty') }));
  }

  /** The columns of a game's table: the member, the tables played, its figures, money, rating. */
  columns(game, figures, rows) {
    const cols = [
      { key: 'name', title: t('club_col_member') },
      { key: 'played', title: t('club_col_played') },
      ...figures.map((f) => ({ key: f.name, title: figureTitle(f), figure: f })),
    ];
    if (rows.some((r) => r.figures.cents)) cols.push({ key: 'cents', title: t('club_col_cents'), money: true });
    if (rows.some((r) => (r.figures.ranked || 0) > 0)) cols.push({ key: 'rating', title: t('club_col_rating'), rating: true });
    return cols;
  }

  gameTable(game, figures, members) {
    const rows = members
      .map((m) => ({ member: m, figures: flat((m.games || {})[game]) }))
      .filter((r) => r.figures && (r.figures.played || 0) > 0);
    if (!rows.length) return null;
    const cols = this.columns(game, figures, rows);
    const sort = this.sort[game] || (cols.some((c) => c.rating) ? { col: 'rating', dir: -1 } : { col: cols[2] ? cols[2].key : 'name', dir: -1 });
    const value = (r, key) => (key === 'name' ? r.member.name : r.figures[key]);
    rows.sort((a, b) => {
      const x = value(a, sort.col);
      const y = value(b, sort.col);
      if (x === null || x === undefined) return y === null || y === undefined ? 0 : 1; // the unrated last either way
      if (y === null || y === undefined) return -1;
      const by = typeof x === 'string' ? x.localeCompare(y) : x - y;
      return by * sort.dir || a.member.name.localeCompare(b.member.name);
    });
    const head = (c) => h('th', { scope: 'col', class: c.key === 'name' ? undefined : 'num', 'aria-sort': sort.col === c.key ? (sort.dir > 0 ? 'ascending' : 'descending') : undefined, 'data-col': c.key },
      h('button', {
        type: 'button', class: 'club-sort', 'data-sort': c.key,
        onclick: () => {
          const now = this.sort[game] || sort;
          this.sort[game] = { col: c.key, dir: now.col === c.key ? -now.dir : (c.key === 'name' ? 1 : -1) };
          this.drawBody();
          const again = this.body.querySelector(`[data-game="${game}"] [data-sort="${c.key}"]`);
          if (again) again.focus();
        },
      }, c.title, h('span', { class: 'club-sort-mark', 'aria-hidden': 'true', text: sort.col === c.key ? (sort.dir > 0 ? ' ▲' : ' ▼') : '' })));
    const hasUnrated = cols.some((c) => c.rating) && rows.some((r) => r.figures.rating === null || r.figures.rating === undefined);
    const caption = gameName(game);
    return h('section', { class: 'card club-game', 'data-game': game },
      h('h2', { id: `club-g-${game}`, text: caption }),
      h('div', { class: 'club-scroll', tabindex: 0, role: 'region', 'aria-labelledby': `club-g-${game}` },
        h('table', { class: 'club-table club-season-table' },
          h('thead', {}, h('tr', {}, cols.map(head))),
          h('tbody', {}, rows.map((r) => h('tr', { 'data-member': r.member.id },
            cols.map((c) => (c.key === 'name'
              ? h('th', { scope: 'row' }, h('a', { href: `${this.memberHref(r.member.id)}`, class: 'club-name-link', text: r.member.name }))
              : this.cell(game, r, c)))))))),
      hasUnrated ? h('p', { class: 'hint', 'data-rating-explained': '', text: t('club_rating_explained') }) : null);
  }

  memberHref(member) {
    return `#/c/${encodeURIComponent(this.store.id)}/${encodeURIComponent(this.store.token)}/member/${encodeURIComponent(member)}`;
  }

  /** A number of the table: a button that opens where it came from; an unrated member's dash, explained. */
  cell(game, row, col) {
    const raw = row.figures[col.key];
    if (col.rating && (raw === null || raw === undefined)) {
      const why = t('club_rating_none', { n: Math.min(row.figures.ranked || 0, MIN_RANKED) });
      return h('td', { class: 'num club-unrated', 'data-figure': col.key, 'data-value': '' },
        h('span', { 'aria-hidden': 'true', title: why, text: '–' }), h('span', { class: 'vh', text: why }));
    }
    if (raw === null) return h('td', { class: 'num club-unrated', 'data-figure': col.key, 'data-value': '', text: '–' }); // a ratio of nothing
    const shown = col.money ? euros(raw || 0, { signed: true }) : number(col.rating ? Math.round(raw * 100) / 100 : (raw || 0));
    return h('td', { class: 'num', 'data-figure': col.key, 'data-value': raw ?? 0 },
      h('button', {
        type: 'button', class: 'club-num',
        'aria-label': t('club_figure_sources', { figure: col.title, name: row.member.name, value: shown }),
        onclick: () => this.openSources({ member: row.member.id, name: row.member.name, game, figure: col.key, title: col.title, money: col.money }),
        text: shown,
      }));
  }

  /** The entries that made a number, below the tables, focused (GET .../sources). */
  async openSources(which, { focus = true } = {}) {
    this.opened = which;
    const box = this.sources;
    const heading = h('h2', { id: 'club-sources-h', tabindex: -1, text: t('club_sources_title', { name: which.name, figure: which.title, game: gameName(which.game) }) });
    const close = h('button', { type: 'button', class: 'secondary small', 'data-sources-close': '', onclick: () => {
      this.opened = null;
      box.hidden = true;
      const back = this.body.querySelector(`[data-game="${which.game}"] tr[data-member="${which.member}"] [data-figure="${which.figure}"] button`);
      if (back) back.focus();
    }, text: t('club_close') });
    const content = h('div', { 'data-sources-content': '' }, h('p', { class: 'hint', text: t('loading') }));
    replace(box, h('div', { class: 'club-sources-head' }, heading, close), content);
    box.hidden = false;
    if (focus) {
      heading.focus();
      box.scrollIntoView({ block: 'nearest' });
    }
    let found;
    try {
      found = (await clubApi.sources(this.store.id, this.store.token, { member: which.member, game: which.game, figure: which.figure, ...this.range })).data;
    } catch (err) {
      if (this.opened !== which) return;
      replace(content, h('p', { class: 'problem', role: 'alert', text: err instanceof NetworkError ? t('offline') : err.message }));
      return;
    }
    if (this.opened !== which) return;
    const matches = Object.fromEntries((this.store.data.matches || []).map((m) => [m.id, m]));
    const sources = found.sources || [];
    replace(content,
      sources.length
        ? h('div', { class: 'club-scroll', tabindex: 0, role: 'region', 'aria-labelledby': 'club-sources-h' },
            h('table', { class: 'club-table', 'data-source-list': '' },
              h('thead', {}, h('tr', {},
                h('th', { scope: 'col', text: t('club_col_evening') }),
                h('th', { scope: 'col', text: t('club_col_table') }),
                h('th', { scope: 'col', class: 'num', text: t('club_col_counts') }))),
              h('tbody', {}, sources.map((src) => {
                const match = matches[src.match];
                const table = match ? `${gameName(match.game)}: ${list(tableNames(this.store, match))}` : src.match;
                return h('tr', { 'data-source': `${src.match}/${src.seq}` },
                  h('td', { text: src.evening ? evening(src.evening, { short: true }) : '' }),
                  h('td', {}, h('a', { href: matchHref(this.store, src.match), class: 'club-name-link' }, table, src.seq ? [h('br'), t('club_entry_n', { seq: src.seq })] : null)),
                  h('td', { class: 'num', text: which.money ? euros(src.amount, { signed: true }) : number(src.amount) }));
              }))))
        : h('p', { class: 'hint', text: t('club_sources_none') }));
  }
}
