"""Tournaments through the API: creating one, the organiser's entries (sales, refunds, the
commit, a computed draw and one with real pots), a stale seq, a retried entry, who may
write, and bodies that are refused without a 500."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from api.idempotency import CREATE_KEY_MIN
from engine.tournament import computed_draw
from tests.api.conftest import assert_problem, bearer
from tests.api.tournament.conftest import create, new_seed, real_pots, sha

GERMAN = {"Accept-Language": "de"}

# --- creating ------------------------------------------------------------------------------


def test_a_new_tournament_is_in_sales_with_tokens_and_links(api: FlaskClient) -> None:
    response = api.post("/api/tournaments", json={"name": "  Kirtag  ", "cards": 16, "max_per_player": 2,
                                                  "prizes": 4, "multiple_prizes": False,
                                                  "match_rules": {"variant": "schnapsen", "bummerl": "3"}})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert response.headers["Location"] == f"/api/tournaments/{created['id']}"
    assert created["name"] == "Kirtag"
    assert created["config"] == {"cards": 16, "max_per_player": 2, "prizes": 4, "multiple_prizes": False,
                                 "game": "sixtysix"}
    # the tables always play in tournament mode to two Bummerl; the rest are defaults filled in
    assert created["match_rules"]["variant"] == "schnapsen"
    assert (created["match_rules"]["tournament"], created["match_rules"]["bummerl"]) == ("true", "2")
    assert {"wrong_claim", "closing", "tie", "style"} <= created["match_rules"].keys()
    assert (created["revision"], created["next_seq"], created["role"]) == (0, 1, "organiser")
    assert created["state"]["phase"] == "sales" and created["state"]["sold"] == 0
    organiser, viewer = created["organiser_token"], created["viewer_token"]
    assert organiser != viewer and min(len(organiser), len(viewer)) >= 22
    assert created["join_url"].endswith(f"/#/t/{created['id']}/{organiser}")
    assert created["view_url"].endswith(f"/#/t/{created['id']}/{viewer}")
    for token, role in ((organiser, "organiser"), (viewer, "viewer")):
        read = api.get(f"/api/tournaments/{created['id']}", headers=bearer(token))
        assert read.status_code == 200
        body = read.get_json()
        assert (body["role"], body["view_url"], body["name"]) == (role, created["view_url"], "Kirtag")
        assert "organiser_token" not in body and "viewer_token" not in body and "join_url" not in body


def test_defaults(api: FlaskClient) -> None:
    created = create(api, cards=32).created
    assert created["config"] == {"cards": 32, "max_per_player": 3, "prizes": 8, "multiple_prizes": True,
                                 "game": "sixtysix"}


@pytest.mark.parametrize(("body", "field"), [
    pytest.param({"cards": 24}, "cards", id="cards not a power of two"),
    pytest.param({"cards": 2}, "cards", id="too few cards"),
    pytest.param({"cards": 8, "max_per_player": 9}, "max_per_player", id="more per player than cards"),
    pytest.param({"cards": 8, "max_per_player": 0}, "max_per_player", id="none per player"),
    pytest.param({"cards": 8, "prizes": 0}, "prizes", id="no prize"),
    pytest.param({"cards": "8"}, "cards", id="cards as text"),
    pytest.param({"cards": 8, "multiple_prizes": 1}, "multiple_prizes", id="a number for a boolean"),
    pytest.param({"cards": 8, "name": ""}, "name", id="empty name"),
    pytest.param({"cards": 8, "name": "   "}, "name", id="blank name"),
    pytest.param({"cards": 8, "name": "x" * 61}, "name", id="name too long"),
    pytest.param({"cards": 8, "name": "Kirtag\u0000"}, "name", id="control character in the name"),
    pytest.param({"cards": 8, "name": "Kir\u200btag"}, "name", id="invisible character in the name"),
    pytest.param({"cards": 8, "match_rules": {"variant": "tarock"}}, "match_rules.variant", id="unknown variant"),
    pytest.param({"cards": 8, "match_rules": {"doubling": "yes"}}, "match_rules.doubling", id="unknown rule"),
    pytest.param({"cards": 8, "colour": "red"}, "colour", id="unknown field"),
])
def test_a_bad_creation_names_the_field(api: FlaskClient, body: dict[str, Any], field: str) -> None:
    problem = assert_problem(api.post("/api/tournaments", json={"name": "Kirtag", **body}, headers=GERMAN), 422)
    assert field in problem["errors"], problem


def test_a_long_name_fits_and_a_sixty_first_character_does_not(api: FlaskClient) -> None:
    assert create(api, name="Ö" * 60).created["name"] == "Ö" * 60
    assert_problem(api.post("/api/tournaments", json={"name": "Ö" * 61, "cards": 8}), 422)


def test_creation_is_idempotent(api: FlaskClient) -> None:
    key = {"Idempotency-Key": "k" * CREATE_KEY_MIN + "-tournament"}
    body = {"name": "Kirtag", "cards": 8}
    first = api.post("/api/tournaments", json=body, headers=key)
    again = api.post("/api/tournaments", json=body, headers=key)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    assert first.headers["Location"] == again.headers["Location"] == f"/api/tournaments/{first.get_json()['id']}"
    assert_problem(api.post("/api/tournaments", json={**body, "cards": 16}, headers=key), 422,
                   "idempotency_key_reused")
    assert_problem(api.post("/api/tournaments", json=body, headers={"Idempotency-Key": "short"}), 400,
                   "idempotency_key_short")


def test_a_creation_key_is_scoped_to_tournaments(api: FlaskClient) -> None:
    """The same key creating a match and a tournament creates both: each kind keeps its own
    records (``api.creation``), so neither is taken for a replay of the other."""
    key = {"Idempotency-Key": "s" * CREATE_KEY_MIN + "-both"}
    match = api.post("/api/matches", json={"game": "sixtysix", "players": ["Anna", "Benno"]}, headers=key)
    tournament = api.post("/api/tournaments", json={"name": "Kirtag", "cards": 8}, headers=key)
    assert match.status_code == tournament.status_code == 201
    assert "scorer_token" in match.get_json() and "organiser_token" in tournament.get_json()
    again = api.post("/api/tournaments", json={"name": "Kirtag", "cards": 8}, headers=key)
    assert again.get_json()["organiser_token"] == tournament.get_json()["organiser_token"]


@pytest.mark.parametrize("body", [[], "Kirtag", 8, None, {"name": ["Kirtag"], "cards": 8},
                                  {"name": "Kirtag", "cards": 8, "match_rules": ["variant"]},
                                  {"name": "Kirtag", "cards": 8, "match_rules": {"variant": 1}},
                                  {"name": "Kirtag", "cards": 10**30}])
def test_junk_creations_are_refused(api: FlaskClient, body: Any) -> None:
    response = api.post("/api/tournaments", json=body)
    assert 400 <= response.status_code < 500, response.get_data(as_text=True)
    assert_problem(response, response.status_code)


# --- the organiser's entries ------------------------------------------------------------------


def test_sales_refunds_and_a_computed_draw(api: FlaskClient) -> None:
    tournament = create(api)
    tournament.buy(("Anna", 3), ("Benno", 1))
    refund = tournament.record({"kind": "refund", "player": "Anna", "cards": 1})
    assert refund["entry"] == {"kind": "refund", "player": "Anna", "cards": 1}
    assert refund["state"]["cards"] == {"Anna": 2, "Benno": 1} and refund["state"]["sold"] == 3
    problem = tournament.refuse({"kind": "draw", "seed": new_seed()}, 422)  # 3 of 8 sold, no commit either
    assert problem["rule"] == "R24"
    tournament.buy(("Carla", 2))
    seed = new_seed()
    committed = tournament.record({"kind": "commit", "hash": sha(seed)})
    assert committed["state"]["commit"] == {"hash": sha(seed)}
    problem = tournament.refuse({"kind": "draw", "seed": new_seed()}, 422)  # not the seed committed to
    assert problem["rule"] == "R24" and "seed" in problem["errors"]
    drawn = tournament.record({"kind": "draw", "seed": seed})
    state = drawn["state"]
    assert (state["phase"], state["round"], drawn["seq"], drawn["next_seq"]) == ("playing", 1, 6, 7)
    # anyone can recompute the draw from the seed: round 1 in purchase order
    assert state["rounds"][0]["numbers"] == computed_draw(seed, [("Anna", 2), ("Benno", 1), ("Carla", 2)], 8, True)
    assert len(state["pairings"]) == 4
    assert all(p["match_id"] is None for p in state["pairings"] + state["rounds"][0]["pairings"])
    assert [e["seq"] for e in tournament.entries()] == [1, 2, 3, 4, 5, 6]
    assert {e["source"] for e in tournament.entries()} == {"organiser"}
    problem = tournament.refuse({"kind": "buy", "player": "Dieter", "cards": 1}, 422)  # sales are closed
    assert problem["rule"] == "R24"


def test_a_draw_with_real_pots(api: FlaskClient) -> None:
    tournament = real_pots(api)
    pairings = tournament.state()["pairings"]
    assert [p["players"] for p in pairings] == [["Anna", "Benno"], ["Anna", "Carla"], ["Anna", "Dieter"],
                                                ["Benno", "Dieter"]]
    assert not any(p["bye"] or p["self"] for p in pairings)


def test_a_draw_with_real_pots_is_checked(api: FlaskClient) -> None:
    tournament = create(api)
    tournament.buy(("Anna", 3), ("Benno", 2), ("Carla", 1), ("Dieter", 2))
    # Benno draws R4 though the left pot still has numbers
    problem = tournament.refuse({"kind": "draw", "numbers": {"Anna": ["L1", "L2", "L3"], "Benno": ["R4", "L4"],
                                                             "Carla": ["R2"], "Dieter": ["R3", "R1"]}}, 422)
    assert problem["rule"] == "R24"


def test_a_result_by_hand_and_the_rules_refusals(api: FlaskClient) -> None:
    tournament = real_pots(api)
    answer = tournament.record({"kind": "result", "number": 1, "winner": "Benno"})
    pairing = answer["state"]["pairings"][0]
    assert (pairing["winner"], pairing["loser"], pairing["by"]) == ("Benno", "Anna", "hand")
    assert answer["state"]["cards"]["Anna"] == 2
    problem = tournament.refuse({"kind": "result", "number": 1, "winner": "Anna"}, 422)  # decided
    assert problem["rule"] == "R24" and problem["errors"]
    tournament.refuse({"kind": "result", "number": 2, "winner": "Dieter"}, 422)  # not at that table
    tournament.refuse({"kind": "result", "number": 9, "winner": "Anna"}, 422)  # no such table
    tournament.refuse({"kind": "draw", "seed": new_seed()}, 422)  # the round is not over
    german = tournament.post({"kind": "result", "number": 1, "winner": "Anna"}, headers=GERMAN).get_json()
    assert german["detail"] != problem["detail"]


def test_a_stale_seq_is_a_conflict_with_the_tournament_as_it_stands(api: FlaskClient) -> None:
    tournament = create(api)
    tournament.buy(("Anna", 1))
    problem = tournament.refuse({"kind": "buy", "player": "Benno", "cards": 1}, 409, "stale_seq", seq=1)
    assert (problem["next_seq"], problem["revision"], problem["version"]) == (2, 1, 1)
    assert problem["state"]["cards"] == {"Anna": 1}
    assert problem["recorded"]["body"] == {"kind": "buy", "player": "Anna", "cards": 1}
    assert problem["recorded"]["seq"] == 1
    ahead = tournament.refuse({"kind": "buy", "player": "Benno", "cards": 1}, 409, "stale_seq", seq=7)
    assert ahead["recorded"] is None
    german = tournament.post({"kind": "buy", "player": "Benno", "cards": 1}, seq=1, headers=GERMAN).get_json()
    assert "Eintrag" in german["detail"]


def test_a_retried_entry_is_recorded_once(api: FlaskClient) -> None:
    tournament = create(api)
    key = {"Idempotency-Key": "buy-anna-1"}
    first = tournament.post({"kind": "buy", "player": "Anna", "cards": 2}, headers=key)
    again = tournament.post({"kind": "buy", "player": "Anna", "cards": 2}, headers=key)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    assert len(tournament.entries()) == 1 and tournament.state()["cards"] == {"Anna": 2}
    assert_problem(tournament.post({"kind": "buy", "player": "Anna", "cards": 1}, headers=key), 422,
                   "idempotency_key_reused")


def test_who_may_read_and_write(api: FlaskClient) -> None:
    tournament, other = create(api), create(api)
    buy = {"seq": 1, "kind": "buy", "player": "Anna", "cards": 1}
    entries = f"{tournament.url}/entries"
    assert_problem(api.post(entries, json=buy, headers=tournament.viewer), 403, "tournament_read_only")
    assert_problem(api.post(entries, json=buy), 401, "tournament_no_token")
    assert_problem(api.post(entries, json=buy, headers=bearer("no-such-token")), 401, "bad_token")
    assert_problem(api.post(entries, json=buy, headers=other.organiser), 404, "no_tournament")
    assert_problem(api.get(tournament.url, headers=other.viewer), 404, "no_tournament")
    assert_problem(api.get("/api/tournaments/no\u0000such", headers=tournament.viewer), 404)
    assert_problem(api.get(f"{tournament.url}/entries", headers=bearer("x")), 401)
    assert tournament.entries() == [] and tournament.state()["sold"] == 0
    # a viewer reads everything
    assert api.get(f"{tournament.url}/entries", headers=tournament.viewer).status_code == 200


def test_etag(api: FlaskClient) -> None:
    tournament = create(api)
    first = api.get(tournament.url, headers=tournament.viewer)
    tag = first.headers["ETag"]
    assert api.get(tournament.url, headers={**tournament.viewer, "If-None-Match": tag}).status_code == 304
    tournament.buy(("Anna", 1))
    assert api.get(tournament.url, headers={**tournament.viewer, "If-None-Match": tag}).status_code == 200


@pytest.mark.parametrize("body", [
    [], "buy", 7, None, {}, {"seq": 1}, {"seq": 1, "kind": "sell"}, {"seq": 1, "kind": 5},
    {"seq": 1, "kind": "buy"}, {"seq": 1, "kind": "buy", "player": "Anna", "cards": "2"},
    {"seq": 1, "kind": "buy", "player": "Anna", "cards": 0}, {"seq": 1, "kind": "buy", "player": "Anna", "cards": 1.5},
    {"seq": 1, "kind": "buy", "player": "Anna", "cards": 10**40}, {"seq": 1, "kind": "buy", "player": "", "cards": 1},
    {"seq": 1, "kind": "buy", "player": "A\u0007", "cards": 1}, {"seq": 1, "kind": "buy", "player": ["A"], "cards": 1},
    {"seq": 1, "kind": "buy", "player": "Anna", "cards": 1, "paid": True}, {"seq": "1", "kind": "commit"},
    {"seq": 1, "kind": "commit", "hash": "ABC"}, {"seq": 1, "kind": "commit", "hash": "g" * 64},
    {"seq": 1, "kind": "draw"}, {"seq": 1, "kind": "draw", "seed": "short"},
    {"seq": 1, "kind": "draw", "seed": "x" * 20, "numbers": {"Anna": ["L1"]}},
    {"seq": 1, "kind": "draw", "numbers": {"Anna": "L1"}}, {"seq": 1, "kind": "draw", "numbers": {"Anna": ["X1"]}},
    {"seq": 1, "kind": "draw", "numbers": []}, {"seq": 1, "kind": "result", "number": 1},
    {"seq": 1, "kind": "result", "number": 1, "winner": "Anna", "match": "abc"},
    {"seq": 1, "kind": "result", "number": -1, "winner": "Anna", "replace": "yes"},
    {"seq": 1, "kind": "settle", "order": "Anna"}, {"seq": 1, "kind": "settle", "order": [1, 2]},
    {"seq": -5, "kind": "buy", "player": "Anna", "cards": 1}, {"seq": 10**30, "kind": "buy", "player": "A", "cards": 1},
])
def test_junk_entries_are_refused_without_a_500(api: FlaskClient, body: Any) -> None:
    tournament = create(api)
    response = tournament.post(body, seq=None) if not isinstance(body, dict) else api.post(
        f"{tournament.url}/entries", json=body, headers=tournament.organiser)
    assert 400 <= response.status_code < 500, response.get_data(as_text=True)
    assert_problem(response, response.status_code)
    assert tournament.entries() == []


def test_a_body_that_is_not_json(api: FlaskClient) -> None:
    tournament = create(api)
    response = api.post(f"{tournament.url}/entries", data="{seq: 1", content_type="application/json",
                        headers=tournament.organiser)
    assert_problem(response, 400, "not_json")
