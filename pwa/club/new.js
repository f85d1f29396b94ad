// A new club: its name, its members (one a line; more join later, and a guest at a table becomes
// one), the money (euros a blob, a Bummerl, a Fach, a point, sent as whole cents, R37; 0 or
// nothing: not played for money) and its time zone (the phone's, unless changed: an evening runs
// from noon to noon there, R36). Created with an Idempotency-Key; the club's page follows, opened
// with the admin's token; the members' and the viewers' tokens are kept on this phone for the
// tables' links and the invitation. Below: a club saved by another server, imported.

import { ApiError, KeyRing, NetworkError } from '../api.js';
import { clearProblem, errorSlot, h, randomKey, replace, showProblem } from '../dom.js';
import { lang, t } from '../i18n.js';
import { centsOf } from './common.js';
import './home.js'; // its sentences (club_new)
import { clubs } from './kept.js';
import './strings.js';
import { clubApi } from './store.js';

const RATES = ['per_blob', 'per_bummerl', 'per_fach', 'per_point'];

/** The phone's time zone, and every zone the browser knows (the phone's first). */
function zones() {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Berlin';
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Europe/Berlin', 'Europe/Vienna', 'Europe/Zurich', 'UTC'];
  return { own, all: all.includes(own) ? all : [own, ...all] };
}

export function mountNew(root, { announce }) {
  const view = new NewClub(root, announce);
  view.render();
  return { relabel: () => view.render(), destroy: () => { view.gone = true; } };
}

class NewClub {
  constructor(root, announce) {
    this.root = root;
    this.announce = announce;
    const { own } = zones();
    this.values = { name: '', members: '', timezone: own, rates: Object.fromEntries(RATES.map((r) => [r, ''])) };
    this.keys = new KeyRing(randomKey);
    this.busy = false;
  }

  render() {
    const v = this.values;
    this.problem = h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
    this.submitButton = h('button', { type: 'submit', class: 'primary', 'data-create-club': '', text: t('club_create') });
    const rate = (name) => h('div', { class: 'field club-rate' },
      h('label', { for: `club-${name}`, text: t(`club_rate_${name}`) }),
      h('div', { class: 'club-euro' },
        h('input', {
          id: `club-${name}`, type: 'text', inputmode: 'decimal', autocomplete: 'off', value: v.rates[name], placeholder: lang === 'de' ? '0,00' : '0.00',
          'data-field': `rates.${name}`, 'aria-describedby': `club-${name}-e`,
          oninput: (e) => { v.rates[name] = e.target.value; },
        }),
        h('span', { class: 'club-euro-sign', 'aria-hidden': 'true', text: '€' })),
      errorSlot(`rates.${name}`, `club-${name}-e`));
    const { all } = zones();
    this.form = h('form', { class: 'card', novalidate: true, 'data-new-club-form': '', onsubmit: (e) => this.submit(e) },
      h('div', { class: 'field' },
        h('label', { for: 'club-name', text: t('club_name') }),
        h('input', {
          id: 'club-name', type: 'text', maxlength: 60, value: v.name, autocomplete: 'off', autocapitalize: 'words',
          placeholder: t('club_name_sample'), 'data-field': 'name', 'aria-describedby': 'club-name-e',
          oninput: (e) => { v.name = e.target.value; },
        }),
        errorSlot('name', 'club-name-e')),
      h('div', { class: 'field' },
        h('label', { for: 'club-members', text: t('club_members_lines') }),
        h('textarea', {
          id: 'club-members', rows: 6, autocapitalize: 'words', autocomplete: 'off', 'data-field': 'members', 'aria-describedby': 'club-members-h club-members-e',
          oninput: (e) => { v.members = e.target.value; },
        }, v.members),
        h('p', { class: 'hint', id: 'club-members-h', text: t('club_members_hint') }),
        errorSlot('members', 'club-members-e')),
      h('fieldset', { class: 'club-rates' },
        h('legend', { text: t('club_rates') }),
        h('p', { class: 'hint', text: t('club_rates_hint') }),
        RATES.map(rate)),
      h('div', { class: 'field' },
        h('label', { for: 'club-timezone', text: t('club_timezone') }),
        h('select', { id: 'club-timezone', 'data-field': 'timezone', 'aria-describedby': 'club-timezone-h club-timezone-e', onchange: (e) => { v.timezone = e.target.value; } },
          all.map((zone) => h('option', { value: zone, selected: zone === v.timezone, text: zone.replace(/_/g, ' ') }))),
        h('p', { class: 'hint', id: 'club-timezone-h', text: t('club_timezone_hint') }),
        errorSlot('timezone', 'club-timezone-e')),
      this.problem,
      h('div', { class: 'actions' }, this.submitButton));
    replace(
      this.root,
      h('h1', { class: 'page-title', tabindex: -1, text: t('club_new') }),
      h('p', { class: 'tagline', text: t('club_new_intro') }),
      this.form,
      this.importForm(),
    );
  }

