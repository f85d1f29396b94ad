"""What every game's entry form does alike on a phone at 360 px (pwa/entry-form.js, dom.js,
issue 18): the live result stays in view beside the send button while the last field is typed
(also with the on-screen keyboard taking half the screen), a refusal is shown once (at its
field; a problem about the whole entry once, beside the send button), and a toast covers no
button."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import PHONE, Phone, Server

# the layout left above the keyboard on a phone (Chrome with interactive-widget=resizes-content)
WITH_KEYBOARD = {"width": 360, "height": 420}


def create(server: Server, game: str, players: list[str], **rules: str) -> dict[str, Any]:
    status, match = server.api("POST", "/api/matches", {"game": game, "players": players, "rules": rules})
    assert status == 201, match
    return match


def post(server: Server, match: dict[str, Any], entry: dict[str, Any]) -> None:
    status, body = server.api("POST", f"/api/matches/{match['id']}/hands", entry, token=match["scorer_token"])
    assert status == 201, body


DREEG_HAND = {"points": {"Anna": 45, "Benno": 40, "Carla": 25, "Dieter": 10},
              "tricks": {"Anna": 2, "Benno": 2, "Carla": 1, "Dieter": 1}, "last_trick": "Dieter", "trump": "H"}


def dreeg(server: Server, hands: int = 0) -> dict[str, Any]:
    match = create(server, "dreeg", ["Anna", "Benno", "Carla", "Dieter"])
    for seq in range(1, hands + 1):
        post(server, match, {"seq": seq, **DREEG_HAND})
    return match


def open_form(page: Page, match: dict[str, Any]) -> Locator:
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    entry = page.locator("[data-entry]")
    expect(entry.locator("[type=submit]").first).to_be_attached()
    return entry


# --- each game's form, typed up to its last field --------------------------------------------


def type_dreeg(entry: Locator) -> Locator:
    for name, points, tricks in (("Anna", 45, 2), ("Benno", 40, 2), ("Carla", 25, 1)):
        entry.get_by_label(f"Card points of {name}", exact=True).fill(str(points))
        entry.get_by_label(f"Tricks of {name}", exact=True).fill(str(tricks))
    return entry.get_by_label("Tricks of Dieter", exact=True)


def type_sixtysix(entry: Locator) -> Locator:
    entry.locator('input[name="ended_by"][value="played_out"]').check()
    entry.get_by_label("Card points of Anna", exact=True).fill("70")
    return entry.get_by_label("Tricks of Benno", exact=True)


def type_dreierles(entry: Locator) -> Locator:
    entry.locator('input[name="game"][value="zweier"]').check()
    entry.locator('input[name="declarer"][value="Benno"]').check()
    return entry.locator('input[data-field="declarer_points"]')


def type_dreist(entry: Locator) -> Locator:
    entry.locator('input[data-field="remaining.Anna"]').fill("0")
    entry.locator('input[data-field="remaining.Benno"]').fill("12")
    return entry.locator('input[data-field="remaining.Carla"]')


FORMS: dict[str, tuple[Callable[[Server], dict[str, Any]], Callable[[Locator], Locator], str]] = {
    "dreeg": (lambda s: dreeg(s), type_dreeg, "[data-sums]"),
    "sixtysix": (lambda s: create(s, "sixtysix", ["Anna", "Benno"]), type_sixtysix, "[data-sums]"),
    "dreierles": (lambda s: create(s, "dreierles", ["Anna", "Benno", "Carla"]), type_dreierles, "[data-live]"),
    "dreist": (lambda s: create(s, "dreist", ["Anna", "Benno", "Carla"]), type_dreist, "[data-live]"),
}


def within_screen(page: Page, box: dict[str, float] | None) -> bool:
    size = page.viewport_size
    assert box and size
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5 and box["x"] >= 0 \
        and box["x"] + box["width"] <= size["width"] + 0.5


def inside(outer: dict[str, float] | None, inner: dict[str, float] | None) -> bool:
    assert outer and inner
    return (outer["x"] - 0.5 <= inner["x"] and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
            and outer["y"] - 0.5 <= inner["y"] and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5)


@pytest.mark.parametrize("viewport", [PHONE, WITH_KEYBOARD], ids=["whole screen", "keyboard open"])
@pytest.mark.parametrize("game", list(FORMS))
def test_the_live_result_stays_beside_the_send_button_while_the_last_field_is_typed(
        phone: Phone, server: Server, game: str, viewport: dict[str, int]) -> None:
    create_match, type_up_to_last, result = FORMS[game]
    page = phone("en-GB")
    entry = open_form(page, create_match(server))
    last = type_up_to_last(entry)
    page.set_viewport_size(viewport)
    last.focus()
    last.press("1")
    live = entry.locator(result)
    send = entry.locator("[type=submit]").first
    expect(live).to_be_visible()
    # the field typed in, the result and the button that sends: all on screen at once
    assert within_screen(page, last.bounding_box()), "the focused field is out of sight"
    assert within_screen(page, live.bounding_box()), "the live result is out of sight"
    assert within_screen(page, send.bounding_box()), "the send button is out of sight"
    # side by side in the form's foot, and the field typed in is not behind it
    foot = entry.locator("[data-entry-foot]")
    assert inside(foot.bounding_box(), live.bounding_box())
    assert inside(foot.bounding_box(), send.bounding_box())
    field, bar = last.bounding_box(), foot.bounding_box()
    assert field and bar and field["y"] + field["height"] <= bar["y"] + 0.5


def visible_text_count(page: Page, text: str) -> int:
    """How often `text` stands on the page where a player can see it."""
    return int(page.evaluate(
        """(text) => {
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            let n = 0;
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                const el = node.parentElement;
                if (!el || !el.getClientRects().length || el.closest('.vh, [aria-hidden="true"]')) continue;
                n += node.textContent.split(text).length - 1;
            }
            return n;
        }""", text))


def test_a_refusal_at_a_field_is_shown_once_beside_it(phone: Phone, server: Server) -> None:
    page = phone("en-GB")
    entry = open_form(page, dreeg(server))
    type_dreeg(entry)
    entry.get_by_label("Card points of Carla", exact=True).fill("15")  # 110 of 120 (R15)
    entry.get_by_label("Card points of Dieter", exact=True).fill("10")
    entry.get_by_label("Tricks of Dieter", exact=True).fill("1")
    entry.get_by_label("Dieter took the last trick").check()
    entry.get_by_role("button", name="Enter hand").click()

    beside = entry.locator('[data-error-for="points"]')
    expect(beside).to_contain_text("110")
    expect(beside).to_contain_text("R15")
    sentence = beside.inner_text().removesuffix(" (R15)")
    assert visible_text_count(page, sentence) == 1
    expect(entry.locator("[data-problem]")).to_be_empty()


def test_a_problem_with_the_whole_entry_is_shown_once_beside_the_send_button(phone: Phone, server: Server) -> None:
    match = dreeg(server)
    page = phone("en-GB")
    entry = open_form(page, match)
    type_dreeg(entry)
    entry.get_by_label("Card points of Dieter", exact=True).fill("10")
    entry.get_by_label("Tricks of Dieter", exact=True).fill("1")
    entry.get_by_label("Dieter took the last trick").check()
    post(server, match, {"seq": 1, **DREEG_HAND})  # another phone was faster
    entry.get_by_role("button", name="Enter hand").click()

    problem = entry.locator("[data-problem]")
    expect(problem).to_contain_text("Someone else entered a hand first")
    assert visible_text_count(page, "Someone else entered a hand first") == 1
    # in sight, right above the button that sends (measured once the page has settled: the
    # sticky footer may still be moving while the answer scrolls the problem into view)
    for _ in range(20):
        said, send = problem.bounding_box(), entry.locator("[data-submit]").bounding_box()
        if said and send and 0 <= send["y"] - (said["y"] + said["height"]) <= 80:
            break
        page.wait_for_timeout(100)
    assert within_screen(page, said) and within_screen(page, send)
    assert said and send and 0 <= send["y"] - (said["y"] + said["height"]) <= 80, (said, send)


TAPPABLE = ("button, a[href], input:not([type=hidden]), select, textarea, summary, label, [role=button], "
            "[tabindex='0']")


def covered_controls(page: Page) -> list[str]:
    """The controls a player sees on screen (nothing else on top of them) that the toast lies
    over. The toast lets taps through, so what the page shows at a point under it is what it
    hides there."""
    return list(page.evaluate(
        """(selector) => {
            const toast = document.querySelector('[data-status]');
            if (!toast.textContent) return ['(no toast)'];
            const t = toast.getBoundingClientRect();
            const out = [];
            for (const el of document.querySelectorAll(selector)) {
                const r = el.getBoundingClientRect();
                if (!r.width || !r.height || r.bottom <= 0 || r.top >= innerHeight) continue;
                const x0 = Math.max(r.left, t.left), x1 = Math.min(r.right, t.right);
                const y0 = Math.max(r.top, t.top), y1 = Math.min(r.bottom, t.bottom);
                if (x1 - x0 < 1 || y1 - y0 < 1) continue;
                const seen = [[x0, y0], [x1 - 1, y0], [x0, y1 - 1], [x1 - 1, y1 - 1], [(x0 + x1) / 2, (y0 + y1) / 2]]
                    .map(([x, y]) => document.elementFromPoint(x, y))
                    .some((hit) => hit && (el.contains(hit) || [...(el.labels || [])].includes(hit)));
                const name = (el.getAttribute('aria-label') || el.textContent).trim().slice(0, 30);
                if (seen) out.push(`${el.tagName} ${name}`);
            }
            return out;
        }""", TAPPABLE))


@pytest.mark.parametrize("viewport", [PHONE, WITH_KEYBOARD], ids=["whole screen", "a short screen full of fields"])
def test_a_toast_covers_no_button(phone: Phone, server: Server, viewport: dict[str, int]) -> None:
    page = phone("de-DE")
    page.set_viewport_size(viewport)
    entry = open_form(page, dreeg(server, hands=2))
    for name, points, tricks in (("Anna", 45, 2), ("Benno", 40, 2), ("Carla", 25, 1), ("Dieter", 10, 1)):
        entry.get_by_label(f"Augen von {name}", exact=True).fill(str(points))
        entry.get_by_label(f"Stiche von {name}", exact=True).fill(str(tricks))
    entry.get_by_label("Dieter hat den letzten Stich").check()
    entry.get_by_role("button", name="Spiel eintragen").click()

    toast = page.locator("[data-status]")
    expect(toast).to_contain_text("Spiel 3 eingetragen")
    expect(page.locator('[data-history] [data-seq="3"]')).to_be_visible()
    assert settled_cover(page) == []
    # the next hand's rows right under the header line: on a short screen, fields all the way down
    entry.locator("[data-row]").first.evaluate(
        "(el) => scrollBy(0, el.getBoundingClientRect().top - document.querySelector('[data-next]').offsetHeight)")
    expect(toast).to_contain_text("Spiel 3 eingetragen")
    assert settled_cover(page) == []
    # where the players look next: the history, hand 1's "Berichtigen" at the foot of the screen
    correct = page.locator('[data-correct="1"]')
    correct.evaluate("(el) => window.scrollBy(0, el.getBoundingClientRect().bottom - innerHeight + 8)")
    expect(toast).to_contain_text("Spiel 3 eingetragen")
    assert settled_cover(page) == []
    # and it is said politely
    expect(toast).to_have_attribute("aria-live", "polite")


def settled_cover(page: Page) -> list[str]:
    """covered_controls once the toast has been placed after the page's last change (a frame
    or two; 2 s at most)."""
    covered: list[str] = []
    for _ in range(20):
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        covered = covered_controls(page)
        if not covered:
            break
        page.wait_for_timeout(100)
    return covered


def test_a_problem_without_a_field_stands_beside_the_button_on_the_other_forms(phone: Phone, server: Server) -> None:
    """The new table and the referee: no answer from the server is said once, above the button."""
    page = phone("en-GB")
    page.goto("/")
    form = page.locator("[data-new-match]")
    for number, name in enumerate(["Anna", "Benno", "Carla", "Dieter"], start=1):
        form.get_by_label(f"Player {number}", exact=True).fill(name)
    page.context.set_offline(True)
    form.get_by_role("button", name="Start the match").click()
    problem, send = form.locator("[data-problem]"), form.locator("[data-create]")
    expect(problem).to_contain_text("No answer from the server")
    said, button = problem.bounding_box(), send.bounding_box()
    assert said and button and 0 <= button["y"] - (said["y"] + said["height"]) <= 40

    page.context.set_offline(False)
    match = dreeg(server)
    open_form(page, match)
    page.locator("[data-referee-link]").click()
    ask = page.locator("[data-ref-play]")
    ask.locator('input[name="ask_trump"][value="H"]').check(force=True)
    ask.get_by_role("group", name="Your hand").get_by_role("button", name="Ten of Hearts").click()
    ask.get_by_role("group", name="The card you want to play").get_by_role("button", name="Ten of Hearts").click()
    page.context.set_offline(True)
    ask.get_by_role("button", name="Ask the referee").click()
    problem, send = ask.locator("[data-problem]"), ask.locator("[data-ask]")
    expect(problem).to_contain_text("No answer from the server")
    assert visible_text_count(page, "No answer from the server") == 1
    said, button = problem.bounding_box(), send.bounding_box()
    assert said and button and 0 <= button["y"] - (said["y"] + said["height"]) <= 40


TILES = """() => [...document.querySelectorAll('.field.check')].filter((f) => f.getClientRects().length).map((f) => {
    const box = f.querySelector('input').getBoundingClientRect();
    const label = f.querySelector('label').getBoundingClientRect();
    const card = f.closest('.card, section, form').getBoundingClientRect();
    const s = getComputedStyle(f.querySelector('label'));
    return {
        inside: box.left >= label.left && box.right <= label.right
            && box.top >= label.top && box.bottom <= label.bottom,
        within: label.left >= card.left - 0.5 && label.right <= card.right + 0.5,
        edge: parseFloat(s.borderTopWidth) > 0 && s.borderTopStyle !== 'none',
        high: label.height >= 44,
        text: f.querySelector('label').textContent.trim().slice(0, 30),
    };
})"""


@pytest.mark.parametrize("game", ["dreeg referee", "dreierles", "dreist"])
def test_a_checkbox_and_its_label_are_one_tile_with_an_edge(phone: Phone, server: Server, game: str) -> None:
    page = phone("de-DE")
    if game == "dreeg referee":
        open_form(page, dreeg(server))
        page.locator("[data-referee-link]").click()
        expect(page.locator("[data-ref-play] .field.check").first).to_be_visible()
    else:
        entry = open_form(page, FORMS[game][0](server))
        if game == "dreierles":
            entry.locator('input[name="game"][value="dreier"]').check()
            entry.locator('input[name="declarer"][value="Benno"]').check()
        expect(entry.locator(".field.check:not([hidden])").first).to_be_visible()
    tiles = page.evaluate(TILES)
    assert tiles
    for tile in tiles:
        assert tile["inside"] and tile["within"] and tile["edge"] and tile["high"], tile
