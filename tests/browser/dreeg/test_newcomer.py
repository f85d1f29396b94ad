"""Dreeg as a newcomer meets it at 360 px (issue 18, items 5 and 9): what can be tapped looks
it and is a thumb wide, the rest of a hand is said in words, adding is "hinzufügen", the
scoring help looks like something that opens, and the referee opened from a match starts from
the hand as it stands there."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from tests.browser.a11y import small_targets
from tests.browser.conftest import PLAYERS, Phone, Server
from tests.browser.dreeg.test_table import open_table


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
