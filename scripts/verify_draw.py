#!/usr/bin/env python3
"""Recompute a Preisschnapsen tournament's computed draws from their published seeds (R24).

An auditor's script: the Python standard library only, nothing from Kreide's engine, so
anyone can check the organiser's draws with the documented algorithm alone.

    scripts/verify_draw.py https://host/api/tournaments/ID TOKEN     (or --token TOKEN)
    scripts/verify_draw.py state.json          # a saved answer of GET /api/tournaments/{id}
    scripts/verify_draw.py -                   # the same answer on standard input

For every round it checks:

- a computed draw (``seed`` given): ``sha256(seed)`` equals the published ``hash`` (the commit
  made before the draw), and the numbers every player drew are the ones the seed gives;
- the draw order: round 1 in purchase order (``players``, with the cards each bought), later
  rounds most cards first, ties in purchase order, with the cards each player held at that
  round (his cards of the round before, less one for every pairing he lost or met himself in);
- every round: each number of the pots is drawn at most once, the numbers a player drew match
  the cards he held, and the pairings follow from the numbers (pairing n: the holder of Ln
  against the holder of Rn, a bye when Rn stayed in the pot);
- the card numbers the state shows at each table (a player's cards told apart, Wastl ① and
  Wastl ②): a player's cards are numbered 1, 2, … in the order he bought them; in every round
  he draws for his cards still in, lowest first, so his k-th number belongs to his k-th card
  still in; the loser gives up the card he played with, a player who met himself the one that
  drew from the right pot; a player who bought one card has no number.

It prints one line per round, ``OK`` or the first difference found, and exits with 0 when
every round is OK, 1 otherwise.  A draw made with real pots (no seed) is not recomputed but
its numbers and pairings are checked all the same.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
import urllib.parse
import urllib.request
from collections.abc import Mapping, Sequence
from typing import Any

NUMBER = re.compile(r"^([LR])([1-9][0-9]*)$")
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"


def card_name(name: str, card: int | None) -> str:
    """A card as the board shows it: Wastl ① (a player with one card: just his name)."""
    if card is None:
        return name
    return f"{name} {CIRCLED[card - 1] if 1 <= card <= len(CIRCLED) else f'({card})'}"


def seed_hash(seed: str) -> str:
    """The published commit of a seed: SHA-256 of its UTF-8 bytes, lowercase hex."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def computed_draw(seed: str, order: Sequence[tuple[str, int]], cards: int, first_round: bool) -> dict[str, list[str]]:
    """The documented algorithm of the computed draw (issue 12's contract, R24).

    ``order``: (player, cards) in draw order; ``cards``: the cards of the round (the
    tournament's size in round 1, the cards left in later rounds); pots 1 .. cards/2.
    """
    rng = random.Random(seed)  # CPython's string seeding (version 2)

    def pick(pot: list[int]) -> int:
        return pot.pop(int(rng.random() * len(pot)))

    half = cards // 2
    left = list(range(1, half + 1))
    right = list(range(1, half + 1))
    numbers: dict[str, list[str]] = {name: [] for name, _ in order}
    for name, count in order:
        mine: set[int] = set()
        for _ in range(count):
            if left:
                n = pick(left)
                mine.add(n)
                numbers[name].append(f"L{n}")
            elif first_round and any(x not in mine for x in right):
                # drawing his own number from the right he draws again (the number goes back)
                while True:
                    i = int(rng.random() * len(right))
                    if right[i] not in mine:
                        break
                numbers[name].append(f"R{right.pop(i)}")
            else:
                numbers[name].append(f"R{pick(right)}")
    return numbers


def fallen_label(pairing: Mapping[str, Any]) -> str | None:
    """The pot number of the card that fell in this pairing: the loser's, or the right one
    of a player who met himself; none for a bye or a pairing still waiting."""
    loser = fallen(pairing)
    if loser is None:
        return None
    number = int(pairing["number"])
    players = list(pairing.get("players") or [])
    if pairing.get("self") or players[0] == players[1]:
        return f"R{number}"
    return f"L{number}" if players[0] == loser else f"R{number}"


