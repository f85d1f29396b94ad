"""Preisschnapsen on the phones (RULES.md R24): the organiser creates a tournament of four
entry cards, sells them, publishes the draw's commitment and draws; table 1's match is opened
and finished on two players' phones, the board in the hall shows its winner by itself; the
other table's result is entered by hand, and the next round's commitment is already out."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import PLAYERS, Phone, Server

LIVE_UPDATE_MS = 5_000


def fragment(url: str) -> str:
    """The app's route of a link (the server may name a LAN address: the test stays on 127.0.0.1)."""
    return "/" + url[url.index("#"):]


def create_on_the_phone(page: Page) -> tuple[str, str]:
    page.goto("/")
    page.get_by_role("link", name="New tournament").click()
    page.get_by_label("Name of the tournament").fill("Club night")
    page.get_by_label("Entry cards", exact=True).select_option("4")
    page.get_by_label("Most entry cards one player may buy").fill("1")
    page.get_by_label("Prizes", exact=True).fill("2")
    expect(page.locator("#tn-rule-variant")).to_be_visible()  # the tables' house rules, from the catalogue
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.locator("[data-sales]")).to_be_visible()
    found = re.search(r"#/t/([^/]+)/([^/]+)$", page.url)
    assert found
    return found.group(1), found.group(2)


def sell(page: Page, name: str) -> None:
    page.get_by_label("Player", exact=True).fill(name)
    page.get_by_role("button", name="Sell", exact=True).click()
    expect(page.locator(f'[data-buyer="{name}"]')).to_be_visible()


def post_deal(server: Server, match_id: str, token: str, loser: str) -> None:
    """A deal lost by a Renonce (the opponent scores 3), posted as a table's phone would."""
    status, match = server.api("GET", f"/api/matches/{match_id}", token=token)
    assert status == 200
    body = {"seq": match["next_seq"], "dealer": match["state"]["dealer"], "ended_by": "renonce", "renonce_by": loser}
    status, answer = server.api("POST", f"/api/matches/{match_id}/hands", body, token=token)
    assert status == 201, answer


