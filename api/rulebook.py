"""The rule book: ``docs/rules/<lang>.md``, the one text a newcomer reads in the repository
and the phone shows when a player taps "R17", read and checked when the app is created.

A book is a Markdown file of a fixed form: a ``# title``, an introduction, groups (``## Dreeg``)
and the rules, each under ``### <id> · <title>`` (``### R17 · A right claim of 66``), its body
plain paragraphs (no other Markdown: the phone shows it as text), at most one example (a
paragraph starting ``Example:`` / ``Beispiel:``) and the house rules as a list (``- House rule
"…": …`` / ``- Hausregel „…“: …``). Anything else is refused with the line it stands on, so a
book that breaks the form stops the app's start and its tests rather than a phone."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.i18n import LANGUAGES, Sentences

#: A rule's id as the engine cites it: R1-R38, T1-T8.
RULE_ID = re.compile(r"^[RT][1-9][0-9]?$")
_HEADING = re.compile(r"^### (?P<id>[RT][0-9]+) · (?P<title>\S.*)$")
_GROUP = re.compile(r"^## (?P<title>\S.*)$")
#: How each language starts an example paragraph and a house rule's line.
EXAMPLE = {"en": "Example: ", "de": "Beispiel: "}
HOUSE_RULE = {"en": "- House rule ", "de": "- Hausregel "}
#: Markdown a body may not hold: the phone shows bodies as plain text.
_MARKUP = re.compile(r"[*_`\[\]<>#]")
#: A link in the introduction, which the phone shows as its text.
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")

SENTENCES = Sentences("api.rules", {
    "no_rule": {
        "en": "Kreide's rule book has no rule “{rule}”: its rules are R1 to R38 and T1 to T8.",
        "de": "Im Regelbuch von Kreide gibt es keine Regel „{rule}“: Die Regeln sind R1 bis R38 und T1 bis T8.",
    },
})


class RulebookError(ValueError):
    """The book breaks its form: the file and line say where."""


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    group: str
    title: str
    text: str
    example: str | None
    house_rules: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "group": self.group, "title": self.title, "text": self.text,
                "example": self.example, "house_rules": list(self.house_rules)}


@dataclass(frozen=True, slots=True)
class Book:
    lang: str
    title: str
    intro: str
    rules: tuple[Rule, ...]
    etag: str

    def rule(self, rule_id: str) -> Rule | None:
        return next((r for r in self.rules if r.id == rule_id.upper()), None)

    def to_json(self) -> dict[str, Any]:
        return {"lang": self.lang, "title": self.title, "intro": self.intro,
                "rules": [rule.to_json() for rule in self.rules]}


def book_path(folder: str | Path, lang: str) -> Path:
    return Path(folder) / f"{lang}.md"


@cache
def load(folder: str, lang: str) -> Book:
    """The book of ``lang`` in ``folder`` (read once per process)."""
    path = book_path(folder, lang)
    text = path.read_text(encoding="utf-8")
    return parse(text, lang, source=str(path))


def load_all(folder: str) -> dict[str, Book]:
    """Every language's book, checked against each other: the same ids in the same order."""
    books = {lang: load(folder, lang) for lang in LANGUAGES}
    first, *others = books.values()
    for other in others:
        if [r.id for r in other.rules] != [r.id for r in first.rules]:
            missing = sorted({r.id for r in first.rules} ^ {r.id for r in other.rules})
            raise RulebookError(f"{folder}: {first.lang}.md and {other.lang}.md list different rules"
                                f" ({', '.join(missing) or 'in another order'})")
    return books


def parse(text: str, lang: str, *, source: str = "<book>") -> Book:
    """A book from its Markdown (:class:`RulebookError` naming the line where it breaks the form)."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# "):
        raise RulebookError(f"{source}:1: a book starts with '# <title>'")
    title = lines[0][2:].strip()
    intro: list[str] = []
    rules: list[Rule] = []
    group = ""
    current: tuple[int, str, str] | None = None  # line, id, title of the rule being read
    body: list[tuple[int, str]] = []

    def close() -> None:
        if current is not None:
            rules.append(_rule(current, group, body, lang, source))

    for number, line in enumerate(lines[1:], start=2):
        heading, grouping = _HEADING.match(line), _GROUP.match(line)
        if heading or grouping:
            close()
            body = []
            current = (number, heading["id"], heading["title"].strip()) if heading else None
            if grouping:
                group = grouping["title"].strip()
        elif line.startswith("#"):
            raise RulebookError(f"{source}:{number}: a heading is '## <group>' or '### <id> · <title>'")
        elif current is None:
            if not group:
                intro.append(line)
        else:
            body.append((number, line))
    close()
    ids = [rule.id for rule in rules]
    if len(set(ids)) != len(ids):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        raise RulebookError(f"{source}: a rule given twice: {', '.join(twice)}")
    digest = hashlib.sha256(text.encode()).hexdigest()[:32]
    return Book(lang, title, _LINK.sub(r"\1", _paragraphs(intro)), tuple(rules), f"rules-{lang}-{digest}")


def _rule(head: tuple[int, str, str], group: str, body: list[tuple[int, str]], lang: str, source: str) -> Rule:
    line, rule_id, title = head
    if not RULE_ID.match(rule_id):
        raise RulebookError(f"{source}:{line}: '{rule_id}' is not a rule id (R1, T8 …)")
    paragraphs: list[str] = []
    example: str | None = None
    house: list[str] = []
    for block_line, block in _blocks(body):
        if block.startswith("- "):
            for item in block.split("\n"):
                if not item.startswith(HOUSE_RULE[lang]):
                    raise RulebookError(f"{source}:{block_line}: a list holds house rules, each "
                                        f"'{HOUSE_RULE[lang]}…'")
                house.append(item[2:])
        elif block.startswith(EXAMPLE[lang]):
            if example is not None:
                raise RulebookError(f"{source}:{block_line}: one example per rule")
            example = block[len(EXAMPLE[lang]):].replace("\n", " ")
        else:
            paragraphs.append(block.replace("\n", " "))
    for block in (*paragraphs, example or "", *house):
        if markup := _MARKUP.search(block):
            raise RulebookError(f"{source}:{line}: {rule_id} holds Markdown ({markup[0]!r}); a rule's text is plain")
    if not paragraphs:
        raise RulebookError(f"{source}:{line}: {rule_id} has no text")
    return Rule(rule_id, group, title, "\n\n".join(paragraphs), example, tuple(house))


def _blocks(body: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The body's blocks (paragraphs or lists) separated by blank lines, with their first line."""
    blocks: list[tuple[int, str]] = []
    lines: list[str] = []
    start = 0
    for number, line in [*body, (0, "")]:
        if line.strip():
            if not lines:
                start = number
            lines.append(line.strip())
        elif lines:
            blocks.append((start, "\n".join(lines)))
            lines = []
    return blocks


def _paragraphs(lines: list[str]) -> str:
    return "\n\n".join(block.replace("\n", " ") for _, block in _blocks(list(enumerate(lines))))
