"""Dreeg's referee at the table: "may I play this card?" and "replay that disputed hand".

The players describe the situation (sub-game, trumps, the cards); the referee applies
the sub-game's trick rules (T1, Kamerun's lead rule T4, Rufen's first trick T5, the
two-player stock T2/T7) with the trick core's :mod:`engine.tricks.referee`, and turns a
replayed hand into the summary entry a Dreeg match accepts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards.german import Card, Suit
from engine.dreeg.rules import CLOSE_AFTER_MAX, TRICKS_PER_HAND, TWO_PLAYER_HAND, TWO_PLAYER_STOCK, SubGame
from engine.dreeg.subgames import HEART_ACE
from engine.errors import RuleViolation
from engine.tricks.melds import Meld
from engine.tricks.play import KamerunRules, PlayedHand, RufenRules, TrickRules, replay
from engine.tricks.referee import HandRuling, PlayRuling
from engine.tricks.referee import judge_play as judge_trick_play
from engine.tricks.stock import free_tricks


def parse_subgame(name: str | None) -> SubGame:
    """``deutsch`` (the default), ``ace_of_hearts``, ``rufen`` or ``kamerun``."""
    try:
        return SubGame(name or SubGame.DEUTSCH.value)
    except ValueError:
        raise RuleViolation("unknown_subgame", field="subgame", name=str(name),
                            known=[s.value for s in SubGame]) from None


def _trick_rules(subgame: SubGame, trump: Suit | None, called_card: Card | None, *, free: int = 0,
                 rufen_first_trick: bool = True) -> TrickRules:
    """The rules the sub-game plays by: R12 (Kamerun has no trump, T4), R11/T5 (Rufen's
    called card, whose suit is trumps), else T1 with the trump named."""
    if subgame is SubGame.KAMERUN:
        if trump is not None:
            raise RuleViolation("kamerun_no_trump", rule="R12", field="trump")
        return KamerunRules(free_tricks=free)
    if subgame is SubGame.RUFEN and called_card is not None:
        if trump not in (None, called_card.suit):
            raise RuleViolation("rufen_trump_is_called_suit", rule="R11", field="trump")
        if rufen_first_trick:
            return RufenRules(called_card.suit, free, called_card=called_card)
        return TrickRules(called_card.suit, free)
    return TrickRules(trump, free)


# --- may I play this card? ------------------------------------------------------------


def judge_play(
    *,
    hand: Sequence[Card],
    trick: Sequence[Card],
    card: Card,
    trump: Suit | None,
    subgame: SubGame = SubGame.DEUTSCH,
    stock_open: bool = False,
    previous_lead: Suit | None = None,
    called_card: Card | None = None,
    first_trick: bool = False,
) -> PlayRuling:
    """May ``card`` be played from ``hand`` to ``trick``?  T1 (T2 with an open stock),
    T4 in Kamerun on a lead after the first trick, T5 on Rufen's first trick."""
    rules = _trick_rules(subgame, trump, called_card, free=1 if stock_open else 0,
                         rufen_first_trick=first_trick)
    barred = previous_lead if subgame is SubGame.KAMERUN and not trick else None
    return judge_trick_play(rules, hand=hand, trick=trick, card=card, t=0, previous_lead=barred)


# --- replay a disputed hand -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Closed:
    player: str
    after: int


def _closing(names: tuple[str, ...], closed_by: str | None, closed_after: int | None) -> _Closed | None:
    """T7: the stock is closed only with two players, by one of them; T8: a hand entered
    trick by trick must say after how many tricks."""
    if closed_after is not None and not 0 <= closed_after <= CLOSE_AFTER_MAX:
        raise RuleViolation("close_stock_too_small", rule="T7", field="closed_after")
    if closed_by is None:
        if closed_after is not None:
            raise RuleViolation("closed_after_without_closer", rule="T7", field="closed_by")
        return None
    if len(names) != 2:
        raise RuleViolation("closing_two_players", rule="T7", field="closed_by", active=len(names))
    if closed_by not in names:
        raise RuleViolation("unknown_player", field="closed_by", name=closed_by)
    if closed_after is None:
        raise RuleViolation("closed_after_required", rule="T8", field="closed_after")
    return _Closed(closed_by, closed_after)


