// Boot and router. The route lives in the URL fragment: #/ is home, #/m/{id}/{token} a
// match (the join link from the QR code: the token never reaches the server's logs),
// #/m/{id}/{token}/board the big-screen board (/full: the whole page for a viewer),
// #/referee the referee, #/referee/{id}/{token} the referee opened from a match (/{id}
// alone: a match kept on this phone), #/rules the rule book, #/rules/{id} opened at that rule
// (rule-book.js); each room of rooms.js takes the routes of its pattern.

import { answerOf, api } from './api.js';
import { h, replace, stylesheet, toast } from './dom.js';
import { preload } from './games/index.js';
import { LANGS, i18n, lang, setLang, t } from './i18n.js';
import { ROOMS } from './rooms.js';
import { flushOutbox, tables } from './store.js';

const root = document.querySelector('[data-view]');
const status = document.querySelector('[data-status]');
let current = null;

/** A short message read out by screen readers and shown for a while where it covers no control. */
function announce(text) {
  toast(status, text);
}

export function parseRoute(hash) {
  const book = /^#\/rules(?:\/([RT]\d{1,2}))?\/?$/.exec(hash);
  if (book) return { name: 'rules', id: book[1] || null };
  const ref = /^#\/referee(?:\/([^/]+)(?:\/([^/]+))?)?\/?$/.exec(hash);
  if (ref) {
    const id = ref[1] ? decodeURIComponent(ref[1]) : null;
    // the match page's link carries its token: the page may be tapped before the app has kept the table
    const token = ref[2] ? decodeURIComponent(ref[2]) : ((id && tables.get(id)) || {}).token;
    return id && token ? { name: 'referee', id, token } : { name: 'referee' };
  }
  for (const [name, room] of Object.entries(ROOMS)) {
    const found = room.route.exec(hash);
    if (found) return { name, room, route: found.slice(1) };
  }
  const m = /^#\/m\/([^/]+)(?:\/([^/]+))?(?:\/(board|full))?\/?$/.exec(hash);
  if (!m) return { name: 'home' };
  const id = decodeURIComponent(m[1]);
  const token = m[2] ? decodeURIComponent(m[2]) : (tables.get(id) || {}).token;
  return token ? { name: 'match', id, token, view: m[3] || null } : { name: 'home' };
}

// Each screen loads when first opened: a scanned QR code opens the match page without the
// home page's code, and the home page stays small. A game's own code loads with its match.
// A room's page (rooms.js) loads the same way.
const views = {
  home: () => import('./views/home.js').then((m) => m.mountHome),
  match: () => import('./views/match.js').then((m) => m.mountMatch),
  referee: () => import('./views/referee.js').then((m) => m.mountReferee),
  rules: () => import('./rule-book.js').then((m) => m.mountRules),
};
const viewOf = (r) => (r.room ? r.room.page().then((m) => m.mount) : views[r.name]());
let routing = 0;

// What the page's early script (early.js, inline in index.html) has started: the whole
// stylesheet and, on a match, the request for it. Where it did not run, the app does both.
const early = window.kreideEarly || {};
// no view is drawn before the whole stylesheet is there (the first screen's part is inline)
const styled = early.styled || stylesheet('/css/app.css');

/** The answer to GET the match, already asked for by the early script if it is this one (once). */
function earlyMatch(r) {
  const asked = early.match;
  if (!asked || asked.id !== r.id || asked.token !== r.token) return null;
  early.match = null;
  return answerOf(asked.answer);
}

/** What the early script drew of this match, before any module had come (once; or null). */
function earlyView(r) {
  const drawn = early.first;
  if (!drawn || drawn.id !== r.id || drawn.token !== r.token) return null;
  early.first = null;
  return drawn;
}

