"""Preisschnapsen (seed 001, "The Tournament"; RULES.md R24): the Austrian prize
tournament of Schnapsen, as a fold of the organiser's entries, like a match.

Entry cards are issued in a power of two and sold, up to a maximum per player; unsold
cards are byes.  Each round is drawn from two pots (:mod:`engine.tournament.draw`), its
tables play a match of the game its conditions name (Sixty-Six: to two Bummerl without
Schneider doubling; :mod:`engine.tournament.tables` asks the game, never naming one), the
loser of each gives up one card and stays in while he holds one.
When one card is left, its holder has won; the prize places go to cards
(:mod:`engine.tournament.prizes`).

A tournament is not a game of the catalogue: it has no players at a table, it holds
matches.  Its state is ``fold(config, entries)``; :func:`state_to_json` is what the API
and the hall's board show, and :func:`state_from_json` reads it back (a snapshot is a
cache for speed, never the source of truth).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import reduce
from typing import Any

from engine.tournament import sentences as _sentences  # noqa: F401  (registers the tn_ sentences)
from engine.tournament.cards import Card, numbering
from engine.tournament.config import Config, config_from_json
from engine.tournament.draw import computed_draw, seed_hash
from engine.tournament.entries import apply, can_commit, draw_order
from engine.tournament.prizes import prize_list
from engine.tournament.state import FINISHED, SALES, Pairing, Round, TournamentState
from engine.tournament.tables import playable, table_of, table_result, table_rules


def start(config: Config) -> TournamentState:
    return TournamentState(config)


def fold(config: Config, entries: Iterable[Mapping[str, Any]]) -> TournamentState:
    return reduce(apply, entries, start(config))


def state_to_json(state: TournamentState) -> dict[str, Any]:
    """The state as the API and the board show it.  Each pairing's ``cards`` names the
    entry cards at its table (:mod:`engine.tournament.cards`), in the order of ``players``,
    and which of them fell there."""
    numbered = numbering(state)
    prizes, tie = prize_list(state, numbered)
    current = state.current
    phase = state.phase

    def pairings(played: Round) -> list[dict[str, Any]]:
        at = numbered.tables[played.number - 1]
        fell = dict(numbered.fallen[played.number - 1])
        return [{**p.to_json(), "cards": [{**card.to_json(), "fell": card == fell.get(p.number)}
                                          for card in at[p.number]]} for p in played.pairings]

    return {
        "phase": phase,
        "round": len(state.rounds),
        "rounds_total": state.config.rounds,
        "size": state.config.cards,
        "sold": state.sold,
        "cards": dict(state.held),
        "players": [{"name": name, "bought": bought, "cards": state.held[name], "out_round": state.out.get(name),
                     "held_cards": list(numbered.held[name]) if bought > 1 else None}
                    for name, bought in state.bought.items()],
        "commit": {"hash": state.commit} if state.commit else None,
        "can_commit": can_commit(state),
        "can_draw": (phase == SALES and state.sold >= state.config.pot)
        or (phase != FINISHED and current is not None and current.complete),
        "draw_order": [{"player": name, "cards": cards} for name, cards in draw_order(state)],
        "pairings": pairings(current) if current else [],
        "rounds": [{**played.to_json(), "pairings": pairings(played)} for played in state.rounds],
        "prizes": [prize.to_json() for prize in prizes],
        "prize_tie": tie.to_json() if tie else None,
        "settled": list(state.settled) if state.settled is not None else None,
        "winner": state.winner if phase == FINISHED else None,
    }


def state_from_json(config: Config, data: Mapping[str, Any]) -> TournamentState:
    """A state as :func:`state_to_json` wrote it (the snapshot the API keeps)."""
    players = data["players"]
    return TournamentState(
        config,
        bought={p["name"]: p["bought"] for p in players},
        held={p["name"]: p["cards"] for p in players},
        out={p["name"]: p["out_round"] for p in players if p["out_round"] is not None},
        rounds=tuple(Round.from_json(r) for r in data["rounds"]),
        commit=data["commit"]["hash"] if data.get("commit") else None,
        settled=tuple(data["settled"]) if data.get("settled") is not None else None,
    )


__all__ = [
    "FINISHED", "Card", "Config", "Pairing", "TournamentState", "apply", "can_commit", "computed_draw",
    "config_from_json", "draw_order", "fold", "numbering", "playable", "prize_list", "seed_hash", "start",
    "state_from_json", "state_to_json", "table_of", "table_result", "table_rules",
]
