"""The organiser's entries, each checked against R24 and folded into the tournament.

- ``buy`` / ``refund``: cards sold to a player (at most ``max_per_player`` each, no more
  than issued) or taken back, while sales are open;
- ``commit``: the SHA-256 of the next computed draw's seed, published before anyone can
  know who draws then (in sales; later, before the round's last result);
- ``draw``: the next round, from the committed ``seed`` or the ``numbers`` drawn with
  real pots; the first draw closes sales;
- ``result``: a table's winner (``match``: recorded by the table's match; ``replace``: a
  result by hand corrected while its round is current);
- ``settle``: the order a tie for prizes was settled in at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from engine.errors import RuleViolation
from engine.names import name_problem, trimmed
from engine.tournament import draw
from engine.tournament.prizes import prize_list
from engine.tournament.state import FINISHED, HAND, MATCH, SALES, Pairing, Round, TournamentState

_HEX = frozenset("0123456789abcdef")


def apply(state: TournamentState, entry: Mapping[str, Any]) -> TournamentState:
    """The tournament after ``entry``; :class:`RuleViolation` (R24) if the rules refuse it."""
    if not isinstance(entry, Mapping):
        raise RuleViolation("tn_kind", rule="R24", field="kind", kind=str(entry))
    kind = entry.get("kind")
    step = _KINDS.get(kind) if isinstance(kind, str) else None
    if step is None:
        raise RuleViolation("tn_kind", rule="R24", field="kind", kind=str(kind))
    return step(state, entry)


def draw_order(state: TournamentState) -> list[tuple[str, int]]:
    """Who draws the next round, with how many numbers: purchase order for round 1, then
    most cards first (ties in purchase order); empty while a round is being played."""
    if state.phase == SALES:
        return [(name, cards) for name, cards in state.bought.items() if cards]
    if state.phase == FINISHED or state.current is None or not state.current.complete:
        return []
    holding = [(name, cards) for name, cards in state.held.items() if cards]
    return sorted(holding, key=lambda item: -item[1])  # sorted() is stable: purchase order among equals


def can_commit(state: TournamentState) -> bool:
    """A commitment is fair while the next draw's inputs are still open: in sales, and
    while the round has a result to come (or was decided without play: byes, self).
    The final has no draw after it."""
    current = state.current
    if state.phase == FINISHED:
        return False
    if current is None:
        return True
    if current.cards == 2:  # the final: no draw comes after it
        return False
    return not current.complete or not current.played


# --- sales ------------------------------------------------------------------------------


def _buy(state: TournamentState, entry: Mapping[str, Any]) -> TournamentState:
    _open_sales(state)
    name = _player(entry)
    size = state.config.cards
    cards = _whole(entry, "cards", 1, size)
    known = state.key(name) or name
    has = state.bought.get(known, 0)
    most = state.config.max_per_player
    if has + cards > most:
        if has >= most:
            raise RuleViolation("tn_max_reached", rule="R24", field="cards", player=known, most=most)
        raise RuleViolation("tn_max_per_player", rule="R24", field="cards", player=known, has=has, most=most,
                            left=most - has)
    if state.sold + cards > size:
        if state.sold == size:
            raise RuleViolation("tn_all_sold", rule="R24", field="cards", size=size)
        raise RuleViolation("tn_sold_out", rule="R24", field="cards", left=size - state.sold, size=size, cards=cards)
    bought = {**state.bought, known: has + cards}
    return replace(state, bought=bought, held=dict(bought))


def _refund(state: TournamentState, entry: Mapping[str, Any]) -> TournamentState:
    _open_sales(state)
    name = _player(entry)
    cards = _whole(entry, "cards", 1, state.config.cards)
    known = state.key(name)
    if known is None:
        raise RuleViolation("tn_refund_unknown", rule="R24", field="player", player=name)
    has = state.bought[known]
    if cards > has:
        raise RuleViolation("tn_refund_too_many", rule="R24", field="cards", player=known, has=has)
    bought = {player: count - (cards if player == known else 0) for player, count in state.bought.items()}
    bought = {player: count for player, count in bought.items() if count}
    return replace(state, bought=bought, held=dict(bought))


def _open_sales(state: TournamentState) -> None:
    if state.phase != SALES:
        raise RuleViolation("tn_sales_closed", rule="R24", field="kind")


# --- the commitment and the draw -------------------------------------------------------------


def _commit(state: TournamentState, entry: Mapping[str, Any]) -> TournamentState:
    _not_finished(state)
    value = _text(entry, "hash").strip().lower()
    if len(value) != 64 or not set(value) <= _HEX:
        raise RuleViolation("tn_commit_hash", rule="R24", field="hash")
    if not can_commit(state):
        raise RuleViolation("tn_commit_late", rule="R24", field="hash", round=len(state.rounds))
    return replace(state, commit=value)


def _draw(state: TournamentState, entry: Mapping[str, Any]) -> TournamentState:
    _not_finished(state)
    has_seed, has_numbers = "seed" in entry, "numbers" in entry
    if has_seed == has_numbers:
        raise RuleViolation("tn_draw_kind", rule="R24", field="seed")
    current = state.current
    if current is None:
        least = state.config.pot
        if state.sold < least:
            raise RuleViolation("tn_too_few_sold", rule="R24", field="kind", least=least, size=state.config.cards,
                                sold=state.sold)
        cards = state.config.cards
    elif not current.complete:
        raise RuleViolation("tn_round_open", rule="R24", field="kind", round=current.number, tables=current.waiting)
    else:
        cards = len(current.pairings)
    order = draw_order(state)
    first_round = current is None
    seed = hashed = None
    if has_seed:
        seed = _text(entry, "seed")
        if (problem := draw.seed_problem(seed)) is not None:
            raise problem
        if state.commit is None:
            raise RuleViolation("tn_no_commit", rule="R24", field="seed")
        if draw.seed_hash(seed) != state.commit:
            raise RuleViolation("tn_seed_mismatch", rule="R24", field="seed", hash=state.commit,
                                actual=draw.seed_hash(seed))
        hashed = state.commit
        drawn = {name: tuple(numbers) for name, numbers in draw.computed_draw(seed, order, cards, first_round).items()}
    else:
        drawn = draw.check_numbers(entry["numbers"], order, cards, first_round, _holder(state, order))
    tables = draw.pairings(drawn, cards)
    played = Round(len(state.rounds) + 1, cards, drawn, tables, seed, hashed)
    state = replace(state, rounds=(*state.rounds, played), commit=None)
    for pairing in tables:
        if pairing.self_pairing:
            state = _falls(state, pairing.players[0])
    return state


def _holder(state: TournamentState, order: list[tuple[str, int]]) -> Callable[[str], str | None]:
    drawing = {name for name, _cards in order}

    def known(raw: str) -> str | None:
        name = state.key(trimmed(raw))
        return name if name in drawing else None
    return known


# --- results ---------------------------------------------------------------------------------


def _result(state: TournamentState, entry: Mapping[str, Any]) -> TournamentState:
    current = state.current
    if current is None:
        raise RuleViolation("tn_no_round", rule="R24", field="number")
    again = entry.get("replace") is True
    if state.phase == FINISHED and not again:
        raise RuleViolation("tn_finished", rule="R24", field="number", winner=state.winner)
    number = _whole(entry, "number", 1, 1 << 20)
    if number > len(current.pairings):
        raise RuleViolation("tn_unknown_table", rule="R24", field="number", round=current.number,
                            most=len(current.pairings), number=number)
    pairing = current.pairings[number - 1]
    winner = state.key(trimmed(_text(entry, "winner"))) or _text(entry, "winner")
    if pairing.bye:
        raise RuleViolation("tn_bye_decided", rule="R24", field="number", number=number, player=pairing.winner)
    if pairing.self_pairing:
        raise RuleViolation("tn_self_decided", rule="R24", field="number", number=number, player=pairing.winner)
    if winner not in pairing.players:
        raise RuleViolation("tn_not_at_table", rule="R24", field="winner", winner=winner, number=number,
                            players=list(pairing.players))
    if pairing.winner is not None:
        if pairing.by == MATCH:
            raise RuleViolation("tn_decided_by_match", rule="R24", field="number", number=number,
                                winner=pairing.winner)
        if not again:
            raise RuleViolation("tn_already_decided", rule="R24", field="number", number=number,
                                winner=pairing.winner)
        state = _gives_back(state, pairing)
    by = MATCH if isinstance(entry.get("match"), str) else HAND
    decided = replace(pairing, winner=winner, by=by)
    loser = decided.loser
    assert loser is not None  # two different players, one of them the winner
    return _falls(_with_pairing(state, decided), loser)


def _with_pairing(state: TournamentState, pairing: Pairing) -> TournamentState:
    current = state.rounds[-1]
    tables = tuple(pairing if p.number == pairing.number else p for p in current.pairings)
    return replace(state, rounds=(*state.rounds[:-1], replace(current, pairings=tables)))


def _falls(state: TournamentState, holder: str) -> TournamentState:
    """``holder`` gives up one card (out of the tournament with his last)."""
    held = {**state.held, holder: state.held[holder] - 1}
    out = dict(state.out)
    if held[holder] == 0:
        out[holder] = len(state.rounds)
    return replace(state, held=held, out=out)


def _gives_back(state: TournamentState, pairing: Pairing) -> TournamentState:
    """A result by hand taken back: its loser has his card again."""
    loser = pairing.loser
    assert loser is not None
    held = {**state.held, loser: state.held[loser] + 1}
    out = {name: lost for name, lost in state.out.items() if name != loser}
    undecided = replace(pairing, winner=None, by=None)
    return _with_pairing(replace(state, held=held, out=out), undecided)


# --- prizes ----------------------------------------------------------------------------------


def _settle(state: TournamentState, entry: Mapping[str, Any]) -> TournamentState:
    _prizes, tie = prize_list(state)
    if tie is None:
        raise RuleViolation("tn_no_tie", rule="R24", field="order")
    order = entry.get("order")
    names = [state.key(trimmed(n)) or n for n in order] if isinstance(order, list) and \
        all(isinstance(n, str) for n in order) else None
    if names is None or sorted(names) != sorted(tie.players):
        raise RuleViolation("tn_settle_order", rule="R24", field="order", first=tie.places[0], last=tie.places[1],
                            players=list(tie.players))
    return replace(state, settled=tuple(names))


# --- fields ----------------------------------------------------------------------------------


def _not_finished(state: TournamentState) -> None:
    if state.phase == FINISHED:
        raise RuleViolation("tn_finished", rule="R24", field="kind", winner=state.winner)


def _player(entry: Mapping[str, Any]) -> str:
    name = trimmed(_text(entry, "player"))
    refusal = name_problem(name)
    if refusal is not None:
        code, params = refusal
        raise RuleViolation(code, rule="R24", field="player", **params)
    return name


def _text(entry: Mapping[str, Any], field: str) -> str:
    if field not in entry:
        raise RuleViolation("tn_field_missing", rule="R24", field=field, field_name=field)
    value = entry[field]
    if not isinstance(value, str):
        raise RuleViolation("tn_field_text", rule="R24", field=field, field_name=field)
    return value


def _whole(entry: Mapping[str, Any], field: str, least: int, most: int) -> int:
    if field not in entry:
        raise RuleViolation("tn_field_missing", rule="R24", field=field, field_name=field)
    value = entry[field]
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise RuleViolation("tn_field_whole_number", rule="R24", field=field, field_name=field, least=least,
                            most=most)
    return value


_KINDS: dict[str, Callable[[TournamentState, Mapping[str, Any]], TournamentState]] = {
    "buy": _buy, "refund": _refund, "commit": _commit, "draw": _draw, "result": _result, "settle": _settle,
}
