"""What Dreeg's phone draws from before a match (GET /api/games, ``facts``): the four kinds of
sub-game (R1) and the tricks of a hand by the number of active players (24 cards dealt out),
the engine's, so the referee's replay offers as many tricks as the hand has."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.dreeg import SubGame
from engine.dreeg.rules import TRICKS_PER_HAND
from tests.api.conftest import open_game

PLAYERS = ["Anna", "Benno", "Carla", "Dieter"]


@pytest.fixture
def dreeg(client: FlaskClient) -> dict[str, Any]:
    return next(g for g in client.get("/api/games").get_json()["games"] if g["name"] == "dreeg")


def test_the_catalogue_names_the_four_kinds_of_sub_game_R1(dreeg: dict) -> None:
    assert dreeg["facts"]["subgames"] == ["deutsch", "ace_of_hearts", "rufen", "kamerun"]
    assert dreeg["facts"]["subgames"] == [s.value for s in SubGame]


@pytest.mark.parametrize(("players", "tricks"), [
    pytest.param(2, 12, id="two players: twelve tricks"),
    pytest.param(3, 8, id="three players: eight tricks"),
    pytest.param(4, 6, id="four players: six tricks"),
])
def test_the_catalogue_carries_the_tricks_of_a_hand_by_players_R2(client: FlaskClient, dreeg: dict, players: int,
                                                                  tricks: int) -> None:
    assert dreeg["facts"]["tricks"][str(players)] == tricks == TRICKS_PER_HAND[players]
    needs = open_game(client, "dreeg", PLAYERS[:players]).state()["needs"]
    assert needs["sums"]["tricks"] == tricks  # what a match's form asks agrees


def test_the_catalogue_has_a_trick_count_for_every_player_count(dreeg: dict) -> None:
    assert sorted(int(n) for n in dreeg["facts"]["tricks"]) == dreeg["players"]


def test_a_game_without_facts_lists_none(client: FlaskClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").get_json()["games"]}
    assert games["dreist"]["facts"] == {}
    spec = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    assert {"$ref": "#/components/schemas/DreegFacts"} in spec["FactsByGame"]["anyOf"]
    assert spec["DreegFacts"]["required"] == ["subgames", "tricks"]
