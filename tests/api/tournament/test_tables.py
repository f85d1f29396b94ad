"""A tournament's tables: opening a pairing's sixtysix match (the same one again when the
organiser asks again), the match's finish recording the result, the refusals when a
match and a result would contradict each other, the board's stream waking on a deal,
the board's match summaries, the QR codes and the CSV export."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from api.extensions import db
from tests.api.conftest import assert_problem, bearer
from tests.api.tournament.conftest import claim_by, create, new_seed, real_pots, sha, win_match
from tests.conftest import make_app

GERMAN = {"Accept-Language": "de"}
CHUNKS = 500


# --- opening a table's match ----------------------------------------------------------------


def test_opening_a_tables_match_twice_gives_the_same_match(api: FlaskClient) -> None:
    tournament = real_pots(api)
    first = tournament.table(2)
    assert first.status_code == 201, first.get_json()
    opened = first.get_json()
    assert first.headers["Location"] == f"/api/matches/{opened['match_id']}"
    match = opened["match"]
    assert (opened["round"], opened["number"], match["id"]) == (1, 2, opened["match_id"])
    assert (match["game"], match["players"]) == ("sixtysix", ["Anna", "Carla"])
    assert (match["rules"]["tournament"], match["rules"]["bummerl"]) == ("true", "2")
    assert opened["join_url"].endswith(f"/#/m/{match['id']}/{opened['scorer_token']}")
    assert opened["view_url"].endswith(f"/#/m/{match['id']}/{opened['viewer_token']}")
    # the organiser lost the QR: the same match and links, nothing new
    again = tournament.table(2)
    assert again.status_code == 200
    assert {k: again.get_json()[k] for k in ("match_id", "join_url", "view_url", "scorer_token")} == {
        k: opened[k] for k in ("match_id", "join_url", "view_url", "scorer_token")}
    # the tokens open the match
    read = api.get(f"/api/matches/{match['id']}", headers=bearer(opened["scorer_token"]))
    assert read.status_code == 200 and read.get_json()["access"] == "scorer"
    state = tournament.state()
    assert [p["match_id"] for p in state["pairings"]] == [None, match["id"], None, None]
    assert state["rounds"][0]["pairings"][1]["match_id"] == match["id"]
    assert tournament.get()["last_change"] == {"action": "open", "number": 2, "match_id": match["id"]}


def test_no_match_for_a_bye_a_self_pairing_or_an_unknown_table(api: FlaskClient) -> None:
    # four cards, Anna holds three: the left pot is hers, her third card must come from
    # the right pot, where every number is hers: she meets herself (R24), whatever the seed
    selfish = create(api, cards=4)
    selfish.buy(("Anna", 3), ("Benno", 1))
    selfish.draw()
    pairings = selfish.state()["pairings"]
    alone = next(p for p in pairings if p["self"])
    assert_problem(selfish.table(alone["number"]), 409, "pairing_self")
    assert_problem(selfish.table(3), 422, "no_pairing")
    assert_problem(selfish.table(99), 422, "no_pairing")
    # eight cards, four sold, one each: every number of the right pot is a bye
    byes = create(api, cards=8)
    byes.buy(("Anna", 1), ("Benno", 1), ("Carla", 1), ("Dieter", 1))
    byes.draw()
    assert all(p["bye"] for p in byes.state()["pairings"])
    problem = assert_problem(api.post(f"{byes.url}/pairings/1/match", headers={**byes.organiser, **GERMAN}), 409,
                             "pairing_bye")
    assert "Freilos" in problem["detail"]
    # before the draw there is no table at all
    sales = create(api)
    assert_problem(sales.table(1), 409, "tournament_not_playing")
    assert [p["match_id"] for p in byes.state()["pairings"]] == [None] * 4


def test_no_match_for_a_table_decided_by_hand(api: FlaskClient) -> None:
    tournament = real_pots(api)
    tournament.record({"kind": "result", "number": 1, "winner": "Benno"})
    assert_problem(tournament.table(1), 409, "pairing_decided")


def test_only_the_organiser_opens_a_match(api: FlaskClient) -> None:
    tournament = real_pots(api)
    assert_problem(api.post(f"{tournament.url}/pairings/1/match", headers=tournament.viewer), 403)
    assert_problem(api.post(f"{tournament.url}/pairings/1/match"), 401)
    assert tournament.state()["pairings"][0]["match_id"] is None


# --- the match records the result ----------------------------------------------------------


def test_a_finished_match_records_the_result(api: FlaskClient) -> None:
    tournament = real_pots(api)
    _, match = tournament.open_table(4)  # Benno - Dieter
    before = tournament.get()
    answer = match.record(claim_by("Dieter", "Benno"))
    after = tournament.get()
    assert after["revision"] == before["revision"] + 1 and after["next_seq"] == before["next_seq"]
    assert after["last_change"] == {"action": "match", "number": 4, "match_id": match.created["id"], "seq": None}
    summary = after["state"]["pairings"][3]["match"]
    assert summary == {"score": answer["state"]["score"], "bummerl": {"Benno": 0, "Dieter": 0}, "deals": 1,
                       "finished": False, "winner": None}
    assert "match" not in after["state"]["pairings"][0]  # no match opened there
    last = win_match(match, "Dieter", deals=5)
    assert last["state"]["finished"] and last["state"]["winner"] == "Dieter"
    state = tournament.sync()["state"]
    pairing = state["pairings"][3]
    assert (pairing["winner"], pairing["loser"], pairing["by"]) == ("Dieter", "Benno", "match")
    assert pairing["match"]["finished"] and pairing["match"]["bummerl"] == {"Benno": 2, "Dieter": 0}
    assert state["cards"]["Benno"] == 1
    entry = tournament.entries()[-1]
    assert entry["source"] == "match" and entry["match_id"] == match.created["id"]
    assert entry["body"] == {"kind": "result", "number": 4, "winner": "Dieter", "match": match.created["id"]}
    # a result by hand for that table is refused by the engine: it is decided
    problem = tournament.refuse({"kind": "result", "number": 4, "winner": "Benno"}, 422)
    assert problem["rule"] == "R24"
    problem = tournament.refuse({"kind": "result", "number": 4, "winner": "Dieter", "replace": True}, 422)
    # the match that recorded the result can no longer change: no void, no replacement
    void = api.post(f"{match.url}/hands/6/void", headers={**match.scorer, **GERMAN})
    problem = assert_problem(void, 409, "tournament_result_recorded")
    assert "Dieter" in problem["detail"] and "Tisch 4" in problem["detail"]
    assert_problem(match.replace(1, claim_by("Benno", "Dieter")), 409, "tournament_result_recorded")
    assert match.state()["finished"] and len(tournament.entries()) == entry["seq"]
    assert_problem(api.delete(match.url, json={"confirm": match.created["id"], "exported_revision": 6},
                              headers=match.scorer), 409, "match_in_tournament")


def test_a_match_cannot_contradict_a_result_entered_by_hand(api: FlaskClient) -> None:
    tournament = real_pots(api)
    _, match = tournament.open_table(1)  # Anna - Benno
    for _ in range(5):
        match.record(claim_by("Anna", "Benno"))
    tournament.record({"kind": "result", "number": 1, "winner": "Benno"})  # the organiser thinks otherwise
    entries = len(tournament.entries())
    problem = match.refuse(claim_by("Anna", "Benno"), 409, "tournament_result_recorded")
    assert "Benno" in problem["detail"]
    assert len(tournament.entries()) == entries
    # a replacement that keeps the match running is fine; the pairing stays Benno's
    replaced = match.replace(5, claim_by("Benno", "Anna"))
    assert replaced.status_code == 200, replaced.get_json()
    assert tournament.pairing(1)["winner"] == "Benno"


def test_a_match_agreeing_with_a_result_by_hand_adds_nothing(api: FlaskClient) -> None:
    tournament = real_pots(api)
    _, match = tournament.open_table(3)  # Anna - Dieter
    tournament.record({"kind": "result", "number": 3, "winner": "Dieter"})
    entries = len(tournament.entries())
    last = win_match(match, "Dieter")
    assert last["state"]["winner"] == "Dieter"
    assert len(tournament.entries()) == entries
    assert tournament.pairing(3)["by"] == "hand"


def test_a_match_of_another_tournament_table_stays_apart(api: FlaskClient) -> None:
    """An ordinary sixtysix match in tournament mode, not opened for a table: nothing happens
    to any tournament (and it can be deleted)."""
    tournament = real_pots(api)
    response = api.post("/api/matches", json={"game": "sixtysix", "players": ["Anna", "Benno"],
                                              "rules": {"tournament": "true"}})
    scorer = bearer(response.get_json()["scorer_token"])
    url = f"/api/matches/{response.get_json()['id']}"
    before = tournament.get()
    for seq in range(1, 7):
        assert api.post(f"{url}/hands", json={"seq": seq, **claim_by("Anna", "Benno")},
                        headers=scorer).status_code == 201
    assert tournament.get() == before
    deleted = api.delete(url, json={"confirm": response.get_json()["id"], "exported_revision": 6}, headers=scorer)
    assert deleted.status_code == 204


# --- the board ------------------------------------------------------------------------------


@contextmanager
def tournament_events(client: FlaskClient, url: str, headers: dict[str, str]) -> Iterator[Iterator[bytes]]:
    response = client.get(f"{url}/events", headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "text/event-stream"
    try:
        yield iter(response.response)
    finally:
        response.close()


def next_event(stream: Iterator[bytes]) -> dict[str, Any]:
    for _ in range(CHUNKS):
        chunk = next(stream)
        if chunk.startswith(b":"):
            continue
        fields = dict(line.split(": ", 1) for line in chunk.decode().strip("\n").split("\n"))
        assert fields["event"] == "state"
        data: dict[str, Any] = json.loads(fields["data"])
        assert int(fields["id"]) == data["revision"]
        return data
    raise AssertionError("no event arrived")


def test_the_boards_stream_wakes_when_a_table_posts_a_deal(tmp_path: Path) -> None:
    app: Flask = make_app(tmp_path / "board.sqlite3", KREIDE_EVENTS_POLL=0.005, KREIDE_EVENTS_KEEPALIVE=0.02)
    try:
        client = app.test_client()
        tournament = real_pots(client)
        _, match = tournament.open_table(2)
        with tournament_events(client, tournament.url, tournament.viewer) as stream:
            first = next_event(stream)
            assert first["revision"] == tournament.get()["revision"]
            assert "role" not in first and "view_url" not in first
            assert first["state"]["pairings"][1]["match"]["deals"] == 0
            match.record(claim_by("Carla", "Anna"))
            dealt = next_event(stream)
            assert dealt["revision"] == first["revision"] + 1
            assert dealt["last_change"]["action"] == "match"
            assert dealt["state"]["pairings"][1]["match"]["deals"] == 1
            tournament.record({"kind": "result", "number": 1, "winner": "Anna"})
            entry = next_event(stream)
            assert entry["last_change"] == {"action": "entry", "seq": entry["next_seq"] - 1, "source": "organiser"}
            assert entry["state"]["pairings"][0]["winner"] == "Anna"
        with tournament_events(client, tournament.url, {**tournament.organiser,
                                                        "Last-Event-ID": str(entry["revision"])}) as stream:
            assert next(stream) == b": keep-alive\n\n"  # up to date: nothing sent
            match.record(claim_by("Carla", "Anna"))
            assert next_event(stream)["revision"] == entry["revision"] + 1
        assert_problem(client.get(f"{tournament.url}/events", headers=bearer("nobody")), 401)
    finally:
        with app.app_context():
            db.engine.dispose()


def test_two_workers_follow_each_others_tables(tmp_path: Path) -> None:
    """Two apps on one SQLite file: the board in one, the table's phone in the other (polling)."""
    path = tmp_path / "shared.sqlite3"
    live = {"KREIDE_EVENTS_POLL": 0.005, "KREIDE_EVENTS_KEEPALIVE": 0.02}
    worker_a, worker_b = make_app(path, **live), make_app(path, **live)
    try:
        a, b = worker_a.test_client(), worker_b.test_client()
        tournament = real_pots(a)
        _, match = tournament.open_table(1)
        match.client = b
        with tournament_events(a, tournament.url, tournament.viewer) as stream:
            first = next_event(stream)
            match.record(claim_by("Anna", "Benno"))
            assert next_event(stream)["revision"] == first["revision"] + 1
    finally:
        for worker in (worker_a, worker_b):
            with worker.app_context():
                db.engine.dispose()


