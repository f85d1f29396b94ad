"""Dreeg's referee draws its facts from the server (issue 19, item 3): the sub-games (R1) and
the tricks of a hand by players are the catalogue's (GET /api/games, ``facts``), so a replay
offers as many trick rows as the hand has; the phone works none of them out itself."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import Phone, Server


def catalogue_with(page: Page, change: Callable[[dict[str, Any]], None]) -> None:
    """Every GET /api/games of this page answered by the server, its Dreeg entry changed by ``change``."""
    def answer(route: Route) -> None:
        games = route.fetch().json()
        change(next(g for g in games["games"] if g["name"] == "dreeg"))
        route.fulfill(status=200, content_type="application/json", body=json.dumps(games))

    page.route("**/api/games", answer)


def replay(page: Page) -> Page:
    page.goto("/#/referee")
    page.get_by_role("button", name="Replay a disputed hand").click()
    return page


def rows(page: Page) -> list[str]:
    return page.locator("[data-ref-hand] [data-trick-row] label").all_text_contents()


def test_a_replay_for_three_has_the_eight_tricks_of_the_catalogue_R2(phone: Phone, server: Server) -> None:
    page = replay(phone("en-GB"))
    expect(page.locator("[data-ref-hand] [data-trick-row]")).to_have_count(6)  # four seats: six tricks
    form = page.locator("[data-replay-form]")
    for seat, name in enumerate(["Anna", "Benno", "Carla"]):
        form.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
    expect(page.locator("[data-ref-hand] [data-trick-row]")).to_have_count(8)
    assert rows(page)[-1] == "Trick 8"


def test_the_tricks_and_sub_games_are_the_servers(phone: Phone, server: Server) -> None:
    """A catalogue that says otherwise is followed: the phone has no numbers of its own."""
    page = phone("en-GB")

    def change(dreeg: dict[str, Any]) -> None:
        dreeg["facts"]["tricks"] = {"2": 3, "3": 2, "4": 1}
        dreeg["facts"]["subgames"] = ["kamerun", "deutsch"]

    catalogue_with(page, change)
    replay(page)
    expect(page.locator("[data-ref-hand] [data-trick-row]")).to_have_count(1)
    form = page.locator("[data-replay-form]")
    for seat, name in enumerate(["Anna", "Benno"]):
        form.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
    expect(page.locator("[data-ref-hand] [data-trick-row]")).to_have_count(3)
    options = form.locator('select[data-field="subgame"] option')
    expect(options).to_have_text(["Kamerun", "Deutsch"])