def test_a_table_finished_on_two_phones_shows_its_winner_on_the_board(phone: Phone, server: Server) -> None:
    organiser = phone("en-GB")
    tid, token = create_on_the_phone(organiser)
    for name in PLAYERS:
        sell(organiser, name)
    expect(organiser.locator("[data-sold]")).to_have_attribute("data-sold", "4")

    # the commitment: the seed stays on this phone (and on no screen), its SHA-256 is published
    organiser.get_by_role("button", name="Publish the commitment").click()
    expect(organiser.locator("[data-hash]")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    published = organiser.locator("[data-hash]").get_attribute("data-hash")
    written_down = organiser.evaluate(f"() => localStorage.getItem('kreide.tn.seed.{tid}.{published}')")
    assert re.fullmatch(r"[0-9a-f]{32}", written_down)
    assert published == hashlib.sha256(written_down.encode()).hexdigest()
    assert written_down not in organiser.content()
    status, data = server.api("GET", f"/api/tournaments/{tid}", token=token)
    assert status == 200 and data["state"]["commit"]["hash"] == published

    organiser.get_by_role("button", name="Draw round 1").click()
    expect(organiser.locator("[data-table]")).to_have_count(2)
    # the next round's commitment goes out by itself, with a new seed
    expect(organiser.locator("[data-hash]")).not_to_have_attribute("data-hash", published)
    status, data = server.api("GET", f"/api/tournaments/{tid}", token=token)
    assert data["state"]["rounds"][0]["seed"] == written_down  # revealed by the draw
    assert data["state"]["commit"] and data["state"]["commit"]["hash"] != published

    # the board in the hall
    board = phone("de-AT")
    board.set_viewport_size({"width": 1280, "height": 720})
    board.goto(fragment(data["view_url"]))
    expect(board.locator("[data-board] [data-table]")).to_have_count(2)
    expect(board.locator("[data-board-round]")).to_have_text("Runde 1 von 2")

    # table 1: its match opened, its QR code and link for the two players
    organiser.locator('[data-table="1"]').get_by_role("button", name="Open match").click()
    dialog = organiser.locator("[data-match-dialog]")
    expect(dialog.locator("img.qr")).to_have_attribute("src", re.compile(r"^blob:"))
    join = fragment(dialog.locator("[data-join-link]").input_value())
    dialog.get_by_role("button", name="Close").click()
    match_id, scorer = re.search(r"#/m/([^/]+)/([^/]+)", join).groups()  # type: ignore[union-attr]
    pairing = next(p for p in data["state"]["pairings"] if p["number"] == 1)
    left, right = pairing["players"]

    # the two players' phones join by the link; the first deals come through the API
    first, second = phone("en-GB"), phone("de-AT")
    for page in (first, second):
        page.goto(join)
        expect(page.locator("[data-s66-board] [data-player]")).to_have_count(2)
    for _ in range(3):  # 9 for the left player: the first Bummerl is his
        post_deal(server, match_id, scorer, right)
    for _ in range(2):  # 6 of 7 in the second Bummerl
        post_deal(server, match_id, scorer, right)
    # the running match on the board: one point to go for the left player, who won the first
    # Bummerl: his opponent received it (Austrian tables count the Bummerl received)
    running = board.locator(f'[data-table="1"] [data-player="{left}"]')
    expect(running).to_have_attribute("data-score", "1", timeout=LIVE_UPDATE_MS)
    expect(running.locator(".tn-bummerl")).to_have_text("noch kein Bummerl")
    expect(board.locator(f'[data-table="1"] [data-player="{right}"] .tn-bummerl')).to_have_text("ein Bummerl bekommen")
    expect(first.locator(f'[data-s66-board] [data-player="{left}"]')).to_have_attribute("data-score", "1",
                                                                                      timeout=LIVE_UPDATE_MS)

    # the last deal entered on a phone: a claim of 66 against 32 is two points, the match is over
    entry = first.locator("[data-entry]")
    expect(entry.locator("[data-submit]")).to_be_visible()
    entry.get_by_role("radio", name=re.compile(r"^66 claimed")).check()
    entry.locator('[data-block="claim"]').get_by_role("radio", name=re.compile(f"^{left}")).check()
    entry.get_by_label(f"Card points of {left}", exact=True).fill("66")
    entry.get_by_label(f"Tricks of {left}", exact=True).fill("4")
    entry.get_by_label(f"Card points of {right}", exact=True).fill("32")
    entry.get_by_label(f"Tricks of {right}", exact=True).fill("2")
    entry.get_by_role("button", name="Enter deal").click()

    # the match's end recorded the table's result: the board shows it, and the organiser
    expect(board.locator('[data-table="1"]')).to_have_attribute("data-winner", left, timeout=LIVE_UPDATE_MS)
    expect(board.locator(f'[data-table="1"] [data-player="{left}"] .badge-win')).to_have_text("Sieger")
    expect(organiser.locator('[data-table="1"]')).to_have_attribute("data-kind", "won", timeout=LIVE_UPDATE_MS)
    expect(organiser.locator('[data-table="1"] [data-status]')).to_have_text(f"{left} won.")

    # table 2 played on paper: its result entered by hand
    table2 = organiser.locator('[data-table="2"]')
    two = next(p for p in data["state"]["pairings"] if p["number"] == 2)["players"]
    table2.get_by_role("button", name="Enter result").click()
    table2.get_by_role("radio", name=two[1], exact=True).check()
    table2.get_by_role("button", name="Record the result").click()
    expect(table2).to_have_attribute("data-kind", "won")
    expect(table2.locator("[data-status]")).to_have_text(f"{two[1]} won (entered by hand).")
    expect(board.locator('[data-table="2"]')).to_have_attribute("data-winner", two[1], timeout=LIVE_UPDATE_MS)
    # round 2 can be drawn at once: its commitment was published right after the first draw
    expect(organiser.get_by_role("button", name="Draw round 2")).to_be_enabled()
    status, entries = server.api("GET", f"/api/tournaments/{tid}/entries", token=token)
    assert status == 200
    kinds: list[Any] = [(e["body"]["kind"], e["source"]) for e in entries["entries"]]
    assert kinds[-2:] == [("result", "match"), ("result", "organiser")]
