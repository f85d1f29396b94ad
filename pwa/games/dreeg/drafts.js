// What this phone's Dreeg entry form holds of the hand being played, shared by the form
// (form.js writes it) and the referee (referee.js starts from it): a module of its own, so
// neither imports the game's index.js, which loads them both.

/**
 * By match id: {seq, trump, called} (trump '' for none, null while not chosen). The referee
 * opened from the match starts from it: the match's sub-game and players, and the trump and
 * called card as they stand.
 */
export const drafts = new Map();
