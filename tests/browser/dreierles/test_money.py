"""The table's money rate on the phones (issue 18, item 13): typed in euros as a German or an
English player writes them, read back before it is saved ("= 0,50 € je Fach"), refused with a
reason when it is no amount, and kept by the server, so a second phone shows the same money."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.a11y import axe_violations, describe_violations, small_targets
from tests.browser.conftest import Phone, Server
from tests.browser.dreierles.test_flows import LIVE_UPDATE_MS, create, ledger, open_as

MINUS = "\N{MINUS SIGN}"


def test_half_a_euro_typed_in_german_is_the_tables_rate_on_every_phone(phone: Phone, server: Server) -> None:
    match = create(server, ["Anna", "Benno", "Carla"])
    scorer, viewer = phone("de-DE"), phone("en-GB")
    open_as(scorer, match, match["scorer_token"])
    open_as(viewer, match, match["viewer_token"])
    status, _ = server.api("POST", f"/api/matches/{match['id']}/hands",
                           {"seq": 1, "game": "zweier", "declarer": "Benno", "declarer_points": 41},
                           token=match["scorer_token"])
    assert status == 201
    expect(ledger(viewer, "Benno")).to_have_attribute("data-balance", "6", timeout=LIVE_UPDATE_MS)

    rate = scorer.locator("[data-rate-setting]")
    field = rate.get_by_label("Geld je Fach, für den ganzen Tisch")
    field.fill("0,5")
    # read back as the table will count it, before anything is sent
    expect(rate.locator("[data-rate-read]")).to_have_text("= 0,50 € je Fach")
    rate.get_by_role("button", name="Speichern").click()
    expect(rate.locator("[data-rate-saved]")).to_have_text("Für den ganzen Tisch gespeichert.")
    # Benno won 3 Fach from each of two: +6 Fach, 3,00 €, on this phone and the viewer's
    expect(scorer.locator('[data-money="Benno"]')).to_have_text("+3,00 €")
    expect(scorer.locator('[data-money="Carla"]')).to_have_text(MINUS + "1,50 €")  # a real minus sign
    expect(viewer.locator('[data-money="Benno"]')).to_have_text("+€3.00", timeout=LIVE_UPDATE_MS)
    expect(viewer.locator("[data-rate-shown]")).to_have_text("Played for €0.50 per Fach.")
    status, shown = server.api("GET", f"/api/matches/{match['id']}", token=match["viewer_token"])
    assert (status, shown["rates"]) == (200, {"per_fach": 50})

    # English: "0.40" is forty cents, "5 ct" five
    english = phone("en-GB")
    open_as(english, match, match["scorer_token"])
    english_field = english.locator("[data-rate-setting]").get_by_label("Money per Fach, for the whole table")
    expect(english_field).to_have_value("0.50")
    expect(english.locator("[data-rate-changed]")).to_contain_text("(before: €0.00 per Fach)")
    english_field.fill("0.40")
    expect(english.locator("[data-rate-read]")).to_have_text("= €0.40 per Fach")
    english_field.fill("5 ct")
    expect(english.locator("[data-rate-read]")).to_have_text("= €0.05 per Fach")


def test_what_is_no_amount_is_refused_saying_why(phone: Phone, server: Server) -> None:
    match = create(server, ["Anna", "Benno", "Carla"])
    page = phone("de-DE")
    open_as(page, match, match["scorer_token"])
    rate = page.locator("[data-rate-setting]")
    field = rate.locator("[data-rate]")
    for typed, why in [("abc", "„abc“ ist kein Betrag: Euro wie 0,50 oder 0,05 € eintippen, oder Cent wie 5 ct."),
                       ("0,055", "Nur ganze Cent: höchstens zwei Stellen nach dem Komma."),
                       ("-1", "Ein Satz kann nicht unter null liegen: 0 heißt ohne Geld.")]:
        field.fill(typed)
        expect(rate.locator("[data-rate-error]")).to_have_text(why)
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(rate.locator("[data-rate-read]")).to_have_text("")
    rate.get_by_role("button", name="Speichern").click()
    expect(field).to_be_focused()
    status, shown = server.api("GET", f"/api/matches/{match['id']}", token=match["viewer_token"])
    assert (status, shown["rates"], shown["revision"]) == (200, {"per_fach": 0}, 0)  # nothing was sent
    # too much for a Fach: the server says so, at the field
    field.fill("150")
    expect(rate.locator("[data-rate-read]")).to_have_text("= 150,00 € je Fach")
    rate.get_by_role("button", name="Speichern").click()
    expect(rate.locator("[data-rate-error]")).to_contain_text("10000")
    assert small_targets(page, "[data-rate-setting]") == []
    found = axe_violations(page)
    assert found == [], describe_violations(found)
