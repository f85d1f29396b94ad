"""The first paint comes from the page itself, and a scanned QR code's match is asked for with
the page's first bytes (issue 18, item 19). Mechanics only: the timings are bench/pwa.py's.

- Without a single module or the stylesheet, the page shows its first screen in the reader's
  language, laid out exactly as the app lays it out once it has loaded (the inline styles are
  the stylesheet's marked parts, and the page holds what views/home.js draws).
- On a match, the page asks for the match before any module has arrived, and the app uses that
  answer: the match is fetched once; the match page's modules and the game's are preloaded.
- The service worker caches what the page needs: offline, the page opens from the cache with
  its inline parts allowed (its Content-Security-Policy is cached with it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Page, Route, expect

from api.views.pwa import compact_css
from tests.browser.conftest import LAN_NAME, Phone, Server
from tests.browser.test_insecure_origin import NOTICE as INSECURE

PWA = Path(__file__).resolve().parents[2] / "pwa"

WORDS = {
    "de": {"tagline": "Kreide und Tafel für Kartenspiele am Tisch", "your_tables": "Deine Tische",
           "no_tables": "Noch keine Tische auf diesem Handy. Leg einen an oder scanne den QR-Code eines Tisches.",
           "referee_open": "Schiedsrichter: darf ich die Karte spielen?", "rules_open": "Die Regeln",
           "loading": "Lädt…"},
    "en": {"tagline": "Chalk and slate for card games at the table", "your_tables": "Your tables",
           "no_tables": "No tables on this phone yet. Start one, or scan the QR code of a table.",
           "referee_open": "Referee: may I play this card?", "rules_open": "The rules", "loading": "Loading…"},
}
LOCALES = (("de-AT", "de"), ("en-GB", "en"))

# what is on screen in the header and the view: each visible element's text and box
SCREEN = """() => [...document.querySelectorAll('header a, header button, main h1, main h2, main p, main a')]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility === 'visible')
  .map((el) => {
    const b = el.getBoundingClientRect();
    const box = [b.x, b.y, b.width, b.height].map(Math.round);
    return [el.tagName, el.textContent.trim(), ...box, getComputedStyle(el).color, getComputedStyle(el).fontSize];
  })"""


def without_modules(page: Page, but: str | None = None) -> list[str]:
    """No script file and no stylesheet reach the page (what is left is the page itself, and the
    one module ``but``); the paths refused are listed."""
    refused: list[str] = []

    def refuse(route: Route) -> None:
        if but and urlsplit(route.request.url).path == but:
            route.continue_()
            return
        refused.append(route.request.url)
        route.abort()

    page.route(re.compile(r".*(\.js|/css/app\.css)$"), refuse)
    return refused


def refused_app(page: Page, refused: list[str]) -> None:
    """Wait until the page has asked for the app (app.js), and been refused it."""
    page.wait_for_function("() => document.querySelector('script[src=\"/app.js\"]') !== null")
    for _ in range(100):
        if any(url.endswith("/app.js") for url in refused):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"app.js was never asked for: {refused}")


def csp_errors(page: Page) -> list[str]:
    found: list[str] = []
    page.on("console", lambda msg: found.append(msg.text) if "Content Security Policy" in msg.text else None)
    return found


def test_the_first_screen_needs_nothing_but_the_page(phone: Phone) -> None:
    for locale, lang in LOCALES:
        page = phone(locale=locale)
        errors = csp_errors(page)
        refused = without_modules(page)
        page.goto("/")
        expect(page.locator(".tagline")).to_have_text(WORDS[lang]["tagline"])
        first = page.evaluate(SCREEN)
        assert [row[1] for row in first] == [
            "Kreide", "DE", "EN", "Kreide", WORDS[lang]["tagline"],
            f"{WORDS[lang]['referee_open']} {WORDS[lang]['rules_open']}", WORDS[lang]["referee_open"],
            WORDS[lang]["rules_open"], WORDS[lang]["your_tables"], WORDS[lang]["no_tables"]]
        refused_app(page, refused)
        assert page.evaluate(SCREEN) == first  # the app's refused files changed nothing
        assert page.evaluate("document.documentElement.lang") == lang
        assert errors == []

        # the app, once loaded, draws the same first screen in the same places (then the rest)
        page.unroute_all()
        page.reload()
        expect(page.locator("[data-new-match]")).to_be_visible()
        drawn = page.evaluate(SCREEN)
        assert drawn[:len(first)] == first, "the page's first screen and the app's differ"
        assert errors == []


def test_a_phone_that_keeps_tables_is_not_told_it_has_none(phone: Phone) -> None:
    page = phone(locale="de-AT")
    page.add_init_script("localStorage.setItem('kreide.tables', JSON.stringify("
                         "{abc: {token: 't', access: 'scorer', game: 'dreeg', players: ['Anna', 'Benno']}}))")
    without_modules(page)
    page.goto("/")
    expect(page.locator(".tagline")).to_be_visible()
    expect(page.locator("[data-first=no-tables]")).to_be_hidden()
    expect(page.locator("main h2")).to_have_text(WORDS["de"]["your_tables"])


def test_a_language_chosen_in_the_app_is_not_shown_in_the_other_first(phone: Phone) -> None:
    page = phone(locale="de-AT")
    page.add_init_script("localStorage.setItem('kreide.lang', 'en')")
    refused = without_modules(page)
    page.goto("/")
    refused_app(page, refused)
    # the page is German (the browser's language); the player chose English: no German words
    expect(page.locator(".tagline")).to_have_text(WORDS["de"]["tagline"])
    assert page.evaluate("getComputedStyle(document.querySelector('.tagline')).visibility") == "hidden"
    page.unroute_all()
    page.reload()
    expect(page.locator(".tagline")).to_have_text(WORDS["en"]["tagline"])
    expect(page.locator(".tagline")).to_be_visible()


def match_requests(page: Page, match: dict[str, Any]) -> list[dict[str, Any]]:
    """Every GET of the match itself (not its hands or stream), with the headers it carried."""
    seen: list[dict[str, Any]] = []
    path = f"/api/matches/{match['id']}"
    page.on("request", lambda r: seen.append({"url": r.url, **r.headers}) if r.url.endswith(path) else None)
    return seen


def test_a_match_is_asked_for_before_any_module_has_come(phone: Phone, server: Server) -> None:
    match = server.create_match()
    for locale, lang in LOCALES:
        page = phone(locale=locale)
        asked = match_requests(page, match)
        refused = without_modules(page)
        page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
        # "Loading…" in the reader's language, not the home page's top
        expect(page.locator("main h1")).to_have_text(["Kreide", WORDS[lang]["loading"]])
        expect(page.locator("main h1").nth(1)).to_be_visible()
        expect(page.locator("main h1").nth(0)).to_be_hidden()
        expect(page.locator(".tagline")).to_be_hidden()
        # no module has run, and the match has been asked for: by the page itself
        path = f"/api/matches/{match['id']}"
        page.wait_for_function(f"() => performance.getEntriesByName(location.origin + '{path}').length")
        refused_app(page, refused)
        assert len(asked) == 1
        assert asked[0]["authorization"] == f"Bearer {match['scorer_token']}"
        assert asked[0]["accept-language"] == lang
        # and, the game known from the answer, its first modules are on their way
        expect(page.locator('link[rel=modulepreload][href="/games/dreeg/index.js"]')).to_have_count(1)


def test_the_match_page_uses_the_pages_own_request_once(phone: Phone, server: Server) -> None:
    match = server.create_match()
    page = phone()
    errors = csp_errors(page)
    asked = match_requests(page, match)
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator("[data-slates] [data-player]")).to_have_count(4)
    expect(page.locator("[data-entry] [data-submit]")).to_be_visible()
    page.wait_for_timeout(500)  # anything asked for after the table is drawn has been asked by now
    assert len(asked) == 1, [r["url"] for r in asked]
    preloaded = page.evaluate(
        "[...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href'))")
    for path in ("/app.js", "/i18n.js", "/store.js", "/views/match.js", "/entries.js", "/games/dreeg/index.js",
                 "/games/dreeg/strings.js", "/cards/german.js"):
        assert path in preloaded or path == "/app.js", path
    assert errors == []


def test_offline_the_page_opens_from_the_service_workers_cache(phone: Phone, server: Server) -> None:
    match = server.create_match()
    page = phone(locale="de-AT")
    errors = csp_errors(page)
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator("[data-slates] [data-player]")).to_have_count(4)
    # the worker is registered once the page has loaded, and caches the whole app
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20_000)
    cached = page.evaluate("""async () => {
        const keys = await caches.keys();
        const cache = await caches.open(keys.find((k) => k.startsWith('kreide-shell-')));
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
    }""")
    used = page.evaluate("""performance.getEntriesByType('resource').map((e) => new URL(e.name))
        .filter((u) => u.origin === location.origin && !u.pathname.startsWith('/api/')).map((u) => u.pathname)""")
    assert "/" in cached
    assert set(used) <= set(cached), set(used) - set(cached)

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("[data-slates] [data-player]")).to_have_count(4)
    expect(page.locator("[data-stale-badge]")).to_be_visible()
    expect(page.locator("[data-stale-badge]")).to_contain_text("Offline")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.evaluate("!!window.kreideEarly") is True  # the page's own script ran, from the cache
    assert errors == []
    page.context.set_offline(False)


def test_the_early_script_reads_routes_as_the_app_does(phone: Phone, server: Server) -> None:
    """The early script's routes (data-route) agree with app.js's parseRoute for every kind of link."""
    match = server.create_match()
    page = phone()
    page.goto("/")
    expect(page.locator("[data-new-match]")).to_be_visible()
    link = f"#/m/{match['id']}/{match['scorer_token']}"
    hashes = ["", "#/", link, f"{link}/board", f"#/m/{match['id']}", "#/referee", "#/referee/abc",
              f"#/referee/{match['id']}/{match['scorer_token']}", "#/t/new",
              "#/t/abc/def/board", "#/t/abc", "#/rules", "#/rules/R17", "#/nowhere"]
    for fragment in hashes:
        page.goto("/" + fragment)
        page.reload()
        early = page.evaluate("window.kreideEarly.route")
        app = page.evaluate(f"import('/app.js').then((m) => m.parseRoute({json.dumps(fragment)}).name)")
        assert early == ({"home": "home", "match": "match"}.get(app, "other")), fragment


def test_the_worker_waits_until_the_table_is_drawn(phone: Phone, server: Server) -> None:
    """Caching the whole app never competes with a scanned table's first view."""
    match = server.create_match()
    page = phone()
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator("[data-slates] [data-player]")).to_have_count(4)
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r === undefined)") is True
    # and then it comes
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20_000)