def fallen(pairing: Mapping[str, Any]) -> str | None:
    """Who gave up a card in this pairing: the loser of a match, the player who met himself;
    nobody for a bye or a pairing still waiting for its result."""
    players = list(pairing.get("players") or [])
    if pairing.get("bye") or len(players) < 2:
        return None
    if pairing.get("self") or players[0] == players[1]:
        return str(players[0])
    winner = pairing.get("winner")
    if winner is None:
        return None
    others = [p for p in players if p != winner]
    return str(others[0]) if others else None


class Audit:
    """The audit of one tournament state: a line per round, and whether all were OK."""

    def __init__(self, state: Mapping[str, Any]) -> None:
        self.state = state
        self.lines: list[str] = []
        self.ok = True

    def run(self) -> bool:
        state = self.state
        players = [p for p in state.get("players") or []]
        purchase = {str(p["name"]): i for i, p in enumerate(players)}
        held = {str(p["name"]): int(p.get("bought") or 0) for p in players}
        self.bought = dict(held)
        self.still_in = {name: list(range(1, count + 1)) for name, count in held.items()}
        size = int(state.get("size") or 0)
        rounds = list(state.get("rounds") or [])
        if not rounds:
            self.lines.append("no draw yet: nothing to check")
            return True
        for index, rnd in enumerate(rounds):
            number = int(rnd.get("round") or index + 1)
            first = index == 0
            try:
                problem, kind = self.check_round(rnd, held, purchase, size if first else sum(held.values()), first)
                problem = problem or self.check_cards(rnd)
            except (KeyError, TypeError, ValueError, IndexError) as err:
                problem, kind = f"cannot be read ({type(err).__name__}: {err})", "round"
            if problem:
                self.ok = False
                self.lines.append(f"round {number}: DIFFERENT: {problem}")
            else:
                self.lines.append(f"round {number}: OK ({kind})")
            for pairing in rnd.get("pairings") or []:
                loser = fallen(pairing)
                if loser is not None and loser in held:
                    held[loser] -= 1
        return self.ok

    def check_round(self, rnd: Mapping[str, Any], held: Mapping[str, int], purchase: Mapping[str, int],
                    cards: int, first: bool) -> tuple[str | None, str]:
        if first:
            order = [(name, count) for name, count in held.items() if count > 0]
        else:
            order = sorted(((name, count) for name, count in held.items() if count > 0),
                           key=lambda item: (-item[1], purchase[item[0]]))
        numbers = {str(k): [str(x) for x in v] for k, v in (rnd.get("numbers") or {}).items()}
        seed = rnd.get("seed")
        if seed is not None:
            kind = "computed draw"
            published = rnd.get("hash")
            if published is None:
                return "a computed draw without a published commit (hash)", kind
            if seed_hash(str(seed)) != str(published):
                return f"sha256 of the seed is {seed_hash(str(seed))}, the published commit is {published}", kind
            expected = computed_draw(str(seed), order, cards, first)
            for name, _ in order:
                if numbers.get(name) != expected[name]:
                    return (f"{name} (draw order {[n for n, _ in order].index(name) + 1}) draws "
                            f"{expected[name]} by the seed, the state shows {numbers.get(name)}"), kind
            extra = sorted(set(numbers) - set(expected))
            if extra:
                return f"numbers for {extra}, who held no card at this round", kind
        else:
            kind = "draw with real pots, not recomputed"
            for name, count in order:
                if len(numbers.get(name, [])) != count:
                    return f"{name} held {count} card(s) at this round, the state shows {numbers.get(name)}", kind
            extra = sorted(name for name in numbers if held.get(name, 0) <= 0 and numbers[name])
            if extra:
                return f"numbers for {extra}, who held no card at this round", kind
        return self.check_pairings(rnd, numbers, cards, first), kind

    def check_cards(self, rnd: Mapping[str, Any]) -> str | None:
        """The card numbers shown at the tables (a state without them is not checked), then
        the cards that fell leave their holders."""
        owner: dict[str, int] = {}
        for name, drawn in (rnd.get("numbers") or {}).items():
            for label, card in zip(drawn, self.still_in.get(str(name), [])):
                owner[str(label)] = card
        problem = None
        for pairing in rnd.get("pairings") or []:
            number = int(pairing["number"])
            players = [str(p) for p in pairing.get("players") or []]
            labels = [f"L{number}", f"R{number}"][: len(players)]
            want = [card_name(name, owner[label] if self.bought.get(name, 0) > 1 else None)
                    for name, label in zip(players, labels)]
            if "cards" in pairing and problem is None:
                got = [card_name(str(c.get("player")), c.get("card")) for c in pairing["cards"]]
                if got != want:
                    shown, given = (" against ".join(side) for side in (got, want))
                    problem = f"pairing {number} shows {shown}, the numbers give {given}"
            label = fallen_label(pairing)
            loser = fallen(pairing)
            if label is not None and loser is not None and owner.get(label) in self.still_in.get(loser, []):
                self.still_in[loser].remove(owner[label])
        return problem

    @staticmethod
    def check_pairings(rnd: Mapping[str, Any], numbers: Mapping[str, list[str]], cards: int,
                       first: bool) -> str | None:
        half = cards // 2
        left: dict[int, str] = {}
        right: dict[int, str] = {}
        for name, drawn in numbers.items():
            for text in drawn:
                match = NUMBER.match(text)
                if not match or not 1 <= int(match.group(2)) <= half:
                    return f"{name} drew {text!r}, not a number of the pots 1..{half}"
                pot = left if match.group(1) == "L" else right
                n = int(match.group(2))
                if n in pot:
                    return f"{text} drawn twice ({pot[n]} and {name})"
                pot[n] = name
        if sorted(left) != list(range(1, half + 1)):
            return f"the left pot was not emptied: {sorted(set(range(1, half + 1)) - set(left))} not drawn"
        if not first and len(right) != half:
            return f"numbers left in the right pot after round 1: {sorted(set(range(1, half + 1)) - set(right))}"
        shown = {int(p["number"]): p for p in rnd.get("pairings") or []}
        if sorted(shown) != list(range(1, half + 1)):
            return f"the pairings are numbered {sorted(shown)}, the pots 1..{half}"
        for n in range(1, half + 1):
            want = [left[n], right[n]] if n in right else [left[n]]
            got = list(shown[n].get("players") or [])
            if got != want:
                return f"pairing {n} shows {got}, the numbers give {want}"
            if bool(shown[n].get("bye")) != (n not in right):
                return f"pairing {n}: bye is {shown[n].get('bye')}"
        return None


