"""The house drawn from the imports: Kreide's rooms (each game, the tournament, the club) and what
names them.

A *room* is one capability across the three layers: its engine package, its API module or
package and its phone folder (``engine/sixtysix/``, ``api/games/sixtysix.py``,
``pwa/games/sixtysix/``). A room may import the shared floor of every layer (the engine's
cards, tricks, i18n; the API's store and errors; the phone's shell) and itself, never
another room; only the registries name a room. This script reads every ``import`` of
``engine/``, ``api/`` and ``pwa/`` (Python by its syntax tree, JavaScript by its import
statements) and prints the house as a Mermaid diagram, one box per room and one arrow per
pair of parts where one imports the other.

    python scripts/house.py            # the diagram (docs/house.md holds it)
    python scripts/house.py --check    # the rules only: exit 1 naming each import that breaks one

``tests/test_house.py`` runs the check and keeps ``docs/house.md`` equal to the drawing.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("engine", "api", "pwa")
#: The files allowed to name a room: one line per room in each.
REGISTRIES = (
    "engine/__init__.py",
    "api/games/__init__.py",
    "api/__init__.py",
    "pwa/games/index.js",
    "pwa/rooms.js",
)
_JS_IMPORT = re.compile(r"""(?:^|[\s;}])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]"""
                        r"""|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]""", re.M)


@dataclass(frozen=True)
class Import:
    source: str  # the importing file, relative to ROOT
    target: str  # the imported file or package, relative to ROOT


def rooms() -> dict[str, tuple[str, ...]]:
    """Each room and the path prefixes of its parts, from the engine's registry of games."""
    sys.path.insert(0, str(ROOT))
    import engine

    found: dict[str, tuple[str, ...]] = {
        name: (f"engine/{name}/", f"api/games/{name}.py", f"pwa/games/{name}/", f"pwa/css/{name}.css")
        for name in engine.GAMES
    }
    found["tournament"] = ("engine/tournament/", "api/tournament/", "pwa/tournament/")
    found["club"] = ("engine/club/", "api/club/", "pwa/club/")
    return found


def room_of(path: str, table: dict[str, tuple[str, ...]]) -> str | None:
    for name, prefixes in table.items():
        if any(path == p or path.startswith(p) for p in prefixes):
            return name
    return None


def part_of(path: str, table: dict[str, tuple[str, ...]]) -> str:
    """The box a file is drawn in: its room, a registry, or its layer's shared floor."""
    if path in REGISTRIES:
        return "registries"
    return room_of(path, table) or f"{path.split('/')[0]} floor"


def _python_module_file(module: str) -> str | None:
    base = ROOT / Path(*module.split("."))
    if (base / "__init__.py").is_file():
        return str((base / "__init__.py").relative_to(ROOT))
    if base.with_suffix(".py").is_file():
        return str(base.with_suffix(".py").relative_to(ROOT))
    return None


def _python_imports(path: Path) -> Iterator[str]:
    rel = path.relative_to(ROOT)
    package = ".".join(rel.with_suffix("").parts[:-1] if rel.name != "__init__.py" else rel.parent.parts)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            yield module
            for alias in node.names:  # `from engine import sixtysix` names a package
                yield f"{module}.{alias.name}"


def imports() -> Iterator[Import]:
    """Every import of a project file by a project file."""
    for layer in ("engine", "api"):
        for path in sorted((ROOT / layer).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            source = str(path.relative_to(ROOT))
            seen = set()
            for module in _python_imports(path):
                if module.split(".")[0] not in LAYERS:
                    continue
                target = _python_module_file(module)
                if target and target != source and target not in seen:
                    seen.add(target)
                    yield Import(source, target)
    for path in sorted((ROOT / "pwa").rglob("*.js")):
        source = str(path.relative_to(ROOT))
        for match in _JS_IMPORT.finditer(path.read_text(encoding="utf-8")):
            spec = next(group for group in match.groups() if group)
            if not spec.startswith("."):
                continue
            target = (path.parent / spec).resolve()
            if target.is_file():
                yield Import(source, str(target.relative_to(ROOT)))


def broken(found: list[Import], table: dict[str, tuple[str, ...]]) -> list[str]:
    """Each import that lets one room name another, or lets the floor name a room."""
    problems = []
    for edge in found:
        target_room = room_of(edge.target, table)
        if target_room is None or edge.source in REGISTRIES:
            continue
        source_room = room_of(edge.source, table)
        if source_room != target_room:
            where = f"room {source_room}" if source_room else "the shared floor"
            problems.append(f"{edge.source} ({where}) imports {edge.target} (room {target_room})")
    return problems


def drawing(found: list[Import], table: dict[str, tuple[str, ...]]) -> str:
    crossings = {(part_of(edge.source, table), part_of(edge.target, table)) for edge in found}
    node = {name: re.sub(r"\W", "_", name) for pair in crossings for name in pair}
    lines = ["```mermaid", "flowchart TB"]
    for name in sorted(node):
        lines.append(f'  {node[name]}["{name}"]')
    for source, target in sorted(crossings):
        if source != target:
            lines.append(f"  {node[source]} --> {node[target]}")
    lines.append("```")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the rules")
    args = parser.parse_args(argv)
    table = rooms()
    found = list(imports())
    problems = broken(found, table)
    for problem in problems:
        print(problem, file=sys.stderr)
    if not args.check:
        print(drawing(found, table), end="")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