def test_a_plain_http_address_says_what_needs_https_from_the_first_paint(phone: Phone, server: Server) -> None:
    """The notice is part of the first screen on a plain-http address (the club's Wi-Fi, `make
    run`), so it does not push the page down when the app has loaded; never on a secure one."""
    lan = f"http://{LAN_NAME}:{urlsplit(server.url).port}"
    for locale, lang in LOCALES:
        page = phone(locale=locale)
        refused = without_modules(page)
        page.goto(lan + "/")
        refused_app(page, refused)
        notice = page.locator(".insecure")
        expect(notice).to_have_text(INSECURE[lang])
        expect(notice).to_be_in_viewport()
        first = page.evaluate(SCREEN)
        box = notice.bounding_box()
        page.unroute_all()
        page.reload()
        expect(page.locator("[data-new-match]")).to_be_visible()
        expect(page.locator("[data-insecure]")).to_have_text(INSECURE[lang])
        assert page.locator("[data-insecure]").bounding_box() == box
        assert page.evaluate(SCREEN)[:len(first)] == first
    page = phone()
    without_modules(page)
    page.goto("/")
    expect(page.locator(".tagline")).to_be_visible()
    expect(page.locator(".insecure")).to_be_hidden()


# --- a scanned table drawn by the page itself -------------------------------------------------

