"""Every DREIst! page at 360 px, in German and English, for hands and ears: axe-core finds
nothing (and no control whose name does not start with what it shows: the experimental
label-content-name-mismatch rule, run by name), what can be tapped is 44 x 44 px or more,
the display of eight columns included, and the referee can be worked by keyboard alone with
the focus in view.

The pages: the series board, its form and history (scorer and viewer), a solo match's ladder
and Egon's turn, the referee's display editor and a laying refused and accepted."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.a11y import MIN_TARGET, axe_violations, describe_violations, small_targets
from tests.browser.conftest import Phone, Server

LANGUAGES = [pytest.param("de-DE", id="de"), pytest.param("en-GB", id="en")]


def names_not_shown(page: Page) -> list[str]:
    """Controls named otherwise than they read (axe's label-content-name-mismatch, which axe
    leaves out of a default run as experimental)."""
    axe_violations(page)  # injects axe-core
    return page.evaluate("""async () => {
        const found = await axe.run(document, { runOnly: ['label-content-name-mismatch'] });
        return found.violations.flatMap((v) => v.nodes.map((n) => n.html.slice(0, 160)));
    }""")


def assert_clean(page: Page, what: str) -> None:
    violations = axe_violations(page)
    assert not violations, f"{what}:\n{describe_violations(violations)}"
    mismatched = names_not_shown(page)
    assert not mismatched, f"{what}: named otherwise than shown: {mismatched[:3]} ({len(mismatched)})"


def assert_thumb_sized(page: Page, scope: str) -> None:
    small = small_targets(page, scope)
    assert not small, f"{scope}: " + "; ".join(f"{s.what} {s.width:.0f}x{s.height:.0f}" for s in small)


def create(server: Server, players: list[str], **rules: str) -> dict[str, Any]:
    status, match = server.api("POST", "/api/matches", {"game": "dreist", "players": players, "rules": rules})
    assert status == 201, match
    return match


def enter(server: Server, match: dict[str, Any], seq: int, entry: dict[str, Any]) -> None:
    status, body = server.api("POST", f"/api/matches/{match['id']}/hands", {"seq": seq, **entry},
                              token=match["scorer_token"])
    assert status == 201, body


def referee(page: Page) -> None:
    page.goto("/#/referee")
    page.locator('select[data-field="game"]').select_option("dreist")
    expect(page.locator("[data-ref-dreist]")).to_be_visible()


# --- the series: board, form, history ---------------------------------------------------


@pytest.mark.parametrize("locale", LANGUAGES)
def test_a_series_board_form_and_history_R33(phone: Phone, server: Server, locale: str) -> None:
    match = create(server, ["Anna", "Benno", "Carla"])
    page = phone(locale)
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    history = page.locator("[data-history]")
    expect(history.locator("p.hint")).to_have_text("Noch kein Spiel eingetragen." if locale == "de-DE"
                                                   else "No game entered yet.")
    enter(server, match, 1, {"remaining": {"Anna": 0, "Benno": 12, "Carla": 7}})
    expect(history.locator("li.hand")).to_have_count(1)
    expect(history.locator("h2")).to_have_text("Spiele" if locale == "de-DE" else "Games")
    anna, benno = (page.locator(f'[data-standings] [data-player="{name}"]') for name in ("Anna", "Benno"))
    if locale == "en-GB":  # "leads" plays first elsewhere: here it is the lowest total
        expect(anna.locator(".badge")).to_have_text("fewest cards")
        expect(benno.locator(".badge")).to_have_text("starts game 2")
    else:
        expect(anna.locator(".badge")).to_have_text("die wenigsten Karten")
        expect(benno.locator(".badge")).to_have_text("beginnt Spiel 2")
    assert_clean(page, "series, scorer")
    assert_thumb_sized(page, "[data-entry]")
    assert_thumb_sized(page, "[data-history]")
    page.locator('input[data-field="remaining.Anna"]').fill("3")
    page.locator("[data-went-out='Benno']").click()  # a live line and a filled form
    assert_clean(page, "series form half filled")
    viewer = phone(locale)
    viewer.goto(f"/#/m/{match['id']}/{match['viewer_token']}")
    expect(viewer.locator("[data-tally] tr[data-game='1'] td").first).to_be_visible()
    assert_clean(viewer, "series, viewer")
    viewer.goto(f"/#/m/{match['id']}/{match['viewer_token']}/board")
    expect(viewer.locator(".recent-list li")).to_have_count(1)
    expect(viewer.locator("[data-recent] h2")).to_have_text(
        "Letzte Spiele" if locale == "de-DE" else "Last games")
    assert_clean(viewer, "series, the board for the room")


# --- solo: the ladder and Egon's turn ----------------------------------------------------


@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_solo_ladder_and_egons_turn_R34(phone: Phone, server: Server, locale: str) -> None:
    match = create(server, ["Anna"], mode="solo")
    for seq in (1, 2):
        enter(server, match, seq, {"won": True})
    page = phone(locale)
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    headers = page.locator("[data-ladder] thead th")
    expect(headers).to_have_count(3)
    for k in range(3):
        expect(headers.nth(k)).not_to_have_text("")
    panel = page.locator("[data-egon-panel]")
    expect(panel.locator("[data-picker]")).to_be_visible()
    assert_clean(page, "solo ladder")
    assert_thumb_sized(page, "[data-egon-panel]")
    assert_thumb_sized(page, "[data-entry]")
    for card in ("6Y", "3R"):
        panel.locator(f'[data-pick="{card}"]').click()
    expect(panel.locator("[data-egon-status]")).to_have_attribute("data-egon-status", "more")
    assert_clean(page, "Egon's turn")
    assert_thumb_sized(page, "[data-egon-panel]")


# --- the referee: display editor, a laying refused and accepted ---------------------------


def paint(page: Page, colour: str, cells: list[str]) -> None:
    editor = page.locator("[data-display-editor]").first
    editor.locator(f'[data-brush="{colour}"]').check(force=True)
    for cell in cells:
        editor.locator(f'[data-cell="{cell}"]').click()


@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_laying_referee_and_its_display_editor_R35(phone: Phone, locale: str) -> None:
    page = phone(locale)
    referee(page)
    paint(page, "R", ["1,1", "1,6", "1,7"])
    cells = page.locator("[data-display-editor] [data-cell]")
    expect(cells).to_have_count(16)
    for k in range(16):  # eight columns of 44 px at 360 px, none cut off by the screen
        box = cells.nth(k).bounding_box()
        assert box and box["width"] >= MIN_TARGET and box["height"] >= MIN_TARGET, box
        assert 0 <= box["x"] and box["x"] + box["width"] <= 360, box
    assert_clean(page, "display editor")
    assert_thumb_sized(page, "[data-ref-dreist]")
    page.locator('[data-mode="lay"]').click()
    page.locator('input[data-field="typed"]').fill("8R@1; 2Y@1")
    page.locator("[data-ask]").click()
    expect(page.locator("[data-legal]")).to_have_attribute("data-legal", "false")
    expect(page.locator("[data-stays]")).to_be_visible()  # R35: nothing of the turn is laid
    assert_clean(page, "laying refused")
    assert_thumb_sized(page, "[data-ref-dreist]")
    page.locator('input[data-field="typed"]').fill("8R@1; 2R@1")
    page.locator("[data-ask]").click()
    expect(page.locator("[data-legal]")).to_have_attribute("data-legal", "true")
    assert_clean(page, "laying accepted")
    assert_thumb_sized(page, "[data-ref-dreist]")


def named(text: str) -> re.Pattern[str]:
    """An accessible name as Chrome computes it from the content: a visually hidden part is a
    block of its own, so a space may come before its comma."""
    return re.compile("^" + re.escape(text).replace(",", r"\s?,") + "$")


@pytest.mark.parametrize(("locale", "pick", "yellow", "cell"), [
    pytest.param("de-DE", "1 R, rote 1", "1 G, gelbe 1", "R, rote 6, Reihe 1", id="de"),
    pytest.param("en-GB", "1 R, red 1", "1 Y, yellow 1", "R, red 6, row 1", id="en"),
])
def test_a_card_and_a_cell_are_named_by_what_they_show_first(phone: Phone, locale: str, pick: str, yellow: str,
                                                             cell: str) -> None:
    page = phone(locale)
    referee(page)
    paint(page, "R", ["1,6"])
    expect(page.get_by_role("button", name=named(cell))).to_have_attribute("data-cell", "1,6")
    page.locator('[data-tab="egon"]').click()
    expect(page.get_by_role("button", name=named(pick))).to_have_attribute("data-pick", "1R")
    expect(page.get_by_role("button", name=named(yellow))).to_have_attribute("data-pick", "1Y")


# --- by keyboard alone --------------------------------------------------------------------


def focused(page: Page) -> dict[str, Any]:
    return page.evaluate("""() => {
        const el = document.activeElement;
        const style = getComputedStyle(el);
        return { cell: el.dataset.cell || null, pick: el.dataset.pick || null, tag: el.tagName,
                 outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
    }""")


def tab_to(page: Page, selector: str, most: int = 40, *, back: bool = False) -> None:
    for _ in range(most):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_the_referee_by_keyboard_alone_R35(phone: Phone) -> None:
    """Paint the display, lay a card and judge it, and turn Egon's cards, without a mouse:
    one Tab stop per grid, the arrow keys inside it, the focus always drawn."""
    page = phone("en-GB")
    referee(page)
    tab_to(page, '[data-display-editor] [data-cell]')
    assert focused(page) == {"cell": "1,1", "pick": None, "tag": "BUTTON", "outline": True}
    for key in ("ArrowRight",) * 5:
        page.keyboard.press(key)
    assert focused(page)["cell"] == "1,6"
    page.keyboard.press("Enter")  # the red brush: a red 6 under the base
    expect(page.locator('[data-display-editor] [data-cell="1,6"]')).to_have_attribute("data-colour", "R")
    assert focused(page) == {"cell": "1,6", "pick": None, "tag": "BUTTON", "outline": True}
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect(page.locator('[data-display-editor] [data-cell="1,7"]')).to_have_attribute("data-colour", "R")
    page.keyboard.press("ArrowDown")
    assert focused(page)["cell"] == "2,7"
    page.keyboard.press("Tab")  # out of the grid at once: one stop for the whole display
    assert not focused(page)["cell"]
    tab_to(page, '[data-mode="lay"]')
    page.keyboard.press("Enter")
    tab_to(page, 'input[data-field="typed"]')
    page.keyboard.type("8R@1")
    page.keyboard.press("Enter")  # sends the question
    expect(page.locator("[data-legal]")).to_have_attribute("data-legal", "true")
    expect(page.locator("[data-draws]")).to_have_attribute("data-draws", "1")
    tab_to(page, '[data-tab="egon"]', back=True)
    page.keyboard.press("Enter")
    tab_to(page, "[data-pick]")
    assert focused(page) == {"cell": None, "pick": "1R", "tag": "BUTTON", "outline": True}
    page.keyboard.press("ArrowDown")
    page.keyboard.press("End")
    assert focused(page)["pick"] == "8Y"
    page.keyboard.press("Enter")
    expect(page.locator("[data-turned] [data-card='8Y']")).to_be_visible()
    expect(page.locator("[data-egon-status]")).to_have_attribute("data-egon-status", "more")


def test_a_series_game_by_keyboard_alone_R33(phone: Phone, server: Server) -> None:
    """The numbers typed field after field with the keyboard's Enter, one player marked out
    with a key, the game sent from its button: the focus drawn all the way."""
    match = create(server, ["Anna", "Benno", "Carla"])
    page = phone("de-DE")
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator("[data-entry] [data-submit]")).to_be_visible()
    tab_to(page, 'input[data-field="remaining.Anna"]', most=60)
    assert focused(page)["outline"]
    page.keyboard.type("12")
    page.keyboard.press("Enter")  # on to Benno's field
    assert page.evaluate("document.activeElement.dataset.field") == "remaining.Benno"
    page.keyboard.press("Tab")  # Benno's "Raus"
    assert page.evaluate("document.activeElement.dataset.wentOut") == "Benno"
    assert focused(page)["outline"]
    page.keyboard.press("Enter")  # Benno 0, and on to the field still blank
    assert page.evaluate("document.activeElement.dataset.field") == "remaining.Carla"
    page.keyboard.type("7")
    tab_to(page, "[data-entry] [data-submit]")
    assert focused(page)["outline"]
    page.keyboard.press("Enter")
    expect(page.locator('[data-standings] [data-player="Anna"]')).to_contain_text("12")
    status, body = server.api("GET", f"/api/matches/{match['id']}", token=match["viewer_token"])
    assert status == 200 and body["state"]["totals"] == {"Anna": 12, "Benno": 0, "Carla": 7}
