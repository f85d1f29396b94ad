"""A hand entered without a network goes as soon as there is one (issue 18, item 14).

It waits in the outbox (IndexedDB) with its Idempotency-Key. It is sent at once when the app
starts, whichever page it opens on, and on the browser's `online` event; the retry timer
(store.js RETRY_MS, 15 s) is only the fallback. Each test measures how long the hand took to
reach the server, and holds it well under the timer.  A hand the server could not take (503:
its database is down, issue 21) waits the same way and goes after the server's Retry-After.
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import BrowserContext, Page, Route, expect

from tests.browser.conftest import Phone, Server
from tests.browser.dreeg.test_flows import AFTER_DEUTSCH, DEUTSCH, expect_strokes, fill_hand, join, submit_hand

# well under the timer: a third of it
WELL_UNDER = 1 / 3


def retry_ms(page: Page) -> int:
    return int(page.evaluate("import('/store.js').then((m) => m.RETRY_MS)"))


def hand_waiting_offline(page: Page, server: Server) -> dict[str, Any]:
    """A table joined, the network gone, a hand entered: it waits in the outbox."""
    match = server.create_match()
    join(page, match)
    page.context.set_offline(True)
    fill_hand(page, DEUTSCH)
    submit_hand(page)
    expect(page.locator('[data-pending] [data-pending-seq="1"]')).to_contain_text("waiting")
    return match


def seconds_until_recorded(server: Server, match: dict[str, Any], since: float, limit: float) -> float:
    """Seconds from `since` until the server holds the hand (polled every 50 ms, up to `limit`)."""
    while time.monotonic() - since < limit:
        status, body = server.api("GET", f"/api/matches/{match['id']}/hands", token=match["scorer_token"])
        assert status == 200, body
        if body["hands"]:
            assert [(h["seq"], h["voided"]) for h in body["hands"]] == [(1, False)]
            return time.monotonic() - since
        time.sleep(0.05)
    raise AssertionError(f"the waiting hand was not sent within {limit:.0f} s")


def opened_online(page: Page, match: dict[str, Any], server: Server, path: str) -> Page:
    """The phone's page with the waiting hand closed, the network back, the app opened again at
    ``path``: the hand goes well before the retry timer would send it; the new page."""
    timer = retry_ms(page) / 1000
    page.close()
    context: BrowserContext = page.context
    context.set_offline(False)
    again = context.new_page()
    start = time.monotonic()
    again.goto(path)
    took = seconds_until_recorded(server, match, start, timer * 2)
    assert took < timer * WELL_UNDER, f"sent after {took:.1f} s; the timer is {timer:.0f} s"
    return again


def test_a_waiting_hand_goes_on_the_online_event(phone: Phone, server: Server) -> None:
    page = phone()
    match = hand_waiting_offline(page, server)
    timer = retry_ms(page) / 1000
    context: BrowserContext = page.context
    start = time.monotonic()
    context.set_offline(False)
    took = seconds_until_recorded(server, match, start, timer * 2)
    assert took < timer * WELL_UNDER, f"sent after {took:.1f} s; the timer is {timer:.0f} s"
    expect(page.locator("[data-pending]")).to_have_count(0)
    expect_strokes(page, AFTER_DEUTSCH)


def test_a_waiting_hand_goes_when_the_app_opens_on_its_table(phone: Phone, server: Server) -> None:
    page = phone()
    match = hand_waiting_offline(page, server)
    again = opened_online(page, match, server, f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(again.locator("[data-pending]")).to_have_count(0)
    expect(again.locator('[data-history] [data-seq="1"]')).to_be_visible()
    expect_strokes(again, AFTER_DEUTSCH)


def test_a_waiting_hand_goes_when_the_app_opens_anywhere(phone: Phone, server: Server) -> None:
    """The app opens on its home page: the hand of another table goes all the same, and the
    list says where that table now stands."""
    page = phone()
    match = hand_waiting_offline(page, server)
    home = opened_online(page, match, server, "/")
    expect(home.locator("[data-new-match]")).to_be_visible()
    home.reload()
    expect(home.locator(f'[data-table="{match["id"]}"] [data-table-state]')).to_contain_text("last hand")
    assert home.evaluate(f"JSON.parse(localStorage.getItem('kreide.snap.{match['id']}')).match.next_seq") == 2


def test_a_hand_the_server_could_not_take_waits_and_goes_after_retry_after(phone: Phone, server: Server) -> None:
    """503 database_unavailable (api/outage.py) is no refusal: the hand waits in the outbox as
    without a network, and goes again after the server's Retry-After, not the timer."""
    page = phone()
    match = server.create_match()
    join(page, match)
    problem = {"type": "urn:kreide:problem:database_unavailable", "title": "Service Unavailable", "status": 503,
               "detail": "The server cannot reach its database just now; nothing was recorded.",
               "code": "database_unavailable"}

    def unavailable(route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        route.fulfill(status=503, headers={"Retry-After": "1"}, content_type="application/problem+json",
                      body=json.dumps(problem))

    page.route("**/api/matches/*/hands", unavailable)
    fill_hand(page, DEUTSCH)
    submit_hand(page)
    expect(page.locator('[data-pending] [data-pending-seq="1"]')).to_contain_text("waiting")
    expect(page.locator("[data-pending] .is-refused")).to_have_count(0)
    timer = retry_ms(page) / 1000
    page.unroute("**/api/matches/*/hands")
    start = time.monotonic()
    took = seconds_until_recorded(server, match, start, timer * 2)
    assert took < timer * WELL_UNDER, f"sent after {took:.1f} s; the timer is {timer:.0f} s"
    expect(page.locator("[data-pending]")).to_have_count(0)
    expect_strokes(page, AFTER_DEUTSCH)
