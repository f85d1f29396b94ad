"""On a plain-http address the app says what needs HTTPS; on a secure one it says nothing.

``kreide.lan`` resolves to 127.0.0.1 inside Chromium (``--host-resolver-rules``, conftest.py):
a name like a club network's, which is not a secure context over http, while the traffic stays
on loopback. ``http://127.0.0.1`` and ``http://localhost`` are secure contexts (this device only).
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect

from tests.browser.conftest import LAN_NAME, Phone, Server

NOTICE = {
    "en": "This address is not secure (http): installing the app, playing offline and keeping the screen awake "
          "need HTTPS. Ask the organiser for the https:// address.",
    "de": "Diese Adresse ist nicht sicher (http): Um die App zu installieren, offline zu spielen und den Bildschirm "
          "wach zu halten, braucht es HTTPS. Frag beim Veranstalter nach der https://-Adresse.",
}


def lan_url(server: Server) -> str:
    return f"http://{LAN_NAME}:{urlsplit(server.url).port}"


def shoot(page: Page, name: str) -> None:
    """A screenshot for a person to look at, when KREIDE_SCREENSHOTS names a directory."""
    folder = os.environ.get("KREIDE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=True)


def test_a_plain_http_address_says_what_needs_https(phone: Phone, server: Server) -> None:
    for locale, lang in (("en-GB", "en"), ("de-AT", "de")):
        page = phone(locale=locale)
        page.goto(lan_url(server) + "/")
        expect(page.locator("[data-new-match]")).to_be_visible()
        assert page.evaluate("window.isSecureContext") is False
        assert page.evaluate("'serviceWorker' in navigator") is False  # what the notice is about
        notice = page.locator("[data-insecure]")
        expect(notice).to_have_text(NOTICE[lang])
        expect(notice).to_be_in_viewport()  # right below the header, before anything else
        shoot(page, f"insecure-home-{lang}.png")

        # every page says it, and in the language picked
        page.goto(lan_url(server) + "/#/referee")
        expect(page.locator(".page-title")).to_be_visible()
        expect(page.locator("[data-insecure]")).to_have_text(NOTICE[lang])
        other = "de" if lang == "en" else "en"
        page.locator(f"[data-lang={other}]").click()
        expect(page.locator("[data-insecure]")).to_have_text(NOTICE[other])


def test_a_secure_address_says_nothing(phone: Phone, server: Server) -> None:
    page = phone()
    for origin in (server.url, server.url.replace("127.0.0.1", "localhost")):
        page.goto(origin + "/")
        expect(page.locator("[data-new-match]")).to_be_visible()
        assert page.evaluate("window.isSecureContext") is True
        expect(page.locator("[data-insecure]")).to_have_count(0)
