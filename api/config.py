"""Settings read from the environment (12-factor): one place, no hidden defaults."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


def database_url(environ: Mapping[str, str]) -> str:
    """``DATABASE_URL``, or a SQLite file in ``instance/``; ``postgres://`` is renamed."""
    url = environ.get("DATABASE_URL") or f"sqlite:///{REPO / 'instance' / 'kreide.sqlite3'}"
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    return url


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
