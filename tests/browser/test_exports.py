"""The match page's exports (issue 18, item 15): the slate for people (a spreadsheet for Excel,
a CSV a spreadsheet opens right) beside the log for machines, named in words a treasurer
understands, in German and English; every button 44 px or more, the page clean under axe;
what a tap saves is the slate in the phone's language."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from playwright.sync_api import Page, expect

from tests.browser.a11y import axe_violations, describe_violations, small_targets
from tests.browser.conftest import Phone, Server

PLAYERS = ["Jörg", "Zoë", "=SUM(A1)", "🍺 Sepp"]
HAND = {"seq": 1, "points": dict(zip(PLAYERS, (45, 40, 25, 10))), "tricks": dict(zip(PLAYERS, (2, 2, 1, 1))),
        "last_trick": "Jörg"}
SHOTS = Path("/work/shots/exports")
LABELS = {
    "de-DE": {"xlsx": "Tabelle für Excel", "slate.csv": "Tabelle als CSV", "csv": "Protokoll für Programme (CSV)",
              "json": "Protokoll für Programme (JSON)"},
    "en-GB": {"xlsx": "Spreadsheet for Excel", "slate.csv": "Spreadsheet as CSV", "csv": "Log for programs (CSV)",
              "json": "Log for programs (JSON)"},
}


def open_table(page: Page, match: dict[str, Any]) -> None:
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator("[data-slates] [data-player]")).to_have_count(len(match["players"]))
    expect(page.locator('[data-export="xlsx"]')).to_be_visible()
    # the history is drawn again once the hands have come: wait for it, so what is measured stays
    expect(page.locator("[data-history] [data-seq]")).to_have_count(1)


@pytest.mark.parametrize("locale", ["de-DE", "en-GB"])
def test_the_exports_name_the_spreadsheet_beside_the_log(phone: Phone, server: Server, locale: str) -> None:
    match = server.create_match(PLAYERS)
    assert server.api("POST", f"/api/matches/{match['id']}/hands", HAND, token=match["scorer_token"])[0] == 201
    page = phone(locale=locale)
    open_table(page, match)
    for ext, label in LABELS[locale].items():
        expect(page.locator(f'[data-export="{ext}"]')).to_have_text(label)
    exports = page.locator(".exports").first
    exports.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"match-exports-{locale[:2]}.png"))
    assert small_targets(page, "[data-history]") == []
    violations = axe_violations(page)
    assert not violations, describe_violations(violations)


def test_a_tap_saves_the_slate_in_the_phones_language(phone: Phone, server: Server) -> None:
    match = server.create_match(PLAYERS)
    assert server.api("POST", f"/api/matches/{match['id']}/hands", HAND, token=match["scorer_token"])[0] == 201
    page = phone(locale="de-DE")
    open_table(page, match)
    with page.expect_download() as saved:
        page.locator('[data-export="xlsx"]').click()
    assert saved.value.suggested_filename == f"kreide-{match['id']}.xlsx"
    sheet = load_workbook(io.BytesIO(Path(saved.value.path()).read_bytes())).active
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert rows[0][:5] == ["Nr.", "Eingetragen", "Runde", "Geber", "Jörg: Augen"]
    assert rows[1][4:8] == [45, 40, 25, 10] and rows[0][6] == "=SUM(A1): Augen"

    with page.expect_download() as saved:
        page.locator('[data-export="slate.csv"]').click()
    assert saved.value.suggested_filename == f"kreide-{match['id']}.slate.csv"
    raw = Path(saved.value.path()).read_bytes()
    assert raw.startswith("\ufeff".encode())
    table = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    assert table[0][4:7] == ["Jörg: Augen", "Zoë: Augen", "'=SUM(A1): Augen"] and table[1][4:8] == [
        "45", "40", "25", "10"]

    with page.expect_download() as saved:
        page.locator('[data-export="csv"]').click()
    assert saved.value.suggested_filename == f"kreide-{match['id']}.csv"  # the log, as before
    assert Path(saved.value.path()).read_text(encoding="utf-8").startswith("record,seq,action")
