"""Issue 18, items 16 and 17 at the API: a player's cards told apart in the state (additive
fields beside the old ones), the CSV export and an older snapshot; the seed of the next draw
in no answer of any kind before that draw reveals it."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from flask.testing import FlaskClient
from sqlalchemy import update

from api.extensions import db
from api.models import Tournament
from tests.api.tournament.conftest import Tournament as Handle
from tests.api.tournament.conftest import create, new_seed, sha
from tests.api.tournament.test_tables import next_event, tournament_events

W, M, H, S, R = "Wastl", "Mirl", "Hias", "Sepp", "Resi"


def eight_with_two_cards(api: FlaskClient) -> Handle:
    """Eight cards: Wastl 2, Mirl 1, Hias 2, Sepp 1, Resi 2, drawn with real pots:
    Wastl L1 L3 | Mirl L2 | Hias L4 R1 | Sepp R2 | Resi R3 R4, so the tables are
    1 Wastl 1 - Hias 2, 2 Mirl - Sepp, 3 Wastl 2 - Resi 1, 4 Hias 1 - Resi 2."""
    tournament = create(api, cards=8)
    tournament.buy((W, 2), (M, 1), (H, 2), (S, 1), (R, 2))
    tournament.record({"kind": "draw", "numbers": {W: ["L1", "L3"], M: ["L2"], H: ["L4", "R1"], S: ["R2"],
                                                   R: ["R3", "R4"]}})
    return tournament


def cards(pairing: dict[str, Any]) -> list[tuple[str, int | None]]:
    return [(card["player"], card["card"]) for card in pairing["cards"]]


def test_each_pairing_names_its_cards_beside_its_players(api: FlaskClient) -> None:
    tournament = eight_with_two_cards(api)
    state = tournament.state()
    assert [cards(p) for p in state["pairings"]] == [
        [(W, 1), (H, 2)], [(M, None), (S, None)], [(W, 2), (R, 1)], [(H, 1), (R, 2)]]
    assert [p["players"] for p in state["pairings"]] == [[W, H], [M, S], [W, R], [H, R]]  # as before
    assert state["rounds"][0]["pairings"][2]["cards"] == state["pairings"][2]["cards"]
    assert {p["name"]: p["held_cards"] for p in state["players"]} == {W: [1, 2], M: None, H: [1, 2], S: None,
                                                                       R: [1, 2]}
    assert {p["name"]: (p["bought"], p["cards"]) for p in state["players"]} == {
        W: (2, 2), M: (1, 1), H: (2, 2), S: (1, 1), R: (2, 2)}


def test_the_prize_band_names_its_cards_and_who_is_still_in(api: FlaskClient) -> None:
    tournament = eight_with_two_cards(api)
    for number, winner in ((1, H), (2, M), (3, W), (4, H)):
        tournament.record({"kind": "result", "number": number, "winner": winner})
    state = tournament.state()
    # round 1's fallen cards take 5-8, by table: Wastl 1 (still in with 2), Sepp, Resi 1 and 2 (out)
    assert state["prizes"] == [
        {"place": 5, "places": [5, 8], "player": W, "card": 1, "still_in": [2]},
        {"place": 6, "places": [5, 8], "player": S, "card": None, "still_in": []},
        {"place": 7, "places": [5, 8], "player": R, "card": 1, "still_in": []},
        {"place": 8, "places": [5, 8], "player": R, "card": 2, "still_in": []},
    ]
    assert {p["name"]: p["held_cards"] for p in state["players"]} == {W: [2], M: None, H: [1, 2], S: None, R: []}
    assert [[c["fell"] for c in p["cards"]] for p in state["pairings"]] == [
        [True, False], [False, True], [False, True], [False, True]]


def test_the_csv_export_tells_the_cards_apart(api: FlaskClient) -> None:
    tournament = eight_with_two_cards(api)
    for number, winner in ((1, H), (2, M), (3, W), (4, H)):
        tournament.record({"kind": "result", "number": number, "winner": winner})
    text = api.get(f"{tournament.url}/export.csv", headers=tournament.viewer).get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["round", "table", "left", "right", "bye", "self", "winner", "decided_by", "match_id",
                       "left_card", "right_card"]
    blank = rows.index([])
    assert [(row[2], row[9], row[3], row[10]) for row in rows[1:blank]] == [
        (W, "1", H, "2"), (M, "", S, ""), (W, "2", R, "1"), (H, "1", R, "2")]
    assert rows[blank + 1] == ["place", "places", "player", "card"]
    assert rows[blank + 2:] == [["5", "5-8", W, "1"], ["6", "5-8", S, ""], ["7", "5-8", R, "1"], ["8", "5-8", R, "2"]]


def test_a_snapshot_written_before_card_numbers_answers_with_them(api: FlaskClient) -> None:
    tournament = eight_with_two_cards(api)
    tournament.record({"kind": "result", "number": 3, "winner": W})
    now = tournament.get()
    old = json.loads(json.dumps(now["state"]))
    for player in old["players"]:
        del player["held_cards"]
    for pairing in [*old["pairings"], *(p for r in old["rounds"] for p in r["pairings"])]:
        del pairing["cards"]
        pairing.pop("match_id", None)
    for prize in old["prizes"]:
        del prize["card"], prize["still_in"]
    with api.application.app_context():
        db.session.execute(update(Tournament).where(Tournament.id == tournament.id).values(state=old))
        db.session.commit()
    assert tournament.get() == now


# --- item 17: the seed is secret until the draw ----------------------------------------------


def every_answer(api: FlaskClient, tournament: Handle) -> dict[str, str]:
    """The text of every answer a token holder can get about the tournament."""
    url = tournament.url
    answers = {}
    for role, headers in (("organiser", tournament.organiser), ("viewer", tournament.viewer)):
        answers[f"GET {role}"] = api.get(url, headers=headers).get_data(as_text=True)
        answers[f"entries {role}"] = api.get(f"{url}/entries", headers=headers).get_data(as_text=True)
        answers[f"csv {role}"] = api.get(f"{url}/export.csv", headers=headers).get_data(as_text=True)
        with tournament_events(api, url, headers) as stream:
            answers[f"events {role}"] = json.dumps(next_event(stream), ensure_ascii=False)
    answers["stale"] = tournament.post({"kind": "buy", "player": "Zenzi", "cards": 1}, seq=1).get_data(as_text=True)
    answers["written"] = json.dumps(tournament.answers, ensure_ascii=False)
    return answers


def test_the_seed_is_in_no_answer_before_the_draw(api: FlaskClient) -> None:
    tournament = create(api, cards=8)
    tournament.buy((W, 2), (M, 1), (H, 2), (S, 1))
    seed = new_seed()
    tournament.record({"kind": "commit", "hash": sha(seed)})
    answers = every_answer(api, tournament)
    assert all(sha(seed) in answers[f"{kind} {role}"] for kind in ("GET", "events", "entries")
               for role in ("organiser", "viewer"))  # the hash is public
    for where, text in answers.items():
        assert seed not in text, f"the seed shows in {where} before the draw"
    tournament.record({"kind": "draw", "seed": seed})
    assert tournament.state()["rounds"][0]["seed"] == seed  # the draw reveals it
    following = new_seed()  # the next round's commitment, published at once
    tournament.record({"kind": "commit", "hash": sha(following)})
    for where, text in every_answer(api, tournament).items():
        assert following not in text, f"the next seed shows in {where} before its draw"
    assert seed in every_answer(api, tournament)["GET viewer"]
