"""The draw of a round from two pots (R24), computed from a published seed or entered as
drawn with real pots.

Both pots hold the numbers 1 … M/2 for the M cards in play (round 1: every card issued,
sold or not).  Players draw all their numbers in one go, in the draw order: purchase
order in round 1; most cards first, ties in purchase order, later.  Numbers come from the
left pot until it is empty, then from the right.  In round 1 a player who draws from
the right a number he already holds from the left draws again (the number goes back),
unless every number left there is one of his own; later rounds have no redraw.  The
holders of Ln and Rn meet at table n; round 1's numbers left in the right pot are byes.

The computed draw is this, and only this, so that anyone can recompute it
(``scripts/verify_draw.py`` does, without Kreide)::

    rng = random.Random(seed)                   # the seed as published, a str
    pick(pot) = pot.pop(int(rng.random() * len(pot)))   # pots in ascending order

and a redraw is ``i = int(rng.random() * len(right))`` until ``right[i]`` is not one of
his own, then ``right.pop(i)``.  Only ``random()`` is used: CPython promises its
sequence for a seed across versions, which it does not for ``randrange`` or ``shuffle``.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.errors import Problems, RuleViolation
from engine.tournament.state import BYE, SELF, Pairing

SEED_LEAST, SEED_MOST = 16, 200
_NUMBER = re.compile(r"([LR])([1-9][0-9]{0,4})")


def seed_hash(seed: str) -> str:
    """The commitment to a seed: its SHA-256 (UTF-8) in lowercase hex."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def seed_problem(seed: str) -> RuleViolation | None:
    if not SEED_LEAST <= len(seed) <= SEED_MOST or not seed.isprintable():
        return RuleViolation("tn_seed_format", rule="R24", field="seed", least=SEED_LEAST, most=SEED_MOST)
    return None


def computed_draw(seed: str, order: Sequence[tuple[str, int]], cards: int, first_round: bool) -> dict[str, list[str]]:
    """Every player's numbers, in the order drawn, for ``cards`` in play (module docstring)."""
    rng = random.Random(seed)
    size = cards // 2
    left = list(range(1, size + 1))
    right = list(range(1, size + 1))
    numbers: dict[str, list[str]] = {}
    for name, count in order:
        mine: set[int] = set()
        drawn = numbers.setdefault(name, [])
        for _ in range(count):
            if left:
                number = left.pop(int(rng.random() * len(left)))
                mine.add(number)
                drawn.append(f"L{number}")
            elif first_round and any(number not in mine for number in right):
                while True:
                    index = int(rng.random() * len(right))
                    if right[index] not in mine:
                        break
                drawn.append(f"R{right.pop(index)}")
            else:
                drawn.append(f"R{right.pop(int(rng.random() * len(right)))}")
    return numbers


def check_numbers(numbers: Any, order: Sequence[tuple[str, int]], cards: int, first_round: bool,
                  known: Callable[[str], str | None]) -> dict[str, tuple[str, ...]]:
    """A draw made with real pots, checked by every rule of R24; the numbers in draw
    order under each player's name as known (``known``: a name as written → as known, or
    ``None`` for anyone without a card in this round).

    Refused together: a player missing or unknown, a wrong count, a malformed number.
    Then, walking the draw in order: a number drawn twice, the right pot before the left
    is empty, a left number after it is, a kept own number (round 1) while the right pot
    held another."""
    size = cards // 2
    if not isinstance(numbers, Mapping):
        raise RuleViolation("tn_draw_kind", rule="R24", field="numbers")
    found = Problems()
    given: dict[str, list[tuple[str, int]]] = {}
    written: dict[str, str] = {}  # a player's name as known -> as written in this entry
    for raw_name, drawn in numbers.items():
        name = known(raw_name) if isinstance(raw_name, str) else None
        if name is None or name in given:
            found.add(RuleViolation("tn_draw_unknown_player", rule="R24", field=f"numbers.{raw_name}",
                                    player=str(raw_name)))
            continue
        if not isinstance(drawn, list) or not all(isinstance(item, str) for item in drawn):
            found.add(RuleViolation("tn_draw_number", rule="R24", field=f"numbers.{raw_name}", number=str(drawn),
                                    most=size))
            given[name] = []
            written[name] = raw_name
            continue
        written[name] = raw_name
        parsed: list[tuple[str, int]] = []
        for index, item in enumerate(drawn):
            match = _NUMBER.fullmatch(item.strip().upper())
            if match is None or not 1 <= int(match[2]) <= size:
                found.add(RuleViolation("tn_draw_number", rule="R24", field=f"numbers.{raw_name}.{index}",
                                        number=item, most=size))
            else:
                parsed.append((match[1], int(match[2])))
        given[name] = parsed
    for name, count in order:
        if name not in given:
            found.add(RuleViolation("tn_draw_missing", rule="R24", field=f"numbers.{name}", player=name,
                                    cards=count))
        elif isinstance(drawn := numbers[written[name]], list) and len(drawn) != count:
            found.add(RuleViolation("tn_draw_count", rule="R24", field=f"numbers.{written[name]}", player=name,
                                    cards=count, drawn=len(drawn)))
    found.check()
    return _walk(given, order, size, first_round, written)


def _walk(given: Mapping[str, list[tuple[str, int]]], order: Sequence[tuple[str, int]], size: int,
          first_round: bool, written: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    holders: dict[tuple[str, int], str] = {}
    right_left = set(range(1, size + 1))  # numbers still in the right pot
    left_count = 0
    for name, _count in order:
        raw = written[name]
        mine = {n for pot, n in given[name] if pot == "L"}
        for index, (pot, number) in enumerate(given[name]):
            label = f"{pot}{number}"
            where = f"numbers.{raw}.{index}"
            if (pot, number) in holders:
                raise RuleViolation("tn_draw_twice", rule="R24", field=where, number=label,
                                    first=holders[pot, number])
            if pot == "L":
                if left_count == size:
                    raise RuleViolation("tn_draw_left_empty", rule="R24", field=where, player=name, number=label,
                                        most=size)
                left_count += 1
            else:
                if left_count < size:
                    raise RuleViolation("tn_draw_left_first", rule="R24", field=where, player=name, number=label,
                                        left=size - left_count)
                if first_round and number in mine and any(other not in mine for other in right_left):
                    raise RuleViolation("tn_draw_own_number", rule="R24", field=where, player=name, number=label,
                                        own=number)
                right_left.discard(number)
            holders[pot, number] = name
    return {name: tuple(f"{pot}{n}" for pot, n in given[name]) for name, _count in order}


def pairings(numbers: Mapping[str, Sequence[str]], cards: int) -> tuple[Pairing, ...]:
    """Table n: the holders of Ln and Rn; a bye where Rn stayed in the pot; a player
    holding both meets himself and goes through with one card (decided at once)."""
    left: dict[int, str] = {}
    right: dict[int, str] = {}
    for name, drawn in numbers.items():
        for label in drawn:
            (left if label[0] == "L" else right)[int(label[1:])] = name
    tables = []
    for number in range(1, cards // 2 + 1):
        first = left[number]
        second = right.get(number)
        if second is None:
            tables.append(Pairing(number, (first,), first, BYE))
        elif second == first:
            tables.append(Pairing(number, (first, first), first, SELF))
        else:
            tables.append(Pairing(number, (first, second)))
    return tuple(tables)
