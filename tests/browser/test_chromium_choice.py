"""Which Chromium drives the browser tests and bench/pwa.py (chromium.py), and what
scripts/install-browser.sh does on a machine with or without Debian's package, apt-get and root
(its dry run: nothing is installed, nothing downloaded)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.browser.chromium import INSTALL, choose

REPO = Path(__file__).resolve().parents[2]


def executable(path: Path, text: str = "#!/bin/sh\necho 'Chromium 120.0'\n") -> Path:
    path.write_text(text)
    path.chmod(0o755)
    return path


def never() -> str | None:
    raise AssertionError("Playwright was asked although Debian's Chromium is there")


def test_debians_chromium_is_the_choice_where_it_exists(tmp_path: Path) -> None:
    debian = executable(tmp_path / "chromium")
    bundled = executable(tmp_path / "chrome")
    assert choose({}, debian, never).path == str(debian)
    assert choose({}, debian, lambda: str(bundled)).source == "Debian's Chromium"


def test_elsewhere_playwrights_own_chromium(tmp_path: Path) -> None:
    bundled = executable(tmp_path / "chrome")
    choice = choose({}, tmp_path / "no-chromium", lambda: str(bundled))
    assert choice.path == str(bundled)
    assert "Playwright's own Chromium" in choice.source


def test_without_either_it_says_what_to_run(tmp_path: Path) -> None:
    for bundled in (None, str(tmp_path / "not-installed" / "chrome")):
        with pytest.raises(FileNotFoundError, match=INSTALL):
            choose({}, tmp_path / "no-chromium", lambda bundled=bundled: bundled)


def test_kreide_chromium_names_another_browser(tmp_path: Path) -> None:
    other = executable(tmp_path / "other")
    debian = executable(tmp_path / "chromium")
    assert choose({"KREIDE_CHROMIUM": str(other)}, debian, never).path == str(other)
    with pytest.raises(FileNotFoundError, match="KREIDE_CHROMIUM"):
        choose({"KREIDE_CHROMIUM": str(tmp_path / "gone")}, debian, never)


def dry_run(tmp_path: Path, debian: Path, apt_get: str) -> str:
    env = {**os.environ, "KREIDE_BROWSER_DRY_RUN": "1", "KREIDE_DEBIAN_CHROMIUM": str(debian),
           "KREIDE_APT_GET": apt_get, "KREIDE_PYTHON": "/venv/bin/python"}
    done = subprocess.run(["bash", str(REPO / "scripts" / "install-browser.sh")], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_script_falls_back_to_playwright_without_apt_get(tmp_path: Path) -> None:
    said = dry_run(tmp_path, tmp_path / "no-chromium", "no-such-apt-get")
    assert "using Playwright's own Chromium" in said
    assert "would run: /venv/bin/python -m playwright install chromium" in said
    assert "apt-get" not in said.replace("no apt-get", "")


def test_the_script_installs_debians_package_with_apt_get_and_root(tmp_path: Path) -> None:
    apt_get = executable(tmp_path / "apt-get", "#!/bin/sh\nexit 1\n")  # never run: a dry run
    said = dry_run(tmp_path, tmp_path / "no-chromium", str(apt_get))
    root = os.geteuid() == 0 or subprocess.run(["sh", "-c", "command -v sudo"], capture_output=True).returncode == 0
    if root:
        assert f"{apt_get} install -y -qq --no-install-recommends chromium" in said
        assert "Playwright" not in said
    else:  # a user account without sudo: apt-get is of no use
        assert "using Playwright's own Chromium" in said


def test_the_script_keeps_debians_chromium_where_it_is(tmp_path: Path) -> None:
    debian = executable(tmp_path / "chromium")
    said = dry_run(tmp_path, debian, "no-such-apt-get")
    assert "Debian's Chromium" in said
    assert "Playwright" not in said
