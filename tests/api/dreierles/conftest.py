"""Dreierles matches for the API tests: one app for the whole folder (every test opens
its own match), a handle on a match as a phone at the table sees it, entries written the
way a club evening enters them, the pack counted in threes independently of the engine
(R25, R26) so the tables here can be checked, and German that reads as German.

Players sit in the clockwise order they are listed: Anna, Benno, Carla, Dieter, Erika.
Anna deals first unless said otherwise."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.extensions import db
from tests.api.conftest import assert_problem, bearer
from tests.conftest import make_app

THREE = ["Anna", "Benno", "Carla"]
FOUR = [*THREE, "Dieter"]
FIVE = [*FOUR, "Erika"]
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en"}
DEFAULT_RULES = {"lost_double": "false", "ladder": "cumulative", "einundzwanzig_last": "false",
                 "raeuber_blind": "ignored", "next_dealer": "left"}
HOUSE_RULES = {"lost_double": "R27", "ladder": "R28", "einundzwanzig_last": "R28", "raeuber_blind": "R30",
               "next_dealer": "R32"}
DECLARER_GAMES = ["dreier", "zweier", "einser", "solo", "solo_durchmarsch"]
GAMES = [*DECLARER_GAMES, "raeuber", "drescher"]

_keys = count(1)


@pytest.fixture(scope="package")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FlaskClient]:
    """One app for the folder: creating an app costs more than all of a test's requests."""
    app = make_app(Path(tmp_path_factory.mktemp("dreierles")) / "dreierles.sqlite3")
    yield app.test_client()
    with app.app_context():
        db.engine.dispose()


@dataclass
class Match:
    """A Dreierles match as the phone at the table sees it: the scorer token and the seq
    of the next deal."""

    client: FlaskClient
    created: dict[str, Any]
    next_seq: int = 1
    answers: list[dict[str, Any]] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"/api/matches/{self.created['id']}"

    @property
    def scorer(self) -> dict[str, str]:
        return bearer(self.created["scorer_token"])

    @property
    def viewer(self) -> dict[str, str]:
        return bearer(self.created["viewer_token"])

    def post(self, entry: dict[str, Any], *, seq: int | None = None, headers: dict[str, str] | None = None) -> Any:
        """POST the deal with ``seq`` (default: the next one); the raw response."""
        body = {"seq": self.next_seq if seq is None else seq, **entry}
        return self.client.post(f"{self.url}/hands", json=body, headers={**self.scorer, **(headers or {})})

    def record(self, entry: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """POST the deal, which must be recorded; the answer (``hand`` and ``state``)."""
        response = self.post(entry, **kwargs)
        assert response.status_code == 201, response.get_json()
        answer = response.get_json()
        self.next_seq = answer["next_seq"]
        self.answers.append(answer)
        return answer

    def refuse(self, entry: dict[str, Any], status: int = 422, code: str | None = None,
               headers: dict[str, str] | None = None) -> dict[str, Any]:
        """POST the deal, which must be refused with problem JSON and change nothing."""
        before = self.get()
        problem = assert_problem(self.post(entry, headers=headers), status, code)
        assert self.get() == before, "a refused deal changed the match"
        return problem

    def get(self) -> dict[str, Any]:
        response = self.client.get(self.url, headers=self.scorer)
        assert response.status_code == 200
        return response.get_json()

    def hands(self) -> list[dict[str, Any]]:
        return self.client.get(f"{self.url}/hands", headers=self.scorer).get_json()["hands"]


def open_match(client: FlaskClient, players: list[str] | None = None, rules: dict[str, str] | None = None,
               **fields: Any) -> Match:
    body: dict[str, Any] = {"game": "dreierles", "players": players or THREE, **fields}
    if rules is not None:
        body["rules"] = rules
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.get_json()
    return Match(client, response.get_json())


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
_CODE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\{|\}")


def assert_german(text: str, english: str | None = None) -> None:
    """A sentence a German-speaking player reads: German words, no English ones, no codes
    (``dl_sitting_out``) or unfilled ``{placeholders}``, and not the English sentence."""
    assert text and text.strip() == text, text
    words = set(re.findall(r"[A-Za-zÄÖÜäöüß]+", text))
    assert words & _GERMAN_WORDS, f"no German in {text!r}"
    assert not words & _ENGLISH_WORDS, f"English in {text!r}: {words & _ENGLISH_WORDS}"
    assert not _CODE.search(text), f"a code in {text!r}"
    if english is not None:
        assert text != english
