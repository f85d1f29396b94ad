"""Marriages (Ansagen): King and Ober of one suit shown on a lead (T6), worth 40 in
trumps and 20 otherwise, counting only once a trick has been won (R10).  Dreeg and
Sixty-Six count them the same way; whose trick makes a marriage count is the game's
decision (the melder's own, or his side's), passed in as ``counts``."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import RuleViolation
from engine.game import Note
from engine.tricks.summary import Group, Seats, group_tricks

#: RULES.md notation, R10: a marriage is worth 40 in trumps, 20 otherwise.
MARRIAGE_TRUMP, MARRIAGE_PLAIN = 40, 20


@dataclass(frozen=True, slots=True)
class Meld:
    """A marriage (Ansage): K and O of ``suit`` shown by ``player`` on his lead (T6).

    ``trick`` (1-based) says on which lead it was shown; one past the last trick played
    is a marriage shown with a claim of 66, without leading (R8).  With a trick-by-trick
    entry the engine finds it when it is left out."""

    player: str
    suit: Any  # a suit of the game's pack (Dreeg's and Sixty-Six's: engine.cards.german.Suit)
    trick: int | None = None


def value(meld: Meld, trump: Hashable | None) -> int:
    """R10: 40 in trumps, 20 otherwise (also when the hand has no trump)."""
    return MARRIAGE_TRUMP if meld.suit is trump else MARRIAGE_PLAIN


def check_melds(melds: Sequence[Meld], seats: Seats, *, rule: str = "R10") -> None:
    """Each suit's marriage at most once per hand (``rule``), shown by an active player."""
    seen: set[Hashable] = set()
    for index, meld in enumerate(melds):
        refusal = seats.refuse(meld.player, f"melds.{index}.player")
        if refusal is not None:
            raise refusal
        if meld.suit in seen:
            raise RuleViolation("marriage_twice", rule=rule, field=f"melds.{index}.suit", suit=meld.suit)
        seen.add(meld.suit)


def check_meld_leads(melds: Sequence[Meld], tricks: Mapping[str, int], groups: Sequence[Group],
                     *, first_leader: str) -> None:
    """T6: a marriage is shown on a lead, one per lead.  A player leads the first trick
    if he is forehand and after every trick he wins, so he (or his side) cannot have
    shown more marriages than that."""
    for group in groups:
        shown = sum(1 for m in melds if m.player in group)
        leads = group_tricks(tricks, group) + (1 if first_leader in group else 0)
        if shown > leads:
            raise RuleViolation("marriage_without_lead", rule="T6", field="melds", player=group,
                                shown=shown, leads=leads)


def meld_points(melds: Sequence[Meld], players: Sequence[str], trump: Hashable | None,
                *, counts: Mapping[str, bool]) -> tuple[dict[str, int], list[Note]]:
    """R10: each marriage adds its value to its player once ``counts[player]`` (he, or
    his side, has won a trick); otherwise it is noted as not counting."""
    added = dict.fromkeys(players, 0)
    notes = []
    for meld in melds:
        worth = value(meld, trump)
        params = {"player": meld.player, "suit": meld.suit, "value": worth}
        if counts[meld.player]:
            added[meld.player] += worth
            notes.append(Note("R10", "marriage_counts", params))
        else:
            notes.append(Note("R10", "marriage_void", params))
    return added, notes
