// The referee kit: what every game's referee (games/<game>/referee.js) draws and does alike,
// written once. A referee is a view with `root`, `id`, `token`, `match` (the match it was
// opened from, or null), `announce` and `gone`; its questions are forms that ask
// POST /api/referee/{question} and show the answer: the tabs over its questions, the box for a
// refusal, the verdict with the rule it cites, a ruling kept with the match as precedent, the
// players' seats and a replay handed to the match's entry form.

import { ApiError, NetworkError, api } from './api.js';
import { errorSlot, h, linkRules, randomKey, replace, ruleLink, showProblem, uid } from './dom.js';
import { t } from './i18n.js';
import { handoffs } from './store.js';

/** A referee view mounted by the shell (views/referee.js): drawn now, again on relabel; gone (and stopped) on destroy. */
export function mounted(view) {
  view.render();
  return {
    relabel: () => view.render(),
    destroy: () => {
      view.gone = true;
      if (view.stop) view.stop();
    },
  };
}

/**
 * The questions as tabs, one section shown at a time (`view.tab`): each panel
 * `{name, label, data, build}` (its tab's sentence key, its section's data attribute, and what
 * draws it). Returns the sections by name.
 */
export function tabbed(view, panels, { cls = null } = {}) {
  const ids = Object.fromEntries(panels.map((p) => [p.name, uid('s')]));
  const sections = Object.fromEntries(panels.map((p) => [
    p.name, h('section', { class: 'card referee', id: ids[p.name], hidden: view.tab !== p.name, [p.data]: '' }, p.build()),
  ]));
  const tab = (p) => h('button', {
    type: 'button',
    class: 'secondary',
    'aria-pressed': String(view.tab === p.name),
    'aria-controls': ids[p.name],
    'data-tab': p.name,
    onclick: () => {
      view.tab = p.name;
      for (const b of view.root.querySelectorAll('[data-tab]')) b.setAttribute('aria-pressed', String(b.dataset.tab === p.name));
      for (const [name, section] of Object.entries(sections)) section.hidden = name !== p.name;
    },
    text: t(p.label),
  });
  replace(
    view.root,
    h('div', { class: ['tabs', cls], role: 'group', 'aria-label': t('referee') }, panels.map(tab)),
    panels.map((p) => sections[p.name]),
  );
  return sections;
}

/** A question's form: its heading, then `children`; sending it calls the panel's `send`. */
export function questionForm(panel, data, title, ...children) {
  return h('form', { novalidate: true, [data]: '', onsubmit: (e) => panel.send(e) }, h('h2', { text: title }), children);
}

/** The box for what no field takes, which a form keeps beside the button that asks. */
export function problemBox() {
  return h('div', { class: 'problem', role: 'alert', tabindex: -1, 'data-problem': '' });
}

/** Where an answer is shown (`cls`: the game's own look besides). */
export function verdictBox(cls = null) {
  return h('div', { class: ['verdict', cls], role: 'status', 'data-verdict': '' });
}

/** A yes-or-no answer in its box, marked yes or no; `draw(answer)` says the rest. Empty without one. */
export function showVerdict(box, answer, draw) {
  box.className = answer ? `verdict ${answer.legal ? 'is-yes' : 'is-no'}` : 'verdict';
  replace(box, answer ? draw(answer) : null);
}

/** "Yes" or "No", with what was asked about after it (a card). */
export function verdictWord(answer, ...asked) {
  return h('p', { class: 'verdict-word', 'data-legal': String(answer.legal) }, answer.legal ? t('ref_yes') : t('ref_no'), asked);
}

/** The rule an answer cites, before its sentence: a link that opens the rule's text (dom.js ruleLink). */
export function ruleMark(rule) {
  return rule ? [ruleLink(rule), ' '] : null;
}

/** An answer's sentence, the rules it cites in it opening their text too. */
export function because(text) {
  return linkRules(text || '');
}

/** The rule an answer cites and why, as a paragraph. */
export function reason(answer) {
  return h('p', {}, ruleMark(answer.rule), because(answer.reason));
}

/** Every broken rule: the rule, then why. */
export function violationList(violations) {
  return h('ul', { class: 'violations' }, violations.map((v) => h('li', {}, ruleMark(v.rule), because(v.reason || v.code))));
}

/** A select with its label and error slot: `options` as [value, words]; `onchange(value)`. */
export function selectField(field, label, options, value, onchange) {
  const id = uid('f');
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id, text: label }),
    h(
      'select',
      { id, 'data-field': field, 'aria-describedby': `${id}-e`, onchange: (e) => onchange(e.target.value) },
      options.map(([v, text]) => h('option', { value: v, text, selected: v === value })),
    ),
    errorSlot(field, `${id}-e`),
  );
}

/** A yes-or-no box: a checkbox with its label and its error slot. */
export function checkbox(field, label, checked, set) {
  const id = uid('f');
  return h(
    'div',
    { class: 'field check' },
    h('input', { type: 'checkbox', id, 'data-field': field, checked, 'aria-describedby': `${id}-e`, onchange: (e) => set(e.target.checked) }),
    h('label', { for: id, text: label }),
    errorSlot(field, `${id}-e`),
  );
}

