"""The invitation without a network (issue 18, item 14).

The QR code is an SVG from the server. Offline, the invitation says why it is missing (no
connection), still offers the links (copy, and share where the phone can) and the table's code,
and shows the QR code as soon as the network is back. Once loaded, the QR code is kept on the
phone: the invitation shows it offline too. Both languages, axe-clean, 44 px targets.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.a11y import axe_violations, describe_violations, small_targets
from tests.browser.conftest import Phone, Server

OFFLINE = {
    "de": "Keine Verbindung: Der QR-Code kommt, sobald das Netz wieder da ist. Die Links unten gehen schon: "
          "kopieren oder teilen.",
    "en": "No connection: the QR code comes as soon as the network is back. The links below work already: "
          "copy or share them.",
}
CODE = {"de": "Code dieses Tischs: {code}", "en": "Code of this table: {code}"}
INVITE = {"de": "Einladen", "en": "Invite"}
# a phone that can share (Android's and iOS's browsers can; desktop Linux Chromium cannot)
CAN_SHARE = "navigator.share = async (data) => { window.shared = data; };"


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("KREIDE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=True)


def open_invitation(page: Page, lang: str) -> Locator:
    expect(page.locator("[data-invite-link]")).to_have_text(INVITE[lang])
    page.locator("[data-invite-link]").click()
    invite = page.locator("[data-invite]")
    expect(invite).to_have_attribute("open", "")
    return invite


def qr_shown(invite: Locator) -> None:
    qr = invite.locator("img[data-qr]")
    expect(qr).to_have_attribute("src", re.compile(r"^blob:"))
    qr.evaluate("(img) => img.decode()")
    assert qr.evaluate("(img) => img.naturalWidth") > 0


def joined(page: Page, match: dict[str, Any]) -> None:
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator("[data-slates] [data-player]")).to_have_count(4)
    expect(page.locator("[data-entry] [data-submit]")).to_be_visible()


def kept(page: Page) -> None:
    """The app is kept on the phone (its service worker answers): what opens later opens offline."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20_000)


@pytest.mark.parametrize(("locale", "lang"), [("de-AT", "de"), ("en-GB", "en")])
def test_offline_the_invitation_says_why_and_offers_the_links(phone: Phone, server: Server, locale: str,
                                                               lang: str) -> None:
    match = server.create_match()
    page = phone(locale=locale)
    page.add_init_script(CAN_SHARE)
    joined(page, match)
    kept(page)
    page.context.set_offline(True)
    invite = open_invitation(page, lang)
    expect(invite.locator("[data-qr-offline]")).to_have_text(OFFLINE[lang])
    expect(invite.locator("[data-table-code]")).to_have_text(CODE[lang].format(code=match["id"]))
    expect(invite.locator("img[data-qr]")).to_have_count(0)
    join_link = invite.locator("[data-link=join]")
    # (on this device's own address, the link names its network address: views/match.js)
    expect(join_link).to_have_value(re.compile(rf"^http://[^/]+/#/m/{match['id']}/{match['scorer_token']}$"))
    expect(invite.locator("[data-copy=join]")).to_be_visible()
    invite.locator("[data-share=join]").click()
    assert page.evaluate("window.shared.url") == join_link.input_value()
    violations = axe_violations(page)
    assert not violations, describe_violations(violations)
    assert small_targets(page, "[data-invite]") == []
    shoot(page, f"invitation-offline-{lang}.png")

    # the network is back: the QR code comes by itself
    page.context.set_offline(False)
    qr_shown(invite)
    expect(invite.locator("[data-qr-offline]")).to_have_count(0)


def test_a_qr_code_once_loaded_is_shown_offline_too(phone: Phone, server: Server) -> None:
    match = server.create_match()
    page = phone()
    joined(page, match)
    qr_shown(open_invitation(page, "en"))
    # the table opened anew without a network: the app from the service worker's cache, the
    # table from what this phone keeps
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20_000)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("[data-slates] [data-player]")).to_have_count(4)
    expect(page.locator("[data-stale-badge]")).to_be_visible()
    invite = open_invitation(page, "en")
    qr_shown(invite)
    expect(invite.locator("[data-qr-offline]")).to_have_count(0)
    page.context.set_offline(False)


INVITE_OFFLINE = {"de": "Keine Verbindung: Die Einladung kommt, sobald das Netz wieder da ist.",
                  "en": "No connection: the invitation comes as soon as the network is back."}


@pytest.mark.parametrize(("locale", "lang"), [("de-AT", "de"), ("en-GB", "en")])
def test_a_joining_phone_loads_the_invitation_when_asked_and_says_so_offline(phone: Phone, server: Server,
                                                                             locale: str, lang: str) -> None:
    """A phone that joined has the invitation folded, its code not loaded until it is opened (a
    scanned table opens with less); offline before the app was kept, opening it says why it is
    missing and names the table's code, and the invitation comes with the network."""
    match = server.create_match()
    page = phone(locale=locale)
    loaded: list[str] = []
    page.on("request", lambda request: loaded.append(request.url))
    page.route("**/sw.js", lambda route: route.abort())  # the app not kept yet
    joined(page, match)
    page.wait_for_timeout(300)
    assert not [url for url in loaded if url.endswith(("/views/match/invite.js", "/share.js"))]
    page.context.set_offline(True)
    invite = open_invitation(page, lang)
    expect(invite.locator("[data-invite-offline]")).to_have_text(INVITE_OFFLINE[lang])
    expect(invite.locator("[data-table-code]")).to_have_text(CODE[lang].format(code=match["id"]))
    assert not axe_violations(page)
    page.context.set_offline(False)
    qr_shown(invite)
    expect(invite.locator("[data-invite-offline]")).to_have_count(0)
    expect(invite.locator("[data-link=join]")).to_have_value(re.compile(rf"/#/m/{match['id']}/"))
