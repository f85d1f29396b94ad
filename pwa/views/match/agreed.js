// What the table agreed, shown to everyone at it: the house rules fixed at creation (with
// their R-numbers) and the referee's rulings saved to the match. A mix-in of the match page
// (views/match.js).

import { loadCatalogue } from '../../api.js';
import { h, linkRules, replace, ruleLink } from '../../dom.js';
import { lang, ruleLabel, t, valueLabel } from '../../i18n.js';

export const agreed = {
  /** The rulings saved to this match: what was asked, the answer and its rule. */
  renderRulings() {
    const s = this.sections;
    if (!s || s.board || !this.game) return;
    const rulings = this.store.rulings;
    s.rulings.hidden = !rulings;
    if (!rulings) return;
    replace(
      s.rulings,
      h('h2', { text: t('precedents') }),
      rulings.length
        ? h('ul', { class: 'hands' }, rulings.map((r) => {
            const a = r.answer ? r.answer[lang] || r.answer.en || {} : {};
            return h(
              'li',
              { class: 'hand', 'data-ruling': '' },
              h('h3', { text: this.game.question(r) }),
              h('p', {}, r.rule ? [ruleLink(r.rule), ' '] : null, r.legal ? t('ref_yes') : t('ref_no'), a.reason ? [': ', linkRules(a.reason)] : ''),
              r.note ? h('p', { class: 'hint', text: r.note }) : null,
            );
          }))
        : h('p', { class: 'hint', text: t('no_precedents') }),
    );
  },

  /** The house rules fixed at creation, shown to everyone at the table (with their R-numbers). */
  async renderRules() {
    const match = this.store.match;
    const el = this.sections.rules;
    const draw = (games) => {
      const game = (games || []).find((g) => g.name === match.game);
      const known = game ? game.rules : Object.keys(match.rules || {}).map((name) => ({ name }));
      replace(
        el,
        h('summary', { text: t('house_rules_table') }),
        h(
          'dl',
          { class: 'rules-list' },
          known.map((rule) => {
            const value = (match.rules || {})[rule.name] ?? rule.default; // a rule added since the table began: its default
            const changed = rule.default !== undefined && value !== rule.default;
            return [
              h('dt', {}, ruleLabel(rule), rule.rule ? h('span', { class: 'rule', text: ` ${rule.rule}` }) : null),
              h('dd', { class: changed ? 'changed' : null, text: valueLabel(rule, value) + (changed ? ` (${t('house_rule_changed')})` : '') }),
            ];
          }),
        ),
      );
    };
    draw(this.catalogue);
    if (!this.catalogue) {
      this.catalogue = await loadCatalogue();
      if (this.catalogue && this.sections && this.sections.rules === el) draw(this.catalogue);
    }
  },
};
