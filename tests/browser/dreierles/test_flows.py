"""Dreierles on the phones: a Zweier with an extra entered on the scorer's phone in the
table's order, its Fach shown while it is typed, and the ledger moving on a second phone
that holds the viewer link; a Räuber refused and corrected; the count in threes."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Phone, Server

LIVE_UPDATE_MS = 5_000
FOUR = ["Anna", "Benno", "Carla", "Dieter"]


def create(server: Server, players: list[str] = FOUR, **rules: str) -> dict[str, Any]:
    status, match = server.api("POST", "/api/matches", {"game": "dreierles", "players": players, "rules": rules})
    assert status == 201, match
    return match


def open_as(page: Page, match: dict[str, Any], token: str) -> None:
    page.goto(f"/#/m/{match['id']}/{token}")
    expect(page.locator("[data-ledger] [data-player]")).to_have_count(len(match["players"]))


def ledger(page: Page, name: str):
    return page.locator(f'[data-ledger] [data-player="{name}"]')


def test_a_zweier_with_the_drull_moves_the_ledger_on_the_other_phone(phone: Phone, server: Server) -> None:
    match = create(server)
    scorer, viewer = phone("de-DE"), phone("en-GB")
    open_as(scorer, match, match["scorer_token"])
    open_as(viewer, match, match["viewer_token"])
    entry = scorer.locator("[data-entry]")
    expect(entry.locator("[data-submit]")).to_be_visible()
    entry.locator('[data-block="game"]').get_by_role("radio", name=re.compile(r"^Zweier")).check()
    entry.locator('[data-block="declarer"]').get_by_role("radio", name=re.compile(r"^Benno")).check()
    entry.locator('input[data-field="declarer_points"]').fill("41")
    entry.get_by_role("checkbox", name=re.compile(r"^Drull")).check()
    # R27 + R28: 2 Fach for 41, 1 for the Zweier, 1 for the Drull, shown before it is sent
    expect(entry.locator("[data-live-fach]")).to_have_attribute("data-live-fach", "4")
    expect(entry.locator("[data-live-fach]")).to_contain_text("Benno gewinnt 4 Fach")
    entry.get_by_role("button", name="Spiel eintragen").click()

    # R29: Carla and Dieter pay 4 each; Anna dealt and sat out (R32)
    expect(ledger(scorer, "Benno")).to_have_attribute("data-balance", "8")
    for name, balance in {"Anna": "0", "Benno": "8", "Carla": "-4", "Dieter": "-4"}.items():
        expect(ledger(viewer, name)).to_have_attribute("data-balance", balance, timeout=LIVE_UPDATE_MS)
    expect(scorer.get_by_text("Benno gewinnt den Zweier mit 41: 2 Fach für die Punkte.")).to_be_visible()
    status, body = server.api("GET", f"/api/matches/{match['id']}/hands", token=match["viewer_token"])
    assert status == 200 and [h["result"]["fach"] for h in body["hands"]] == [4]


def test_a_raeuber_refused_keeps_the_figures_and_goes_in_corrected(phone: Phone, server: Server) -> None:
    match = create(server)
    page = phone("en-GB")
    open_as(page, match, match["scorer_token"])
    entry = page.locator("[data-entry]")
    entry.locator('[data-block="game"]').get_by_role("radio", name=re.compile(r"^Räuber")).check()
    figures = {"Benno": (30, 6), "Carla": (20, 5), "Dieter": (18, 4)}  # 15 tricks: one short
    for name, (points, tricks) in figures.items():
        entry.locator(f'[data-row="{name}"] input[data-field="points.{name}"]').fill(str(points))
        entry.locator(f'[data-row="{name}"] input[data-field="tricks.{name}"]').fill(str(tricks))
    expect(entry.locator('[data-sum="tricks"]')).to_contain_text("15")
    entry.get_by_role("button", name="Enter deal").click()
    expect(entry.locator('[data-error-for="tricks"]')).to_contain_text("16")  # at its field, once
    expect(entry.locator('input[data-field="points.Benno"]')).to_have_value("30")
    entry.locator('input[data-field="tricks.Dieter"]').fill("5")
    entry.get_by_role("button", name="Enter deal").click()
    # R30: Benno has the most and pays each of the others 1
    expect(ledger(page, "Benno")).to_have_attribute("data-balance", "-2")
    expect(ledger(page, "Carla")).to_have_attribute("data-balance", "1")
    # the history speaks of deals, as the header does ("Deal 2")
    history = page.locator("[data-history]")
    expect(history.get_by_role("heading", level=2)).to_have_text("Deals")
    expect(history.get_by_role("button", name="Correct deal 1")).to_be_visible()


def test_the_referee_counts_a_pile_in_threes(phone: Phone, server: Server) -> None:
    page = phone("de-DE")
    page.goto("/#/referee")
    page.locator('select[data-field="game"]').select_option("dreierles")
    for code in ("TS", "CK", "HD", "C7", "H1"):
        page.locator(f'[data-card="{code}"]').first.click()
    # R26: Stieß, König, Dame count 5 + 5 + 4 - 2 = 12; two blanks left over, 2/3: 13 in all
    expect(page.get_by_text("13 Punkte", exact=True)).to_be_visible()


def test_a_table_begun_before_the_blinders_rest_was_a_house_rule_shows_its_default(phone: Phone,
                                                                                  server: Server) -> None:
    """A match stored before ``blind_rest`` existed has no such rule; the engine plays it with
    the default, and the house rules say so (not "undefined", not "changed")."""
    match = create(server)
    page = phone("de-DE")

    def without_blind_rest(route: Any) -> None:
        response = route.fetch()
        body = response.json()
        body["rules"].pop("blind_rest", None)
        route.fulfill(response=response, json=body)

    page.route(re.compile(rf".*/api/matches/{match['id']}$"), without_blind_rest)
    open_as(page, match, match["scorer_token"])
    rules = page.locator("[data-rules]")
    rules.evaluate("(el) => { el.open = true; }")
    expect(rules.locator("dt").nth(3)).to_contain_text("Der Rest des Blinden")
    expect(rules.locator("dd").nth(3)).to_have_text("zählen für den Spieler")
