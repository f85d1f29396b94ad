// The match page's news: what the hands that came in changed, said once and politely to a
// phone that watches (a screen reader hears it; issue 18), and this phone's own entry, void or
// correction said with its form's sentence. A mix-in of the match page (views/match.js).

import { isVoided } from '../../entries.js';
import { t } from '../../i18n.js';

export const news = {
  /**
   * What the hands that came in changed, said once and politely (issue 18): which hand, what it
   * did (the game's outcome, as the history shows it) and what is next, never the empty form's
   * sums. This phone's own entry or void is said by the form's or the void's sentence, with the
   * same news (announceOwn). A phone catching up on many hands says nothing.
   */
  tell() {
    const now = handsSaid(this.store.hands);
    const before = this.said;
    this.said = now;
    if (!before || !this.game) return;
    const news = this.store.hands.filter((e) => before.get(e.seq) !== now.get(e.seq));
    if (!news.length || news.length > 3) return;
    const text = [...news.map((e) => this.newsOf(e, before.has(e.seq))), this.sections.next.textContent]
      .filter(Boolean).map(sentence).join(' ');
    if (this.voiding || (this.form && this.form.busy)) this.ownNews = text;
    else this.announce(text);
  },

  newsOf(entry, known) {
    const hand = this.handTitle(entry.seq);
    if (isVoided(entry)) return t('told_voided', { hand });
    const outcome = this.game.outcome(entry.result || {});
    return t(known ? 'told_corrected' : 'told_entered', { hand, outcome });
  },

  /** This phone's own entry, void or correction: its sentence, and what it changed. */
  announceOwn(text) {
    const news = this.ownNews;
    this.ownNews = null;
    this.announce(news || text);
  },
};

/** What makes a hand news: entered, corrected (its audit grows) or voided. */
export function handsSaid(hands) {
  return new Map(hands.map((e) => [e.seq, `${isVoided(e) ? 'void' : 'in'}:${(e.audit || []).length}`]));
}

/** A sentence ends with its stop. */
function sentence(text) {
  const said = text.trim();
  return /[.!?…]$/.test(said) ? said : `${said}.`;
}
