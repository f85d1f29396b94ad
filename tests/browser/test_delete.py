"""The scorer deletes a match from its page: the export is saved first, then a plain
confirmation, then the match is gone and the phone is back home."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import APP_TITLE, Phone, Server

HAND = {"seq": 1, "points": {"Anna": 40, "Benno": 30, "Carla": 30, "Dieter": 20},
        "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Anna"}


def open_table(page: Page, match: dict[str, Any], token: str = "scorer_token") -> None:
    page.goto(f"/#/m/{match['id']}/{match[token]}")
    expect(page.locator("[data-slates] [data-player]")).to_have_count(len(match["players"]))


def test_the_scorer_saves_the_export_then_deletes(phone: Phone, server: Server) -> None:
    match = server.create_match()
    assert server.api("POST", f"/api/matches/{match['id']}/hands", HAND, token=match["scorer_token"])[0] == 201
    page = phone()
    open_table(page, match)
    page.locator("[data-delete-match] summary").click()
    dialogs: list[str] = []
    page.once("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    with page.expect_download() as saved:
        page.locator('[data-delete="json"]').click()
    assert saved.value.suggested_filename == f"kreide-{match['id']}.json"
    export = json.loads(Path(saved.value.path()).read_text(encoding="utf-8"))
    assert [hand["seq"] for hand in export["hands"]] == [1]
    expect(page.locator("[data-slates]")).to_be_visible()
    assert dialogs and f"kreide-{match['id']}.json" in dialogs[0]  # dismissed: nothing deleted
    assert server.api("GET", f"/api/matches/{match['id']}", token=match["scorer_token"])[0] == 200

    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_download():
        page.locator('[data-delete="csv"]').click()
    expect(page).to_have_url(f"{server.url}/#/")
    status, problem = server.api("GET", f"/api/matches/{match['id']}", token=match["scorer_token"])
    assert (status, problem["code"]) == (410, "match_deleted")


def test_only_the_scorer_sees_the_delete_and_a_viewer_learns_it_was_deleted(phone: Phone, server: Server) -> None:
    match = server.create_match()
    viewer = phone(locale="de-DE")
    viewer.goto(f"/#/m/{match['id']}/{match['viewer_token']}/full")
    expect(viewer.locator("[data-slates] [data-player]")).to_have_count(4)
    expect(viewer.locator("[data-history]")).to_be_visible()
    expect(viewer.locator("[data-delete-match]")).to_have_count(0)
    body = {"confirm": match["id"], "exported_revision": 0}
    assert server.api("DELETE", f"/api/matches/{match['id']}", body, token=match["scorer_token"])[0] == 204
    viewer.reload()
    expect(viewer.locator(APP_TITLE)).to_have_text("Diese Partie wurde von ihrem Schreiber gelöscht.")
