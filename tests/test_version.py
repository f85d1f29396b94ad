"""One version: pyproject.toml's is the CHANGELOG's newest heading, and the app shows it (the
OpenAPI document's info.version) as the installed package reports it."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

from tests.conftest import make_app

ROOT = Path(__file__).resolve().parent.parent


def pyproject_version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"])


def changelog_version() -> str:
    """The newest release: the first ``## X.Y.Z — title`` heading."""
    found = re.search(r"^## (\d+\.\d+\.\d+)\b", (ROOT / "CHANGELOG.md").read_text(), re.MULTILINE)
    assert found, "CHANGELOG.md has no '## X.Y.Z' heading"
    return found.group(1)


def test_pyproject_version_is_the_changelogs_newest_heading() -> None:
    assert pyproject_version() == changelog_version()


def test_the_installed_package_has_pyprojects_version() -> None:
    """make install re-installs when pyproject.toml changes; a stale install would show an old number."""
    assert version("kreide") == pyproject_version()


def test_openapi_document_shows_the_version(tmp_path: Path) -> None:
    app = make_app(tmp_path / "kreide.sqlite3")
    document = app.test_client().get("/api/openapi.json").get_json()
    assert document["info"]["version"] == pyproject_version()
