"""Sixty-Six's referee at the table: "may I play this card?", "may I exchange the trump
nine (Schnapsen: Unter) or close the stock?", "what may I do now?" and "replay that
disputed deal".

Two players play freely while the stock is open (T2) and by T1 once it is exhausted or
closed; the exchange and the closing follow T7 (and the hard game's stricter exchange,
R23), marriages T6 and a claim R17, judged by the same checks as a deal entered
(:mod:`engine.sixtysix.moves`).  A replayed deal reports every broken rule with its trick
and comes to the entry a ``sixtysix`` match accepts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.cards.german import Card, Suit, card
from engine.errors import RuleViolation
from engine.i18n import render
from engine.sixtysix.entries import AtClose, Ending
from engine.sixtysix.moves import claim_refusal, close_refusal, exchange_refusal, marriage_leads, marriage_refusal
from engine.sixtysix.rules import DECKS, Deck, Variant
from engine.tricks.melds import MARRIAGE_PLAIN, MARRIAGE_TRUMP
from engine.tricks.play import TrickRules, marriage_pair, replay
from engine.tricks.referee import HandRuling, PlayRuling, check_given_once
from engine.tricks.referee import judge_play as judge_trick_play
from engine.tricks.stock import free_tricks, stock_is_open


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
    _check_stock_size(stock, deck)
    _style(style)
    if action == "exchange":
        refusal = exchange_refusal(on_lead=on_lead, tricks_won=tricks_won, stock=stock, closed=closed,
                                   hard=style == "hard")
    elif action == "close":
        refusal = close_refusal(on_lead=on_lead, stock=stock, closed=closed)
    else:
        raise RuleViolation("ss_stock_action", field="action", action=action)
    ruling = _stock_action(action, refusal, deck, stock)
    return StockRuling(action, ruling.legal, ruling.rule, ruling.code, ruling.params)


# --- what may I do now? --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionRuling:
    """One thing the player might do now (``play`` a card, show a ``marriage``,
    ``exchange`` the lowest trump, ``close`` the stock, ``claim`` 66) and the verdict:
    the rule that forbids it, and the sentence that says why (or what follows)."""

    action: str
    legal: bool
    rule: str | None
    code: str
    sentence: str
    params: Mapping[str, Any] = field(default_factory=dict)
    card: Card | None = None
    suit: Suit | None = None

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {"action": self.action, "card": None if self.card is None else str(self.card),
                "suit": None if self.suit is None else str(self.suit), "legal": self.legal, "rule": self.rule,
                "code": self.code, "reason": render(self.sentence, lang, self.params)}


@dataclass(frozen=True, slots=True)
class ActionsRuling:
    """Everything the player might do now, each with its verdict, and the situation they
    were judged in: on lead or not, the stock open (T2) or not (T1), the trumps."""

    on_lead: bool
    stock_open: bool
    trump: Suit
    situation: str
    params: Mapping[str, Any]
    actions: tuple[ActionRuling, ...]

    @property
    def legal_cards(self) -> tuple[Card, ...]:
        return tuple(a.card for a in self.actions if a.action == "play" and a.legal and a.card is not None)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "on_lead": self.on_lead,
            "stock_open": self.stock_open,
            "trump": str(self.trump),
            "situation": {"rule": "T2" if self.stock_open else "T1",
                          "text": render(self.situation, lang, self.params)},
            "actions": [a.to_json(lang) for a in self.actions],
            "legal_cards": [str(c) for c in self.legal_cards],
        }


def judge_actions(*, hand: Sequence[Card], stock: int, tricks_won: int, trump_card: Card | None = None,
                  trump: Suit | None = None, closed: bool = False, trick: Sequence[Card] = (),
                  marriages: Sequence[Suit] = (), variant: Variant = Variant.SIXTYSIX,
                  style: str = "soft") -> ActionsRuling:
    """What may the player do now?  Each card of his ``hand`` (T2 while the stock is
    open, else T1; after a marriage shown on this lead only its King or Ober, T6, the
    King in the hard game, R23), each marriage he holds (T6, R23), the exchange of the
    lowest trump and the closing (T7, R23), and a claim of 66 (R17): every one with its
    verdict, judged by the same checks as a deal entered (:mod:`engine.sixtysix.moves`)
    and the ``play`` and ``stock`` questions.

    ``trump_card`` is the face-up card under the stock; once it has been drawn (the stock
    empty) ``trump`` names the suit.  ``stock`` counts the cards left in it, the face-up
    one included.  ``trick`` holds the opponent's lead, if he has led.  ``marriages`` are
    the suits of the marriages shown in this deal so far: one whose King and Ober the
    player still holds is the one he has just shown on this lead."""
    deck = DECKS[variant]
    hard = _style(style) == "hard"
    trump = _actions_trump(trump_card, trump, stock, deck)
    _check_actions_cards(hand, trick, trump_card, deck)
    _check_stock_size(stock, deck)
    on_lead = not trick
    _check_tricks_won(tricks_won, stock=stock, closed=closed, on_lead=on_lead, deck=deck)
    shown = _shown_on_this_lead(hand, marriages, on_lead=on_lead, first_lead=on_lead and tricks_won == 0, hard=hard)
    stock_open = stock_is_open(stock, closed=closed)
    actions = [
        *_card_actions(hand, trick, trump, shown=shown, hard=hard, variant=variant, stock_open=stock_open),
        *_marriage_actions(hand, trump, shown=shown, on_lead=on_lead, first_lead=on_lead and tricks_won == 0,
                           hard=hard),
        _exchange_action(hand, trump, deck, on_lead=on_lead, tricks_won=tricks_won, stock=stock, closed=closed,
                         hard=hard),
        _stock_action("close", close_refusal(on_lead=on_lead, stock=stock, closed=closed), deck, stock),
        _claim_action(on_lead=on_lead, tricks_won=tricks_won, shown=shown, hard=hard),
    ]
    how = "open" if stock_open else "closed" if closed and stock > 0 else "empty"
    situation = f"ss_act_{'lead' if on_lead else 'follow'}_{how}"
    return ActionsRuling(on_lead, stock_open, trump, situation, {"card": trick[0] if trick else ""}, tuple(actions))


def _style(style: str) -> str:
    if style not in ("soft", "hard"):
        raise RuleViolation("bad_rule_value", rule="R23", field="style", name="style", value=style,
                            allowed=["soft", "hard"])
    return style


def _check_stock_size(stock: int, deck: Deck) -> None:
    if not 0 <= stock <= deck.stock:
        raise RuleViolation("ss_stock_range", rule="R16", field="stock", most=deck.stock, variant=deck.variant)


def _actions_trump(trump_card: Card | None, trump: Suit | None, stock: int, deck: Deck) -> Suit:
    """The trumps: the face-up card's suit while it lies under the stock, else as given."""
    if trump_card is None:
        if trump is None:
            raise RuleViolation("ss_actions_trump_required", field="trump")
        return trump
    if stock == 0:
        raise RuleViolation("ss_actions_trump_card_gone", field="trump_card", card=trump_card)
    if trump is not None and trump is not trump_card.suit:
        raise RuleViolation("ss_actions_trump_mismatch", field="trump", card=trump_card, suit=trump_card.suit,
                            given=trump)
    return trump_card.suit


