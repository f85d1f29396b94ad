// A new Preisschnapsen: its name, the entry cards issued (a power of two), the most cards one
// player may buy, the prizes and whether one player may take several, and the house rules
// of every table's match (Sixty-Six or Schnapsen, soft or hard: the sixtysix rules of the
// catalogue, GET /api/games). Created with an Idempotency-Key; the organiser's view follows.

import { ApiError, KeyRing, NetworkError, loadCatalogue } from '../api.js';
import { clearProblem, errorSlot, h, randomKey, replace, showProblem } from '../dom.js';
import { ruleLabel, t, valueLabel } from '../i18n.js';
import './home.js'; // its sentences (tour_new)
import { tournaments } from './kept.js';
import './strings.js';
import { showRefusal } from './common.js';
import { tnApi } from './store.js';

const CARDS = [4, 8, 16, 32, 64, 128];
const MATCH_RULES = ['variant', 'style']; // what an organiser chooses; the API fixes the rest

export function mountNew(root, { announce }) {
  const view = new NewTournament(root, announce);
  view.render();
  view.loadRules();
  return { relabel: () => view.render(), destroy: () => { view.gone = true; } };
}

class NewTournament {
  constructor(root, announce) {
    this.root = root;
    this.announce = announce;
    this.values = { name: '', cards: 32, max_per_player: 3, prizes: 8, multiple_prizes: true };
    this.rules = {};
    this.catalogue = null;
    this.keys = new KeyRing(randomKey);
    this.busy = false;
  }

  async loadRules() {
    const games = await loadCatalogue();
    const game = (games || []).find((g) => g.name === 'sixtysix');
    this.catalogue = game ? (game.rules || []).filter((r) => MATCH_RULES.includes(r.name)) : [];
    if (!this.gone) this.renderRules();
  }

  render() {
    const v = this.values;
    this.problem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.rulesSlot = h('div', { 'data-rules': '' });
    this.submitButton = h('button', { type: 'submit', class: 'primary', 'data-create-tournament': '', text: t('tour_create') });
    const number = (name, label, min, hint) => h(
      'div',
      { class: 'field' },
      h('label', { for: `tn-${name}`, text: label }),
      h('input', {
        id: `tn-${name}`, type: 'number', inputmode: 'numeric', min, value: v[name], 'data-field': name,
        'aria-describedby': `tn-${name}-e ${hint ? `tn-${name}-h` : ''}`.trim(),
        oninput: (e) => { v[name] = e.target.value; },
      }),
      hint ? h('p', { class: 'hint', id: `tn-${name}-h`, text: hint }) : null,
      errorSlot(name, `tn-${name}-e`),
    );
    this.form = h(
      'form',
      { class: 'card', novalidate: true, 'data-new-tournament-form': '', onsubmit: (e) => this.submit(e) },
      this.problem,
      h('div', { class: 'field' },
        h('label', { for: 'tn-name', text: t('tour_name') }),
        h('input', {
          id: 'tn-name', type: 'text', maxlength: 60, value: v.name, autocomplete: 'off', autocapitalize: 'words',
          placeholder: t('tour_name_sample'), 'data-field': 'name', 'aria-describedby': 'tn-name-e',
          oninput: (e) => { v.name = e.target.value; },
        }),
        errorSlot('name', 'tn-name-e')),
      h('div', { class: 'field' },
        h('label', { for: 'tn-cards', text: t('tour_cards') }),
        h('select', { id: 'tn-cards', 'data-field': 'cards', 'aria-describedby': 'tn-cards-h tn-cards-e', onchange: (e) => {
          v.cards = Number(e.target.value);
          // a small tournament cannot have more prizes (or cards per player) than cards
          for (const name of ['prizes', 'max_per_player']) {
            if (Number(v[name]) > v.cards) {
              v[name] = v.cards;
              this.form.querySelector(`#tn-${name}`).value = v.cards;
            }
          }
        } },
          CARDS.map((n) => h('option', { value: n, selected: n === Number(v.cards), text: String(n) }))),
        h('p', { class: 'hint', id: 'tn-cards-h', text: t('tour_cards_hint') }),
        errorSlot('cards', 'tn-cards-e')),
      number('max_per_player', t('tour_max_per_player'), 1, null),
      number('prizes', t('tour_prizes'), 1, null),
      h('fieldset', { class: 'tn-yesno tn-choices' },
        h('legend', { text: t('tour_multiple_prizes') }),
        [true, false].map((yes) => h('label', { class: 'tn-choice', for: `tn-mp-${yes}` },
          h('input', { type: 'radio', name: 'multiple_prizes', id: `tn-mp-${yes}`, checked: v.multiple_prizes === yes, onchange: () => { v.multiple_prizes = yes; } }),
          h('span', { text: t(yes ? 'tour_multiple_yes' : 'tour_multiple_no') }))),
        errorSlot('multiple_prizes')),
      this.rulesSlot,
      h('div', { class: 'actions' }, this.submitButton),
    );
    replace(
      this.root,
      h('h1', { class: 'page-title', tabindex: -1, text: t('tour_new') }),
      h('p', { class: 'tagline', text: t('tour_new_intro') }),
      this.form,
    );
    this.renderRules();
  }

