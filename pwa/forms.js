// Problem JSON in a form: the detail and rule at the top, each errors[field] in the slot
// next to the input it concerns (inputs carry data-field, slots data-error-for).

import { h, replace } from './dom.js';

export function errorSlot(path, id) {
  return h('p', { class: 'field-error', id, 'data-error-for': path, hidden: true });
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

/** The slot for a field path, or for the nearest field above it ("plays.1.0" → "plays.1"). */
function slotFor(form, path) {
  for (let p = path; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
    const slot = form.querySelector(`[data-error-for="${CSS.escape(p)}"]`);
    if (slot) return [slot, p];
  }
  return [null, path];
}

/** Show a problem; fields without a slot in this form are listed at the top. */
export function showProblem(form, box, problem) {
  clearProblem(form, box);
  const head = problemText(problem);
  if (head) box.append(h('p', { text: head }));
  let first = null;
  for (const [path, message] of Object.entries(problem.errors || {})) {
    const text = Array.isArray(message) ? message.join(' ') : String(message);
    const [slot, at] = slotFor(form, path);
    if (!slot) {
      box.append(h('p', { text: `${path}: ${text}` }));
      continue;
    }
    slot.textContent = slot.hidden ? text : `${slot.textContent} ${text}`;
    slot.hidden = false;
    const input = form.querySelector(`[data-field="${CSS.escape(at)}"]`);
    if (input) {
      input.setAttribute('aria-invalid', 'true');
      first = first || input;
    }
  }
  (first || box).focus();
}