def _check_actions_cards(hand: Sequence[Card], trick: Sequence[Card], trump_card: Card | None, deck: Deck) -> None:
    """R16: the variant's cards, a hand of one to six (Schnapsen five), at most one card
    led before the player's; T8: each card in one place."""
    _check_deck(hand, deck, "hand")
    _check_deck(trick, deck, "trick")
    if trump_card is not None and trump_card not in deck.cards:
        raise RuleViolation("ss_card_not_in_deck", rule="R16", field="trump_card", card=trump_card,
                            variant=deck.variant)
    if not 1 <= len(hand) <= deck.hand:
        raise RuleViolation("ss_hand_size", rule="R16", field="hand", most=deck.hand, variant=deck.variant)
    if len(trick) > 1:
        raise RuleViolation("ss_trick_two_players", rule="T8", field="trick")
    check_given_once(hand, trick)
    if trump_card is not None and (trump_card in hand or trump_card in trick):
        raise RuleViolation("card_twice_given", rule="T8", field="trump_card", card=trump_card)


def _check_tricks_won(tricks_won: int, *, stock: int, closed: bool, on_lead: bool, deck: Deck) -> None:
    """While the stock is open, two cards are drawn after each trick: the tricks played
    show in the stock; on lead without a trick is only the forehand's first lead."""
    if not 0 <= tricks_won <= deck.tricks:
        raise RuleViolation("ss_tricks_won_range", rule="R16", field="tricks_won", most=deck.tricks)
    if closed or stock == 0:
        return
    played = (deck.stock - stock) // 2
    if tricks_won > played:
        raise RuleViolation("ss_tricks_won_too_many" if played else "ss_tricks_won_none_played", rule="R16",
                            field="tricks_won", stock=stock, played=played, n=tricks_won)
    if on_lead and tricks_won == 0 and played > 0:
        raise RuleViolation("ss_on_lead_without_trick", rule="R16", field="tricks_won", played=played)


