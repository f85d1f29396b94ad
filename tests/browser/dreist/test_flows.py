"""DREIst! on the phones: a laying set up in the display editor and judged by the referee
(R35), Egon's turn shown step by step, and a series game entered on one phone that moves the
tally on another."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Phone, Server

LIVE_UPDATE_MS = 5_000


def referee(page: Page) -> None:
    page.goto("/#/referee")
    page.locator('select[data-field="game"]').select_option("dreist")
    expect(page.locator("[data-ref-dreist]")).to_be_visible()


def paint(page: Page, colour: str, cells: list[str]) -> None:
    """Pick the brush, then tap each cell ("row,column" from 1) of the display editor."""
    editor = page.locator("[data-display-editor]").first
    editor.locator(f'[data-brush="{colour}"]').check(force=True)
    for cell in cells:
        editor.locator(f'[data-cell="{cell}"]').click()


def test_a_laying_is_judged_with_its_row_dreier(phone: Phone) -> None:
    page = phone("en-GB")
    referee(page)
    paint(page, "R", ["1,6", "1,7"])  # a red 6 and 7 under the base
    expect(page.locator('[data-display-editor] [data-cell="1,7"]').first).to_have_attribute("data-colour", "R")
    page.locator('[data-mode="lay"]').click()
    page.locator('input[data-field="typed"]').fill("8R@1")
    page.locator("[data-ask]").click()
    # R35: the 8 beside the 7 makes three reds side by side: a row-DREIer, one card to draw
    expect(page.locator("[data-legal]")).to_have_attribute("data-legal", "true")
    expect(page.locator("[data-placements] [data-dreier]")).to_have_attribute("data-dreier", "row")
    expect(page.locator("[data-draws]")).to_have_attribute("data-draws", "1")


def test_an_illegal_laying_names_its_clause_in_german(phone: Phone) -> None:
    page = phone("de-DE")
    referee(page)
    paint(page, "R", ["1,1"])
    page.locator('[data-mode="lay"]').click()
    page.locator('input[data-field="typed"]').fill("2Y@1")  # a yellow 2 right beside the red 1
    page.locator("[data-ask]").click()
    expect(page.locator("[data-legal]")).to_have_attribute("data-legal", "false")
    expect(page.locator("[data-clause]")).to_have_attribute("data-clause", "colour")
    expect(page.get_by_text(re.compile(r"Reihe 1: die gelbe 2 läge direkt neben einer anderen Farbe"))).to_be_visible()


def test_egons_turn_is_shown_step_by_step(phone: Phone) -> None:
    """The yellow 6 fits nowhere and is set aside; the red 3 goes below the 3, the red 4 between
    the 3 and the 5 (a row-DREIer): two laid, he stops; the 6 is thrown away, the last 3
    stays on his pile."""
    page = phone("en-GB")
    referee(page)
    page.locator('[data-tab="egon"]').click()
    editor = page.locator("[data-egon] [data-display-editor]")
    editor.locator('[data-brush="R"]').check(force=True)
    for cell in ("1,3", "1,4", "1,5"):  # red 3, 4, 5 under the base
        editor.locator(f'[data-cell="{cell}"]').click()
    editor.locator('[data-cell="2,5"]').click()
    for card in ("6Y", "3R", "4R", "3R"):
        page.locator(f'[data-pick="{card}"]').click()
    expect(page.locator("[data-egon-status]")).to_have_attribute("data-egon-status", "done")
    expect(page.locator('[data-discarded] [data-card="6Y"]')).to_be_visible()
    expect(page.locator('[data-kept] [data-card="3R"]')).to_be_visible()


def create(server: Server, players: list[str], **rules: str) -> dict[str, Any]:
    status, match = server.api("POST", "/api/matches", {"game": "dreist", "players": players, "rules": rules})
    assert status == 201, match
    return match


def test_a_series_game_moves_the_tally_on_the_other_phone(phone: Phone, server: Server) -> None:
    match = create(server, ["Anna", "Benno", "Carla"])
    scorer, viewer = phone("en-GB"), phone("de-DE")
    scorer.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    viewer.goto(f"/#/m/{match['id']}/{match['viewer_token']}")
    entry = scorer.locator("[data-entry]")
    expect(entry.locator("[data-submit]")).to_be_visible()
    for name, left in (("Anna", 0), ("Benno", 12), ("Carla", 7)):
        entry.locator(f'input[data-field="remaining.{name}"]').fill(str(left))
    entry.locator("[data-submit]").click()
    expect(viewer.locator('[data-standings] [data-player="Benno"]')).to_contain_text("12", timeout=LIVE_UPDATE_MS)
    status, body = server.api("GET", f"/api/matches/{match['id']}", token=match["viewer_token"])
    assert status == 200 and body["state"]["totals"] == {"Anna": 0, "Benno": 12, "Carla": 7}
    assert body["state"]["starting_player"] == "Benno"
