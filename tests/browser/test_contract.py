"""The phone's game contract (pwa/games/index.js, issue 19): every game's module keeps it,
and the registry (pwa/games/index.js) refuses one that does not as it loads it, naming the
game and each member at fault, on the console and in the error, before the match page uses it."""

from __future__ import annotations

import re

from playwright.sync_api import Route, expect

import engine
from tests.browser.conftest import APP_TITLE, Phone, Server

#: A game's module that forgot its entry form, drew its board as a string and took another's name.
BROKEN = """
export default {
  name: 'dreeg',
  title: () => 'A broken game',
  next: () => '',
  summary: () => '',
  board: 'the slates',
  ranking: () => null,
  extras: () => null,
  facts: () => '',
  outcome: () => '',
  details: () => null,
  tag: () => null,
  question: () => '',
  referee: () => import('./referee.js'),
};
"""


def test_every_game_keeps_the_contract(phone: Phone) -> None:
    page = phone()
    page.goto("/")
    page.wait_for_selector("[data-new-match]")
    loaded = page.evaluate("""async () => {
      const { GAMES, loadGame } = await import('/games/index.js');
      const out = {};
      for (const name of Object.keys(GAMES)) out[name] = (await loadGame(name)).name;
      return out;
    }""")
    assert loaded == {name: name for name, game in engine.GAMES.items() if game.available}


def test_the_contract_names_each_member_at_fault(phone: Phone) -> None:
    page = phone()
    page.goto("/")
    page.wait_for_selector("[data-new-match]")
    breaches = page.evaluate("""async () => {
      const { contractBreaches } = await import('/games/index.js');
      const good = (await import('/games/dreist/index.js'));
      return {
        good: contractBreaches('dreist', good),
        noDefault: contractBreaches('x', {}),
        broken: contractBreaches('x', {
          default: { ...good.default, name: 'x', form: undefined, words: 'dsp', tag: 3 },
        }),
      };
    }""")
    assert breaches["good"] == []
    assert breaches["noDefault"] == ["it has no default export (the Game object)"]
    assert breaches["broken"] == [
        '"tag" is a number, not a function',
        '"form" is missing (a function)',
        '"words" is a string, not an object',
    ]


def test_a_game_that_breaks_the_contract_is_refused_as_it_loads(phone: Phone, server: Server) -> None:
    """A game's module served broken: the registry says what is wrong with it, naming the game and
    each member, and the match page says the table cannot be shown rather than failing halfway."""
    match = server.create_match()
    page = phone()
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text) if message.type == "error" else None)

    def broken(route: Route) -> None:
        route.fulfill(status=200, content_type="text/javascript", body=BROKEN)

    page.route(re.compile(r"/games/dreeg/index\.js$"), broken)
    page.goto(f"/#/m/{match['id']}/{match['scorer_token']}")
    expect(page.locator(APP_TITLE)).to_have_text("This table is unknown, or the link is not valid.")
    refusal = next(text for text in said if "breaks the game contract" in text)
    assert refusal.startswith("games/dreeg/index.js breaks the game contract (games/index.js): ")
    assert '"board" is a string, not a function' in refusal
    assert '"form" is missing' in refusal
    assert "name" not in refusal.split(": ", 1)[1]  # its name is right: dreeg
    assert page.locator("[data-entry]").count() == 0
