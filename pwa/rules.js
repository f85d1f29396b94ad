// House rules: the game catalogue (GET /api/games, loaded once) and their labels.
import { api } from './api.js';
import { lang } from './i18n.js';

let pending = null;

/** The catalogue's games, fetched once per page load (null when it could not be had). */
export function loadCatalogue() {
  if (!pending) {
    pending = api.games().then(
      (answer) => (Array.isArray(answer.data) ? answer.data : answer.data.games || []),
      () => {
        pending = null;
        return null;
      },
    );
  }
  return pending;
}

/** A house rule's name in the reader's language (the server names it, GET /api/games). */
export function ruleLabel(rule) {
  const named = rule.title || rule.description || {};
  return named[lang] || named.en || rule.name;
}

/** A house rule's value in the reader's language. */
export function valueLabel(rule, value) {
  const named = (rule.labels || {})[value] || {};
  return named[lang] || named.en || value;
}
