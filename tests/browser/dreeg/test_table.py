"""What a table found playing five sub-games on two phones, played again in Chromium at 360 px.

The hands come from the first hand-worked game of ``tests/engine/dreeg/data/dreeg_games.json``
(four players, Dieter deals first), posted through the API to reach a situation quickly; the
phone is then used the way a player uses it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import PLAYERS, Phone, Server

GAME = json.loads((Path(__file__).resolve().parents[2] / "engine" / "dreeg" / "data" / "dreeg_games.json")
                  .read_text(encoding="utf-8"))["games"][0]
# Hand 8 ends sub-game 1 (Dieter is the last one left); hand 9 opens sub-game 2 with the
# dealer Dieter chose; hand 16 is a Rufen hand where Benno calls and Anna, seated before
# him, held the called card.
END_OF_SUBGAME_1, FIRST_OF_SUBGAME_2, RUFEN_BENNO_WITH_ANNA = 8, 9, 16


def worked_match(server: Server, hands: int) -> dict[str, Any]:
    """The worked game's match with its first ``hands`` hands recorded."""
    status, match = server.api("POST", "/api/matches", {"game": "dreeg", "players": GAME["players"],
                                                        "dealer": GAME["dealer"]})
    assert status == 201, match
    for seq, hand in enumerate(GAME["hands"][:hands], start=1):
        status, body = server.api("POST", f"/api/matches/{match['id']}/hands", {"seq": seq, **hand["entry"]},
                                  token=match["scorer_token"])
        assert status == 201, body
    return match


def open_table(page: Page, match: dict[str, Any]) -> None:
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator("[data-slates] [data-player]")).to_have_count(len(match["players"]))


