"""The phone app: ``/`` is ``pwa/index.html`` and every file of ``pwa/`` is served at
its own path (``/app.js``, ``/icons/...``).  Paths under ``/api`` never reach here.

``/`` is written for its reader (:func:`document`): ``index.html`` is a template, filled in
with the first screen's words in the reader's language, the first screen's styles (the parts
of ``css/app.css`` marked critical) and the early script (``early.js``), both inline and
allowed by their hashes in the page's Content-Security-Policy (never ``'unsafe-inline'``), and
the lists of modules the early script preloads (every module ``app.js`` imports, the route's
view, a game's first files), read from the modules' own imports.  So the first paint needs
nothing but the page, and a match page asks for its match with its first bytes."""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
import posixpath
import re
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

import brotli
from flask import Blueprint, current_app, request
from werkzeug.exceptions import NotFound
from werkzeug.routing import PathConverter
from werkzeug.security import safe_join
from werkzeug.wrappers import Response

import engine
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
def index() -> Response:
    return _page()


def _page() -> Response:
    """The page, written for the reader (Accept-Language), with its own Content-Security-Policy."""
    page = document(current_app.config["PWA_DIR"], reader_language(request.headers.get("Accept-Language", "")))
    response = _respond(page.html, ".html")
    response.headers["Content-Security-Policy"] = page.policy
    response.vary.add("Accept-Language")
    return response


@blp.route("/shared.js")
def shared() -> Response:
    """What the app shares with the engine (one source for both): the sentence tables
    marked ``shared`` (card, suit and sub-game names, …) and each card family's notation,
    so a phone names and reads cards exactly as the server does."""
    return _respond(served_shared(current_app.config["PWA_DIR"]), ".js")


@cache
def served_shared(folder: str) -> bytes:
    """/shared.js as served (:func:`compact_js`)."""
    return compact_js(shared_module(folder)).encode()


@cache
def shared_module(folder: str) -> str:
    sentences = {lang: {code: texts[lang] for table in tables() if table.shared for code, texts in table.items()}
                 for lang in LANGUAGES}
    first = first_words(Path(folder)) if (Path(folder) / FIRST_WORDS).is_file() else {lang: {} for lang in LANGUAGES}
    families = {game.cards.name: game.cards.notation for game in engine.GAMES.values() if game.cards is not None}
    cards = {game.name: game.cards.name for game in engine.GAMES.values() if game.cards is not None}
    styles = sorted(name for name in engine.GAMES if (Path(folder) / GAME_STYLE.format(game=name)).is_file())
    return (
        "// Made by the server from the engine (engine/i18n.py, engine/cards/): do not edit.\n"
        f"export const SENTENCES = {json.dumps(sentences, ensure_ascii=False, sort_keys=True)};\n"
        f"export const NOTATION = {json.dumps(families, ensure_ascii=False, sort_keys=True)};\n"
        f"export const GAME_CARDS = {json.dumps(cards, sort_keys=True)};\n"
        f"export const GAME_STYLES = {json.dumps(styles)};\n"
        "// the first screen's words (pwa/first-screen.json), which the server writes into the page too\n"
        f"export const FIRST_SCREEN = {json.dumps(first, ensure_ascii=False, sort_keys=True)};\n"
        "// what a game's match page needs first beyond the shell's own: its index.js with what it\n"
        "// imports, and its stylesheet (read from the modules, as the page's early script has it)\n"
        f"export const GAME_FILES = {json.dumps(match_game_files(Path(folder)), sort_keys=True)};\n"
    )


