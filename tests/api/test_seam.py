"""The game seam: a game is plugged in by one line in each registry (engine.GAMES,
api.games.GAMES) and nothing else, and what the server shares with every game (the
catalogue, the network addresses, the engine's sentences for the phone)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from marshmallow import Schema, fields, post_load

import api.games
import api.network
import api.views.matches  # its OpenAPI lists are built on import: imported here before any game is plugged in
import engine
from api.games.base import GameApi
from api.schemas.fields import PlayerCounts, StrictInteger
from api.schemas.matches import NoteSchema
from engine.errors import RuleViolation
from engine.game import Column, Game, Note, Outcome, Slate, SlateRow
from engine.i18n import Sentences
from tests.api.conftest import PLAYERS, assert_problem, bearer
from tests.conftest import make_app

# --- a toy game: each round, every player notes some points; the totals add up ------------------


@dataclass(frozen=True, slots=True)
class TallyEntry:
    points: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class TallyState:
    players: tuple[str, ...]
    rules: Mapping[str, str]
    totals: tuple[int, ...]
    rounds: int = 0


@dataclass(frozen=True, slots=True)
class TallyResult:
    points: Mapping[str, int]
    notes: tuple[Note, ...] = field(default=())


SLATE_WORDS = Sentences("tally_slate", {"tally_slate_points": {"en": "points", "de": "Punkte"},
                                        "tally_slate_round": {"en": "Round", "de": "Runde"}})


class TallySlate(Slate[TallyState, TallyEntry, TallyResult]):
    """The toy game's slate, in its own place: the round, and each player's points and total."""

    def columns(self, start: TallyState) -> tuple[Column, ...]:
        return (Column("round", "tally_slate_round"), Column("points", "tally_slate_points", per_player=True))

    def row(self, before: TallyState, entry: TallyEntry, outcome: Outcome[TallyState, TallyResult]) -> SlateRow:
        return SlateRow({"round": outcome.state.rounds}, {"points": dict(outcome.result.points)}, ())


class Tally(Game[TallyState, TallyEntry, TallyResult]):
    name = "tally"
    title = MappingProxyType({"en": "Tally", "de": "Strichliste"})
    player_counts = (2, 3)
    slate = TallySlate()

    def start(self, players: Sequence[str], *, rules: Mapping[str, str] | None = None,
              dealer: str | None = None) -> TallyState:
        names = self.check_players(players)
        return TallyState(names, self.resolve_rules(rules), (0,) * len(names))

    def apply(self, state: TallyState, entry: TallyEntry) -> Outcome[TallyState, TallyResult]:
        for name in entry.points:
            if name not in state.players:
                raise RuleViolation("unknown_player", field=f"points.{name}", name=name)
        totals = tuple(t + entry.points.get(p, 0) for p, t in zip(state.players, state.totals))
        return Outcome(replace(state, totals=totals, rounds=state.rounds + 1), TallyResult(dict(entry.points)))

    def given(self, entry: TallyEntry) -> tuple[str, ...]:
        return ("points",)

    def needs(self, state: TallyState) -> dict[str, Any]:
        return {"fields": ["points"], "players": list(state.players)}

    def state_to_json(self, state: TallyState) -> dict[str, Any]:
        return {"players": list(state.players), "rules": dict(state.rules),
                "totals": dict(zip(state.players, state.totals)), "rounds": state.rounds, "needs": self.needs(state)}

    def state_from_json(self, data: Mapping[str, Any]) -> TallyState:
        players = tuple(data["players"])
        return TallyState(players, dict(data["rules"]), tuple(data["totals"][p] for p in players), data["rounds"])

    def result_to_json(self, result: TallyResult) -> dict[str, Any]:
        return {"points": dict(result.points), "notes": [n.to_json() for n in result.notes]}


class TallyEntrySchema(Schema):
    seq = StrictInteger(required=True)
    points = PlayerCounts(required=True)

    @post_load
    def make_entry(self, data: dict[str, Any], **kwargs: Any) -> tuple[int | None, TallyEntry]:
        return data.get("seq"), TallyEntry(points=data["points"])


class TallyStateSchema(Schema):
    players = fields.List(fields.String())
    rules = fields.Dict(keys=fields.String(), values=fields.String())
    totals = PlayerCounts()
    rounds = fields.Integer()
    needs = fields.Dict()


class TallyResultSchema(Schema):
    points = PlayerCounts()
    notes = fields.List(fields.Nested(NoteSchema))


TALLY = Tally()
TALLY_API = GameApi(name="tally", entry=TallyEntrySchema, state=TallyStateSchema, result=TallyResultSchema)


@pytest.fixture
def plugged(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy game in both registries (and nowhere else) for one test."""
    monkeypatch.setitem(engine.GAMES, TALLY.name, TALLY)
    monkeypatch.setitem(api.games.GAMES, TALLY_API.name, TALLY_API)
    yield
    monkeypatch.undo()
    assert TALLY.name not in engine.GAMES and TALLY.name not in api.games.GAMES


