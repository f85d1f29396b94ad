"""The phone app: ``/`` is ``pwa/index.html`` and every file of ``pwa/`` is served at
its own path (``/app.js``, ``/icons/...``).  Paths under ``/api`` never reach here."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from flask import Blueprint, current_app, request
from werkzeug.exceptions import NotFound
from werkzeug.routing import PathConverter
from werkzeug.security import safe_join
from werkzeug.wrappers import Response

import engine
from api.extensions import compress
from engine.i18n import LANGUAGES, tables

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
@compress.compressed()
def index() -> Response:
    return _send("index.html")


@blp.route("/shared.js")
@compress.compressed()
def shared() -> Response:
    """What the app shares with the engine (one source for both): the sentence tables
    marked ``shared`` (card, suit and sub-game names, …) and each card family's notation,
    so a phone names and reads cards exactly as the server does."""
    return _respond(shared_module(current_app.config["PWA_DIR"]).encode(), ".js")


@cache
def shared_module(folder: str) -> str:
    sentences = {lang: {code: texts[lang] for table in tables() if table.shared for code, texts in table.items()}
                 for lang in LANGUAGES}
    families = {game.cards.name: game.cards.notation for game in engine.GAMES.values() if game.cards is not None}
    cards = {game.name: game.cards.name for game in engine.GAMES.values() if game.cards is not None}
    styles = sorted(name for name in engine.GAMES if (Path(folder) / "css" / f"{name}.css").is_file())
    return (
        "// Made by the server from the engine (engine/i18n.py, engine/cards/): do not edit.\n"
        f"export const SENTENCES = {json.dumps(sentences, ensure_ascii=False, sort_keys=True)};\n"
        f"export const NOTATION = {json.dumps(families, ensure_ascii=False, sort_keys=True)};\n"
        f"export const GAME_CARDS = {json.dumps(cards, sort_keys=True)};\n"
        f"export const GAME_STYLES = {json.dumps(styles)};\n"
    )


@blp.route("/<apppath:path>")
@compress.compressed()
def asset(path: str) -> Response:
    return _send(path)


#: The service worker names its cache with this mark; the server puts a hash of the
#: shell's files in its place, so every change to the app installs a fresh cache.
SHELL_VERSION_MARK = b"kreide-shell-v1"
#: ... and its precache list after this mark: every file of the app, so a game's folder is
#: cached without being named anywhere but in its own registry line.
SHELL_FILES_MARK = b"/* kreide-shell-files */ []"


def shell_files(folder: Path) -> list[str]:
    """The paths a phone needs to open the app offline: ``/``, every file of the app but
    the service worker, and ``/shared.js``."""
    files = sorted("/" + p.relative_to(folder).as_posix()
                   for p in folder.rglob("*") if p.is_file() and p.name != "sw.js")
    return ["/", *files, "/shared.js"]


def shell_version(folder: Path) -> str:
    """A short hash over every file of the app but the service worker itself, and the
    module the server makes from the engine (``/shared.js``)."""
    digest = hashlib.sha256()
    for file in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "sw.js"):
        digest.update(file.relative_to(folder).as_posix().encode())
        digest.update(file.read_bytes())
    digest.update(shared_module(str(folder)).encode())
    return digest.hexdigest()[:16]


def _send(path: str) -> Response:
    """A file of the app, whole (so it can be compressed), revalidated by its ETag."""
    found = safe_join(current_app.config["PWA_DIR"], path)
    if found is None or not Path(found).is_file():
        raise NotFound()
    data = Path(found).read_bytes()
    if path == "sw.js":
        folder = Path(current_app.config["PWA_DIR"])
        data = data.replace(SHELL_VERSION_MARK, b"kreide-shell-" + shell_version(folder).encode())
        data = data.replace(SHELL_FILES_MARK, json.dumps(shell_files(folder)).encode())
    return _respond(data, Path(path).suffix.lower())


def _respond(data: bytes, suffix: str) -> Response:
    mimetype = MIME_TYPES.get(suffix, "application/octet-stream")
    response = Response(data, mimetype=mimetype)
    response.set_etag(hashlib.sha256(data).hexdigest()[:32])
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)
