"""The slate for people (issue 18, item 15): ``export.xlsx`` and ``export.slate.csv``, read
back with openpyxl and with the csv module in the dialect of each language, for every game,
in German and English, with players' names a spreadsheet trips over ("Jörg", "Zoë", a formula,
an emoji).  One row per hand that counts: a voided hand is left out, a replaced one is shown
as it stands now.  The log for machines (``export.csv``, ``export.json``) stays as it was."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any

import pytest
from flask.testing import FlaskClient
from openpyxl import load_workbook

from tests.api.conftest import assert_problem, bearer

JOERG, ZOE, FORMULA, SEPP = "Jörg", "Zoë", "=SUM(A1)", "🍺 Sepp"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class Match:
    def __init__(self, client: FlaskClient, game: str, players: list[str], **rules: str) -> None:
        created = client.post("/api/matches", json={"game": game, "players": players, "rules": rules})
        assert created.status_code == 201, created.get_data(as_text=True)
        self.client, self.data = client, created.get_json()
        self.url = f"/api/matches/{self.data['id']}"
        self.scorer = bearer(self.data["scorer_token"])

    def hand(self, seq: int, body: dict) -> None:
        response = self.client.post(f"{self.url}/hands", json={"seq": seq, **body}, headers=self.scorer)
        assert response.status_code == 201, response.get_data(as_text=True)

    def void(self, seq: int) -> None:
        assert self.client.post(f"{self.url}/hands/{seq}/void", headers=self.scorer).status_code == 200

    def replace(self, seq: int, body: dict) -> None:
        response = self.client.put(f"{self.url}/hands/{seq}", json={"seq": seq, **body}, headers=self.scorer)
        assert response.status_code == 200, response.get_data(as_text=True)

    def get(self, path: str, **headers: str) -> Any:
        return self.client.get(f"{self.url}/{path}", headers={**self.scorer, **headers})


def read_csv(response: Any, lang: str) -> list[list[str]]:
    """The CSV as a spreadsheet in ``lang`` reads it: UTF-8 behind its byte-order mark, cells
    split at ``;`` (German) or ``,`` (English)."""
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "text/csv" and response.mimetype_params.get("charset") == "utf-8"
    raw = response.get_data()
    assert raw.startswith("\ufeff".encode())
    text = raw.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=";" if lang == "de" else ","))


def read_xlsx(response: Any) -> tuple[Any, list[list[Any]]]:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == XLSX
    book = load_workbook(io.BytesIO(response.get_data()))
    sheet = book.active
    return sheet, [[cell.value for cell in row] for row in sheet.iter_rows()]


def formula_safe(text: str) -> str:
    return f"'{text}" if text[0] in "=+-@" else text


# --- every game: its rows and columns, read back both ways --------------------------------------

def dreeg(client: FlaskClient) -> Match:
    """Hand 1 entered, replaced by its reverse; hand 2 voided; hand 3 counts."""
    players = [JOERG, ZOE, FORMULA, SEPP]
    match = Match(client, "dreeg", players)
    forward = {"points": dict(zip(players, (45, 40, 25, 10))), "tricks": dict(zip(players, (2, 2, 1, 1))),
               "last_trick": JOERG}
    reverse = {"points": dict(zip(players, (10, 25, 40, 45))), "tricks": dict(zip(players, (1, 1, 2, 2))),
               "last_trick": SEPP}
    match.hand(1, forward)
    match.hand(2, forward)
    match.void(2)
    match.hand(3, forward)
    match.replace(1, reverse)
    return match


def sixtysix(client: FlaskClient) -> Match:
    players = [FORMULA, SEPP]
    match = Match(client, "sixtysix", players)
    match.hand(1, {"ended_by": "claim", "claim": FORMULA, "points": {FORMULA: 66, SEPP: 32},
                   "tricks": {FORMULA: 4, SEPP: 2}})
    match.hand(2, {"ended_by": "renonce", "renonce_by": FORMULA})
    match.void(2)
    match.hand(3, {"ended_by": "renonce", "renonce_by": FORMULA})
    match.replace(1, {"ended_by": "renonce", "renonce_by": SEPP})
    return match


def dreierles(client: FlaskClient) -> Match:
    players = [JOERG, ZOE, FORMULA, SEPP]
    match = Match(client, "dreierles", players)
    match.hand(1, {"game": "dreier", "declarer": ZOE, "declarer_points": 41})
    match.hand(2, {"game": "dreier", "declarer": FORMULA, "declarer_points": 70})
    match.void(2)
    match.hand(3, {"game": "dreier", "declarer": FORMULA, "declarer_points": 41})
    match.replace(1, {"game": "zweier", "declarer": ZOE, "declarer_points": 30})
    return match


def dreist(client: FlaskClient) -> Match:
    players = [JOERG, ZOE, FORMULA]
    match = Match(client, "dreist", players)
    match.hand(1, {"remaining": dict(zip(players, (0, 5, 9)))})
    match.hand(2, {"remaining": dict(zip(players, (4, 0, 2)))})
    match.void(2)
    match.hand(3, {"remaining": dict(zip(players, (3, 7, 0)))})
    match.replace(1, {"remaining": dict(zip(players, (0, 6, 1)))})
    return match


def dreist_solo(client: FlaskClient) -> Match:
    match = Match(client, "dreist", [SEPP], mode="solo")
    match.hand(1, {"won": True})
    match.hand(2, {"won": True})
    match.void(2)
    match.hand(3, {"won": True})
    return match


#: Each game's slate as it must read: the headings after "Spiel/Hand" and the time, and each row
#: after its hand number and time (numbers as numbers, None for an empty cell), by language.
P4 = [JOERG, ZOE, FORMULA, SEPP]
EXPECTED = {
    "dreeg": (dreeg, {
        "de": ["Runde", "Geber", *(f"{p}: Augen" for p in P4), *(f"{p}: Striche übrig" for p in P4),
               *(f"{p}: Bollen" for p in P4)],
        "en": ["Sub-game", "Dealer", *(f"{p}: card points" for p in P4), *(f"{p}: strokes left" for p in P4),
               *(f"{p}: blobs" for p in P4)],
    }, [
        # hand 1 as replaced: the reverse (Sepp most, 3): 7 6 5 4 strokes; Jörg dealt first
        [1, {"de": "1: Deutsch", "en": "1: Deutsch"}, JOERG, 10, 25, 40, 45, 7, 6, 5, 4, 0, 0, 0, 0],
        # hand 3 (hand 2 voided): the deal passed counter-clockwise to Sepp; Jörg 45 erases 3 ...
        [3, {"de": "1: Deutsch", "en": "1: Deutsch"}, SEPP, 45, 40, 25, 10, 4, 4, 4, 4, 0, 0, 0, 0],
    ], {"de": "Striche", "en": "strokes"}),
    "sixtysix": (sixtysix, {
        "de": ["Bummerl", "Geber", "Gewinner", *(f"{p}: Punkte" for p in (FORMULA, SEPP)),
               *(f"{p}: Stand" for p in (FORMULA, SEPP)), *(f"{p}: Bummerl bekommen" for p in (FORMULA, SEPP))],
        "en": ["Bummerl", "Dealer", "Winner", *(f"{p}: game points" for p in (FORMULA, SEPP)),
               *(f"{p}: counter" for p in (FORMULA, SEPP)), *(f"{p}: Bummerl received" for p in (FORMULA, SEPP))],
    }, [
        [1, 1, FORMULA, FORMULA, 3, 0, 4, 7, 0, 0],  # replaced: Sepp's Renonce, 3 for =SUM(A1) (R20)
        [3, 1, SEPP, SEPP, 0, 3, 4, 4, 0, 0],
    ], {"de": "Renonce", "en": "Renonce"}),
    "dreierles": (dreierles, {
        "de": ["Geber", "Spiel", "Spieler", "Fach", *(f"{p}: Fach im Spiel" for p in P4),
               *(f"{p}: Stand" for p in P4)],
        "en": ["Dealer", "Game", "Declarer", "Fach", *(f"{p}: Fach this deal" for p in P4),
               *(f"{p}: balance" for p in P4)],
    }, [
        # replaced: Zoë loses a Zweier with 30 (defenders' 40: 2, +1 Zweier = 3); Jörg deals and sits out
        [1, JOERG, {"de": "Zweier", "en": "Zweier"}, ZOE, 3, None, -6, 3, 3, 0, -6, 3, 3],
        # =SUM(A1) wins a Dreier with 41 (2 Fach each); Zoë deals (on Jörg's left, R32) and sits out
        [3, ZOE, {"de": "Dreier", "en": "Dreier"}, FORMULA, 2, -2, None, 4, -2, -2, -6, 7, 1],
    ], {"de": "Fach", "en": "Fach"}),
    "dreist": (dreist, {
        "de": ["Spiel", "Beginnt", *(f"{p}: Karten übrig" for p in (JOERG, ZOE, FORMULA)),
               *(f"{p}: Summe" for p in (JOERG, ZOE, FORMULA))],
        "en": ["Game", "Starting player", *(f"{p}: cards left" for p in (JOERG, ZOE, FORMULA)),
               *(f"{p}: total" for p in (JOERG, ZOE, FORMULA))],
    }, [
        [1, 1, JOERG, 0, 6, 1, 0, 6, 1],
        [3, 2, ZOE, 3, 7, 0, 3, 13, 1],
    ], {"de": "Karten", "en": "card"}),
    "dreist solo": (dreist_solo, {
        "de": ["Spiel", "Karten Spieler", "Karten Egon", "Gewonnen"],
        "en": ["Game", "Player's cards", "Egon's cards", "Won"],
    }, [
        [1, 1, 50, 46, {"de": "ja", "en": "yes"}],
        [3, 2, 52, 44, {"de": "ja", "en": "yes"}],
    ], {"de": "Egon", "en": "Egon"}),
}
FIRST = {"de": ["Nr.", "Eingetragen"], "en": ["No.", "Entered"]}
LAST = {"de": "Ergebnis", "en": "Result"}


def expected_row(row: list, lang: str) -> list:
    return [cell[lang] if isinstance(cell, dict) else cell for cell in row]


CASES = [pytest.param(game, lang, id=f"{game} in {'German' if lang == 'de' else 'English'}")
         for game in EXPECTED for lang in ("de", "en")]


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_the_workbook_reads_back(client: FlaskClient, game: str, lang: str) -> None:
    make, headings, rows, word = EXPECTED[game]
    match = make(client)
    sheet, table = read_xlsx(match.get("export.xlsx", **{"Accept-Language": lang}))
    assert table[0] == [*FIRST[lang], *headings[lang], LAST[lang]]  # =SUM(A1) a heading, not a formula
    assert [r[:1] + r[2:-1] for r in table[1:]] == [expected_row(r, lang) for r in rows]
    assert all(isinstance(r[1], datetime) for r in table[1:])
    assert all(word[lang] in r[-1] for r in table[1:])
    assert sheet.freeze_panes == "A2" and all(cell.font.b for cell in sheet[1])
    assert all(cell.data_type == "s" for row in sheet.iter_rows() for cell in row if isinstance(cell.value, str))
    assert all(sheet.column_dimensions[letter].width >= 6 for letter in ("A", "B", "C"))
    date = datetime.fromisoformat(match.data["created_at"].replace("Z", "+00:00"))
    assert sheet.title.startswith({"dreeg": "Dreeg", "sixtysix": "Sechsundsechzig" if lang == "de" else "Sixty",
                                   "dreierles": "Dreierles"}.get(game, "DREIst"))
    assert str(date.year) in sheet.title and len(sheet.title) <= 31


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_the_csv_reads_back_in_its_languages_dialect(client: FlaskClient, game: str, lang: str) -> None:
    make, headings, rows, word = EXPECTED[game]
    match = make(client)
    table = read_csv(match.get("export.slate.csv", **{"Accept-Language": lang}), lang)
    assert table[0] == [*FIRST[lang], *(formula_safe(h) for h in headings[lang]), LAST[lang]]
    text = [[formula_safe(c) if isinstance(c, str) else "" if c is None else str(c) for c in expected_row(r, lang)]
            for r in rows]
    assert [r[:1] + r[2:-1] for r in table[1:]] == text
    time = table[1][1]
    assert (datetime.strptime(time, "%d.%m.%Y %H:%M") if lang == "de" else datetime.strptime(time, "%Y-%m-%d %H:%M"))
    assert all(word[lang] in r[-1] for r in table[1:])


def test_the_language_comes_from_lang_before_accept_language(client: FlaskClient) -> None:
    match = dreist(client)
    german = match.get("export.slate.csv?lang=de", **{"Accept-Language": "en"})
    assert german.headers["Content-Language"] == "de" and "Accept-Language" in german.headers["Vary"]
    assert read_csv(german, "de")[0][:2] == ["Nr.", "Eingetragen"]
    _, table = read_xlsx(match.get("export.xlsx?lang=en", **{"Accept-Language": "de"}))
    assert table[0][:2] == ["No.", "Entered"]


def test_the_times_are_in_the_time_zone_asked_for(client: FlaskClient) -> None:
    match = dreist(client)
    _, berlin = read_xlsx(match.get("export.xlsx"))
    _, utc = read_xlsx(match.get("export.xlsx?tz=UTC"))
    hours = (berlin[1][1] - utc[1][1]).total_seconds() / 3600
    assert hours in (1, 2)  # Europe/Berlin (R36's default): CET or CEST
    _, london = read_xlsx(match.get("export.xlsx?tz=Europe/London"))
    assert (london[1][1] - utc[1][1]).total_seconds() / 3600 in (0, 1)


def test_the_log_for_machines_is_unchanged_beside_it(client: FlaskClient) -> None:
    match = dreeg(client)
    log = match.get("export.csv")
    assert not log.get_data().startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(log.get_data(as_text=True))))
    assert rows[0] == ["record", "seq", "action", "at", "by", "body", "status", "changes_record", "changed_by"]
    assert [r[6] for r in rows[1:]] == ["replaced", "voided", "", "counts", "counts"]
    assert [h["seq"] for h in match.get("export.json").get_json()["hands"]] == [1, 2, 3]


def test_a_match_without_hands_has_the_heading_row_only(client: FlaskClient) -> None:
    match = Match(client, "sixtysix", [JOERG, ZOE])
    assert read_csv(match.get("export.slate.csv?lang=en"), "en")[1:] == []
    _, table = read_xlsx(match.get("export.xlsx?lang=de"))
    assert len(table) == 1 and table[0][5] == "Jörg: Punkte"


def test_a_viewer_may_export_the_slate(client: FlaskClient) -> None:
    match = dreist(client)
    viewer = bearer(match.data["viewer_token"])
    assert client.get(f"{match.url}/export.xlsx", headers=viewer).status_code == 200
    response = client.get(f"{match.url}/export.slate.csv", headers=viewer)
    revision = client.get(match.url, headers=viewer).get_json()["revision"]
    assert response.headers["X-Kreide-Revision"] == str(revision)
    assert 'filename="kreide-' in response.headers["Content-Disposition"]


@pytest.mark.parametrize("path", ["export.xlsx", "export.slate.csv"])
def test_exports_need_a_token_of_the_match(client: FlaskClient, path: str) -> None:
    match = dreist(client)
    assert_problem(client.get(f"{match.url}/{path}"), 401)
    assert_problem(client.get(f"/api/matches/nope/{path}", headers=match.scorer), 404)
    other = Match(client, "dreist", [JOERG, ZOE])
    assert_problem(client.get(f"{match.url}/{path}", headers=other.scorer), 404)


@pytest.mark.parametrize("query", ["lang=fr", "lang=", "tz=Mars/Olympus", "tz=../../etc/passwd", "tz="])
def test_a_language_or_time_zone_it_does_not_know_is_refused(client: FlaskClient, query: str) -> None:
    match = dreist(client)
    for path in ("export.xlsx", "export.slate.csv"):
        problem = assert_problem(match.get(f"{path}?{query}"), 422, "invalid_fields")
        assert list(problem["errors"]) == [f"query.{query.split('=')[0]}"]


def test_the_openapi_document_names_both_exports(client: FlaskClient) -> None:
    paths = client.get("/api/openapi.json").get_json()["paths"]
    xlsx = paths["/api/matches/{match_id}/export.xlsx"]["get"]
    slate = paths["/api/matches/{match_id}/export.slate.csv"]["get"]
    assert XLSX in xlsx["responses"]["200"]["content"] and "text/csv" in slate["responses"]["200"]["content"]
    for operation in (xlsx, slate):
        assert {"401", "404", "422"} <= operation["responses"].keys()
        assert {p["name"] for p in operation["parameters"]} >= {"lang", "tz"}


# --- money: a table that plays for money sees each count's worth beside it (R37) ------------------


def test_a_dreierles_table_played_for_money_shows_the_fach_in_euros_R37(client: FlaskClient) -> None:
    """5 ct per Fach: Zoë loses a Zweier worth 3 Fach (R27, R28) to the two others (R29: -6
    Fach, 0,30 € to pay; each of them 3 Fach, 0,15 €), the balance after it likewise."""
    players = [JOERG, ZOE, FORMULA]
    created = client.post("/api/matches", json={"game": "dreierles", "players": players,
                                                "rates": {"per_fach": 5}})
    assert created.status_code == 201, created.get_json()
    match = Match.__new__(Match)
    match.client, match.data = client, created.get_json()
    match.url, match.scorer = f"/api/matches/{match.data['id']}", bearer(match.data["scorer_token"])
    match.hand(1, {"game": "zweier", "declarer": ZOE, "declarer_points": 30})

    _, table = read_xlsx(match.get("export.xlsx?lang=de"))
    heading = table[0]
    at = {name: heading.index(name) for name in heading}
    assert heading[at[f"{ZOE}: Fach im Spiel"] + 1] == f"{ZOE}: Fach im Spiel (€)"
    assert heading[at[f"{ZOE}: Stand"] + 1] == f"{ZOE}: Stand (€)"
    row = table[1]
    assert row[at[f"{ZOE}: Fach im Spiel (€)"]] == -0.3 and row[at[f"{FORMULA}: Stand (€)"]] == 0.15
    assert row[at[f"{JOERG}: Fach im Spiel (€)"]] == 0.15 and row[at[f"{JOERG}: Fach im Spiel"]] == 3
    book = load_workbook(io.BytesIO(match.get("export.xlsx?lang=de").get_data()))
    assert "€" in book.active.cell(row=2, column=at[f"{ZOE}: Stand (€)"] + 1).number_format

    for lang, zoe in (("de", "-0,30"), ("en", "-0.30")):
        rows = read_csv(match.get(f"export.slate.csv?lang={lang}"), lang)
        column = f"{ZOE}: {'Stand' if lang == 'de' else 'balance'} (€)"
        assert rows[1][rows[0].index(column)] == zoe  # a number to the spreadsheet, no formula guard


def test_a_table_not_played_for_money_has_no_money_columns(client: FlaskClient) -> None:
    match = dreierles(client)
    _, table = read_xlsx(match.get("export.xlsx?lang=en"))
    assert not any("€" in heading for heading in table[0])
