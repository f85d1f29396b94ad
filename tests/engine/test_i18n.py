"""The one way Kreide speaks English and German (engine/i18n.py).

Every sentence table (the engine's and the API's) is registered in one place; a code is
owned by one table; every sentence renders in both languages with one and with several
of whatever it counts; and the grammar a native speaker would check reads right.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import api.errors
import api.rulebook  # the rule book's API table, registered on import
import api.tournament.sentences  # the tournament's API table, registered on import
import engine
from engine import i18n
from engine.cards.german import Rank, Suit, parse_card
from engine.dreeg import SubGame
from engine.dreierles import Extra, GameType
from engine.errors import RuleViolation, RuleViolations
from engine.game import Note
from engine.i18n import LANGUAGES, Sentences, Term, both, render, tables
from engine.sixtysix import Ending, Variant

PLAYERS = ["Anna", "Benno", "Carla", "Dieter"]

#: A sample value for every parameter name a sentence uses, as a function of the count
#: (1: singular, 2: plural).  A new sentence with a new parameter name needs a line here.
SAMPLES: dict[str, Callable[[int], Any]] = {
    "action": lambda n: "exchange",
    "rule": lambda n: "R39",  # the rule book (api/rulebook.py)
    # the tournament (engine/tournament)
    "actual": lambda n: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "hash": lambda n: "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae",
    "drawn": lambda n: n,
    "field_name": lambda n: "cards",
    "first": lambda n: 5,
    "last": lambda n: 8,
    "has": lambda n: n,
    "kind": lambda n: "swap",
    "own": lambda n: 3,
    "round": lambda n: n,
    "tables": lambda n: list(range(3, 3 + n)),
    "size": lambda n: 32,
    "sold": lambda n: n,
    "char": lambda n: "U+200B",
    "key": lambda n: "points.Anna",
    "max": lambda n: 4,
    "wait": lambda n: n * 30 - 29,  # rate_limited: 1 second, 31 seconds
    "match_id": lambda n: "qX3v9aTz0kE",
    "exported": lambda n: 4,
    "revision": lambda n: 4 + n,
    "limit": lambda n: 16,  # streams_per_token, streams_per_address
    "active": lambda n: n + 2,
    "after": lambda n: n,
    "basis": lambda n: Term("ss_basis_close"),
    "defenders": lambda n: 34,
    "draws": lambda n: n,
    "colour": lambda n: "rote",
    "row": lambda n: n + 1,
    "right": lambda n: 5,
    "copies": lambda n: 4,
    "best": lambda n: 52,
    "rating": lambda n: Term("dreist_rating_decent"),
    "egon": lambda n: 42,
    "exact": lambda n: "12 2/3",
    "extra": lambda n: Extra.DRULL,
    "factor": lambda n: 2 * n,
    "pile": lambda n: Term("dl_pile_declarer"),
    "sizes": lambda n: "6, 9, 12 … 54",
    "the_game": lambda n: Term("dl_acc_solo"),
    "games": lambda n: [GameType.ZWEIER, GameType.EINSER][:n],
    "least": lambda n: 44,
    "opponents": lambda n: PLAYERS[1:1 + n],
    "without": lambda n: PLAYERS[2:2 + n],
    "blind": lambda n: 2,
    "derived": lambda n: Ending.CLAIM,
    "ending": lambda n: Term("ss_end_closed"),
    "final": lambda n: n,
    "how": lambda n: Term("ss_how_must_follow"),
    "line": lambda n: 33,
    "loser": lambda n: "Benno",
    "n": lambda n: n,
    "stock": lambda n: n,
    "their": lambda n: 31,
    "variant": lambda n: Variant.SCHNAPSEN,
    "why": lambda n: "no trick",
    "winner": lambda n: "Benno",
    "allowed": lambda n: ["solo", "each_for_himself"][:n],
    "awards": lambda n: "3/2/1/0",
    "blobs": lambda n: n,
    "called": lambda n: parse_card("EA"),
    "card": lambda n: parse_card("HA"),
    "cards": lambda n: n,
    "chooser": lambda n: PLAYERS[:n],
    "count": lambda n: n,
    "due": lambda n: n,
    "expected": lambda n: 6,
    "fields": lambda n: ", ".join(["points.Anna", "tricks.Anna"][:n]),
    "forehand": lambda n: "Anna",
    "game": lambda n: engine.get_game("dreeg"),
    "given": lambda n: "Benno",
    "got": lambda n: n,
    "holder": lambda n: "Carla",
    "known": lambda n: ["dreeg", "sixtysix"][:n],
    "last_trick": lambda n: "Anna",
    "latest": lambda n: 4,
    "leads": lambda n: n,
    "led": lambda n: Suit.ACORNS,
    "left": lambda n: n,
    "method": lambda n: "PUT",
    "most": lambda n: 6,
    "name": lambda n: "Benno",
    "next_seq": lambda n: 3,
    "number": lambda n: 4,
    "opponent": lambda n: "Benno",
    "partner": lambda n: "Carla",
    "played": lambda n: n,
    "player": lambda n: PLAYERS[:n],
    "players": lambda n: PLAYERS[:n],
    "points": lambda n: n,
    "previous": lambda n: Suit.BELLS,
    "rank": lambda n: Rank.KING,
    "reason": lambda n: "a later hand no longer fits.",
    "rest": lambda n: PLAYERS[1:1 + n],
    "seq": lambda n: n,
    "share": lambda n: 1,
    "shown": lambda n: n,
    "side": lambda n: PLAYERS[1:1 + n],
    "strokes": lambda n: n,
    "subgame": lambda n: SubGame.ACE_OF_HEARTS,
    "suit": lambda n: Suit.HEARTS,
    "text": lambda n: "XY",
    "top": lambda n: 3,
    "total": lambda n: 70,
    "totals": lambda n: ["Anna 70", "Benno 50"][:n],
    "trick": lambda n: n,
    "tricks": lambda n: n,
    "value": lambda n: 40,
    "what": lambda n: Term("points"),
    "column": lambda n: "Augen",  # slate_player_column: a column's heading
    "question": lambda n: "egon",  # referee_no_question
    "owners": lambda n: [engine.get_game("dreist"), engine.get_game("dreeg")][:n],
    # the club (api/club)
    "member": lambda n: "Sepp",
    "into": lambda n: "Franz",
    "since": lambda n: "2026-12-02",
    "to": lambda n: "2026-11-04",
    "figure": lambda n: "blobs",
    "version": lambda n: 1,
    "match": lambda n: "Hq3kT9xWm2A",
    "down": lambda n: [Term("database"), Term("rate_limits")][:n],  # not_ready (api/outage.py)
}


def every_sentence() -> list[tuple[str, str, str]]:
    """``(table, code, lang)`` for every sentence registered by the engine and the API."""
    assert api.errors.SENTENCES.name == "api"  # the API's table is registered too
    return [(table.name, code, lang) for table in tables() for code in table for lang in LANGUAGES]


def parameters(text: str) -> set[str]:
    """The parameter names a template uses (``{player}``, ``{left:stroke|strokes}``)."""
    return {field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(text) if field}


def sample(n: int) -> dict[str, Any]:
    return {name: make(n) for name, make in SAMPLES.items()}


# --- the tables ---------------------------------------------------------------------------


def test_the_engine_and_the_api_register_their_tables() -> None:
    names = {table.name for table in tables()}
    assert {"game", "cards.german", "tricks", "dreeg", "dreeg.names", "api", "tournament",
            "api.tournament"} <= names
    assert {f"{game}.names" for game in ("sixtysix", "dreierles", "dreist")} <= names
    assert sum(len(table) for table in tables()) == len(i18n._OWNER)  # no code owned twice


@pytest.mark.parametrize(("table", "code", "lang"), every_sentence())
def test_every_code_has_exactly_english_and_german(table: str, code: str, lang: str) -> None:
    texts = i18n._TABLES[table][code]
    assert set(texts) == {"en", "de"}
    assert isinstance(texts[lang], str) and texts[lang].strip()


@pytest.fixture
def registry() -> Iterator[None]:
    """Whatever a test registers is gone afterwards: the registries are put back."""
    saved_tables, saved_owner = dict(i18n._TABLES), dict(i18n._OWNER)
    yield
    i18n._TABLES.clear()
    i18n._TABLES.update(saved_tables)
    i18n._OWNER.clear()
    i18n._OWNER.update(saved_owner)


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(("name", "table", "owner"), [
    pytest.param("test.throwaway", {"card_name": {"en": "{rank} {suit}", "de": "{rank} {suit}"}}, "cards.german",
                 id="a code of the card names taken again"),
    pytest.param("test.throwaway", {"test_fresh": {"en": "x", "de": "x"},
                                    "claim_too_late": {"en": "late", "de": "spät"}}, "dreeg",
                 id="a new code and one of Dreeg's in one table"),
    pytest.param("test.throwaway", {"fields_wrong": {"en": "x", "de": "x"}}, "api", id="one of the API's codes"),
])
def test_a_second_table_cannot_take_a_code(name: str, table: dict[str, dict[str, str]], owner: str) -> None:
    before = dict(i18n._OWNER)
    with pytest.raises(ValueError, match=owner):
        Sentences(name, table)
    assert name not in i18n._TABLES
    assert i18n._OWNER == before  # nothing was taken over, not even the new code
    assert render("card_name", "en", {"suit": Suit.HEARTS, "rank": Rank.ACE}) == "Ace of Hearts"


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(("name", "table"), [
    pytest.param("dreeg", {"test_fresh": {"en": "x", "de": "x"}}, id="a table name in use"),
    pytest.param("test.throwaway", {"test_fresh": {"en": "x"}}, id="German missing"),
    pytest.param("test.throwaway", {"test_fresh": {"en": "x", "de": "x", "fr": "x"}}, id="a third language"),
])
def test_a_table_is_refused_whole(name: str, table: dict[str, dict[str, str]]) -> None:
    with pytest.raises(ValueError):
        Sentences(name, table)
    assert "test_fresh" not in i18n._OWNER


@pytest.mark.usefixtures("registry")
def test_a_fresh_table_registers_and_speaks() -> None:
    Sentences("test.throwaway", {"test_fresh": {"en": "{players} {players:wins|win}",
                                                "de": "{players} {players:gewinnt|gewinnen}"}})
    assert both("test_fresh", {"players": ["Anna", "Benno"]}) == {"en": "Anna and Benno win",
                                                                   "de": "Anna und Benno gewinnen"}
    with pytest.raises(ValueError):
        Sentences("test.other", {"test_fresh": {"en": "x", "de": "x"}})


def test_the_registry_holds_no_test_table() -> None:
    assert not [name for name in i18n._TABLES if name.startswith("test.")]
    assert not [code for code in i18n._OWNER if code.startswith("test_")]


# --- every sentence renders ---------------------------------------------------------------


@pytest.mark.parametrize(("table", "code", "lang"), every_sentence())
def test_every_sentence_has_a_sample_for_each_parameter(table: str, code: str, lang: str) -> None:
    used = parameters(i18n._TABLES[table][code][lang])
    missing = used - SAMPLES.keys()
    assert not missing, f"{code} ({lang}) uses {sorted(missing)}: add a sample to SAMPLES"


@pytest.mark.parametrize("count", [1, 2], ids=["one", "several"])
@pytest.mark.parametrize(("table", "code", "lang"), every_sentence())
def test_every_sentence_renders_without_braces(table: str, code: str, lang: str, count: int) -> None:
    template = i18n._TABLES[table][code][lang]
    text = render(code, lang, sample(count))
    assert "{" not in text and "}" not in text, text
    assert text.strip()
    if parameters(template):
        assert text != template
    for _, field, spec, _ in string.Formatter().parse(template):
        if field and spec:
            assert spec.count("|") == 1, f"{code}: a plural form is {{name:one|other}}, not {spec!r}"


@pytest.mark.parametrize("count", [1, 2], ids=["one", "several"])
@pytest.mark.parametrize(("table", "code", "lang"), every_sentence())
def test_every_sentence_renders_as_string_formatter_would(table: str, code: str, lang: str, count: int) -> None:
    """``render`` formats in C (``str.format_map``) where it can; the sentence reads as
    the Python formatter it replaces renders it, with every parameter or with none."""
    template = i18n._TABLES[table][code][lang]
    assert i18n._plain_template(template), f"{code} ({lang}) falls back to the slow formatter"
    for params in (sample(count), {}):
        try:
            expected = i18n._Formatter(lang).vformat(template, (), params)
        except KeyError:
            expected = template
        assert render(code, lang, params) == expected


@pytest.mark.parametrize(("template", "plain"), [
    ("{player} {player:has|have}", True), ("{n:one|{n} more}", True), ("no fields", True),
    ("{player!r}", False), ("{player.name}", False), ("{players[0]}", False), ("{0}", False),
    ("{n:{m:{k}}}", False), ("{unclosed", False),
])
def test_only_templates_str_format_renders_alike_take_the_fast_path(template: str, plain: bool) -> None:
    assert i18n._plain_template(template) is plain


# --- grammar a native speaker would check --------------------------------------------------


@pytest.mark.parametrize(("code", "params", "en", "de"), [
    pytest.param("points_unreachable", {"points": 1, "cards": 4, "player": ["Anna"]},
                 "1 card point cannot be made with the 4 cards Anna took.",
                 "1 Auge geht mit 4 Karten von Anna nicht.", id="one card point"),
    pytest.param("points_unreachable", {"points": 2, "cards": 1, "player": ["Anna", "Carla"]},
                 "2 card points cannot be made with the 1 card Anna and Carla took.",
                 "2 Augen gehen mit 1 Karte von Anna und Carla nicht.", id="two card points, one card, a side"),
    pytest.param("erase_capped", {"player": "Benno", "due": 3, "left": 1},
                 "Benno is due 3 but has only 1 stroke left and erases 1.",
                 "Benno stehen 3 zu, es ist aber nur noch 1 Strich da; Benno wischt 1.", id="only one stroke left"),
    pytest.param("erase_capped", {"player": "Benno", "due": 3, "left": 2},
                 "Benno is due 3 but has only 2 strokes left and erases 2.",
                 "Benno stehen 3 zu, es sind aber nur noch 2 Striche da; Benno wischt 2.", id="two strokes left"),
    pytest.param("side_won", {"side": ["Benno"], "total": 70},
                 "Benno made 70, 66 or more, and the other side did not.",
                 "Benno hat 70, also 66 oder mehr, die Gegenseite nicht.", id="a side of one has 70"),
    pytest.param("side_won", {"side": ["Benno", "Carla"], "total": 70},
                 "Benno and Carla made 70, 66 or more, and the other side did not.",
                 "Benno und Carla haben 70, also 66 oder mehr, die Gegenseite nicht.", id="a side of two have 70"),
    pytest.param("kamerun_lost", {"players": ["Carla"], "number": 4, "subgame": SubGame.KAMERUN},
                 "Carla reaches 0 and loses sub-game 4, Kamerun: a blob.",
                 "Carla ist auf 0 und verliert Runde 4, Kamerun: ein Bollen.", id="one Kamerun loser"),
    pytest.param("kamerun_lost", {"players": ["Anna", "Carla"], "number": 4, "subgame": SubGame.KAMERUN},
                 "Anna and Carla reach 0 and lose sub-game 4, Kamerun: a blob each.",
                 "Anna und Carla sind auf 0 und verlieren Runde 4, Kamerun: je ein Bollen.",
                 id="two Kamerun losers in one step"),
    pytest.param("choose_dealer", {"players": ["Anna", "Benno", "Carla"], "number": 2,
                                   "subgame": SubGame.ACE_OF_HEARTS},
                 "Anna, Benno and Carla choose who deals the first hand of sub-game 2, Ace of Hearts.",
                 "Anna, Benno und Carla bestimmen, wer in Runde 2, Herz-Ass, zuerst gibt.",
                 id="a list of three, the sub-game named"),
    pytest.param("rufen_partner", {"player": "Anna", "card": parse_card("EA"), "partner": "Carla"},
                 "Anna called the Ace of Acorns; Carla held it and plays with Anna.",
                 "Anna hat Eichel-Ass gerufen; Carla hatte die Karte und spielt mit Anna.", id="the called card"),
    pytest.param("marriage_counts", {"player": "Anna", "suit": Suit.HEARTS, "value": 40},
                 "Anna's marriage in Hearts counts 40.", "Die Ansage von Anna in Herz zählt 40.",
                 id="a marriage names its suit"),
    pytest.param("player_missing", {"name": "Dieter", "what": Term("points")},
                 "Dieter is still playing: the card points of Dieter are missing.",
                 "Dieter spielt noch mit: die Augen von Dieter fehlen.", id="a term in the reader's language"),
    pytest.param("game_not_available", {"game": engine.get_game("dreist")},
                 "DREIst! is not available yet in this version of Kreide.",
                 "DREIst! gibt es in dieser Kreide-Version noch nicht.", id="a game's title"),
    pytest.param("claim_too_late", {"played": 1, "latest": 0},
                 "No claim once the second-to-last trick has been led: 1 trick was played, at most 0 allowed.",
                 "Nach dem Ausspielen zum vorletzten Stich wird nicht mehr angesagt: 1 Stich gespielt, "
                 "höchstens 0 erlaubt.", id="one trick played"),
])
def test_grammar(code: str, params: dict[str, Any], en: str, de: str) -> None:
    assert both(code, params) == {"en": en, "de": de}


@pytest.mark.parametrize(("value", "en", "de"), [
    pytest.param(parse_card("HA"), "Ace of Hearts", "Herz-Ass", id="the heart ace"),
    pytest.param(parse_card("EK"), "King of Acorns", "Eichel-König", id="the acorns king"),
    pytest.param(parse_card("g10"), "Ten of Leaves", "Grün-Zehn", id="the leaves ten"),
    pytest.param(parse_card("SU"), "Unter of Bells", "Schellen-Unter", id="the bells unter"),
    pytest.param(Suit.HEARTS, "Hearts", "Herz", id="hearts"),
    pytest.param(Suit.ACORNS, "Acorns", "Eichel", id="acorns"),
    pytest.param(SubGame.ACE_OF_HEARTS, "Ace of Hearts", "Herz-Ass", id="the sub-game Ace of Hearts"),
    pytest.param(SubGame.KAMERUN, "Kamerun", "Kamerun", id="the sub-game Kamerun"),
    pytest.param(Term("tricks"), "tricks", "Stiche", id="the word tricks"),
    pytest.param(engine.get_game("dreeg"), "Dreeg", "Dreeg", id="the game Dreeg"),
    pytest.param(["Anna", "Benno", "Carla"], "Anna, Benno and Carla", "Anna, Benno und Carla",
                 id="three players"),
    pytest.param(["Anna", "Benno"], "Anna and Benno", "Anna und Benno", id="two players"),
    pytest.param([parse_card("HK"), parse_card("HO")], "King of Hearts and Ober of Hearts",
                 "Herz-König und Herz-Ober", id="a list of cards"),
])
def test_values_name_themselves_in_the_readers_language(value: Any, en: str, de: str) -> None:
    assert i18n.spoken(value, "en") == en
    assert i18n.spoken(value, "de") == de


def test_a_refusal_and_a_note_speak_both_languages_and_keep_codes_in_json() -> None:
    violation = RuleViolation("marriage_twice", rule="R10", field="melds.1.suit", suit=Suit.HEARTS)
    assert violation.message("en") == "The marriage in Hearts can be shown only once per hand."
    assert violation.message("de") == "Die Ansage in Herz gibt es pro Spiel nur einmal."
    assert violation.to_json("de")["params"] == {"suit": "H"}
    note = Note("R11", "rufen_alone", {"player": "Anna", "card": parse_card("GA")})
    data = note.to_json()
    assert (data["en"], data["de"]) == ("Anna called the Ace of Leaves and plays alone.",
                                        "Anna hat Grün-Ass gerufen und spielt allein.")
    assert data["params"] == {"player": "Anna", "card": "GA"}


def test_several_refusals_read_as_one_message_in_each_language() -> None:
    both_missing = RuleViolations([
        RuleViolation("player_missing", rule="R15", field="points.Carla", name="Carla", what=Term("points")),
        RuleViolation("player_missing", rule="R15", field="points.Dieter", name="Dieter", what=Term("points")),
    ])
    assert [v.field for v in both_missing.violations] == ["points.Carla", "points.Dieter"]
    assert both_missing.message("de") == ("Carla spielt noch mit: die Augen von Carla fehlen. "
                                          "Dieter spielt noch mit: die Augen von Dieter fehlen.")
    assert "card points of Dieter" in both_missing.message("en")


def test_an_unknown_code_reads_as_itself() -> None:
    assert render("no_such_sentence_anywhere", "de", {}) == "no_such_sentence_anywhere"
