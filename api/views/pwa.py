"""The phone app: ``/`` is ``pwa/index.html`` and every file of ``pwa/`` is served at
its own path (``/app.js``, ``/icons/...``).  Paths under ``/api`` never reach here."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, current_app, send_from_directory
from werkzeug.routing import PathConverter
from werkzeug.wrappers import Response

blp = Blueprint("pwa", __name__)

#: Types that matter for a no-build PWA, whatever the host's mime.types says.
MIME_TYPES = {
    ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
    ".html": "text/html", ".json": "application/json", ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon", ".webp": "image/webp",
    ".woff2": "font/woff2", ".txt": "text/plain",
}


class AppPathConverter(PathConverter):
    """A path that is not under ``api/``."""

    regex = r"(?!api(?:/|$))[^/].*?"


@blp.route("/")
def index() -> Response:
    return _send("index.html")


@blp.route("/<apppath:path>")
def asset(path: str) -> Response:
    return _send(path)


def _send(path: str) -> Response:
    folder = Path(current_app.config["PWA_DIR"])
    mimetype = MIME_TYPES.get(Path(path).suffix.lower())
    response = send_from_directory(folder, path, mimetype=mimetype, max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response
