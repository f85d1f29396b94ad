// House rules: the game catalogue (GET /api/games, loaded once) and their labels.
import { api } from './api.js';
import { has, lang, t } from './i18n.js';

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

export function ruleLabel(rule) {
  if (has(`rule_${rule.name}`)) return t(`rule_${rule.name}`);
  return (rule.description && (rule.description[lang] || rule.description.en)) || rule.name;
}

export function valueLabel(name, value) {
  return has(`rule_${name}.${value}`) ? t(`rule_${name}.${value}`) : value;
}
