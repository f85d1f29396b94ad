// German and English, with the engine's one sentence mechanism (engine/i18n.py): tables of
// sentences registered by name (a key may be registered once: a second table using it is
// refused), templates with {name} and plural forms {n:one|other} (the count is the number,
// or a list's length, so a verb agrees with a list of players), lists read "A, B and C".
// The engine's shared tables (card, suit and sub-game names, ...) come from /shared.js, so a
// card is named alike on the server and on the phone. The shell's own sentences are below (the
// first screen's come from /shared.js too: the server writes them into the page it serves,
// from first-screen.json);
// each game registers its own (games/<game>/strings.js).
// The language follows navigator.language (de* → German) until the player picks one in the
// header; the choice is kept in localStorage.

import { h, s, sayer } from './paint.js';
import { FIRST_SCREEN, SENTENCES as ENGINE } from './shared.js';

const LANG_KEY = 'kreide.lang';
export const LANGS = ['de', 'en'];

const merged = { en: {}, de: {} };
const owner = new Map(); // key -> the table that holds it
const tableNames = new Map(); // name -> table

/** Register a table {en: {...}, de: {...}}; every key in both languages, and in no other table. */
export function sentences(name, table) {
  if (tableNames.has(name)) throw new Error(`a sentence table ${name} exists already`);
  const keys = new Set([...Object.keys(table.en || {}), ...Object.keys(table.de || {})]);
  for (const key of keys) {
    if (!(key in table.en) || !(key in table.de)) throw new Error(`sentence ${key} of ${name} needs en and de`);
    if (owner.has(key)) throw new Error(`sentence ${key} of ${name} is already in ${owner.get(key)}`);
  }
  tableNames.set(name, table);
  for (const key of keys) {
    owner.set(key, name);
    merged.en[key] = table.en[key];
    merged.de[key] = table.de[key];
  }
  return table;
}

/** Every table registered so far, by name (for the tests). */
export const registered = () => new Map(tableNames);

function initial() {
  const saved = localStorage.getItem(LANG_KEY);
  if (saved && LANGS.includes(saved)) return saved;
  return (navigator.language || 'en').toLowerCase().startsWith('de') ? 'de' : 'en';
}

export let lang = initial();
export const i18n = new EventTarget();

export function setLang(next) {
  if (!LANGS.includes(next) || next === lang) return;
  lang = next;
  localStorage.setItem(LANG_KEY, next);
  document.documentElement.lang = next;
  i18n.dispatchEvent(new Event('change'));
}

// templates with {name} and {n:one|other}, and lists, as paint.js fills them in (the page's
// early script fills its first view's sentences the same way)
const say = sayer((key) => merged[lang][key] ?? merged.en[key], () => lang);

/** "Anna, Benno and Carla". */
export const list = (names) => say.list(names);

/** A template filled in: {name} spoken, {n:one|other} by count; unknown names stay as they are. */
export const format = (template, params = {}) => say.format(template, params);

/** The sentence for key in the current language, {params} filled in. */
export const t = (key, params = {}) => say.t(key, params);

/** Whether a sentence is registered (for optional labels such as house rules). */
export function has(key) {
  return owner.has(key);
}

/** "14:05" today, else "3.11. 14:05" (in the reader's way of writing dates). */
export function when(at) {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const time = d.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
  return d.toDateString() === new Date().toDateString() ? time : `${d.toLocaleDateString(lang, { day: 'numeric', month: 'numeric' })} ${time}`;
}

/** A house rule's name in the reader's language (the server names it, GET /api/games). */
export function ruleLabel(rule) {
  const named = rule.title || rule.description || {};
  return named[lang] || named.en || rule.name;
}

/** A house rule's value in the reader's language. */
export function valueLabel(rule, value) {
  const named = (rule.labels || {})[value] || {};
  return named[lang] || named.en || value;
}

/** What a game's first view draws with (its first.js): the same in the app as in the page's early script. */
export const kit = { h, s, t, list, get lang() { return lang; } };

/**
 * The history's words in a game counted deal by deal, not hand by hand (a game module's
 * `words`, views/match.js word()): "Deals", "Correct deal 3" in English; German says "Spiel"
 * either way.
 */
