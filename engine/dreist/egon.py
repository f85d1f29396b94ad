"""Egon, the imaginary opponent of the solo variant (RULES.md R35, its decisions).

Egon turns his cards one by one.  A turned card is laid if it fits alone (the single-card
rule), in the topmost row it can go; else together with the earliest set-aside card that
makes a legal play of two, the earlier-turned card placed first, topmost rows first; else it
is set aside.  After each lay the set-aside cards are tried again in turning order.  He
stops after the action that brings him to two laid cards (three are possible), throws the
set-aside cards on the discard pile and keeps the cards he never turned.  His DREIers clear
columns as anyone's do, but he draws nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards.dreist import NumberCard
from engine.dreist.display import Cell, Display
from engine.dreist.laying import Placement, place, why_not
from engine.i18n import render

#: Egon's turn ends once he has laid this many cards.
EGON_LAYS = 2


def _rows(display: Display) -> range:
    """Rows a card can go: every row of the display and one below it."""
    return range(len(display.rows) + 1)


def _alone(display: Display, card: NumberCard, single_below_card: bool) -> Cell | None:
    """The topmost cell where ``card`` may be laid alone."""
    c = card.number - 1
    for r in _rows(display):
        if why_not(display, card, (r, c), play=[], alone=True, below_counts=single_below_card) is None:
            return (r, c)
    return None


def _pair(display: Display, first: NumberCard, second: NumberCard) -> tuple[Cell, Cell] | None:
    """The topmost cells where ``first`` and then ``second`` may be laid together."""
    for r1 in _rows(display):
        a = (r1, first.number - 1)
        if why_not(display, first, a, play=[], alone=False, below_counts=False) is not None:
            continue
        trial = display.copy()
        place(trial, first, a)  # its DREIer, if any, clears before the second card goes down
        for r2 in _rows(trial):
            b = (r2, second.number - 1)
            if why_not(trial, second, b, play=[a], alone=False, below_counts=False) is None:
                return a, b
    return None


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
    """Egon's turn with the cards ``turned`` in the order they are turned."""
    if not isinstance(display, Display):
        display = Display.parse(display)
    display.check(field="display", extra=Counter(turned))
    board = display.copy()
    laid: list[Placement] = []
    aside: list[NumberCard] = []

    def lay(card: NumberCard, earlier: list[NumberCard]) -> bool:
        """Lay ``card`` alone in the topmost row it fits, else with the earliest card of
        ``earlier`` (set aside before it) that makes a legal pair, that card placed first."""
        cell = _alone(board, card, single_below_card)
        if cell is not None:
            laid.append(place(board, card, cell))
            return True
        for partner in earlier:
            cells = _pair(board, partner, card)
            if cells is not None:
                aside.remove(partner)
                laid.append(place(board, partner, cells[0]))
                laid.append(place(board, card, cells[1]))
                return True
        return False

    def retry() -> None:
        """After a lay, the set-aside cards in turning order, again and again."""
        progress = True
        while progress and len(laid) < EGON_LAYS:
            progress = False
            for index, card in enumerate(list(aside)):
                aside.pop(index)
                if lay(card, aside[:index]):
                    progress = True
                    break
                aside.insert(index, card)

    for index, card in enumerate(turned):
        if lay(card, list(aside)):
            if len(laid) < EGON_LAYS:
                retry()
        else:
            aside.append(card)
        if len(laid) >= EGON_LAYS:
            return EgonRuling(tuple(laid), tuple(aside), tuple(turned[index + 1:]), board)
    return EgonRuling(tuple(laid), tuple(aside), (), board)
