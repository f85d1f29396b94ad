// Installing Kreide as an app, offered where a player meets it: a small button in the header,
// on every page, where it moves nothing else. Chromium (Android) says when the app can be
// installed (beforeinstallprompt, which the early script and app.js catch): the button opens the
// browser's own prompt. iOS has no such event: there the button shows how (Share → Add to
// Home Screen). Never offered in the installed app (display-mode standalone), on an address
// that is not secure (installing needs HTTPS: app.js says so), or once the player said no.
// Loaded by app.js once the first view has settled, where there is something to offer.

import { h } from './dom.js';
import { i18n, sentences, t } from './i18n.js';

const KEY = 'kreide.install'; // 'dismissed' (the player said no) or 'installed'

sentences('install', {
  en: {
    install_button: 'App',
    install_label: 'Install Kreide as an app',
    install_ios: 'Kreide as an app: tap Share (the square with the arrow), then “Add to Home Screen”.',
    install_ios_done: 'Got it',
  },
  de: {
    install_button: 'App',
    install_label: 'Kreide als App installieren',
    install_ios: 'Kreide als App: auf Teilen tippen (das Quadrat mit dem Pfeil), dann auf „Zum Home-Bildschirm“.',
    install_ios_done: 'Verstanden',
  },
});

/** Running as the installed app (Chromium's display mode, or iOS's home-screen app). */
export function installed() {
  return window.matchMedia('(display-mode: standalone)').matches || navigator.standalone === true;
}

function said() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function remember(what) {
  try {
    localStorage.setItem(KEY, what);
  } catch {
    // storage full: offered again next time
  }
}

let button = null;
let hint = null;
let prompt = null; // Chromium's beforeinstallprompt event, while it can be used

/**
 * Offer the app (with Chromium's `deferred` beforeinstallprompt event, or on iOS without one:
 * an iPhone, or an iPad, which asks for the desktop site as a Mac with a touch screen), unless
 * it is installed, the address is not secure, or the player has said no.
 */
export function offerInstall(deferred, { ios = false } = {}) {
  if (installed() || said() || !window.isSecureContext) return;
  if (deferred) prompt = deferred;
  if (!prompt && !ios) return;
  if (!button) {
    button = h(
      'button',
      { type: 'button', class: 'secondary small install', 'data-install': '', onclick: () => tap() },
      h('span', { 'aria-hidden': 'true', class: 'install-icon', text: '⤓' }),
      h('span', { 'data-install-text': '' }),
    );
    document.querySelector('header.top [data-langs]').before(button);
    i18n.addEventListener('change', relabel);
    window.addEventListener('appinstalled', () => withdraw('installed'));
  }
  relabel();
}

function relabel() {
  if (!button) return;
  button.querySelector('[data-install-text]').textContent = t('install_button');
  button.setAttribute('aria-label', t('install_label'));
  if (hint) {
    hint.querySelector('p').textContent = t('install_ios');
    hint.querySelector('button').textContent = t('install_ios_done');
  }
}

async function tap() {
  if (prompt) {
    const asked = prompt;
    prompt = null; // a prompt can be shown once
    await asked.prompt();
    const { outcome } = await asked.userChoice;
    withdraw(outcome === 'accepted' ? 'installed' : 'dismissed');
    return;
  }
  // iOS: how it is done, below the header; "Got it" is the player's no
  if (hint) {
    hint.remove();
    hint = null;
  } else {
    hint = h(
      'aside',
      { class: 'install-hint', id: 'install-hint', 'data-install-hint': '' },
      h('p', {}),
      h('button', { type: 'button', class: 'secondary small', 'data-install-done': '', onclick: () => withdraw('dismissed') }),
    );
    document.querySelector('header.top').after(hint);
    relabel();
  }
  button.setAttribute('aria-expanded', String(Boolean(hint)));
  if (hint) button.setAttribute('aria-controls', 'install-hint');
}

function withdraw(what) {
  remember(what);
  prompt = null;
  if (hint) hint.remove();
  if (button) button.remove();
  hint = null;
  button = null;
  i18n.removeEventListener('change', relabel);
}
