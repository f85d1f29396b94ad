"""The referee of any trick game: "may I play this card?" and "replay that hand".

Both answers cite the rule (T1-T8) and say it in words a player understands.  A game's
own referee (:mod:`engine.dreeg.referee`) turns the players' description into the
:class:`~engine.tricks.play.TrickRules` of the situation and, for a replayed hand, the
summary entry its matches accept; the rest is the same for every trick game.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import RuleViolation
from engine.i18n import render
from engine.tricks.order import TrickCard
from engine.tricks.play import PlayedHand, TrickRules


@dataclass(frozen=True, slots=True)
class PlayRuling:
    """May this card be played?  ``legal_cards``: every card of the hand that may."""

    legal: bool
    legal_cards: tuple[TrickCard, ...]
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


def check_given_once(hand: Sequence[TrickCard], trick: Sequence[TrickCard]) -> None:
    """T8: a card is either in the hand or in the trick, and there once."""
    seen: set[TrickCard] = set()
    for where, cards in (("hand", hand), ("trick", trick)):
        for index, c in enumerate(cards):
            if c in seen:
                raise RuleViolation("card_twice_given", rule="T8", field=f"{where}.{index}", card=c)
            seen.add(c)


def judge_play(rules: TrickRules, *, hand: Sequence[TrickCard], trick: Sequence[TrickCard], card: TrickCard,
               t: int = 0, previous_lead: Hashable | None = None) -> PlayRuling:
    """May ``card`` be played from ``hand`` to ``trick`` in trick ``t`` under ``rules``?"""
    check_given_once(hand, trick)
    options = rules.legal_plays(hand, trick, t=t, previous_lead=previous_lead)
    broken = rules.why_illegal(hand, trick, card, t=t, previous_lead=previous_lead)
    led = rules.trick_order.follows(trick[0]) if trick else ""  # the suit led (or the trumps, where an order says so)
    params = {"card": card, "led": led, "previous": previous_lead or "",
              "called": getattr(rules, "called_card", None) or ""}
    if broken is None:
        return PlayRuling(True, options, params=params)
    rule, code = broken
    return PlayRuling(False, options, rule, code, params)


@dataclass(frozen=True, slots=True)
class HandRuling:
    """A disputed hand replayed: every trick, every broken rule, the totals, and the
    summary ``entry`` the game's matches accept for it."""

    played: PlayedHand
    entry: Mapping[str, Any]

    @property
    def legal(self) -> bool:
        return not self.played.violations

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
            "entry": dict(self.entry),
        }


def _violation_json(violation: RuleViolation, lang: str) -> dict[str, Any]:
    played = violation.params.get("card")
    return {
        "trick": violation.params.get("trick"),
        "player": violation.params.get("player"),
        "card": None if played is None else str(played),
        "rule": violation.rule,
        "code": violation.code,
        "field": violation.field,
        "reason": violation.message(lang),
    }