# the top of a match page and its slates, as a player reads them
TABLE = """() => ({
  h1: [...document.querySelectorAll('main h1')].filter((e) => e.getClientRects().length).map((e) => e.textContent),
  next: document.querySelector('[data-next]')?.textContent,
  links: [...document.querySelectorAll('.head-links > *')]
    .map((e) => [e.tagName, e.textContent, e.getAttribute('href')]),
  slates: [...document.querySelectorAll('[data-slates] .slate')].map((f) => [f.dataset.player, f.dataset.strokes,
    f.dataset.blobs, f.querySelector('svg').getAttribute('aria-label'), f.querySelector('figcaption').textContent]),
})"""
TITLE = {"de": "Runde 1 von 8: ", "en": "Sub-game 1 of 8: "}


def test_a_scanned_table_is_drawn_by_the_page_before_the_apps_modules(phone: Phone, server: Server) -> None:
    """A phone new to the table (a scanned QR code) sees the table's top and its slates from the
    page's own script and the game's first view (games/dreeg/first.js) alone, in its language,
    as the app draws them once loaded."""
    match = server.create_match()
    link = f"/#/m/{match['id']}/{match['scorer_token']}"
    for locale, lang in LOCALES:
        page = phone(locale=locale)
        errors = csp_errors(page)
        refused = without_modules(page, but="/games/dreeg/first.js")
        page.goto(link)
        expect(page.locator("[data-slates] [data-player]")).to_have_count(4)
        refused_app(page, refused)
        drawn = page.evaluate(TABLE)
        assert len(drawn["h1"]) == 1 and drawn["h1"][0].startswith(TITLE[lang]), drawn["h1"]
        assert [s[0] for s in drawn["slates"]] == match["players"]
        assert not any(url.endswith("/first.js") for url in refused)
        assert page.evaluate("document.documentElement.lang") == lang
        # the app, once loaded, draws the same (from the table this phone now keeps)
        page.unroute_all()
        page.reload()
        expect(page.locator("[data-entry] [data-submit]")).to_be_visible()
        assert page.evaluate(TABLE) == drawn
        assert errors == []