@pytest.fixture
def tally_app(plugged: None, tmp_path: Path) -> Flask:
    """An app created after the toy game was plugged in."""
    return make_app(tmp_path / "tally.sqlite3")


def test_a_plugged_in_game_has_matches_and_hands(tally_app: Flask) -> None:
    client = tally_app.test_client()
    created = client.post("/api/matches", json={"game": "tally", "players": ["Anna", "Benno"]})
    assert created.status_code == 201, created.get_json()
    match = created.get_json()
    assert match["game"] == "tally"
    assert match["state"]["totals"] == {"Anna": 0, "Benno": 0}
    url, scorer = f"/api/matches/{match['id']}/hands", bearer(match["scorer_token"])

    written = client.post(url, json={"seq": 1, "points": {"Anna": 3, "Benno": 1}}, headers=scorer)
    assert written.status_code == 201, written.get_json()
    answer = written.get_json()
    assert answer["hand"]["points"] == {"Anna": 3, "Benno": 1} and answer["hand"]["seq"] == 1
    assert answer["hand"]["result"] == {"points": {"Anna": 3, "Benno": 1}, "notes": []}
    assert answer["state"]["totals"] == {"Anna": 3, "Benno": 1} and answer["next_seq"] == 2

    client.post(url, json={"seq": 2, "points": {"Anna": 1, "Benno": 4}}, headers=scorer)
    hands = client.get(url, headers=scorer).get_json()["hands"]
    assert [(h["seq"], h["points"]) for h in hands] == [(1, {"Anna": 3, "Benno": 1}), (2, {"Anna": 1, "Benno": 4})]
    read = client.get(f"/api/matches/{match['id']}", headers=scorer).get_json()
    assert read["state"]["totals"] == {"Anna": 4, "Benno": 5} and read["version"] == 2

    voided = client.post(f"{url}/1/void", headers=scorer)  # folded again through the toy game
    assert voided.status_code == 200, voided.get_json()
    assert voided.get_json()["state"]["totals"] == {"Anna": 1, "Benno": 4}

    refused = client.post(url, json={"seq": 3, "points": {"Zoe": 2}}, headers=scorer)
    assert assert_problem(refused, 422, "unknown_player")["errors"].keys() == {"points.Zoe"}
    typo = client.post(url, json={"seq": 3, "pionts": {"Anna": 2}}, headers=scorer)
    assert assert_problem(typo, 422, "invalid_fields")["errors"].keys() >= {"pionts"}


