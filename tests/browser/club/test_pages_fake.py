"""The club's pages on a phone (issue 20, "Phone"), against the API's answers as CLUB-SPEC.md
shapes them, served by ``page.route`` (fake.py): each page at 360 px in German and English,
clean under axe-core with every target a thumb wide; the settle-up's sentences as a native
speaker writes them (R37), the season's table sorted by any column with the rating shown only
where R38 gives one, a number's sources, the offline mark, the member's charts with their
numbers for screen readers, the admin's actions for the admin only, a new club's rates in whole
cents and a new table's seating order. With KREIDE_SCREENSHOTS set, each page is saved there."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.a11y import axe_violations, describe_violations, small_targets
from tests.browser.club.fake import ADMIN, ANNA, BENNO, CLUB, MEMBER, TONIGHT, VIEWER, FakeClub
from tests.browser.conftest import APP_TITLE, PHONE, Server

# the evening's late hour, Berlin time: what the offline mark must say
NOW = datetime(2026, 12, 2, 21, 14, tzinfo=ZoneInfo("Europe/Berlin"))
LANG = {"de-DE": "de", "en-GB": "en"}
NBSP = "\u00a0"

Open = Callable[..., tuple[Page, FakeClub]]


@pytest.fixture
def club_phone(browser: Browser, server: Server) -> Iterator[Open]:
    """``club_phone(locale, route)`` a phone (Berlin time, the clock at NOW) on that page of the
    fake club; fails the test on an uncaught error in the page."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_phone(locale: str = "en-GB", route: str = f"#/c/{CLUB}/{ADMIN}",
                   fake: FakeClub | None = None) -> tuple[Page, FakeClub]:
        context = browser.new_context(base_url=server.url, viewport=PHONE, screen=PHONE, device_scale_factor=2,
                                      is_mobile=True, has_touch=True, locale=locale, timezone_id="Europe/Berlin")
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(f"{locale}: {err}"))
        page.clock.set_fixed_time(NOW)
        served = (fake or FakeClub()).serve(page)
        page.goto("/" + route)
        return page, served

    yield open_phone
    for context in contexts:
        context.close()
    if errors:
        pytest.fail("uncaught errors in the page:\n" + "\n".join(errors))