@blp.route("/<apppath:path>")
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
    the service worker and what only the server reads (early.js, first-screen.json), and
    ``/shared.js``."""
    files = sorted("/" + p.relative_to(folder).as_posix() for p in folder.rglob("*")
                   if p.is_file() and p.name != "sw.js" and p.relative_to(folder).as_posix() not in SERVER_INPUTS)
    return ["/", *files, "/shared.js"]


def shell_version(folder: Path) -> str:
    """A short hash over every file of the app but the service worker itself, and the
    module the server makes from the engine (``/shared.js``)."""
    digest = hashlib.sha256()
    for file in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "sw.js"):
        digest.update(file.relative_to(folder).as_posix().encode())
        digest.update(file.read_bytes())
    digest.update(shared_module(str(folder)).encode())
    if (folder / "index.html").is_file():
        for lang in LANGUAGES:  # the page as written for its readers (what the server adds to index.html)
            digest.update(document(str(folder), lang).html)
    return digest.hexdigest()[:16]


# --- the page itself --------------------------------------------------------------------------

#: The stylesheet, whose parts between these marks are what the first screen needs.
STYLESHEET = "css/app.css"
CRITICAL_START = "/* critical: start */"
CRITICAL_END = "/* critical: end */"
#: The lists the early script gets, each after its mark and in place of the ``[]`` or ``{}``.
APP_MODULES_MARK = "/* kreide:app-modules */ []"
ROUTE_MODULES_MARK = "/* kreide:route-modules */ {}"
GAME_FILES_MARK = "/* kreide:game-files */ {}"
ROOM_ROUTES_MARK = "/* kreide:room-routes */ []"
FIRST_VIEWS_MARK = "/* kreide:first-views */ []"
FIRST_WORDS_MARK = "/* kreide:first-words */ {}"
#: ... and paint.js, which the app imports and the early script holds as a function's result
PAINT_MARK = "/* kreide:paint */ null"
PAINT = "paint.js"
#: Files of pwa/ the server reads to write the page, which a browser never asks for: not precached.
EARLY_SCRIPT = "early.js"
FIRST_WORDS = "first-screen.json"
SERVER_INPUTS = frozenset({EARLY_SCRIPT, FIRST_WORDS})
#: ``{{name}}`` in index.html: a word (escaped) or one of the parts written in whole.
PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
#: A static import or re-export of an ES module (``import x from './a.js'``, ``import './b.js'``,
#: ``export { y } from '../c.js'``), not ``import('./d.js')``, which loads when it is needed.
STATIC_IMPORT = re.compile(r"""(?:^|[;\n])[ \t]*(?:import|export)\s+(?:[\w$*{},\s]+?\s+from\s+)?['"]([^'"]+)['"]""")
#: What each route's view module is (app.js's ``views``), for the early script's preloads.
ROUTE_VIEWS = {"home": "views/home.js", "match": "views/match.js"}
#: A game's own stylesheet, in its folder (the game links it; a match page preloads it).
GAME_STYLE = "games/{game}/style.css"
#: The server's own module (:func:`shared`), imported by i18n.js and games/index.js.
SHARED = "/shared.js"


class Page(NamedTuple):
    html: bytes
    policy: str  # the Content-Security-Policy, with the hashes of the inline style and script


def reader_language(accept_language: str) -> str:
    """The app's language for a reader, as i18n.js chooses it from ``navigator.language``
    (whose first choice is the first of ``Accept-Language``): German for ``de*``, else English."""
    from werkzeug.datastructures import LanguageAccept
    from werkzeug.http import parse_accept_header

    first = next(iter(parse_accept_header(accept_language, LanguageAccept).values()), "en")
    return "de" if first.lower().startswith("de") else "en"


def critical_parts(folder: Path) -> list[str]:
    """The parts of css/app.css marked critical, as written there, in their order."""
    text = (folder / "css" / "app.css").read_text(encoding="utf-8")
    parts = re.findall(re.escape(CRITICAL_START) + r"(.*?)" + re.escape(CRITICAL_END), text, flags=re.S)
    if not parts or text.count(CRITICAL_START) != len(parts) or text.count(CRITICAL_END) != len(parts):
        raise ValueError(f"css/app.css: every {CRITICAL_START!r} needs its {CRITICAL_END!r}, and one part at least")
    return parts


#: A ``// comment`` after code on a line with no quote and no slash before it (so the ``//``
#: cannot be inside a string, a template or a regular expression).
TRAILING_COMMENT = re.compile(r"^([^'\"`/]*?[;,{}()\[\]\w])\s+//\s.*$")


def compact_js(text: str) -> str:
    """A script or module as the server serves it: without the comments that take whole lines
    (``//`` and ``/* ... */`` blocks that start a line) or end a line of plain code
    (:data:`TRAILING_COMMENT`), the indentation and the empty lines; every other character as
    written, line breaks included, so what the code does cannot change (no statement is joined
    to the next; tests/api/test_pwa_document.py compares the syntax tree of every file of the
    app with that of its served form)."""
    lines: list[str] = []
    in_comment = False
    for line in text.splitlines():
        code = line.strip()
        if in_comment:
            if "*/" not in code:
                continue
            in_comment = False
            code = code.split("*/", 1)[1].strip()
        elif code.startswith("/*"):
            if "*/" not in code:
                in_comment = True
                continue
            code = code.split("*/", 1)[1].strip()
        if code and not code.startswith("//"):
            lines.append(TRAILING_COMMENT.sub(r"\1", code))
    return "\n".join(lines) + "\n"


def compact(data: bytes, suffix: str) -> bytes:
    """A file of the app as it is served: scripts and stylesheets compacted (:func:`compact_js`,
    :func:`compact_css`), anything else as it is."""
    if suffix in (".js", ".mjs"):
        return compact_js(data.decode("utf-8")).encode()
    if suffix == ".css":
        return compact_css(data.decode("utf-8")).encode()
    return data


def compact_css(text: str) -> str:
    """CSS without comments and with no more space than it needs (the rules unchanged)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"\s+", " ", text)
    return re.sub(r"\s*([{};])\s*", r"\1", text).replace(";}", "}").strip()


