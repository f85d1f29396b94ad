// Rule numbers as links, so a dispute at the table ends with the rule on the screen: every rule
// number the app shows (a note's, a refusal's, a referee's) is a link that opens the rule's text
// in a dialog over the page (rule-book.js, loaded by app.js when a rule is first opened), in the
// phone's language. #/rules/R17 opens the whole book at that rule.

import { h } from './paint.js';
import { sentences, t } from './i18n.js';

sentences('rule_links', {
  en: {
    rule_open: '{id}: open the rule',
  },
  de: {
    rule_open: '{id}: Regel öffnen',
  },
});

/** A rule's id as the engine cites it: R1-R38, T1-T8. */
const RULE_ID = /^[RT][1-9][0-9]?$/;
// a citation in running text: an id in parentheses, alone or beside others ("(R15)", "(…, R13)");
// never a pot number's neighbour ("(L3, R12)": R12 is the right pot's 12) or a Cego trump ("T1 (Pfeif)")
const CITED = /\(([^()]*)\)/g;
const ID_IN = /\b[RT][1-9][0-9]?\b/g;
const POT = /\bL\d+\b/;

/** "R17" as a link that opens the rule (app.js opens it over the page, rule-book.js); anything
 * that is no rule id stays a plain label. */
export function ruleLink(id) {
  if (!RULE_ID.test(id || '')) return h('span', { class: 'rule', text: id || '' });
  return h('a', { class: 'rule', href: `#/rules/${id}`, 'data-rule': id, 'aria-label': t('rule_open', { id }) }, id);
}

/** A text with the rules it cites in parentheses as links: a list of strings and links. */
export function linkRules(text) {
  const parts = [];
  let at = 0;
  for (const group of String(text || '').matchAll(CITED)) {
    if (POT.test(group[1])) continue;
    for (const id of group[1].matchAll(ID_IN)) {
      const start = group.index + 1 + id.index;
      parts.push(text.slice(at, start), ruleLink(id[0]));
      at = start + id[0].length;
    }
  }
  parts.push(String(text || '').slice(at));
  return parts.filter((part) => part !== '');
}
