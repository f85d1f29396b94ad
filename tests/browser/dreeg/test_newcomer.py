"""Dreeg as a newcomer meets it at 360 px (issue 18, items 5 and 9): what can be tapped looks
it and is a thumb wide, the rest of a hand is said in words, adding is "hinzufügen", the
scoring help looks like something that opens, and the referee opened from a match starts from
the hand as it stands there."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.a11y import small_targets
from tests.browser.conftest import PLAYERS, Phone, Server
from tests.browser.dreeg.test_table import FIRST_OF_SUBGAME_2, open_table, worked_match


def fresh_match(server: Server) -> dict[str, Any]:
    status, match = server.api("POST", "/api/matches", {"game": "dreeg", "players": PLAYERS})
    assert status == 201, match
    return match


def shows_its_edge(locator: Locator) -> bool:
    return bool(locator.evaluate(
        """(el) => {
            const s = getComputedStyle(el);
            const drawn = s.borderTopStyle !== 'none' && !s.borderTopColor.endsWith(', 0)');
            return parseFloat(s.borderTopWidth) > 0 && drawn;
        }"""))


@pytest.mark.parametrize("locale", ["de-DE", "en-GB"])
def test_the_last_trick_is_a_cell_with_an_edge_a_thumb_wide(phone: Phone, server: Server, locale: str) -> None:
    page = phone(locale)
    open_table(page, fresh_match(server))
    entry = page.locator("[data-entry]")
    expect(entry.locator("[data-submit]")).to_be_visible()
    cell = entry.locator('[data-row="Dieter"] .last-cell')
    assert shows_its_edge(cell)
    box = cell.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44
    assert small_targets(page, "[data-entry]") == []
    cell.click(position={"x": 4, "y": 4})  # its corner, far from the small circle
    expect(entry.locator('input[name="last_trick"][value="Dieter"]')).to_be_checked()
    # the house rules below open from a line a thumb high (it was 24 px)
    expect(page.locator("[data-rules] summary")).to_be_attached()
    assert small_targets(page, "[data-rules]") == []


def test_the_rest_says_what_is_left_of_what_in_words(phone: Phone, server: Server) -> None:
    page = phone("de-DE")
    open_table(page, fresh_match(server))
    entry = page.locator("[data-entry]")
    for name, points, tricks in (("Anna", 45, 2), ("Benno", 40, 2), ("Carla", 34, 1)):
        entry.get_by_label(f"Augen von {name}", exact=True).fill(str(points))
        entry.get_by_label(f"Stiche von {name}", exact=True).fill(str(tricks))
    rest = entry.get_by_role("button", name="Rest für Dieter: 1 Auge, 1 Stich")
    expect(rest).to_be_visible()
    entry.get_by_label("Stiche von Carla", exact=True).fill("0")
    expect(entry.get_by_role("button", name="Rest für Dieter: 1 Auge, 2 Stiche")).to_be_visible()
    entry.get_by_role("button", name="Rest für Dieter: 1 Auge, 2 Stiche").click()
    expect(entry.get_by_label("Augen von Dieter", exact=True)).to_have_value("1")


def test_adding_a_player_or_a_marriage_is_hinzufuegen(phone: Phone, server: Server) -> None:
    page = phone("de-DE")
    page.goto("/")
    expect(page.get_by_role("button", name="Spieler hinzufügen")).to_be_attached()
    open_table(page, fresh_match(server))
    expect(page.locator("[data-entry]").get_by_role("button", name="Ansage hinzufügen")).to_be_visible()
    assert "dazu" not in page.locator("[data-entry]").inner_text()


def test_how_a_hand_is_scored_looks_like_something_that_opens(phone: Phone, server: Server) -> None:
    page = phone("de-DE")
    open_table(page, fresh_match(server))
    help_ = page.locator("[data-entry] [data-mode-hint]")
    summary = help_.locator("summary")
    expect(summary).to_have_text("So wird beim Deutsch gewertet")
    assert shows_its_edge(summary)
    marker = summary.evaluate("(el) => getComputedStyle(el, '::before').content")
    assert marker == '"▸"'
    box = summary.bounding_box()
    assert box and box["height"] >= 44
    summary.click()
    expect(help_).to_have_attribute("open", "")
    assert summary.evaluate("(el) => getComputedStyle(el, '::before').content") == '"▾"'
    expect(help_.locator(".hint")).to_contain_text("jeder für sich")


def open_referee(page: Page) -> Locator:
    page.locator("[data-referee-link]").click()
    ask = page.locator("[data-ref-play]")
    expect(ask.locator("form")).to_be_visible()
    return ask


def test_the_referee_from_a_match_starts_from_the_hand_as_it_stands(phone: Phone, server: Server) -> None:
    match = worked_match(server, FIRST_OF_SUBGAME_2)  # sub-game 2, Ace of Hearts, under way
    page = phone("de-DE")
    open_table(page, match)
    entry = page.locator("[data-entry]")
    entry.locator('input[name="trump"][value="G"]').check()  # named at the table, typed in the form

    ask = open_referee(page)
    expect(ask.locator('select[data-field="subgame"]')).to_have_value("ace_of_hearts")
    expect(ask.locator('input[name="ask_trump"][value="G"]')).to_be_checked()
    expect(ask.locator('input[name="ask_trump"][value=""]')).not_to_be_checked()  # not "kein Trumpf"
    page.get_by_role("button", name="Strittiges Spiel nachspielen").click()
    replay = page.locator("[data-ref-hand]")
    expect(replay.locator('select[data-field="subgame"]')).to_have_value("ace_of_hearts")
    expect(replay.locator('input[name="hand_trump"][value="G"]')).to_be_checked()
    status, now = server.api("GET", f"/api/matches/{match['id']}", token=match["scorer_token"])
    assert status == 200
    for seat, name in enumerate(now["state"]["active"]):
        expect(replay.get_by_label(f"Spieler {seat + 1}", exact=True)).to_have_value(name)
    expect(replay.locator('select[data-field="leader"]')).to_have_value(now["state"]["forehand"])


def test_the_referee_from_a_match_without_a_trump_typed_asks_for_one(phone: Phone, server: Server) -> None:
    page = phone("de-DE")
    open_table(page, fresh_match(server))
    ask = open_referee(page)
    expect(ask.locator('input[name="ask_trump"]:checked')).to_have_count(0)  # nothing chosen for the player
    ask.get_by_role("group", name="Deine Hand").get_by_role("button", name="Herz-Zehn").click()
    ask.get_by_role("group", name="Die Karte, die du spielen willst").get_by_role("button", name="Herz-Zehn").click()
    ask.get_by_role("button", name="Schiedsrichter fragen").click()
    expect(ask.locator('[data-error-for="trump"]')).to_contain_text("Was ist Trumpf?")
    ask.locator('input[name="ask_trump"][value=""]').check(force=True)  # "kein Trumpf", chosen
    ask.get_by_role("button", name="Schiedsrichter fragen").click()
    expect(ask.locator("[data-verdict] [data-legal]")).to_have_attribute("data-legal", "true")
