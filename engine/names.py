"""Players' names: every script as written, nothing that renders blank or runs wild.

A name is taken as written (Unicode NFC, blanks trimmed at both ends) when

- it is 1 to :data:`NAME_MAX` characters (code points) long;
- it has no control, surrogate or private-use character, no line or paragraph
  separator, no noncharacter, and no invisible formatting character, except the
  zero-width joiner and non-joiner *between* two visible characters (Persian
  "مهر‌آیین", the emoji family "👩‍👩‍👧", Indic conjuncts) and the tag characters of an
  emoji flag ("🏴󠁧󠁢󠁳󠁣󠁴󠁿");
- something in it can be seen: a letter, digit, punctuation or symbol that is not a
  blank filler (U+3164, U+115F, U+1160, U+FFA0, U+2800), and no such filler inside;
- no character carries more than :data:`MARKS_MAX` combining marks ("Zalgo" text).

:func:`name_key` is what two names must not share at one table: case and invisible
characters do not make a second player.
"""

from __future__ import annotations

import unicodedata
from typing import Any

NAME_MAX = 24
MARKS_MAX = 4

ZWNJ = "\u200c"
ZWJ = "\u200d"
JOINERS = frozenset({ZWNJ, ZWJ})
BLACK_FLAG = "\U0001f3f4"
TAGS = range(0xE0020, 0xE007F)  # tag characters spelling an emoji flag's region
CANCEL_TAG = 0xE007F

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): drawn as nothing.
_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
#: Letters and symbols that are drawn blank although they are not ignorable.
BLANK_SIGNS = frozenset({"\u2800", "\u3164", "\u115f", "\u1160", "\uffa0"})
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Zl", "Zp"})
_VISIBLE_CATEGORIES = frozenset("LNPS")


def ignorable(ch: str) -> bool:
    """Whether Unicode says ``ch`` is drawn as nothing (Default_Ignorable_Code_Point)."""
    code = ord(ch)
    return any(low <= code <= high for low, high in _IGNORABLE)


def noncharacter(ch: str) -> bool:
    code = ord(ch)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def blank(ch: str) -> bool:
    """Whitespace, an ignorable character or a blank filler: nothing to see."""
    return ch.isspace() or ignorable(ch) or ch in BLANK_SIGNS


def visible(ch: str) -> bool:
    """A letter, digit, punctuation mark or symbol that is drawn (a character this
    Python does not know yet counts as one: a newer emoji)."""
    if blank(ch) or noncharacter(ch):
        return False
    category = unicodedata.category(ch)
    return category[0] in _VISIBLE_CATEGORIES or category == "Cn"


def trimmed(raw: str) -> str:
    """NFC, without whitespace at either end (an invisible character at an edge is
    refused by :func:`name_problem`, not trimmed away)."""
    return unicodedata.normalize("NFC", raw).strip()


def name_problem(name: str, *, limit: int = NAME_MAX) -> tuple[str, dict[str, Any]] | None:
    """Why the trimmed ``name`` cannot be a player's name, as a sentence code and its
    parameters; ``None`` when it can.  ``limit``: another longest length, for other
    untrusted names checked alike (a tournament's)."""
    if not 1 <= len(name) <= limit:
        return "player_name", {}
    if any(unicodedata.category(ch) in _REFUSED_CATEGORIES or noncharacter(ch) for ch in name):
        return "player_name", {}
    if not any(visible(ch) for ch in name):
        return "player_name_blank", {}
    for index, ch in enumerate(name):
        category = unicodedata.category(ch)
        invisible = category == "Cf" or ch in BLANK_SIGNS or (ignorable(ch) and category[0] != "M")
        if invisible and not _allowed_format(name, index):
            return "player_name_invisible", {"char": f"U+{ord(ch):04X}"}
    marks = most_marks(name)
    if marks > MARKS_MAX:
        return "player_name_marks", {"count": marks, "max": MARKS_MAX}
    return None


def _allowed_format(name: str, index: int) -> bool:
    """A joiner between two visible characters (a mark may stand before it: a virama);
    a tag character continuing an emoji flag."""
    ch, code = name[index], ord(name[index])
    before = name[index - 1] if index > 0 else ""
    if ch in JOINERS:
        after = name[index + 1] if index + 1 < len(name) else ""
        return bool(before and after) and _joinable(before) and _joinable(after)
    if code in TAGS or code == CANCEL_TAG:
        if not before:
            return False
        previous = ord(before)
        return previous in TAGS if code == CANCEL_TAG else (before == BLACK_FLAG or previous in TAGS)
    return False


def _joinable(ch: str) -> bool:
    return visible(ch) or unicodedata.category(ch)[0] == "M" or ch == "\ufe0f"


def most_marks(name: str) -> int:
    """The most combining marks (accents, vowel signs, viramas...) stacked on one character."""
    most = run = 0
    for ch in name:
        if unicodedata.category(ch)[0] == "M":
            run += 1
            most = max(most, run)
        else:
            run = 0
    return most


def name_key(name: str) -> str:
    """What tells two players apart: case and invisible characters do not."""
    return "".join(ch for ch in name if not blank(ch)).casefold()