def critical_css(folder: Path) -> str:
    """What the page holds inline: the critical parts of css/app.css, compacted."""
    return compact_css("".join(critical_parts(folder)))


def stylesheet_rest(text: str) -> str:
    """css/app.css as served: without its critical parts, which every page holds already (the
    early script links the stylesheet after them, so every rule still comes in the order it is
    written; tests/browser/test_first_paint.py checks that each page is styled as by the whole
    stylesheet), compacted."""
    return compact_css(re.sub(re.escape(CRITICAL_START) + r".*?" + re.escape(CRITICAL_END), "", text, flags=re.S))


def first_words(folder: Path) -> dict[str, dict[str, str]]:
    """The first screen's words in each language (first-screen.json; its "//" is a comment)."""
    words = json.loads((folder / FIRST_WORDS).read_text(encoding="utf-8"))
    return {lang: words[lang] for lang in LANGUAGES}


def static_imports(folder: Path, *entries: str) -> list[str]:
    """Every module the entries import, directly or through others, as the paths the browser
    asks for (``/i18n.js``), in the order first met, the entries first."""
    found: list[str] = []
    todo = ["/" + entry for entry in entries]
    while todo:
        path = todo.pop(0)
        if path in found:
            continue
        found.append(path)
        if path == SHARED:
            continue
        source = (folder / path.lstrip("/")).read_text(encoding="utf-8")
        for target in STATIC_IMPORT.findall(source):
            if target.startswith("."):
                target = posixpath.normpath(posixpath.join(posixpath.dirname(path), target))
            todo.append(target)
    return found


def game_files(folder: Path, base: list[str]) -> dict[str, list[str]]:
    """What a game's match page needs first, beyond ``base``: its module (games/<game>/index.js)
    with what it imports, and its stylesheet (games/<game>/style.css) where it has one."""
    files = {}
    for game in sorted(p.parent.name for p in folder.glob("games/*/index.js")):
        files[game] = [f for f in static_imports(folder, f"games/{game}/index.js") if f not in base]
        if (folder / GAME_STYLE.format(game=game)).is_file():
            files[game].append("/" + GAME_STYLE.format(game=game))
    return files


def route_modules(folder: Path) -> dict[str, list[str]]:
    """Each route's view with what it imports beyond app.js's own."""
    base = static_imports(folder, "app.js")
    return {route: [f for f in static_imports(folder, view) if f not in base] for route, view in ROUTE_VIEWS.items()}


def match_game_files(folder: Path) -> dict[str, list[str]]:
    """Each game's first files beyond what a match page loads anyway (none in an app without games)."""
    if not any(folder.glob("games/*/index.js")):
        return {}
    return game_files(folder, static_imports(folder, "app.js", ROUTE_VIEWS["match"]))


