// Tiny DOM helpers. Text only ever goes in through textContent / text nodes,
// never innerHTML, so names and messages from players or the API cannot inject markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

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

// Attributes better set as properties (live form values).
const PROPS = { value: 'value', checked: 'checked', selected: 'selected' };

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

let counter = 0;
/** A document-unique id for label/for and aria-describedby pairs. */
export function uid(prefix = 'k') {
  counter += 1;
  return `${prefix}${counter}`;
}

/** A random key for Idempotency-Key headers. */
export function randomKey() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
