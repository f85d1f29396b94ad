"""Egon, the imaginary opponent of the solo variant (RULES.md R35, its decisions).

Egon turns his cards one by one.  Every card he might lay is a question to the laying
referee (:func:`engine.dreist.laying.lay_out`); nothing here knows a laying rule.  A turned
card is laid alone if the referee accepts it as a play of one, in the topmost row it can go;
else together with the earliest set-aside card with which the referee accepts a play of
two: in either order and any rows, including a second card laid into a cell its partner's
column-DREIer has just freed; among those, the one that lays the earlier-turned card first,
then the topmost (the first card's row, then the second's).  Else it is set aside.  After
each lay the set-aside cards are tried again in turning order, each alone or with any other
set-aside card.  He stops after the action that brings him to two laid cards (three are
possible), throws the set-aside cards on the discard pile and keeps the cards he never
turned.  His DREIers clear columns as anyone's do, but he draws nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards.dreist import NumberCard
from engine.dreist.display import Display
from engine.dreist.laying import Lay, LayRuling, Placement, lay_out, unchained
from engine.i18n import render

#: Egon's turn ends once he has laid this many cards.
EGON_LAYS = 2


def _rows(display: Display, *, deeper: int = 0) -> range:
    """The rows (from 1) a card can go: every row of the display and one below it; a card
    further down touches nothing (``deeper``: the second card of a pair, one more)."""
    return range(1, len(display.rows) + 2 + deeper)


def alone(display: Display, card: NumberCard, *, single_below_card: bool) -> LayRuling | None:
    """R35 Egon: ``card`` laid as a play of one in the topmost row the referee accepts."""
    for row in _rows(display):
        ruling = lay_out(display, [[(card, row)]], single_below_card=single_below_card)
        if ruling.legal:
            return ruling
    return None


def pairs(display: Display, turned: tuple[NumberCard, NumberCard]) -> Iterator[Lay]:
    """Every play of the two cards (in turning order) whose cells form a chain (the referee's
    own test), in Egon's order: the earlier-turned card first, then the topmost; then the
    other order."""
    earlier, later = turned
    for first, second in ((earlier, later), (later, earlier)):
        for r1 in _rows(display):
            for r2 in _rows(display, deeper=1):
                if unchained([(r1 - 1, first.number - 1), (r2 - 1, second.number - 1)]) is None:
                    yield [[(first, r1), (second, r2)]]


def pair(display: Display, turned: tuple[NumberCard, NumberCard], *, single_below_card: bool) -> LayRuling | None:
    """R35 Egon: the first play of the two cards (in turning order), in his order of
    preference, that the referee accepts."""
    for lay in pairs(display, turned):
        ruling = lay_out(display, lay, single_below_card=single_below_card)
        if ruling.legal:
            return ruling
    return None


class _Turn:
    """Egon's turn as it goes: the display, the cards laid and the set-aside cards in
    turning order (a turned card is the last of them while it is tried)."""

    __slots__ = ("aside", "board", "laid", "single_below_card")

    def __init__(self, board: Display, *, single_below_card: bool) -> None:
        self.board = board
        self.single_below_card = single_below_card
        self.laid: list[Placement] = []
        self.aside: list[NumberCard] = []

    @property
    def done(self) -> bool:
        return len(self.laid) >= EGON_LAYS

    def turn(self, card: NumberCard) -> None:
        """A card turned: laid (then the set-aside cards tried again) or set aside."""
        self.aside.append(card)
        if self.attempt(len(self.aside) - 1):
            self.retry()

    def retry(self) -> None:
        """After a lay, the set-aside cards in turning order, from the first again after each
        lay, until none can be laid or he has laid two."""
        while not self.done and any(self.attempt(i) for i in range(len(self.aside))):
            pass

    def attempt(self, i: int) -> bool:
        """The set-aside card ``i`` laid alone, else with the earliest other set-aside card
        that makes a legal pair; ``False`` if neither."""
        card = self.aside[i]
        ruling = alone(self.board, card, single_below_card=self.single_below_card)
        used = [i]
        for j, partner in enumerate(self.aside):
            if ruling is not None:
                break
            if j != i:
                ruling = pair(self.board, (partner, card) if j < i else (card, partner),
                              single_below_card=self.single_below_card)
                used = [i, j]
        if ruling is None:
            return False
        for k in sorted(used, reverse=True):
            del self.aside[k]
        self.board = ruling.display
        self.laid.extend(ruling.placements)
        return True


@dataclass(frozen=True, slots=True)
class EgonRuling:
    placements: tuple[Placement, ...]
    discarded: tuple[NumberCard, ...]
    kept: tuple[NumberCard, ...]
    display: Display

    @property
    def done(self) -> bool:
        return len(self.placements) >= EGON_LAYS

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "placements": [p.to_json() for p in self.placements],
            "discarded": [str(c) for c in self.discarded],
            "kept": [str(c) for c in self.kept],
            "done": self.done,
            "display": self.display.lines(),
            "reason": render("dreist_egon_done" if self.done else "dreist_egon_more", lang,
                             {"n": len(self.placements), "discarded": list(self.discarded)}),
        }


def judge_egon(*, display: Display | Sequence[str], turned: Sequence[NumberCard],
               single_below_card: bool = False) -> EgonRuling:
    """Egon's turn with the cards ``turned`` in the order they are turned (R35)."""
    if not isinstance(display, Display):
        display = Display.parse(display)
    display.check(field="display", extra=Counter(turned))
    turn = _Turn(display.copy(), single_below_card=single_below_card)
    for index, card in enumerate(turned):
        turn.turn(card)
        if turn.done:
            return EgonRuling(tuple(turn.laid), tuple(turn.aside), tuple(turned[index + 1:]), turn.board)
    return EgonRuling(tuple(turn.laid), tuple(turn.aside), (), turn.board)