#: A room's routes in pwa/rooms.js, a regular expression literal on a line of its own: ``route: /^#\/t\/.../,``.
ROOM_ROUTE = re.compile(r"^\s*route: /(.+)/,\s*$", re.M)


def room_routes(folder: Path) -> list[str]:
    """The patterns of the rooms' routes (rooms.js), so the early script tells a room's page from home."""
    rooms = folder / "rooms.js"
    return ROOM_ROUTE.findall(rooms.read_text(encoding="utf-8")) if rooms.is_file() else []


def first_views(folder: Path) -> list[str]:
    """The games that draw a first view of their own (games/<game>/first.js)."""
    return sorted(p.parent.name for p in folder.glob("games/*/first.js"))


def first_view_words(folder: Path, lang: str) -> dict[str, str]:
    """What a game's first view says beyond its own words, in the page's language: the shell's
    first words (first-screen.json) and the engine's names of the parts of each game that has a
    first view (its ``<game>.names`` table: sub-games, game types), as the app has them from
    /shared.js."""
    words = dict(first_words(folder)[lang]) if (folder / FIRST_WORDS).is_file() else {}
    games = first_views(folder)
    for table in tables():
        if table.shared and table.name.split(".")[0] in games and table.name.endswith(".names"):
            words.update((code, texts[lang]) for code, texts in table.items())
    return words


#: An export of paint.js, which may export only functions and constants (and import nothing).
EXPORT = re.compile(r"^export (?:function|const) (\w+)", flags=re.M)


def inline_module(source: str) -> str:
    """A module that imports nothing, as an expression that runs it and gives what it exports
    ({name: value}), for the early script; the same code as the module the app imports."""
    code = compact_js(source)
    if re.search(r"^(?:import|export (?!function |const ))", code, flags=re.M):
        raise ValueError("an inlined module may import nothing and export only functions and constants")
    names = EXPORT.findall(code)
    return "(() => {\n" + EXPORT.sub(lambda m: m.group(0).removeprefix("export "), code) + \
        "return { " + ", ".join(names) + " };\n})()"


def early_script(folder: Path, lang: str) -> str:
    """early.js for a page in ``lang``, with its lists filled in and paint.js written in,
    compacted (:func:`compact_js`)."""
    text = (folder / EARLY_SCRIPT).read_text(encoding="utf-8")
    lists = {APP_MODULES_MARK: static_imports(folder, "app.js")[1:], ROUTE_MODULES_MARK: route_modules(folder),
             GAME_FILES_MARK: match_game_files(folder), ROOM_ROUTES_MARK: room_routes(folder),
             FIRST_VIEWS_MARK: first_views(folder),
             FIRST_WORDS_MARK: first_view_words(folder, lang)}
    marks = {mark: json.dumps(value, ensure_ascii=False, separators=(",", ":")) for mark, value in lists.items()}
    if (folder / PAINT).is_file():
        marks[PAINT_MARK] = inline_module((folder / PAINT).read_text(encoding="utf-8"))
    for mark, value in marks.items():
        if text.count(mark) != 1:
            raise ValueError(f"early.js: {mark!r} must be there once")
        text = text.replace(mark, value)
    return compact_js(text)


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _policy(hashes: dict[str, str]) -> str:
    """The app's Content-Security-Policy, allowing the page's own inline script and style by
    their hashes ({directive: hash})."""
    from api import SECURITY_HEADERS

    directives = []
    for directive in SECURITY_HEADERS["Content-Security-Policy"].split(";"):
        name = directive.split()[0]
        directives.append(f"{directive.strip()} {hashes[name]}" if name in hashes else directive.strip())
    return "; ".join(directives)


def document(folder: str, lang: str) -> Page:
    """``/`` for a reader of ``lang``, made again when a file of the app has changed."""
    root = Path(folder)
    files = sorted(p for p in root.rglob("*") if p.is_file())
    return _document(root, lang, tuple((p.as_posix(), p.stat().st_mtime_ns, p.stat().st_size) for p in files))


