"""The Sixty-Six deal form on a phone at 360 px, beyond the checked entry of test_flows.py: a
quick deal in two taps and how the history marks it, its correction, the dealer said alike by
the page and by a correction, the marriage's lead and the exchange, a deal trick by trick,
the wording of a closing before and after the closer is chosen, and the form by keyboard
alone (issue 18, items 4, 8, 10, 11, 12)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import Phone, Server

PLAYERS = ["Leni", "Franz"]


def create(server: Server, **rules: str) -> dict[str, Any]:
    status, match = server.api("POST", "/api/matches", {"game": "sixtysix", "players": PLAYERS, "rules": rules})
    assert status == 201, match
    return match


def post(server: Server, match: dict[str, Any], entry: dict[str, Any]) -> None:
    status, body = server.api("POST", f"/api/matches/{match['id']}/hands", entry, token=match["scorer_token"])
    assert status == 201, body


def open_form(page: Page, match: dict[str, Any]) -> Locator:
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    entry = page.locator("[data-entry]")
    expect(entry.locator("[data-submit]")).to_be_attached()
    return entry


def hands(server: Server, match: dict[str, Any]) -> list[dict[str, Any]]:
    status, body = server.api("GET", f"/api/matches/{match['id']}/hands", token=match["viewer_token"])
    assert status == 200
    return list(body["hands"])


def counter(page: Page, name: str) -> Locator:
    return page.locator(f'[data-s66-board] [data-player="{name}"]')


def test_a_quick_deal_takes_two_taps_and_the_history_says_it_has_no_figures(phone: Phone, server: Server) -> None:
    match = create(server)
    page = phone("de-AT")
    entry = open_form(page, match)
    # the checked entry is the default; the quick one is a tap away
    expect(entry.get_by_role("button", name="Mit Augen")).to_have_attribute("aria-pressed", "true")
    entry.get_by_role("button", name="Nur Gewinner").click()
    # two taps: who won, then the game points, and the deal is in
    entry.locator('[data-block="winner"]').get_by_role("radio", name="Leni", exact=True).check()
    entry.get_by_role("button", name="2 Punkte").click()

    expect(counter(page, "Leni")).to_have_attribute("data-score", "5")
    deal = page.locator('[data-history] [data-seq="1"]')
    expect(deal.locator("[data-quick]")).to_have_text("ohne Zahlen")
    expect(deal).to_contain_text("ohne Zahlen eingetragen")
    expect(deal).to_contain_text("Ohne Zahlen eingetragen: Leni bekommt 2 Punkte.")
    [hand] = hands(server, match)
    assert (hand["winner"], hand["game_points"], hand["result"]["quick"]) == ("Leni", 2, True)
    assert not {"points", "tricks", "ended_by"} & hand.keys()

    # the next deal: still quick (the table chose it), two more taps
    expect(entry.get_by_role("button", name="Nur Gewinner")).to_have_attribute("aria-pressed", "true")
    entry.locator('[data-block="winner"]').get_by_role("radio", name="Franz", exact=True).check()
    entry.get_by_role("button", name="3 Punkte").click()
    expect(counter(page, "Franz")).to_have_attribute("data-score", "4")
    # the room's board (a second phone, the viewer link) lists the quick deals too
    board = phone("de-AT")
    board.goto(f"/#/m/{match['id']}/{match['viewer_token']}")
    expect(board.locator("[data-recent]")).to_contain_text("Spiel 1: Leni gewinnt 2 Punkte.")
    expect(board.locator("[data-recent]")).to_contain_text("Spiel 2: Franz gewinnt 3 Punkte.")


def test_a_quick_deal_is_corrected_and_refused_where_it_cannot_be(phone: Phone, server: Server) -> None:
    match = create(server)
    post(server, match, {"seq": 1, "winner": "Leni", "game_points": 1})
    page = phone("en-GB")
    entry = open_form(page, match)
    history = page.locator("[data-history]")
    expect(history.get_by_role("heading", level=2)).to_have_text("Deals")  # Sixty-Six is entered deal by deal
    expect(history.get_by_role("button", name="Void deal 1")).to_be_visible()
    history.get_by_role("button", name="Correct deal 1").click()
    expect(entry.get_by_role("button", name="Winner only")).to_have_attribute("aria-pressed", "true")
    expect(entry.locator('[data-block="winner"] input[value="Leni"]')).to_be_checked()
    # a Renonce brings 3 (R20): refused at the game points, nothing changed
    entry.locator("[data-quick-ending]").select_option("renonce")
    entry.get_by_role("button", name="2 points").click()
    refused = entry.locator('[data-error-for="game_points"]')
    expect(refused).to_contain_text("A Renonce brings the opponent 3 game points")
    expect(refused).to_contain_text("R20")
    entry.get_by_role("button", name="3 points").click()
    expect(counter(page, "Leni")).to_have_attribute("data-score", "4")
    [hand] = hands(server, match)
    assert (hand["game_points"], hand["ended_by"], len(hand["audit"])) == (3, "renonce", 1)


def test_the_form_and_the_header_agree_on_who_dealt_the_deal_being_corrected(phone: Phone, server: Server) -> None:
    match = create(server)
    post(server, match, {"seq": 1, "winner": "Leni", "game_points": 1})  # Leni dealt deal 1
    post(server, match, {"seq": 2, "winner": "Franz", "game_points": 1})  # Franz dealt deal 2
    page = phone("de-AT")
    entry = open_form(page, match)
    expect(page.locator("[data-next]")).to_have_text("Leni gibt, Franz spielt aus.")  # deal 3
    page.locator('[data-correct="2"]').click()
    expect(entry.get_by_role("heading", level=2)).to_have_text("Spiel 2 berichtigen")
    expect(entry.locator("[data-who-deals]")).to_have_text("Spiel 2 hat Franz gegeben, Leni hat ausgespielt.")
    expect(page.locator("[data-next]")).to_have_text("Leni gibt, Franz spielt aus.")


def test_a_closing_names_the_opponent_in_good_german(phone: Phone, server: Server) -> None:
    match = create(server)
    page = phone("de-AT")
    entry = open_form(page, match)
    entry.get_by_role("radio", name=re.compile(r"^Zugedreht")).check()
    at_close = entry.locator('[data-block="at_close"]')
    # before the closer is chosen: the opponent, in the genitive
    expect(at_close.locator("legend")).to_have_text("Beim Zudrehen hatte der Gegner")
    expect(entry.get_by_label("Augen des Gegners beim Zudrehen", exact=True)).to_be_visible()
    expect(entry.get_by_label("Stiche des Gegners beim Zudrehen", exact=True)).to_be_visible()
    entry.locator('[data-block="closed_by"]').get_by_role("radio", name="Franz", exact=True).check()
    expect(at_close.locator("legend")).to_have_text("Beim Zudrehen hatte Leni")
    expect(entry.get_by_label("Augen von Leni beim Zudrehen", exact=True)).to_be_visible()
    # who claimed after the closing, in whole sentences
    claim = entry.locator('[data-block="claim"]')
    expect(claim.locator("legend")).to_have_text("Wer hat sich nach dem Zudrehen ausgemeldet?")
    expect(claim.get_by_role("radio", name="Franz hat zugedreht und sich dann ausgemeldet")).to_be_attached()
    expect(claim.get_by_role("radio", name="Leni hat sich vor Franz ausgemeldet")).to_be_attached()
    expect(claim.get_by_role("radio", name="niemand: zu Ende gespielt")).to_be_attached()


def test_a_marriages_lead_and_the_exchange_go_in_with_the_deal(phone: Phone, server: Server) -> None:
    match = create(server)
    page = phone("en-GB")
    entry = open_form(page, match)
    entry.get_by_role("radio", name=re.compile(r"^66 claimed")).check()
    entry.locator('[data-block="claim"]').get_by_role("radio", name="Franz", exact=True).check()
    entry.get_by_label("Card points of Leni", exact=True).fill("14")
    entry.get_by_label("Tricks of Leni", exact=True).fill("1")
    entry.get_by_label("Card points of Franz", exact=True).fill("46")
    entry.get_by_label("Tricks of Franz", exact=True).fill("3")
    entry.get_by_role("button", name="Add a marriage").click()
    entry.get_by_label("Marriage 1: player", exact=True).select_option("Franz")
    entry.get_by_label("Marriage 1: suit", exact=True).select_option("E")
    entry.get_by_label("Marriage 1: shown on lead", exact=True).select_option("3")
    entry.locator('input[name="trump"][value="H"]').check()  # trumps
    expect(entry.locator('[data-meld-value="0"]')).to_have_text("twenty (20)")
    entry.get_by_role("button", name="Add an exchange").click()
    entry.locator('[data-block="exchange.player"]').get_by_role("radio", name="Franz", exact=True).check()
    entry.get_by_label("On which lead?", exact=True).select_option("3")
    entry.get_by_role("button", name="Enter deal").click()

    expect(counter(page, "Franz")).to_have_attribute("data-score", "5")
    [hand] = hands(server, match)
    assert hand["melds"] == [{"player": "Franz", "suit": "E", "trick": 3}]
    assert hand["exchange"] == {"player": "Franz", "trick": 3}
    deal = page.locator('[data-history] [data-seq="1"]')
    expect(deal).to_contain_text("Franz exchanged the trump card")


def test_a_deal_trick_by_trick_is_checked_card_by_card(phone: Phone, server: Server) -> None:
    """Franz leads; trumps are Acorns. He takes both tricks and claims with 32: wrong (R18),
    and Leni, without a trick, scores 3."""
    match = create(server)
    page = phone("en-GB")
    entry = open_form(page, match)
    entry.get_by_role("button", name="Trick by trick").click()
    entry.locator('input[name="trump"][value="E"]').check(force=True)
    entry.get_by_label("Trick 1", exact=True).fill("HA S9")
    grid = entry.get_by_role("group", name="Cards to tap in play order")
    grid.get_by_role("button", name="Ace of Leaves").click()
    grid.get_by_role("button", name="Ten of Hearts").click()
    expect(entry.get_by_label("Trick 2", exact=True)).to_have_value("GA H10")
    entry.locator('[data-block="plays_claim"]').get_by_role("radio", name="Franz", exact=True).check()
    entry.get_by_role("button", name="Enter deal").click()

    expect(counter(page, "Leni")).to_have_attribute("data-score", "4")
    [hand] = hands(server, match)
    assert hand["plays"] == [["HA", "S9"], ["GA", "H10"]]
    assert (hand["result"]["winner"], hand["result"]["ended_by"]) == ("Leni", "claim")
    expect(page.locator('[data-history] [data-seq="1"]')).to_contain_text("entered trick by trick")


def test_the_quick_deal_by_keyboard_alone_with_the_focus_in_sight(phone: Phone, server: Server) -> None:
    match = create(server)
    page = phone("en-GB")
    entry = open_form(page, match)
    quick = entry.get_by_role("button", name="Winner only")
    quick.focus()
    assert outlined(page), "the focus is not visible"
    page.keyboard.press("Enter")
    tab_to(page, "document.activeElement.name === 'winner'")  # past "Trick by trick", the first winner tile
    page.keyboard.press("Space")
    assert page.evaluate("document.activeElement.value") == "Leni"
    assert outlined(page, label=True), "the focused tile shows no focus"
    tab_to(page, "document.activeElement.dataset.gamePoints === '1'")
    assert outlined(page)
    page.keyboard.press("Enter")
    expect(counter(page, "Leni")).to_have_attribute("data-score", "6")


def tab_to(page: Page, reached: str, most: int = 12) -> None:
    """Press Tab until ``reached`` (a script) is true of the focused element."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(reached):
            return
    raise AssertionError(f"Tab never reached {reached}")


def outlined(page: Page, *, label: bool = False) -> bool:
    """The focused control (or, for a tile's hidden radio, its label) draws a focus outline."""
    return bool(page.evaluate(
        """(label) => {
            const el = label ? document.activeElement.labels[0] : document.activeElement;
            const style = getComputedStyle(el);
            return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
        }""", label))
