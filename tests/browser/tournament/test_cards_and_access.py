"""Issue 18, items 16-18 on the phones: a player's two cards told apart on the organiser's
screen, the board and the printed lists; a prize band shown once, with a card that fell from
a player still in; the next draw's seed kept off every screen until the draw; each table's
buttons named with its table and players; the QR code shown in its table's card without
blocking the page; every tournament page clean under axe-core and tappable, in German and
English, and a result entered by keyboard alone.

The tournament: eight cards, Wastl 2, Mirl 1, Hias 2, Sepp 1, Resi 2, drawn with real pots
(Wastl L1 L3 | Mirl L2 | Hias L4 R1 | Sepp R2 | Resi R3 R4): tables 1 Wastl ① - Hias ②,
2 Mirl - Sepp, 3 Wastl ② - Resi ①, 4 Hias ① - Resi ②."""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.a11y import axe_violations, describe_violations, small_targets
from tests.browser.conftest import APP_TITLE, Phone, Server

W, M, H, S, R = "Wastl", "Mirl", "Hias", "Sepp", "Resi"
DRAW = {W: ["L1", "L3"], M: ["L2"], H: ["L4", "R1"], S: ["R2"], R: ["R3", "R4"]}
LIVE_MS = 5_000
DASH = "\u2013"  # the en dash between a table's players, as the app writes it


@dataclass
class Tn:
    server: Server
    created: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.created["id"])

    @property
    def organiser(self) -> str:
        return f"/#/t/{self.id}/{self.created['organiser_token']}"

    @property
    def board(self) -> str:
        return f"/#/t/{self.id}/{self.created['viewer_token']}"

    def entry(self, body: dict[str, Any]) -> dict[str, Any]:
        token = self.created["organiser_token"]
        status, data = self.server.api("GET", f"/api/tournaments/{self.id}", token=token)
        assert status == 200
        status, answer = self.server.api("POST", f"/api/tournaments/{self.id}/entries",
                                         {**body, "seq": data["next_seq"]}, token=token)
        assert status == 201, answer
        return dict(answer)


def tournament(server: Server, *, drawn: bool = True, results: tuple[tuple[int, str], ...] = ()) -> Tn:
    status, created = server.api("POST", "/api/tournaments", {"name": "Preisschnapsen beim Kirchenwirt",
                                                              "cards": 8, "max_per_player": 2})
    assert status == 201, created
    tn = Tn(server, created)
    for name, cards in ((W, 2), (M, 1), (H, 2), (S, 1), (R, 2)):
        tn.entry({"kind": "buy", "player": name, "cards": cards})
    if drawn:
        tn.entry({"kind": "draw", "numbers": DRAW})
    for number, winner in results:
        tn.entry({"kind": "result", "number": number, "winner": winner})
    return tn


ROUND_1 = ((1, H), (2, M), (3, W), (4, H))  # Wastl ① falls (still in with ②), Sepp, Resi ① and ②


def open_page(phone: Phone, locale: str, route: str, *, width: int = 360) -> Page:
    page = phone(locale)
    if width != 360:
        page.set_viewport_size({"width": width, "height": 800})
    page.goto(route)
    expect(page.locator(APP_TITLE)).to_be_visible()
    return page


# --- item 16: numbered cards ------------------------------------------------------------------


