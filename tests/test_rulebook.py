"""The rule book (docs/rules/<lang>.md) against the code: every rule the code cites has its
entry in both languages, the two books list the same rules, every house rule of the games'
catalogues is named there as the app shows it with its default, and a book that breaks its
form is refused with the line where it does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from api.config import REPO
from api.rulebook import Book, RulebookError, load, load_all, parse
from engine.i18n import LANGUAGES

RULES_DIR = str(REPO / "docs" / "rules")
CITATION = re.compile(r"\b([RT][0-9]{1,2})\b")  # T230 is an SVG path's curve, not a rule
#: Every rule RULES.md decides: T1-T8, R1-R38.
KEPT = [f"T{n}" for n in range(1, 9)] + [f"R{n}" for n in range(1, 39)]
DEFAULT = {"en": "(default)", "de": "(Vorgabe)"}


def _is_cego(path: Path) -> bool:
    """Files of the Cego pack and its game, where T1-T21 are trump cards (R25), not trick rules."""
    return "cego" in path.name or "dreierles" in path.parts


def cited() -> dict[str, set[str]]:
    """Every R- or T-number in engine/, api/ and pwa/, with the files citing it."""
    found: dict[str, set[str]] = {}
    for folder in ("engine", "api", "pwa"):
        for path in sorted((REPO / folder).rglob("*")):
            if path.suffix not in (".py", ".js", ".html") or "migrations" in path.parts:
                continue
            for token in CITATION.findall(path.read_text(encoding="utf-8")):
                if token.startswith("T") and _is_cego(path):
                    continue
                found.setdefault(token, set()).add(str(path.relative_to(REPO)))
    return found


@pytest.fixture(scope="module")
def books() -> dict[str, Book]:
    return load_all(RULES_DIR)


def test_every_rule_the_code_cites_is_in_the_book_in_both_languages(books: dict[str, Book]) -> None:
    citations = cited()
    assert {"R17", "T1", "R35"} <= citations.keys()  # the search finds what the engine cites
    for lang, book in books.items():
        ids = {rule.id for rule in book.rules}
        missing = {rule: sorted(files)[:3] for rule, files in citations.items() if rule not in ids}
        assert not missing, f"{lang}.md lacks rules the code cites: {missing}"


def test_both_books_keep_every_rule_of_rules_md_in_the_same_order(books: dict[str, Book]) -> None:
    for book in books.values():
        assert sorted((rule.id for rule in book.rules), key=KEPT.index) == KEPT
        assert [rule.id for rule in book.rules] == [rule.id for rule in books["en"].rules]


def test_every_rule_has_a_title_and_a_short_text(books: dict[str, Book]) -> None:
    for book in books.values():
        for rule in book.rules:
            assert rule.title and rule.group, rule
            words = len(rule.text.split()) + len((rule.example or "").split())
            assert 10 <= words <= 200, f"{book.lang} {rule.id}: {words} words"


@pytest.mark.parametrize("game", list(engine.GAMES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_house_rule_is_named_as_the_app_shows_it_with_its_default(books: dict[str, Book], game: str,
                                                                         lang: str) -> None:
    for house in engine.GAMES[game].catalogue_json()["rules"]:
        entry = books[lang].rule(house["rule"])
        assert entry is not None
        title = house["title"][lang]
        lines = [line for line in entry.house_rules if title in line]
        assert len(lines) == 1, f"{lang} {house['rule']} names the house rule {title!r} {len(lines)} times"
        default, *others = (house["labels"][value][lang] for value in house["values"])
        assert f"{default} {DEFAULT[lang]}" in lines[0], (house["name"], lines[0])
        for label in others:
            assert label in lines[0], (house["name"], label)


@pytest.mark.parametrize(("text", "says"), [
    pytest.param("Kreide\n\n### R1 · x\n\ntext here.\n", "starts with '# <title>'", id="no title"),
    pytest.param("# B\n\n## G\n\n### R1 · One\n\nSome *bold* text.\n", "holds Markdown", id="markup in a body"),
    pytest.param("# B\n\n### R1 · One\n\nText.\n\n### R1 · Again\n\nText.\n", "given twice", id="an id twice"),
    pytest.param("# B\n\n#### R1 · One\n\nText.\n", "a heading is", id="a heading of another form"),
    pytest.param("# B\n\n### R1 · One\n\nText.\n\n- a list item\n", "house rules", id="a list that is no house rule"),
    pytest.param("# B\n\n### R1 · One\n\nExample: a.\n\nExample: b.\n\nText.\n", "one example",
                 id="two examples"),
    pytest.param("# B\n\n### R1 · One\n\n", "has no text", id="a rule without text"),
])
def test_a_book_that_breaks_its_form_is_refused_with_its_line(text: str, says: str) -> None:
    with pytest.raises(RulebookError, match=re.escape(says)):
        parse(text, "en")


def test_a_well_formed_book_parses_into_rules() -> None:
    book = parse("# Rules\n\nIntro, see [de.md](de.md).\n\n## Sixty-Six\n\n### R17 · A right claim\n\nThree,\n"
                 "two or one.\n\nExample: Anna 70.\n\n- House rule \"A\": a (default), or b.\n", "en")
    assert book.intro == "Intro, see de.md."
    assert [rule.to_json() for rule in book.rules] == [{
        "id": "R17", "group": "Sixty-Six", "title": "A right claim", "text": "Three, two or one.",
        "example": "Anna 70.", "house_rules": ["House rule \"A\": a (default), or b."]}]
    assert book.rule("r17") is book.rules[0] and book.rule("R18") is None


def test_books_listing_different_rules_are_refused(tmp_path: Path) -> None:
    (tmp_path / "en.md").write_text("# B\n\n### R1 · One\n\nText.\n\n### R2 · Two\n\nText.\n", encoding="utf-8")
    (tmp_path / "de.md").write_text("# B\n\n### R1 · Eins\n\nText.\n", encoding="utf-8")
    with pytest.raises(RulebookError, match="R2"):
        load_all(str(tmp_path))
    load.cache_clear()
