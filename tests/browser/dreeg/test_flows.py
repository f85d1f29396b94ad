"""User flows through the phone app, on phone-sized Chromium pages against the real server.

Every test drives the UI the way a player does (labels, roles, the app's ``data-*`` hooks);
the API is used only to set a table up quickly or to check what the server recorded.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.conftest import PLAYERS, Phone, Server

# Phone 2 has no reload: the new strokes arrive by polling (3 s) or, soon, server-sent events.
LIVE_UPDATE_MS = 5_000

DEUTSCH = {
    "points": {"Anna": 45, "Benno": 40, "Carla": 25, "Dieter": 10},
    "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1},
    "last": "Dieter",
    "trump": "Hearts",
}
# What that hand leaves on the slates (R5: the most card points erase the most strokes).
AFTER_DEUTSCH = {"Anna": 4, "Benno": 5, "Carla": 6, "Dieter": 7}
FRESH = dict.fromkeys(PLAYERS, 7)


# --- steps ------------------------------------------------------------------------------------


def create_match_on_home(page: Page) -> tuple[str, str]:
    """Home page: name four players, start the match; (match id, scorer token) from the URL."""
    page.goto("/")
    for number, name in enumerate(PLAYERS, start=1):
        page.get_by_label(f"Player {number}", exact=True).fill(name)
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"#/m/[^/]+/[^/]+$"))
    match = re.search(r"#/m/([^/]+)/([^/]+)$", page.url)
    assert match
    return match.group(1), match.group(2)


def join(page: Page, match: dict[str, Any]) -> None:
    """Open a table by its join link (what scanning the QR code does); the slates come first,
    the entry form just after."""
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(slates(page)).to_have_count(len(match["players"]))
    expect(page.locator("[data-entry] [data-submit]")).to_be_visible()


def slates(page: Page):
    return page.locator("[data-slates] [data-player]")


def expect_strokes(page: Page, strokes: dict[str, int], timeout: float | None = None) -> None:
    for name, left in strokes.items():
        expect(page.locator(f'[data-slates] [data-player="{name}"]')).to_have_attribute(
            "data-strokes", str(left), timeout=timeout)


def fill_hand(page: Page, hand: dict[str, Any]) -> None:
    entry = page.locator("[data-entry]")
    for name, points in hand["points"].items():
        entry.get_by_label(f"Card points of {name}", exact=True).fill(str(points))
        entry.get_by_label(f"Tricks of {name}", exact=True).fill(str(hand["tricks"][name]))
    entry.get_by_label(f"{hand['last']} took the last trick").check()
    entry.get_by_role("radio", name=hand["trump"]).check()


def submit_hand(page: Page) -> None:
    page.locator("[data-entry]").get_by_role("button", name="Enter hand").click()


def recorded_hands(server: Server, match: dict[str, Any]) -> list[dict[str, Any]]:
    status, body = server.api("GET", f"/api/matches/{match['id']}/hands", token=match["scorer_token"])
    assert status == 200, body
    return body["hands"]


# --- flows ------------------------------------------------------------------------------------


def test_create_a_four_player_match_on_the_home_page(phone: Phone, server: Server) -> None:
    page = phone()
    match_id, token = create_match_on_home(page)

    expect(slates(page)).to_have_count(4)
    for name in PLAYERS:
        expect(page.locator(f'[data-slates] [data-player="{name}"]')).to_contain_text(name)
    expect_strokes(page, FRESH)
    expect(page.get_by_role("heading", level=1)).to_have_text("Sub-game 1 of 8: Deutsch")
    # a new table shows its invitation first; on localhost it offers the network address
    invite = page.locator("[data-invite]")
    expect(invite).to_have_attribute("open", "")
    assert invite.bounding_box()["y"] < page.locator("[data-slates]").bounding_box()["y"]
    expect(invite.locator("[data-local-only]")).to_contain_text("only works on this device")
    join_link = page.get_by_label("Join link (can enter hands)")
    expect(join_link).to_have_value(re.compile(rf"^http://[0-9.]+:\d+/#/m/{match_id}/{token}$"))
    expect(join_link).not_to_have_value(re.compile("127.0.0.1"))
    # the table is remembered on this phone
    page.locator("[data-home]").click()
    listed = page.locator(f'[data-tables] [data-table="{match_id}"]')
    expect(listed).to_contain_text("Anna · Benno · Carla · Dieter")
    expect(listed.locator("[data-table-state]")).to_contain_text("Dreeg · sub-game 1 of 8, Deutsch")


def test_second_phone_sees_a_new_hand_without_reload(phone: Phone, server: Server) -> None:
    first = phone()
    create_match_on_home(first)
    join_url = first.get_by_label("Join link (can enter hands)").input_value()

    second = phone()
    # the link names the server's network address; the test server listens on loopback only
    second.goto("/#" + join_url.split("#", 1)[1])
    expect(slates(second)).to_have_count(4)
    expect(slates(second)).to_have_text([re.compile(name) for name in PLAYERS])
    expect_strokes(second, FRESH)
    rules = second.locator("[data-rules]")  # the house rules are shown to a phone that joins
    expect(rules).to_have_attribute("open", "")
    expect(rules).to_contain_text("R13")
    second.evaluate("window.kreideNoReload = true")  # gone if the page reloads

    fill_hand(first, DEUTSCH)
    submit_hand(first)
    expect_strokes(first, AFTER_DEUTSCH)
    expect(first.locator('[data-history] [data-seq="1"]')).to_be_visible()

    expect_strokes(second, AFTER_DEUTSCH, timeout=LIVE_UPDATE_MS)
    expect(second.locator('[data-history] [data-seq="1"]')).to_be_visible(timeout=LIVE_UPDATE_MS)
    assert second.evaluate("window.kreideNoReload === true")


def test_points_adding_to_110_are_refused_next_to_the_field(phone: Phone, server: Server) -> None:
    match = server.create_match()
    page = phone()
    join(page, match)

    fill_hand(page, {**DEUTSCH, "points": {"Anna": 45, "Benno": 40, "Carla": 15, "Dieter": 10}})
    expect(page.locator('[data-sum="points"]')).to_contain_text("110 of 120")
    submit_hand(page)

    entry = page.locator("[data-entry]")
    next_to_points = entry.locator('[data-error-for="points"]')
    expect(next_to_points).to_be_visible()
    expect(next_to_points).to_contain_text("110")
    expect(next_to_points).to_contain_text("R15")
    # said once, at its field: not again at the top of the form or beside the send button
    expect(entry.locator("[data-problem]")).to_be_empty()
    # nothing recorded: the form keeps what was typed, the slates and the history are unchanged
    expect(entry.get_by_label("Card points of Carla", exact=True)).to_have_value("15")
    expect(page.locator("[data-history]")).to_contain_text("No hands entered yet.")
    expect_strokes(page, FRESH)
    assert recorded_hands(server, match) == []


def test_a_marriage_in_trumps_lifts_its_player_to_first_place(phone: Phone, server: Server) -> None:
    match = server.create_match()
    page = phone()
    join(page, match)
    entry = page.locator("[data-entry]")
    fill_hand(page, DEUTSCH)

    add = entry.get_by_role("button", name="Add marriage")
    add.click()
    entry.get_by_label("Marriage 1: player", exact=True).select_option("Carla")
    entry.get_by_label("Marriage 1: suit", exact=True).select_option(label="Hearts")
    add.click()  # a second row, then thought better of
    expect(entry.get_by_label("Marriage 2: player", exact=True)).to_be_focused()
    entry.get_by_role("button", name="Remove marriage 2").click()
    expect(entry.get_by_label("Marriage 2: player", exact=True)).to_have_count(0)
    submit_hand(page)

    # R10: Carla's marriage in trumps is worth 40 and she has a trick: 25 + 40 = 65 beats Anna's 45
    expect_strokes(page, {"Anna": 5, "Benno": 6, "Carla": 4, "Dieter": 7})
    [recorded] = recorded_hands(server, match)
    assert recorded["melds"] == [{"player": "Carla", "suit": "H"}]


def test_void_a_hand_from_the_history(phone: Phone, server: Server) -> None:
    match = server.create_match()
    page = phone()
    join(page, match)
    fill_hand(page, DEUTSCH)
    submit_hand(page)
    expect_strokes(page, AFTER_DEUTSCH)

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Void hand 1").click()

    hand = page.locator('[data-history] [data-seq="1"]')
    expect(hand).to_have_class(re.compile(r"\bis-voided\b"))
    expect(hand).to_contain_text("voided")
    expect(page.get_by_role("button", name="Void hand 1")).to_have_count(0)
    # said once: which hand, and what is next now (the slates are as before it)
    expect(page.locator("[data-status]")).to_have_text("Hand 1 voided. Anna deals, Benno leads.")
    expect_strokes(page, FRESH)
    [recorded] = recorded_hands(server, match)
    assert recorded["voided"] is True
    assert [note["action"] for note in recorded["audit"]] == ["void"]


def test_voided_hand_shows_its_audit_note(phone: Phone, server: Server) -> None:
    match = server.create_match()
    status, body = server.api("POST", f"/api/matches/{match['id']}/hands", token=match["scorer_token"], body={
        "seq": 1, "points": DEUTSCH["points"], "tricks": DEUTSCH["tricks"], "last_trick": "Dieter", "trump": "H"})
    assert status == 201, body
    page = phone()
    join(page, match)
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Void hand 1").click()

    hand = page.locator('[data-history] [data-seq="1"]')
    expect(hand).to_have_class(re.compile(r"\bis-voided\b"))
    # when and through which link, and what the hand was
    audit = hand.locator('[data-audit="1"]')
    expect(audit).to_contain_text(re.compile(r"Voided .* by the scorer link"))
    expect(audit).to_contain_text("Anna 45")


def test_switch_language_to_german(phone: Phone, server: Server) -> None:
    match = server.create_match()
    page = phone(locale="en-GB")
    join(page, match)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(slates(page).first).to_contain_text("7 strokes")

    page.get_by_role("button", name="DE", exact=True).click()

    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("button", name="DE", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(slates(page).first).to_contain_text("7 Striche")
    expect(page.locator("[data-blob-counts]")).to_contain_text("Bollen")
    expect(page.locator("[data-next]")).to_have_text("Anna gibt, Benno spielt aus.")
    expect(page.locator("[data-entry]").get_by_role("button", name="Spiel eintragen")).to_be_visible()
    # the choice stays on this phone
    page.locator("[data-home]").click()
    expect(page.get_by_label("Erster Geber (hat die höchste Karte gezogen)")).to_be_visible()
    page.reload()
    expect(page.get_by_role("button", name="Partie beginnen")).to_be_visible()


def test_referee_says_no_with_t1_when_you_must_follow_suit(phone: Phone, server: Server) -> None:
    page = phone()
    page.goto("/")
    page.get_by_role("link", name="Referee: may I play this card?").click()
    # "Referee" at once, then with the game it judges ("Referee: Dreeg") once that has loaded
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Referee(: Dreeg)?$"))

    ask = page.locator("[data-ref-play]")
    hand = ask.get_by_role("group", name="Your hand")
    hand.get_by_role("button", name="Ten of Hearts").click()
    hand.get_by_role("button", name="Nine of Acorns").click()
    ask.get_by_role("group", name="Cards already in the trick").get_by_role("button", name="Ace of Hearts").click()
    ask.get_by_role("group", name="The card you want to play").get_by_role("button", name="Nine of Acorns").click()
    ask.get_by_role("button", name="Ask the referee").click()

    verdict = ask.locator("[data-verdict]")
    expect(verdict.locator('[data-legal="false"]')).to_contain_text("No")
    expect(verdict.locator(".rule")).to_have_text("T1")
    expect(verdict).to_have_class(re.compile(r"\bis-no\b"))
    red, green, blue = (int(c) for c in re.findall(r"\d+", verdict.evaluate(
        "el => getComputedStyle(el).borderLeftColor"))[:3])
    assert red > green + 60 and red > blue + 60, (red, green, blue)
    expect(verdict.locator(".legal-cards")).to_contain_text("Ten of Hearts")


def test_hand_entered_offline_is_recorded_once_back_online(phone: Phone, server: Server) -> None:
    match = server.create_match()
    page = phone()
    join(page, match)
    context: BrowserContext = page.context

    context.set_offline(True)
    fill_hand(page, DEUTSCH)
    submit_hand(page)
    pending = page.locator("[data-pending]")
    expect(pending.locator('[data-pending-seq="1"]')).to_contain_text("waiting")
    expect(page.locator("[data-pending-note]")).to_have_text(
        "Hand 1: kept on this phone, sent as soon as the server answers.")
    # the header names who deals after the waiting hand (the server's turn order), not the old dealer
    expect(page.locator("[data-next]")).to_have_text(
        "Dieter deals next, once the waiting hand is recorded (unless a sub-game ends).")
    assert recorded_hands(server, match) == []

    context.set_offline(False)
    # sent on the browser's online event (tests/browser/test_outbox.py times it); the retry
    # timer (15 s) is the fallback should the event not come
    expect(pending).to_have_count(0, timeout=20_000)
    expect(page.locator("[data-pending-note]")).to_be_hidden()
    expect(page.locator("[data-next]")).to_have_text("Dieter deals, Anna leads.")
    expect(page.locator('[data-history] [data-seq="1"]')).to_be_visible()
    expect_strokes(page, AFTER_DEUTSCH)
    page.reload()
    expect_strokes(page, AFTER_DEUTSCH)
    expect(page.locator("[data-pending]")).to_have_count(0)
    hands = recorded_hands(server, match)
    assert [(hand["seq"], hand["voided"]) for hand in hands] == [(1, False)]
