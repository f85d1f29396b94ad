"""Where a game of Dreeg stands between two hands."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.dreeg.rules import ORDERS, STROKES, TRICKS_PER_HAND, SubGame
from engine.tricks.seating import first_active_after


@dataclass(frozen=True, slots=True)
class SubGameRecord:
    """A finished sub-game: its number (1-8), kind, losers (blobs), hands played and the
    strokes its last hand left on the slates (the slate as the table saw it end)."""

    number: int
    type: SubGame
    losers: tuple[str, ...]
    hands: int
    strokes: Mapping[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "type": self.type.value, "losers": list(self.losers), "hands": self.hands,
                "strokes": dict(self.strokes)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SubGameRecord:
        return cls(data["number"], SubGame(data["type"]), tuple(data["losers"]), data.get("hands", 0),
                   dict(data.get("strokes") or {}))


@dataclass(frozen=True, slots=True)
class DreegState:
    """A Dreeg game between hands.

    ``players`` are in clockwise seating order; ``strokes`` and ``blobs`` follow that
    order.  ``dealer`` deals the next hand; it is ``None`` while the loser(s) of the last
    sub-game (``chooser``) must choose the first dealer of the next one (R13).
    """

    players: tuple[str, ...]
    rules: Mapping[str, str]
    subgame: int = 1
    strokes: tuple[int, ...] = ()
    active: tuple[str, ...] = ()
    blobs: tuple[int, ...] = ()
    dealer: str | None = None
    chooser: tuple[str, ...] | None = None
    subgames: tuple[SubGameRecord, ...] = ()
    hands: int = 0
    finished: bool = False
    winners: tuple[str, ...] = ()

    @classmethod
    def begin(cls, players: tuple[str, ...], rules: Mapping[str, str], dealer: str) -> DreegState:
        """Sub-game 1 with every player at 7 strokes (R2) and the drawn first dealer (R13)."""
        count = len(players)
        return cls(players, dict(rules), 1, (STROKES,) * count, players, (0,) * count, dealer)

    # --- derived -------------------------------------------------------------------

    @property
    def order(self) -> tuple[SubGame, ...]:
        return ORDERS[self.rules["order"]]

    @property
    def subgame_type(self) -> SubGame:
        return self.order[min(self.subgame, len(self.order)) - 1]

    def seat(self, name: str) -> int:
        return self.players.index(name)

    @property
    def forehand(self) -> str | None:
        """R13: the first active player after the dealer, clockwise."""
        if self.dealer is None or self.finished:
            return None
        return first_active_after(self.players, self.active, self.dealer)

    @property
    def tricks_per_hand(self) -> int:
        return TRICKS_PER_HAND.get(len(self.active), 0)

    # --- snapshot ------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "subgame": {"number": self.subgame, "type": self.subgame_type.value},
            "order": [kind.value for kind in self.order],
            "strokes": dict(zip(self.players, self.strokes)),
            "active": list(self.active),
            "blobs": dict(zip(self.players, self.blobs)),
            "dealer": self.dealer,
            "chooser": list(self.chooser) if self.chooser is not None else None,
            "forehand": self.forehand,
            "finished": self.finished,
            "winners": list(self.winners),
            "subgames": [s.to_json() for s in self.subgames],
            "hands": self.hands,
            "tricks_per_hand": self.tricks_per_hand,
            "players": list(self.players),
            "rules": dict(self.rules),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DreegState:
        players = tuple(data["players"])
        chooser = data.get("chooser")
        return cls(
            players=players,
            rules=dict(data["rules"]),
            subgame=data["subgame"]["number"],
            strokes=tuple(data["strokes"][p] for p in players),
            active=tuple(data["active"]),
            blobs=tuple(data["blobs"][p] for p in players),
            dealer=data["dealer"],
            chooser=tuple(chooser) if chooser is not None else None,
            subgames=tuple(SubGameRecord.from_json(s) for s in data["subgames"]),
            hands=data["hands"],
            finished=data["finished"],
            winners=tuple(data["winners"]),
        )

