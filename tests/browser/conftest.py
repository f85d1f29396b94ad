"""Browser tests: the real server (gunicorn, the project's gunicorn.conf.py, a temporary
SQLite file) and Chromium driven by Playwright, in phone-sized contexts.

Run alone with ``pytest tests/browser`` (or ``-m browser``). Chromium comes from
``scripts/install-browser.sh`` (``make test`` runs it): Debian's package where there is one,
else Playwright's own (chromium.py chooses); the tests themselves never download a browser.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright

from bench.harness import free_port, start_server, stop_server
from tests.browser.chromium import chromium

# a name like a club network's, for the app opened on a plain-http address that is not this
# device's own (test_insecure_origin.py): Chromium resolves it to 127.0.0.1 itself
LAN_NAME = "kreide.lan"
CHROMIUM_ARGS = [
    f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 360, "height": 780}
# The page's title as the app draws it: the first screen the server writes holds two more (the
# home page's and "Loading…", data-first), which the app replaces (a bare "h1" is ambiguous then)
APP_TITLE = "h1:not([data-first])"
PLAYERS = ["Anna", "Benno", "Carla", "Dieter"]

# Auto-waiting assertions: generous for a loaded 2-core CI box, never a fixed sleep.
expect.set_options(timeout=10_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


# --- the server ---------------------------------------------------------------------------


@dataclass
class Server:
    url: str

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        """A request to the running server, outside the browser (setup and checks)."""
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                raw = response.read()
                return response.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as err:
            with err:
                raw = err.read()
            return err.code, json.loads(raw) if raw else None

    def create_match(self, players: list[str] = PLAYERS) -> dict[str, Any]:
        status, match = self.api("POST", "/api/matches", {"game": "dreeg", "players": players})
        assert status == 201, match
        return match


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """gunicorn on 127.0.0.1 and a free port, on a fresh migrated SQLite file (bench/harness.py;
    the whole session creates its matches from 127.0.0.1, so no creation limit there)."""
    port = free_port()
    process = start_server(tmp_path_factory.mktemp("server"), port, {"WEB_CONCURRENCY": "2"})
    try:
        yield Server(f"http://127.0.0.1:{port}")
    finally:
        stop_server(process, quick=True)


# --- the browser ----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    try:
        choice = chromium(bundled=lambda: playwright_session.chromium.executable_path)
    except FileNotFoundError as missing:
        pytest.fail(str(missing))
    browser = playwright_session.chromium.launch(executable_path=choice.path, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


Phone = Callable[..., Page]


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[Phone]:
    """``phone(locale="en-GB")`` opens a page in a new phone-sized context (a phone of its own:
    its own storage, offline switch and so on); all are closed after the test, which fails
    if a page threw an uncaught error."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_phone(locale: str = "en-GB") -> Page:
        context = browser.new_context(
            base_url=server.url, viewport=PHONE, screen=PHONE, device_scale_factor=2,
            is_mobile=True, has_touch=True, locale=locale,
        )
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(f"{locale} phone: {err}"))
        return page

    yield open_phone
    for context in contexts:
        context.close()
    if errors:
        pytest.fail("uncaught errors in the page:\n" + "\n".join(errors))
