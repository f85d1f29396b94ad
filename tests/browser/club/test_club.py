"""The club on the phones against the real server (issue 20, "Done when"): a club created on
the admin's phone; an evening of two tables, Dreeg started and scored on a member's phone and
Sixty-Six played with the members' token, the evening's board on the pub's screen (the viewers'
link) following both live; the settle-up (R37) in English on the board and in German on the
admin's phone; a rename and an anonymisation seen on the season's page as they happen; a
member's page with his head-to-head and his evenings."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from bench.harness import free_port, start_server, stop_server
from tests.browser.conftest import APP_TITLE, Phone, Server
from tests.browser.dreeg.test_flows import DEUTSCH, fill_hand, submit_hand

MEMBERS = ["Anna", "Benno", "Carla", "Dieter", "Sepp", "Franz"]
LIVE_MS = 5_000


def fragment(url: str) -> str:
    """The app's route of a link (the server may name a LAN address: the test stays on 127.0.0.1)."""
    return "/" + url[url.index("#"):]


def post_deal(server: Server, match_id: str, token: str, loser: str) -> None:
    """A Sixty-Six deal lost by a Renonce (the opponent scores 3), as a table's phone posts it."""
    status, match = server.api("GET", f"/api/matches/{match_id}", token=token)
    assert status == 200, match
    body = {"seq": match["next_seq"], "dealer": match["state"]["dealer"], "ended_by": "renonce", "renonce_by": loser}
    status, answer = server.api("POST", f"/api/matches/{match_id}/hands", body, token=token)
    assert status == 201, answer


def bummerl(server: Server, club: dict[str, Any], winner: str, loser: str) -> dict[str, Any]:
    """A Sixty-Six table of the club, started and played with the members' token: three deals
    lost by a Renonce give `winner` the Bummerl, a Schneider (the loser scored nothing), which
    `loser` pays twice (R37) and receives as two (R38)."""
    body = {"game": "sixtysix", "players": [winner, loser]}
    status, table = server.api("POST", f"/api/clubs/{club['id']}/matches", body, token=club["member_token"])
    assert status == 201, table
    for _ in range(3):
        post_deal(server, table["id"], club["member_token"], loser)
    return dict(table)


def open_club(server: Server, **fields: Any) -> dict[str, Any]:
    status, club = server.api("POST", "/api/clubs", {"name": "Stammtisch Linde", "members": MEMBERS, **fields})
    assert status == 201, club
    return dict(club)


def test_an_evening_of_two_tables_is_followed_live_and_settled_in_both_languages(phone: Phone, server: Server) -> None:
    admin = phone("de-DE")
    admin.goto("/")
    admin.locator("[data-new-club]").click()
    admin.get_by_label("Name des Stammtischs").fill("Stammtisch Linde")
    admin.get_by_label("Mitglieder, einer pro Zeile").fill("\n".join(MEMBERS))
    admin.get_by_label("Sechsundsechzig: pro Bummerl").fill("0,50")
    admin.get_by_role("button", name="Stammtisch anlegen").click()
    expect(admin.locator("[data-club-page]")).to_have_attribute("data-access", "admin")
    found = re.search(r"#/c/([^/]+)/([^/]+)$", admin.url)
    assert found
    club_id, admin_token = found.groups()
    expect(admin.locator(APP_TITLE)).to_have_text("Stammtisch Linde")
    expect(admin.locator("[data-member]")).to_have_count(6)
    expect(admin.locator("img[data-club-qr]")).to_have_attribute("src", re.compile(r"^blob:"))
    join = fragment(admin.locator('[data-link="club-join"]').input_value())
    view = fragment(admin.locator('[data-link="club-view"]').input_value())
    member_token = join.rsplit("/", 1)[1]
    tonight = (admin.locator("[data-board-link]").get_attribute("href") or "").rsplit("/", 1)[1]
    status, answer = server.api("GET", f"/api/clubs/{club_id}", token=admin_token)
    assert status == 200 and answer["rates"]["per_bummerl"] == 50 and answer["tonight"] == tonight

    # the pub's screen: the viewers' link, tonight's board
    board = phone("en-GB")
    board.goto(view)
    expect(board.locator("[data-access-line]")).to_have_text("You are watching this club (read only).")
    board.locator("[data-board-link]").click()
    expect(board.locator("[data-evening-tables]")).to_contain_text("No table this evening.")

    # Anna's phone, by the members' link: a table of Dreeg for four, its first hand
    anna = phone("en-GB")
    anna.goto(join)
    anna.locator("[data-start-table]").click()
    anna.get_by_label("Game").select_option("dreeg")
    for name in ["Anna", "Benno", "Carla", "Dieter"]:
        anna.locator(f'[data-pick="{name}"]').click()
    anna.get_by_role("button", name="Start the table").click()
    expect(anna.locator("[data-entry]")).to_be_visible()
    dreeg = board.locator("[data-evening-tables] li").first
    expect(dreeg).to_contain_text("Dreeg: Anna, Benno, Carla and Dieter", timeout=LIVE_MS)
    expect(dreeg.locator("[data-table-state]")).to_have_text("no hand yet")
    fill_hand(anna, DEUTSCH)
    submit_hand(anna)
    expect(dreeg.locator("[data-table-state]")).to_have_text("playing", timeout=LIVE_MS)
    expect(dreeg.locator("[data-standing]")).to_contain_text("sub-game 1 of 8")  # in its game's words

    # Sepp and Franz at Sixty-Six: Franz receives the Bummerl, a Schneider, and pays it twice
    sixtysix = bummerl(server, {"id": club_id, "member_token": member_token}, "Sepp", "Franz")
    expect(board.locator(f'[data-evening-tables] [data-match="{sixtysix["id"]}"]')).to_be_visible(timeout=LIVE_MS)
    expect(board.locator("[data-payments] li")).to_have_text([re.compile(r"^Franz pays Sepp €1\.00$")], timeout=LIVE_MS)
    names = {m["name"]: m["id"] for m in answer["members"]}
    expect(board.locator(f'[data-net] [data-party="{names["Sepp"]}"]')).to_have_attribute("data-cents", "100")
    expect(board.locator(f'[data-net] [data-party="{names["Franz"]}"]')).to_have_attribute("data-cents", "-100")
    expect(board.locator('[data-net] [data-party="kitty"]')).to_have_attribute("data-cents", "0")

    admin.goto(f"/#/c/{club_id}/{admin_token}/evening/{tonight}")
    expect(admin.locator("[data-payments] li")).to_have_text([re.compile(r"^Franz zahlt Sepp 1,00\s€$")])
    expect(admin.locator("[data-evening-tables] li")).to_have_count(2)


