"""The rule book on the phone (issue 19): a rule number in a note, a refusal or a referee's
answer opens the rule's text in the phone's language, over the page (a form keeps what was
typed), offline too once the book has come; #/rules is the whole book. Every view clean under
axe-core with 44 px targets, in German and in English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.a11y import axe_violations, describe_violations, small_targets
from tests.browser.conftest import Phone, Server
from tests.browser.sixtysix.test_referee import ask_with_the_stock_closed_and_eichel_koenig_led, referee


def sixtysix_with_a_claim(server: Server) -> dict[str, Any]:
    """A Sixty-Six match whose first deal Anna ended by claiming 66 against Benno's 32: its note cites R17."""
    status, match = server.api("POST", "/api/matches", {"game": "sixtysix", "players": ["Anna", "Benno"]})
    assert status == 201, match
    status, body = server.api("POST", f"/api/matches/{match['id']}/hands", {
        "seq": 1, "ended_by": "claim", "claim": "Anna", "points": {"Anna": 66, "Benno": 32},
        "tricks": {"Anna": 4, "Benno": 2}}, token=match["scorer_token"])
    assert status == 201, body
    return match


def open_match(page: Page, match: dict[str, Any]) -> None:
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator("[data-s66-board] [data-player]")).to_have_count(2)


def clean(page: Page, scope: str) -> None:
    violations = axe_violations(page)
    assert not violations, describe_violations(violations)
    assert small_targets(page, scope) == []


def test_an_r_number_in_a_sixtysix_note_opens_the_rule_in_german_R17(phone: Phone, server: Server) -> None:
    match = sixtysix_with_a_claim(server)
    page = phone("de-DE")
    open_match(page, match)
    note = page.locator("[data-history] ul.notes li", has_text="Anna meldet sich mit 66 aus")
    link = note.get_by_role("link", name=re.compile(r"^R17"))
    link.tap()

    dialog = page.get_by_role("dialog", name="R17 · Richtig ausgemeldet")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Wer sich richtig mit 66 ausmeldet, bekommt 3 Punkte, wenn der Gegner keinen "
                                   "Stich hat, 2, wenn er weniger als 33 Augen hat")
    expect(dialog).to_contain_text("Beispiel: Anna meldet sich mit 70 aus, Benno hat 31: Anna bekommt 2.")
    clean(page, "[data-rule-dialog]")
    dialog.get_by_role("button", name="Schließen").tap()
    expect(dialog).to_be_hidden()
    expect(link).to_be_focused()  # back where the player was, on the match
    assert page.evaluate("location.hash").startswith(f"#/m/{match['id']}/")


def test_the_rule_of_a_refusal_opens_and_the_form_keeps_what_was_typed_R23(phone: Phone, server: Server) -> None:
    status, match = server.api("POST", "/api/matches", {"game": "sixtysix", "players": ["Anna", "Benno"]})
    assert status == 201, match
    page = phone("en-GB")
    open_match(page, match)
    entry = page.locator("[data-entry]")
    entry.get_by_role("radio", name=re.compile(r"^Played out")).check()
    entry.get_by_label("Card points of Anna", exact=True).fill("119")
    entry.get_by_label("Tricks of Anna", exact=True).fill("11")
    entry.get_by_label("Card points of Benno", exact=True).fill("1")
    entry.get_by_label("Tricks of Benno", exact=True).fill("1")
    entry.locator('[data-block="last_trick"]').get_by_role("radio", name=re.compile(r"^Anna")).check()
    entry.get_by_role("button", name="Enter deal").click()

    refusal = entry.locator('[data-error-for="points.Anna"]')
    expect(refusal).to_contain_text("119 card points cannot be made")
    refusal.get_by_role("link", name=re.compile(r"^R23")).tap()
    dialog = page.get_by_role("dialog", name="R23 · Entering a deal")
    expect(dialog).to_contain_text("Enter the card points taken in tricks, without marriages or the last trick's ten")
    expect(dialog).to_contain_text('House rule "Soft or hard": soft (weich) (default)')
    clean(page, "[data-rule-dialog]")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(entry.get_by_label("Card points of Anna", exact=True)).to_have_value("119")
    expect(entry.get_by_label("Tricks of Benno", exact=True)).to_have_value("1")