def _shown_on_this_lead(hand: Sequence[Card], marriages: Sequence[Suit], *, on_lead: bool, first_lead: bool,
                        hard: bool) -> Suit | None:
    """T6: a marriage is shown on a lead and one of its cards led at once, one per lead:
    a shown marriage still held whole is the one just shown on this lead (R23: not on the
    hard game's first lead)."""
    seen: set[Suit] = set()
    shown: Suit | None = None
    for index, suit in enumerate(marriages):
        if suit in seen:
            raise RuleViolation("marriage_twice", rule="T6", field=f"marriages.{index}", suit=suit)
        seen.add(suit)
        if not all(c in hand for c in marriage_pair(suit)):
            continue
        if not on_lead or shown is not None:
            raise RuleViolation("ss_actions_marriage_held", rule="T6", field=f"marriages.{index}", suit=suit)
        refusal = marriage_refusal(on_lead=True, first_lead=first_lead, hard=hard)
        if refusal is not None:
            raise RuleViolation(f"ss_act_{refusal[1]}", rule=refusal[0], field=f"marriages.{index}")
        shown = suit
    return shown


def _card_actions(hand: Sequence[Card], trick: Sequence[Card], trump: Suit, *, shown: Suit | None, hard: bool,
                  variant: Variant, stock_open: bool) -> list[ActionRuling]:
    """Each card of the hand: the ``play`` question's verdict; after a marriage shown on
    this lead only its King or Ober may be led (T6; the King, R23)."""
    found = []
    for c in hand:
        if shown is not None and c not in marriage_leads(shown, hard=hard):
            rule, code = ("R23", "hard_king_first") if hard and c in marriage_pair(shown) else ("T6", "marriage_lead")
            found.append(ActionRuling("play", False, rule, code, f"ss_act_play_{code}", {"suit": shown, "card": c},
                                      card=c))
            continue
        ruling = judge_play(hand=hand, trick=trick, card=c, trump=trump, variant=variant, stock_open=stock_open)
        code = ruling.code or "legal"
        found.append(ActionRuling("play", ruling.legal, ruling.rule, code, f"play_{code}", ruling.params, card=c))
    return found


def _marriage_actions(hand: Sequence[Card], trump: Suit, *, shown: Suit | None, on_lead: bool, first_lead: bool,
                      hard: bool) -> list[ActionRuling]:
    """Each marriage the hand holds (T6, R23), worth 40 in trumps, 20 otherwise (R10)."""
    found = []
    for suit in Suit:
        if not all(c in hand for c in marriage_pair(suit)):
            continue
        params = {"suit": suit, "value": MARRIAGE_TRUMP if suit is trump else MARRIAGE_PLAIN, "shown": shown or ""}
        if suit is shown:
            code = "marriage_shown_hard" if hard else "marriage_shown"
            found.append(ActionRuling("marriage", True, None, "marriage_shown", f"ss_act_{code}", params, suit=suit))
            continue
        refusal = marriage_refusal(on_lead=on_lead, first_lead=first_lead, hard=hard,
                                   shown_on_this_lead=shown is not None)
        if refusal is not None:
            rule, code = refusal
            found.append(ActionRuling("marriage", False, rule, code, f"ss_act_{code}", params, suit=suit))
            continue
        how = "hard" if hard else "first" if first_lead else "plain"
        found.append(ActionRuling("marriage", True, None, "marriage_legal", f"ss_act_marriage_legal_{how}", params,
                                  suit=suit))
    return found


def _exchange_action(hand: Sequence[Card], trump: Suit, deck: Deck, *, on_lead: bool, tricks_won: int, stock: int,
                     closed: bool, hard: bool) -> ActionRuling:
    """T7 (R23), and the player must hold the lowest trump to exchange it."""
    refusal = exchange_refusal(on_lead=on_lead, tricks_won=tricks_won, stock=stock, closed=closed, hard=hard)
    lowest = card(trump, deck.lowest_trump)
    if refusal is None and lowest not in hand:
        refusal = ("T7", "exchange_not_held")
    action = _stock_action("exchange", refusal, deck, stock)
    return replace(action, card=lowest)


def _stock_action(action: str, refusal: tuple[str, str] | None, deck: Deck, stock: int) -> ActionRuling:
    """An exchange or a closing, worded as the ``stock`` question words it."""
    params = {"card": deck.lowest_trump, "stock": stock}
    if refusal is None:
        return ActionRuling(action, True, None, f"{action}_legal", f"ss_stock_{action}_legal", params)
    rule, code = refusal
    return ActionRuling(action, False, rule, code, f"ss_stock_{code}", params)


def _claim_action(*, on_lead: bool, tricks_won: int, shown: Suit | None, hard: bool) -> ActionRuling:
    """R17: on lead, after a trick won or right after showing a marriage."""
    refusal = claim_refusal(on_lead=on_lead, tricks_won=tricks_won, melded=shown is not None, hard=hard)
    if refusal is not None:
        rule, code = refusal
        return ActionRuling("claim", False, rule, code, f"ss_act_{code}")
    sentence = "ss_act_claim_legal_no_trick" if tricks_won == 0 else "ss_act_claim_legal"
    return ActionRuling("claim", True, None, "claim_legal", sentence)


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


__all__ = ["ActionRuling", "ActionsRuling", "StockRuling", "judge_actions", "judge_hand", "judge_play", "judge_stock",
           "parse_variant"]