def test_a_rename_and_an_anonymisation_are_seen_on_the_season_page(phone: Phone, server: Server) -> None:
    club = open_club(server, rates={"per_bummerl": 50})
    bummerl(server, club, "Sepp", "Franz")
    ids = {m["name"]: m["id"] for m in club["members"]}
    viewer = phone("de-DE")
    viewer.goto(f"/#/c/{club['id']}/{club['viewer_token']}/season")
    table = viewer.locator('[data-game="sixtysix"]')
    expect(table.locator("tbody tr")).to_have_count(2)
    sepp = table.locator(f'tr[data-member="{ids["Sepp"]}"]')
    franz = table.locator(f'tr[data-member="{ids["Franz"]}"]')
    expect(sepp.locator("th")).to_have_text("Sepp")
    expect(franz.locator('[data-figure="bummerl_received"]')).to_have_attribute("data-value", "2")  # a Schneider
    expect(franz.locator('[data-figure="cents"]')).to_have_attribute("data-value", "-100")

    admin = phone("en-GB")
    admin.goto(f"/#/c/{club['id']}/{club['admin_token']}")
    row = admin.locator(f'[data-member="{ids["Sepp"]}"]')
    row.locator("summary").click()
    row.get_by_label("New name for Sepp").fill("Josef")
    row.get_by_role("button", name="Rename").click()
    expect(admin.locator("[data-status]")).to_have_text("Sepp is now called Josef.")
    expect(sepp.locator("th")).to_have_text("Josef", timeout=LIVE_MS)  # the season page follows by itself

    admin.once("dialog", lambda dialog: dialog.accept())
    row = admin.locator(f'[data-member="{ids["Franz"]}"]')
    row.locator("summary").click()
    row.get_by_role("button", name="Anonymise").click()
    expect(admin.locator("[data-status]")).to_have_text("The name is gone; the figures stay.")
    expect(franz.locator("th")).not_to_have_text("Franz", timeout=LIVE_MS)
    expect(franz.locator('[data-figure="bummerl_received"]')).to_have_attribute("data-value", "2")  # his figures stay
    assert "Franz" not in viewer.locator("main").inner_text()
    viewer.goto(f"/#/c/{club['id']}/{club['viewer_token']}")
    expect(viewer.locator(f'[data-member="{ids["Franz"]}"]')).to_contain_text("anonymisiert")


def test_a_members_page_shows_his_head_to_head_and_his_evenings(phone: Phone, server: Server) -> None:
    club = open_club(server, rates={"per_bummerl": 50})
    bummerl(server, club, "Sepp", "Franz")
    ids = {m["name"]: m["id"] for m in club["members"]}
    page = phone("en-GB")
    page.goto(f"/#/c/{club['id']}/{club['member_token']}/member/{ids['Sepp']}")
    expect(page.locator(APP_TITLE)).to_have_text("Sepp")
    against = page.locator(f'[data-head-to-head] tr[data-other="{ids["Franz"]}"] [data-game="sixtysix"]')
    expect(against).to_have_attribute("data-score", "1-0-0")
    balance = page.locator("[data-chart=balance] .vh table tbody tr")
    expect(balance).to_have_count(1)
    expect(balance).to_contain_text("+€1.00")
    figures = page.locator('[data-member-figures] [data-game="sixtysix"]')
    expect(figures.locator('[data-figure="bummerl_won"] dd')).to_have_text("1")
    expect(figures.locator('[data-figure="cents"] dd')).to_have_text("+€1.00")


