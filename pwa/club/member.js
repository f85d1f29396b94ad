// A member's page: his figures per game (the season's page opens where each number came from),
// his head-to-head against each other member (won – lost – tied per game, from the
// results that rank players), and two charts over the evenings: his balance, and his results
// won and lost. The charts' module (chart.js) is loaded here only.

import { ApiError, NetworkError } from '../api.js';
import { h, replace } from '../dom.js';
import { gameName, t } from '../i18n.js';
import { euros, evening, figureTitle, number, showMark, subTop } from './common.js';
import { flat } from './season.js';
import { clubApi } from './store.js';

const charts = import('./chart.js');

export class MemberView {
  constructor(root, store, { arg }) {
    this.root = root;
    this.store = store;
    this.member = arg;
    this.answer = null;
    this.load();
  }

  destroy() {
    this.gone = true;
  }

  async load() {
    try {
      this.answer = (await clubApi.member(this.store.id, this.store.token, this.member)).data;
      this.problem = null;
    } catch (err) {
      if (err instanceof ApiError && err.isMissing && err.status === 404) this.problem = { detail: t('club_not_found') };
      else this.problem = err instanceof NetworkError ? { detail: t('offline') } : err.problem || { detail: err.message };
    }
    this.chart = await charts;
    if (!this.gone && this.body) this.drawBody();
  }

  changed() {
    return this.load();
  }

  renderConnection() {
    showMark(this.root, this.store.fresh, this.store.seen);
  }

  get name() {
    if (this.answer) return this.answer.name;
    return (this.store.members[this.member] || {}).name || '';
  }

  render() {
    this.body = h('div', { 'data-member-body': '' });
    replace(this.root, h('div', { class: 'club club-member-page', 'data-member-page': this.member }, subTop(this.store, this.name), this.body));
    this.drawBody();
  }

  drawBody() {
    const title = this.root.querySelector('[data-title]');
    if (title) title.textContent = this.name;
    if (this.problem) {
      replace(this.body, h('p', { class: 'problem', role: 'alert', text: this.problem.detail || '' }));
      return;
    }
    if (!this.answer || !this.chart) {
      replace(this.body, h('p', { class: 'hint', text: t('loading') }));
      return;
    }
    replace(this.body, this.figures(), this.headToHead(), this.charts());
  }

  figures() {
    const catalogue = this.store.data.games || {};
    const games = Object.entries(this.answer.games || {}).map(([game, record]) => [game, flat(record)]).filter(([, f]) => f && f.played);
    return h('section', { class: 'card', 'data-member-figures': '' },
      h('h2', { text: t('club_member_figures') }),
      games.length
        ? games.map(([game, f]) => h('div', { class: 'club-figures', 'data-game': game },
            h('h3', { text: gameName(game) }),
            h('dl', { class: 'club-dl' },
              this.pair(t('club_col_played'), number(f.played), 'played'),
              (catalogue[game] || []).map((fig) => this.pair(figureTitle(fig), f[fig.name] === null ? '–' : number(f[fig.name] || 0), fig.name)),
              f.cents ? this.pair(t('club_col_cents'), euros(f.cents, { signed: true }), 'cents') : null,
              (f.ranked || 0) > 0 ? this.rating(f) : null)))
        : h('p', { class: 'hint', text: t('club_member_nothing') }));
  }

  /** The rating, or below five ranked results a dash with how many there are (R38). */
  rating(f) {
    if (f.rating !== null && f.rating !== undefined) return this.pair(t('club_col_rating'), number(Math.round(f.rating * 100) / 100), 'rating');
    return h('div', { 'data-figure': 'rating', class: 'club-unrated-pair' },
      h('dt', { text: t('club_col_rating') }),
      h('dd', {}, h('span', { 'aria-hidden': 'true', text: '–' }), h('span', { class: 'vh', text: t('club_rating_none', { n: Math.min(f.ranked, 5) }) })),
      h('p', { class: 'hint', 'aria-hidden': 'true', text: t('club_rating_none', { n: Math.min(f.ranked, 5) }) }));
  }

  pair(term, value, key) {
    return h('div', { 'data-figure': key }, h('dt', { text: term }), h('dd', { text: value }));
  }

  headToHead() {
    const rows = this.answer.head_to_head || [];
    const games = [...new Set(rows.flatMap((r) => Object.keys(r.games || {})))];
    if (!rows.length || !games.length) return null;
    return h('section', { class: 'card', 'data-head-to-head': '' },
      h('h2', { id: 'club-h2h', text: t('club_h2h') }),
      h('p', { class: 'hint', text: t('club_h2h_hint') }),
      h('div', { class: 'club-scroll', tabindex: 0, role: 'region', 'aria-labelledby': 'club-h2h' },
        h('table', { class: 'club-table' },
          h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('club_col_member') }), games.map((g) => h('th', { scope: 'col', class: 'num', text: gameName(g) })))),
          h('tbody', {}, rows.map((r) => h('tr', { 'data-other': r.id },
            h('th', { scope: 'row', text: r.name }),
            games.map((g) => {
              const score = (r.games || {})[g];
              if (!score) return h('td', { class: 'num', text: '' });
              return h('td', { class: 'num', 'data-game': g, 'data-score': `${score.won}-${score.lost}-${score.tied}` },
                h('span', { 'aria-hidden': 'true', text: `${score.won}–${score.lost}–${score.tied}` }),
                h('span', { class: 'vh', text: t('club_h2h_cell', score) }));
            })))))));
  }

  charts() {
    const series = this.answer.series || [];
    if (!series.length) return null;
    const { lineChart, barChart } = this.chart;
    const label = (p) => evening(p.date, { short: true });
    const tally = (p) => Object.values(p.games || {}).reduce((sum, g) => ({
      won: sum.won + (g.won || 0), lost: sum.lost + (g.lost || 0), tied: sum.tied + (g.tied || 0) }), { won: 0, lost: 0, tied: 0 });
    return h('section', { class: 'card club-charts', 'data-charts': '' },
      lineChart({
        title: t('club_chart_balance'),
        points: series.map((p) => ({ label: label(p), value: p.balance })),
        format: (v) => euros(v),
        heads: [t('club_col_evening'), t('club_col_evening_net'), t('club_col_balance')],
        rows: series.map((p) => [label(p), euros(p.cents, { signed: true }), euros(p.balance, { signed: true })]),
        attrs: { 'data-chart': 'balance' },
      }),
      barChart({
        title: t('club_chart_results'),
        hint: t('club_chart_results_hint'),
        points: series.map((p) => ({ label: label(p), up: tally(p).won, down: tally(p).lost })),
        heads: [t('club_col_evening'), t('club_col_won'), t('club_col_lost'), t('club_col_tied')],
        rows: series.map((p) => { const r = tally(p); return [label(p), String(r.won), String(r.lost), String(r.tied)]; }),
        attrs: { 'data-chart': 'results' },
      }));
  }
}