export const DEAL_WORDS = {
  recent: 'deals_recent',
  history: 'deals_history',
  no_hands: 'deals_none',
  show_all: 'deals_show_all',
  correct_n: 'deals_correct_n',
  void_n: 'deals_void_n',
  void_confirm: 'deals_void_confirm',
  voided_ok: 'deals_voided_ok',
  pending_form: 'deals_pending_form',
};

export const suitName = (code) => t(`suit_${code}`);
export const gameName = (name) => t(`game_${name}`);

sentences('engine', ENGINE);
sentences('first-screen', FIRST_SCREEN);

sentences('shell', {
  en: {
    app: 'Kreide',
    forget: 'Forget',
    scorer: 'can enter hands',
    viewer: 'watching (read only)',
    player_n: 'Player {n}',
    seat_up: 'Move {name} up',
    seat_down: 'Move {name} down',
    creating: 'Starting…',
    name_missing: 'Enter a name.',
    name_duplicate: 'This name is already at the table.',
    // the match page
    not_found: 'This table is unknown, or the link is not valid.',
    back_home: 'Back to your tables',
    error_generic: 'Something went wrong ({status}).',
    read_only: 'You are watching this table (read only).',
    form_offline: 'The entry form could not be loaded without a network; it comes back with the network.',
    recent: 'Last hands',
    stale_badge: 'Offline – last updated {time}',
    offline: 'No answer from the server. Try again: the same entry is never recorded twice.',
    history: 'Hands',
    no_hands: 'No hands entered yet.',
    show_all: 'Show all {n} hands',
    hand_n: 'Hand {seq}',
    voided: 'voided',
    void: 'Void',
    void_n: 'Void hand {seq}',
    void_confirm: 'Void hand {seq}? Every later hand is replayed.',
    voided_ok: 'Hand {seq} voided.',
    correct: 'Correct',
    correct_n: 'Correct hand {seq}',
    corrected: 'Hand {seq} corrected.',
    later_misfits: 'Hand {seq} would no longer fit.',
    audit_void: 'Voided {at} by the {by} link. It was: {was}',
    audit_replace: 'Corrected {at} by the {by} link. It was: {was}',
    by_scorer: 'scorer',
    by_viewer: 'viewer',
    export: 'Export {ext}',
    export_xlsx: 'Spreadsheet for Excel',
    export_slate_csv: 'Spreadsheet as CSV',
    export_log: 'Log for programs ({ext})',
    print: 'Print score sheet',
    delete_match: 'Delete this match',
    delete_hint: 'Deleting removes the match with every hand from the server, and its links and QR code stop working for everyone. The whole history is saved on this phone as a file first.',
    delete_with: 'Save {ext} and delete…',
    delete_confirm: 'The history is saved as {file}. Delete this match for everyone at the table? This cannot be undone.',
    delete_pending: 'Hands on this phone are still waiting to be sent: send or discard them first.',
    deleted_ok: 'The match has been deleted.',
    deleted: 'This match was deleted by its scorer.',
    pending_form: 'Hand {list}: kept on this phone, sent as soon as the server answers.',
    // the same in a game counted deal by deal (Sixty-Six, Dreierles: DEAL_WORDS)
    deals_recent: 'Last deals',
    deals_history: 'Deals',
    deals_none: 'No deals entered yet.',
    deals_show_all: 'Show all {n} deals',
    deals_correct_n: 'Correct deal {seq}',
    deals_void_n: 'Void deal {seq}',
    deals_void_confirm: 'Void deal {seq}? Every later deal is scored again.',
    deals_voided_ok: 'Deal {seq} voided.',
    deals_pending_form: 'Deal {list}: kept on this phone, sent as soon as the server answers.',
    pending: 'waiting',
    refused: 'refused',
    pending_wait: 'Waiting for the network; sent by itself when it is back.',
    pending_conflict: 'Hand {seq} was entered on another phone. Recorded: {theirs}. This phone had: {mine}.',
    reenter: 'Enter again',
    discard: 'Discard',
    // what another phone changed, said to this one (views/match.js tell())
    told_entered: '{hand} entered – {outcome}',
    told_corrected: '{hand} corrected – {outcome}',
    told_voided: '{hand} voided.',
    // invite
    invite: 'Invite players',
    invite_hint: 'The others scan this code with their phone camera and can enter hands too.',
    qr_alt: 'QR code to join this table',
    qr_failed: 'The QR code could not be loaded.',
    qr_offline: 'No connection: the QR code comes as soon as the network is back. The links below work already: copy or share them.',
    table_code: 'Code of this table: {code}',
    invite_offline: 'No connection: the invitation comes as soon as the network is back.',
    share: 'Share link',
    share_text: 'Join our table on Kreide',
    join_link: 'Join link (can enter hands)',
    view_link: 'Viewer link (read only)',
    copy: 'Copy link',
    copied: 'Link copied.',
    copy_failed: 'Copy did not work; select the link and copy it.',
    local_only: 'This address ({host}) only works on this device. Other phones on the same Wi-Fi open {address}: the code and links below use it.',
    local_only_none: 'This address ({host}) only works on this device, and no network address of this computer was found. Start Kreide with make run and open the address it prints for phones.',
    // house rules
    house_rules_table: 'House rules of this table',
    house_rule_changed: 'not the default',
    // precedents
    precedents: 'Precedents',
    no_precedents: 'No rulings saved yet.',
    ref_yes: 'Yes',
    ref_no: 'No',
    // the referee's shell
    ref_intro: 'Every answer names its rule.',
    ref_back: 'Back to the match',
    ref_game: 'Game',
    ref_offline: 'No answer from the server. Try again.',
    ref_none: 'No game has a referee yet.',
    prec_note: 'Note (optional)',
    prec_save: 'Save as precedent',
    prec_saved: 'Saved with the match.',
  },
  de: {
    app: 'Kreide',
    forget: 'Vergessen',
    scorer: 'darf eintragen',
    viewer: 'schaut zu (nur lesen)',
    player_n: 'Spieler {n}',
    seat_up: '{name} nach oben',
    seat_down: '{name} nach unten',
    creating: 'Wird angelegt…',
    name_missing: 'Namen eingeben.',
    name_duplicate: 'Diesen Namen gibt es am Tisch schon.',
    not_found: 'Diesen Tisch gibt es nicht, oder der Link ist ungültig.',
    back_home: 'Zurück zu deinen Tischen',
    error_generic: 'Etwas ist schiefgegangen ({status}).',
    read_only: 'Du schaust an diesem Tisch zu (nur lesen).',
    form_offline: 'Ohne Netz ließ sich das Eingabeformular nicht laden; es kommt mit dem Netz zurück.',
    recent: 'Letzte Spiele',
    stale_badge: 'Offline – Stand von {time}',
    offline: 'Keine Antwort vom Server. Bitte noch einmal: dieselbe Eingabe wird nie doppelt eingetragen.',
    history: 'Spiele',
    no_hands: 'Noch kein Spiel eingetragen.',
    show_all: 'Alle {n} Spiele zeigen',
    hand_n: 'Spiel {seq}',
    voided: 'gestrichen',
    void: 'Streichen',
    void_n: 'Spiel {seq} streichen',
    void_confirm: 'Spiel {seq} streichen? Alle späteren Spiele werden neu gewertet.',
    voided_ok: 'Spiel {seq} gestrichen.',
    correct: 'Berichtigen',
    correct_n: 'Spiel {seq} berichtigen',
    corrected: 'Spiel {seq} berichtigt.',
    later_misfits: 'Spiel {seq} würde nicht mehr passen.',
    audit_void: 'Gestrichen {at} über den {by}-Link. Vorher: {was}',
    audit_replace: 'Berichtigt {at} über den {by}-Link. Vorher: {was}',
    by_scorer: 'Schreiber',
    by_viewer: 'Zuschauer',
    export: '{ext} exportieren',
    export_xlsx: 'Tabelle für Excel',
    export_slate_csv: 'Tabelle als CSV',
    export_log: 'Protokoll für Programme ({ext})',
    print: 'Spielblatt drucken',
    delete_match: 'Diese Partie löschen',
    delete_hint: 'Löschen entfernt die Partie mit allen Spielen vom Server; ihre Links und der QR-Code gehen dann bei niemandem mehr. Vorher wird der ganze Verlauf als Datei auf diesem Handy gespeichert.',
    delete_with: '{ext} speichern und löschen …',
    delete_confirm: 'Der Verlauf ist als {file} gespeichert. Diese Partie für alle am Tisch löschen? Das lässt sich nicht rückgängig machen.',
    delete_pending: 'Auf diesem Handy warten noch Spiele aufs Senden: erst senden oder verwerfen.',
    deleted_ok: 'Die Partie ist gelöscht.',
    deleted: 'Diese Partie wurde von ihrem Schreiber gelöscht.',
    pending_form: 'Spiel {list}: auf diesem Handy gespeichert, wird gesendet, sobald der Server antwortet.',
    deals_recent: 'Letzte Spiele',
    deals_history: 'Spiele',
    deals_none: 'Noch kein Spiel eingetragen.',
    deals_show_all: 'Alle {n} Spiele zeigen',
    deals_correct_n: 'Spiel {seq} berichtigen',
    deals_void_n: 'Spiel {seq} streichen',
    deals_void_confirm: 'Spiel {seq} streichen? Alle späteren Spiele werden neu gewertet.',
    deals_voided_ok: 'Spiel {seq} gestrichen.',
    deals_pending_form: 'Spiel {list}: auf diesem Handy gespeichert, wird gesendet, sobald der Server antwortet.',
    pending: 'wartet',
    refused: 'abgelehnt',
    pending_wait: 'Wartet auf Netz; wird von selbst gesendet, sobald es wieder da ist.',
    pending_conflict: 'Spiel {seq} wurde auf einem anderen Handy eingetragen. Eingetragen: {theirs}. Dieses Handy hatte: {mine}.',
    reenter: 'Neu eintragen',
    discard: 'Verwerfen',
    told_entered: '{hand} eingetragen – {outcome}',
    told_corrected: '{hand} berichtigt – {outcome}',
    told_voided: '{hand} gestrichen.',
    invite: 'Mitspieler einladen',
    invite_hint: 'Die anderen scannen diesen Code mit der Handykamera und können dann auch eintragen.',
    qr_alt: 'QR-Code zum Beitreten',
    qr_failed: 'Der QR-Code ließ sich nicht laden.',
    qr_offline: 'Keine Verbindung: Der QR-Code kommt, sobald das Netz wieder da ist. Die Links unten gehen schon: kopieren oder teilen.',
    table_code: 'Code dieses Tischs: {code}',
    invite_offline: 'Keine Verbindung: Die Einladung kommt, sobald das Netz wieder da ist.',
    share: 'Link teilen',
    share_text: 'Komm an unseren Tisch bei Kreide',
    join_link: 'Beitritts-Link (darf eintragen)',
    view_link: 'Zuschauer-Link (nur lesen)',
    copy: 'Link kopieren',
    copied: 'Link kopiert.',
    copy_failed: 'Kopieren ging nicht; Link markieren und kopieren.',
    local_only: 'Diese Adresse ({host}) geht nur auf diesem Gerät. Andere Handys im selben WLAN öffnen {address}: Code und Links unten verwenden sie.',
    local_only_none: 'Diese Adresse ({host}) geht nur auf diesem Gerät, und eine Netzwerkadresse dieses Rechners war nicht zu finden. Kreide mit make run starten und die dort angezeigte Adresse für Handys öffnen.',
    house_rules_table: 'Hausregeln dieses Tischs',
    house_rule_changed: 'abweichend vom Standard',
    precedents: 'Präzedenzfälle',
    no_precedents: 'Noch keine Entscheidung gespeichert.',
    ref_yes: 'Ja',
    ref_no: 'Nein',
    ref_intro: 'Jede Antwort nennt ihre Regel.',
    ref_back: 'Zurück zur Partie',
    ref_game: 'Spiel',
    ref_offline: 'Keine Antwort vom Server. Bitte noch einmal.',
    ref_none: 'Noch kein Spiel hat einen Schiedsrichter.',
    prec_note: 'Notiz (freiwillig)',
    prec_save: 'Als Präzedenzfall speichern',
    prec_saved: 'Bei der Partie gespeichert.',
  },
});