def test_a_guest_at_a_new_table_becomes_a_member(phone: Phone, server: Server) -> None:
    club = open_club(server)
    page = phone("de-DE")
    page.goto(f"/#/c/{club['id']}/{club['member_token']}/start")
    page.get_by_label("Spiel").select_option("sixtysix")
    page.locator('[data-pick="Anna"]').click()
    page.get_by_label("Gast").fill("Vroni")
    page.get_by_role("button", name="Gast dazunehmen").click()
    # the club's page may be drawn again as its data arrives on a loaded machine, taking the
    # button away under the tap: a player taps again (one table all the same: its key)
    start, entry = page.get_by_role("button", name="Tisch beginnen").last, page.locator("[data-entry]")
    for _ in range(3):
        if entry.is_visible():
            break
        if start.is_visible() and start.is_enabled():  # not while the table is being made
            start.click()
        try:
            expect(entry).to_be_visible(timeout=5000)
        except AssertionError:
            continue
    expect(entry).to_be_visible()
    status, answer = server.api("GET", f"/api/clubs/{club['id']}", token=club["viewer_token"])
    assert status == 200
    assert "Vroni" in [m["name"] for m in answer["members"]]
    assert [m["player_names"] for m in answer["matches"]] == [["Anna", "Vroni"]]


def test_the_admin_saves_the_club_and_another_server_imports_it(phone: Phone, server: Server, tmp_path: Path) -> None:
    club = open_club(server, rates={"per_bummerl": 50})
    bummerl(server, club, "Sepp", "Franz")
    admin = phone("en-GB")
    admin.goto(f"/#/c/{club['id']}/{club['admin_token']}")
    with admin.expect_download() as saved:
        admin.locator("[data-export]").click()
    file = tmp_path / "club.json"
    saved.value.save_as(file)
    assert json.loads(file.read_text())["format"] == "kreide-club"

    port = free_port()
    other = start_server(tmp_path, port, {"WEB_CONCURRENCY": "1"})
    try:
        moved = phone("de-DE")
        moved.goto(f"http://127.0.0.1:{port}/#/c/new")
        moved.get_by_label("Die Datei des Stammtischs (JSON)").set_input_files(file)
        moved.get_by_role("button", name="Stammtisch einlesen").click()
        expect(moved.locator("[data-club-page]")).to_have_attribute("data-access", "admin")
        expect(moved.locator(APP_TITLE)).to_have_text("Stammtisch Linde")
        expect(moved.locator("[data-member]")).to_have_count(len(MEMBERS))
        moved.locator("[data-evening]").first.locator("a").click()
        expect(moved.locator("[data-payments] li")).to_have_text([re.compile(r"^Franz zahlt Sepp 1,00\s€$")])
    finally:
        stop_server(other, quick=True)


def test_a_file_that_is_no_club_is_refused_before_it_is_sent(phone: Phone, tmp_path: Path) -> None:
    page = phone("en-GB")
    page.goto("/#/c/new")
    file = tmp_path / "notes.json"
    file.write_text("not json at all")
    page.locator("#club-import-file").set_input_files(file)
    page.get_by_role("button", name="Import the club").click()
    expect(page.locator('[data-error-for="file"]')).to_have_text("This file is not a club saved by Kreide.")


def test_offline_the_phone_opens_the_season_and_the_club_it_read_last_marked_as_such(phone: Phone,
                                                                                     server: Server) -> None:
    club = open_club(server, rates={"per_bummerl": 50})
    bummerl(server, club, "Sepp", "Franz")
    page = phone("en-GB")
    page.goto(f"/#/c/{club['id']}/{club['member_token']}")
    expect(page.locator("[data-member]")).to_have_count(len(MEMBERS))
    page.evaluate(f"location.hash = '#/c/{club['id']}/{club['member_token']}/season'")
    expect(page.locator('[data-game="sixtysix"] tbody tr')).to_have_count(2)
    expect(page.locator("[data-offline]")).to_be_hidden()
    # the app is kept on the phone (its service worker answers): it opens without a network
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20_000)
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator('[data-game="sixtysix"] tbody tr')).to_have_count(2)
        mark = re.compile(r"^As of \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d \(offline\)$")
        expect(page.locator("[data-offline]")).to_have_text(mark)
        page.locator("[data-club-back]").click()
        expect(page.locator("[data-member]")).to_have_count(len(MEMBERS))
        expect(page.locator("[data-offline]")).to_have_text(mark)
    finally:
        page.context.set_offline(False)