def test_the_rule_a_referee_cites_opens_in_german_T1(phone: Phone, server: Server) -> None:
    page = phone("de-AT")
    referee(page)
    form = ask_with_the_stock_closed_and_eichel_koenig_led(page)

    follow = form.locator('[data-verdict] [data-action="play"][data-cards="HK HO S10 G9"]')
    expect(follow).to_contain_text("Du hast Eichel und musst bedienen.")
    follow.get_by_role("link", name=re.compile(r"^T1")).tap()
    dialog = page.get_by_role("dialog", name="T1 · Bedienen und stechen")
    expect(dialog).to_contain_text("Nur wer weder die ausgespielte Farbe noch Trumpf hat, darf frei zugeben.")
    clean(page, "[data-rule-dialog]")


def test_a_rule_opens_offline_once_the_book_has_come(phone: Phone, server: Server) -> None:
    match = sixtysix_with_a_claim(server)
    page = phone("de-DE")
    open_match(page, match)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20_000)
    kept = page.evaluate("""async () => {
        const cache = await caches.open('kreide-rules');
        return (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search).sort();
    }""")
    assert kept == ["/api/rules?lang=de", "/api/rules?lang=en"]

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("[data-stale-badge]")).to_be_visible()
    page.locator("[data-history] ul.notes").get_by_role("link", name=re.compile(r"^R17")).tap()
    dialog = page.get_by_role("dialog", name="R17 · Richtig ausgemeldet")
    expect(dialog).to_contain_text("Nie mehr als 3 für ein Spiel.")
    page.context.set_offline(False)


@pytest.mark.parametrize(("locale", "title", "heading"), [
    pytest.param("de-DE", "Kreide: die Regeln", "R19 · Zudrehen", id="German"),
    pytest.param("en-GB", "Kreide: the rules", "R19 · Closing the stock (zudrehen)", id="English"),
])
def test_the_whole_book_opens_at_a_rule(phone: Phone, server: Server, locale: str, title: str, heading: str) -> None:
    page = phone(locale)
    page.goto("/#/rules/R19")
    expect(page.get_by_role("heading", level=1, name=title)).to_be_visible()
    entry = page.locator("[data-rule-entry='R19']")
    expect(entry.get_by_role("heading", name=heading)).to_be_in_viewport()
    expect(page.locator("[data-rule-entry]")).to_have_count(46)
    clean(page, "main")


@pytest.mark.parametrize(("locale", "link", "title"), [("de-DE", "Die Regeln", "Kreide: die Regeln"),
                                                      ("en-GB", "The rules", "Kreide: the rules")])
def test_the_home_page_opens_the_rule_book(phone: Phone, locale: str, link: str, title: str) -> None:
    page = phone(locale)
    page.goto("/")
    page.wait_for_selector("[data-new-match]")
    page.get_by_role("link", name=link).click()
    expect(page.get_by_role("heading", level=1, name=title)).to_be_visible()
    expect(page.locator("[data-rule-entry]")).to_have_count(46)


def test_only_citations_in_parentheses_are_links(phone: Phone) -> None:
    page = phone("en-GB")
    page.goto("/")
    page.wait_for_selector("[data-new-match]")
    links = page.evaluate("""async () => {
        const { linkRules } = await import('/dom.js');
        const said = (text) => linkRules(text)
            .map((part) => (typeof part === 'string' ? part : `[${part.dataset.rule}]`)).join('');
        return [
            said('110 of 120 card points (R15)'),
            said('Who deals? (Anna chooses, R13)'),
            said('Deutsch (R5, R10) and Kamerun (R12).'),
            said("'X' is not a number from the pots: L or R with a number from 1 to 8 (L3, R12)."),
            said("'X' is not a Cego card: T1 (Pfeif) to T21 and TS (Stieß)"),
            said('see T1 and R99 (R99)'),
        ];
    }""")
    assert links == [
        "110 of 120 card points ([R15])",
        "Who deals? (Anna chooses, [R13])",
        "Deutsch ([R5], [R10]) and Kamerun ([R12]).",
        "'X' is not a number from the pots: L or R with a number from 1 to 8 (L3, R12).",
        "'X' is not a Cego card: T1 (Pfeif) to T21 and TS (Stieß)",
        "see T1 and R99 ([R99])",
    ]
