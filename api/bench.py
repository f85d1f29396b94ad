"""Bench-only endpoints (``KREIDE_BENCH``): the floor a hand entry is measured against.

``POST /api/_bench/json`` answers a small JSON without touching the database;
``POST /api/_bench/write`` inserts one row into ``bench_rows`` through the same session
and commits; ``GET /api/_bench/floor`` is the floor the phone app's first paint is measured
against (``bench/pwa.py``): a static HTML page with the app's headline, nothing to fetch, no
script.  Not registered unless ``KREIDE_BENCH`` is set.
"""

from __future__ import annotations

from flask import Blueprint, Flask, Response
from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table, insert

from api.extensions import db
from api.models import utcnow
from api.store import json_response, with_retries, writing
from api.views.common import json_body

bench_metadata = MetaData()
bench_rows = Table(
    "bench_rows", bench_metadata,
    Column("id", Integer, primary_key=True),
    Column("payload", String(200)),
    Column("created_at", DateTime(timezone=True)),
)

blp = Blueprint("bench", __name__, url_prefix="/api/_bench")


@blp.post("/json")
def bare_json() -> Response:
    return json_response(200, {"ok": True, "echo": json_body(optional=True)})


@blp.post("/write")
def bare_write() -> Response:
    body = json_body(optional=True)

    def attempt() -> Response:
        row = {"payload": str(body)[:200], "created_at": utcnow()}
        with writing():
            db.session.execute(insert(bench_rows), row)
            db.session.commit()
        return json_response(201, {"ok": True})

    return with_retries(attempt)


#: What the app's first screen says (its headline and tagline, in English: Lighthouse's
#: language), as a page can show it at the earliest: the HTML alone.
FLOOR_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kreide</title>
</head>
<body>
<h1>Kreide</h1>
<p>Chalk and slate for card games at the table</p>
</body>
</html>
"""


@blp.get("/floor")
def floor() -> Response:
    return Response(FLOOR_PAGE, mimetype="text/html")


def init_bench(app: Flask) -> None:
    app.register_blueprint(blp)
    with app.app_context():
        bench_metadata.create_all(db.engine)
