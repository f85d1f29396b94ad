"""Races between the organiser and a table: each write is decided against the tournament
as it read it and stored only if nobody else's write got in meanwhile (the revision
guard; on PostgreSQL the row is also locked for the write, so the guard is the second line of
defence there); a write that lost is decided again from a fresh read.  The race is staged by
handing the loser the tournament as it was before the winner's write."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient
from sqlalchemy import select

import api.tournament.rows as tournaments
from api.extensions import db
from tests.api.conftest import assert_problem
from tests.api.tournament.conftest import Tournament, claim_by, create, real_pots


def row_of(client: FlaskClient, tournament: Tournament) -> Any:
    with client.application.app_context():
        return db.session.execute(select(tournaments.TOURNAMENTS).where(
            tournaments.TOURNAMENTS.c.id == tournament.id)).first()


def stale_once(monkeypatch: pytest.MonkeyPatch, row: Any) -> list[int]:
    """The next read of the tournament gives ``row`` (as it was); later reads are fresh.
    Returns the list of reads made (their revisions)."""
    reads: list[int] = []
    real: Callable[..., Any] = tournaments.load_tournament

    def load(tournament_id: str, connection: Any = None, *, lock: bool = False) -> Any:
        fresh = real(tournament_id, connection, lock=lock)
        given = row if not reads else fresh
        reads.append(given.revision)
        return given

    monkeypatch.setattr(tournaments, "load_tournament", load)
    return reads


def test_a_match_finishing_after_a_result_by_hand_it_did_not_see(api: FlaskClient,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    tournament = real_pots(api)
    _, match = tournament.open_table(1)  # Anna - Benno
    for _ in range(5):
        match.record(claim_by("Anna", "Benno"))
    before = row_of(api, tournament)
    tournament.record({"kind": "result", "number": 1, "winner": "Benno"})  # got in first
    reads = stale_once(monkeypatch, before)
    problem = match.refuse(claim_by("Anna", "Benno"), 409, "tournament_result_recorded")
    assert "Benno" in problem["detail"]
    assert reads[0] == before.revision and reads[-1] == before.revision + 1  # decided again on a fresh read
    entries = tournament.entries()
    assert [e["source"] for e in entries].count("match") == 0
    assert tournament.pairing(1)["by"] == "hand"


def test_a_result_by_hand_after_a_match_finished_unseen(api: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    tournament = real_pots(api)
    _, match = tournament.open_table(2)  # Anna - Carla
    for _ in range(5):
        match.record(claim_by("Carla", "Anna"))
    tournament.sync()
    before = row_of(api, tournament)
    match.record(claim_by("Carla", "Anna"))  # finished: Carla's result recorded by the match
    reads = stale_once(monkeypatch, before)
    # the organiser's phone had not seen it: its entry carries the seq the match took
    response = tournament.post({"kind": "result", "number": 2, "winner": "Anna"})
    assert_problem(response, 409, "stale_seq")
    assert reads[0] == before.revision and len(reads) >= 2
    tournament.sync()
    problem = tournament.refuse({"kind": "result", "number": 2, "winner": "Anna"}, 422)
    assert problem["rule"] == "R24"
    pairing = tournament.pairing(2)
    assert (pairing["winner"], pairing["by"]) == ("Carla", "match")


def test_an_entry_decided_on_a_stale_read_is_decided_again(api: FlaskClient,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The organiser's entry read the tournament before a table's deal moved it on: the
    guard catches it, the entry is decided again and stored once."""
    tournament = real_pots(api)
    _, match = tournament.open_table(3)
    before = row_of(api, tournament)
    match.record(claim_by("Anna", "Dieter"))  # the tournament's revision moves on
    reads = stale_once(monkeypatch, before)
    answer = tournament.record({"kind": "result", "number": 1, "winner": "Anna"})
    assert reads[0] == before.revision and reads[-1] == before.revision + 1
    assert answer["revision"] == before.revision + 2
    assert [e["seq"] for e in tournament.entries()].count(answer["seq"]) == 1


def test_every_table_of_a_round_dealing_at_once(api: FlaskClient) -> None:
    """A hall: the tables' deals come at the same moment, and each moves the tournament on.
    None of them may be refused for losing a race to another table (on PostgreSQL the
    tournament's row is locked for each write; on SQLite there is one writer at a time),
    and every match's finish is its table's result."""
    tournament = create(api, cards=16)
    tournament.buy(*[(f"Spieler {n}", 1) for n in range(1, 17)])
    tournament.draw()
    tables = [tournament.open_table(p["number"]) for p in tournament.state()["pairings"]]
    app = api.application
    answers: list[list[int]] = [[] for _ in tables]
    start = threading.Barrier(len(tables), timeout=10)

    def play(index: int) -> None:
        opened, _ = tables[index]
        winner, loser = opened["match"]["players"]
        client = app.test_client()
        headers = {"Authorization": f"Bearer {opened['scorer_token']}"}
        start.wait()
        for seq in range(1, 7):  # six claims of 3: two Bummerl to the winner
            response = client.post(f"/api/matches/{opened['match_id']}/hands",
                                   json={"seq": seq, **claim_by(winner, loser)}, headers=headers)
            answers[index].append(response.status_code)

    threads = [threading.Thread(target=play, args=(index,)) for index in range(len(tables))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert answers == [[201] * 6 for _ in tables]
    state = tournament.state()
    assert [(p["by"], p["winner"]) for p in state["pairings"]] == [
        ("match", opened["match"]["players"][0]) for opened, _ in tables]
    assert tournament.get()["revision"] >= len(tables) * 7  # each deal and each opening moved it on
    assert [e["source"] for e in tournament.entries()].count("match") == len(tables)
