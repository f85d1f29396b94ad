"""Settings read from the environment (12-factor): one place, no hidden defaults."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from datetime import timedelta
from importlib.metadata import version
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


_UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400}


def duration(text: str | None, default: str) -> timedelta:
    """``"7 days"``, ``"24 hours"``, ``"90 minutes"``, ``"1 week"``; a bare number is hours."""
    value = (text or "").strip().lower() or default
    found = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([a-z]*?)s?", value)
    unit = found.group(2) if found else None
    if found is None or (unit and unit not in _UNITS):
        raise ValueError(f"not a duration: {text!r} (e.g. '7 days', '24 hours', or hours as a number)")
    return timedelta(seconds=float(found.group(1)) * _UNITS[unit or "hour"])


#: Seconds a new PostgreSQL connection may take (libpq's connect_timeout; 2 is its least).
CONNECT_TIMEOUT = 2


def engine_options(url: str, config: Mapping[str, Any]) -> dict[str, Any]:
    """SQLAlchemy's engine options (``SQLALCHEMY_ENGINE_OPTIONS``) for the database at ``url``.

    PostgreSQL, per worker process: ``pool_pre_ping`` (a connection the server or a proxy
    closed while it sat idle, e.g. across a database restart, is noticed and replaced
    before use instead of failing a request), ``KREIDE_DB_POOL_SIZE`` connections kept
    open plus up to ``KREIDE_DB_MAX_OVERFLOW`` more under load, a request waiting at most
    ``KREIDE_DB_POOL_TIMEOUT`` seconds for one (then it fails rather than hangs), a new
    connection given up after :data:`CONNECT_TIMEOUT` seconds (an unreachable server is a
    quick 503, api.outage, not a request hanging for minutes), and connections renewed
    after an hour.  SQLite keeps SQLAlchemy's defaults (see
    ``api._tune_sqlite`` for its pragmas)."""
    if not url.startswith("postgresql"):
        return {}
    return {
        "pool_pre_ping": True,
        "pool_size": int(config["KREIDE_DB_POOL_SIZE"]),
        "max_overflow": int(config["KREIDE_DB_MAX_OVERFLOW"]),
        "pool_timeout": float(config["KREIDE_DB_POOL_TIMEOUT"]),
        "pool_recycle": 3600,
        "connect_args": {"application_name": "kreide", "connect_timeout": CONNECT_TIMEOUT},
    }


class Config:
    """Flask settings; the environment-dependent ones are read when it is created."""

    API_TITLE = "Kreide"
    API_VERSION = version("kreide")  # pyproject.toml's, the CHANGELOG's newest (tests/test_version.py)
    OPENAPI_VERSION = "3.0.3"
    OPENAPI_URL_PREFIX = "/api"
    OPENAPI_JSON_PATH = "openapi.json"
    SQLALCHEMY_TRACK_MODIFICATIONS = False
    MAX_CONTENT_LENGTH = 64 * 1024
    PWA_DIR = str(REPO / "pwa")
    #: The rule book, one Markdown file per language (api/rulebook.py).
    KREIDE_RULES_DIR = str(REPO / "docs" / "rules")

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
        # PostgreSQL's connection pool, per worker process (see engine_options), and how many
        # app servers share the database: each worker's pool (size + overflow) and its one
        # LISTEN connection, in every worker of every server, must fit the server's
        # max_connections (api.connections checks it when a worker starts)
        self.KREIDE_SERVERS = int(environ.get("KREIDE_SERVERS") or 1)
        self.KREIDE_DB_POOL_SIZE = int(environ.get("KREIDE_DB_POOL_SIZE") or 10)
        self.KREIDE_DB_MAX_OVERFLOW = int(environ.get("KREIDE_DB_MAX_OVERFLOW") or 20)
        self.KREIDE_DB_POOL_TIMEOUT = float(environ.get("KREIDE_DB_POOL_TIMEOUT") or 10)
        self.KREIDE_PUBLIC_URL = (environ.get("KREIDE_PUBLIC_URL") or "").rstrip("/") or None
        self.KREIDE_BENCH = environ.get("KREIDE_BENCH", "") not in ("", "0", "false", "no")
        # live events: how often each worker polls subscribed matches' revisions on SQLite
        # (seconds; PostgreSQL is told by LISTEN/NOTIFY instead), the keep-alive comment's
        # period (seconds), how often a quiet stream looks whether its phone went away
        # (seconds), and the age (seconds) at which a stream is ended (the client
        # reconnects with Last-Event-ID)
        self.KREIDE_EVENTS_POLL = float(environ.get("KREIDE_EVENTS_POLL") or 0.02)
        self.KREIDE_EVENTS_KEEPALIVE = float(environ.get("KREIDE_EVENTS_KEEPALIVE") or 15)
        self.KREIDE_EVENTS_PROBE = float(environ.get("KREIDE_EVENTS_PROBE") or 1)
        self.KREIDE_EVENTS_MAX_AGE = float(environ.get("KREIDE_EVENTS_MAX_AGE") or 300)
        # open streams allowed per worker: in all, per token, per client address (a club
        # hall behind one router is one address)
        self.KREIDE_EVENTS_MAX = int(environ.get("KREIDE_EVENTS_MAX") or 1000)
        self.KREIDE_STREAMS_PER_TOKEN = int(environ.get("KREIDE_STREAMS_PER_TOKEN") or 16)
        self.KREIDE_STREAMS_PER_ADDRESS = int(environ.get("KREIDE_STREAMS_PER_ADDRESS") or 300)
        # the client's address behind a reverse proxy: how many proxies stand in front of the
        # app (Caddy alone: 1). Their X-Forwarded-For/-Proto/-Host are then believed (werkzeug's
        # ProxyFix), so rate limits count the phone's address and links carry https. 0 (the
        # default, gunicorn facing the phones itself): the headers are ignored, as anyone can
        # send them.
        self.KREIDE_TRUSTED_PROXIES = int(environ.get("KREIDE_TRUSTED_PROXIES") or 0)
        # rate limits per client address (Flask-Limiter's notation: "30/minute;300/day"): match
        # creations, and failed token attempts (a token that opens no match, or another match);
        # after those, the address gets 429 for every request with a token until the window passes
        self.KREIDE_LIMIT_CREATE = environ.get("KREIDE_LIMIT_CREATE") or "30/minute;300/day"
        self.KREIDE_LIMIT_BAD_TOKEN = environ.get("KREIDE_LIMIT_BAD_TOKEN") or "20/minute"
        # where the counts live: memory:// (each worker counts alone) or e.g. redis://host:6379
        # (shared by every worker and server); any storage Flask-Limiter supports
        self.RATELIMIT_STORAGE_URI = environ.get("KREIDE_RATELIMIT_STORAGE_URI") or "memory://"
        self.RATELIMIT_ENABLED = environ.get("KREIDE_RATELIMIT", "1") not in ("0", "false", "no", "off")
        # retention: a match that never got a hand or a ruling is deleted this long after its
        # creation; idempotency records (the answers replayed to a retried write) after this long;
        # every worker purges at most every KREIDE_PURGE_EVERY (on a match creation), and
        # `flask --app wsgi kreide purge` does it from cron
        self.KREIDE_EMPTY_MATCH_TTL = duration(environ.get("KREIDE_EMPTY_MATCH_TTL"), "7 days")
        self.KREIDE_IDEMPOTENCY_TTL = duration(environ.get("KREIDE_IDEMPOTENCY_TTL"), "24 hours")
        self.KREIDE_PURGE_EVERY = duration(environ.get("KREIDE_PURGE_EVERY"), "10 minutes")
