"""What a player on lead may do besides playing a card: exchange the lowest trump, close
the stock (T7), show a marriage (T6), claim 66 (R17), and what the hard game forbids
(R23).

Each check is written once, here.  An entry's checks (:mod:`engine.sixtysix.deal`) ask
it about the moment the entry describes; the referee (:mod:`engine.sixtysix.referee`)
about the moment at the table.  A refusal is ``(rule, code)``; each caller words the
code in its own sentences (an entry speaks of what happened, the referee to the player).
"""

from __future__ import annotations

from engine.cards.german import Card, Suit
from engine.tricks.play import marriage_pair
from engine.tricks.stock import why_no_close, why_no_exchange

#: Why an action is refused: (rule, code of the reason).
Refusal = tuple[str, str]
#: R23, the hard game: no exchange while only one covered card is left, that is with
#: fewer than three cards in the stock (the covered one and the face-up trump card).
HARD_EXCHANGE_MIN_STOCK = 3


def exchange_refusal(*, on_lead: bool, tricks_won: int, stock: int, closed: bool, hard: bool) -> Refusal | None:
    """T7: the lowest trump is exchanged for the face-up trump card by the player on lead
    who has won a trick, while the stock is open (``stock`` cards, the face-up one
    included); R23, the hard game: not with only one covered card left."""
    why = why_no_exchange(on_lead=on_lead, tricks_won=tricks_won, stock_size=stock, closed=closed)
    if why is not None:
        return ("T7", why)
    if hard and stock < HARD_EXCHANGE_MIN_STOCK:
        return ("R23", "hard_exchange_last_card")
    return None


def close_refusal(*, on_lead: bool, stock: int, closed: bool) -> Refusal | None:
    """T7: the player on lead may close while four or more cards are in the stock."""
    why = why_no_close(on_lead=on_lead, stock_size=stock, closed=closed)
    return None if why is None else ("T7", why)


def marriage_refusal(*, on_lead: bool, first_lead: bool, hard: bool,
                     shown_on_this_lead: bool = False) -> Refusal | None:
    """T6: a marriage is shown by the player on lead, one per lead; R23, the hard game:
    not on the first lead (before any trick)."""
    if not on_lead:
        return ("T6", "marriage_not_on_lead")
    if shown_on_this_lead:
        return ("T6", "marriage_one_per_lead")
    if hard and first_lead:
        return ("R23", "hard_no_marriage_first_lead")
    return None


def claim_refusal(*, on_lead: bool, tricks_won: int, melded: bool, hard: bool) -> Refusal | None:
    """R17, T6: 66 is claimed by the player on lead, after winning a trick or right after
    showing a marriage (then without leading); without a trick that marriage is the
    first lead's, which the hard game forbids (R23)."""
    if not on_lead:
        return ("R17", "claim_not_on_lead")
    if tricks_won == 0:
        if not melded:
            return ("R17", "claim_without_trick")
        return marriage_refusal(on_lead=True, first_lead=True, hard=hard)
    return None


def marriage_leads(suit: Suit, *, hard: bool) -> tuple[Card, ...]:
    """T6: after showing a marriage the player leads its King or Ober; R23, the hard
    game: its King."""
    pair = marriage_pair(suit)
    return pair[:1] if hard else pair


__all__ = ["HARD_EXCHANGE_MIN_STOCK", "Refusal", "claim_refusal", "close_refusal", "exchange_refusal",
           "marriage_leads", "marriage_refusal"]
