"""Deals of Sixty-Six played card by card, for the tests: dealt and played at random by
the engine's dealer (legal plays only), and summed up here independently of the
engine (card points, T3, T1), so a deal entered trick by trick can be checked against
the same deal entered as a summary."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.cards.german import DECK_20, DECK_24
from engine.tricks.deal import play_out_with_stock

PLAYERS = ("Anna", "Benno")
OTHER = {"Anna": "Benno", "Benno": "Anna"}
#: RULES.md: card points, and the ranks high to low (T3).
POINTS = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "9": 0}
STRENGTH = {rank: n for n, rank in enumerate(["9", "U", "O", "K", "10", "A"])}
#: variant: (deck, cards in each hand, tricks played while the stock is open)
VARIANTS = {"sixtysix": (DECK_24, 6, 6), "schnapsen": (DECK_20, 5, 5)}

Trick = list[str]


def suit(card: str) -> str:
    return card[0]


def rank(card: str) -> str:
    return card[1:]


def second_wins(lead: str, follow: str, trump: str) -> bool:
    """T3 for two cards: the higher of the suit led, or a trump on a plain card."""
    if suit(lead) == suit(follow):
        return STRENGTH[rank(follow)] > STRENGTH[rank(lead)]
    return suit(follow) == trump


def obliged(hand: list[str], lead: str, trump: str) -> list[str]:
    """T1 for the second card of a two-card trick."""
    follow = [c for c in hand if suit(c) == suit(lead)]
    if follow:
        return [c for c in follow if STRENGTH[rank(c)] > STRENGTH[rank(lead)]] or follow
    trumps = [c for c in hand if suit(c) == trump]
    return trumps or hand


@dataclass
class Deal:
    """A deal as played: ``plays`` from the forehand's first lead, the tricks' leaders
    and winners, each player's card points and tricks, and who played which card."""

    trump: str
    plays: list[Trick]
    forehand: str = "Benno"

    def __post_init__(self) -> None:
        self.leaders: list[str] = []
        self.winners: list[str] = []
        lead = self.forehand
        for first, second in self.plays:
            self.leaders.append(lead)
            lead = OTHER[lead] if second_wins(first, second, self.trump) else lead
            self.winners.append(lead)

    def owner(self, t: int, position: int) -> str:
        return self.leaders[t] if position == 0 else OTHER[self.leaders[t]]

    def points(self, upto: int | None = None) -> dict[str, int]:
        won = dict.fromkeys(PLAYERS, 0)
        for trick, winner in list(zip(self.plays, self.winners))[:upto]:
            won[winner] += sum(POINTS[rank(c)] for c in trick)
        return won

    def tricks(self, upto: int | None = None) -> dict[str, int]:
        won = dict.fromkeys(PLAYERS, 0)
        for winner in self.winners[:upto]:
            won[winner] += 1
        return won

    def hand_at(self, t: int, player: str) -> list[str]:
        """The cards ``player`` holds when trick ``t`` (0-based) is played: the ones he
        plays from then on (T8)."""
        return [c for u in range(t, len(self.plays)) for p, c in enumerate(self.plays[u]) if self.owner(u, p) == player]

    def t1_breaks(self) -> list[int]:
        """0-based tricks whose second card breaks T1 (whether or not T1 applied)."""
        return [t for t, (first, second) in enumerate(self.plays)
                if second not in obliged(self.hand_at(t, self.owner(t, 1)), first, self.trump)]

    def entry(self, **fields: Any) -> dict[str, Any]:
        """The trick-by-trick entry (T8)."""
        return {"trump": self.trump, "plays": self.plays, **fields}


def random_deal(seed: int, variant: str = "sixtysix", close_after: int | None = None) -> Deal:
    """A deal played legally at random: Anna deals, Benno leads (T2 while the stock is
    open, T1 after it is exhausted or closed)."""
    deck, each, _ = VARIANTS[variant]
    trump, plays = play_out_with_stock(random.Random(seed), list(PLAYERS), "Benno", deck=deck, cards_each=each,
                                       close_after=close_after)
    return Deal(str(trump), [[str(c) for c in trick] for trick in plays])


def first_claim(deal: Deal) -> int | None:
    """The first trick after which its winner has 66 card points: he claims there."""
    for t, winner in enumerate(deal.winners):
        if deal.points(t + 1)[winner] >= 66:
            return t + 1
    return None


# --- deals the tests tell stories about ----------------------------------------------------

# Trump acorns.  The stock is gone after trick 6; in trick 7 Benno leads the leaf Ober and
# Anna throws the bell King, though she still holds the leaf Nine, Unter and Ace, which
# she plays in tricks 9, 11 and 12.  (Deal 0 of random_deal with the second cards of tricks 7 and 8
# swapped, which moves the lead after trick 7 to Benno.)
RENONCE = Deal("E", [["GK", "EK"], ["HO", "SU"], ["SA", "G10"], ["HA", "HU"], ["H9", "HK"], ["EU", "H10"],
                     ["GO", "SK"], ["SO", "EA"], ["G9", "E9"], ["EO", "E10"], ["GU", "S9"], ["GA", "S10"]])

# Trump bells.  Benno leads the leaf Nine and Anna throws the acorn King (Benno: one trick,
# 4 card points); Benno leads the heart Ober and Anna trumps with the bell Ace.  Anna is on
# lead and closes after these two tricks; both were free (T2) although she held leaves and
# hearts.  In CLOSED_RENONCE trick 3 is the first after the closing: Anna leads the leaf
# King and Benno trumps with the bell Ober although he holds the leaf Ten, which he plays
# in trick 4 (CLOSED: he wins with the Ten at once).
CLOSED = Deal("S", [["G9", "EK"], ["HO", "SA"], ["GK", "G10"], ["SO", "SK"], ["H10", "SU"], ["EA", "EU"],
                    ["GU", "GO"], ["H9", "E10"]])
CLOSED_RENONCE = Deal("S", [["G9", "EK"], ["HO", "SA"], ["GK", "SO"], ["G10", "SK"], ["H10", "SU"], ["EA", "EU"],
                            ["GU", "GO"], ["H9", "E10"]])
