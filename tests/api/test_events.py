"""Live updates: the event stream of a match, in one worker and across two.

The test client hands back the stream's generator (``response.response``); each chunk
it yields is one event or one ``: keep-alive`` comment.  The keep-alive period and the
poll interval are short here so a waiting stream yields often; no timings are asserted,
only bounded numbers of chunks."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.errors import Problem
from api.events import EXTENSION, Notifier, Subscription
from api.extensions import db
from tests.api.conftest import PLAYERS, assert_problem, bearer, deutsch_hand
from tests.conftest import make_app

LIVE = {"KREIDE_EVENTS_POLL": 0.005, "KREIDE_EVENTS_KEEPALIVE": 0.02}
CHUNKS = 500  # a stream waiting for a change yields at most this many keep-alives before we give up


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = make_app(tmp_path / "kreide.sqlite3", **LIVE)
    yield app
    with app.app_context():
        db.engine.dispose()


@contextmanager
def events(client: FlaskClient, match_id: str, headers: dict, *, query: str = "") -> Iterator[Iterator[bytes]]:
    response = client.get(f"/api/matches/{match_id}/events{query}", headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["X-Accel-Buffering"] == "no"
    try:
        yield iter(response.response)
    finally:
        response.close()


def parse(chunk: bytes) -> dict[str, Any]:
    fields = dict(line.split(": ", 1) for line in chunk.decode().strip("\n").split("\n"))
    assert fields["event"] == "state"
    data = json.loads(fields["data"])
    assert int(fields["id"]) == data["revision"]
    assert data.keys() == {"version", "revision", "next_seq", "state", "change", "rates"}
    return data


def next_event(stream: Iterator[bytes]) -> dict[str, Any]:
    """The next event, skipping keep-alive comments (a bounded number of them)."""
    for _ in range(CHUNKS):
        chunk = next(stream)
        if not chunk.startswith(b":"):
            return parse(chunk)
        assert chunk == b": keep-alive\n\n"
    raise AssertionError("no event arrived")


def streams(app: Flask) -> int:
    notifier: Notifier = app.extensions[EXTENSION]
    return notifier.count


def test_first_event_is_the_current_state(client: FlaskClient, match: dict, scorer: dict, viewer: dict,
                                          hands_url: str) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    current = client.get(f"/api/matches/{match['id']}", headers=viewer).get_json()
    with events(client, match["id"], viewer) as stream:
        first = next_event(stream)
    assert (first["version"], first["revision"], first["next_seq"]) == (1, 1, 2)
    assert first["state"] == current["state"]
    assert first["change"] == {"action": "hand", "seq": 1}


def test_every_change_sends_an_event(client: FlaskClient, match: dict, scorer: dict, hands_url: str) -> None:
    with events(client, match["id"], scorer) as stream:
        first = next_event(stream)
        assert (first["revision"], first["change"]) == (0, None)
        assert client.post(hands_url, json=deutsch_hand(1), headers=scorer).status_code == 201
        hand = next_event(stream)
        assert (hand["revision"], hand["version"], hand["next_seq"]) == (1, 1, 2)
        assert hand["change"] == {"action": "hand", "seq": 1}
        assert hand["state"]["strokes"]["Anna"] == 4
        assert client.put(f"{hands_url}/1", json=deutsch_hand(1, last_trick="Benno"),
                          headers=scorer).status_code == 200
        assert next_event(stream)["change"] == {"action": "replace", "seq": 1}
        assert client.post(f"{hands_url}/1/void", headers=scorer).status_code == 200
        void = next_event(stream)
        assert (void["revision"], void["version"], void["change"]) == (3, 0, {"action": "void", "seq": 1})
        ruling = {"kind": "play", "question": {"trump": "H", "hand": ["EU", "H10"], "trick": ["EK"], "card": "EU"}}
        assert client.post(f"/api/matches/{match['id']}/rulings", json=ruling, headers=scorer).status_code == 201
        ruled = next_event(stream)
        assert (ruled["revision"], ruled["version"], ruled["next_seq"]) == (4, 0, 2)
        assert ruled["change"] == {"action": "ruling", "seq": None}


def test_a_rate_changed_on_one_phone_is_sent_to_every_phone(client: FlaskClient) -> None:
    """R37: the table's money rate lives with the match; the viewer's stream carries it."""
    created = client.post("/api/matches", json={"game": "dreierles", "players": PLAYERS[:3]}).get_json()
    with events(client, created["id"], bearer(created["viewer_token"])) as stream:
        assert next_event(stream)["rates"] == {"per_fach": 0}
        patched = client.patch(f"/api/matches/{created['id']}", json={"rates": {"per_fach": 50}},
                               headers=bearer(created["scorer_token"]))
        assert patched.status_code == 200, patched.get_json()
        event = next_event(stream)
        assert (event["revision"], event["change"], event["rates"]) == (1, {"action": "rates", "seq": None},
                                                                        {"per_fach": 50})
        assert event["state"] == created["state"]


@pytest.mark.parametrize("reconnect", [
    pytest.param({"headers": {"Last-Event-ID": "1"}}, id="Last-Event-ID header"),
    pytest.param({"query": "?after=1"}, id="after in the query"),
])
def test_an_up_to_date_reconnect_waits(client: FlaskClient, match: dict, scorer: dict, hands_url: str,
                                       reconnect: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    headers = {**scorer, **reconnect.get("headers", {})}
    with events(client, match["id"], headers, query=reconnect.get("query", "")) as stream:
        assert [next(stream) for _ in range(3)] == [b": keep-alive\n\n"] * 3  # nothing new: no state
        client.post(hands_url, json=deutsch_hand(2), headers=scorer)
        assert next_event(stream)["revision"] == 2


def test_a_reconnect_behind_gets_the_state_at_once(client: FlaskClient, match: dict, scorer: dict,
                                                   hands_url: str) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    client.post(hands_url, json=deutsch_hand(2), headers=scorer)
    for seen in ("1", "not-a-number"):  # a garbled id counts as none: the state is sent
        with events(client, match["id"], {**scorer, "Last-Event-ID": seen}) as stream:
            chunk = next(stream)
            assert not chunk.startswith(b":")
            assert parse(chunk)["revision"] == 2


def test_two_workers_see_each_others_writes(tmp_path: Path) -> None:
    """Two apps on one SQLite file, as two gunicorn workers: a stream in one follows
    writes made through the other (its notifier polls the revisions)."""
    path = tmp_path / "shared.sqlite3"
    worker_a, worker_b = make_app(path, **LIVE), make_app(path, **LIVE)
    try:
        a, b = worker_a.test_client(), worker_b.test_client()
        match = a.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
        scorer, url = bearer(match["scorer_token"]), f"/api/matches/{match['id']}/hands"
        with events(b, match["id"], bearer(match["viewer_token"])) as in_b, events(a, match["id"], scorer) as in_a:
            assert next_event(in_b)["revision"] == next_event(in_a)["revision"] == 0
            assert a.post(url, json=deutsch_hand(1), headers=scorer).status_code == 201
            assert next_event(in_b)["change"] == {"action": "hand", "seq": 1}
            assert b.post(url, json=deutsch_hand(2), headers=scorer).status_code == 201
            # in_a was not read meanwhile: it catches up at once, with the latest revision
            assert next_event(in_a)["revision"] == 2
            assert next_event(in_b)["revision"] == 2
        assert streams(worker_a) == streams(worker_b) == 0
    finally:
        for worker in (worker_a, worker_b):
            with worker.app_context():
                db.engine.dispose()


def test_a_closed_stream_unsubscribes(app: Flask, client: FlaskClient, match: dict, viewer: dict) -> None:
    with events(client, match["id"], viewer) as stream:
        next_event(stream)
        assert streams(app) == 1
    assert streams(app) == 0


def test_streams_per_worker_are_bounded(tmp_path: Path) -> None:
    app = make_app(tmp_path / "kreide.sqlite3", **LIVE, KREIDE_EVENTS_MAX=1)
    try:
        client = app.test_client()
        match = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
        viewer = bearer(match["viewer_token"])
        with events(client, match["id"], viewer) as stream:
            next_event(stream)
            full = client.get(f"/api/matches/{match['id']}/events", headers=viewer)
            assert_problem(full, 503, "too_many_streams")
            assert full.headers["Retry-After"]
        with events(client, match["id"], viewer) as stream:  # the slot is free again
            next_event(stream)
    finally:
        with app.app_context():
            db.engine.dispose()


def test_shutdown_ends_every_stream(app: Flask, client: FlaskClient, match: dict, viewer: dict) -> None:
    with events(client, match["id"], viewer) as stream:
        next_event(stream)
        app.extensions[EXTENSION].close()
        assert list(stream) in ([], [b": keep-alive\n\n"])  # ends: no more events
        assert streams(app) == 0
    assert_problem(client.get(f"/api/matches/{match['id']}/events", headers=viewer), 503, "shutting_down")


def test_an_old_stream_ends_and_the_client_reconnects(tmp_path: Path) -> None:
    app = make_app(tmp_path / "kreide.sqlite3", **LIVE, KREIDE_EVENTS_MAX_AGE=0.05)
    try:
        client = app.test_client()
        match = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
        with events(client, match["id"], bearer(match["viewer_token"])) as stream:
            assert next_event(stream)["revision"] == 0
            assert len(list(stream)) < CHUNKS  # keep-alives, then the end
        assert streams(app) == 0
    finally:
        with app.app_context():
            db.engine.dispose()


def test_stream_needs_a_token_of_the_match(client: FlaskClient, match: dict) -> None:
    url = f"/api/matches/{match['id']}/events"
    assert_problem(client.get(url), 401, "no_token")
    assert_problem(client.get(url, headers=bearer("made-up")), 401, "bad_token")
    other = client.post("/api/matches", json={"game": "dreeg", "players": PLAYERS}).get_json()
    assert_problem(client.get(url, headers=bearer(other["viewer_token"])), 404, "no_match")
    assert_problem(client.get("/api/matches/nope/events", headers=bearer(match["viewer_token"])), 404)


class Quiet(Notifier):
    """A notifier without its background task: only what the test tells it wakes a stream."""

    def subscribe(self, match_id: str, *, token: str = "", address: str = "") -> Any:
        self._thread = threading.current_thread()  # counts as running: none is started
        return super().subscribe(match_id, token=token, address=address)


def test_a_change_is_read_once_for_every_stream_of_the_match(app: Flask, client: FlaskClient, match: dict,
                                                               scorer: dict, hands_url: str) -> None:
    """Two phones in one worker; a hand is written elsewhere and its notice arrives:
    both are woken, the row is read once for both, and a repeated notice wakes nobody."""
    with app.app_context():
        notifier = Quiet(db.engine, interval=60, limit=10, per_token=10, per_address=10)
    first, second = notifier.subscribe(match["id"]), notifier.subscribe(match["id"])
    assert notifier.event(match["id"])[0] == 0
    first.wait(0), second.wait(0)  # both are up to date
    assert client.post(hands_url, json=deutsch_hand(1), headers=scorer).status_code == 201  # another notifier's
    notifier.notify(match["id"], 1)
    assert first.wait(0) and second.wait(0)
    event = notifier.event(match["id"])
    assert event[0] == 1 and '"change":{"action":"hand","seq":1}' in event[1]
    assert notifier.event(match["id"]) is event  # the second stream's: no second read
    notifier.notify(match["id"], 1)  # the same notice again (our own write, then its NOTIFY)
    assert not first.wait(0) and not second.wait(0)


def test_caps_per_token_and_address(app: Flask, match: dict) -> None:
    with app.app_context():
        notifier = Quiet(db.engine, interval=60, limit=10, per_token=2, per_address=3)
    held = [notifier.subscribe(match["id"], token="t", address="a") for _ in range(2)]
    with pytest.raises(Problem) as refused:
        notifier.subscribe(match["id"], token="t", address="b")
    assert (refused.value.status, refused.value.code) == (429, "streams_per_token")
    held.append(notifier.subscribe(match["id"], token="u", address="a"))
    with pytest.raises(Problem) as refused:
        notifier.subscribe(match["id"], token="v", address="a")
    assert refused.value.code == "streams_per_address"
    notifier.unsubscribe(held.pop(0))
    notifier.unsubscribe(held[0])
    notifier.unsubscribe(held[0])  # twice: counted once
    held.append(notifier.subscribe(match["id"], token="t", address="a"))
    assert notifier.count == 2  # u and the new t


@pytest.mark.postgresql_only  # LISTEN/NOTIFY is PostgreSQL's
def test_postgresql_notices_reach_another_worker_and_survive_a_lost_connection(
        app: Flask, client: FlaskClient, match: dict, scorer: dict, hands_url: str) -> None:
    """On PostgreSQL a worker hears of another's writes by LISTEN/NOTIFY; when its
    listening connection is killed, it listens again and its streams re-read."""
    with app.app_context():
        assert db.engine.dialect.name == "postgresql"
        other = Notifier(db.engine, interval=60, limit=10, per_token=10, per_address=10)  # another worker's
        engine = db.engine
    phone = other.subscribe(match["id"])
    try:
        assert other.event(match["id"])[0] == 0
        phone.wait(0)
        assert client.post(hands_url, json=deutsch_hand(1), headers=scorer).status_code == 201
        assert phone.wait(20)
        assert other.event(match["id"])[0] == 1
        with engine.connect() as connection:
            killed = connection.exec_driver_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%%'").all()
        assert killed
        assert client.post(hands_url, json=deutsch_hand(2), headers=scorer).status_code == 201
        for _ in range(40):  # within 40 s: the listener comes back and wakes its streams
            if phone.wait(1) and other.event(match["id"])[0] == 2:
                break
        else:
            raise AssertionError("the stream never heard of hand 2")
    finally:
        other.close()
        other.unsubscribe(phone)


def test_a_wake_up_that_comes_as_the_wait_times_out_is_taken() -> None:
    """Under gevent, ``Event.wait`` answers False when its timeout fired first, even if
    the event was set before the stream ran again (a worker busy for a moment): that
    wake-up must be taken, or the phone misses the change until the next one."""

    class SetAsTheTimeoutFires(threading.Event):
        def wait(self, timeout: float | None = None) -> bool:
            self.set()
            return False

    subscription = Subscription("match", "token", "127.0.0.1")
    subscription._woken = SetAsTheTimeoutFires()
    assert subscription.wait(0.01) is True
    assert not subscription._woken.is_set()  # taken: the next wait waits for the next change
    quiet = Subscription("match", "token", "127.0.0.1")
    assert quiet.wait(0.01) is False