def judge_hand(
    *,
    players: Sequence[str],
    leader: str,
    plays: Sequence[Sequence[Card]],
    trump: Suit | None,
    subgame: SubGame = SubGame.DEUTSCH,
    melds: Sequence[tuple[str, Suit, int | None]] = (),
    called_card: Card | None = None,
    closed_by: str | None = None,
    closed_after: int | None = None,
    claim: str | None = None,
) -> HandRuling:
    """Replay a hand trick by trick and report every broken rule (T1-T8), the winner and
    points of each trick, the totals, and the summary entry it comes to.  A hand ended
    by a ``claim`` of 66 may stop before its last trick (R8)."""
    names = tuple(players)
    if not 2 <= len(names) <= 4 or len(set(names)) != len(names):
        raise RuleViolation("referee_players", field="players")
    if leader not in names:
        raise RuleViolation("unknown_player", field="leader", name=leader)
    if claim is not None and claim not in names:
        raise RuleViolation("claim_not_playing", rule="R8", field="claim", name=claim)
    if subgame is SubGame.KAMERUN and melds:
        raise RuleViolation("kamerun_no_marriages", rule="R12", field="melds")
    if subgame is SubGame.KAMERUN and claim is not None:
        raise RuleViolation("kamerun_no_claim", rule="R8", field="claim")
    if subgame is SubGame.KAMERUN and (closed_by is not None or closed_after is not None):
        raise RuleViolation("kamerun_no_closing", rule="R12", field="closed_by" if closed_by else "closed_after")
    closed = _closing(names, closed_by, closed_after)
    free = free_tricks(players=len(names), stock=TWO_PLAYER_STOCK, closed_after=closed.after if closed else None)
    rules = _trick_rules(subgame, trump, called_card if len(names) > 2 else None, free=free)
    if subgame is SubGame.RUFEN and called_card is not None:
        trump = called_card.suit
    played = replay(names, leader, plays, rules=rules, marriages=melds, claim=claim, strict=False)
    expected = closed.after + TWO_PLAYER_HAND if closed else TRICKS_PER_HAND.get(len(names), 0)
    entry = _entry(played, names, subgame=subgame, trump=trump, called_card=called_card if len(names) > 2 else None,
                   closed=closed, claim=claim, complete=len(played.tricks) == expected)
    return HandRuling(played, entry)


def _entry(played: PlayedHand, names: tuple[str, ...], *, subgame: SubGame, trump: Suit | None,
           called_card: Card | None, closed: _Closed | None, claim: str | None, complete: bool) -> dict[str, Any]:
    """The summary a ``POST .../hands`` would accept for this hand (without ``seq``): the
    points, tricks and last trick the cards show, the marriages shown, the claim, and
    what the cards tell of the sub-game (the heart ace's holder, R7; Rufen's caller and
    the holder of the called card, R11)."""
    body: dict[str, Any] = {"points": dict(played.points), "tricks": dict(played.tricks_won)}
    if complete and claim is None:
        body["last_trick"] = played.last_trick
    if trump is not None and subgame is not SubGame.KAMERUN:
        body["trump"] = str(trump)
    if played.marriages:
        body["melds"] = [{"player": m.player, "suit": str(m.suit), "trick": m.trick} for m in played.marriages]
    if claim is not None:
        body["claim"] = claim
    holder = _holder(played, HEART_ACE)
    if subgame is SubGame.ACE_OF_HEARTS and len(names) > 2 and holder is not None:
        body["declarer"] = holder
    if subgame is SubGame.RUFEN and called_card is not None:
        caller = played.tricks[0].leader if played.tricks else names[0]
        partner = _holder(played, called_card)
        body.update(caller=caller, called_card=str(called_card))
        if partner is not None:
            body["partner"] = None if partner == caller else partner
    if closed is not None:
        body.update(closed_by=closed.player, closed_after=closed.after)
    return body


def _holder(played: PlayedHand, wanted: Card) -> str | None:
    return next((p for p, cards in played.held.items() if wanted in cards), None)


__all__ = ["HandRuling", "Meld", "PlayRuling", "judge_hand", "judge_play", "parse_subgame"]
