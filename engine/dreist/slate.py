"""DREIst!'s slate, the table people read.  A series (R33): per game its starting player,
and for each player the cards he had left and his total so far (the lowest total wins).
Solo against Egon (R34): per game its number, the player's and Egon's cards and whether
the player won."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dreist.rules import CARDS, SOLO_BASE, SOLO_STEP
from engine.game import Column, Outcome, Slate, SlateRow, yes_no
from engine.i18n import Sentences

if TYPE_CHECKING:  # the game module holds entries, states and results, and registers this slate
    from engine.dreist.game import DreistEntry, DreistResult, DreistState

SENTENCES = Sentences("dreist_slate", {
    "dreist_slate_game": {"en": "Game", "de": "Spiel"},
    "dreist_slate_starting": {"en": "Starting player", "de": "Beginnt"},
    "dreist_slate_remaining": {"en": "cards left", "de": "Karten übrig"},
    "dreist_slate_total": {"en": "total", "de": "Summe"},
    "dreist_slate_cards": {"en": "Player's cards", "de": "Karten Spieler"},
    "dreist_slate_egon": {"en": "Egon's cards", "de": "Karten Egon"},
    "dreist_slate_won": {"en": "Won", "de": "Gewonnen"},
})


class DreistSlate(Slate["DreistState", "DreistEntry", "DreistResult"]):
    def columns(self, start: DreistState) -> tuple[Column, ...]:
        if start.solo:
            return (Column("game", "dreist_slate_game"), Column("cards", "dreist_slate_cards"),
                    Column("egon", "dreist_slate_egon"), Column("won", "dreist_slate_won"))
        return (Column("game", "dreist_slate_game"), Column("starting", "dreist_slate_starting"),
                Column("remaining", "dreist_slate_remaining", per_player=True),
                Column("total", "dreist_slate_total", per_player=True))

    def row(self, before: DreistState, entry: DreistEntry, outcome: Outcome[DreistState, DreistResult]) -> SlateRow:
        result, after = outcome.result, outcome.state
        if before.solo:
            cards = SOLO_BASE + SOLO_STEP * result.game
            return SlateRow(cells={"game": result.game, "cards": cards, "egon": CARDS - cards,
                                   "won": yes_no(bool(result.won))}, players={}, notes=result.notes)
        return SlateRow(cells={"game": result.game, "starting": before.starting_player},
                        players={"remaining": dict(result.remaining), "total": dict(zip(after.players, after.totals))},
                        notes=result.notes)
