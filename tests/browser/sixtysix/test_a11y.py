"""Sixty-Six's pages at 360 px measured for hands and ears, in German and English (issue 18,
items 5 and 12): axe-core finds nothing on the deal form (each way in, and with a refusal
shown), the history, the board and the referee (each question, with its answer); every
control of the game's own parts is 44 x 44 px or more and shows its edge; the names of the
cards start with what they show."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.a11y import axe_violations, describe_violations, small_targets
from tests.browser.conftest import Phone, Server

#: The game's own parts of the match page (the shell's header and house rules are the shell's).
GAME_PARTS = ("[data-entry]", "[data-slates]", "[data-history]", "[data-extras]")


def create(server: Server) -> dict[str, Any]:
    status, match = server.api("POST", "/api/matches", {"game": "sixtysix", "players": ["Leni", "Franz"]})
    assert status == 201, match
    for entry in ({"seq": 1, "winner": "Franz", "game_points": 1},
                  {"seq": 2, "ended_by": "claim", "claim": "Leni", "points": {"Leni": 66, "Franz": 30},
                   "tricks": {"Leni": 4, "Franz": 2}, "trump": "H", "melds": [{"player": "Leni", "suit": "E"}]},
                  {"seq": 3, "trump": "E", "plays": [["HA", "S9"], ["GA", "H10"]], "claim": "Franz"}):
        status, body = server.api("POST", f"/api/matches/{match['id']}/hands", entry, token=match["scorer_token"])
        assert status == 201, body
    return match


def clean(page: Page, what: str, *scopes: str) -> None:
    violations = axe_violations(page)
    assert not violations, f"{what}:\n{describe_violations(violations)}"
    small = [target for scope in scopes for target in small_targets(page, scope)]
    assert not small, f"{what}: controls under 44 x 44 px: {small}"


@pytest.mark.parametrize("locale", ["de-AT", "en-GB"])
def test_the_form_history_and_board_are_clean(phone: Phone, server: Server, locale: str) -> None:
    match = create(server)
    page = phone(locale)
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    entry = page.locator("[data-entry]")
    expect(entry.locator("[data-submit]")).to_be_attached()
    expect(page.locator('[data-history] [data-seq="3"]')).to_be_visible()
    clean(page, "the match page", *GAME_PARTS)
    entry.locator('input[name="ended_by"][value="closed"]').check()
    entry.locator("[data-meld-add]").click()
    entry.locator("[data-exchange-toggle]").click()
    entry.locator("[data-submit]").click()  # blanks named at their fields
    expect(entry.locator('[data-error-for="closed_by"]')).to_be_visible()
    clean(page, "a closing, its extras and its blanks", *GAME_PARTS)
    for mode in ("quick", "plays"):
        entry.locator(f'[data-mode="{mode}"]').click()
        clean(page, f"the form, {mode}", "[data-entry]")
    page.locator('[data-correct="1"]').click()
    clean(page, "a quick deal corrected", "[data-entry]")
    page.goto(f"/#/m/{match['id']}/{match['viewer_token']}")
    expect(page.locator("[data-s66-board]")).to_be_visible()
    clean(page, "the board", "[data-slates]")


@pytest.mark.parametrize("locale", ["de-AT", "en-GB"])
def test_the_referee_is_clean_with_its_answers(phone: Phone, server: Server, locale: str) -> None:
    match = create(server)
    page = phone(locale)
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    page.locator("[data-referee-link]").click()
    slot = "[data-referee-slot]"
    actions = page.locator("[data-actions-form]")
    expect(actions).to_be_visible()
    clean(page, "what may I do", slot)
    for card in ("HK", "HO", "EA"):
        actions.locator(f'[data-field="hand"] [data-card="{card}"]').click()
    actions.locator('input[name="act_trump"][value="H"]').check()
    actions.locator('[data-field="stock"]').select_option("4")
    actions.locator('input[name="act_won"][value="1"]').check()
    actions.locator("[data-ask-actions]").click()
    expect(actions.locator("[data-verdict] li").first).to_be_visible()
    clean(page, "what may I do, answered", slot)
    for tab in ("play", "stock", "hand"):
        page.locator(f'[data-tab="{tab}"]').click()
        clean(page, f"the referee, {tab}", slot)
    replay = page.locator("[data-replay-form]")
    replay.locator('input[name="hand_trump"][value="E"]').check()
    replay.locator('[data-field="plays.0"]').fill("HA S9")
    replay.locator("[data-replay]").click()
    expect(replay.locator("[data-hand-legal]")).to_be_visible()
    clean(page, "a deal replayed", slot)


def test_a_cards_name_starts_with_what_it_shows(phone: Phone, server: Server) -> None:
    page = phone("de-AT")
    page.goto("/#/referee")
    page.locator("[data-field=game]").select_option("sixtysix")
    hand = page.get_by_role("group", name="Deine Hand")
    for shown, name in (("A", "A, Herz-Ass"), ("10", "10, Schellen-Zehn"), ("U", "U, Grün-Unter")):
        button = hand.get_by_role("button", name=name, exact=True)
        expect(button).to_be_visible()
        assert button.inner_text().strip().startswith(shown)
