"""The phone app's house, drawn from its imports (issue 19): each game (``pwa/games/<game>/``)
and the tournament (``pwa/tournament/``) is a room that names nothing of another room; the
shell reaches a room only through its registry (``pwa/games/index.js``, ``pwa/rooms.js``); and
no module imports itself through others (``dreierles/form.js`` ↔ ``dreierles/index.js`` was
such a circle). Both kinds of import count: ``import x from './a.js'`` and the ``import('./b.js')``
that loads a module when it is needed."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest
import tree_sitter_javascript
from tree_sitter import Language, Node, Parser

PWA = Path(__file__).resolve().parent.parent / "pwa"
JS = Language(tree_sitter_javascript.language())
#: The registries: the only modules of the shell that name a room.
REGISTRIES = {"games/index.js", "rooms.js"}
#: Modules the server makes (``/shared.js``) or writes into the page (``early.js``, which
#: asks for every game's ``first.js`` by the list the server fills in).
SERVER_MADE = {"shared.js"}


def strings_imported(source: str) -> list[str]:
    """The module specifiers a source imports: static imports and re-exports, and every
    ``import('...')`` with a plain string (comments, such as a JSDoc ``import('./store.js')``
    type, are not code and do not count)."""
    found: list[str] = []

    def walk(node: Node) -> None:
        if node.type in ("import_statement", "export_statement"):
            source_node = node.child_by_field_name("source")
            if source_node is not None:
                found.append(source_node.text.decode()[1:-1])
        if node.type == "call_expression":
            function = node.child_by_field_name("function")
            arguments = node.child_by_field_name("arguments")
            if function is not None and function.type == "import" and arguments is not None:
                for argument in arguments.named_children:
                    if argument.type == "string":
                        found.append(argument.text.decode()[1:-1])
        for child in node.children:
            walk(child)

    walk(Parser(JS).parse(source.encode()).root_node)
    return found


def modules() -> dict[str, list[str]]:
    """Every module of the app (its path below pwa/) and the modules it imports (the same)."""
    graph: dict[str, list[str]] = {}
    for path in sorted(PWA.rglob("*.js")):
        name = path.relative_to(PWA).as_posix()
        targets = []
        for target in strings_imported(path.read_text(encoding="utf-8")):
            resolved = target.lstrip("/") if target.startswith("/") else posixpath.normpath(
                posixpath.join(posixpath.dirname(name), target))
            if resolved not in SERVER_MADE:
                targets.append(resolved)
        graph[name] = targets
    return graph


def room(name: str) -> str | None:
    """The room a module belongs to: ``games/<game>``, ``tournament``, or None (the shell, and
    what the games share: ``games/tricks.js``, ``games/melds.js``, the registry)."""
    parts = name.split("/")
    if parts[0] == "games" and len(parts) > 2:
        return f"games/{parts[1]}"
    if parts[0] == "tournament":
        return "tournament"
    return None


def cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """Every circle of imports found by a depth-first walk (each named from where it closes)."""
    found: list[list[str]] = []
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = "open"
        path.append(name)
        for target in graph.get(name, []):
            if state.get(target) == "open":
                found.append([*path[path.index(target):], target])
            elif target not in state:
                visit(target)
        path.pop()
        state[name] = "done"

    for name in graph:
        if name not in state:
            visit(name)
    return found


GRAPH = modules()


def test_the_parser_finds_both_kinds_of_import_and_skips_comments() -> None:
    source = ("import { a } from './a.js';\nexport { b } from '../b.js';\nimport './c.js';\n"
              "/** @param {import('./store.js').MatchStore} store */\nconst d = () => import('./d.js');\n"
              "// import('./e.js')\nconst f = import(`/games/${name}/first.js`);\n")
    assert strings_imported(source) == ["./a.js", "../b.js", "./c.js", "./d.js"]


def test_a_circle_is_found() -> None:
    """The kind of circle issue 19 names: a game's form imports its index, which loads the form."""
    graph = {"games/x/form.js": ["games/x/index.js"], "games/x/index.js": ["games/x/form.js"], "app.js": []}
    assert cycles(graph) == [["games/x/form.js", "games/x/index.js", "games/x/form.js"]]


def test_every_import_names_a_module_of_the_app() -> None:
    missing = [f"{name} → {target}" for name, targets in GRAPH.items() for target in targets
               if not (PWA / target).is_file()]
    assert not missing, missing


def test_no_module_imports_itself_through_others() -> None:
    assert not cycles(GRAPH), "\n".join(" → ".join(circle) for circle in cycles(GRAPH))


@pytest.mark.parametrize("name", [name for name in GRAPH if room(name)])
def test_a_room_names_no_other_room(name: str) -> None:
    """A game's folder imports the shell and what the games share, never another game or the
    tournament; the tournament imports no game's folder."""
    others = [target for target in GRAPH[name] if room(target) not in (None, room(name))]
    assert not others, f"{name} imports {others}"


@pytest.mark.parametrize("name", [name for name in GRAPH if room(name) is None and name not in REGISTRIES])
def test_the_shell_reaches_a_room_only_through_a_registry(name: str) -> None:
    rooms = [target for target in GRAPH[name] if room(target)]
    assert not rooms, f"{name} imports {rooms}: register it (games/index.js, rooms.js) instead"


#: The shell modules that issue 19 found naming the tournament, and the match page's own.
SHELL = ["app.js", "store.js", "views/home.js", "entry-form.js"]
NAMES = re.compile(r"tournament|#/t/|dreeg|sixtysix|dreierles|dreist", re.I)


def code_of(source: str) -> str:
    """A module without its comments."""
    tree = Parser(JS).parse(source.encode())
    spans: list[tuple[int, int]] = []

    def walk(node: Node) -> None:
        if node.type == "comment":
            spans.append((node.start_byte, node.end_byte))
        for child in node.children:
            walk(child)

    walk(tree.root_node)
    data = source.encode()
    for start, end in reversed(spans):
        data = data[:start] + data[end:]
    return data.decode()


@pytest.mark.parametrize("name", SHELL + sorted(n for n in GRAPH if n.startswith("views/match")))
def test_the_shell_names_neither_a_game_nor_the_tournament(name: str) -> None:
    """Its code, that is: a comment may say what the shell serves."""
    named = sorted({m.group(0).lower() for m in NAMES.finditer(code_of((PWA / name).read_text(encoding="utf-8")))})
    assert not named, f"{name} names {named}"
