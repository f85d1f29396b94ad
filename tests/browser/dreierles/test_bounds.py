"""What no pile or sum can give is said before it is refused (issue 18, items 3 and 6): the
phone knows the bounds from the server's ``needs`` and refuses offline too, at the field,
saying what is allowed; a Räuber's points are told their range (44 to 68 without the Blinder)
before the 70 a table once entered is sent."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.a11y import small_targets
from tests.browser.conftest import Phone, Server
from tests.browser.dreierles.test_flows import create, ledger, open_as


def test_a_dreier_with_no_points_is_refused_offline_saying_what_is_allowed(phone: Phone, server: Server) -> None:
    match = create(server)
    page = phone("de-DE")
    open_as(page, match, match["scorer_token"])
    entry = page.locator("[data-entry]")
    expect(entry.locator("[data-submit]")).to_be_visible()
    page.context.set_offline(True)
    entry.locator('[data-block="game"]').get_by_role("radio", name=re.compile(r"^Dreier")).check()
    entry.locator('[data-block="declarer"]').get_by_role("radio", name=re.compile(r"^Benno")).check()
    # the range stands beside the field before anything is typed
    expect(entry.locator("[data-points-range]")).to_have_text(
        "In Dreierpäckchen gezählt: beim Dreier zählt sein Stapel 2 bis 70; ab 36 gewonnen.")
    points = entry.locator('input[data-field="declarer_points"]')
    points.fill("0")
    # and what 0 is, beside the send button, while it is typed
    said = "0 Punkte sind nicht möglich: beim Dreier zählt sein Stapel 2 bis 70."
    expect(entry.locator("[data-live-misfit]")).to_have_text(said)
    entry.get_by_role("button", name="Spiel eintragen").click()
    expect(entry.locator('[data-error-for="declarer_points"]')).to_have_text(said)
    expect(points).to_have_attribute("aria-invalid", "true")
    expect(points).to_be_focused()
    expect(page.locator("[data-pending-note]")).to_be_hidden()  # nothing went into the outbox
    assert entry.locator("[data-problem]").inner_text().strip() == ""  # said once, at the field

    points.fill("2")
    expect(entry.locator("[data-live-fach]")).to_have_attribute("data-live-fach", "7")  # the others' 68
    page.context.set_offline(False)
    entry.get_by_role("button", name="Spiel eintragen").click()
    expect(ledger(page, "Benno")).to_have_attribute("data-balance", "-14")
    status, body = server.api("GET", f"/api/matches/{match['id']}/hands", token=match["viewer_token"])
    assert status == 200 and [h["declarer_points"] for h in body["hands"]] == [2]


def test_a_solo_pile_without_the_blinder_is_refused_before_it_is_sent(phone: Phone, server: Server) -> None:
    match = create(server)
    page = phone("en-GB")
    open_as(page, match, match["scorer_token"])
    entry = page.locator("[data-entry]")
    entry.locator('[data-block="game"]').get_by_role("radio", name=re.compile(r"^Solo takes")).check()
    entry.locator('[data-block="declarer"]').get_by_role("radio", name=re.compile(r"^Carla")).check()
    entry.get_by_role("radio", name="Tap his cards").check()
    for code in ("T2", "T3", "T4"):
        entry.locator(f'[data-card="{code}"]').click()
    said = "These cards count 1, but in this Solo his pile counts 2 to 70: is a card missing?"
    expect(entry.locator("[data-live-misfit]")).to_have_text(said)
    entry.get_by_role("button", name="Enter deal").click()
    expect(entry.locator('[data-error-for="cards"]')).to_have_text(said)
    status, body = server.api("GET", f"/api/matches/{match['id']}", token=match["viewer_token"])
    assert (status, body["version"]) == (200, 0)


def test_a_raeuber_is_told_its_points_make_44_to_68_before_70_is_sent(phone: Phone, server: Server) -> None:
    match = create(server)
    page = phone("de-DE")
    open_as(page, match, match["scorer_token"])
    entry = page.locator("[data-entry]")
    entry.locator('[data-block="game"]').get_by_role("radio", name=re.compile(r"^Räuber")).check()
    expect(entry.locator("[data-raeuber-range]")).to_have_text(
        "Der Blinde bleibt liegen und zählt 2 bis 26: die drei haben zusammen 44 bis 68 Punkte.")
    for name, (points, tricks) in {"Benno": (30, 6), "Carla": (20, 5), "Dieter": (20, 5)}.items():
        entry.locator(f'input[data-field="points.{name}"]').fill(str(points))
        entry.locator(f'input[data-field="tricks.{name}"]').fill(str(tricks))
    expect(entry.locator('[data-sum="points"]')).to_have_text("Punkte: 70, erlaubt 44 bis 68")
    expect(entry.locator('[data-sum="points"]')).to_have_class("off")
    said = "Zusammen ergeben die Punkte 44 bis 68 (70 weniger die 2 bis 26 des Blinden), nicht 70."
    expect(entry.locator("[data-live-misfit]")).to_have_text(said)
    entry.get_by_role("button", name="Spiel eintragen").click()
    expect(entry.locator('[data-error-for="points"]')).to_have_text(said)
    status, body = server.api("GET", f"/api/matches/{match['id']}", token=match["viewer_token"])
    assert (status, body["version"]) == (200, 0)  # refused on the phone: nothing was sent
    # the Blinder entered: exactly 70 less it
    entry.locator('input[data-field="blind_points"]').fill("2")
    expect(entry.locator('[data-sum="points"]')).to_have_text("Punkte: 70 von 68")
    entry.locator('input[data-field="points.Dieter"]').fill("18")
    expect(entry.locator('[data-sum="points"]')).to_have_class("ok")
    expect(entry.locator("[data-live-fach]")).to_be_visible()
    entry.get_by_role("button", name="Spiel eintragen").click()
    expect(ledger(page, "Benno")).to_have_attribute("data-balance", "-2")
    assert small_targets(page, "[data-entry]") == []