def test_a_players_two_cards_are_numbered_on_the_organisers_screen_and_the_board(phone: Phone, server: Server):
    tn = tournament(server)
    organiser = open_page(phone, "en-GB", tn.organiser)
    board = open_page(phone, "de-AT", tn.board, width=1280)
    for page in (organiser, board):
        tables = page.locator("[data-table]")
        expect(tables).to_have_count(4)
        expect(page.locator('[data-table="1"] .tn-name')).to_have_text(["Wastl ①", "Hias ②"])
        expect(page.locator('[data-table="2"] .tn-name')).to_have_text(["Mirl", "Sepp"])
        expect(page.locator('[data-table="3"] .tn-name')).to_have_text(["Wastl ②", "Resi ①"])
        expect(page.locator('[data-table="4"] .tn-name')).to_have_text(["Hias ①", "Resi ②"])
    expect(board.locator('[data-in="Wastl"] .tn-name')).to_have_text("Wastl ① ②")
    # a result by hand names the card that won
    table3 = organiser.locator('[data-table="3"]')
    table3.get_by_role("button", name=re.compile(r"^Enter result")).click()
    table3.get_by_role("radio", name="Wastl ②").check()
    table3.get_by_role("button", name="Record the result").click()
    expect(table3.locator("[data-status]")).to_have_text("Wastl ② won (entered by hand).")
    expect(table3.locator(".is-loser .tn-name")).to_have_text("Resi ①")
    expect(board.locator('[data-table="3"] .tn-status')).to_have_text("Wastl ② hat gewonnen (von Hand eingetragen).",
                                                                      timeout=LIVE_MS)


def test_the_prize_band_is_shown_once_with_a_card_fallen_from_a_player_still_in(phone: Phone, server: Server):
    tn = tournament(server, results=ROUND_1)
    for locale, still in (("de-AT", "(noch dabei mit ②)"), ("en-GB", "(still in with ②)")):
        for route, width in ((tn.organiser, 360), (tn.board, 360), (tn.board, 1280), (f"{tn.organiser}/prizes", 360)):
            page = open_page(phone, locale, route, width=width)
            band = page.locator('[data-prizes] [data-band="5-8"]')
            expect(band).to_have_count(1)
            expect(band.locator(".tn-place")).to_have_text(f"5.{DASH}8." if locale == "de-AT" else f"5th{DASH}8th")
            expect(band.locator("[data-place]")).to_have_count(4)
            expect(band.locator("[data-place] .tn-name")).to_have_text(["Wastl ①", "Sepp", "Resi ①", "Resi ②"])
            expect(band.locator('[data-place="5"]')).to_have_text(f"Wastl ① {still}")
            expect(band.locator('[data-place="7"] .tn-still')).to_have_count(0)  # Resi is out
            page.context.close()