def test_a_plugged_in_game_writes_its_slate(tally_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its columns come from its own slate; without one, a spreadsheet still lists its hands."""
    client = tally_app.test_client()
    match = client.post("/api/matches", json={"game": "tally", "players": ["Anna", "Benno"]}).get_json()
    url, scorer = f"/api/matches/{match['id']}", bearer(match["scorer_token"])
    for seq, points in enumerate(({"Anna": 3, "Benno": 1}, {"Anna": 1, "Benno": 4}), start=1):
        client.post(f"{url}/hands", json={"seq": seq, "points": points}, headers=scorer)
    text = client.get(f"{url}/export.slate.csv?lang=de", headers=scorer).get_data().decode("utf-8-sig")
    table = [line.split(";") for line in text.splitlines()]
    assert table[0] == ["Nr.", "Eingetragen", "Runde", "Anna: Punkte", "Benno: Punkte", "Ergebnis"]
    assert [row[:1] + row[2:] for row in table[1:]] == [["1", "1", "3", "1", ""], ["2", "2", "1", "4", ""]]
    monkeypatch.setattr(Tally, "slate", None)
    text = client.get(f"{url}/export.slate.csv?lang=en", headers=scorer).get_data().decode("utf-8-sig")
    assert [line.split(",")[0] for line in text.splitlines()] == ["No.", "1", "2"]
    assert text.splitlines()[0] == "No.,Entered,Result"


def test_a_plugged_in_game_is_in_the_catalogue(tally_app: Flask) -> None:
    games = {g["name"]: g for g in tally_app.test_client().get("/api/games").get_json()["games"]}
    assert games["tally"]["available"] is True and games["tally"]["referee"] == []
    assert games["tally"]["title"] == {"en": "Tally", "de": "Strichliste"}


def test_the_openapi_document_lists_a_plugged_in_games_schemas(tally_app: Flask) -> None:
    spec = tally_app.test_client().get("/api/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    assert {"TallyEntry", "TallyState", "TallyResult"} <= schemas.keys()
    assert "points" in schemas["TallyEntry"]["properties"]


def test_the_hands_endpoints_offer_a_plugged_in_games_schemas(tally_app: Flask) -> None:
    spec = tally_app.test_client().get("/api/openapi.json").get_json()
    hands = spec["paths"]["/api/matches/{match_id}/hands"]
    components = spec["components"]["schemas"]

    def one_of(schema: dict[str, Any]) -> list[str]:
        component = components[schema["$ref"].rsplit("/", 1)[1]]
        return [ref["$ref"] for ref in component.get("oneOf") or component["anyOf"]]

    body = hands["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert one_of(body) == ["#/components/schemas/DreegEntry", "#/components/schemas/SixtysixEntry",
                            "#/components/schemas/DreierlesEntry", "#/components/schemas/DreistEntry",
                            "#/components/schemas/TallyEntry"]
    listed = hands["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert "#/components/schemas/TallyHands" in one_of(listed)
    written = hands["post"]["responses"]["201"]["content"]["application/json"]["schema"]
    assert "#/components/schemas/TallyHandWritten" in one_of(written)
    match = spec["paths"]["/api/matches/{match_id}"]["get"]["responses"]["200"]["content"]["application/json"]
    assert components["MatchByGame"]["discriminator"]["mapping"]["tally"] == "#/components/schemas/TallyMatch"
    assert match["schema"] == {"$ref": "#/components/schemas/MatchByGame"}


def test_unplugged_the_toy_game_is_unknown(client: FlaskClient) -> None:
    assert "tally" not in engine.GAMES and "tally" not in api.games.GAMES
    refused = client.post("/api/matches", json={"game": "tally", "players": ["Anna", "Benno"]})
    assert assert_problem(refused, 422, "unknown_game")["errors"].keys() == {"game"}


# --- the catalogue --------------------------------------------------------------------------


def test_games_list_the_referees_questions(client: FlaskClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").get_json()["games"]}
    assert games["dreeg"]["referee"] == ["hand", "play"]
    assert games["sixtysix"]["referee"] == ["actions", "hand", "play", "stock"]
    assert games["dreierles"]["referee"] == ["count"]
    assert games["dreist"]["referee"] == ["dreist", "egon"]


# --- the server on the local network ----------------------------------------------------------


@pytest.fixture
def local_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Flask:
    """A server started without a public URL, on a machine whose LAN address is 192.168.1.20."""
    monkeypatch.setattr(api.network, "_own_ipv4", lambda: {"192.168.1.20"})
    return make_app(tmp_path / "local.sqlite3", KREIDE_PUBLIC_URL=None)


@pytest.mark.parametrize(("base_url", "addresses"), [
    pytest.param("http://localhost:8000", ["http://192.168.1.20:8000"], id="asked on localhost: the LAN address"),
    pytest.param("http://127.0.0.1:5000", ["http://192.168.1.20:5000"], id="asked on 127.0.0.1: same port"),
    pytest.param("http://kreide.test", [], id="asked on a real host name: none"),
    pytest.param("http://192.168.1.20:8000", [], id="asked on the LAN address itself: none"),
])
def test_network_addresses(local_app: Flask, base_url: str, addresses: list[str]) -> None:
    response = local_app.test_client().get("/api/network", base_url=base_url)
    assert response.status_code == 200
    assert response.get_json() == {"addresses": addresses}


def test_network_addresses_with_a_public_url_are_none(client: FlaskClient) -> None:
    assert client.get("/api/network", base_url="http://localhost:8000").get_json() == {"addresses": []}
    assert client.get("/api/network", base_url="http://kreide.test").get_json() == {"addresses": []}


@pytest.mark.parametrize(("base", "status"), [
    pytest.param("http://192.168.1.20:8000", 200, id="the server's own LAN address"),
    pytest.param("http://192.168.1.20:8000/", 200, id="the same with a trailing slash"),
    pytest.param("http://evil.example", 422, id="someone else's address"),
    pytest.param("http://192.168.1.21:8000", 422, id="a neighbour on the same network"),
    pytest.param("http://192.168.1.20:9999", 422, id="the right machine on another port"),
])
def test_qr_code_base_must_be_the_servers_address(local_app: Flask, base: str, status: int) -> None:
    client = local_app.test_client()
    created = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS},
                          base_url="http://localhost:8000").get_json()
    response = client.get(f"/api/matches/{created['id']}/qr.svg", query_string={"base": base},
                          headers=bearer(created["scorer_token"]), base_url="http://localhost:8000")
    if status == 200:
        assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    else:
        assert assert_problem(response, 422, "invalid_fields")["errors"].keys() == {"base"}


# --- what the phone shares with the engine ---------------------------------------------------------


def exported(module: str, name: str) -> Any:
    found = re.search(rf"^export const {name} = (.*);$", module, flags=re.MULTILINE)
    assert found, f"{name} is not exported"
    return json.loads(found.group(1))


def test_shared_js_exports_the_engines_sentences_and_notation(client: FlaskClient) -> None:
    response = client.get("/shared.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    module = response.get_data(as_text=True)
    sentences = exported(module, "SENTENCES")
    assert set(sentences) == {"en", "de"}
    assert sentences["de"]["subgame_ace_of_hearts"] == "Herz-Ass"
    assert sentences["en"]["card_name"] == "{rank} of {suit}" and sentences["de"]["card_name"] == "{suit}-{rank}"
    assert sentences["de"]["suit_H"] == "Herz" and sentences["en"]["rank_K"] == "King"
    assert sentences["en"].keys() == sentences["de"].keys()
    assert "claim_too_late" not in sentences["en"]  # only the tables marked shared go to the phone
    notation = exported(module, "NOTATION")
    assert notation["german"]["suits"]["HERZ"] == "H" and notation["german"]["ranks"]["OBER"] == "O"
    assert exported(module, "GAME_CARDS") == {"dreeg": "german", "sixtysix": "german", "dreierles": "cego",
                                              "dreist": "dreist"}
    # the games with styles of their own (pwa/games/<game>/style.css)
    css = {p.parent.name for p in (Path(__file__).resolve().parents[2] / "pwa" / "games").glob("*/style.css")}
    assert exported(module, "GAME_STYLES") == sorted(css & set(engine.GAMES))
    assert "sixtysix" in exported(module, "GAME_STYLES")
