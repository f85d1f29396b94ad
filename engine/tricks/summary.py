"""Checking a hand entered as a summary: card points and tricks per player (R15, R23).

A trick game's summary entry says how many card points and tricks each player took.
What a deck allows is checked here for any trick game: every player named once, the
tricks and card points add up (all of the deck when the hand was played out, no more
than it after a claim or a closed stock), every total can be made with the cards its
player took, and all of them fit one deck together.  Players who are checked as one
pile (a side in Dreeg's side games) are a *group*.

Independent mistakes are reported together (:class:`~engine.errors.Problems`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from engine.errors import Problems, RuleViolation
from engine.i18n import Term
from engine.tricks.counting import fits_one_deck, is_reachable
from engine.tricks.order import TrickCard

Group = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandShape:
    """What a hand deals: the ``deck``, ``per_trick`` cards in a trick (one per player)
    and ``tricks`` in a hand played out."""

    deck: tuple[TrickCard, ...]
    per_trick: int
    tricks: int

    @property
    def points(self) -> int:
        """Card points in the deck (120 in the 24- and the 20-card deck)."""
        return _deck_points(self.deck)


@dataclass(frozen=True, slots=True)
class Seats:
    """Who may be named in an entry: ``players`` of the match, ``active`` in this hand.
    A named player who is not active is refused with ``out`` (code, rule)."""

    players: tuple[str, ...]
    active: tuple[str, ...]
    out: tuple[str, str] = ("player_not_playing", "")

    def refuse(self, name: str, field: str) -> RuleViolation | None:
        """Why ``name`` cannot be named in ``field``, or ``None``."""
        if name in self.active:
            return None
        if name not in self.players:
            return RuleViolation("unknown_player", field=field, name=name)
        code, rule = self.out
        return RuleViolation(code, rule=rule or None, field=field, name=name)


@cache
def _deck_points(deck: tuple[TrickCard, ...]) -> int:
    return sum(c.points for c in deck)


def per_player(entry: Mapping[str, Mapping[str, int] | None], seats: Seats, *, rule: str) -> dict[str, dict[str, int]]:
    """``{"points": {...}, "tricks": {...}}`` with every active player exactly once and
    nobody else; every name missing or wrong in any of them is reported at once."""
    problems = Problems()
    checked: dict[str, dict[str, int]] = {}
    for field, values in entry.items():
        values = values or {}
        for name in values:
            refusal = seats.refuse(name, f"{field}.{name}")
            if refusal is not None:
                problems.add(refusal)
        for name in seats.active:
            if name not in values:
                problems.add(RuleViolation("player_missing", rule=rule, field=f"{field}.{name}", name=name,
                                           what=Term(field)))
        checked[field] = {name: values[name] for name in seats.active if name in values}
    problems.check()
    return checked


def check_counts(points: Mapping[str, int], tricks: Mapping[str, int], groups: Sequence[Group], shape: HandShape,
                 *, complete: bool, rule: str) -> None:
    """Tricks sum to the hand's tricks and card points to the deck's (no more than that
    when cards were left untaken: a claim, a closed stock); every total is reachable
    with the cards its group took; all totals fit one deck (``rule``: R15 or R23)."""
    problems = Problems()
    for name in points:
        if not 0 <= tricks[name] <= shape.tricks:
            problems.add(RuleViolation("tricks_range", rule=rule, field=f"tricks.{name}", player=name,
                                       most=shape.tricks))
        if not 0 <= points[name] <= shape.points:
            problems.add(RuleViolation("points_range", rule=rule, field=f"points.{name}", player=name,
                                       most=shape.points))
    problems.check()
    trick_sum, point_sum = sum(tricks.values()), sum(points.values())
    if complete:
        if trick_sum != shape.tricks:
            problems.add(RuleViolation("tricks_sum", rule=rule, field="tricks", total=trick_sum,
                                       expected=shape.tricks))
        if point_sum != shape.points:
            problems.add(RuleViolation("points_sum", rule=rule, field="points", total=point_sum,
                                       expected=shape.points))
    else:
        if trick_sum > shape.tricks:
            problems.add(RuleViolation("tricks_sum_claim", rule=rule, field="tricks", total=trick_sum,
                                       expected=shape.tricks))
        if point_sum > shape.points:
            problems.add(RuleViolation("points_sum_claim", rule=rule, field="points", total=point_sum,
                                       expected=shape.points))
    problems.check()
    piles = [(sum(tricks[n] for n in group) * shape.per_trick, sum(points[n] for n in group), group)
             for group in groups]
    for cards, total, group in piles:
        if cards == 0 and total != 0:
            problems.add(RuleViolation("points_without_trick", rule=rule, field=group_field("points", group),
                                       player=group, points=total))
    for cards, total, group in piles:
        if cards > 0 and not is_reachable(total, cards, shape.deck):
            problems.add(RuleViolation("points_unreachable", rule=rule, field=group_field("points", group),
                                       player=group, points=total, cards=cards))
    problems.check()
    rest = (len(shape.deck) - trick_sum * shape.per_trick, shape.points - point_sum)
    if not fits_one_deck([(cards, total) for cards, total, _ in piles] + [rest], shape.deck):
        raise RuleViolation("points_not_one_deck", rule=rule, field="points",
                            totals=[f"{' + '.join(group)} {total}" for _, total, group in piles])


def group_field(name: str, group: Group) -> str:
    """``points.Anna`` for one player; ``points`` for a side."""
    return f"{name}.{group[0]}" if len(group) == 1 else name


def group_of(groups: Sequence[Group], name: str) -> Group:
    return next(group for group in groups if name in group)


def group_tricks(tricks: Mapping[str, int], group: Group) -> int:
    return sum(tricks[name] for name in group)


def check_last_trick(last: str | None, tricks: Mapping[str, int], groups: Sequence[Group], seats: Seats,
                     *, required: str | None, rule: str) -> str | None:
    """Who took the last trick: an active player whose group took a trick (``rule``);
    required for a hand played out, by the rule that asks for it (``required``: Dreeg's
    entry check R15, Sixty-Six's R21), ``None`` where the hand ended early."""
    if last is None:
        if required:
            raise RuleViolation("last_trick_required", rule=required, field="last_trick")
        return None
    refusal = seats.refuse(last, "last_trick")
    if refusal is not None:
        raise refusal
    if group_tricks(tricks, group_of(groups, last)) == 0:
        raise RuleViolation("last_trick_without_trick", rule=rule, field="last_trick", player=last)
    return last
