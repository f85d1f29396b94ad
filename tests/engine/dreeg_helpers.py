"""Shorthand for writing Dreeg hands the way a table calls them out."""

from __future__ import annotations

from engine.cards import parse_suit
from engine.dreeg import DREEG, DreegEntry, Meld

NAMES = ("Anna", "Benno", "Carla", "Dieter")


def start(players: int = 4, *, dealer: str | None = None, **rules: str):
    """A fresh match; by default Dieter deals (so Anna is forehand with four)."""
    names = NAMES[:players]
    return DREEG.start(names, rules=rules or None, dealer=dealer or names[-1])


def hand(line: str, *, last: str | None = None, melds: str = "", trump: str | None = None, **fields) -> DreegEntry:
    """``hand("Anna 40/2 Benno 40/2 Carla 40/2 Dieter 0/0", last="Anna")``: card points/tricks."""
    words = line.split()
    points, tricks = {}, {}
    for name, score in zip(words[::2], words[1::2]):
        p, t = score.split("/")
        points[name], tricks[name] = int(p), int(t)
    meld_list = tuple(Meld(m.split(":")[0], parse_suit(m.split(":")[1])) for m in melds.split())
    if meld_list and trump is None:
        trump = "H"
    return DreegEntry(points=points, tricks=tricks, last_trick=last, melds=meld_list,
                      trump=parse_suit(trump) if trump else None, **fields)


def apply(state, entry):
    return DREEG.apply(state, entry)
