// DREIst!'s solo ladder (R34), which the board (index.js) and the entry form (form.js) both
// read: a module of its own, so the form does not import the index.js that loads it.

/** R34: game n of a solo run; the rating ladder (least cards won with, its name). */
export const SOLO = { base: 48, step: 2, last: 23 };
export const soloCards = (n) => SOLO.base + SOLO.step * n;
export const RATINGS = [[50, 'okay'], [52, 'decent'], [54, 'good'], [56, 'very_good'], [58, 'great'], [60, 'sensational']];
export const ratingOf = (best) => (best ? RATINGS.filter(([least]) => best >= least).map(([, name]) => name).pop() || null : null);
