"""Fixtures shared by the test suites: an app on a fresh SQLite file, its client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from api.extensions import db

PUBLIC_URL = "https://kreide.test"


#: The suite creates hundreds of matches a minute from the test client's one address (the
#: fuzz tests, the game folders' shared apps): far above the default creation limit of a pub
#: table. tests/api/test_limits.py checks the limits, the defaults included.
SUITE_CREATE_LIMIT = "100000/minute"


def make_app(path: Path, **config: object) -> Flask:
    app = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
        "KREIDE_PUBLIC_URL": PUBLIC_URL,
        "KREIDE_BENCH": False,
        "KREIDE_LIMIT_CREATE": SUITE_CREATE_LIMIT,
        **config,
    })
    with app.app_context():
        db.create_all()
    return app


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = make_app(tmp_path / "kreide.sqlite3")
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
