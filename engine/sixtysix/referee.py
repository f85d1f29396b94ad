"""Sixty-Six's referee at the table: "may I play this card?", "may I exchange the trump
nine (Schnapsen: Unter) or close the stock?" and "replay that disputed deal".

Two players play freely while the stock is open (T2) and by T1 once it is exhausted or
closed; the exchange and the closing follow T7 (and the hard game's stricter exchange,
R23).  A replayed deal reports every broken rule with its trick and comes to the entry a
``sixtysix`` match accepts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards.german import Card, Suit
from engine.errors import RuleViolation
from engine.i18n import render
from engine.sixtysix.entries import AtClose, Ending
from engine.sixtysix.moves import close_refusal, exchange_refusal
from engine.sixtysix.rules import DECKS, Deck, Variant
from engine.tricks.play import TrickRules, replay
from engine.tricks.referee import HandRuling, PlayRuling
from engine.tricks.referee import judge_play as judge_trick_play
from engine.tricks.stock import free_tricks


def parse_variant(name: str | None) -> Variant:
    try:
        return Variant(name or Variant.SIXTYSIX.value)
    except ValueError:
        raise RuleViolation("ss_unknown_variant", field="variant", name=str(name),
                            known=[v.value for v in Variant]) from None


def _check_deck(cards: Sequence[Card], deck: Deck, field_name: str) -> None:
    for index, c in enumerate(cards):
        if c not in deck.cards:
            raise RuleViolation("ss_card_not_in_deck", rule="R16", field=f"{field_name}.{index}", card=c,
                                variant=deck.variant)


# --- may I play this card? ----------------------------------------------------------------


def judge_play(*, hand: Sequence[Card], trick: Sequence[Card], card: Card, trump: Suit | None,
               variant: Variant = Variant.SIXTYSIX, stock_open: bool = False) -> PlayRuling:
    """T2 while the stock is open (anything goes), else T1: follow with a winning card,
    else trump (over a trump in the trick), else anything."""
    deck = DECKS[variant]
    _check_deck(hand, deck, "hand")
    _check_deck(trick, deck, "trick")
    if card not in deck.cards:
        raise RuleViolation("ss_card_not_in_deck", rule="R16", field="card", card=card, variant=deck.variant)
    if len(trick) > 1:
        raise RuleViolation("ss_trick_two_players", rule="T8", field="trick")
    return judge_trick_play(TrickRules(trump, free_tricks=1 if stock_open else 0), hand=hand, trick=trick, card=card)


# --- may I exchange, may I close? ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StockRuling:
    """May the player exchange the lowest trump or close the stock now (T7, R23)?"""

    action: str
    legal: bool
    rule: str | None
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {"action": self.action, "legal": self.legal, "rule": self.rule, "code": self.code,
                "reason": render(f"ss_stock_{self.code}", lang, self.params)}


def judge_stock(*, action: str, on_lead: bool, tricks_won: int, stock: int, closed: bool = False,
                variant: Variant = Variant.SIXTYSIX, style: str = "soft") -> StockRuling:
    """T7: the exchange needs the lead, a trick won and an open stock (two or more cards),
    in the hard game more than one covered card (R23); closing needs the lead and four or
    more cards in the stock."""
    deck = DECKS[variant]
    if not 0 <= stock <= deck.stock:
        raise RuleViolation("ss_stock_range", rule="R16", field="stock", most=deck.stock, variant=variant)
    if style not in ("soft", "hard"):
        raise RuleViolation("bad_rule_value", rule="R23", field="style", name="style", value=style,
                            allowed=["soft", "hard"])
    params = {"card": deck.lowest_trump, "stock": stock}
    if action == "exchange":
        refusal = exchange_refusal(on_lead=on_lead, tricks_won=tricks_won, stock=stock, closed=closed,
                                   hard=style == "hard")
    elif action == "close":
        refusal = close_refusal(on_lead=on_lead, stock=stock, closed=closed)
    else:
        raise RuleViolation("ss_stock_action", field="action", action=action)
    if refusal is None:
        return StockRuling(action, True, None, f"{action}_legal", params)
    return StockRuling(action, False, refusal[0], refusal[1], params)


# --- replay a disputed deal ----------------------------------------------------------------


def judge_hand(*, players: Sequence[str], leader: str, plays: Sequence[Sequence[Card]], trump: Suit,
               variant: Variant = Variant.SIXTYSIX, melds: Sequence[tuple[str, Suit, int | None]] = (),
               closed_by: str | None = None, closed_after: int | None = None,
               claim: str | None = None) -> HandRuling:
    """Replay a deal trick by trick: T2 while the stock is open, T1 once it is exhausted
    or closed (``closed_after`` tricks), T6 for marriages.  Every broken rule is reported
    with its trick; the entry is what the plays come to (a Renonce if T1 was broken)."""
    names = tuple(players)
    deck = DECKS[variant]
    if len(names) != 2 or len(set(names)) != 2:
        raise RuleViolation("ss_referee_players", rule="R16", field="players")
    if leader not in names:
        raise RuleViolation("unknown_player", field="leader", name=leader)
    for name, value in (("claim", claim), ("closed_by", closed_by)):
        if value is not None and value not in names:
            raise RuleViolation("unknown_player", field=name, name=value)
    if (closed_by is None) != (closed_after is None):
        raise RuleViolation("ss_closed_after_required" if closed_by else "ss_closed_after_without_closer", rule="T8",
                            field="closed_after" if closed_by else "closed_by")
    if closed_after is not None and not 0 <= closed_after <= deck.close_after_max:
        raise RuleViolation("ss_close_too_late", rule="T7", field="closed_after", most=deck.close_after_max)
    for t, trick in enumerate(plays):
        _check_deck(trick, deck, f"plays.{t}")
    rules = TrickRules(trump, free_tricks(players=2, stock=deck.stock, closed_after=closed_after))
    played = replay(names, leader, plays, rules=rules, marriages=melds, claim=claim, strict=False)
    entry: dict[str, Any] = {"trump": str(trump)}
    renonce = next((v for v in played.violations if v.rule == "T1"), None)
    expected = deck.tricks if closed_after is None else closed_after + deck.hand
    complete = len(played.tricks) == expected
    if renonce is not None:
        entry.update(ended_by=Ending.RENONCE.value, renonce_by=renonce.params["player"])
    elif closed_by is not None:
        entry["ended_by"] = Ending.CLOSED.value
    elif claim is not None:
        entry["ended_by"] = Ending.CLAIM.value
    elif complete:
        entry["ended_by"] = Ending.PLAYED_OUT.value
    entry.update(points=dict(played.points), tricks=dict(played.tricks_won))
    if entry.get("ended_by") == Ending.PLAYED_OUT.value:
        entry["last_trick"] = played.last_trick
    if claim is not None and renonce is None:
        entry["claim"] = claim
    if closed_by is not None and closed_after is not None and renonce is None:
        opponent = names[1] if closed_by == names[0] else names[0]
        before = played.tricks[:closed_after]
        at = AtClose(sum(t.points for t in before if t.winner == opponent),
                     sum(1 for t in before if t.winner == opponent))
        entry.update(closed_by=closed_by, closed_after=closed_after,
                     at_close={"points": at.points, "tricks": at.tricks})
    if played.marriages:
        entry["melds"] = [{"player": m.player, "suit": str(m.suit), "trick": m.trick} for m in played.marriages]
    return HandRuling(played, entry)


__all__ = ["StockRuling", "judge_hand", "judge_play", "judge_stock", "parse_variant"]
