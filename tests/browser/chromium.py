"""Which Chromium the browser tests (conftest.py) and bench/pwa.py drive.

Debian's package (``/usr/bin/chromium``) wherever it exists: ``scripts/install-browser.sh``
installs it with apt-get where it can. Elsewhere (macOS, Fedora, a user account without root)
that script installs Playwright's own Chromium instead (``python -m playwright install
chromium``), and it is used. ``KREIDE_CHROMIUM`` names another browser outright.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

DEBIAN = Path("/usr/bin/chromium")
INSTALL = "scripts/install-browser.sh"


@dataclass(frozen=True)
class Choice:
    path: str
    source: str  # said in the test header and the bench report


def choose(environ: Mapping[str, str], debian: Path, bundled: Callable[[], str | None]) -> Choice:
    """``KREIDE_CHROMIUM``, else Debian's Chromium, else Playwright's own (``bundled()``: its
    executable's path, asked only when needed); ``FileNotFoundError`` saying what to run when
    there is none."""
    named = environ.get("KREIDE_CHROMIUM")
    if named:
        if not Path(named).exists():
            raise FileNotFoundError(f"KREIDE_CHROMIUM={named} does not exist")
        return Choice(named, "KREIDE_CHROMIUM")
    if debian.exists():
        return Choice(str(debian), "Debian's Chromium")
    own = bundled()
    if own and Path(own).exists():
        return Choice(own, "Playwright's own Chromium (no Debian package here)")
    raise FileNotFoundError(f"no Chromium: neither {debian} nor Playwright's own; run {INSTALL}")


def playwright_chromium() -> str | None:
    """Where Playwright keeps its own Chromium (whether or not it is installed there)."""
    from playwright.sync_api import Error, sync_playwright

    try:
        with sync_playwright() as playwright:
            return playwright.chromium.executable_path
    except Error:
        return None


def chromium(environ: Mapping[str, str] | None = None,
             bundled: Callable[[], str | None] = playwright_chromium) -> Choice:
    return choose(os.environ if environ is None else environ, DEBIAN, bundled)
