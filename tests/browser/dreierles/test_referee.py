"""Dreierles' referee counts a pile in threes (R26) and says what the other side has of the
pack's points, which are the server's (GET /api/games, ``facts.points``: 70), not the phone's
(issue 19, item 3)."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import Phone, Server


def count(page: Page, *codes: str) -> None:
    page.goto("/#/referee")
    page.locator('select[data-field="game"]').select_option("dreierles")
    for code in codes:
        page.locator(f'[data-card="{code}"]').first.click()


def test_the_other_side_has_the_rest_of_the_packs_seventy_R26(phone: Phone, server: Server) -> None:
    page = phone("de-DE")
    count(page, "TS", "CK", "HD", "C7", "H1")  # 5 + 5 + 4 - 2 = 12, two blanks left over: 13
    expect(page.get_by_text("13 Punkte", exact=True)).to_be_visible()
    expect(page.locator("[data-verdict]")).to_contain_text("die Gegenseite hat 57, zusammen 70.")


def test_the_packs_points_are_the_servers(phone: Phone, server: Server) -> None:
    """A catalogue that says otherwise is followed: the phone has no total of its own."""
    page = phone("en-GB")

    def answer(route: Route) -> None:
        response = route.fetch()
        games = response.json()
        next(g for g in games["games"] if g["name"] == "dreierles")["facts"]["points"] = 75
        route.fulfill(response=response, json=games)

    page.route("**/api/games", answer)
    count(page, "TS", "CK", "HD", "C7", "H1")
    expect(page.locator("[data-verdict]")).to_contain_text("the other side has 62, together 75.")
