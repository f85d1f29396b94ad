"""The shared display of DREIst!: eight columns under the base cards 1-8, any number of
rows (RULES.md R35).

A cell is ``(row, column)`` counted from 0 here (row 0 lies directly below the base, column
0 under the base card 1); the API names it ``"r,c"`` counted from 1.  A cell holds a colour
or nothing; the column gives the number.  A card is connected to the base if it lies in row
0 or next to (left, right, above, below) a connected card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from engine.cards.dreist import COPIES, Colour, NumberCard, number_card
from engine.errors import Problems, RuleViolation

COLUMNS = 8
#: A display deeper than this cannot hold 96 cards connected to the base (a refusal bound).
MAX_ROWS = 96

Cell = tuple[int, int]


class Display:
    """A mutable grid of colours (``None``: empty)."""

    __slots__ = ("rows",)

    def __init__(self, rows: Iterable[Sequence[Colour | None]] = ()) -> None:
        self.rows: list[list[Colour | None]] = [list(row) for row in rows]

    # --- reading and writing the notation -------------------------------------------------

    @classmethod
    def parse(cls, lines: Sequence[str], *, field: str = "display") -> Display:
        """``["RR..Y...", ".R......"]`` → a display, checked: it must be one that can occur
        (R35: no two colours side by side, no column of three colours, every card connected,
        no more than three copies of a card)."""
        problems = Problems()
        rows: list[list[Colour | None]] = []
        if len(lines) > MAX_ROWS:
            raise RuleViolation("dreist_display_rows", rule="R35", field=field, most=MAX_ROWS)
        for r, line in enumerate(lines):
            if not isinstance(line, str) or len(line) != COLUMNS or any(ch not in "RYTV." for ch in line.upper()):
                problems.add(RuleViolation("dreist_display_row", rule="R35", field=f"{field}.{r}", row=r + 1))
                rows.append([None] * COLUMNS)
                continue
            rows.append([None if ch == "." else Colour(ch) for ch in line.upper()])
        problems.check()
        display = cls(rows)
        display.check(field=field)
        return display

    def lines(self) -> list[str]:
        """The notation, without empty rows at the bottom."""
        out = ["".join(c.value if c else "." for c in row) for row in self.rows]
        while out and out[-1] == "." * COLUMNS:
            out.pop()
        return out

    def copy(self) -> Display:
        return Display(self.rows)

    # --- cells -------------------------------------------------------------------------

    def get(self, cell: Cell) -> Colour | None:
        r, c = cell
        if 0 <= r < len(self.rows) and 0 <= c < COLUMNS:
            return self.rows[r][c]
        return None

    def put(self, cell: Cell, colour: Colour | None) -> None:
        r, c = cell
        while len(self.rows) <= r:
            self.rows.append([None] * COLUMNS)
        self.rows[r][c] = colour

    def cards(self) -> Iterator[tuple[Cell, Colour]]:
        for r, row in enumerate(self.rows):
            for c, colour in enumerate(row):
                if colour is not None:
                    yield (r, c), colour

    def count(self) -> Counter[NumberCard]:
        return Counter(number_card(c + 1, colour) for (_, c), colour in self.cards())

    @staticmethod
    def neighbours(cell: Cell) -> tuple[Cell, ...]:
        r, c = cell
        return ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c))

    def connected(self) -> set[Cell]:
        """Every card connected to the base: row 0, or next to a connected card."""
        seen = {(0, c) for c in range(COLUMNS) if self.get((0, c)) is not None}
        todo = list(seen)
        while todo:
            cell = todo.pop()
            for other in self.neighbours(cell):
                if other not in seen and other[0] >= 0 and self.get(other) is not None:
                    seen.add(other)
                    todo.append(other)
        return seen

    def column_colours(self, c: int) -> set[Colour]:
        return {colour for row in self.rows if (colour := row[c]) is not None}

    def run(self, cell: Cell, step: int) -> int:
        """How many cards of the cell's colour lie side by side from it (not counting it)
        in the direction ``step`` (-1 left, +1 right)."""
        r, c = cell
        colour = self.get(cell)
        length = 0
        c += step
        while 0 <= c < COLUMNS and self.get((r, c)) is colour and colour is not None:
            length += 1
            c += step
        return length

    def clear_column(self, c: int) -> list[Cell]:
        cleared = [(r, c) for r in range(len(self.rows)) if self.rows[r][c] is not None]
        for cell in cleared:
            self.put(cell, None)
        return cleared

    def clear_unconnected(self) -> list[Cell]:
        keep = self.connected()
        cleared = [cell for cell, _ in self.cards() if cell not in keep]
        for cell in cleared:
            self.put(cell, None)
        return cleared

    # --- what a display that can occur looks like ------------------------------------------

    def check(self, *, field: str = "display", extra: Counter[NumberCard] | None = None) -> None:
        problems = Problems()
        for r, row in enumerate(self.rows):
            for c in range(COLUMNS - 1):
                if row[c] is not None and row[c + 1] is not None and row[c] is not row[c + 1]:
                    problems.add(RuleViolation("dreist_display_colours", rule="R35", field=f"{field}.{r}",
                                               row=r + 1, number=c + 1, right=c + 2))
        for c in range(COLUMNS):
            if len(self.column_colours(c)) >= 3:
                problems.add(RuleViolation("dreist_display_column", rule="R35", field=field, number=c + 1))
        loose = {cell for cell, _ in self.cards()} - self.connected()
        for r, c in sorted(loose):
            problems.add(RuleViolation("dreist_display_loose", rule="R35", field=f"{field}.{r}", row=r + 1,
                                       number=c + 1))
        counted = self.count() + (extra or Counter())
        for card, copies in sorted(counted.items(), key=lambda item: str(item[0])):
            if copies > COPIES:
                problems.add(RuleViolation("dreist_too_many", rule="R33", field=field, card=card, copies=copies))
        problems.check()


def cell_name(cell: Cell) -> str:
    """``"2,8"``: row and column counted from 1."""
    return f"{cell[0] + 1},{cell[1] + 1}"
