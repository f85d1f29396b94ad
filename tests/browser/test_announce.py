"""What a phone says when another phone enters a hand (issue 18, item 12): which hand and what
it did (the game's outcome, as its history shows it), then what is next; said once, politely,
and nothing else: the empty form's sums are not read out again, the header line is not a
second live region. The form's live result speaks only while someone types in it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Phone, Server

LIVE_UPDATE_MS = 5_000
DASH = "\u2013"  # the en dash between the hand and what it did

GAMES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "dreeg": (["Anna", "Benno", "Carla", "Dieter"],
              {"points": {"Anna": 45, "Benno": 40, "Carla": 25, "Dieter": 10},
               "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Dieter", "trump": "H"}),
    "sixtysix": (["Anna", "Benno"], {"ended_by": "played_out", "points": {"Anna": 70, "Benno": 50},
                                     "tricks": {"Anna": 7, "Benno": 5}, "last_trick": "Anna"}),
    "dreierles": (["Anna", "Benno", "Carla"], {"game": "zweier", "declarer": "Anna", "declarer_points": 41}),
    "dreist": (["Anna", "Benno", "Carla"], {"remaining": {"Anna": 0, "Benno": 5, "Carla": 7}}),
}

# Every text change inside a live region (aria-live polite/assertive, role status or alert),
# recorded by region: what a screen reader would read out.
LISTEN = """() => {
    window.kreideSaid = [];
    const live = (node) => {
        const el = node.nodeType === 1 ? node : node.parentElement;
        return el && el.closest('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]');
    };
    new MutationObserver((records) => {
        for (const r of records) {
            const region = live(r.target);
            if (!region || !region.textContent.trim()) continue;
            const name = region.hasAttribute('data-status') ? 'status' : region.outerHTML.slice(0, 80);
            window.kreideSaid.push([name, region.textContent.trim()]);
        }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def create(server: Server, game: str) -> dict[str, Any]:
    players, _ = GAMES[game]
    status, match = server.api("POST", "/api/matches", {"game": game, "players": players})
    assert status == 201, match
    return match


def post(server: Server, match: dict[str, Any], game: str, seq: int) -> None:
    status, body = server.api("POST", f"/api/matches/{match['id']}/hands", {"seq": seq, **GAMES[game][1]},
                              token=match["scorer_token"])
    assert status == 201, body


def watch(page: Page, match: dict[str, Any], token: str) -> None:
    page.goto(f"/#/m/{match['id']}/{token}")
    expect(page.locator("[data-next]")).not_to_be_empty()
    if token == match["scorer_token"]:
        expect(page.locator("[data-entry] [data-entry-foot]")).to_be_visible()
    page.wait_for_timeout(500)  # the live stream is up
    page.evaluate(LISTEN)


def said(page: Page) -> list[list[str]]:
    return list(page.evaluate("() => window.kreideSaid"))


@pytest.mark.parametrize("game", list(GAMES))
def test_a_watching_phone_is_told_which_hand_came_in_and_what_it_did(phone: Phone, server: Server, game: str) -> None:
    match = create(server, game)
    post(server, match, game, 1)
    page = phone("en-GB")
    watch(page, match, match["scorer_token"])
    post(server, match, game, 2)  # from another phone

    hand = page.locator('[data-history] [data-seq="2"]')
    expect(hand).to_be_visible(timeout=LIVE_UPDATE_MS)
    title = hand.locator("h3").inner_text()
    outcome = hand.locator(".outcome").inner_text().strip().rstrip(".")
    status = page.locator("[data-status]")
    expect(status).to_have_text(f"{title} entered {DASH} {outcome}. {page.locator('[data-next]').inner_text()}")
    expect(status).to_have_attribute("aria-live", "polite")
    page.wait_for_timeout(500)
    # said once, by the one region; not the form's sums, not the header line again
    assert [region for region, _ in said(page)] == ["status"], said(page)
    expect(page.locator("[data-entry] [data-result]")).to_have_attribute("aria-live", "off")


def test_a_board_watching_in_german_is_told_too(phone: Phone, server: Server) -> None:
    match = create(server, "dreeg")
    page = phone("de-DE")
    page.goto(f"/#/m/{match['id']}/{match['viewer_token']}/board")
    expect(page.locator("[data-next]")).to_have_text("Anna gibt, Benno spielt aus.")
    page.wait_for_timeout(500)
    page.evaluate(LISTEN)
    post(server, match, "dreeg", 1)
    status = page.locator("[data-status]")
    news = f"Spiel 1 eingetragen {DASH} Gewischt: Anna 3, Benno 2, Carla 1."
    expect(status).to_contain_text(news, timeout=LIVE_UPDATE_MS)
    expect(status).to_have_text(f"{news} {page.locator('[data-next]').inner_text()}")
    assert "Augen" not in status.inner_text()
    assert [region for region, _ in said(page)] == ["status"], said(page)


def test_the_forms_result_speaks_only_while_someone_types(phone: Phone, server: Server) -> None:
    match = create(server, "dreeg")
    page = phone("en-GB")
    watch(page, match, match["scorer_token"])
    result = page.locator("[data-entry] [data-result]")
    expect(result).to_have_attribute("aria-live", "off")
    page.locator("[data-entry]").get_by_label("Card points of Anna", exact=True).fill("45")
    expect(result).to_have_attribute("aria-live", "polite")
    expect(result).to_contain_text("Card points: 45 of 120")