def test_qr_codes(api: FlaskClient) -> None:
    tournament = real_pots(api)
    for headers in (tournament.organiser, tournament.viewer):
        board = api.get(f"{tournament.url}/qr.svg", headers=headers)
        assert board.status_code == 200 and board.mimetype == "image/svg+xml"
        assert board.data.lstrip().startswith(b"<?xml") or b"<svg" in board.data
    assert api.get(f"{tournament.url}/qr.svg", headers=tournament.organiser).data == api.get(
        f"{tournament.url}/qr.svg", headers=tournament.viewer).data  # the same board link
    assert_problem(api.get(f"{tournament.url}/pairings/1/qr.svg", headers=tournament.organiser), 409,
                   "pairing_no_match")
    tournament.open_table(1)
    table = api.get(f"{tournament.url}/pairings/1/qr.svg", headers=tournament.organiser)
    assert table.status_code == 200 and table.mimetype == "image/svg+xml"
    assert table.data != api.get(f"{tournament.url}/qr.svg", headers=tournament.organiser).data
    assert_problem(api.get(f"{tournament.url}/pairings/1/qr.svg", headers=tournament.viewer), 403)
    assert_problem(api.get(f"{tournament.url}/pairings/7/qr.svg", headers=tournament.organiser), 422, "no_pairing")


