"""Turning a hand's card points into strokes: places, ties, caps and drop-outs.

Each function is one rule of RULES.md; together they are the arithmetic nobody at the
table wants to argue about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.game import Note


def rank_places(
    totals: Mapping[str, int],
    awards: Sequence[int],
    *,
    last_trick: str | None,
    worst: Callable[[Sequence[int]], int] = min,
) -> tuple[dict[str, int], list[Note]]:
    """R6: award ``awards[place]`` by rank of ``totals`` (highest first).

    Tied players occupy a block of places.  The winner of the last trick, if he is in
    the block, takes its top place; whoever remains tied gets the least favourable award
    of the places they cover (``worst``: the smallest award in Deutsch, the largest
    penalty in Kamerun)."""
    order = sorted(totals, key=lambda name: -totals[name])
    due: dict[str, int] = {}
    notes: list[Note] = []
    place = 0
    while place < len(order):
        total = totals[order[place]]
        block = [name for name in order[place:] if totals[name] == total]
        covered = list(awards[place:place + len(block)])
        if len(block) == 1:
            due[block[0]] = covered[0]
        else:
            rest = block
            if last_trick in block:
                due[last_trick] = covered[0]
                rest = [name for name in block if name != last_trick]
                covered = covered[1:]
            share = worst(covered)
            for name in rest:
                due[name] = share
            top = due.get(last_trick) if last_trick is not None else None
            notes.append(_tie_note(block, total, last_trick, rest, share, top))
        place += len(block)
    return {name: due[name] for name in totals}, notes


def _tie_note(block: list[str], total: int, last_trick: str | None, rest: list[str], share: int,
              top: int | None) -> Note:
    if last_trick in block:
        return Note("R6", "tie_last_trick", {
            "players": block, "total": total, "last_trick": last_trick, "top": top,
            "rest": rest, "share": share,
        })
    return Note("R6", "tie_no_last_trick", {"players": block, "total": total, "share": share})


def erase(strokes: Mapping[str, int], due: Mapping[str, int]) -> tuple[dict[str, int], list[Note]]:
    """R2: a player never erases more strokes than he has; strokes stop at 0."""
    subtract = {}
    notes = []
    for name, owed in due.items():
        subtract[name] = min(owed, strokes[name])
        if owed > strokes[name]:
            notes.append(Note("R2", "erase_capped", {"player": name, "due": owed, "left": strokes[name]}))
    return subtract, notes