  renderRules() {
    if (!this.catalogue) return;
    replace(this.rulesSlot, this.catalogue.length ? h(
      'fieldset',
      { class: 'rules' },
      h('legend', { text: t('tour_match_rules') }),
      this.catalogue.map((rule) => {
        const id = `tn-rule-${rule.name}`;
        if (!(rule.name in this.rules)) this.rules[rule.name] = rule.default;
        return h('div', { class: 'field' },
          h('label', { for: id }, ruleLabel(rule), ' ', h('span', { class: 'rule', text: rule.rule || '' })),
          h('select', { id, 'data-field': `match_rules.${rule.name}`, 'aria-describedby': `${id}-e`, onchange: (e) => { this.rules[rule.name] = e.target.value; } },
            rule.values.map((value) => h('option', { value, selected: value === this.rules[rule.name], text: valueLabel(rule, value) }))),
          errorSlot(`match_rules.${rule.name}`, `${id}-e`));
      }),
    ) : null);
  }

  body() {
    const v = this.values;
    const whole = (x) => (String(x).trim() !== '' && Number.isInteger(Number(x)) ? Number(x) : x);
    const body = {
      name: v.name.trim(), cards: Number(v.cards), max_per_player: whole(v.max_per_player), prizes: whole(v.prizes),
      multiple_prizes: v.multiple_prizes,
    };
    if (Object.keys(this.rules).length) body.match_rules = { ...this.rules };
    return body;
  }

  async submit(event) {
    event.preventDefault();
    if (this.busy) return;
    clearProblem(this.form, this.problem);
    const body = this.body();
    if (!body.name) {
      showProblem(this.form, this.problem, { errors: { name: t('tour_name_missing') } });
      return;
    }
    this.busy = true;
    this.submitButton.disabled = true;
    this.submitButton.textContent = t('creating');
    try {
      const { data } = await tnApi.create(body, this.keys.keyFor(body));
      this.keys.done();
      tournaments.save(data.id, { token: data.organiser_token, role: 'organiser', name: data.name, view_url: data.view_url });
      location.hash = `#/t/${encodeURIComponent(data.id)}/${encodeURIComponent(data.organiser_token)}`;
    } catch (err) {
      if (err instanceof ApiError) showRefusal(this.form, this.problem, err.problem);
      else if (err instanceof NetworkError) showProblem(this.form, this.problem, { detail: t('offline') });
      else throw err;
    } finally {
      this.busy = false;
      this.submitButton.disabled = false;
      this.submitButton.textContent = t('tour_create');
    }
  }
}
