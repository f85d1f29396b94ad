"""The phone app's sentences: the same mechanism as the engine's (engine/i18n.py), checked in
Chromium on the modules the app really loads, and in the source for what a browser cannot see
(a key written twice in one table literal, where JavaScript silently keeps the last)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import Phone

PWA = Path(__file__).resolve().parents[2] / "pwa"
# the referees' tables: in referee.js, or in referee-strings.js beside a referee split by panel
REFEREE_TABLES = [p for p in sorted(PWA.glob("games/*/referee*.js")) if "sentences(" in p.read_text(encoding="utf-8")]
TABLE_FILES = [PWA / "i18n.js", *sorted(PWA.glob("games/*/strings.js")), *REFEREE_TABLES, PWA / "games" / "tricks.js",
               PWA / "tournament" / "strings.js", PWA / "tournament" / "home.js",
               PWA / "club" / "strings.js", PWA / "club" / "home.js", PWA / "dom.js",
               PWA / "rule-book.js", PWA / "views" / "home.js"]
KEY = re.compile(r"^    (?:'([^']+)'|([A-Za-z_][\w]*)):")


def load_every_table(page: Page) -> dict:
    page.goto("/")
    page.wait_for_selector("[data-new-match]")
    return page.evaluate("""async () => {
      const i18n = await import('/i18n.js');
      const { GAMES } = await import('/games/index.js');
      for (const load of Object.values(GAMES)) {
        const game = (await load()).default;
        if (game.referee) await game.referee();
      }
      await import('/tournament/strings.js');
      await import('/club/strings.js');
      const { ROOMS } = await import('/rooms.js');
      for (const room of Object.values(ROOMS)) if (room.home) await room.home();
      const tables = {};
      for (const [name, table] of i18n.registered()) tables[name] = table;
      let refused = null;
      try {
        i18n.sentences('test.duplicate', { en: { app: 'x' }, de: { app: 'y' } });
      } catch (err) { refused = err.message; }
      let oneLanguage = null;
      try {
        i18n.sentences('test.one_language', { en: { test_only_en: 'x' }, de: {} });
      } catch (err) { oneLanguage = err.message; }
      const rendered = {};
      for (const [name, table] of Object.entries(tables)) {
        for (const lang of ['en', 'de']) {
          for (const [key, template] of Object.entries(table[lang])) {
            const names = [...template.matchAll(/\\{(\\w+)/g)].map((m) => m[1]);
            for (const count of [1, 2]) {
              const params = Object.fromEntries(names.map((n) => [n, count]));
              rendered[`${name}|${lang}|${key}|${count}`] = i18n.format(template, params);
            }
          }
        }
      }
      return { tables, refused, oneLanguage, rendered };
    }""")


@pytest.fixture(scope="module")
def app_sentences(browser, server) -> dict:  # type: ignore[no-untyped-def]
    context = browser.new_context(base_url=server.url)
    try:
        return load_every_table(context.new_page())
    finally:
        context.close()


def test_every_table_holds_the_same_keys_in_english_and_german(app_sentences: dict) -> None:
    tables = app_sentences["tables"]
    assert {"engine", "shell", "dreeg", "dreeg.referee", "tournament", "tournament.home", "club",
            "club.home"} <= tables.keys()
    for name, table in tables.items():
        assert table["en"].keys() == table["de"].keys(), name


def test_every_sentence_has_the_same_placeholders_in_both_languages(app_sentences: dict) -> None:
    for name, table in app_sentences["tables"].items():
        for key, english in table["en"].items():
            placeholders = set(re.findall(r"\{(\w+)", english))
            assert placeholders == set(re.findall(r"\{(\w+)", table["de"][key])), f"{name}: {key}"


def test_every_sentence_renders_with_one_and_with_two(app_sentences: dict) -> None:
    rendered = app_sentences["rendered"]
    assert len(rendered) > 400
    for where, text in rendered.items():
        assert "{" not in text and "}" not in text, where


def test_a_second_table_may_not_take_a_key_and_every_key_needs_both_languages(app_sentences: dict) -> None:
    assert app_sentences["refused"] == "sentence app of test.duplicate is already in shell"
    assert app_sentences["oneLanguage"] == "sentence test_only_en of test.one_language needs en and de"


def test_plural_forms_and_lists_read_as_a_native_speaker_writes(phone: Phone) -> None:
    page = phone()
    page.goto("/")
    page.wait_for_selector("[data-new-match]")
    said = page.evaluate("""async () => {
      const i18n = await import('/i18n.js');
      await import('/games/dreeg/strings.js');
      await import('/tournament/strings.js');
      const out = {};
      for (const lang of ['en', 'de']) {
        i18n.setLang(lang);
        out[lang] = [
          i18n.t('strokes', { n: 1 }), i18n.t('strokes', { n: 3 }),
          i18n.t('ended_lost', { losers: ['Carla'] }), i18n.t('ended_lost', { losers: ['Carla', 'Dieter'] }),
          i18n.t('choose_dealer', { chooser: ['Anna', 'Benno', 'Carla'] }),
          i18n.t('card_name', { suit: i18n.t('suit_H'), rank: i18n.t('rank_A') }),
          // a plural form holding the count itself, as the engine's sentences write it too
          i18n.t('tour_sold_to', { name: 'Anna', n: 1 }),
          i18n.t('tour_sold_to', { name: 'Anna', n: 3 }),
        ];
      }
      return out;
    }""")
    assert said["en"] == [
        "1 stroke", "3 strokes", "Carla has lost and gets a blob (●).",
        "Carla and Dieter have lost and get a blob each (●).", "Anna, Benno and Carla choose who deals next.",
        "Ace of Hearts",
        "Anna: one card sold.", "Anna: 3 cards sold.",
    ]
    assert said["de"] == [
        "1 Strich", "3 Striche", "Carla hat verloren und bekommt einen Bollen (●).",
        "Carla und Dieter haben verloren und bekommen je einen Bollen (●).",
        "Anna, Benno und Carla bestimmen, wer als Nächstes gibt.", "Herz-Ass",
        "Anna: eine Karte verkauft.", "Anna: 3 Karten verkauft.",
    ]


@pytest.mark.parametrize("path", TABLE_FILES, ids=lambda p: str(p.relative_to(PWA)))
def test_no_table_literal_writes_a_key_twice(path: Path) -> None:
    """JavaScript keeps the last of two equal keys in an object literal without a word;
    the tables keep one key a line, four spaces in, so a repeat shows here."""
    blocks = re.split(r"^  (?:en|de): \{$", path.read_text(encoding="utf-8"), flags=re.M)[1:]
    assert len(blocks) >= 2, path
    for block in blocks:
        body = block.split("\n  },", 1)[0]
        matches = [KEY.match(line) for line in body.splitlines()]
        keys = [m.group(1) or m.group(2) for m in matches if m]
        assert keys, path
        repeated = sorted({k for k in keys if keys.count(k) > 1})
        assert repeated == [], f"{path.name}: {repeated}"
