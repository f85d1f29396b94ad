"""Every page of the phone app, at 360 px, in German and in English (issue 18, item 12): no
finding of axe-core (WCAG 2.x A and AA and its best practices), and nothing in its forms that a
thumb cannot hit: every control at least 44 x 44 px, a radio or checkbox counted with its label
only where the label shows its edge (tests/browser/a11y.py).

The pages: home, a new table of each game, each game's match page with its entry form open
and a history, the viewer's board of each game, each game's referee opened from a match, and
the tournament's pages (new, the organiser's, the board, the printed pairing and prize lists).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.a11y import axe_violations, describe_violations, small_targets
from tests.browser.conftest import Phone, Server

LANGS = {"de": "de-DE", "en": "en-GB"}

# --- tables and a tournament to visit -------------------------------------------------------------

GAMES: dict[str, tuple[str, list[str], dict[str, str]]] = {
    "dreeg": ("dreeg", ["Anna", "Benno", "Carla", "Dieter"], {}),
    "sixtysix": ("sixtysix", ["Anna", "Benno"], {}),
    "dreierles": ("dreierles", ["Anna", "Benno", "Carla"], {}),
    "dreist": ("dreist", ["Anna", "Benno", "Carla"], {}),
    "dreist solo": ("dreist", ["Anna"], {"mode": "solo"}),
}
HANDS: dict[str, list[dict[str, Any]]] = {
    "dreeg": [{"points": {"Anna": 45, "Benno": 40, "Carla": 25, "Dieter": 10},
               "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Dieter", "trump": "H"}] * 2,
    "sixtysix": [{"ended_by": "played_out", "points": {"Anna": 70, "Benno": 50}, "tricks": {"Anna": 7, "Benno": 5},
                  "last_trick": "Anna"}] * 2,
    "dreierles": [{"game": "zweier", "declarer": "Anna", "declarer_points": 41}] * 2,
    "dreist": [{"remaining": {"Anna": 0, "Benno": 5, "Carla": 7}}] * 2,
    "dreist solo": [{"won": True}] * 2,
}


def table(server: Server, game: str) -> dict[str, Any]:
    """A table of `game` with two hands in its history."""
    name, players, rules = GAMES[game]
    status, match = server.api("POST", "/api/matches", {"game": name, "players": players, "rules": rules})
    assert status == 201, match
    for seq, hand in enumerate(HANDS[game], start=1):
        status, body = server.api("POST", f"/api/matches/{match['id']}/hands", {"seq": seq, **hand},
                                  token=match["scorer_token"])
        assert status == 201, body
    return match


def tournament(server: Server) -> dict[str, Any]:
    """Eight entry cards, five sold, round 1 drawn from a published seed."""
    status, made = server.api("POST", "/api/tournaments",
                              {"name": "Club night", "cards": 8, "max_per_player": 2, "prizes": 4,
                               "multiple_prizes": True})
    assert status == 201, made
    seed = "the seed of a club night in Wien"
    entries = [{"kind": "buy", "player": name, "cards": 1} for name in ("Anna", "Benno", "Carla", "Dieter", "Wastl")]
    entries += [{"kind": "commit", "hash": hashlib.sha256(seed.encode()).hexdigest()}, {"kind": "draw", "seed": seed}]
    for seq, entry in enumerate(entries, start=1):
        status, body = server.api("POST", f"/api/tournaments/{made['id']}/entries", {"seq": seq, **entry},
                                  token=made["organiser_token"])
        assert status == 201, body
    return made


# --- the pages ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Visit:
    """Open a page on `page` (set up through `server`); return the scope whose controls must
    all be big enough (None: a page for reading or printing)."""

    go: Callable[[Page, Server], str | None]
    # another area's page still failing: pytest.mark.xfail(strict=True, reason=...) until its fix lands
    marks: tuple[Any, ...] = ()


def home(page: Page, server: Server) -> str:
    page.goto("/")
    expect(page.locator("[data-new-match] [data-create]")).to_be_visible()
    return "main"


def new_table(game: str) -> Callable[[Page, Server], str]:
    def go(page: Page, server: Server) -> str:
        home(page, server)
        page.locator('select[data-field="game"]').select_option(game)
        expect(page.locator(f'select[data-field="game"] option[value="{game}"]')).to_have_js_property("selected", True)
        rules = page.locator("[data-new-match] [data-rules]")
        expect(rules.locator("select, input").first).to_be_attached()  # the game's house rules, from the catalogue
        return "[data-new-match]"
    return go


def match_page(game: str) -> Callable[[Page, Server], str]:
    def go(page: Page, server: Server) -> str:
        match = table(server, game)
        page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
        expect(page.locator("[data-entry] [data-entry-foot]")).to_be_visible()
        expect(page.locator("[data-history] [data-seq]")).to_have_count(2)
        expect(page.locator("[data-rules] summary")).to_be_attached()  # the last parts drawn
        expect(page.locator("[data-invite] summary")).to_be_attached()
        return "main"
    return go


def board(game: str) -> Callable[[Page, Server], str]:
    def go(page: Page, server: Server) -> str:
        match = table(server, game)
        page.goto(f"/#/m/{match['id']}/{match['viewer_token']}/board")
        expect(page.locator("[data-recent] li")).to_have_count(2)
        return "main"
    return go


def referee(game: str) -> Callable[[Page, Server], str]:
    def go(page: Page, server: Server) -> str:
        match = table(server, game)
        page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")  # the phone knows the table
        expect(page.locator("[data-referee-link]")).to_be_visible()
        page.locator("[data-referee-link]").click()
        expect(page.locator("[data-referee-slot] form").first).to_be_visible()
        return "main"
    return go


def tournament_new(page: Page, server: Server) -> str:
    page.goto("/#/t/new")
    expect(page.locator("main form button[type=submit]")).to_be_visible()
    return "main"


def tournament_page(view: str, token: str = "organiser_token") -> Callable[[Page, Server], str | None]:
    def go(page: Page, server: Server) -> str | None:
        made = tournament(server)
        page.goto(f"/#/t/{made['id']}/{made[token]}{'/' + view if view else ''}")
        expect(page.locator("[data-pairing-sheet]" if view == "print" else "[data-table]").first).to_be_visible()
        return None if view in ("print", "prizes") else "main"
    return go


def tournament_prizes(page: Page, server: Server) -> None:
    made = tournament(server)
    page.goto(f"/#/t/{made['id']}/{made['organiser_token']}/prizes")
    expect(page.locator("[data-prizes]")).to_be_visible()
    return None


PAGES: dict[str, Visit] = {
    "home": Visit(home),
    **{f"new table: {game}": Visit(new_table(game)) for game in ("dreeg", "sixtysix", "dreierles", "dreist")},
    **{f"match: {game}": Visit(match_page(game)) for game in GAMES},
    **{f"board: {game}": Visit(board(game)) for game in GAMES},
    **{f"referee: {game}": Visit(referee(game)) for game in ("dreeg", "sixtysix", "dreierles", "dreist")},
    "tournament: new": Visit(tournament_new),
    "tournament: organiser": Visit(tournament_page("")),
    "tournament: board": Visit(tournament_page("board", "viewer_token")),
    "tournament: pairing list": Visit(tournament_page("print")),
    "tournament: prize list": Visit(tournament_prizes),
}


def cases() -> list[Any]:
    return [pytest.param(name, lang, id=f"{name} ({lang})", marks=visit.marks)
            for name, visit in PAGES.items() for lang in LANGS]


@pytest.mark.parametrize(("name", "lang"), cases())
def test_no_axe_finding_and_every_control_big_enough(phone: Phone, server: Server, name: str, lang: str) -> None:
    page = phone(LANGS[lang])
    scope = PAGES[name].go(page, server)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    found = axe_violations(page, enable=("label-content-name-mismatch",))  # the finding on DREIst's cards
    assert not found, f"axe on {name} ({lang}):\n{describe_violations(found)}"
    if scope:
        small = small_targets(page, scope)
        assert not small, f"too small to tap on {name} ({lang}): {small}"