@lru_cache(maxsize=8)
def _document(folder: Path, lang: str, _stamp: tuple[tuple[str, int, int], ...]) -> Page:
    template = re.sub(r"[ \t]*<!--.*?-->\n?", "", (folder / "index.html").read_text(encoding="utf-8"), flags=re.S)
    wanted = set(PLACEHOLDER.findall(template))
    # the parts written whole, each made only where the page has its place
    inline = {
        "critical_css": (lambda: critical_css(folder), "style-src", "</style"),
        "early_script": (lambda: early_script(folder, lang), "script-src", "</script"),
    }
    whole: dict[str, str] = {}
    hashes: dict[str, str] = {}
    for name, (make, directive, closing) in inline.items():
        if name in wanted:
            whole[name] = text = make()
            if closing in text.lower():
                raise ValueError(f"the inline {name} holds {closing}>")
            hashes[directive] = _hash(text)
    words = {"lang": lang, "pressed_de": str(lang == "de").lower(), "pressed_en": str(lang == "en").lower()}
    if wanted - whole.keys() - words.keys():
        words |= first_words(folder)[lang]

    def fill(found: re.Match[str]) -> str:
        name = found.group(1)
        if name in whole:
            return whole[name]
        if name not in words:
            raise KeyError(f"index.html: {{{{{name}}}}} is neither a word of first-screen.js nor a part")
        return html.escape(words[name])

    return Page(PLACEHOLDER.sub(fill, template).encode(), _policy(hashes))


def _send(path: str) -> Response:
    """A file of the app, whole (so it can be compressed), revalidated by its ETag."""
    if path == "index.html":
        return _page()
    found = safe_join(current_app.config["PWA_DIR"], path)
    if found is None or not Path(found).is_file():
        raise NotFound()
    stat = Path(found).stat()
    data = served_file(found, stat.st_mtime_ns, stat.st_size, path == STYLESHEET)
    if path == "sw.js":
        folder = Path(current_app.config["PWA_DIR"])
        data = data.replace(SHELL_VERSION_MARK, b"kreide-shell-" + shell_version(folder).encode())
        data = data.replace(SHELL_FILES_MARK, json.dumps(shell_files(folder)).encode())
    return _respond(data, Path(path).suffix.lower())


@lru_cache(maxsize=256)
def served_file(path: str, _mtime_ns: int, _size: int, stylesheet: bool = False) -> bytes:
    """A file of the app as it is served (:func:`compact`; the stylesheet without what the page
    holds: :func:`stylesheet_rest`), read and compacted once per version."""
    file = Path(path)
    if stylesheet:
        return stylesheet_rest(file.read_text(encoding="utf-8")).encode()
    return compact(file.read_bytes(), file.suffix.lower())


#: What a file of the app is sent compressed in, by the reader's Accept-Encoding (the first it takes).
PACKINGS = ("br", "gzip")
#: Files smaller than this are sent as they are (as flask-compress does with the API's answers).
PACK_MIN_SIZE = 500


@lru_cache(maxsize=512)
def packed(data: bytes, packing: str) -> bytes:
    """A file of the app compressed as small as ``packing`` makes it (brotli 11, gzip 9), once per
    version of the file: the app's files do not change between deploys, so the slow best
    compression is paid once, where the API's answers, made for each request, take the fast one."""
    if packing == "br":
        return brotli.compress(data, quality=11)
    return gzip.compress(data, compresslevel=9, mtime=0)


def _respond(data: bytes, suffix: str) -> Response:
    mimetype = MIME_TYPES.get(suffix, "application/octet-stream")
    tag = hashlib.sha256(data).hexdigest()[:16]  # 64 bits tell a file's versions apart; every byte is sent with it
    packing = next((p for p in PACKINGS if request.accept_encodings[p]), None)
    if packing is None or len(data) < PACK_MIN_SIZE or mimetype not in current_app.config["COMPRESS_MIMETYPES"]:
        response = Response(data, mimetype=mimetype)
        response.set_etag(tag)
    else:
        # an ETag that carries its encoding, as flask-compress marks the API's ("tag:br")
        response = Response(packed(data, packing), mimetype=mimetype)
        response.headers["Content-Encoding"] = packing
        response.set_etag(f"{tag}:{packing}")
    response.vary.add("Accept-Encoding")
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)
