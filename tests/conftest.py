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


def make_app(path: Path, **config: object) -> Flask:
    app = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
        "KREIDE_PUBLIC_URL": PUBLIC_URL,
        "KREIDE_BENCH": False,
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
