// Tiny DOM helpers. Text only ever goes in through textContent / text nodes,
// never innerHTML, so names and messages from players or the API cannot inject markup.

// h, s, append and replace live in paint.js, which the page's early script shares.
import { append, h, replace, s } from './paint.js';
import { sentences, t } from './i18n.js';

export { append, h, replace, s };

// ---- rule numbers as links --------------------------------------------------------------------
// So a dispute at the table ends with the rule on the screen: every rule number the app shows (a
// note's, a refusal's, a referee's) is a link that opens the rule's text in a dialog over the page
// (app.js opens it with rule-book.js, loaded when a rule is first opened), in the phone's
// language. #/rules/R17 opens the whole book at that rule.

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

// ------------------------------------------------------------------------------------------------

let counter = 0;
/** A document-unique id for label/for and aria-describedby pairs. */
export function uid(prefix = 'k') {
  counter += 1;
  return `${prefix}${counter}`;
}

/**
 * A random key for Idempotency-Key headers: 18 bytes (144 bits) from the secure random source
 * as base64url, 24 characters. A match creation's key must be unguessable (its answer carries
 * the tokens): the server refuses one of fewer than 128 bits.
 */
export function randomKey() {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

// Problem JSON in a form, each refusal shown once (issue 18): each errors[field] in the slot
// beside the input it concerns (inputs carry data-field, slots data-error-for), and only what no
// slot takes (a rule about the whole entry, a field this form does not show) in the form's one
// box for that, which a form keeps near its send button.

export function errorSlot(path, id) {
  return h('p', { class: 'field-error', id, 'data-error-for': path, tabindex: -1, hidden: true });
}

export function clearProblem(form, box) {
  replace(box);
  for (const slot of form.querySelectorAll('[data-error-for]')) {
    slot.textContent = '';
    slot.hidden = true;
  }
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

/** "detail (R15)" */
export function problemText(problem) {
  const text = problem.detail || problem.title || '';
  return problem.rule ? `${text} (${problem.rule})` : text;
}

/** The same as text and a link that opens the rule (ruleLink), for a page to show. */
export function problemParts(problem) {
  return saidWithRule(problem.detail || problem.title || '', problem.rule || '');
}

/** "text (R15)" with the rule as a link, and the rules the text cites in parentheses too. */
function saidWithRule(text, rule) {
  return rule ? [...linkRules(text), ' (', ruleLink(rule), ')'] : linkRules(text);
}

/** The slot for a field path, or for the nearest field above it ("plays.1.0" → "plays.1"). */
function slotFor(form, path) {
  for (let p = path; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
    const slot = form.querySelector(`[data-error-for="${CSS.escape(p)}"]`);
    if (slot) return [slot, p];
  }
  return [null, path];
}

/**
 * Show a problem, every sentence of it once: each field's message beside its field, the rule
 * with the sentence it belongs to (the detail starts with it: the first violation), and in
 * `box` only what stands at no field (the detail's other sentences, fields without a slot
 * here). The focus goes to the first field concerned, else to the box.
 */
export function showProblem(form, box, problem) {
  clearProblem(form, box);
  const entries = Object.entries(problem.errors || {}).map(([path, message]) => [path, Array.isArray(message) ? message.join(' ') : String(message)]);
  let rest = problem.detail || (entries.length ? '' : problem.title || '');
  let rule = problem.rule || '';
  const loose = [];
  let first = null;
  for (const [path, text] of entries) {
    rest = rest.replace(text, '').trim(); // the detail joins the fields' sentences: said there now
    const [slot, at] = slotFor(form, path);
    if (!slot) {
      if (text) loose.push(text);
      continue;
    }
    const own = rule && (problem.detail || '').startsWith(text) ? rule : '';
    if (own) rule = '';
    if (slot.hidden) replace(slot, saidWithRule(text, own));
    else append(slot, ' ', saidWithRule(text, own));
    slot.hidden = false;
    const input = form.querySelector(`[data-field="${CSS.escape(at)}"]`);
    if (input) input.setAttribute('aria-invalid', 'true');
    first = first || input || slot;
  }
  const head = [rest, ...loose].filter(Boolean).join(' ');
  if (head) box.append(h('p', {}, saidWithRule(head, rule)));
  if (first && first.tagName !== 'P') first.focus(); // its message is read with it (aria-describedby)
  else (box.firstChild ? box : first || box).focus();
}

/** Link a page's stylesheet once and wait for it (2 s at most; offline without it, the
 * page is plain but usable), so a view is not drawn unstyled first. */
export function stylesheet(href) {
  if (document.head.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  const link = h('link', { rel: 'stylesheet', href });
  const loaded = new Promise((done) => {
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    setTimeout(done, 2000);
  });
  document.head.append(link);
  return loaded;
}

// A toast: a short message read out politely (the element is a status region) and shown for a
// while where it covers nothing that can be tapped (issue 18: "Hand 3 entered." over hand 1's
// "Correct"): the band of the screen nearest its bottom that is free of controls; where the
// screen has none (a form fills it), in room made for it under the page's header line
// ([data-toast-dock], which grows while the message stands). Placed again while it stands
// and the page scrolls or changes under it.

const TAPPABLE = 'button, a[href], input:not([type="hidden"]), select, textarea, summary, label, '
  + '[role="button"], [tabindex="0"], [data-entry-foot]';
const TOAST_GAP = 8;
let toastTimer = null;
let toastFollow = null;
let dock = null; // {el, pad}: the header line holding the toast, and its own padding

/** Show `text` in the toast `el` for `ms` milliseconds (an empty text hides it at once). */
export function toast(el, text, ms = 4000) {
  el.textContent = text;
  clearTimeout(toastTimer);
  if (toastFollow) toastFollow();
  toastFollow = null;
  undock();
  if (!text) return;
  placeToast(el);
  let frame = 0;
  const again = () => {
    if (!frame) frame = requestAnimationFrame(() => { frame = 0; placeToast(el); });
  };
  const resized = new ResizeObserver(again);
  resized.observe(document.body);
  const changed = new MutationObserver(again); // a form rebuilt, the history grown, a section opened
  changed.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden', 'class', 'open'] });
  window.addEventListener('scroll', again, { passive: true });
  window.addEventListener('resize', again);
  toastFollow = () => {
    resized.disconnect();
    changed.disconnect();
    window.removeEventListener('scroll', again);
    window.removeEventListener('resize', again);
    cancelAnimationFrame(frame);
  };
  toastTimer = setTimeout(() => toast(el, ''), ms);
}

function undock() {
  if (!dock) return;
  dock.el.style.paddingBottom = '';
  dock = null;
}

/** Move the toast to the lowest band of the screen free of controls, else into the header line. */
export function placeToast(el) {
  if (!el.textContent) return;
  el.style.bottom = 'auto';
  if (dock && dock.el.isConnected) {
    el.style.top = `${Math.round(dock.el.getBoundingClientRect().bottom - dock.pad - el.offsetHeight - TOAST_GAP / 2)}px`;
    return;
  }
  undock();
  el.style.top = '0px';
  const { height, left, right } = el.getBoundingClientRect();
  const screen = window.innerHeight;
  // what scrolls under a sticky header line cannot be tapped there
  const header = document.querySelector('[data-toast-dock]');
  const headerBox = header && header.getBoundingClientRect();
  const shaded = headerBox && headerBox.top <= 1 && getComputedStyle(header).position === 'sticky' ? headerBox.bottom : 0;
  const spans = [];
  for (const control of document.querySelectorAll(TAPPABLE)) {
    const r = control.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom <= shaded || r.top >= screen || r.right <= left || r.left >= right) continue;
    spans.push([Math.max(r.top, shaded) - TOAST_GAP / 2, r.bottom + TOAST_GAP / 2]);
  }
  const low = Math.max(TOAST_GAP, shaded);
  const high = screen - TOAST_GAP - height;
  const free = [high, low, ...spans.flatMap(([top, bottom]) => [bottom, top - height])]
    .filter((y) => y >= low && y <= high)
    .filter((y) => spans.every(([top, bottom]) => bottom <= y + 0.5 || top >= y + height - 0.5));
  if (free.length) {
    el.style.top = `${Math.round(Math.max(...free))}px`;
    return;
  }
  if (header && headerBox.bottom > 0 && headerBox.top < screen) {
    // no room on the screen: the header line makes room for it below its text
    const pad = parseFloat(getComputedStyle(header).paddingBottom) || 0;
    dock = { el: header, pad };
    header.style.paddingBottom = `${pad + height + TOAST_GAP}px`;
    placeToast(el);
    return;
  }
  el.style.top = `${Math.round(high)}px`;
}

/**
 * Keep the screen on while a board hangs on the wall (where the browser offers a wake lock;
 * refused with a battery saver, when the screen may dim), asked again each time the page is
 * shown. Returns what lets it go.
 */
export function keepScreenOn() {
  let lock = null;
  const wake = async () => {
    if (document.hidden || lock || !navigator.wakeLock) return;
    try {
      lock = await navigator.wakeLock.request('screen');
      lock.addEventListener('release', () => { lock = null; });
    } catch {
      // refused: the screen may dim
    }
  };
  document.addEventListener('visibilitychange', wake);
  wake();
  return () => {
    document.removeEventListener('visibilitychange', wake);
    if (lock) lock.release();
  };
}

/** A room's page whose link is unknown (deleted, or a wrong token): say so, go home or forget it. */
export function roomMissing(root, title, forget) {
  replace(
    root,
    h('h1', { class: 'page-title', tabindex: -1, text: title }),
    h('p', { class: 'actions' },
      h('a', { href: '#/', class: 'button secondary', text: t('back_home') }),
      h('button', { type: 'button', class: 'secondary', onclick: () => { forget(); location.hash = '#/'; }, text: t('forget') })),
  );
}