def test_the_referee_tapped_before_the_app_has_loaded_opens_on_the_table(phone: Phone, server: Server) -> None:
    """The referee link the page draws is tapped at once, before the app has loaded and kept the
    table on this phone: the referee still opens on the table's hand, its players seated, and
    may keep its rulings with the match."""
    match = server.create_match()
    page = phone()
    refused = without_modules(page, but="/games/dreeg/first.js")
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator("[data-slates] [data-player]")).to_have_count(4)
    refused_app(page, refused)
    assert page.evaluate("localStorage.getItem('kreide.tables')") is None  # the app never ran here
    page.locator("[data-referee-link]").click()
    # the app comes (here: once allowed, on a reload of the address the tap made)
    page.unroute_all()
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Referee: Dreeg")
    page.get_by_role("button", name="Replay a disputed hand").click()
    expect(page.locator("[data-ref-hand]").get_by_label("Player 1", exact=True)).to_have_value(match["players"][0])
    expect(page.locator("[data-back]")).to_have_attribute("href", f"#/m/{match['id']}/{match['scorer_token']}")


# Records, from the page's first byte, each top of a match page added (and whether the app had
# been asked for yet) and every part of it removed again.
WATCH = """
window.kreideSeen = { heads: [], removed: [] };
new MutationObserver((records) => {
  for (const r of records) {
    for (const n of r.addedNodes) {
      if (n.nodeType === 1 && n.matches('.match-head')) {
        window.kreideSeen.heads.push({ node: n, early: !document.querySelector('script[src="/app.js"]') });
      }
    }
    for (const n of r.removedNodes) {
      if (n.nodeType === 1 && n.matches('.match-head, [data-next], [data-slates], .head-links')) {
        window.kreideSeen.removed.push(n.className);
      }
    }
  }
}).observe(document, { childList: true, subtree: true });
"""


