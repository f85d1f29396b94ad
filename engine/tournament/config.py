"""A Preisschnapsen's conditions, as its invitation states them (R24): how many entry
cards are issued (a power of two), how many one player may buy, how many prizes there
are and whether one player may win several; and the game its tables play (a game of the
catalogue offering a :class:`~engine.game.TournamentTable`; Sixty-Six, seed 001)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import ConfigError
from engine.i18n import Term

LEAST_CARDS = 4
MOST_CARDS = 1024
#: Seed 001: a Preisschnapsen's tables play Schnapsen, a variant of Sixty-Six.
TABLE_GAME = "sixtysix"


@dataclass(frozen=True, slots=True)
class Config:
    cards: int = 32
    max_per_player: int = 3
    prizes: int = 8
    multiple_prizes: bool = True
    game: str = TABLE_GAME

    @property
    def pot(self) -> int:
        """Round 1's pots hold the numbers 1 … cards/2 each."""
        return self.cards // 2

    @property
    def rounds(self) -> int:
        """Rounds to play: each halves the cards in play, down to the last one."""
        return self.cards.bit_length() - 1

    def to_json(self) -> dict[str, Any]:
        return {"cards": self.cards, "max_per_player": self.max_per_player, "prizes": self.prizes,
                "multiple_prizes": self.multiple_prizes, "game": self.game}


def _whole(data: Mapping[str, Any], name: str, default: int, least: int, most: int) -> int:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise ConfigError("tn_config_range", rule="R24", field=name, what=Term(f"tn_{name}"),
                          least=least, most=most, value=str(value))
    return value


def config_from_json(data: Mapping[str, Any]) -> Config:
    """The conditions from JSON; a missing one takes its usual value (32 cards, three per
    player, eight prizes (or one per card, if fewer), several prizes to one player allowed,
    Sixty-Six at the tables)."""
    cards = data.get("cards", 32)
    if isinstance(cards, bool) or not isinstance(cards, int) or not LEAST_CARDS <= cards <= MOST_CARDS \
            or cards & (cards - 1):
        raise ConfigError("tn_cards_power_of_two", rule="R24", field="cards", cards=str(cards),
                          least=LEAST_CARDS, most=MOST_CARDS)
    multiple = data.get("multiple_prizes", True)
    if not isinstance(multiple, bool):
        raise ConfigError("tn_config_flag", rule="R24", field="multiple_prizes", what=Term("tn_multiple_prizes"),
                          value=str(multiple))
    game = data.get("game", TABLE_GAME)
    if not isinstance(game, str) or not game:
        raise ConfigError("tn_game", rule="R24", field="game", game=str(game))
    return Config(
        cards=cards,
        max_per_player=_whole(data, "max_per_player", 3, 1, cards),
        prizes=_whole(data, "prizes", min(8, cards), 1, cards),
        multiple_prizes=multiple,
        game=game,
    )
