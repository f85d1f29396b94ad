// What the page's first paint and the app share: the DOM helpers (dom.js hands them on), the
// way a sentence is filled in (i18n.js), and the top of a match page (views/match.js). It
// imports nothing: the server writes it into the page's early script too (api/views/pwa.py),
// which draws a scanned table's first view from the match it asked for before any module has
// come (a game's first.js draws the game's part), and the app keeps what it drew.
// Text only ever goes in through textContent / text nodes, never innerHTML, so names and
// messages from players or the API cannot inject markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

// Attributes better set as properties (live form values).
const PROPS = { value: 'value', checked: 'checked', selected: 'selected' };

function build(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'text') {
      el.textContent = value;
    } else if (key === 'class' && Array.isArray(value)) {
      el.setAttribute('class', value.filter(Boolean).join(' '));
    } else if (key in PROPS && !(el instanceof SVGElement)) {
      el[PROPS[key]] = value;
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** h('button', {class: 'x', onclick: fn, 'data-void': 3}, 'Text', otherNode) */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** The same for SVG elements (document.createElementNS). */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace all children of el. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

// {n:one|other}: the other form may hold plain fields ({left:one more|{left} more}, as the
// engine's sentences write it), filled in after the form is chosen
const FIELD = /\{(\w+)(?::([^{}|]*)\|((?:[^{}]|\{\w+\})*))?\}/g;

/**
 * Sentences in a language: `lookup(key)` gives a key's template (or undefined), `lang()` the
 * language. t(key, params) fills a template in: {name} spoken (a list of players reads "A, B
 * and C", with the word for "and" under the key `and`), {n:one|other} by count (a number, or a
 * list's length, so a verb agrees with a list of players); unknown names stay as they are.
 */
export function sayer(lookup, lang) {
  const count = (value) => {
    if (Array.isArray(value)) return value.length;
    if (typeof value === 'string' && Number.isNaN(Number(value))) return 1; // a name: one player
    return Number(value);
  };
  const spoken = (value) => {
    if (Array.isArray(value)) return list(value);
    if (value && typeof value === 'object' && typeof value.nameIn === 'function') return value.nameIn(lang());
    return String(value);
  };
  const format = (template, params = {}) => template.replace(FIELD, (whole, name, one, other) => {
    if (!(name in params)) return whole;
    if (one !== undefined) return format(count(params[name]) === 1 ? one : other, params);
    return spoken(params[name]);
  });
  const t = (key, params = {}) => format(lookup(key) ?? key, params);
  function list(names) {
    const words = names.map(spoken);
    if (words.length < 2) return words.join('');
    return `${words.slice(0, -1).join(', ')} ${t('and')} ${words[words.length - 1]}`;
  }
  return { t, list, format };
}

/**
 * The top of a match page, as the page's early script and the app draw it alike: the title,
 * the connection's note, what's next, the links (the invitation for a scorer, the referee, the
 * board or the whole page) and the place of the game's board. `t` gives the shell's words.
 */
export function matchTop({ id, token, board, scorer, t, invite = null }) {
  const base = `#/m/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
  const top = {
    title: h('h1', { class: 'page-title', tabindex: -1, 'data-title': '' }),
    // a change is said by the match page, once; a toast with no room on the screen stands below it
    next: h('p', { class: 'next', 'data-next': '', 'data-toast-dock': '' }),
    switch: h('a', { class: 'button secondary small', href: `${base}/${board ? 'full' : 'board'}`, 'data-board-link': '', text: t(board ? 'full_view' : 'board_view') }),
    referee: h('a', { class: 'button secondary small', href: `#/referee/${encodeURIComponent(id)}/${encodeURIComponent(token)}`, 'data-referee-link': '', text: t('referee') }),
    inviteLink: h('button', { type: 'button', class: 'secondary small', 'data-invite-link': '', onclick: invite, text: t('invite_open') }),
    connection: h('p', { class: 'connection', role: 'status', 'data-connection': '', hidden: true }),
    slates: h('section', { class: 'slates', 'data-slates': '' }),
  };
  top.head = h('div', { class: 'match-head' }, top.title, top.connection);
  top.links = board ? h('p', { class: 'head-links' }, top.switch) : h('p', { class: 'head-links' }, scorer ? top.inviteLink : null, top.referee, top.switch);
  return top;
}
