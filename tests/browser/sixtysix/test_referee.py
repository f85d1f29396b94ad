"""The Sixty-Six referee on a phone at 360 px (issue 18, items 4b and 11): "what may I do now?"
with a hand, the trump card, the stock and a lead, every action shown with a tick or the rule
that forbids it; a disputed deal replayed trick by trick and handed to the match's form,
which enters it card by card."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, Route, expect

from tests.browser.conftest import Phone, Server


def create(server: Server) -> dict[str, Any]:
    status, match = server.api("POST", "/api/matches", {"game": "sixtysix", "players": ["Leni", "Franz"]})
    assert status == 201, match
    return match


def referee(page: Page, match: dict[str, Any] | None = None) -> None:
    if match:
        page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
        page.locator("[data-referee-link]").click()
    else:
        page.goto("/#/referee")
        page.locator("[data-field=game]").select_option("sixtysix")
    expect(page.locator("[data-ref-actions]")).to_be_visible()


def tap_hand(form: Locator, group: str, *names: str) -> None:
    hand = form.get_by_role("group", name=group)
    for name in names:
        hand.get_by_role("button", name=name).click()


def action(form: Locator, kind: str, **data: str) -> Locator:
    selector = "".join(f'[data-{key}="{value}"]' for key, value in data.items())
    return form.locator(f'[data-verdict] [data-action="{kind}"]{selector}')


def test_what_may_i_do_with_forty_in_hand_on_my_lead(phone: Phone, server: Server) -> None:
    page = phone("en-GB")
    referee(page)
    form = page.locator("[data-actions-form]")
    tap_hand(form, "Your hand", "King of Hearts", "Ober of Hearts", "Nine of Hearts", "Ace of Acorns", "Ten of Bells",
             "Nine of Leaves")
    form.locator('input[name="act_trump"][value="H"]').check()
    form.get_by_label("Cards in the stock, the face-up card counted").select_option("8")
    form.locator('[data-up] input[value="A"]').check()
    form.get_by_role("radio", name="Yes, at least one").check()
    form.get_by_role("button", name="Ask the referee").click()

    expect(form.locator("[data-situation]")).to_contain_text("You are on lead and the stock is open")
    expect(action(form, "play", legal="true")).to_have_attribute("data-cards", "HK HO H9 S10 EA G9")
    forty = action(form, "marriage", suit="H")
    expect(forty).to_contain_text("Forty in Hearts")
    expect(forty).to_have_attribute("data-legal", "true")
    expect(action(form, "exchange")).to_have_attribute("data-legal", "true")
    expect(action(form, "close")).to_have_attribute("data-legal", "true")
    expect(action(form, "claim")).to_have_attribute("data-legal", "true")


def ask_with_the_stock_closed_and_eichel_koenig_led(page: Page) -> Locator:
    """Asks "what may I do now?" on a German phone: Herz trumps, the stock closed with six
    cards left, Eichel-König led, a trick already won; the form with its answer."""
    form = page.locator("[data-actions-form]")
    tap_hand(form, "Deine Hand", "Herz-König", "Herz-Ober", "Eichel-Ass", "Eichel-Unter", "Schellen-Zehn", "Grün-Neun")
    form.locator('input[name="act_trump"][value="H"]').check()
    form.get_by_label("Karten im Talon, die aufgedeckte mitgezählt").select_option("6")
    form.get_by_role("checkbox", name="Der Talon ist zugedreht").check()
    form.get_by_role("group", name="Die Karte, die dein Gegner ausgespielt hat").get_by_role(
        "button", name="Eichel-König").click()
    form.get_by_role("radio", name="Ja, mindestens einen").check()
    form.get_by_role("button", name="Schiedsrichter fragen").click()
    return form


def test_with_the_stock_closed_and_a_lead_to_follow_the_refusals_name_their_rule(phone: Phone, server: Server) -> None:
    page = phone("de-AT")
    referee(page)
    form = ask_with_the_stock_closed_and_eichel_koenig_led(page)

    expect(action(form, "play", legal="true")).to_have_attribute("data-cards", "EA")
    follow = action(form, "play", cards="HK HO S10 G9")
    expect(follow).to_contain_text("T1")
    expect(follow).to_contain_text("Du hast Eichel und musst bedienen.")
    expect(action(form, "play", cards="EU")).to_contain_text("musst stechen")
    expect(action(form, "marriage", suit="H")).to_contain_text("T6")
    expect(action(form, "close")).to_contain_text("Der Talon ist schon zugedreht.")
    expect(action(form, "claim")).to_contain_text("R17")
    # the hand's cards are marked as the answer says
    hand = form.get_by_role("group", name="Deine Hand")
    expect(hand.get_by_role("button", name="Eichel-Ass")).to_have_class("card-button is-legal")
    expect(hand.get_by_role("button", name="Herz-König")).to_have_class("card-button is-illegal")


def test_a_disputed_deal_is_replayed_and_entered_in_the_match_card_by_card(phone: Phone, server: Server) -> None:
    """Franz leads (Leni deals): he takes the first trick, closes, and Leni takes every
    trick after: he claimed nothing and reached 11, so his closing failed; Leni had no
    trick at the closing and scores 3 (R19)."""
    match = create(server)
    page = phone("en-GB")
    referee(page, match)
    page.get_by_role("button", name="Replay a disputed deal").click()
    form = page.locator("[data-replay-form]")
    expect(form.get_by_label("Player 1", exact=True)).to_have_value("Leni")
    expect(form.get_by_label("Who led the first trick (forehand)?")).to_have_value("Franz")
    form.locator('input[name="hand_trump"][value="E"]').check()
    for n, trick in enumerate(["HA H9", "G10 GA", "EA E9", "H10 HK", "SA S9", "S10 SK", "EK EO"], start=1):
        form.get_by_label(f"Trick {n}", exact=True).fill(trick)
    form.get_by_label("Who closed the stock?").select_option("Franz")
    form.get_by_label("After how many tricks?").select_option("1")
    form.get_by_role("button", name="Replay the deal").click()
    result = form.locator("[data-replay-result]")
    expect(result.locator("[data-hand-legal]")).to_have_text("Every play was legal.")
    expect(result.locator('[data-trick="2"]')).to_contain_text("Leni takes it: 21 card points")
    expect(result.locator("[data-replay-ending]")).to_have_text("How it ends: closed.")

    result.get_by_role("button", name="Enter this deal in the match").click()
    entry = page.locator("[data-entry]")
    expect(entry.get_by_role("button", name="Trick by trick")).to_have_attribute("aria-pressed", "true")
    expect(entry.locator("[data-handoff]")).to_contain_text("Filled in from the referee\u2019s replay")
    expect(entry.get_by_label("Trick 7", exact=True)).to_have_value("EK EO")
    entry.get_by_role("button", name="Enter deal").click()
    expect(page.locator('[data-s66-board] [data-player="Leni"]')).to_have_attribute("data-score", "4")
    status, body = server.api("GET", f"/api/matches/{match['id']}/hands", token=match["viewer_token"])
    assert status == 200
    [hand] = body["hands"]
    assert (hand["closed_by"], hand["closed_after"], len(hand["plays"])) == ("Franz", 1, 7)
    assert hand["result"]["ended_by"] == "closed"


# --- the decks are the server's (issue 19, item 3; R16) --------------------------------------------


def catalogue_with(page: Page, change: Callable[[dict[str, Any]], None]) -> None:
    """Every GET /api/games of this page answered by the server, its Sixty-Six entry changed by ``change``."""
    def answer(route: Route) -> None:
        games = route.fetch().json()
        change(next(g for g in games["games"] if g["name"] == "sixtysix"))
        route.fulfill(status=200, content_type="application/json", body=json.dumps(games))

    page.route("**/api/games", answer)


def test_a_schnapsen_match_draws_the_catalogues_twenty_cards_R16(phone: Phone, server: Server) -> None:
    status, match = server.api("POST", "/api/matches", {"game": "sixtysix", "players": ["Leni", "Franz"],
                                                         "rules": {"variant": "schnapsen"}})
    assert status == 201, match
    page = phone("en-GB")
    referee(page, match)
    form = page.locator("[data-actions-form]")
    hand = form.get_by_role("group", name="Your hand")
    expect(hand.get_by_role("button", name="Nine of Hearts")).to_be_disabled()  # no nines in Schnapsen
    expect(hand.get_by_role("button", name="Unter of Hearts")).to_be_enabled()
    stock = form.get_by_label("Cards in the stock, the face-up card counted").locator("option")
    expect(stock).to_have_text(["10: nothing drawn yet", "8", "6", "4", "2", "0: used up"])
    expect(form.locator("[data-up] .rank-buttons b")).to_have_text(["\u2013", "A", "10", "K", "O", "U"])
    page.get_by_role("button", name="May I exchange or close?").click()
    expect(page.locator("[data-stock-form]")).to_contain_text("Exchange the lowest trump (Unter)")
    page.get_by_role("button", name="Replay a disputed deal").click()
    expect(page.locator("[data-ref-hand] [data-trick-row]")).to_have_count(10)
    replay = page.locator("[data-replay-form]")
    replay.get_by_label("Who closed the stock?").select_option("Franz")
    expect(replay.get_by_label("After how many tricks?").locator("option")).to_have_count(4)  # 0 … 3 (T7)


def test_the_decks_are_the_servers(phone: Phone, server: Server) -> None:
    """A catalogue that says otherwise is followed: the phone has no deck of its own."""
    page = phone("en-GB")

    def change(sixtysix: dict[str, Any]) -> None:
        deck = sixtysix["facts"]["decks"]["sixtysix"]
        deck.update(cards=[c for c in deck["cards"] if c[0] != "G"], hand=4, stock=8, tricks=9, close_after=[0, 1],
                    lowest_trump="K")

    catalogue_with(page, change)
    referee(page)
    form = page.locator("[data-actions-form]")
    hand = form.get_by_role("group", name="Your hand")
    expect(hand.get_by_role("button", name="Ace of Leaves")).to_be_disabled()
    expect(hand.get_by_role("button", name="Nine of Hearts")).to_be_enabled()
    stock = form.get_by_label("Cards in the stock, the face-up card counted").locator("option")
    expect(stock).to_have_text(["8: nothing drawn yet", "6", "4", "2", "0: used up"])
    page.get_by_role("button", name="May I exchange or close?").click()
    expect(page.locator("[data-stock-form]")).to_contain_text("Exchange the lowest trump (King)")
    page.get_by_role("button", name="Replay a disputed deal").click()
    expect(page.locator("[data-ref-hand] [data-trick-row]")).to_have_count(9)
