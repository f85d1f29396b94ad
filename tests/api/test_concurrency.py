"""Two phones at one table: writes race on a file SQLite database in WAL mode.

Both requests are held until each has decided its write against the same revision,
so the race is certain, not left to the scheduler."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from api import services
from api.extensions import db
from api.models import Entry, IdempotencyRecord
from tests.api.conftest import deutsch_hand


@pytest.fixture
def both_decide_first(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each thread's first attempt waits at a barrier just before storing."""
    barrier = threading.Barrier(2, timeout=5)
    waited = threading.local()
    real_store: Callable[..., None] = services.store

    def store(*args: Any, **kwargs: Any) -> None:
        if not getattr(waited, "done", False):
            waited.done = True
            barrier.wait()
        real_store(*args, **kwargs)

    monkeypatch.setattr(services, "store", store)
    yield


def post_together(app: Flask, url: str, bodies: list[dict], headers: list[dict]) -> list[Any]:
    answers: list[Any] = [None, None]

    def post(i: int) -> None:
        answers[i] = app.test_client().post(url, json=bodies[i], headers=headers[i])

    threads = [threading.Thread(target=post, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    return answers


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def test_same_seq_from_two_phones_one_wins(app: Flask, hands_url: str, scorer: dict,
                                           both_decide_first: None) -> None:
    other = deutsch_hand(1, points={"Anna": 30, "Benno": 40, "Carla": 30, "Dieter": 20})
    answers = post_together(app, hands_url, [deutsch_hand(1), other], [scorer, scorer])
    assert sorted(a.status_code for a in answers) == [201, 409]
    loser = next(a for a in answers if a.status_code == 409).get_json()
    assert loser["code"] == "stale_seq" and loser["next_seq"] == 2 and loser["version"] == 1
    assert count(app, Entry) == 1


def test_same_idempotency_key_twice_at_once_records_once(app: Flask, hands_url: str, scorer: dict,
                                                         both_decide_first: None) -> None:
    headers = {**scorer, "Idempotency-Key": "retry-storm"}
    answers = post_together(app, hands_url, [deutsch_hand(1)] * 2, [headers, headers])
    assert [a.status_code for a in answers] == [201, 201]
    assert answers[0].get_data() == answers[1].get_data()
    assert count(app, Entry) == 1 and count(app, IdempotencyRecord) == 1
