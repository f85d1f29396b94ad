"""Settings read from the environment (12-factor): one place, no hidden defaults."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


def database_url(environ: Mapping[str, str]) -> str:
    """``DATABASE_URL``, or a SQLite file in ``instance/``; see :func:`normal_url`."""
    return normal_url(environ.get("DATABASE_URL") or f"sqlite:///{REPO / 'instance' / 'kreide.sqlite3'}")


def normal_url(url: str) -> str:
    """PostgreSQL is spoken through psycopg 3 (the only driver installed): ``postgres://``
    (Heroku's and many hosts' spelling) and a plain ``postgresql://`` become
    ``postgresql+psycopg://``, which SQLAlchemy would otherwise read as psycopg2."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def engine_options(url: str, config: Mapping[str, Any]) -> dict[str, Any]:
    """SQLAlchemy's engine options (``SQLALCHEMY_ENGINE_OPTIONS``) for the database at ``url``.

    PostgreSQL, per worker process: ``pool_pre_ping`` (a connection the server or a proxy
    closed while it sat idle, e.g. across a database restart, is noticed and replaced
    before use instead of failing a request), ``KREIDE_DB_POOL_SIZE`` connections kept
    open plus up to ``KREIDE_DB_MAX_OVERFLOW`` more under load, a request waiting at most
    ``KREIDE_DB_POOL_TIMEOUT`` seconds for one (then it fails rather than hangs), and
    connections renewed after an hour.  SQLite keeps SQLAlchemy's defaults (see
    ``api._tune_sqlite`` for its pragmas)."""
    if not url.startswith("postgresql"):
        return {}
    return {
        "pool_pre_ping": True,
        "pool_size": int(config["KREIDE_DB_POOL_SIZE"]),
        "max_overflow": int(config["KREIDE_DB_MAX_OVERFLOW"]),
        "pool_timeout": float(config["KREIDE_DB_POOL_TIMEOUT"]),
        "pool_recycle": 3600,
        "connect_args": {"application_name": "kreide"},
    }


class Config:
    """Flask settings; the environment-dependent ones are read when it is created."""

    API_TITLE = "Kreide"
    API_VERSION = "1"
    OPENAPI_VERSION = "3.0.3"
    OPENAPI_URL_PREFIX = "/api"
    OPENAPI_JSON_PATH = "openapi.json"
    SQLALCHEMY_TRACK_MODIFICATIONS = False
    MAX_CONTENT_LENGTH = 64 * 1024
    PWA_DIR = str(REPO / "pwa")

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        environ = os.environ if environ is None else environ
        # a dict of this app's own: apispec merges each rendered document into it
        # (apispec.utils.deepupdate), so a shared one would carry one app's schemas into the next
        self.API_SPEC_OPTIONS: dict[str, Any] = {
            "info": {"description": "Score-keeping and referee companion for traditional card games. "
                                    "Errors are application/problem+json."},
            "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
        }
        self.SQLALCHEMY_DATABASE_URI = database_url(environ)
        # PostgreSQL's connection pool, per worker process (see engine_options): size the
        # server's max_connections for workers x (pool size + overflow) of every app server
        self.KREIDE_DB_POOL_SIZE = int(environ.get("KREIDE_DB_POOL_SIZE") or 10)
        self.KREIDE_DB_MAX_OVERFLOW = int(environ.get("KREIDE_DB_MAX_OVERFLOW") or 20)
        self.KREIDE_DB_POOL_TIMEOUT = float(environ.get("KREIDE_DB_POOL_TIMEOUT") or 10)
        self.KREIDE_PUBLIC_URL = (environ.get("KREIDE_PUBLIC_URL") or "").rstrip("/") or None
        self.KREIDE_BENCH = environ.get("KREIDE_BENCH", "") not in ("", "0", "false", "no")
        # live events: how often each worker polls subscribed matches' revisions (seconds),
        # the keep-alive comment's period (seconds), open streams allowed per worker, and
        # the age (seconds) at which a stream is ended (the client reconnects with
        # Last-Event-ID), so a phone that vanished without closing frees its thread
        self.KREIDE_EVENTS_POLL = float(environ.get("KREIDE_EVENTS_POLL") or 0.02)
        self.KREIDE_EVENTS_KEEPALIVE = float(environ.get("KREIDE_EVENTS_KEEPALIVE") or 15)
        # a stream holds a worker thread: leave 8 of them for ordinary requests
        threads = int(environ.get("WEB_THREADS") or 32)
        self.KREIDE_EVENTS_MAX = int(environ.get("KREIDE_EVENTS_MAX") or max(1, threads - 8))
        self.KREIDE_EVENTS_MAX_AGE = float(environ.get("KREIDE_EVENTS_MAX_AGE") or 300)
