// The rule book on the phone: a rule's text in a dialog over the page (a half-typed form stays
// as it was) and the page #/rules, in the phone's language. The text is the server's
// (GET /api/rules, read from docs/rules/<lang>.md); the service worker keeps both books once
// fetched (sw.js), so a rule opens offline too. Loaded when a rule is first opened (dom.js
// makes the links).

import { call } from './api.js';
import { h, replace } from './paint.js';
import { i18n, lang, sentences, t } from './i18n.js';
import { linkRules } from './dom.js';

sentences('rules', {
  en: {
    rule_book: 'The rules',
    rule_example: 'Example:',
    rule_close: 'Close',
    rule_whole_book: 'All rules',
    rule_loading: 'Loading the rule…',
    rule_unknown: 'The rule book has no rule {id}.',
    rule_offline: 'The rule book is not on this phone yet: it comes the first time the phone is online with the app open.',
  },
  de: {
    rule_book: 'Die Regeln',
    rule_example: 'Beispiel:',
    rule_close: 'Schließen',
    rule_whole_book: 'Alle Regeln',
    rule_loading: 'Die Regel wird geladen…',
    rule_unknown: 'Im Regelbuch gibt es keine Regel {id}.',
    rule_offline: 'Das Regelbuch ist noch nicht auf diesem Handy: es kommt, sobald das Handy mit offener App einmal online ist.',
  },
});

const books = new Map(); // language -> Promise of the book

/** The whole book in `language` (asked once per language; a failure is asked again next time). */
export function ruleBook(language = lang) {
  if (!books.has(language)) {
    const asked = call('GET', `/api/rules?lang=${language}`).then((answer) => answer.data);
    asked.catch(() => books.delete(language));
    books.set(language, asked);
  }
  return books.get(language);
}

let dialog = null;
let shown = null; // the id the dialog shows

/** Open rule `id` in the dialog over the page (its text comes when the book has come). */
export async function openRule(id) {
  if (!dialog) {
    dialog = h('dialog', { class: 'rule-dialog', 'data-rule-dialog': '', 'aria-labelledby': 'rule-dialog-title' });
    dialog.addEventListener('close', () => { shown = null; });
    i18n.addEventListener('change', () => { if (shown) fill(shown); });
    document.body.append(dialog);
  }
  shown = id;
  if (!dialog.open) dialog.showModal();
  await fill(id);
}

async function fill(id) {
  const close = h('button', { type: 'button', class: 'secondary small', 'data-rule-close': '', onclick: () => dialog.close(), text: t('rule_close') });
  replace(dialog, h('h2', { id: 'rule-dialog-title', text: id }), h('p', { class: 'hint', text: t('rule_loading') }), h('p', { class: 'actions' }, close));
  const language = lang;
  let book = null;
  try {
    book = await ruleBook(language);
  } catch {
    // offline before the book ever came
  }
  if (shown !== id || language !== lang) return;
  const rule = book && book.rules.find((r) => r.id === id);
  replace(
    dialog,
    h('h2', { id: 'rule-dialog-title', 'data-rule-title': id, tabindex: -1, text: rule ? `${rule.id} · ${rule.title}` : id }),
    rule ? ruleBody(rule) : h('p', { text: t(book ? 'rule_unknown' : 'rule_offline', { id }) }),
    h('p', { class: 'actions' }, close, h('a', { class: 'button secondary small', href: `#/rules/${id}`, onclick: () => dialog.close(), text: t('rule_whole_book') })),
  );
  // the rule is read from its top (a long one scrolls within the dialog)
  dialog.querySelector('[data-rule-title]').focus();
}

/** A rule's parts: its game, its paragraphs, its example, its house rules. */
function ruleBody(rule) {
  return [
    h('p', { class: 'hint rule-group', text: rule.group }),
    rule.text.split('\n\n').map((paragraph) => h('p', {}, linkRules(paragraph))),
    rule.example ? h('p', { class: 'rule-example' }, h('strong', { text: t('rule_example') }), ' ', linkRules(rule.example)) : null,
    // each line names itself ("House rule …", "Hausregel …")
    rule.house_rules.length ? h('ul', { class: 'rule-house' }, rule.house_rules.map((line) => h('li', {}, linkRules(line)))) : null,
  ];
}

/** The page #/rules (and #/rules/R17, opened at that rule): the whole book. */
export function mountRules(root, { id }) {
  let gone = false;
  const render = async () => {
    replace(root, h('h1', { class: 'page-title', tabindex: -1, text: t('rule_book') }), h('p', { class: 'hint', text: t('rule_loading') }));
    let book = null;
    try {
      book = await ruleBook(lang);
    } catch {
      // offline before the book ever came
    }
    if (gone) return;
    if (!book) {
      replace(root, h('h1', { class: 'page-title', tabindex: -1, text: t('rule_book') }), h('p', { text: t('rule_offline') }));
      return;
    }
    let group = null;
    const parts = [];
    for (const rule of book.rules) {
      if (rule.group !== group) {
        group = rule.group;
        parts.push(h('h2', { class: 'rule-book-group', text: group }));
      }
      parts.push(h('section', { class: 'card rule-entry', id: `rule-${rule.id}`, 'data-rule-entry': rule.id, 'aria-labelledby': `rule-h-${rule.id}` },
        h('h3', { id: `rule-h-${rule.id}`, text: `${rule.id} · ${rule.title}` }),
        ruleBody({ ...rule, group: '' }).slice(1)));
    }
    replace(root, h('h1', { class: 'page-title', tabindex: -1, text: book.title }),
      book.intro.split('\n\n').map((paragraph) => h('p', { class: 'hint', text: paragraph })), parts);
    const wanted = id && root.querySelector(`#rule-${CSS.escape(id)}`);
    if (wanted) wanted.scrollIntoView();
  };
  render();
  return {
    relabel: render,
    destroy: () => { gone = true; },
  };
}
