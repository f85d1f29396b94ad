"""The page a phone opens (``/``): written by the server for its reader (issue 18, item 19).

Its first screen comes from the HTML itself: the words in the reader's language, the styles
it needs inline (taken from the marked parts of css/app.css, never a copy that could drift),
the early script inline (it asks for a match with the page's first bytes, and loads the app
with every module it imports preloaded once the first screen is painted), both allowed by
their hashes in the page's Content-Security-Policy, never by ``'unsafe-inline'``. What a
browser makes of it is tests/browser/test_first_paint.py.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest
import tree_sitter_javascript
from flask.testing import FlaskClient
from tree_sitter import Language, Node, Parser

import engine
from api.views.pwa import compact_css, compact_js, critical_parts, shared_module
from tests.conftest import make_app

PWA = Path(__file__).resolve().parents[2] / "pwa"
WORDS = {lang: words for lang, words in json.loads((PWA / "first-screen.json").read_text(encoding="utf-8")).items()
         if lang in ("en", "de")}


pytestmark = pytest.mark.sqlite_only  # the phone app's files as served: no database involved


def inline(page: str, tag: str) -> str:
    found = re.findall(rf"<{tag}>(.*?)</{tag}>", page, flags=re.S)
    assert len(found) == 1, f"one inline <{tag}> in the page, found {len(found)}"
    return found[0]


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def marked_css(text: str) -> str:
    """The parts of a stylesheet between the critical marks, without comments or extra space
    (how the page holds them), worked out here on its own."""
    parts = re.findall(r"/\* critical: start \*/(.*?)/\* critical: end \*/", text, flags=re.S)
    assert parts, "css/app.css marks the first screen's part"
    css = re.sub(r"/\*.*?\*/", "", "".join(parts), flags=re.S)
    return re.sub(r"\s*([{};])\s*", r"\1", re.sub(r"\s+", " ", css)).replace(";}", "}").strip()


@pytest.mark.parametrize(("accept", "lang"), [
    pytest.param("de-AT,de;q=0.9,en;q=0.8", "de", id="an Austrian phone"),
    pytest.param("de", "de", id="plain German"),
    pytest.param("en-GB,en;q=0.9", "en", id="a British phone"),
    pytest.param("fr-FR,de;q=0.8", "en", id="French first: English, as the app itself chooses"),
    pytest.param("", "en", id="no language said"),
])
def test_the_first_screen_is_written_in_the_readers_language(client: FlaskClient, accept: str, lang: str) -> None:
    response = client.get("/", headers={"Accept-Language": accept} if accept else {})
    assert response.status_code == 200
    assert "Accept-Language" in response.headers["Vary"]
    page = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in page
    words = WORDS[lang]
    other = WORDS["en" if lang == "de" else "de"]
    for key in ("tagline", "your_tables", "no_tables", "referee_open", "loading"):
        assert f">{words[key]}<" in page, key
        assert other[key] not in page, key
    assert f'aria-label="{words["lang_switch"]}"' in page
    assert f'data-lang="{lang}" aria-pressed="true"' in page
    assert "{{" not in page and "<!--" not in page


def test_the_words_are_those_the_app_registers_in_both_languages(client: FlaskClient) -> None:
    """first-screen.json reaches the app through /shared.js, where i18n.js registers it as its
    table 'first-screen' (no module of its own: one request less before the first view)."""
    assert WORDS.keys() == {"en", "de"} and WORDS["en"].keys() == WORDS["de"].keys()
    shared = client.get("/shared.js").get_data(as_text=True)
    assert f"export const FIRST_SCREEN = {json.dumps(WORDS, ensure_ascii=False, sort_keys=True)};" in shared
    source = (PWA / "i18n.js").read_text(encoding="utf-8")
    assert "import { FIRST_SCREEN, SENTENCES as ENGINE } from './shared.js';" in source
    assert "sentences('first-screen', FIRST_SCREEN);" in source


def test_the_inline_styles_are_the_marked_parts_of_the_stylesheet(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    style = inline(page, "style")
    assert style == marked_css((PWA / "css" / "app.css").read_text(encoding="utf-8"))
    for rule in (".top{", ".page-title{", ".tagline{", ".card{", ".hint{", "button, .button{", ".ref-nav{"):
        assert rule in style, rule
    # the whole stylesheet is linked by the early script, never render-blocking in the page
    assert '<link rel="stylesheet"' not in page


def test_a_change_to_the_stylesheet_is_in_the_next_page(tmp_path: Path) -> None:
    folder = tmp_path / "pwa"
    shutil.copytree(PWA, folder)
    client = make_app(tmp_path / "k.sqlite3", PWA_DIR=str(folder)).test_client()
    before = client.get("/")
    css = folder / "css" / "app.css"
    css.write_text(css.read_text(encoding="utf-8").replace(
        ".page-title { font-size: 1.6rem;", ".page-title { font-size: 1.7rem;"), encoding="utf-8")
    after = client.get("/")
    assert "font-size: 1.7rem" in inline(after.get_data(as_text=True), "style")
    assert inline(after.get_data(as_text=True), "style") == marked_css(css.read_text(encoding="utf-8"))
    assert after.headers["ETag"] != before.headers["ETag"]
    assert after.headers["Content-Security-Policy"] != before.headers["Content-Security-Policy"]


@pytest.mark.parametrize(("text", "ok"), [
    pytest.param("/* critical: start */a{}/* critical: end */b{}", True, id="one part"),
    pytest.param("/* critical: start */a{}/* critical: end *//* critical: start */c{}/* critical: end */", True,
                 id="two parts"),
    pytest.param("a{}", False, id="no part marked"),
    pytest.param("/* critical: start */a{}", False, id="a start without its end"),
    pytest.param("/* critical: start */a{}/* critical: end */b{}/* critical: end */", False,
                 id="an end without its start"),
])
def test_the_marks_must_pair(tmp_path: Path, text: str, ok: bool) -> None:
    (tmp_path / "css").mkdir()
    (tmp_path / "css" / "app.css").write_text(text)
    if ok:
        assert critical_parts(tmp_path)
    else:
        with pytest.raises(ValueError, match="critical"):
            critical_parts(tmp_path)


def test_inline_style_and_script_are_allowed_by_their_hashes_only(client: FlaskClient) -> None:
    response = client.get("/")
    page = response.get_data(as_text=True)
    policy = dict(part.strip().split(" ", 1) for part in response.headers["Content-Security-Policy"].split(";"))
    assert policy["script-src"] == f"'self' {sha256(inline(page, 'script'))}"
    assert policy["style-src"] == f"'self' {sha256(inline(page, 'style'))}"
    assert "unsafe-inline" not in response.headers["Content-Security-Policy"]
    assert policy["frame-ancestors"] == "'none'" and policy["default-src"] == "'self'"
    # every other answer keeps the app's plain policy
    for path in ("/icons/icon.svg", "/api/health"):
        assert client.get(path).headers["Content-Security-Policy"].startswith("default-src 'self'; script-src 'self';")
    assert client.get("/index.html").get_data() == response.get_data()


def test_nothing_but_the_page_is_needed_for_the_first_paint(client: FlaskClient) -> None:
    """No stylesheet, script file or preload in the page: the early script asks for them once
    the first screen is painted (a file fetched before would count as holding it back)."""
    page = re.sub(r"<script>.*?</script>", "<script></script>", client.get("/").get_data(as_text=True), flags=re.S)
    assert '<link rel="stylesheet"' not in page and "modulepreload" not in page
    assert "<script src" not in page and '<script type="module"' not in page
    assert re.findall(r"<link [^>]*>", page) == [
        '<link rel="manifest" href="/manifest.webmanifest">',
        '<link rel="icon" href="/icons/icon.svg" type="image/svg+xml">',
        '<link rel="apple-touch-icon" href="/icons/icon-192.png">',
    ]


def test_the_early_script_knows_each_routes_and_each_games_first_modules(client: FlaskClient) -> None:
    script = inline(client.get("/").get_data(as_text=True), "script")
    app = json.loads(re.search(r"const APP_MODULES = (\[.*?\]);", script).group(1))
    routes = json.loads(re.search(r"const ROUTE_MODULES = (\{.*?\});", script).group(1))
    games = json.loads(re.search(r"const GAME_FILES = (\{.*?\});", script).group(1))
    # every module app.js imports (read here from its source), and what they import
    imported = {"/" + m.removeprefix("./") for m in re.findall(r"^import .* from '(\./[^']+)';$",
                                                              (PWA / "app.js").read_text(), flags=re.M)}
    assert imported <= set(app)
    assert set(app) == {"/api.js", "/dom.js", "/paint.js", "/i18n.js", "/store.js", "/games/index.js",
                        "/rooms.js", "/shared.js"}
    for path in app:
        assert client.get(path).mimetype == "text/javascript", path
    assert "app.src = '/app.js'" in script
    assert routes == {"home": ["/views/home.js"],
                      "match": ["/views/match.js", "/entries.js", "/views/match/agreed.js", "/views/match/entry.js",
                                "/views/match/history.js"]}
    assert set(games) == {name for name, game in engine.GAMES.items() if game.available}
    assert set(games["dreeg"]) == {"/games/dreeg/index.js", "/games/dreeg/first.js", "/games/dreeg/strings.js",
                                   "/cards/german.js"}
    assert "/games/sixtysix/style.css" in games["sixtysix"]
    # the app's own preload (games/index.js) has the same lists, from /shared.js
    shared = client.get("/shared.js").get_data(as_text=True)
    assert json.loads(re.search(r"export const GAME_FILES = (\{.*?\});", shared).group(1)) == games
    for files in games.values():
        for path in files:
            assert client.get(path).status_code == 200, path
    # the match is asked for from the page itself, with the reader's language and the link's token
    assert "fetch(`/api/matches/${encodeURIComponent(id)}`" in script
    assert "'Accept-Language': lang" in script and "Authorization: `Bearer ${token}`" in script
    assert "\n//" not in script  # whole-line comments are left out


# --- the app's files as served: compacted, the same program ----------------------------------

JS = Language(tree_sitter_javascript.language())


def program(source: str) -> list[tuple[str, str]]:
    """A script's syntax tree without its comments, as a list (node kinds, and each leaf's text):
    two scripts with the same list are the same program, whatever their spacing and comments."""
    tree = Parser(JS).parse(source.encode())
    found: list[tuple[str, str]] = []

    def walk(node: Node) -> None:
        if node.type == "comment":
            return
        assert not node.is_error and not node.is_missing, f"not JavaScript: {node}"
        if node.child_count == 0:
            found.append((node.type, (node.text or b"").decode()))
            return
        found.append(("(", node.type))
        for child in node.children:
            walk(child)
        found.append((")", node.type))

    walk(tree.root_node)
    return found


SCRIPTS = sorted(p.relative_to(PWA).as_posix() for p in PWA.rglob("*.js") if p.name not in ("sw.js", "early.js"))


@pytest.mark.parametrize("path", SCRIPTS)
def test_every_module_is_served_compacted_as_the_same_program(client: FlaskClient, path: str) -> None:
    """The server leaves out the comments and the indentation of every module it serves (a phone
    loads a third less), and nothing else: the served module is the same program as its source."""
    response = client.get(f"/{path}")
    served = response.get_data(as_text=True)
    source = (PWA / path).read_text(encoding="utf-8")
    assert program(served) == program(source)
    assert len(served) < len(source)
    assert "\n//" not in served and "\n  " not in served
    assert response.headers["ETag"] == client.get(f"/{path}").headers["ETag"]


def test_the_workers_and_the_servers_own_module_are_compacted_too(client: FlaskClient) -> None:
    worker = client.get("/sw.js").get_data(as_text=True)
    assert "\n//" not in worker and "kreide-shell-v1" not in worker
    assert "const SHELL = [\"/\", " in worker  # the precache list, filled in
    shared = client.get("/shared.js").get_data(as_text=True)
    assert program(shared) == program(shared_module(str(PWA)))
    assert "\n//" not in shared


def test_a_stylesheet_is_served_compacted(client: FlaskClient) -> None:
    for path in sorted(p.relative_to(PWA).as_posix() for p in PWA.rglob("*.css")):
        served = client.get(f"/{path}").get_data(as_text=True)
        assert "/*" not in served and "\n" not in served, path
        if path != "css/app.css":
            assert served == compact_css((PWA / path).read_text(encoding="utf-8")), path


def test_the_stylesheet_leaves_out_what_the_page_holds(client: FlaskClient) -> None:
    """The page holds the stylesheet's critical parts inline: /css/app.css, which the early script
    links after them, sends the rest only, every rule in the order written (issue 18, item 19)."""
    text = (PWA / "css" / "app.css").read_text(encoding="utf-8")
    served = client.get("/css/app.css").get_data(as_text=True)
    held = inline(client.get("/").get_data(as_text=True), "style")
    rest = re.sub(r"/\* critical: start \*/.*?/\* critical: end \*/", "", text, flags=re.S)
    assert served == compact_css(rest)
    assert ".slate-svg{" in held and ".slate-svg{" not in served
    assert ".entry form{" in served and ".entry form{" not in held
    assert len(served) + len(held) <= len(compact_css(text)) + 16


@pytest.mark.parametrize("source", [
    pytest.param("const a = `one\n  two`;\n", id="a template literal over two lines keeps its indentation"),
    pytest.param("const b = 'x';\n/* a comment\n   that ends */ const c = 1;\n", id="code after a block comment"),
    pytest.param("let d = 1\n// said\n;[d] = [2]\n", id="a statement that needs its line break"),
    pytest.param("const e = f(1); // a note\nconst g = 'http://x'; // kept: a quote before it\n",
                 id="a comment after code"),
    pytest.param("const r = /a\\/\\/b/; // a slash before it\n", id="a regular expression with slashes"),
])
def test_compacting_a_script_is_checked_for_what_it_could_break(source: str) -> None:
    """What the line-wise compaction cannot see (a line inside a template literal) is caught by
    the comparison of the programs above, which the first case proves; the others it keeps."""
    if "`" in source:
        assert program(compact_js(source)) != program(source)
    else:
        assert program(compact_js(source)) == program(source)
    if "a note" in source:
        assert compact_js(source) == "const e = f(1);\nconst g = 'http://x'; // kept: a quote before it\n"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_early_script_holds_the_first_views_words_in_the_pages_language(client: FlaskClient, lang: str) -> None:
    """A scanned table's first view (games/<game>/first.js) is drawn by the early script in the
    page's language: the shell's words and its game's names there, none of the other language's,
    none of the games without a first view (issue 18, item 19)."""
    script = inline(client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True), "script")
    words = json.loads(re.search(r"const WORDS = (\{.*?\});", script).group(1))
    assert json.loads(re.search(r"const FIRST_VIEWS = (\[.*?\]);", script).group(1)) == ["dreeg"]
    assert words["subgame_ace_of_hearts"] == {"de": "Herz-Ass", "en": "Ace of Hearts"}[lang]
    assert words["referee"] == WORDS[lang]["referee"] and words["and"] == WORDS[lang]["and"]
    assert "game_sixtysix" not in words and "dl_game_dreier" not in words
    other = {"de": "Ace of Hearts", "en": "Herz-Ass"}[lang]
    assert other not in script
    assert "import(`/games/${name}/first.js`)" in script


def test_the_early_script_knows_every_rooms_routes(client: FlaskClient) -> None:
    """Each room of rooms.js reaches the early script with its pattern, so a room's page is not
    taken for home there (tests/browser/test_first_paint.py compares the routes with app.js's)."""
    script = inline(client.get("/").get_data(as_text=True), "script")
    routes = json.loads(re.search(r"const ROOM_ROUTES = (\[.*?\]);", script).group(1))
    rooms = (PWA / "rooms.js").read_text(encoding="utf-8")
    assert len(routes) == len(re.findall(r"^\s*route: ", rooms, flags=re.M)) >= 1
    for route in routes:
        assert f"route: /{route}/," in rooms
    assert "tournament" not in (PWA / "early.js").read_text(encoding="utf-8")