def test_the_app_keeps_what_the_page_drew(phone: Phone, server: Server) -> None:
    """No flash and nothing twice: the top and the slates the page drew are the app's, kept where
    they are, the rest of the match page coming around them; one title on the page."""
    match = server.create_match()
    for locale, _lang in LOCALES:
        page = phone(locale=locale)
        page.add_init_script(WATCH)
        page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
        expect(page.locator("[data-entry] [data-submit]")).to_be_visible()
        expect(page.locator("[data-history]")).to_be_attached()
        seen = page.evaluate("""() => ({
          heads: window.kreideSeen.heads.map((h) => h.early),
          kept: window.kreideSeen.heads[0]?.node === document.querySelector('.match-head'),
          removed: window.kreideSeen.removed,
          titles: document.querySelectorAll('main h1').length,
          taken: window.kreideEarly.first,
        })""")
        assert seen == {"heads": [True], "kept": True, "removed": [], "titles": 1, "taken": None}


def test_a_player_who_chose_the_other_language_waits_for_the_app(phone: Phone, server: Server) -> None:
    """The page holds only its own language's words: a player who chose the other one in the app
    is never shown the table in the page's language, then again in his."""
    match = server.create_match()
    page = phone(locale="de-AT")
    page.add_init_script("localStorage.setItem('kreide.lang', 'en')")
    page.add_init_script(WATCH)
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator("[data-entry] [data-submit]")).to_be_visible()
    expect(page.locator("[data-title]")).to_have_text(re.compile("^" + TITLE["en"]))
    assert page.evaluate("window.kreideSeen.heads.map((h) => h.early)") == [False]


# every element of the page and its computed style
STYLES = """() => [...document.querySelectorAll('body *')].map((e) => {
  const cs = getComputedStyle(e);
  return [e.tagName, e.getAttribute('class'), [...cs].sort().map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';')];
})"""


def serving(css: str) -> Callable[[Route], None]:
    """A route's handler that answers with this stylesheet."""
    return lambda route: route.fulfill(body=css, content_type="text/css")


def settled(page: Page) -> list[Any]:
    """The page's elements and styles once the page has stopped changing (the match page draws
    its parts one task after another)."""
    before = None
    for _ in range(40):
        now = page.evaluate(STYLES)
        if now == before:
            return now
        before = now
        page.wait_for_timeout(250)
    raise AssertionError("the page kept changing")


def test_each_page_is_styled_as_by_the_whole_stylesheet(phone: Phone, server: Server) -> None:
    """The stylesheet the page links leaves out the rules the page holds inline (the first
    screen's, api/views/pwa.py stylesheet_rest): element by element, every page is styled
    exactly as by the whole stylesheet, so no rule depended on coming after one left out."""
    whole = compact_css((PWA / "css" / "app.css").read_text(encoding="utf-8"))
    match = server.create_match()
    pages = {
        "/": "[data-new-match]",
        f"/#/m/{match['id']}/{match['scorer_token']}": "[data-entry] [data-submit]",
        f"/#/referee/{match['id']}": "[data-referee-slot] form",
    }
    for link, ready in pages.items():
        seen = []
        for stylesheet in (None, whole):
            page = phone(locale="de-AT")
            if stylesheet is not None:
                page.route("**/css/app.css", serving(stylesheet))
            page.goto(link)
            expect(page.locator(ready).first).to_be_visible()
            seen.append(settled(page))
        assert len(seen[0]) == len(seen[1]), link
        assert [row for row in seen[0] if row not in seen[1]] == [], link
