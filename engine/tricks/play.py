"""Trick play: which cards may be played (T1-T6), who wins a trick (T3), and the replay
of a whole hand entered trick by trick (T8).

How a hand is played is a :class:`TrickRules`: T1 with a trump (T2 lifts every
obligation for the tricks played while a two-player stock is open).  A sub-game that
plays differently overrides the one rule that differs: :class:`KamerunRules` bars the
suit of the previous lead (T4), :class:`RufenRules` governs the first trick (T5).

The referee's questions are answered by :meth:`TrickRules.legal_plays` (what may this
player play now?), :meth:`TrickRules.why_illegal` (may he play this card? if not, which
rule forbids it) and :func:`trick_winner`.  :func:`replay` runs them over every play of
a hand and derives card points, tricks and the last trick, or rejects the first illegal
play with its T-number, trick and player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.cards.german import Card, Rank, Suit, card
from engine.errors import IllegalPlay, RuleViolation

Trick = tuple[Card, ...]
#: Why a card may not be played: (rule, code of the sentence).
Reason = tuple[str, str]


# --- one trick ------------------------------------------------------------------------


def beats(challenger: Card, best: Card, trump: Suit | None) -> bool:
    """Does ``challenger`` beat ``best``, the card winning the trick so far (T3)?"""
    if challenger.suit is best.suit:
        return challenger.rank.strength > best.rank.strength
    return challenger.suit is trump


def winning_index(trick: Sequence[Card], trump: Suit | None) -> int:
    """Position in ``trick`` of the card that wins it: the highest trump, else the
    highest card of the suit led (T3)."""
    best = 0
    for index in range(1, len(trick)):
        if beats(trick[index], trick[best], trump):
            best = index
    return best


def trick_winner(trick: Sequence[Card], trump: Suit | None) -> Card:
    return trick[winning_index(trick, trump)]


def obliged_plays(hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None) -> tuple[Card, ...]:
    """T1: follow the suit led with a card that wins the trick if he has one (unless it
    is already trumped); else trump, over the trumps in the trick if he can; else any."""
    hand = tuple(hand)
    led = trick[0].suit
    best = trick[winning_index(trick, trump)]
    follow = tuple(c for c in hand if c.suit is led)
    if follow:
        if best.suit is not led:  # already trumped: any card of the suit led
            return follow
        return tuple(c for c in follow if c.rank.strength > best.rank.strength) or follow
    trumps = tuple(c for c in hand if c.suit is trump) if trump is not None else ()
    if trumps:
        if best.suit is not trump:
            return trumps
        return tuple(c for c in trumps if c.rank.strength > best.rank.strength) or trumps
    return hand


def _t1_reason(hand: Sequence[Card], trick: Sequence[Card], played: Card, trump: Suit | None) -> Reason:
    """Which part of T1 a card outside :func:`obliged_plays` breaks."""
    led = trick[0].suit
    if any(c.suit is led for c in hand):
        return ("T1", "must_follow" if played.suit is not led else "must_win")
    return ("T1", "must_trump" if played.suit is not trump else "must_overtrump")


@dataclass(frozen=True, slots=True)
class TrickRules:
    """How a hand is played: T1 with ``trump`` (``None``: no trump), except that the first
    ``free_tricks`` tricks (two players, stock open) carry no obligation at all (T2).
    Any card may be led.  Trick ``t`` counts from 0."""

    trump: Suit | None
    free_tricks: int = 0

    def why_illegal(self, hand: Sequence[Card], trick: Sequence[Card], played: Card, *, t: int = 0,
                    previous_lead: Suit | None = None) -> Reason | None:
        """``None`` if ``played`` may be played from ``hand`` to ``trick`` (the cards
        already in it), else ``(rule, code)``."""
        if played not in hand:
            return ("T8", "card_not_held")
        if not trick or t < self.free_tricks:
            return None
        if played in obliged_plays(hand, trick, self.trump):
            return None
        return _t1_reason(hand, trick, played, self.trump)

    def legal_plays(self, hand: Sequence[Card], trick: Sequence[Card], *, t: int = 0,
                    previous_lead: Suit | None = None) -> tuple[Card, ...]:
        """Every card of ``hand`` that may be played now."""
        return tuple(c for c in hand if self.why_illegal(hand, trick, c, t=t, previous_lead=previous_lead) is None)


@dataclass(frozen=True, slots=True)
class KamerunRules(TrickRules):
    """Kamerun (R12, T4): no trump, and the winner of a trick may not lead the suit led
    to the previous trick unless he holds only that suit."""

    trump: Suit | None = None

    def why_illegal(self, hand: Sequence[Card], trick: Sequence[Card], played: Card, *, t: int = 0,
                    previous_lead: Suit | None = None) -> Reason | None:
        if not trick and previous_lead is not None and played in hand and played.suit is previous_lead \
                and any(c.suit is not previous_lead for c in hand):
            return ("T4", "kamerun_lead")
        return TrickRules.why_illegal(self, hand, trick, played, t=t, previous_lead=previous_lead)


@dataclass(frozen=True, slots=True)
class RufenRules(TrickRules):
    """Rufen's first trick (T5): the forehand leads a trump; the holder of the called card
    plays it to the first trick whatever T1 says, and leads it if he is the caller."""

    called_card: Card | None = None

    def why_illegal(self, hand: Sequence[Card], trick: Sequence[Card], played: Card, *, t: int = 0,
                    previous_lead: Suit | None = None) -> Reason | None:
        called = self.called_card
        if t == 0 and called is not None and played in hand:
            if called in hand:
                if played is called:
                    return None  # T5 overrides T1 for the called card
                return ("T5", "called_card_first_trick" if trick else "called_card_lead")
            if not trick and played.suit is not self.trump:
                return ("T5", "rufen_trump_lead")
        return TrickRules.why_illegal(self, hand, trick, played, t=t, previous_lead=previous_lead)


# --- a whole hand ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    leader: str
    cards: Trick
    players: tuple[str, ...]
    winner: str
    points: int


@dataclass(frozen=True, slots=True)
class MarriageShown:
    player: str
    suit: Suit
    trick: int  # 1-based: the lead on which it was shown (one past the last trick: at a claim)


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """What a hand played trick by trick comes to (T8)."""

    tricks: tuple[PlayedTrick, ...]
    points: Mapping[str, int]
    tricks_won: Mapping[str, int]
    last_trick: str | None
    held: Mapping[str, frozenset[Card]]
    on_lead: str  # who leads next (or led, if the hand went on): the last trick's winner
    marriages: tuple[MarriageShown, ...] = field(default=())
    violations: tuple[RuleViolation, ...] = field(default=())  # only when not ``strict``


MeldGiven = tuple[str, Suit, "int | None"]


def replay(
    players: Sequence[str],
    leader: str,
    plays: Sequence[Sequence[Card]],
    *,
    rules: TrickRules,
    marriages: Sequence[MeldGiven] = (),
    claim: str | None = None,
    strict: bool = True,
) -> PlayedHand:
    """Play ``plays`` (cards per trick in play order, the first trick led by ``leader``,
    play going clockwise through ``players``) and check every card.

    Each player's cards are fixed by what he plays (T8): a card played later was in his
    hand all along.  Raises :class:`IllegalPlay` for the first card that breaks a rule;
    with ``strict=False`` (the referee replaying a disputed hand) every broken rule is
    collected in ``violations`` and the hand is played on as it was.  A trick of the
    wrong size or a card played twice is never a hand that was played: always refused.
    A hand that ended by a ``claim`` may end with a marriage shown by the claimer on the
    lead he never made (T6, R8)."""
    violations: list[RuleViolation] = []

    def broken(error: RuleViolation) -> None:
        if strict:
            raise error
        violations.append(error)

    count = len(players)
    owners = _owners(players, leader, plays, trump=rules.trump)
    later: dict[str, list[Card]] = {name: [] for name in players}
    for trick_cards, trick_owners in zip(plays, owners):
        for c, who in zip(trick_cards, trick_owners):
            later[who].append(c)
    held = {name: frozenset(cards) for name, cards in later.items()}
    _check_distinct(plays)

    remaining = {name: list(cards) for name, cards in later.items()}
    points = dict.fromkeys(players, 0)
    won = dict.fromkeys(players, 0)
    done: list[PlayedTrick] = []
    previous_lead: Suit | None = None
    for t, (trick_cards, trick_owners) in enumerate(zip(plays, owners)):
        if len(trick_cards) != count:
            raise IllegalPlay("trick_size", rule="T8", field=f"plays.{t}", trick=t + 1,
                              expected=count, got=len(trick_cards))
        for position, (c, who) in enumerate(zip(trick_cards, trick_owners)):
            hand = remaining[who]
            problem = rules.why_illegal(hand, trick_cards[:position], c, t=t, previous_lead=previous_lead)
            if problem is not None:
                rule, code = problem
                broken(IllegalPlay(code, rule=rule, field=f"plays.{t}.{position}", trick=t + 1, player=who,
                                   card=c, called=getattr(rules, "called_card", None),
                                   trick_so_far=list(trick_cards[:position])))
            hand.remove(c)
        winner = trick_owners[winning_index(trick_cards, rules.trump)]
        trick_points = sum(c.rank.points for c in trick_cards)
        points[winner] += trick_points
        won[winner] += 1
        previous_lead = trick_cards[0].suit
        done.append(PlayedTrick(trick_owners[0], tuple(trick_cards), trick_owners, winner, trick_points))
    on_lead = done[-1].winner if done else leader
    shown = []
    for meld in marriages:
        try:
            shown.append(_check_marriage(meld, done, on_lead=on_lead, claim=claim))
        except RuleViolation as error:
            broken(error)
    return PlayedHand(tuple(done), points, won, done[-1].winner if done else None, held, on_lead, tuple(shown),
                      tuple(violations))


def _owners(players: Sequence[str], leader: str, plays: Sequence[Sequence[Card]],
            *, trump: Suit | None) -> list[tuple[str, ...]]:
    """Who played each card: clockwise from the leader, the winner leading next."""
    seats = {name: i for i, name in enumerate(players)}
    count = len(players)
    owners = []
    lead_seat = seats[leader]
    for trick_cards in plays:
        who = tuple(players[(lead_seat + k) % count] for k in range(len(trick_cards)))
        owners.append(who)
        if trick_cards:
            lead_seat = seats[who[winning_index(trick_cards, trump)]]
    return owners


def _check_distinct(plays: Sequence[Sequence[Card]]) -> None:
    seen: set[Card] = set()
    for t, trick_cards in enumerate(plays):
        for position, c in enumerate(trick_cards):
            if c in seen:
                raise IllegalPlay("card_twice", rule="T8", field=f"plays.{t}.{position}", trick=t + 1, card=c)
            seen.add(c)


def marriage_pair(suit: Suit) -> tuple[Card, Card]:
    """A marriage's two cards: the King and the Ober of ``suit`` (T6)."""
    return (card(suit, Rank.KING), card(suit, Rank.OBER))