class Taps:
    """Counts the taps (clicks) and keys a player needs; digits typed are counted apart."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0
        self.keys = 0

    def tap(self, locator: Any) -> None:
        self.taps += 1
        locator.click()

    def check(self, locator: Any) -> None:
        self.taps += 1
        locator.check()

    def type(self, digits: str) -> None:
        self.page.keyboard.type(digits)

    def next(self) -> None:
        self.keys += 1
        self.page.keyboard.press("Enter")


def test_a_deutsch_hand_takes_at_most_eight_taps_plus_the_digits(phone: Phone, server: Server) -> None:
    status, match = server.api("POST", "/api/matches", {"game": "dreeg", "players": PLAYERS})
    assert status == 201
    page = phone()
    open_table(page, match)
    entry = page.locator("[data-entry]")
    player = Taps(page)

    player.tap(entry.get_by_label("Card points of Anna", exact=True))
    for points, tricks in (("45", "2"), ("40", "2"), ("25", "1")):
        player.type(points)
        player.next()  # the keyboard's next key: to the tricks, then to the next player
        player.type(tricks)
        player.next()
    expect(entry.get_by_label("Card points of Dieter", exact=True)).to_be_focused()
    rest = entry.locator('[data-fill-rest="Dieter"]')
    expect(rest).to_have_text("Rest for Dieter: 10 card points, 1 trick")  # what is left of what, in words
    expect(entry.get_by_role("button", name="Rest for Dieter: 10 card points, 1 trick")).to_be_visible()
    player.tap(rest)  # the last player's points and tricks: what is left of 120 and 6
    expect(entry.get_by_label("Card points of Dieter", exact=True)).to_have_value("10")
    expect(entry.get_by_label("Tricks of Dieter", exact=True)).to_have_value("1")
    player.check(entry.get_by_label("Dieter took the last trick"))
    player.check(entry.get_by_role("radio", name="Hearts"))
    player.tap(entry.get_by_role("button", name="Enter hand"))

    expect(page.locator('[data-history] [data-seq="1"]')).to_be_visible()
    print(f"\nA four-player Deutsch hand: {player.taps} taps and {player.keys} next keys, plus the digits")
    assert player.taps <= 8


def test_enter_moves_on_and_never_sends_a_half_filled_hand(phone: Phone, server: Server) -> None:
    status, match = server.api("POST", "/api/matches", {"game": "dreeg", "players": PLAYERS})
    assert status == 201
    page = phone()
    open_table(page, match)
    entry = page.locator("[data-entry]")
    entry.get_by_label("Card points of Anna", exact=True).fill("45")
    page.keyboard.press("Enter")
    expect(entry.get_by_label("Tricks of Anna", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(page.locator("[data-history]")).to_contain_text("No hands entered yet.")
    _, hands = server.api("GET", f"/api/matches/{match['id']}/hands", token=match["scorer_token"])
    assert hands["hands"] == []


def test_every_blank_field_is_named_at_once_and_blank_is_not_zero(phone: Phone, server: Server) -> None:
    status, match = server.api("POST", "/api/matches", {"game": "dreeg", "players": PLAYERS})
    assert status == 201
    page = phone()
    open_table(page, match)
    entry = page.locator("[data-entry]")
    assert entry.get_by_label("Card points of Carla", exact=True).get_attribute("placeholder") in (None, "")
    entry.get_by_label("Card points of Anna", exact=True).fill("45")
    entry.get_by_label("Tricks of Anna", exact=True).fill("2")
    entry.get_by_role("button", name="Enter hand").click()

    expect(entry.locator("[data-problem]")).to_contain_text("7 fields are still empty.")
    for name in ("Benno", "Carla", "Dieter"):
        expect(entry.locator(f'[data-error-for="points.{name}"]')).to_have_text(f"Enter the card points of {name}.")
        expect(entry.locator(f'[data-error-for="tricks.{name}"]')).to_have_text(f"Enter the tricks of {name}.")
        expect(entry.get_by_label(f"Card points of {name}", exact=True)).to_have_attribute("aria-invalid", "true")
    expect(entry.locator('[data-error-for="last_trick"]')).to_have_text("Who took the last trick?")
    expect(entry.get_by_label("Card points of Anna", exact=True)).to_have_value("45")
    _, hands = server.api("GET", f"/api/matches/{match['id']}/hands", token=match["scorer_token"])
    assert hands["hands"] == []


def test_the_end_of_a_sub_game_shows_the_loser_his_blob_and_what_comes_next(phone: Phone, server: Server) -> None:
    match = worked_match(server, END_OF_SUBGAME_1 - 1)
    page = phone()
    open_table(page, match)
    status, body = server.api("POST", f"/api/matches/{match['id']}/hands",
                              {"seq": END_OF_SUBGAME_1, **GAME["hands"][END_OF_SUBGAME_1 - 1]["entry"]},
                              token=match["scorer_token"])
    assert status == 201, body

    ended = page.locator("[data-ended]")  # arrives live, without a reload
    expect(ended).to_contain_text("Sub-game 1, Deutsch, is over")
    expect(ended).to_contain_text("Dieter has lost and gets a blob (●).")
    expect(ended).to_contain_text("Next: sub-game 2 of 8, Ace of Hearts. Dieter chooses who deals first.")
    final = ended.locator('.slate-grid [data-player="Dieter"]')
    expect(final).to_have_attribute("data-blobs", "1")
    assert int(final.get_attribute("data-strokes") or "0") > 0  # the slate as the sub-game ended
    expect(page.locator('.slates > .slate-grid [data-player="Dieter"]')).to_have_attribute("data-strokes", "7")
    expect(page.locator("[data-blob-legend]")).to_contain_text("blob")
    expect(page.locator("[data-next]")).to_have_text("Dieter chooses who deals next.")


def test_correcting_the_first_hand_of_a_sub_game_names_who_chose_the_dealer(phone: Phone, server: Server) -> None:
    match = worked_match(server, FIRST_OF_SUBGAME_2)
    page = phone(locale="de-DE")
    open_table(page, match)
    page.get_by_role("button", name=f"Spiel {FIRST_OF_SUBGAME_2} berichtigen").click()
    entry = page.locator("[data-entry]")
    expect(entry.get_by_role("heading", level=2)).to_have_text(f"Spiel {FIRST_OF_SUBGAME_2} berichtigen")
    expect(entry.get_by_label("Wer gibt? (Dieter wählt, R13)")).to_have_value("Carla")
    expect(entry.get_by_label("Wer hat das Herz-Ass (Spieler)?")).to_have_value("Benno")


def test_history_names_sub_games_cards_and_suits_in_the_readers_words(phone: Phone, server: Server) -> None:
    match = worked_match(server, RUFEN_BENNO_WITH_ANNA)
    page = phone(locale="de-DE")
    open_table(page, match)
    history = page.locator("[data-history]")
    page.get_by_role("button", name=re.compile(r"Alle \d+ Spiele zeigen")).click()
    rufen = history.locator(f'[data-seq="{RUFEN_BENNO_WITH_ANNA}"]')
    expect(rufen).to_contain_text("Benno hat Schellen-Ass gerufen")
    expect(rufen.locator("[data-sides]")).to_contain_text("Rufer Benno mit Anna")
    ended = history.locator(f'[data-seq="{END_OF_SUBGAME_1}"]')
    expect(ended).to_contain_text("verliert Runde 1, Deutsch: ein Bollen.")
    expect(ended).to_contain_text("wer in Runde 2, Herz-Ass, zuerst gibt.")
    text = history.inner_text()
    for code in ("ace_of_hearts", "kamerun)", " in H ", "(S)", " EA ", "HA"):
        assert code not in text, code
    assert not re.search(r"verliert Spiel \d", text)

    page.get_by_role("button", name="EN", exact=True).click()
    expect(rufen).to_contain_text("Benno called the Ace of Bells")
    expect(rufen.locator("[data-sides]")).to_contain_text("Caller Benno with Anna")
    facts = rufen.locator(".facts").first.inner_text()
    assert facts[0].isupper() and "; Partner" not in facts and "Trump Leaves" not in facts


def test_referee_from_a_scorer_link_asks_replays_and_keeps_precedents(phone: Phone, server: Server) -> None:
    status, match = server.api("POST", "/api/matches", {"game": "dreeg", "players": PLAYERS})
    assert status == 201
    page = phone()
    open_table(page, match)
    page.locator("[data-referee-link]").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Referee: Dreeg")

    ask = page.locator("[data-ref-play]")
    ask.get_by_role("radio", name="Leaves").check()  # the match's hand has a trump: the referee asks which
    ask.get_by_role("group", name="Your hand").get_by_role("button", name="Ten of Hearts").click()
    ask.get_by_role("group", name="Your hand").get_by_role("button", name="Nine of Acorns").click()
    ask.get_by_role("group", name="Cards already in the trick").get_by_role("button", name="Ace of Hearts").click()
    ask.get_by_role("group", name="The card you want to play").get_by_role("button", name="Nine of Acorns").click()
    ask.get_by_role("button", name="Ask the referee").click()
    verdict = ask.locator("[data-verdict]")
    expect(verdict.locator('[data-legal="false"]')).to_contain_text("No")
    expect(verdict).to_contain_text("You hold Hearts and must follow suit.")
    verdict.get_by_label("Note (optional)").fill("Bedienen geht vor")
    verdict.get_by_role("button", name="Save as precedent").click()
    expect(verdict.locator("[data-saved]")).to_have_text("Saved with the match.")

    page.get_by_role("button", name="Replay a disputed hand").click()
    replay = page.locator("[data-ref-hand]")
    expect(replay.get_by_label("Player 1", exact=True)).to_have_value("Anna")
    replay.get_by_role("radio", name="Hearts").check()
    # typed by name: the grid marks those cards as played
    replay.get_by_label("Trick 1", exact=True).fill("Herz Ass, Herz Zehn, Herz König, Herz Neun")
    grid = replay.get_by_role("group", name="Cards to tap in play order")
    for card in ("Ace of Hearts", "Ten of Hearts", "King of Hearts", "Nine of Hearts"):
        expect(grid.get_by_role("button", name=card)).to_have_attribute("aria-pressed", "true")
    replay.get_by_label("Claim of 66 after the last trick entered, by").select_option("Benno")
    replay.get_by_role("button", name="Replay the hand").click()
    result = replay.locator("[data-replay-result]")
    expect(result.locator('[data-trick="1"]')).to_contain_text("Benno takes it: 25 card points")
    result.get_by_role("button", name="Save as precedent").click()
    expect(result.locator("[data-saved]")).to_have_text("Saved with the match.")

    page.locator("[data-back]").click()
    expect(page.locator("[data-rulings] [data-ruling]")).to_have_count(2)
    status, body = server.api("GET", f"/api/matches/{match['id']}/rulings", token=match["scorer_token"])
    assert [r["kind"] for r in body["rulings"]] == ["play", "hand"]
    assert body["rulings"][1]["question"]["claim"] == "Benno"


def test_the_referees_intro_is_short_and_does_not_stick(phone: Phone, server: Server) -> None:
    page = phone(locale="de-DE")
    page.goto("/#/referee")
    expect(page.get_by_role("heading", level=1)).to_have_text("Schiedsrichter: Dreeg")
    expect(page.get_by_role("button", name="Darf ich die Karte spielen?")).to_be_visible()
    intro = page.locator("[data-ref-intro]")
    expect(intro).to_have_text("Jede Antwort nennt ihre Regel.")
    assert intro.bounding_box()["height"] <= 40  # one line, where four took 119 px
    assert intro.evaluate("el => getComputedStyle(el).position") != "sticky"
    page.mouse.wheel(0, 1500)
    page.wait_for_timeout(200)
    assert intro.bounding_box()["y"] < 0  # it scrolls away with the page
