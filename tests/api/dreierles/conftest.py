"""Dreierles matches for the API tests: one app for the whole folder (every test opens
its own match), a handle on a match as a phone at the table sees it, entries written the
way a club evening enters them, the pack counted in threes independently of the engine
(R25, R26) so the tables here can be checked, and German that reads as German.

Players sit in the clockwise order they are listed: Anna, Benno, Carla, Dieter, Erika.
Anna deals first unless said otherwise."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import MatchHandle, folder_client, open_game
from tests.api.contract import german_checker

THREE = ["Anna", "Benno", "Carla"]
FOUR = [*THREE, "Dieter"]
FIVE = [*FOUR, "Erika"]
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en"}
DEFAULT_RULES = {"lost_double": "false", "ladder": "cumulative", "einundzwanzig_last": "false",
                 "blind_rest": "declarer", "raeuber_blind": "ignored", "next_dealer": "left"}
HOUSE_RULES = {"lost_double": "R27", "ladder": "R28", "einundzwanzig_last": "R28", "blind_rest": "R28",
               "raeuber_blind": "R30", "next_dealer": "R32"}
DECLARER_GAMES = ["dreier", "zweier", "einser", "solo", "solo_durchmarsch"]
GAMES = [*DECLARER_GAMES, "raeuber", "drescher"]

_keys = count(1)


@pytest.fixture(scope="package")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FlaskClient]:
    """One app for the folder: creating an app costs more than all of a test's requests."""
    yield from folder_client(tmp_path_factory, "dreierles")


Match = MatchHandle


def open_match(client: FlaskClient, players: list[str] | None = None, rules: dict[str, str] | None = None,
               **fields: Any) -> Match:
    return open_game(client, "dreierles", players or THREE, rules, **fields)


def idempotency_key() -> str:
    return f"dreierles-test-{next(_keys)}"


# --- entries as the table gives them ------------------------------------------------------


def played(game: str, declarer: str, points: Any = None, **fields: Any) -> dict[str, Any]:
    """A declarer's game with his points counted (or ``cards=[...]`` to be counted); the
    points as given, so a slip (text, out of range) can be written too."""
    entry: dict[str, Any] = {"game": game, "declarer": declarer, **fields}
    if points is not None:
        entry["declarer_points"] = points
    return entry


def raeuber(points: dict[str, int], tricks: dict[str, int], **fields: Any) -> dict[str, Any]:
    return {"game": "raeuber", "points": points, "tricks": tricks, **fields}


def drescher(last: str, **fields: Any) -> dict[str, Any]:
    return {"game": "drescher", "last_trick": last, **fields}


def three(names: list[str], values: tuple[int, int, int]) -> dict[str, int]:
    return dict(zip(names, values))


def r3(points: tuple[int, int, int], tricks: tuple[int, int, int], players: list[str] = THREE,
       **fields: Any) -> dict[str, Any]:
    """A Räuber at three (or at ``players``): points and tricks in seating order."""
    return raeuber(three(players, points), three(players, tricks), **fields)


def without(entry: dict[str, Any], *names: str) -> dict[str, Any]:
    return {k: v for k, v in entry.items() if k not in names}


# --- the pack counted in threes, by hand (R25, R26) ----------------------------------------

#: R25: Pfeif, 21, Stieß 5; König 5, Dame 4, Reiter 3, Bube 2; everything else 0.
VALUES = {"T1": 5, "T21": 5, "TS": 5, **{suit + rank: value for suit in "CSHD"
                                         for rank, value in (("K", 5), ("D", 4), ("R", 3), ("B", 2))}}
PACK = ([f"T{n}" for n in range(1, 22)] + ["TS"]
        + [suit + rank for suit in "CS" for rank in ("K", "D", "R", "B", "10", "9", "8", "7")]
        + [suit + rank for suit in "HD" for rank in ("K", "D", "R", "B", "1", "2", "3", "4")])


def thirds(cards: list[str]) -> int:
    """R26: a counter is worth its value less 2/3, a blank 1/3; in thirds of a point."""
    return sum(3 * VALUES[c] - 2 if c in VALUES else 1 for c in cards)


def rounded(count_thirds: int) -> int:
    """To the nearest point: x 1/3 down, x 2/3 up."""
    return (count_thirds + 1) // 3


def by_packets(cards: list[str]) -> int:
    """The seed's way, packet by packet: three blanks 1, a counter and two blanks its value,
    two counters and a blank their sum less 1, three counters their sum less 2."""
    assert len(cards) % 3 == 0
    total = 0
    for i in range(0, len(cards), 3):
        packet = cards[i:i + 3]
        counters = [VALUES[c] for c in packet if c in VALUES]
        total += sum(counters) - len(counters) + 1
    return total


# --- answers ----------------------------------------------------------------------------


def codes(result: dict[str, Any]) -> list[str]:
    return [note["code"] for note in result["notes"]]


def assert_ledger(answer: dict[str, Any]) -> None:
    """R29: every settlement and the ledger sum to zero; the result's ledger is the state's."""
    result, state = answer["hand"]["result"], answer["state"]
    assert sum(result["settlement"].values()) == 0, result["settlement"]
    assert sum(state["balance"].values()) == 0, state["balance"]
    assert result["balance"] == state["balance"]
    for name in result["sitting_out"]:
        assert result["settlement"][name] == 0, f"{name} sat out but settled"


# --- German that reads as German --------------------------------------------------------

_GERMAN_WORDS = {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "und", "oder", "nicht", "ist",
                 "hat", "mit", "nur", "noch", "kein", "keine", "bitte", "wer", "wie", "was", "gibt", "muss", "für",
                 "beim", "zum", "aus", "sind", "es", "je", "zahlt", "zahlen", "gewinnt", "verliert", "mehr",
                 "Spiel", "Stich", "Stiche", "Punkte", "Punkt", "Karten", "Karte", "Fach", "Blinde", "Blinden",
                 "Wer", "Wie", "Was", "Die", "Der", "Das", "Ein", "Eine", "Diesmal", "Beim", "Entweder", "Einige",
                 "Felder", "stimmen", "doppelt", "sitzt", "Leere", "Bild", "Bilder", "Dritteln", "gezählt", "also",
                 "Rest", "drei", "zwei", "keiner", "alle", "weglassen", "angegeben", "Hausregel", "Spieler",
                 "fehlen", "braucht", "lassen", "zählen", "ergeben", "Wert", "weniger", "Dreien", "abgelegt"}
_ENGLISH_WORDS = {"the", "and", "not", "with", "only", "must", "has", "is", "were", "who", "deal", "trick",
                  "tricks", "points", "card", "cards", "cannot", "may", "of", "to", "leave", "out", "pays", "each",
                  "counted", "counts", "player", "sits", "given", "twice", "blank", "blanks", "won", "lost"}
#: Sentences a German-speaking player reads (the checker: tests/api/contract.py).
assert_german = german_checker(_GERMAN_WORDS, _ENGLISH_WORDS)
