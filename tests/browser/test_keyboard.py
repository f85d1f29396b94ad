"""Every game's entry form entered and sent by keyboard alone (issue 18, item 12): Tab to a
field, type, Enter to the next blank (and, everything typed, to the send button), the arrow
keys within a group of choices, Enter to send; no mouse, no tap. At every stop on the way the
focus can be seen (app.css :focus-visible, or the tile's label that draws a hidden radio)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Phone, Server

MAX_TABS = 80

FOCUS_SEEN = """() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing has the focus';
    const seen = (e) => {
        const s = getComputedStyle(e);
        return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    // a radio drawn by its tile (the input transparent over it): the tile must show it
    const hidden = parseFloat(getComputedStyle(el).opacity) === 0;
    const drawn = [hidden ? null : el, ...(el.labels || []), el.closest('label')].filter(Boolean);
    if (drawn.some(seen)) return '';
    return `no visible focus on ${el.tagName} ${el.getAttribute('data-field') || el.textContent.trim().slice(0, 30)}`;
}"""


def create(server: Server, game: str, players: list[str], **rules: str) -> dict[str, Any]:
    status, match = server.api("POST", "/api/matches", {"game": game, "players": players, "rules": rules})
    assert status == 201, match
    return match


def open_form(page: Page, match: dict[str, Any]) -> None:
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator("[data-entry] [type=submit]").first).to_be_visible()


def tab_to(page: Page, selector: str) -> None:
    """Tab (forwards) until `selector` has the focus, the focus seen at every stop."""
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        problem = page.evaluate(FOCUS_SEEN)
        assert not problem, problem
        if page.evaluate("(sel) => document.activeElement.matches(sel)", selector):
            return
    raise AssertionError(f"{selector} not reached in {MAX_TABS} tabs")


def focused(page: Page, selector: str) -> None:
    assert page.evaluate("(sel) => document.activeElement.matches(sel)", selector), selector
    problem = page.evaluate(FOCUS_SEEN)
    assert not problem, problem


def choose(page: Page, value: str) -> None:
    """In a group of radios: the arrow keys round the group to `value`, Enter chooses it."""
    for _ in range(8):
        if page.evaluate("(v) => document.activeElement.value === v", value):
            break
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    focused(page, f'input[type="radio"][value="{value}"]:checked')


def recorded(server: Server, match: dict[str, Any]) -> list[dict[str, Any]]:
    status, body = server.api("GET", f"/api/matches/{match['id']}/hands", token=match["scorer_token"])
    assert status == 200, body
    return [hand for hand in body["hands"] if not hand.get("voided")]


def test_a_dreeg_hand_by_keyboard_alone(phone: Phone, server: Server) -> None:
    match = create(server, "dreeg", ["Anna", "Benno", "Carla", "Dieter"])
    page = phone("de-DE")
    open_form(page, match)
    tab_to(page, '[data-entry] input[data-field="points.Anna"]')
    for digits in ("45", "2", "40", "2", "25", "1", "10", "1"):
        page.keyboard.type(digits)
        page.keyboard.press("Enter")  # the next blank; at the end, the send button
    focused(page, "[data-entry] [data-submit]")
    page.keyboard.press("Shift+Tab")  # back: Ansage hinzufügen, the trumps, the last trick
    while not page.evaluate("() => document.activeElement.name === 'last_trick'"):
        page.keyboard.press("Shift+Tab")
    choose(page, "Dieter")
    expect(page.locator('input[name="last_trick"][value="Dieter"]')).to_be_checked()
    tab_to(page, '[data-entry] input[name="trump"]')
    choose(page, "H")
    expect(page.locator('input[name="trump"][value="H"]')).to_be_checked()
    tab_to(page, "[data-entry] [data-submit]")
    page.keyboard.press("Enter")
    expect(page.locator('[data-history] [data-seq="1"]')).to_be_visible()
    hand = recorded(server, match)[0]
    assert hand["last_trick"] == "Dieter" and hand["trump"] == "H" and hand["points"]["Anna"] == 45


def test_a_sixtysix_deal_by_keyboard_alone(phone: Phone, server: Server) -> None:
    match = create(server, "sixtysix", ["Anna", "Benno"])
    page = phone("en-GB")
    open_form(page, match)
    tab_to(page, '[data-entry] input[name="ended_by"]')
    page.keyboard.press("ArrowRight")  # 66 claimed → played out
    expect(page.locator('input[name="ended_by"][value="played_out"]')).to_be_checked()
    tab_to(page, '[data-entry] input[name="last_trick"]')
    page.keyboard.press("Enter")  # Anna took the last trick
    tab_to(page, '[data-entry] input[data-field="points.Anna"]')
    page.keyboard.type("70")  # Benno gets the rest of 120
    page.keyboard.press("Enter")
    page.keyboard.type("7")
    page.keyboard.press("Enter")  # Benno's tricks are the rest too: to the send button
    focused(page, "[data-entry] [data-submit]")
    page.keyboard.press("Enter")
    expect(page.locator('[data-history] [data-seq="1"]')).to_be_visible()
    deal = recorded(server, match)[0]
    assert deal["ended_by"] == "played_out" and deal["points"] == {"Anna": 70, "Benno": 50}


def test_a_dreierles_deal_by_keyboard_alone(phone: Phone, server: Server) -> None:
    match = create(server, "dreierles", ["Anna", "Benno", "Carla"])
    page = phone("de-DE")
    open_form(page, match)
    tab_to(page, '[data-entry] input[name="game"]')
    page.keyboard.press("ArrowRight")  # Dreier → Zweier
    expect(page.locator('input[name="game"][value="zweier"]')).to_be_checked()
    tab_to(page, '[data-entry] input[name="declarer"]')
    page.keyboard.press("ArrowRight")  # Anna → Benno
    expect(page.locator('input[name="declarer"][value="Benno"]')).to_be_checked()
    tab_to(page, '[data-entry] input[data-field="declarer_points"]')
    page.keyboard.type("41")
    page.keyboard.press("Enter")
    focused(page, "[data-entry] [data-submit]")
    page.keyboard.press("Enter")
    expect(page.locator('[data-history] [data-seq="1"]')).to_be_visible()
    deal = recorded(server, match)[0]
    assert deal["game"] == "zweier" and deal["declarer"] == "Benno" and deal["declarer_points"] == 41


def test_a_dreist_game_by_keyboard_alone(phone: Phone, server: Server) -> None:
    match = create(server, "dreist", ["Anna", "Benno", "Carla"])
    page = phone("en-GB")
    open_form(page, match)
    tab_to(page, '[data-entry] input[data-field="remaining.Anna"]')
    for digits in ("0", "5", "7"):
        page.keyboard.type(digits)
        page.keyboard.press("Enter")
    focused(page, "[data-entry] [data-submit]")
    page.keyboard.press("Enter")
    expect(page.locator('[data-history] [data-seq="1"]')).to_be_visible()
    assert recorded(server, match)[0]["remaining"] == {"Anna": 0, "Benno": 5, "Carla": 7}


def test_a_solo_game_against_egon_by_keyboard_alone(phone: Phone, server: Server) -> None:
    match = create(server, "dreist", ["Anna"], mode="solo")
    page = phone("de-DE")
    open_form(page, match)
    tab_to(page, '[data-entry] [data-won="true"]')
    page.keyboard.press("Enter")
    expect(page.locator('[data-history] [data-seq="1"]')).to_be_visible()
    assert recorded(server, match)[0]["won"] is True
