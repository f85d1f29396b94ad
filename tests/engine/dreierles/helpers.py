"""Building Dreierles entries for the tests from the JSON a table would send."""

from __future__ import annotations

import random
from typing import Any

from engine.cards.cego import DECK_54, CegoCard, parse_cego_card
from engine.dreierles import DreierlesEntry, DreierlesState, Extra, GameType
from engine.dreierles.counting import count


def entry_from_json(data: dict[str, Any]) -> DreierlesEntry:
    """``{"game": "zweier", "declarer": "Benno", ...}`` (API.md, "dreierles") → the engine's entry."""
    fields = dict(data)
    fields.pop("seq", None)
    if "game" in fields:
        fields["game"] = GameType(fields["game"])
    if "extras" in fields:
        fields["extras"] = tuple(Extra(e) for e in fields["extras"])
    if "cards" in fields:
        fields["cards"] = tuple(parse_cego_card(c) for c in fields["cards"])
    return DreierlesEntry(**fields)


def cards(text: str) -> tuple[Any, ...]:
    return tuple(parse_cego_card(c) for c in text.split())


def random_pile(rng: random.Random, game: GameType, blind_rest: str, share: float = 0.5) -> list[CegoCard]:
    """The declarer's pile after a real deal of a shuffled pack (R28's decisions): the
    Blinder of six, three hands of 16; he buys what his game buys and lays as many away
    (a Solo takes the Blinder unseen and lays nothing away); the 48 cards played go in 16
    tricks of three, each to him with the chance ``share``.  His pile is his tricks and what he laid away, and
    the Blinder's cards he did not buy unless they go to the defenders; a Solo's holds the
    Blinder."""
    pack = list(DECK_54)
    rng.shuffle(pack)
    blind, hand, others = pack[:6], pack[6:22], pack[22:]
    if game.bought == len(blind):
        laid_away, kept, played = blind, [], hand + others
    else:
        bought, kept = blind[:game.bought], blind[game.bought:]
        held = hand + bought
        rng.shuffle(held)
        laid_away, hand = held[:game.bought], held[game.bought:]
        played = hand + others
    rng.shuffle(played)
    tricks = [played[3 * t:3 * t + 3] for t in range(16)]
    won = [trick for trick in tricks if rng.random() < share]
    pile = [c for trick in won for c in trick] + laid_away
    return pile + kept if blind_rest == "declarer" else pile


def random_deal(rng: random.Random, state: DreierlesState) -> dict[str, Any]:
    """A deal as a table could enter it: a Räuber's piles and a declarer's pile (or its
    count) come from a real deal of a shuffled pack."""
    active = state.seating.active
    kind = rng.choice(["dreier", "zweier", "einser", "solo", "solo_durchmarsch", "raeuber", "drescher"])
    if kind == "drescher":
        return {"game": kind, "last_trick": rng.choice(active)}
    if kind == "raeuber":
        pack = list(DECK_54)
        rng.shuffle(pack)
        piles: dict[str, list] = {name: [] for name in active}
        for t in range(16):
            piles[rng.choice(active)].extend(pack[3 * t:3 * t + 3])
        return {"game": kind, "points": {n: count(p) for n, p in piles.items()},
                "tricks": {n: len(p) // 3 for n, p in piles.items()}, "blind_points": count(pack[48:])}
    pile = random_pile(rng, GameType(kind), state.rules["blind_rest"], rng.random())
    body: dict[str, Any] = {"game": kind, "declarer": rng.choice(active)}
    if rng.random() < 0.3:
        body["cards"] = [str(c) for c in pile]
    else:
        body["declarer_points"] = count(pile)
    if kind in ("dreier", "zweier", "einser") and rng.random() < 0.1:
        body["discard_error"] = True
    return body
