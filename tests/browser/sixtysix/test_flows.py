"""Sixty-Six on the phones: a deal entered on the scorer's phone as a table does it (how it
ended first, then only the figures that ending needs), and the Bummerl counter moving on
a second phone that holds the viewer link; a closing in German; the end of a Bummerl."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Phone, Server

LIVE_UPDATE_MS = 5_000


def create(server: Server, **rules: str) -> dict[str, Any]:
    status, match = server.api("POST", "/api/matches",
                               {"game": "sixtysix", "players": ["Anna", "Benno"], "rules": rules})
    assert status == 201, match
    return match


def open_as(page: Page, match: dict[str, Any], token: str) -> None:
    page.goto(f"/#/m/{match['id']}/{token}")
    expect(page.locator("[data-s66-board] [data-player]")).to_have_count(2)


def counter(page: Page, name: str):
    return page.locator(f'[data-s66-board] [data-player="{name}"]')


def test_a_claim_entered_on_one_phone_moves_the_beads_on_the_other(phone: Phone, server: Server) -> None:
    match = create(server)
    scorer, viewer = phone("en-GB"), phone("de-AT")
    open_as(scorer, match, match["scorer_token"])
    open_as(viewer, match, match["viewer_token"])
    expect(counter(viewer, "Anna")).to_have_attribute("data-score", "7")

    entry = scorer.locator("[data-entry]")
    expect(entry.locator("[data-submit]")).to_be_visible()
    entry.get_by_role("radio", name=re.compile(r"^66 claimed")).check()
    entry.locator('[data-block="claim"]').get_by_role("radio", name=re.compile(r"^Anna")).check()
    entry.get_by_label("Card points of Anna", exact=True).fill("66")
    entry.get_by_label("Tricks of Anna", exact=True).fill("4")
    entry.get_by_label("Card points of Benno", exact=True).fill("32")
    entry.get_by_label("Tricks of Benno", exact=True).fill("2")
    entry.get_by_role("button", name="Enter deal").click()

    # R17: Benno has 32, under 33: two game points, Anna counts down from 7 to 5.
    expect(counter(scorer, "Anna")).to_have_attribute("data-score", "5")
    expect(counter(viewer, "Anna")).to_have_attribute("data-score", "5", timeout=LIVE_UPDATE_MS)
    expect(counter(viewer, "Benno")).to_have_attribute("data-score", "7")
    expect(viewer.locator("[data-s66-board] [data-player='Anna'] [data-moved]")).to_have_count(2)
    expect(scorer.get_by_text("Anna claimed 66 with 66; Benno has 32, fewer than 33: 2 points.")).to_be_visible()
    status, body = server.api("GET", f"/api/matches/{match['id']}/hands", token=match["viewer_token"])
    assert status == 200 and len(body["hands"]) == 1
    assert body["hands"][0]["result"]["game_points"] == 2
    # the deal passes: Benno deals the second deal, Anna leads
    expect(scorer.locator("[data-s66-board] [data-player='Benno'] .badge-deal")).to_be_visible()


def test_a_closing_entered_in_german_with_the_opponents_figures(phone: Phone, server: Server) -> None:
    match = create(server)
    page = phone("de-AT")
    open_as(page, match, match["scorer_token"])
    entry = page.locator("[data-entry]")
    entry.get_by_role("radio", name=re.compile(r"^Zugedreht")).check()
    entry.locator('[data-block="closed_by"]').get_by_role("radio", name=re.compile(r"^Anna")).check()
    entry.get_by_label("Augen von Benno beim Zudrehen", exact=True).fill("14")
    entry.get_by_label("Stiche von Benno beim Zudrehen", exact=True).fill("1")
    entry.get_by_label("Augen von Anna", exact=True).fill("66")
    entry.get_by_label("Stiche von Anna", exact=True).fill("5")
    entry.get_by_label("Augen von Benno", exact=True).fill("30")
    entry.get_by_label("Stiche von Benno", exact=True).fill("3")
    entry.locator('[data-block="claim"]').get_by_role("radio", name=re.compile(r"^Anna")).check()
    entry.get_by_role("button", name="Spiel eintragen").click()
    # R19: closed and made; Benno had 14 (under 33) at the closing: 2
    expect(counter(page, "Anna")).to_have_attribute("data-score", "5")
    expect(page.get_by_text(re.compile(r"Anna hat zugedreht und 66 erreicht"))).to_be_visible()


def test_a_refused_deal_names_the_rule_and_keeps_what_was_typed(phone: Phone, server: Server) -> None:
    match = create(server)
    page = phone("en-GB")
    open_as(page, match, match["scorer_token"])
    entry = page.locator("[data-entry]")
    entry.get_by_role("radio", name=re.compile(r"^Played out")).check()
    entry.get_by_label("Card points of Anna", exact=True).fill("119")
    entry.get_by_label("Tricks of Anna", exact=True).fill("11")
    entry.get_by_label("Card points of Benno", exact=True).fill("1")
    entry.get_by_label("Tricks of Benno", exact=True).fill("1")
    entry.locator('[data-block="last_trick"]').get_by_role("radio", name=re.compile(r"^Anna")).check()
    entry.get_by_role("button", name="Enter deal").click()
    # R23: 119 cannot be made with 22 cards, nor 1 with two: both fields are named at once
    expect(entry.locator('[data-error-for="points.Benno"]')).to_have_text(
        "1 card point cannot be made with the 2 cards Benno took.")
    expect(entry.locator('[data-error-for="points.Anna"]')).to_contain_text("119 card points cannot be made")
    expect(entry.get_by_label("Card points of Benno", exact=True)).to_have_value("1")
    expect(counter(page, "Anna")).to_have_attribute("data-score", "7")


def test_the_end_of_a_bummerl_shows_on_the_board(phone: Phone, server: Server) -> None:
    match = create(server, bummerl="3")
    headers = match["scorer_token"]
    for seq, (dealer, loser) in enumerate([("Anna", "Benno"), ("Benno", "Benno"), ("Anna", "Benno")], start=1):
        status, body = server.api("POST", f"/api/matches/{match['id']}/hands",
                                  {"seq": seq, "dealer": dealer, "ended_by": "renonce", "renonce_by": loser},
                                  token=headers)
        assert status == 201, body
    page = phone("en-GB")
    open_as(page, match, match["viewer_token"])
    # three Renonces by Benno: 9 points for Anna, Benno still at 7: Schneider, two Bummerl (R22)
    expect(counter(page, "Anna")).to_have_attribute("data-won", "2")
    expect(counter(page, "Anna")).to_have_attribute("data-score", "7")
    expect(page.locator("[data-bummerl-ended]")).to_be_visible()
