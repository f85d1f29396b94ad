"""Dreierles for every hand and ear (issue 18, items 5 and 12): every control of its pages at
least 44 x 44 px and looking tappable, axe-core clean in German and English (the deal form in
each kind of game, the Cego grid, the ledger with money, the history, the count referee), and a
deal entered by keyboard alone with the focus always in sight."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.a11y import axe_violations, describe_violations, small_targets
from tests.browser.conftest import Phone, Server
from tests.browser.dreierles.test_flows import FOUR, create, ledger, open_as

LANGUAGES = [pytest.param("de-DE", id="German"), pytest.param("en-GB", id="English")]
GAME = {"de-DE": {"zweier": "Zweier", "raeuber": "Räuber", "drescher": "Drescher", "cards": "Karten antippen"},
        "en-GB": {"zweier": "Zweier", "raeuber": "Räuber", "drescher": "Drescher", "cards": "Tap his cards"}}


def played_evening(server: Server) -> dict[str, Any]:
    """Four at the table, played for 10 cents a Fach: a Zweier from a pile of cards, a Räuber
    and a Drescher, so the ledger shows money and the history every kind of line."""
    match = create(server, FOUR)
    status, _ = server.api("PATCH", f"/api/matches/{match['id']}", {"rates": {"per_fach": 10}},
                           token=match["scorer_token"])
    assert status == 200
    pile = ["T1", "T21", "TS", "CK", "CD", "CR", "HK", "HB", "H1", "SK", "S7", "S8", "DB", "D1", "D2", "D3",
            "D4", "C10"]
    deals = [
        {"game": "zweier", "declarer": "Benno", "cards": pile, "extras": ["drull"]},
        {"game": "raeuber", "points": {"Carla": 30, "Dieter": 20, "Anna": 10},
         "tricks": {"Carla": 6, "Dieter": 5, "Anna": 5}},
        {"game": "drescher", "last_trick": "Anna"},
    ]
    for seq, deal in enumerate(deals, start=1):
        status, answer = server.api("POST", f"/api/matches/{match['id']}/hands", {"seq": seq, **deal},
                                    token=match["scorer_token"])
        assert status == 201, answer
    return match


#: what Dreierles draws on the match page: the ledger, the deal form, the history, the score sheet
OURS = ("[data-slates]", "[data-entry]", "[data-history]", "[data-extras]")


def assert_clean(page: Page, scopes: tuple[str, ...], what: str) -> None:
    small = [target for scope in scopes for target in small_targets(page, scope)]
    assert small == [], f"{what}: too small to tap: {small}"
    found = axe_violations(page)
    assert found == [], f"{what}:\n{describe_violations(found)}"


@pytest.mark.parametrize("locale", LANGUAGES)
def test_every_page_of_an_evening_is_clean_and_tappable(phone: Phone, server: Server, locale: str) -> None:
    match = played_evening(server)
    page = phone(locale)
    open_as(page, match, match["scorer_token"])
    expect(page.locator("[data-money]")).to_have_count(4)
    expect(page.locator("li.hand")).to_have_count(3)
    entry = page.locator("[data-entry]")
    expect(entry.locator("[data-submit]")).to_be_visible()
    assert_clean(page, OURS, "the ledger, the history and the empty form")

    words = GAME[locale]
    games = entry.locator('[data-block="game"]')
    games.get_by_role("radio", name=re.compile(f"^{words['zweier']}")).check()
    entry.locator('[data-block="declarer"]').get_by_role("radio", name=re.compile("^Carla")).check()
    assert_clean(page, ("[data-entry]",), "a declarer's game with its points, extras and the wrong discard")
    entry.get_by_role("radio", name=words["cards"]).check()
    for code in ("TS", "CK", "H1"):
        entry.locator(f'[data-card="{code}"]').click()
    assert_clean(page, ("[data-entry]",), "the Cego grid")
    games.get_by_role("radio", name=re.compile(f"^{words['raeuber']}")).check()
    assert_clean(page, ("[data-entry]",), "a Räuber's points and tricks")
    games.get_by_role("radio", name=re.compile(f"^{words['drescher']}")).check()
    assert_clean(page, ("[data-entry]",), "a Drescher's last trick")

    referee = phone(locale)
    referee.goto("/#/referee")
    referee.locator('select[data-field="game"]').select_option("dreierles")
    for code in ("TS", "CK", "HD", "C7"):
        referee.locator(f'[data-card="{code}"]').first.click()
    expect(referee.locator("[data-verdict] [data-points]")).to_be_visible()
    assert_clean(referee, ("[data-ref-count]",), "the count referee")


FOCUS_SHOWN = """() => {
    const el = document.activeElement;
    const drawn = (node) => node && getComputedStyle(node).outlineStyle !== 'none'
        && parseFloat(getComputedStyle(node).outlineWidth) >= 2;
    const label = el && el.labels && el.labels[0];
    return { tag: el ? el.tagName : null, field: el ? el.dataset.field || el.dataset.card || el.type : null,
             shown: drawn(el) || drawn(label) };
}"""


def tab_to(page: Page, wanted: str, *, most: int = 80) -> None:
    """Press Tab until the focus is on ``wanted`` (a selector), checking on the way that every
    element focused shows it."""
    for _ in range(most):
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUS_SHOWN)
        assert focus["shown"], f"the focus is not visible on {focus}"
        if page.evaluate("(sel) => document.activeElement.matches(sel)", wanted):
            return
    raise AssertionError(f"Tab never reached {wanted}")


def test_a_deal_entered_by_keyboard_alone(phone: Phone, server: Server) -> None:
    match = create(server)
    page = phone("en-GB")
    open_as(page, match, match["scorer_token"])
    entry = page.locator("[data-entry]")
    expect(entry.locator("[data-submit]")).to_be_visible()
    page.locator("[data-entry] h2").first.evaluate("(el) => { el.tabIndex = -1; el.focus(); }")
    tab_to(page, '[data-entry] input[name="game"]')
    page.keyboard.press("ArrowRight")  # Dreier to Zweier (a radio group moves with the arrows)
    expect(entry.get_by_role("radio", name=re.compile("^Zweier"))).to_be_checked()
    tab_to(page, '[data-entry] input[name="declarer"]')
    page.keyboard.press("Space")
    expect(entry.get_by_role("radio", name=re.compile("^Benno"))).to_be_checked()
    tab_to(page, '[data-entry] input[data-field="declarer_points"]')
    page.keyboard.type("41")
    tab_to(page, '[data-entry] [data-extra="drull"] input')
    page.keyboard.press("Space")
    expect(entry.get_by_role("checkbox", name=re.compile("^Drull"))).to_be_checked()
    expect(entry.locator("[data-live-fach]")).to_have_attribute("data-live-fach", "4")
    tab_to(page, "[data-entry] [data-submit]")
    page.keyboard.press("Enter")
    expect(ledger(page, "Benno")).to_have_attribute("data-balance", "8")
