"""The app says it can be installed, where a player meets it (issue 18, item 14).

A small button in the header, on every page: on Chromium when the browser says the app can be
installed (beforeinstallprompt, dispatched here as Chromium does: headless Chromium never finds
a page installable), opening the browser's prompt; on iOS, which has no such event, at once,
showing how (Share → Add to Home Screen). Never in the installed app (display-mode standalone)
and never again once the player said no. Both languages; axe-clean, targets of 44 px or more.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.a11y import axe_violations, describe_violations, small_targets
from tests.browser.conftest import PHONE, Phone, Server

LABEL = {"de": "Kreide als App installieren", "en": "Install Kreide as an app"}
IOS_HINT = {
    "de": "Kreide als App: auf Teilen tippen (das Quadrat mit dem Pfeil), dann auf „Zum Home-Bildschirm“.",
    "en": "Kreide as an app: tap Share (the square with the arrow), then “Add to Home Screen”.",
}
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/17.4 Mobile/15E148 Safari/604.1")

# what Chromium dispatches when the app can be installed: an event with prompt() and userChoice
INSTALLABLE = """(outcome) => {
    const e = new Event('beforeinstallprompt', { cancelable: true });
    window.prompted = 0;
    e.prompt = async () => { window.prompted += 1; };
    e.userChoice = Promise.resolve({ outcome, platform: 'web' });
    window.dispatchEvent(e);
    return e.defaultPrevented;
}"""
# the installed app: its display mode is standalone
STANDALONE = """(() => {
    const own = window.matchMedia.bind(window);
    window.matchMedia = (query) => (query.includes('display-mode: standalone')
        ? { matches: true, media: query, addEventListener() {}, removeEventListener() {} } : own(query));
})();"""


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("KREIDE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name))


def settled(page: Page) -> None:
    """The first view has settled: the app now answers the browser's event at once (it has
    registered its service worker at the same moment)."""
    # (asked in a loop inside the page: wait_for_function takes a returned promise as a truthy value)
    page.evaluate("""async () => {
        const until = Date.now() + 15_000;
        while (!(await navigator.serviceWorker.getRegistration())) {
            if (Date.now() > until) throw new Error('no service worker registered within 15 s');
            await new Promise((done) => setTimeout(done, 50));
        }
    }""")


def offered(page: Page) -> None:
    """The app has done what it does on the event: install.js loaded, and its offer made (app.js
    asked for the module first, so its callback comes before this one)."""
    page.evaluate("import('/install.js').then(() => new Promise((done) => setTimeout(done, 0)))")


def assert_clean(page: Page, scope: str) -> None:
    violations = axe_violations(page)
    assert not violations, describe_violations(violations)
    assert small_targets(page, scope) == []


@pytest.mark.parametrize(("locale", "lang"), [("de-AT", "de"), ("en-GB", "en")])
def test_chromium_offers_the_app_in_the_header_until_the_player_says_no(phone: Phone, locale: str, lang: str) -> None:
    page = phone(locale=locale)
    page.goto("/")
    expect(page.locator("[data-new-match]")).to_be_visible()
    settled(page)
    offer = page.locator("header [data-install]")
    expect(offer).to_have_count(0)  # nothing to offer before the browser says so
    assert page.evaluate("performance.getEntriesByName(location.origin + '/install.js').length") == 0
    assert page.evaluate(INSTALLABLE, "dismissed") is True  # the browser's own bar is not shown
    expect(offer).to_be_visible()
    expect(offer).to_have_accessible_name(LABEL[lang])
    expect(offer).to_have_text("⤓App")
    assert_clean(page, "header")
    shoot(page, f"home-install-offer-{lang}.png")

    offer.click()
    assert page.evaluate("window.prompted") == 1  # the browser's prompt
    expect(offer).to_have_count(0)  # the player said no
    page.reload()
    expect(page.locator("[data-new-match]")).to_be_visible()
    settled(page)
    page.evaluate(INSTALLABLE, "dismissed")
    offered(page)
    expect(offer).to_have_count(0)


def test_an_accepted_offer_goes_and_the_language_switch_relabels_it(phone: Phone, server: Server) -> None:
    match = server.create_match()
    page = phone(locale="de-AT")
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")  # a scanned QR code: the offer is here too
    expect(page.locator("[data-slates] [data-player]")).to_have_count(4)
    settled(page)
    page.evaluate(INSTALLABLE, "accepted")
    offer = page.locator("header [data-install]")
    expect(offer).to_have_accessible_name(LABEL["de"])
    page.locator("[data-lang=en]").click()
    expect(offer).to_have_accessible_name(LABEL["en"])
    offer.click()
    expect(offer).to_have_count(0)
    assert page.evaluate("localStorage.getItem('kreide.install')") == "installed"


def test_the_browser_saying_so_before_the_app_has_come_is_not_lost(phone: Phone, server: Server) -> None:
    """A scanned table is drawn before app.js comes (the early script); Chromium may say the app
    can be installed in that time: the early script keeps the event, and the app offers it."""
    match = server.create_match()
    page = phone(locale="de-AT")
    held: list[Route] = []
    page.route("**/app.js", lambda route: held.append(route))  # the app's code has not come yet
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator("[data-slates] [data-player]")).to_have_count(4)  # drawn by the early script
    assert page.evaluate(INSTALLABLE, "accepted") is True  # the browser's own bar is not shown
    for _ in range(200):  # the early script asks for app.js once the table is painted
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "app.js was asked for"
    for route in held:
        route.continue_()
    settled(page)
    expect(page.locator("header [data-install]")).to_have_accessible_name(LABEL["de"])


def test_the_installed_app_offers_nothing(phone: Phone) -> None:
    page = phone()
    page.add_init_script(STANDALONE)
    page.goto("/")
    expect(page.locator("[data-new-match]")).to_be_visible()
    settled(page)
    page.evaluate(INSTALLABLE, "dismissed")
    offered(page)
    expect(page.locator("header [data-install]")).to_have_count(0)


@pytest.mark.parametrize(("locale", "lang"), [("de-AT", "de"), ("en-GB", "en")])
def test_on_an_iphone_the_header_shows_how(browser: Browser, server: Server, locale: str, lang: str) -> None:
    context = browser.new_context(base_url=server.url, viewport=PHONE, screen=PHONE, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, locale=locale, user_agent=IPHONE)
    try:
        page = context.new_page()
        page.goto("/")
        expect(page.locator("[data-new-match]")).to_be_visible()
        offer = page.locator("header [data-install]")
        expect(offer).to_be_visible(timeout=15_000)  # no event on iOS: offered once the page has settled
        expect(offer).to_have_accessible_name(LABEL[lang])
        offer.click()
        hint = page.locator("[data-install-hint]")
        expect(hint.locator("p")).to_have_text(IOS_HINT[lang])
        expect(offer).to_have_attribute("aria-expanded", "true")
        assert_clean(page, "body")
        shoot(page, f"home-install-ios-{lang}.png")
        hint.locator("[data-install-done]").click()
        expect(hint).to_have_count(0)
        expect(offer).to_have_count(0)
        page.reload()
        expect(page.locator("[data-new-match]")).to_be_visible()
        settled(page)
        offered(page)
        expect(offer).to_have_count(0)
    finally:
        context.close()