def _check_marriage(meld: MeldGiven, done: Sequence[PlayedTrick], *, on_lead: str,
                    claim: str | None) -> MarriageShown:
    """T6: a marriage is shown by the player on lead, who holds K and O of the suit and
    leads one of them, or claims 66 at once (R8) without leading.  Without a trick
    number, the first lead that fits is taken."""
    player, suit, trick_no = meld
    pair = marriage_pair(suit)
    unled = len(done)  # the lead a claim ended the hand before
    candidates = range(len(done) + 1) if trick_no is None else [trick_no - 1]
    for t in candidates:
        if t == unled:
            if claim == player and on_lead == player and all(_held_at(c, player, t, done) for c in pair):
                return MarriageShown(player, suit, t + 1)
            continue
        if not 0 <= t < len(done):
            break
        trick = done[t]
        if trick.leader != player or trick.cards[0] not in pair:
            continue
        partner = pair[1] if trick.cards[0] is pair[0] else pair[0]
        if _held_at(partner, player, t, done):
            return MarriageShown(player, suit, t + 1)
    raise RuleViolation("marriage_not_shown", rule="T6", field="melds", player=player, suit=suit)


def _held_at(c: Card, player: str, t: int, done: Sequence[PlayedTrick]) -> bool:
    """Was ``c`` in ``player``'s hand when trick ``t`` was led?  It was if it had not been
    played before and, when it was played later, he played it (or it was never played,
    as after a claim)."""
    for index, trick in enumerate(done):
        if c in trick.cards:
            return index >= t and trick.players[trick.cards.index(c)] == player
    return True