def test_the_printed_pairing_list_numbers_the_cards(phone: Phone, server: Server):
    tn = tournament(server)
    page = open_page(phone, "de-AT", f"{tn.organiser}/print")
    rows = page.locator("[data-pairing-sheet] tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(0).locator("td")).to_have_text(["1", "Wastl ①", "Hias ②", ""])
    expect(rows.nth(2).locator("td")).to_have_text(["3", "Wastl ②", "Resi ①", ""])


# --- item 17: the seed -------------------------------------------------------------------------


def test_only_the_hash_of_the_next_seed_is_shown_until_the_draw(phone: Phone, server: Server):
    tn = tournament(server, drawn=False)
    organiser = open_page(phone, "en-GB", tn.organiser)
    organiser.get_by_role("button", name="Publish the commitment").click()
    shown = organiser.locator("[data-hash]")
    expect(shown).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    published = shown.get_attribute("data-hash")
    seed = organiser.evaluate(f"() => localStorage.getItem('kreide.tn.seed.{tn.id}.{published}')")
    assert seed and hashlib.sha256(seed.encode()).hexdigest() == published  # kept on the phone for the draw
    expect(organiser.locator("[data-seed-kept]")).to_be_visible()
    board = open_page(phone, "de-AT", tn.board)
    expect(board.locator(".tn-audit")).to_contain_text(str(published))
    for page in (organiser, board):
        assert seed not in page.content(), "the seed is on the page before the draw"
    organiser.get_by_role("button", name="Draw round 1").click()
    expect(organiser.locator("[data-table]")).to_have_count(4)
    expect(board.locator(".tn-audit")).to_contain_text(seed, timeout=LIVE_MS)  # the draw revealed it
    # the next round's commitment went out by itself; its seed is on no screen either
    expect(organiser.locator("[data-hash]")).not_to_have_attribute("data-hash", str(published))
    following = organiser.locator("[data-hash]").get_attribute("data-hash")
    after = organiser.evaluate(f"() => localStorage.getItem('kreide.tn.seed.{tn.id}.{following}')")
    assert after and after not in organiser.content() and after not in board.content()


# --- item 18: names, the QR code, axe, tap targets, the keyboard -----------------------------------


def test_each_tables_buttons_are_named_with_its_table_and_players(phone: Phone, server: Server):
    tn = tournament(server)
    for locale, name in (("en-GB", f"Enter result (table 3: Wastl ② {DASH} Resi ①)"),
                         ("de-AT", f"Ergebnis eintragen (Tisch 3: Wastl ② {DASH} Resi ①)")):
        page = open_page(phone, locale, tn.organiser)
        expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()
        names = page.locator("[data-round] button").evaluate_all(
            "(buttons) => buttons.map((b) => b.getAttribute('aria-label') || b.textContent)")
        assert len(names) == 8 and len(set(names)) == len(names), names
        for label in page.locator("[data-round] button").all():
            visible = label.inner_text().strip()
            assert (label.get_attribute("aria-label") or visible).startswith(visible)  # the words shown come first


def test_the_qr_code_opens_in_its_tables_card_and_the_page_stays_usable(phone: Phone, server: Server):
    tn = tournament(server)
    page = open_page(phone, "en-GB", tn.organiser)
    opener = page.get_by_role("button", name=f"Open match (table 1: Wastl ① {DASH} Hias ②)")
    opener.click()
    panel = page.locator('[data-table="1"] [data-match-dialog]')
    expect(panel.locator("img.qr")).to_have_attribute("src", re.compile(r"^blob:"))
    expect(page.locator("#tn-qr-title-1")).to_be_focused()
    expect(page.locator("dialog[open]")).to_have_count(0)
    # the organiser keeps working meanwhile: table 2's result, by hand
    table2 = page.locator('[data-table="2"]')
    table2.get_by_role("button", name=re.compile(r"^Enter result")).click()
    table2.get_by_role("radio", name="Mirl").check()
    table2.get_by_role("button", name="Record the result").click()
    expect(table2).to_have_attribute("data-kind", "won")
    expect(panel).to_be_visible()
    panel.get_by_role("button", name=re.compile(r"^Copy")).focus()
    page.keyboard.press("Escape")
    expect(panel).to_have_count(0)
    expect(page.locator("#tn-match-1")).to_be_focused()
    expect(page.locator("#tn-match-1")).to_have_text("QR code")


def test_a_result_is_entered_by_keyboard_alone_with_the_focus_in_sight(phone: Phone, server: Server):
    tn = tournament(server)
    page = open_page(phone, "de-AT", tn.organiser)
    page.locator("#tn-match-2").focus()
    page.keyboard.press("Tab")
    expect(page.locator("#tn-result-2")).to_be_focused()
    assert page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("Enter")
    expect(page.locator("#tn-w-2-0")).to_be_focused()  # the first choice: Mirl
    page.keyboard.press("ArrowDown")
    expect(page.locator("#tn-w-2-1")).to_be_checked()  # Sepp
    ring = page.evaluate("() => getComputedStyle(document.activeElement.closest('label')).outlineStyle")
    assert ring != "none"
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Ergebnis speichern", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator('[data-table="2"]')).to_have_attribute("data-kind", "won")
    expect(page.locator('[data-table="2"] [data-status]')).to_have_text("Sepp hat gewonnen (von Hand eingetragen).")
    expect(page.locator("#tn-result-2")).to_be_focused()  # the focus stays with the table
    expect(page.locator("#tn-result-2")).to_have_text("Ergebnis berichtigen")


PAGES: dict[str, Callable[[Tn], tuple[str, int]]] = {
    "new tournament": lambda tn: ("/#/t/new", 360),
    "organiser in sales": lambda tn: (tn.organiser, 360),
    "organiser in a round": lambda tn: (tn.organiser, 360),
    "board at 360 px": lambda tn: (tn.board, 360),
    "board at 1280 px": lambda tn: (tn.board, 1280),
    "printed pairing list": lambda tn: (f"{tn.organiser}/print", 360),
    "printed prize list": lambda tn: (f"{tn.organiser}/prizes", 360),
}


@pytest.mark.parametrize("locale", ["de-AT", "en-GB"])
@pytest.mark.parametrize("which", list(PAGES))
def test_every_tournament_page_is_clean_under_axe_and_tappable(phone: Phone, server: Server, which: str, locale: str):
    if which == "organiser in sales":
        tn = tournament(server, drawn=False)
    else:
        tn = tournament(server, results=((3, W),))  # a round on, one table decided by hand
        tn.server.api("POST", f"/api/tournaments/{tn.id}/pairings/1/match", {},
                      token=tn.created["organiser_token"])
    route, width = PAGES[which](tn)
    page = open_page(phone, locale, route, width=width)
    if which == "organiser in a round":  # with a QR code and a result form open
        page.locator("#tn-match-1").click()
        expect(page.locator("[data-match-dialog] img.qr")).to_have_attribute("src", re.compile(r"^blob:"))
        page.locator("#tn-result-2").click()
        expect(page.locator('[data-result-form="2"]')).to_be_visible()
    if which.startswith("board"):
        expect(page.locator("[data-board-qr] img")).to_be_visible()
    found = axe_violations(page)
    assert not found, describe_violations(found)
    assert small_targets(page) == []
    assert page.locator("main").count() == 1


def test_the_organisers_phone_opens_the_board_link_as_the_board(phone: Phone, server: Server):
    """The phone keeps the last answer for offline use; the board's link opened on the organiser's
    phone (a new tab, the same storage) shows the board, not the organiser's view seen last."""
    tn = tournament(server)
    page = open_page(phone, "en-GB", tn.organiser)
    expect(page.locator("[data-round]")).to_be_visible()
    board = page.context.new_page()

    def slow(route: Route) -> None:  # the hall's network: the answer comes after the page is drawn
        time.sleep(1.5)
        route.continue_()

    board.route(f"**/api/tournaments/{tn.id}**", slow)
    board.goto(tn.board)
    expect(board.locator(APP_TITLE)).to_be_visible()
    board.wait_for_timeout(500)
    expect(board.locator("[data-round], [data-enter-result]")).to_have_count(0)
    expect(board.locator("[data-board]")).to_be_visible()
    expect(board.locator("[data-round], [data-enter-result]")).to_have_count(0)


def test_the_pots_form_names_the_cards_each_player_draws_for(phone: Phone, server: Server):
    tn = tournament(server, drawn=False)
    page = open_page(phone, "de-AT", tn.organiser)
    page.locator("[data-pots-box] summary").click()
    expect(page.locator("[data-pot-player] .tn-name")).to_have_text(["Wastl ① ②", "Mirl", "Hias ① ②", "Sepp",
                                                                      "Resi ① ②"])


def test_a_refused_draw_is_said_once_beside_the_players_field(phone: Phone, server: Server):
    tn = tournament(server, drawn=False)
    page = open_page(phone, "en-GB", tn.organiser)
    page.locator("[data-pots-box] summary").click()
    for name, numbers in {**DRAW, W: ["L1", "L1"]}.items():
        page.locator(f'[data-pot-player="{name}"] input').fill(" ".join(numbers))
    page.get_by_role("button", name="Enter the draw").click()
    said = page.locator('[data-error-for="numbers.Wastl"]')
    expect(said).to_have_text("L1 is drawn twice: Wastl has it already. (R24)")
    expect(page.locator('[data-pot-player="Wastl"] input')).to_be_focused()
    form = page.locator("[data-pots]")
    assert form.inner_text().count("drawn twice") == 1
