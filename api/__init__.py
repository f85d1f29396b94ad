"""Kreide's web service: the REST API of API.md and the phone app's files.

``create_app(config)`` builds an app (flaskr's factory pattern): settings from the
environment (:class:`api.config.Config`) overridden by ``config``; extensions created
unbound in :mod:`api.extensions` and bound here.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, Response, request
from sqlalchemy import event
from sqlalchemy.engine import Engine
from werkzeug.middleware.proxy_fix import ProxyFix

import engine
from api.config import REPO, Config, engine_options, normal_url
from api.extensions import compress, db, migrate, rest

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
        "connect-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
#: API answers compressed by Accept-Encoding (br, gzip); never text/event-stream, whose
#: events must each reach the phone when written.
COMPRESSED_API_TYPES = ("application/json", "application/problem+json")
# A short busy timeout: SQLite's busy handler sleeps in C, which under the evented worker
# stops every stream of the process; a write that finds the other worker writing gives
# way after 20 ms and is retried with a cooperative sleep (api.store.with_retries).
SQLITE_PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=20", "foreign_keys=ON")


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    from api.bench import init_bench
    from api.bodies import init_bodies
    from api.events import init_events
    from api.limits import init_limits
    from api.outage import init_outage
    from api.retention import init_retention
    from api.rulebook import load_all
    from api.schema import init_schema
    from api.views import docs, matches, meta, pwa, referee

    app = Flask(__name__, static_folder=None, instance_path=str(REPO / "instance"))
    app.config.from_object(Config())
    app.config.update(config or {})
    app.config["SQLALCHEMY_DATABASE_URI"] = url = normal_url(app.config["SQLALCHEMY_DATABASE_URI"])
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", engine_options(url, app.config))
    Path(app.instance_path).mkdir(exist_ok=True)  # the default SQLite file lives there
    load_all(app.config["KREIDE_RULES_DIR"])  # the rule book, read and checked once: a broken one stops the start
    app.url_map.converters["apppath"] = pwa.AppPathConverter
    init_bodies(app)  # strict JSON (no repeated keys), 413 for a chunked body too large
    if (proxies := app.config["KREIDE_TRUSTED_PROXIES"]) > 0:  # the phone's address behind Caddy
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)  # type: ignore[method-assign]

    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS), render_as_batch=True)
    with app.app_context():
        _tune_sqlite(db.engine)
        init_outage(app, db.engine)
        init_events(app, db.engine)
    app.config.setdefault("COMPRESS_REGISTER", False)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br"])  # a streamed export (no gzip: not flushable)
    app.config.setdefault("COMPRESS_MIMETYPES", [
        "text/html", "text/css", "text/javascript", "application/manifest+json", "image/svg+xml",
        *COMPRESSED_API_TYPES,
    ])
    compress.init_app(app)
    init_limits(app)
    init_retention(app)
    init_schema(app)
    rest.init_app(app)
    for room in rooms():
        room.init_app(app)
    rest.document(_games_plugged_in(), _document_components,
                  [meta.blp, matches.blp, *(room.blp for room in rooms()), referee.blp])
    app.register_blueprint(docs.blp)
    app.register_blueprint(pwa.blp)
    if app.config["KREIDE_BENCH"]:
        init_bench(app)
    app.after_request(_compress_api)
    app.after_request(_headers)
    return app


def _games_plugged_in() -> list[tuple[str, int, int]]:
    """What the OpenAPI document depends on beyond the settings: the games plugged in (a test
    plugs one in for a while: tests/api/test_seam.py)."""
    from api.games import GAMES

    return [(name, id(api), id(engine.GAMES.get(name))) for name, api in GAMES.items()]


def rooms() -> tuple[Any, ...]:
    """The API's rooms beside the matches, one line each: a package with its blueprint
    (``blp``), the components its views refer to (``document()``) and what it plugs into
    an app (``init_app(app)``: hooks, live streams).  Nothing else names them."""
    from api import club, tournament

    return (
        tournament,
        club,
    )


def _document_components() -> None:
    """The named components the API's views refer to: the games' and the rooms' entries."""
    _document_games()
    for room in rooms():
        room.document()


def _document_games() -> None:
    """Every game's entry, state, result and answers as named OpenAPI components, which
    the views refer to (``oneOf`` by game)."""
    from api.games import GAMES, by_game_components

    for api in GAMES.values():
        for name, schema in api.components().items():
            rest.spec.components.schema(name, schema=schema)
    for name, component in by_game_components().items():
        rest.spec.components.schema(name, component=component)


def _tune_sqlite(engine: Engine) -> None:
    """WAL (readers never wait for the writer), a busy timeout, foreign keys on."""
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def set_pragmas(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        for pragma in SQLITE_PRAGMAS:
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()


def _compress_api(response: Response) -> Response:
    """The API's JSON answers compressed by flask-compress (at least 500 bytes; a strong
    ETag gets the encoding appended: ``"tag:gzip"``).  flask-compress leaves non-2xx
    answers alone; a problem (a 409 carries the match's state) is compressed all the same."""
    if not request.path.startswith("/api/") or response.mimetype not in COMPRESSED_API_TYPES:
        return response
    status = response.status_code
    if status >= 400 and not response.is_streamed:
        response.status_code = 200  # seen as a 2xx by flask-compress; no ETag, so never a 304
    compressed: Response = compress.after_request(response)
    compressed.status_code = status
    return compressed


#: What a browser applies a Content-Security-Policy and a Referrer-Policy to: a page (the app's,
#: the API's docs and answers, an SVG opened on its own) and a worker. A script, a stylesheet or
#: an icon a page loads is governed by that page's policies (a module's imports take the page's
#: referrer policy when the module names none; a stylesheet's requests carry only its own
#: address); policies sent with it would be bytes for nothing, some 280 on each of the thirty
#: files a phone loads for a table.
NO_POLICY_TYPES = ("text/javascript", "text/css", "application/manifest+json", "image/png", "image/webp",
                   "font/woff2")
WORKER = "/sw.js"


def _headers(response: Response) -> Response:
    # a view may tighten or extend the policy for its own answer: the app's page allows its
    # own inline style and script by their hashes (api/views/pwa.py)
    for name, value in SECURITY_HEADERS.items():
        if name != "X-Content-Type-Options" and response.mimetype in NO_POLICY_TYPES and request.path != WORKER:
            continue
        response.headers.setdefault(name, value)
    if request.path.startswith("/api/") and "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = "no-store"
    return response
