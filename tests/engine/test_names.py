"""Players' names (engine/names.py): every script as written, joiners inside names,
nothing that renders blank, no piles of combining marks; refusals in English and German."""

from __future__ import annotations

import unicodedata

import pytest

from engine import get_game
from engine.errors import ConfigError
from engine.game import check_player_names
from engine.names import MARKS_MAX, most_marks, name_key, name_problem, trimmed, visible

GAME = get_game("dreeg")
COUNTS = tuple(range(1, 9))

PERSIAN = "مهر\u200cآیین"  # with a zero-width non-joiner, as Persian writes it
FAMILY = "👩\u200d👩\u200d👧"  # an emoji family: zero-width joiners
SCOTLAND = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"  # a flag: tag characters


def check(*names: str) -> tuple[str, ...]:
    return check_player_names(list(names), COUNTS, game=GAME)


@pytest.mark.parametrize("name", [
    pytest.param(PERSIAN, id="Persian with ZWNJ"),
    pytest.param(FAMILY, id="emoji family with ZWJ"),
    pytest.param("👍🏽", id="emoji with skin tone"),
    pytest.param("1\ufe0f\u20e3", id="keycap: variation selector and enclosing mark"),
    pytest.param(SCOTLAND, id="flag with tag characters"),
    pytest.param("देवनागरी", id="Devanagari"),
    pytest.param("क्\u200dष", id="Devanagari half form: virama and ZWJ"),
    pytest.param("ภาษาไทย", id="Thai"),
    pytest.param("محمد", id="Arabic"),
    pytest.param("王小明", id="CJK"),
    pytest.param("ཧཱུྃ", id="Tibetan stack"),
    pytest.param("Zoë Müller-Lüdenscheidt"[:24], id="Latin with accents"),
    pytest.param("x" + "\u0301" * MARKS_MAX, id="as many marks as allowed"),
    pytest.param("김민준", id="Hangul"),
    pytest.param("\U0001face", id="an emoji newer than some fonts"),
])
def test_every_script_is_taken_as_written(name: str) -> None:
    assert check(name, "Anna") == (unicodedata.normalize("NFC", name), "Anna")


def test_blanks_are_trimmed_and_nfc_applied() -> None:
    assert check("  Zoe\u0308 ", "\u3000王\u3000") == ("Zoë", "王")


@pytest.mark.parametrize(("name", "code"), [
    pytest.param("   ", "player_name", id="only spaces"),
    pytest.param("", "player_name", id="empty"),
    pytest.param("x" * 25, "player_name", id="too long"),
    pytest.param("Be\x00nno", "player_name", id="NUL"),
    pytest.param("Be\x1bnno", "player_name", id="escape"),
    pytest.param("Anna\u2028B", "player_name", id="line separator"),
    pytest.param("\ue000Anna", "player_name", id="private use"),
    pytest.param("Anna\U0010ffff", "player_name", id="noncharacter"),
    pytest.param("\u3164", "player_name_blank", id="Hangul filler"),
    pytest.param("\u115f\u1160", "player_name_blank", id="Hangul choseong and jungseong fillers"),
    pytest.param("\uffa0", "player_name_blank", id="halfwidth Hangul filler"),
    pytest.param("\u2800\u2800", "player_name_blank", id="Braille blank"),
    pytest.param("\u200b", "player_name_blank", id="zero-width space"),
    pytest.param("\u200d", "player_name_blank", id="a joiner alone"),
    pytest.param(" \u200c\u3164 ", "player_name_blank", id="only invisible things"),
    pytest.param("\u0301\u0301", "player_name_blank", id="marks on nothing"),
    pytest.param("An\u200bna", "player_name_invisible", id="zero-width space inside"),
    pytest.param("Anna\u3164", "player_name_invisible", id="filler after a name"),
    pytest.param("An\u2800na", "player_name_invisible", id="Braille blank inside"),
    pytest.param("\u202eannA", "player_name_invisible", id="right-to-left override"),
    pytest.param("Anna\u200e", "player_name_invisible", id="direction mark"),
    pytest.param("\u200dAnna", "player_name_invisible", id="joiner at the start"),
    pytest.param("Anna\u200c", "player_name_invisible", id="non-joiner at the end"),
    pytest.param("a\u200d\u200db", "player_name_invisible", id="two joiners"),
    pytest.param("a\u00adb", "player_name_invisible", id="soft hyphen"),
    pytest.param("\U000e0067Anna", "player_name_invisible", id="tag without a flag"),
    pytest.param("x" + "\u0301" * (MARKS_MAX + 1), "player_name_marks", id="five marks"),
    pytest.param("Z\u0337\u0335\u0322\u0327\u0351\u0352\u0353algo", "player_name_marks", id="Zalgo"),
])
def test_names_that_cannot_be_read_are_refused(name: str, code: str) -> None:
    with pytest.raises(ConfigError) as refused:
        check("Anna", name)
    assert (refused.value.code, refused.value.field) == (code, "players.1")
    english, german = refused.value.message("en"), refused.value.message("de")
    assert english != german and "{" not in english + german
    assert "name" in english and "name" in german.lower()


def test_refusals_say_what_is_wrong() -> None:
    with pytest.raises(ConfigError) as refused:
        check("An\u200bna")
    assert "U+200B" in refused.value.message("en") and "unsichtbare Zeichen U+200B" in refused.value.message("de")
    with pytest.raises(ConfigError) as refused:
        check("x" + "\u0301" * 9)
    assert refused.value.message("en") == "A player's name may carry at most 4 accents or marks on one letter, not 9."
    assert refused.value.message("de") == ("Ein Spielername darf höchstens 4 Akzente oder Zeichen auf einem "
                                           "Buchstaben tragen, nicht 9.")


@pytest.mark.parametrize(("first", "second"), [
    ("Anna", "ANNA"),
    ("Anna", "An\u200cna"),  # a non-joiner between Latin letters changes nothing you can see
    ("Zoë", "Zoe\u0308"),  # NFC
])
def test_names_that_look_alike_are_one_player(first: str, second: str) -> None:
    with pytest.raises(ConfigError) as refused:
        check(first, second)
    assert refused.value.code == "player_duplicate"


def test_helpers() -> None:
    assert most_marks("ཧཱུྃ") == 3 and most_marks("abc") == 0
    assert name_key("An\u200dNA") == "anna"
    assert trimmed(" a\u0308 ") == "ä"
    assert not visible("\u3164") and not visible(" ") and visible("a") and visible("👩")
    assert name_problem("Anna") is None