def api_url(url: str) -> tuple[str, str | None]:
    """``https://host/api/tournaments/ID`` (or any URL ending in ``/tournaments/ID``, token
    perhaps in its query) -> the state's API address and the token found in the URL."""
    parts = urllib.parse.urlsplit(url)
    found = re.search(r"/tournaments/([^/?#]+)", parts.path)
    if not found:
        raise ValueError(f"{url} does not name a tournament (…/tournaments/ID)")
    query = urllib.parse.parse_qs(parts.query)
    token = (query.get("token") or [None])[0]
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, f"/api/tournaments/{found.group(1)}", "", "")), token


def load(source: str, token: str | None, timeout: float = 30.0) -> dict[str, Any]:
    if source.startswith(("http://", "https://")):
        url, in_url = api_url(source)
        token = token or in_url
        request = urllib.request.Request(url, headers={"Accept": "application/json"})
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            body: Any = json.loads(answer.read().decode("utf-8"))
    elif source == "-":
        body = json.load(sys.stdin)
    else:
        with open(source, encoding="utf-8") as handle:
            body = json.load(handle)
    if isinstance(body, dict) and isinstance(body.get("state"), dict):
        body = body["state"]  # the API's answer wraps the state
    if not isinstance(body, dict):
        raise ValueError("not a tournament's state (a JSON object)")
    return body


def audit(state: Mapping[str, Any]) -> tuple[bool, list[str]]:
    """Check every round of ``state``: (all OK, the lines to print)."""
    check = Audit(state)
    ok = check.run()
    return ok, check.lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("source", help="the tournament's URL (…/api/tournaments/ID), a saved JSON file, or - for stdin")
    parser.add_argument("token", nargs="?", help="organiser or viewer token (sent as Authorization: Bearer)")
    parser.add_argument("--token", dest="token_option", metavar="TOKEN", help="the token, as an option")
    args = parser.parse_args(argv)
    try:
        state = load(args.source, args.token or args.token_option)
    except (OSError, ValueError) as err:
        print(f"cannot read the tournament: {err}", file=sys.stderr)
        return 1
    ok, lines = audit(state)
    for line in lines:
        print(line)
    print("every draw checks out" if ok else "the draw does NOT check out")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
