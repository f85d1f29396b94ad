"""Which of a player's entry cards sits at which table (R24; docs/tournament.md, "Card
numbers").

A player who bought several cards can play at two tables of one round; his cards are
numbered so that the hall can tell them apart (Wastl ①, Wastl ②).  The numbers are stable
through the tournament and follow from the draw alone:

- a player's cards are numbered in the order he bought them (1 = bought first; the cards of
  one sale in the order he drew for them in round 1);
- in every round he draws a number for each card he still holds, lowest card first, so the
  k-th number he drew (``Round.numbers``, in draw order) is his k-th card still in;
- the card that falls at a table is its loser's card there; a player who meets himself gives
  up the card that drew from the right pot (the later one) and goes through with the other.

A player who bought one card has no number (``None``): "Mirl" reads better on the board
than "Mirl ①", which suggests a second card that does not exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from engine.tournament.state import Pairing, Round, TournamentState


@dataclass(frozen=True, slots=True)
class Card:
    """One entry card: its holder, and its number among his cards (``None``: his only one)."""

    holder: str
    number: int | None

    def to_json(self) -> dict[str, object]:
        return {"player": self.holder, "card": self.number}


@dataclass(frozen=True, slots=True)
class Numbering:
    """The cards of every round: ``tables[r][n]`` the cards at table ``n`` of round ``r + 1``
    in the pairing's order; ``fallen[r]`` the cards that fell in that round, by table, with
    their table; ``held`` the numbers of the cards each player still holds."""

    bought: Mapping[str, int]
    tables: tuple[Mapping[int, tuple[Card, ...]], ...] = ()
    fallen: tuple[tuple[tuple[int, Card], ...], ...] = ()
    held: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    def card(self, holder: str, number: int) -> Card:
        """Card ``number`` of ``holder``, unnumbered if it is his only one."""
        return Card(holder, number if self.bought.get(holder, 0) > 1 else None)

    def still_in(self, holder: str) -> tuple[int, ...]:
        """The numbers of the cards ``holder`` still holds (none for a player with one card)."""
        return self.held.get(holder, ()) if self.bought.get(holder, 0) > 1 else ()


def numbering(state: TournamentState) -> Numbering:
    """Every card's way through the rounds played so far (module docstring)."""
    cards = Numbering(dict(state.bought))
    held = {name: list(range(1, count + 1)) for name, count in state.bought.items()}
    tables: list[dict[int, tuple[Card, ...]]] = []
    fallen: list[tuple[tuple[int, Card], ...]] = []
    for played in state.rounds:
        owner = _owners(played, held)
        tables.append({p.number: tuple(cards.card(name, owner[label]) for name, label in zip(p.players, _labels(p)))
                       for p in played.pairings})
        lost = [(p.number, falls[0], owner[falls[1]]) for p in played.pairings if (falls := _falls(p)) is not None]
        for _table, loser, number in lost:
            held[loser].remove(number)
        fallen.append(tuple((table, cards.card(loser, number)) for table, loser, number in lost))
    return replace(cards, tables=tuple(tables), fallen=tuple(fallen),
                   held={name: tuple(numbers) for name, numbers in held.items()})


def _owners(played: Round, held: Mapping[str, list[int]]) -> dict[str, int]:
    """R24 (decision: card numbers): each player draws for his cards still in, lowest first,
    so the k-th number he drew belongs to his k-th card; each number of the round's pots ->
    the number of the card that drew it."""
    owner: dict[str, int] = {}
    for name, drawn in played.numbers.items():
        for label, number in zip(drawn, held.get(name, ())):
            owner[label] = number
    return owner


def _labels(pairing: Pairing) -> tuple[str, ...]:
    """The pots' numbers whose holders meet at the pairing's table: Ln and Rn (Ln at a bye)."""
    return (f"L{pairing.number}", f"R{pairing.number}")[: len(pairing.players)]


def _falls(pairing: Pairing) -> tuple[str, str] | None:
    """R24: the loser gives up the card he played this table with; a player who meets
    himself gives up one card (decision: the one that drew from the right pot) and goes
    through with the other.  The loser and the pot's number of his card that falls, or
    ``None`` (a bye, or no result yet)."""
    loser = pairing.loser
    if loser is None:
        return None
    labels = _labels(pairing)
    return loser, labels[1] if pairing.self_pairing else labels[pairing.players.index(loser)]