  /** A club saved by another server (its export.json): POST /api/clubs/import, then its page. */
  importForm() {
    const problem = h('div', { class: 'problem', role: 'alert', tabindex: -1 });
    const file = h('input', { id: 'club-import-file', type: 'file', accept: 'application/json,.json', 'data-field': 'file', 'aria-describedby': 'club-import-h club-import-e' });
    const keys = new KeyRing(randomKey);
    const form = h('form', { class: 'card', novalidate: true, 'data-import-club': '', onsubmit: async (e) => {
      e.preventDefault();
      clearProblem(form, problem);
      let body;
      try {
        body = JSON.parse(await file.files[0].text());
      } catch {
        showProblem(form, problem, { errors: { file: t('club_import_bad') } });
        return;
      }
      try {
        const { data } = await clubApi.import(body, keys.keyFor(body));
        keys.done();
        this.opened(data);
      } catch (err) {
        if (err instanceof ApiError) showProblem(form, problem, err.problem);
        else if (err instanceof NetworkError) showProblem(form, problem, { detail: t('offline') });
        else throw err;
      }
    } },
      h('h2', { text: t('club_import') }),
      h('p', { class: 'hint', id: 'club-import-h', text: t('club_import_hint') }),
      h('div', { class: 'field' },
        h('label', { for: 'club-import-file', text: t('club_import_file') }),
        file,
        errorSlot('file', 'club-import-e')),
      problem,
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary', 'data-import': '', text: t('club_import_button') })));
    return form;
  }

  /** A club created or imported: kept on this phone with its tokens, and opened as its admin. */
  opened(data) {
    clubs.save(data.id, {
      token: data.admin_token, access: 'admin', name: data.name, members: (data.members || []).length,
      member_token: data.member_token, viewer_token: data.viewer_token, join_url: data.join_url, view_url: data.view_url,
    });
    location.hash = `#/c/${encodeURIComponent(data.id)}/${encodeURIComponent(data.admin_token)}`;
  }

  /** The request's body, or the fields' complaints ({errors}) when one cannot be sent. */
  body() {
    const v = this.values;
    const errors = {};
    const name = v.name.trim();
    if (!name) errors.name = t('name_missing');
    const rates = {};
    for (const rate of RATES) {
      const cents = centsOf(v.rates[rate]);
      if (cents === null) errors[`rates.${rate}`] = t('club_rate_bad');
      else rates[rate] = cents;
    }
    const members = v.members.split('\n').map((line) => line.trim()).filter(Boolean);
    if (Object.keys(errors).length) return { errors };
    return { body: { name, members, timezone: v.timezone, rates } };
  }

  async submit(event) {
    event.preventDefault();
    if (this.busy) return;
    clearProblem(this.form, this.problem);
    const { body, errors } = this.body();
    if (errors) {
      showProblem(this.form, this.problem, { errors });
      return;
    }
    this.busy = true;
    this.submitButton.disabled = true;
    this.submitButton.textContent = t('creating');
    try {
      const { data } = await clubApi.create(body, this.keys.keyFor(body));
      this.keys.done();
      this.opened(data);
    } catch (err) {
      if (err instanceof ApiError) showProblem(this.form, this.problem, err.problem);
      else if (err instanceof NetworkError) showProblem(this.form, this.problem, { detail: t('offline') });
      else throw err;
    } finally {
      this.busy = false;
      this.submitButton.disabled = false;
      this.submitButton.textContent = t('club_create');
    }
  }
}
