"""The laying referee of DREIst! (RULES.md R35 and its decisions): a turn's cards placed
one by one, each checked, and the DREIers they make.

A card goes to its number's column.  It may not go on a card (``occupied``), beside a card
of another colour in its row (``colour``); once placed it is connected to the base
(``connection``: the seed's own reason for a card left hanging); a card laid alone needs a
laid number card left or right of it or directly above it (``single``; by house rule also
one below); the cells of a play of two or more form one chain, side by side or stacked, in
whatever order they are listed (``together``).  A third colour in a column is a
column-DREIer: the column is cleared, then everything left unconnected.  Three or more of one colour side
by side, newly, is a row-DREIer; both at once count as one column-DREIer.  Each DREIer is a
draw; laying the whole hand earns the DREIste Geschenk.  A refused turn answers with the
display before it.  Egon (:mod:`engine.dreist.egon`) asks this referee, :func:`lay_out`, about
every card he might lay.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.cards.dreist import NumberCard
from engine.dreist.display import Cell, Display, cell_name
from engine.errors import RuleViolation
from engine.i18n import render


@dataclass(frozen=True, slots=True)
class Placement:
    """One card laid: where, the DREIer it made (``row``, ``column`` or ``None``) and the
    cells cleared by it."""

    card: NumberCard
    row: int  # 1-based, as the API counts
    dreier: str | None = None
    cleared: tuple[Cell, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"card": str(self.card), "row": self.row, "dreier": self.dreier,
                "cleared": [cell_name(c) for c in self.cleared]}


Lay = Sequence[Sequence[tuple[NumberCard, int]]]


def why_not(display: Display, card: NumberCard, cell: Cell, *, alone: bool, below_counts: bool) -> str | None:
    """The clause that forbids placing ``card`` at ``cell`` now (``None``: allowed); ``alone``:
    the card is a play of its own."""
    r, c = cell
    if r < 0 or display.get(cell) is not None:
        return "occupied"
    for side in ((r, c - 1), (r, c + 1)):
        other = display.get(side)
        if other is not None and other is not card.colour:
            return "colour"
    trial = display.copy()
    trial.put(cell, card.colour)
    if cell not in trial.connected():
        return "connection"
    if alone:
        touching = [(r, c - 1), (r, c + 1), (r - 1, c)] + ([(r + 1, c)] if below_counts else [])
        if not any(display.get(other) is not None for other in touching):
            return "single"
    return None


def unchained(cells: Sequence[Cell]) -> int | None:
    """R35 decision: the cells of a play of two or more form one chain (side by side or
    stacked), in whatever order they are listed.  The index of the first card outside the
    first card's chain, or ``None``."""
    chain = {cells[0]}
    grown = True
    while grown:
        grown = False
        for cell in cells:
            if cell not in chain and any(other in chain for other in Display.neighbours(cell)):
                chain.add(cell)
                grown = True
    return next((i for i, cell in enumerate(cells) if cell not in chain), None)


def place(display: Display, card: NumberCard, cell: Cell) -> Placement:
    """Lay ``card`` at ``cell`` (allowed) and apply what it makes: a column-DREIer clears
    the column and then everything unconnected; a new run of three a row-DREIer."""
    display.put(cell, card.colour)
    r, c = cell
    if len(display.column_colours(c)) >= 3:
        cleared = display.clear_column(c)
        cleared += display.clear_unconnected()
        return Placement(card, r + 1, "column", tuple(cleared))
    left, right = display.run(cell, -1), display.run(cell, +1)
    if left + 1 + right >= 3 and left < 3 and right < 3:
        return Placement(card, r + 1, "row")
    return Placement(card, r + 1)


@dataclass(frozen=True, slots=True)
class LayRuling:
    """A turn judged: legal or the first card that may not be laid (its clause and path),
    every placement before it, the draws, the Geschenk and the display after."""

    legal: bool
    placements: tuple[Placement, ...]
    display: Display
    clause: str | None = None
    path: str | None = None
    card: NumberCard | None = None
    geschenk: bool = False
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def draws(self) -> int:
        return sum(1 for p in self.placements if p.dreier)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        data: dict[str, Any] = {
            "legal": self.legal,
            "rule": None if self.legal else "R35",
            "clause": self.clause,
            "path": self.path,
            "placements": [p.to_json() for p in self.placements],
            "draws": self.draws,
            "geschenk": self.geschenk,
            "display": self.display.lines(),
        }
        if self.legal:
            laid = render("dreist_legal", lang, {"n": len(self.placements)}) if self.placements \
                else render("dreist_legal_none", lang, {})
            drawn = render("dreist_draws", lang, {"draws": self.draws}) if self.draws \
                else render("dreist_no_draws", lang, {})
            data["reason"] = f"{laid} {drawn}" if self.placements else laid
        else:
            data["reason"] = render(f"dreist_clause_{self.clause}", lang, {"card": self.card, **self.params})
        return data


def judge_lay(*, display: Display | Sequence[str], lay: Lay, hand: Sequence[NumberCard] | None = None,
              single_below_card: bool = False) -> LayRuling:
    """R35: place the turn's plays in order, card by card; stop at the first card that may
    not be laid.  A display that cannot occur is refused (its notation's lines are parsed
    and checked), and so is a hand that lacks a card laid."""
    if not isinstance(display, Display):
        display = Display.parse(display)
    laid = Counter(card for play in lay for card, _ in play)
    display.check(field="display", extra=laid)
    if hand is not None:
        missing = laid - Counter(hand)
        if missing:
            raise RuleViolation("dreist_not_in_hand", rule="R35", field="hand", cards=sorted(missing, key=str))
    ruling = lay_out(display, lay, single_below_card=single_below_card)
    if ruling.legal and hand is not None and len(hand) > 0 and Counter(hand) == laid:
        return replace(ruling, geschenk=True)
    return ruling


def lay_out(display: Display, lay: Lay, *, single_below_card: bool = False) -> LayRuling:
    """The referee proper (R35), on a display that can occur: the plays placed in order, card
    by card, each checked as it goes down.  The first card that may not be laid refuses the
    turn: the answer names it and the cards placed before it, and its display is the one
    before the turn (R35's last decision).  ``display`` is not changed."""
    board = display.copy()
    placements: list[Placement] = []
    for p, play in enumerate(lay):
        planned = [(row - 1, card.number - 1) for card, row in play]
        loose = unchained(planned) if len(planned) > 1 else None
        for i, (card, row) in enumerate(play):
            clause = "together" if i == loose else why_not(board, card, planned[i], alone=len(play) == 1,
                                                           below_counts=single_below_card)
            if clause is not None:
                return LayRuling(False, tuple(placements), display.copy(), clause, f"{p}.{i}", card,
                                 params={"row": row})
            placements.append(place(board, card, planned[i]))
    return LayRuling(True, tuple(placements), board)