def shoot(page: Page, name: str) -> None:
    """A screenshot for a person to look at, when KREIDE_SCREENSHOTS names a directory."""
    folder = os.environ.get("KREIDE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"club-{name}.png"), full_page=True)


def euros(text: str) -> str:
    """A money text with plain spaces (Intl writes a no-break space before "€")."""
    return text.replace(NBSP, " ")


# --- every page: 360 px, both languages, axe, thumbs ----------------------------------------------

PAGES = {
    "club": (f"#/c/{CLUB}/{ADMIN}", "[data-tonight-tables]"),
    "club-viewer": (f"#/c/{CLUB}/{VIEWER}", "[data-tonight-tables]"),
    "evening": (f"#/c/{CLUB}/{MEMBER}/evening/{TONIGHT}", "[data-payments]"),
    "season": (f"#/c/{CLUB}/{MEMBER}/season", '[data-game="dreeg"] tbody tr'),
    "member": (f"#/c/{CLUB}/{MEMBER}/member/{ANNA}", "[data-chart=results] svg"),
    "start": (f"#/c/{CLUB}/{MEMBER}/start", "#club-game option"),
    "new": ("#/c/new", "[data-new-club-form]"),
    "home": ("#/", "[data-clubs]"),
}


@pytest.mark.parametrize("locale", ["de-DE", "en-GB"])
@pytest.mark.parametrize("which", list(PAGES))
def test_every_club_page_reads_at_360_px_clean_under_axe_and_tappable(club_phone: Open, which: str,
                                                                      locale: str) -> None:
    route, ready = PAGES[which]
    if which == "home":
        page, _ = club_phone(locale, f"#/c/{CLUB}/{MEMBER}")  # the phone keeps the club it opened
        expect(page.locator("[data-tonight-tables]")).to_be_visible()
        page.goto("/#/")
    else:
        page, _ = club_phone(locale, route)
    expect(page.locator(ready).first).to_be_attached()
    assert page.evaluate("document.documentElement.lang") == LANG[locale]
    if which == "club":  # the admin's actions on a member, opened
        page.locator(f'[data-member="{BENNO}"] summary').click()
        expect(page.locator(f'[data-member="{BENNO}"] [data-anonymise]')).to_be_visible()
    if which == "season":
        page.locator('[data-game="dreeg"] tr[data-member="m1"] [data-figure="blobs"] button').click()
        expect(page.locator("[data-source-list] tbody tr")).to_have_count(2)
    shoot(page, f"{which}-{LANG[locale]}")
    found = axe_violations(page)
    assert not found, describe_violations(found)
    assert small_targets(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"


# --- the club's page ---------------------------------------------------------------------------------


def test_tonights_tables_come_first_each_linked_with_the_tables_token(club_phone: Open) -> None:
    page, _ = club_phone("de-DE", f"#/c/{CLUB}/{MEMBER}")
    expect(page.locator(APP_TITLE)).to_have_text("Stammtisch Krone")
    tonight = page.locator("[data-tonight-tables] li")
    # tonight's two tables and the one started without a hand yet; last week's is an evening below
    expect(tonight).to_have_count(3)
    expect(tonight.nth(0)).to_contain_text("Dreeg: Anna, Benno und Carla")
    expect(tonight.nth(0).locator("[data-table-state]")).to_have_text("läuft")
    expect(tonight.nth(1).locator("[data-table-state]")).to_have_text("beendet")
    expect(tonight.nth(2).locator("[data-table-state]")).to_have_text("noch kein Spiel")
    expect(tonight.nth(0).locator("a")).to_have_attribute("href", f"#/m/x1/{MEMBER}")
    expect(page.locator("[data-evening]")).to_have_count(2)
    expect(page.locator(f'[data-evening="{TONIGHT}"]')).to_contain_text("Mittwoch, 2. Dezember 2026")
    expect(page.locator(f'[data-evening="{TONIGHT}"]')).to_contain_text("2 Tische")
    expect(page.locator('[data-evening="2026-11-25"]')).to_contain_text("ein Tisch")
    # a member starts tables and adds members, but manages nobody
    expect(page.locator("[data-start-table]")).to_be_visible()
    expect(page.locator("[data-add-member]")).to_be_visible()
    expect(page.locator("[data-manage]")).to_have_count(0)


def test_a_viewer_watches_with_the_viewers_token_and_starts_nothing(club_phone: Open) -> None:
    page, _ = club_phone("en-GB", f"#/c/{CLUB}/{VIEWER}")
    expect(page.locator("[data-tonight-tables] li").first.locator("a")).to_have_attribute("href", f"#/m/x1/{VIEWER}")
    expect(page.locator("[data-access-line]")).to_have_text("You are watching this club (read only).")
    expect(page.locator("[data-start-table]")).to_have_count(0)
    expect(page.locator("[data-add-member]")).to_have_count(0)
    expect(page.locator("[data-manage]")).to_have_count(0)


def test_the_admins_actions_are_the_admins_each_confirmed(club_phone: Open) -> None:
    page, fake = club_phone("en-GB", f"#/c/{CLUB}/{ADMIN}")
    expect(page.locator("[data-manage]")).to_have_count(5)
    benno = page.locator(f'[data-member="{BENNO}"]')
    benno.locator("summary").click()
    benno.get_by_label("New name for Benno").fill("Benedikt")
    benno.get_by_role("button", name="Rename").click()
    expect(page.locator("[data-status]")).to_have_text("Benno is now called Benedikt.")
    assert ("PATCH", f"/api/clubs/{CLUB}/members/{BENNO}", {"name": "Benedikt"}) in fake.sent

    said: list[str] = []
    page.once("dialog", lambda dialog: (said.append(dialog.message), dialog.dismiss()))
    benno = page.locator(f'[data-member="{BENNO}"]')
    benno.locator("summary").click()
    benno.get_by_label("Benno is the same person as").select_option(label="Dieter")
    benno.get_by_role("button", name="Merge").click()
    assert said == ["Merge Benno into Dieter? Every table and every figure of Benno then counts for Dieter. "
                    "This cannot be undone."]
    assert not any(path.endswith("/merge") for _, path, _ in fake.sent)  # refused: nothing sent

    page.once("dialog", lambda dialog: dialog.accept())
    benno.get_by_role("button", name="Anonymise").click()
    expect(page.locator("[data-status]")).to_have_text("The name is gone; the figures stay.")
    assert ("POST", f"/api/clubs/{CLUB}/members/{BENNO}/anonymise", {}) in fake.sent


# --- the evening: board and settle-up (R37) -------------------------------------------------------


@pytest.mark.parametrize(("locale", "lines", "net", "kitty", "running"), [
    pytest.param("de-DE", ["Carla zahlt Anna 1,00 €", "Benno zahlt Anna 0,20 €",
                           "Benno zahlt 0,60 € in die Kasse",
                           "Mitglied 5 zahlt Dieter 0,50 €"],
                 ["+1,20 €", "+0,50 €", "\u22120,50 €", "\u22120,80 €", "\u22121,00 €"], "+0,60 €",
                 "Ein Tisch spielt noch: die Abrechnung kann sich noch ändern.", id="German"),
    pytest.param("en-GB", ["Carla pays Anna €1.00", "Benno pays Anna €0.20", "Benno pays €0.60 into the kitty",
                           "Mitglied 5 pays Dieter €0.50"],
                 ["+€1.20", "+€0.50", "\u2212€0.50", "\u2212€0.80", "\u2212€1.00"], "+€0.60",
                 "One table is still playing: the settle-up can still change.", id="English"),
])
def test_r37_the_settle_up_names_each_net_the_kitty_and_the_payments(
        club_phone: Open, locale: str, lines: list[str], net: list[str], kitty: str, running: str) -> None:
    page, _ = club_phone(locale, f"#/c/{CLUB}/{VIEWER}/evening/{TONIGHT}")
    expect(page.locator("[data-payments] li")).to_have_count(4)
    assert [euros(text) for text in page.locator("[data-payments] li").all_inner_texts()] == lines
    rows = page.locator("[data-net] tbody tr:not([data-party=kitty]) td")
    assert [euros(text) for text in rows.all_inner_texts()] == net  # the most owed first
    assert euros(page.locator("[data-net] [data-party=kitty] td").inner_text()) == kitty
    expect(page.locator("[data-settle-running]")).to_have_text(running)
    # the evening's tables on the board, each with its state, the one without a hand too
    expect(page.locator("[data-evening-tables] li")).to_have_count(3)


def test_r37_an_evening_without_payments_says_everyone_is_square(club_phone: Open) -> None:
    page, _ = club_phone("de-DE", f"#/c/{CLUB}/{MEMBER}/evening/2026-11-25")
    expect(page.locator("[data-square]")).to_have_text("Nichts zu zahlen: alle sind quitt.")
    expect(page.locator(APP_TITLE)).to_have_text("Abend vom Mittwoch, 25. November 2026")


def test_the_settle_up_goes_out_as_text_and_prints_alone(club_phone: Open) -> None:
    page, _ = club_phone("de-DE", f"#/c/{CLUB}/{MEMBER}/evening/{TONIGHT}")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.evaluate("() => { Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }); }")
    page.locator("[data-share-settle]").click()
    expect(page.locator("[data-status]")).to_have_text("Die Abrechnung ist kopiert.")
    text = euros(page.evaluate("navigator.clipboard.readText()"))
    assert text.splitlines() == [
        "Stammtisch Krone: Abrechnung vom Mittwoch, 2. Dezember 2026", "",
        "Anna: +1,20 €", "Dieter: +0,50 €", "Mitglied 5: \u22120,50 €", "Benno: \u22120,80 €",
        "Carla: \u22121,00 €", "Kasse: +0,60 €", "",
        "Carla zahlt Anna 1,00 €", "Benno zahlt Anna 0,20 €", "Benno zahlt 0,60 € in die Kasse",
        "Mitglied 5 zahlt Dieter 0,50 €",
    ]
    page.emulate_media(media="print")
    expect(page.locator("[data-settle]")).to_be_visible()
    for hidden in ("[data-evening-tables]", "[data-club-back]", "[data-print]", "header.top"):
        expect(page.locator(hidden)).to_be_hidden()


def test_the_board_follows_the_clubs_live_event(club_phone: Open) -> None:
    fake = FakeClub()
    page, _ = club_phone("en-GB", f"#/c/{CLUB}/{VIEWER}/evening/{TONIGHT}", fake)
    first = page.locator('[data-evening-tables] [data-match="x1"]')
    expect(first).to_have_attribute("data-state", "playing")
    club = fake.club("viewer")
    for _ in range(50):  # the board's live stream is open (the route answers it when pushed)
        if fake.streams:
            break
        page.wait_for_timeout(100)
    fake.push(revision=8, matches=[{**m, "finished": True} if m["id"] == "x1" else m for m in club["matches"]])
    expect(first).to_have_attribute("data-state", "finished", timeout=5_000)
    expect(first.locator("[data-table-state]")).to_have_text("finished")


# --- the season (R38) -------------------------------------------------------------------------------


def column(page: Page, game: str, figure: str) -> list[str]:
    return page.locator(f'[data-game="{game}"] tbody tr [data-figure="{figure}"]').evaluate_all(
        "cells => cells.map((c) => c.dataset.value)")


def members(page: Page, game: str) -> list[str]:
    return page.locator(f'[data-game="{game}"] tbody tr').evaluate_all("rows => rows.map((r) => r.dataset.member)")


def test_r38_the_season_sorts_by_any_column_and_rates_only_from_five_results(club_phone: Open) -> None:
    page, _ = club_phone("de-DE", f"#/c/{CLUB}/{MEMBER}/season")
    dreeg = page.locator('[data-game="dreeg"]')
    expect(dreeg.locator("tbody tr")).to_have_count(4)  # the anonymised member played none: no row
    # the figures' titles from the answer, in German
    heads = dreeg.locator("thead th").all_inner_texts()
    assert [h.replace("▼", "").strip() for h in heads] == [
        "Mitglied", "Tische", "Partien", "Partien gewonnen", "Bollen", "Untergänge", "Geld", "Spielstärke"]
    # by the rating first, the unrated last with a dash that says why
    assert members(page, "dreeg") == ["m1", "m4", "m2", "m3"]
    expect(dreeg.locator("thead [aria-sort=descending]")).to_have_attribute("data-col", "rating")
    carla = dreeg.locator('tr[data-member="m3"] [data-figure="rating"]')
    expect(carla).to_contain_text("\u2013")
    expect(carla.locator(".vh")).to_have_text("noch keine Wertung: 3 gewertete Ergebnisse von den fünf nötigen")
    expect(dreeg.locator("[data-rating-explained]")).to_contain_text("ab dem fünften gewerteten Ergebnis")
    # Bollen: most first, then fewest first
    dreeg.locator('[data-sort="blobs"]').click()
    assert column(page, "dreeg", "blobs") == ["5", "3", "3", "2"]
    expect(dreeg.locator("thead [aria-sort]")).to_have_attribute("data-col", "blobs")
    dreeg.locator('[data-sort="blobs"]').click()
    assert column(page, "dreeg", "blobs") == ["2", "3", "3", "5"]
    expect(dreeg.locator("thead [aria-sort=ascending]")).to_have_attribute("data-col", "blobs")
    dreeg.locator('[data-sort="name"]').click()
    assert members(page, "dreeg") == ["m1", "m2", "m3", "m4"]
    # Sixty-Six: nobody has five ranked results yet, so the column says nothing yet (dashes, explained)
    assert column(page, "sixtysix", "rating") == ["", ""]
    money = page.locator('[data-game="sixtysix"] tr[data-member="m1"] [data-figure="cents"]')
    expect(money).to_have_text(re.compile(r"^\+0,50\s€$"))


def test_a_number_opens_the_hands_it_came_from(club_phone: Open) -> None:
    page, _ = club_phone("en-GB", f"#/c/{CLUB}/{MEMBER}/season")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/sources" in r.url else None)
    page.get_by_role("button", name="Blobs of Anna: 2, show where it came from").click()
    box = page.locator("[data-sources]")
    expect(box.locator("h2")).to_have_text("Anna: Blobs (Dreeg)")
    expect(box.locator("h2")).to_be_focused()
    rows = box.locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_contain_text("Dreeg: Anna, Benno and Carla")
    expect(rows.nth(1)).to_contain_text("Hand 9")
    expect(rows.nth(1).locator("a")).to_have_attribute("href", f"#/m/x1/{MEMBER}")
    assert "member=m1" in asked[0] and "game=dreeg" in asked[0] and "figure=blobs" in asked[0]


def test_a_date_range_is_asked_for_and_kept(club_phone: Open) -> None:
    page, _ = club_phone("en-GB", f"#/c/{CLUB}/{MEMBER}/season")
    expect(page.locator('[data-game="dreeg"] tbody tr')).to_have_count(4)
    with page.expect_request(re.compile(r"/season\?from=2026-11-01")) as asked:
        page.get_by_label("From", exact=True).fill("2026-11-01")
    assert "from=2026-11-01" in asked.value.url
    with page.expect_request(re.compile(r"/season\?from=2026-11-01&to=2026-11-30")):
        page.get_by_label("To", exact=True).fill("2026-11-30")


@pytest.mark.parametrize(("locale", "mark"), [("de-DE", "Stand vom 2. Dez., 21:14 (offline)"),
                                              ("en-GB", "As of 2 Dec, 21:14 (offline)")])
def test_offline_the_season_and_the_club_read_last_are_shown_marked(club_phone: Open, locale: str, mark: str) -> None:
    fake = FakeClub()
    page, _ = club_phone(locale, f"#/c/{CLUB}/{MEMBER}/season", fake)
    expect(page.locator('[data-game="dreeg"] tbody tr')).to_have_count(4)
    expect(page.locator("[data-offline]")).to_be_hidden()
    fake.offline = True
    page.evaluate("location.hash = '#/'")
    expect(page.locator("[data-clubs]")).to_be_visible()
    page.evaluate(f"location.hash = '#/c/{CLUB}/{MEMBER}/season'")
    expect(page.locator('[data-game="dreeg"] tbody tr')).to_have_count(4)
    expect(page.locator("[data-offline]")).to_have_text(mark)
    page.evaluate(f"location.hash = '#/c/{CLUB}/{MEMBER}'")
    expect(page.locator("[data-tonight-tables] li")).to_have_count(3)
    expect(page.locator("[data-offline]")).to_have_text(mark)


# --- a member ---------------------------------------------------------------------------------------


def test_a_members_page_draws_his_evenings_and_says_the_same_in_tables(club_phone: Open) -> None:
    page, _ = club_phone("de-DE", f"#/c/{CLUB}/{MEMBER}/member/{ANNA}")
    expect(page.locator(APP_TITLE)).to_have_text("Anna")
    balance = page.locator("[data-chart=balance]")
    expect(balance.locator("svg path")).to_have_count(1)
    expect(balance.locator("svg circle")).to_have_count(3)
    assert balance.locator("svg").get_attribute("aria-hidden") == "true"
    # the numbers for a screen reader: each evening, its net and the balance
    cells = balance.locator(".vh table tbody tr").evaluate_all(
        "rows => rows.map((r) => r.innerText.replace(/\\u00a0/g, ' '))")
    assert [re.sub(r"\s+", " ", c).strip() for c in cells] == [
        "18. Nov. \u22121,40 € \u22121,40 €", "25. Nov. 0,00 € \u22121,40 €",
        "2. Dez. +1,20 € \u22120,20 €"]
    results = page.locator("[data-chart=results]")
    expect(results.locator("svg .club-chart-won")).to_have_count(2)  # no bar for an evening without a win
    expect(results.locator("svg .club-chart-lost")).to_have_count(3)
    rows = results.locator(".vh table tbody tr").evaluate_all("rows => rows.map((r) => r.innerText)")
    assert [re.sub(r"\s+", " ", r).strip() for r in rows] == ["18. Nov. 0 2 0", "25. Nov. 1 1 1", "2. Dez. 4 1 0"]
    h2h = page.locator('[data-head-to-head] tr[data-other="m4"]')
    expect(h2h.locator('[data-game="sixtysix"] .vh')).to_have_text("2 gewonnen, 1 verloren, 0 unentschieden")
    dreeg = page.locator('[data-member-figures] [data-game="dreeg"]')
    expect(dreeg.locator('[data-figure="blobs"] dd')).to_have_text("2")
    expect(dreeg.locator('[data-figure="rating"] dd')).to_have_text("3,21")


def test_the_chart_module_comes_with_the_members_page_only(club_phone: Open) -> None:
    page, _ = club_phone("en-GB", f"#/c/{CLUB}/{MEMBER}")
    loaded: list[str] = []
    page.on("request", lambda r: loaded.append(r.url))
    expect(page.locator("[data-tonight-tables]")).to_be_visible()
    page.evaluate(f"location.hash = '#/c/{CLUB}/{MEMBER}/season'")
    expect(page.locator('[data-game="dreeg"]')).to_be_visible()
    assert not any(url.endswith("/club/chart.js") for url in loaded)
    page.evaluate(f"location.hash = '#/c/{CLUB}/{MEMBER}/member/{ANNA}'")
    expect(page.locator("[data-chart=balance]")).to_be_visible()
    assert any(url.endswith("/club/chart.js") for url in loaded)


# --- a new club, a new table ---------------------------------------------------------------------


def test_a_new_clubs_rates_go_as_whole_cents_and_its_time_zone_is_the_phones(club_phone: Open) -> None:
    page, fake = club_phone("de-DE", "#/c/new")
    page.get_by_label("Name des Stammtischs").fill("Donnerstagsrunde")
    page.get_by_label("Mitglieder, einer pro Zeile").fill("Anna\n  Benno \n\nCarla")
    page.get_by_label("Dreeg: pro Bollen, in die Kasse").fill("0,105")
    page.get_by_role("button", name="Stammtisch anlegen").click()
    expect(page.locator('[data-error-for="rates.per_blob"]')).to_have_text("Bitte ganze Cent, zum Beispiel 0,10.")
    assert fake.sent == []
    page.get_by_label("Dreeg: pro Bollen, in die Kasse").fill("0,10")
    page.get_by_label("Sechsundsechzig: pro Bummerl").fill("1")
    page.get_by_label("Dreierles: pro Fach").fill("0.05")
    expect(page.get_by_label("Zeitzone")).to_have_value("Europe/Berlin")
    with page.expect_request(re.compile(r"/api/clubs/k2$")):
        page.get_by_role("button", name="Stammtisch anlegen").click()
    assert fake.sent[0] == ("POST", "/api/clubs", {
        "name": "Donnerstagsrunde", "members": ["Anna", "Benno", "Carla"], "timezone": "Europe/Berlin",
        "rates": {"per_blob": 10, "per_bummerl": 100, "per_fach": 5, "per_point": 0}})
    assert page.url.endswith("#/c/k2/a2")
    kept = json.loads(page.evaluate("localStorage.getItem('kreide.clubs')"))
    assert kept["k2"]["member_token"] == "b2" and kept["k2"]["access"] == "admin"


def test_a_new_table_takes_the_members_tapped_in_seating_order_and_a_guest(club_phone: Open) -> None:
    page, fake = club_phone("en-GB", f"#/c/{CLUB}/{MEMBER}/start")
    page.get_by_label("Game").select_option("dreeg")
    expect(page.locator("[data-seat-count]")).to_have_text("This game is played by 2\u20134 players.")
    for name in ("Carla", "Anna"):
        page.locator(f'[data-pick="{name}"]').click()
    page.get_by_label("Guest").fill("Vroni")
    page.get_by_role("button", name="Add a guest").click()
    page.get_by_role("button", name="Move Vroni up").click()
    expect(page.locator("[data-seat]")).to_have_count(3)
    assert page.locator("[data-seat]").evaluate_all("li => li.map((l) => l.dataset.seat)") == ["Carla", "Vroni", "Anna"]
    page.locator('[data-pick="Carla"]').click()  # a second tap takes her off
    page.locator('[data-pick="Benno"]').click()
    page.get_by_role("button", name="Start the table").click()
    expect(page).to_have_url(re.compile(r"#/m/x9/s9$"))
    assert ("POST", f"/api/clubs/{CLUB}/matches", {"game": "dreeg", "players": ["Vroni", "Anna", "Benno"]}) in fake.sent


def test_a_table_needs_as_many_players_as_its_game(club_phone: Open) -> None:
    page, fake = club_phone("de-DE", f"#/c/{CLUB}/{MEMBER}/start")
    page.get_by_label("Spiel").select_option("sixtysix")
    page.locator('[data-pick="Anna"]').click()
    page.get_by_role("button", name="Tisch beginnen").last.click()
    expect(page.locator('[data-error-for="players"]')).to_have_text(
        "Dieses Spiel braucht 2 Spieler; einer sitzt am Tisch.")
    assert fake.sent == []


def test_the_language_switch_says_the_settle_up_again(club_phone: Open) -> None:
    page, _ = club_phone("en-GB", f"#/c/{CLUB}/{MEMBER}/evening/{TONIGHT}")
    expect(page.locator("[data-payments] li").first).to_have_text(re.compile(r"^Carla pays Anna €1\.00$"))
    page.locator('[data-lang="de"]').click()
    expect(page.locator("[data-payments] li").first).to_have_text(re.compile(r"^Carla zahlt Anna 1,00\s€$"))
    expect(page.locator(APP_TITLE)).to_have_text("Abend vom Mittwoch, 2. Dezember 2026")