/** What the phone finds missing before it asks, shown at the fields; whether there was any. */
export function missing(form, box, errors) {
  if (!Object.keys(errors).length) return false;
  showProblem(form, box, { errors });
  return true;
}

/** A referee's request that failed: the server's problem at its fields, or "offline". */
export function fail(form, box, err) {
  if (err instanceof ApiError) showProblem(form, box, err.problem);
  else if (err instanceof NetworkError) showProblem(form, box, { detail: t('ref_offline') });
  else throw err;
}

/**
 * Ask the referee `question` for a panel (its `view`, `form`, `problem` box and `refresh()`),
 * the form's submit button held while it waits. The answer is kept in `state` with the
 * question (and `keep`), the panel drawn again and `shown` scrolled into view, unless the view
 * is gone meanwhile; a refusal is shown at the form's fields (`problem` may first rewrite it to
 * the form's own field paths).
 */
export async function ask(panel, question, body, { state, shown, block = 'nearest', keep = {}, problem = (err) => err }) {
  const button = panel.form.querySelector('button[type="submit"]');
  button.disabled = true;
  try {
    const { data } = await api.referee(question, body);
    if (!panel.view.gone) {
      Object.assign(state, { answer: data, question: body, saved: false, ...keep });
      panel.refresh();
      shown.scrollIntoView({ block });
    }
  } catch (err) {
    fail(panel.form, panel.problem, problem(err));
  } finally {
    button.disabled = false;
  }
}

/**
 * Opened from a match as its scorer: keep this ruling with the match, with a note.
 * @param {{match: object|null, id: string, token: string, announce: Function}} view the referee
 * @param {string} kind the question (play, hand …)
 * @param {{question?: object, saved?: boolean}} what the question asked and whether it was kept
 */
export function precedent(view, kind, what) {
  if (!view.match || view.match.access !== 'scorer' || !what.question) return null;
  if (what.saved) return h('p', { role: 'status', 'data-saved': '', text: t('prec_saved') });
  const id = uid('f');
  const note = h('input', { id, type: 'text', maxlength: 200, 'data-field': 'note' });
  const box = h('div', { class: 'precedent', 'data-precedent': kind });
  const key = randomKey();
  const save = async () => {
    const body = { kind, question: what.question };
    if (note.value.trim()) body.note = note.value.trim();
    try {
      await api.saveRuling(view.id, view.token, body, key);
      what.saved = true;
      replace(box, h('p', { role: 'status', 'data-saved': '', text: t('prec_saved') }));
    } catch (err) {
      view.announce(err instanceof ApiError ? err.message : t('ref_offline'));
    }
  };
  box.append(h('label', { for: id, text: t('prec_note') }), note, h('button', { type: 'button', class: 'secondary', 'data-save-precedent': '', onclick: save, text: t('prec_save') }));
  return box;
}

/** The players' names, a field per seat (`players` edited in place; `changed` after each keystroke). */
export function seats(players, changed, cls = null) {
  return h('div', { class: ['ref-seats', cls] }, players.map((name, i) => {
    const id = uid('f');
    return h(
      'div',
      { class: 'field' },
      h('label', { for: id, class: 'vh', text: t('player_n', { n: i + 1 }) }),
      h('input', {
        id,
        type: 'text',
        value: name,
        maxlength: 24,
        autocomplete: 'off',
        placeholder: t('player_n', { n: i + 1 }),
        'data-field': `players.${i}`,
        'aria-describedby': `${id}-e`,
        oninput: (e) => {
          players[i] = e.target.value;
          changed();
        },
      }),
      errorSlot(`players.${i}`, `${id}-e`),
    );
  }));
}

/** A select's options: the names, after a "nobody" option (`none`: its words) where one is offered. */
export function nameOptions(select, names, value, none = null) {
  replace(
    select,
    none ? h('option', { value: '', text: none, selected: value === '' }) : null,
    names.map((n) => h('option', { value: n, text: n, selected: n === value })),
  );
}

/**
 * A scorer who came from a match may enter a replay in it: the button, or why not (`words`:
 * sentence keys `enter`, `incomplete` and `mismatch`; `same()`: whether the replay is the
 * match's, asked only of a running match). Nothing for a viewer or a finished match.
 */
export function offer(view, { complete, same, words, entry }) {
  const m = view.match;
  if (!m || m.access !== 'scorer' || m.state.finished) return null;
  if (!complete) return h('p', { class: 'hint', text: t(words.incomplete) });
  if (!same()) return h('p', { class: 'hint', text: t(words.mismatch) });
  return h('div', { class: 'actions' }, h('button', { type: 'button', class: 'primary', 'data-enter-hand': '', onclick: () => handOff(view, entry()), text: t(words.enter) }));
}

/** The replay's entry handed to the match's entry form, for its next hand; the match's page opens. */
async function handOff(view, entry) {
  let match = view.match;
  try {
    match = (await api.getMatch(view.id, view.token)).data;
  } catch {
    // enter against what we have; the form shows the server's answer
  }
  handoffs.set(view.id, { seq: match.next_seq, entry });
  location.hash = `#/m/${encodeURIComponent(view.id)}/${encodeURIComponent(view.token)}`;
}