async function route() {
  const turn = ++routing;
  const moveFocus = current !== null;
  if (current) current.destroy();
  current = null;
  const r = parseRoute(location.hash);
  document.documentElement.dataset.route = r.name === 'home' || r.name === 'match' ? r.name : 'other';
  // a match: ask for it and load its game while the page's own code loads (a scanned QR code
  // opens here, on a phone that knows nothing yet); the early script has asked already
  const asked = r.name === 'match' ? (earlyMatch(r) || api.getMatch(r.id, r.token)).catch(() => null) : null;
  const known = r.name === 'match' && (tables.get(r.id) || {}).game;
  if (known) preload(known);
  if (asked) asked.then((answer) => answer && preload(answer.data.game));
  const [mount] = await Promise.all([viewOf(r), styled]);
  if (turn !== routing) return; // another route began while this one loaded
  const first = r.name === 'match' ? earlyView(r) : null;
  current = mount(root, { id: r.id, token: r.token, view: r.view, route: r.route, announce, early: asked, first });
  const title = root.querySelector('.page-title');
  if (title && moveFocus) title.focus();
  window.scrollTo(0, 0);
}

// Installing the app, playing offline (the service worker) and the wake lock need a secure
// origin: https, or localhost on this very device. A plain-http address, such as the one
// `make run` prints for phones, says so below the header, on every page.
// The page holds the notice from the first paint (the server writes it, the early script shows
// it); the app keeps it in the reader's language.
const written = document.querySelector('[data-first="insecure"]');
const insecure = window.isSecureContext ? null : written || h('aside', { class: 'insecure', role: 'note' });
if (insecure) {
  insecure.dataset.insecure = '';
  if (!insecure.isConnected) document.querySelector('header.top').after(insecure);
} else if (written) written.remove();

function renderInsecure() {
  if (insecure) replace(insecure, h('p', {}, h('strong', { text: t('insecure_origin') }), ' ', t('insecure_how')));
}

function renderHeader() {
  document.documentElement.lang = lang;
  const group = document.querySelector('[data-langs]');
  group.setAttribute('aria-label', t('lang_switch'));
  for (const button of group.querySelectorAll('[data-lang]')) {
    button.setAttribute('aria-pressed', String(button.dataset.lang === lang));
  }
  document.querySelector('[data-home]').setAttribute('aria-label', `${t('app')}: ${t('home')}`);
  renderInsecure();
}

document.querySelector('[data-langs]').addEventListener('click', (e) => {
  const button = e.target.closest('[data-lang]');
  if (button && LANGS.includes(button.dataset.lang)) setLang(button.dataset.lang);
});
i18n.addEventListener('change', () => {
  renderHeader();
  if (current) current.relabel();
});
window.addEventListener('hashchange', route);
// a rule number anywhere (dom.js ruleLink) opens the rule over the page: a half-typed form stays as it was
document.addEventListener('click', (e) => {
  const link = e.target instanceof Element ? e.target.closest('a[data-rule]') : null;
  if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  import('./rule-book.js').then((book) => book.openRule(link.dataset.rule));
});

renderHeader();
const firstView = route();

// Hands entered without a network wait in the outbox (store.js): they go as soon as there is a
// sign of one (the app's start, the browser's online event, the app shown again), whichever
// page is open, rather than when the retry timer next comes round.
flushOutbox();
window.addEventListener('online', flushOutbox);
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) flushOutbox();
});

// Chromium says when the app can be installed; the app offers it itself, in its header
// (install.js), rather than the browser's own bar at the bottom, over the page. iOS never says:
// there the offer shows how. install.js is loaded only where there is something to offer.
const IOS = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
let installPrompt = (window.kreideEarly && window.kreideEarly.install) || null; // caught before app.js came
let settled = false;
let install = null;
function offerInstall() {
  if (!install) {
    install = import('./install.js').catch(() => {
      install = null; // not come (no network): asked again at the next chance
      return null;
    });
  }
  install.then((m) => m && m.offerInstall(installPrompt, { ios: IOS }));
}
window.addEventListener('beforeinstallprompt', (e) => {
  e.preventDefault();
  installPrompt = e;
  if (settled) offerInstall();
});

// What only matters later waits until the first view is on screen and its code has come, so it
// never competes with it: the offer to install, and the service worker, which caches the whole
// app for play without a network.
const SETTLE_MS = 3000;
firstView.finally(() => setTimeout(() => {
  settled = true;
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  if (installPrompt || IOS) offerInstall();
}, SETTLE_MS));