def test_csv_export_of_a_whole_tournament(api: FlaskClient) -> None:
    tournament = create(api, cards=4, prizes=4)
    tournament.buy(("Anna", 1), ("Benno", 1), ("=Carla", 1), ("Dieter", 1))
    tournament.draw()
    final_seed = new_seed()  # committed while nobody can know who draws in the final
    tournament.record({"kind": "commit", "hash": sha(final_seed)})
    _, match = tournament.open_table(1)
    first = tournament.pairing(1)["players"]
    win_match(match, first[0])
    tournament.sync()
    second = tournament.pairing(2)["players"]
    tournament.record({"kind": "result", "number": 2, "winner": second[1]})
    tournament.record({"kind": "draw", "seed": final_seed})
    final = tournament.state()["pairings"][0]["players"]
    tournament.record({"kind": "result", "number": 1, "winner": final[0]})
    state = tournament.state()
    assert state["phase"] == "finished" and state["winner"] == final[0]
    response = api.get(f"{tournament.url}/export.csv", headers=tournament.viewer)
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"] == f'attachment; filename="kreide-tournament-{tournament.id}.csv"'
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["round", "table", "left", "right", "bye", "self", "winner", "decided_by", "match_id",
                       "left_card", "right_card"]
    blank = rows.index([])
    pairings, prizes = rows[1:blank], rows[blank + 1:]
    shown = {name: f"'{name}" if name.startswith("=") else name for name in ("Anna", "Benno", "=Carla", "Dieter")}
    assert pairings[0] == ["1", "1", shown[first[0]], shown[first[1]], "no", "no", shown[first[0]], "match",
                           match.created["id"], "", ""]  # one card each: no numbers
    assert pairings[1][6:8] == [shown[second[1]], "hand"] and pairings[1][8] == ""
    assert [row[:2] for row in pairings] == [["1", "1"], ["1", "2"], ["2", "1"]]
    assert prizes[0] == ["place", "places", "player", "card"]
    assert prizes[1] == ["1", "1", shown[final[0]], ""] and prizes[2] == ["2", "2", shown[final[1]], ""]
    assert len(prizes) == 1 + len(state["prizes"])
    assert all(not cell.startswith("=") for row in rows for cell in row)


def test_an_opened_table_waiting_for_its_first_deal_is_not_purged(api: FlaskClient) -> None:
    """The purge deletes matches that never got a hand once they are old; a table's match
    stays linked to its tournament however long the table waits."""
    from datetime import timedelta

    from api.models import utcnow
    from api.retention import purge

    tournament = real_pots(api)
    opened, match = tournament.open_table(1)
    lone = api.post("/api/matches", json={"game": "sixtysix", "players": ["Anna", "Benno"]}).get_json()
    with api.application.app_context():
        counts = purge(utcnow() + timedelta(days=400))
    assert counts["matches"] >= 1
    assert_problem(api.get(f"/api/matches/{lone['id']}", headers=bearer(lone["viewer_token"])), 401)
    assert api.get(match.url, headers=match.viewer).status_code == 200
    assert tournament.pairing(1)["match_id"] == opened["match_id"]
