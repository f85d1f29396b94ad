"""The referee at the table: "may I play this card?" and "replay that disputed hand".

Both answers cite the rule (T1-T8) and say it in words a player understands.  They need
no match: the players describe the situation, the referee applies the rules of the
sub-game (trumps, Kamerun's lead rule T4, Rufen's first trick T5, the two-player stock
T2/T7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card, Suit
from engine.dreeg.rules import CLOSE_AFTER_MAX, TRICKS_PER_HAND, TWO_PLAYER_HAND, SubGame
from engine.errors import NotAvailable, RuleViolation
from engine.i18n import render
from engine.tricks import PlayedHand, PlayRules, replay, why_illegal


#: Games whose trick play the referee knows.
REFEREE_GAMES = ("dreeg",)


def check_game(name: str) -> None:
    """The referee rules on Dreeg's trick play; other games are refused, known ones as
    not available yet."""
    from engine import get_game  # the catalogue imports this module's neighbours

    game = get_game(name)
    if game.name not in REFEREE_GAMES:
        raise NotAvailable("game_not_available", field="game", game=game.title["en"])


def parse_subgame(name: str | None) -> SubGame:
    """``deutsch`` (the default), ``ace_of_hearts``, ``rufen`` or ``kamerun``."""
    try:
        return SubGame(name or SubGame.DEUTSCH.value)
    except ValueError:
        raise RuleViolation("unknown_subgame", field="subgame", name=str(name),
                            known=[s.value for s in SubGame]) from None


def _trump_for(subgame: SubGame, trump: Suit | None) -> Suit | None:
    """R12: Kamerun has no trump."""
    if subgame is SubGame.KAMERUN and trump is not None:
        raise RuleViolation("kamerun_no_trump", rule="R12", field="trump")
    return trump


# --- may I play this card? ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayRuling:
    legal: bool
    legal_cards: tuple[Card, ...]
    rule: str | None = None
    code: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        code = self.code or "legal"
        return {
            "legal": self.legal,
            "rule": self.rule,
            "code": code,
            "reason": render(f"play_{code}", lang, self.params),
            "legal_cards": [str(c) for c in self.legal_cards],
        }


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
    trump = _trump_for(subgame, trump)
    _check_cards(hand, trick)
    bar = previous_lead if subgame is SubGame.KAMERUN and not trick else None
    t5 = subgame is SubGame.RUFEN and first_trick and called_card is not None
    options = tuple(c for c in hand if _rule_against(c, hand, trick, trump, stock_open, bar, t5, called_card) is None)
    broken = _rule_against(card, hand, trick, trump, stock_open, bar, t5, called_card)
    params = {"card": str(card), "led": str(trick[0].suit) if trick else "",
              "previous": str(previous_lead) if previous_lead else "", "called": str(called_card) if called_card else ""}
    if broken is None:
        return PlayRuling(True, options, params=params)
    rule, code = broken
    return PlayRuling(False, options, rule, code, params)


def _rule_against(c: Card, hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, stock_open: bool,
                  bar: Suit | None, t5: bool, called: Card | None) -> tuple[str, str] | None:
    if c not in hand:
        return ("T8", "card_not_held")
    if t5:
        if called in hand and c is not called:
            return ("T5", "called_card_lead" if not trick else "called_card_first_trick")
        if called in hand:
            return None  # T5 overrides T1 for the called card
        if not trick and c.suit is not called.suit and any(x.suit is called.suit for x in hand):
            return ("T5", "rufen_trump_lead")
    return why_illegal(hand, trick, c, trump=trump, obligations=not stock_open, previous_lead=bar)


def _check_cards(hand: Sequence[Card], trick: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for where, cards in (("hand", hand), ("trick", trick)):
        for index, c in enumerate(cards):
            if c in seen:
                raise RuleViolation("card_twice_given", rule="T8", field=f"{where}.{index}", card=str(c))
            seen.add(c)


# --- replay a disputed hand -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandRuling:
    players: tuple[str, ...]
    subgame: SubGame
    trump: Suit | None
    played: PlayedHand
    called_card: Card | None = None
    closed: tuple[str, int] | None = None

    @property
    def legal(self) -> bool:
        return not self.played.violations

    def entry(self) -> dict[str, Any]:
        """The summary a ``POST .../hands`` would accept for this hand (without ``seq``)."""
        played = self.played
        complete = len(played.tricks) == self._tricks_expected()
        body: dict[str, Any] = {
            "points": dict(played.points),
            "tricks": dict(played.tricks_won),
        }
        if complete:
            body["last_trick"] = played.last_trick
        if self.trump is not None and self.subgame is not SubGame.KAMERUN:
            body["trump"] = str(self.trump)
        if played.marriages:
            body["melds"] = [{"player": m.player, "suit": str(m.suit), "trick": m.trick} for m in played.marriages]
        if self.subgame is SubGame.RUFEN and self.called_card is not None and len(self.players) > 2:
            caller = played.tricks[0].leader if played.tricks else self.players[0]
            holder = next((p for p, cards in played.held.items() if self.called_card in cards), None)
            body.update(caller=caller, called_card=str(self.called_card),
                        partner=None if holder in (None, caller) else holder)
        if self.closed is not None:
            body.update(closed_by=self.closed[0], closed_after=self.closed[1])
        return body

    def _tricks_expected(self) -> int:
        if self.closed is not None:
            return self.closed[1] + TWO_PLAYER_HAND
        return TRICKS_PER_HAND.get(len(self.players), 0)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        by_trick: dict[int, list[dict[str, Any]]] = {}
        everything = []
        for violation in self.played.violations:
            shown = _violation_json(violation, lang)
            everything.append(shown)
            by_trick.setdefault(violation.params.get("trick", 0), []).append(shown)
        return {
            "legal": self.legal,
            "tricks": [
                {
                    "number": n,
                    "leader": t.leader,
                    "cards": [{"player": p, "card": str(c)} for p, c in zip(t.players, t.cards)],
                    "winner": t.winner,
                    "points": t.points,
                    "violations": by_trick.get(n, []),
                }
                for n, t in enumerate(self.played.tricks, start=1)
            ],
            "totals": {
                "points": dict(self.played.points),
                "tricks": dict(self.played.tricks_won),
                "last_trick": self.played.last_trick,
            },
            "violations": everything,
            "entry": self.entry(),
        }


def _violation_json(violation: RuleViolation, lang: str) -> dict[str, Any]:
    return {
        "trick": violation.params.get("trick"),
        "player": violation.params.get("player"),
        "card": violation.params.get("card"),
        "rule": violation.rule,
        "code": violation.code,
        "field": violation.field,
        "reason": violation.message(lang),
    }


def _closing(names: tuple[str, ...], closed_by: str | None, closed_after: int | None) -> tuple[str, int] | None:
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
    return closed_by, closed_after


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
) -> HandRuling:
    """Replay a hand trick by trick and report every broken rule (T1-T8), the winner and
    points of each trick, the totals, and the summary entry it comes to."""
    names = tuple(players)
    if not 2 <= len(names) <= 4 or len(set(names)) != len(names):
        raise RuleViolation("referee_players", field="players")
    if leader not in names:
        raise RuleViolation("unknown_player", field="leader", name=leader)
    trump = _trump_for(subgame, trump)
    if subgame is SubGame.KAMERUN and melds:
        raise RuleViolation("kamerun_no_marriages", rule="R12", field="melds")
    if subgame is SubGame.RUFEN and called_card is not None and trump not in (None, called_card.suit):
        raise RuleViolation("rufen_trump_is_called_suit", rule="R11", field="trump")
    if subgame is SubGame.RUFEN and called_card is not None:
        trump = called_card.suit
    closed = _closing(names, closed_by, closed_after)
    free = 0
    if len(names) == 2:
        free = TWO_PLAYER_HAND if closed is None else closed[1]
    rules = PlayRules(
        trump=trump,
        free_tricks=free,
        kamerun_lead=subgame is SubGame.KAMERUN,
        called_card=called_card if subgame is SubGame.RUFEN and len(names) > 2 else None,
        caller=leader,
        marriages=subgame is not SubGame.KAMERUN,
    )
    played = replay(names, leader, plays, rules=rules, marriages=melds, strict=False)
    return HandRuling(names, subgame, trump, played, rules.called_card, closed)
