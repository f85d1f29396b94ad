"""The tables' matches (R24): each pairing of a round plays a match of the game the
tournament's conditions name, and that match decides it.

The tournament knows no game: it asks the game for what it offers a tournament's tables
(:class:`~engine.game.TournamentTable`: the house rules forced on a table's match, where a
match stands, who won it).  What is decided here is the tournament's part: which house
rules a table plays with, which pairings have a match to play, and what a table's match
means for its pairing when a deal is written to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import ConfigError, RuleViolation
from engine.game import Game, TournamentTable
from engine.tournament.state import MATCH, Pairing


def table_of(game: Game[Any, Any, Any]) -> TournamentTable[Any]:
    """R24: the tables play a game that offers a tournament's tables (its
    ``tournament_table``); any other is refused."""
    table = game.tournament_table
    if table is None:
        raise ConfigError("tn_game", rule="R24", field="game", game=game)
    return table


def table_rules(game: Game[Any, Any, Any], chosen: Mapping[str, object] | None) -> dict[str, str]:
    """R24: the house rules every table's match is played with: the organiser's choice (the
    tournament's ``match_rules``) with the game's forced table rules over it (Sixty-Six: two
    Bummerl in tournament mode, R22), every other rule at its default, checked by the game
    (:class:`ConfigError` naming ``rules.<name>``)."""
    return game.resolve_rules({**(chosen or {}), **table_of(game).forced_rules})


def playable(pairing: Pairing) -> None:
    """R24: a pairing has a match to play unless it is a bye (its player goes through
    without playing), a player meeting himself (he gives up one card and goes through) or
    decided already; else :class:`RuleViolation`."""
    if pairing.bye:
        raise RuleViolation("pairing_bye", rule="R24", field=None, number=pairing.number, player=pairing.players[0])
    if pairing.self_pairing:
        raise RuleViolation("pairing_self", rule="R24", field=None, number=pairing.number, player=pairing.players[0])
    if pairing.winner is not None:
        raise RuleViolation("pairing_decided", rule="R24", field=None, number=pairing.number, winner=pairing.winner)


def table_result(pairing: Pairing, winner: str | None, *, match: str, changes_deals: bool) -> dict[str, Any] | None:
    """R24: a table's match decides its pairing; the loser gives up one card.

    ``winner`` is who won the match as its game tells (``None`` while it is played), after
    a write to it (``changes_deals``: the write records, replaces or strikes out a deal; a
    ruling or a money rate does not).  Once the match is won, its winner is the pairing's
    result: the entry to record (``match``: the match that decided it).  Once a result
    stands, a write that changes the match's deals and could contradict it is refused: any
    change of the deals of the match that recorded the result itself (its loser has given
    up his card), and a finish with another winner than the one entered by hand.  Anything
    else records nothing (``None``): the hall's board just follows the match."""
    recorded = pairing.winner
    if recorded is not None:
        if changes_deals and (pairing.by == MATCH or (winner is not None and winner != recorded)):
            raise RuleViolation("tournament_result_recorded", rule="R24", field=None, number=pairing.number,
                                winner=recorded)
        return None
    if winner is None:
        return None
    return {"kind": "result", "number": pairing.number, "winner": winner, "match": match}
