"""Trick play: which cards may be played (T1-T6), who wins a trick (T3), and the replay
of a whole hand entered trick by trick (T8).

How a hand is played is a :class:`TrickRules`: T1 in the game's trick order (T3: which
cards are trumps, which suit each follows, what beats what; :mod:`engine.tricks.order`),
and T2 lifts every obligation for the tricks played while a two-player stock is open.  A sub-game that
plays differently overrides the one rule that differs: :class:`KamerunRules` bars the
suit of the previous lead (T4), :class:`RufenRules` governs the first trick (T5).

The referee's questions are answered by :meth:`TrickRules.legal_plays` (what may this
player play now?), :meth:`TrickRules.why_illegal` (may he play this card? if not, which
rule forbids it) and :func:`trick_winner`.  :func:`replay` runs them over every play of
a hand and derives card points, tricks and the last trick, or rejects the first illegal
play with its T-number, trick and player.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Any, Protocol, TypeVar

from engine.errors import IllegalPlay, RuleViolation
from engine.tricks import order as _order
from engine.tricks.order import TrickCard, TrickOrder, as_order, suit_trump

Trick = tuple[TrickCard, ...]
C = TypeVar("C", bound=TrickCard)
#: Why a card may not be played: (rule, code of the sentence).
Reason = tuple[str, str]


# --- one trick ------------------------------------------------------------------------


def beats(challenger: TrickCard, best: TrickCard, trump: TrickOrder | Hashable | None) -> bool:
    """Does ``challenger`` beat ``best``, the card winning the trick so far (T3)?
    ``trump``: the game's trick order, or a trump suit (T3's order with it)."""
    return _order.beats(challenger, best, as_order(trump))


def winning_index(trick: Sequence[TrickCard], trump: TrickOrder | Hashable | None) -> int:
    """Position in ``trick`` of the card that wins it: the highest trump, else the
    highest card of the suit led (T3).  ``trump``: an order or a trump suit."""
    return _order.winning_index(trick, as_order(trump))


def trick_winner(trick: Sequence[C], trump: TrickOrder | Hashable | None) -> C:
    return trick[winning_index(trick, trump)]


def obliged_plays(hand: Sequence[C], trick: Sequence[TrickCard], order: TrickOrder) -> tuple[C, ...]:
    """T1: follow the suit led with a card that wins the trick if he has one (unless it
    is already trumped); else trump, over the trumps in the trick if he can; else any.
    What a card follows, whether it is a trump and what beats what, ``order`` says."""
    hand = tuple(hand)
    follows, strength, is_trump = order.follows, order.strength, order.is_trump
    led = follows(trick[0])
    best = trick[_order.winning_index(trick, order)]
    follow = tuple(c for c in hand if follows(c) == led)
    if follow:
        if follows(best) != led:  # already trumped: any card of the suit led
            return follow
        return tuple(c for c in follow if strength(c) > strength(best)) or follow
    trumps = tuple(c for c in hand if is_trump(c))
    if trumps:
        if not is_trump(best):
            return trumps
        return tuple(c for c in trumps if strength(c) > strength(best)) or trumps
    return hand


def _t1_reason(hand: Sequence[TrickCard], trick: Sequence[TrickCard], played: TrickCard, order: TrickOrder) -> Reason:
    """Which part of T1 a card outside :func:`obliged_plays` breaks."""
    led = order.follows(trick[0])
    if any(order.follows(c) == led for c in hand):
        return ("T1", "must_follow" if order.follows(played) != led else "must_win")
    return ("T1", "must_trump" if not order.is_trump(played) else "must_overtrump")


@dataclass(frozen=True, slots=True)
class TrickRules:
    """How a hand is played: T1 in the game's trick ``order`` (T3), except that the first
    ``free_tricks`` tricks (two players, stock open) carry no obligation at all (T2).
    Any card may be led.  Trick ``t`` counts from 0.

    ``order`` left out is T3's suit order with ``trump``, the trump suit (``None``: no
    trump), as Dreeg and Sixty-Six play; a game whose trumps are no suit (Schafkopf's
    Obers and Unters) gives its own :class:`~engine.tricks.order.TrickOrder`."""

    trump: Any = None
    free_tricks: int = 0
    _: KW_ONLY
    order: TrickOrder | None = None
    #: The order every trick is played in: ``order``, else T3's with ``trump``.
    trick_order: TrickOrder = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "trick_order", self.order if self.order is not None else suit_trump(self.trump))

    def why_illegal(self, hand: Sequence[TrickCard], trick: Sequence[TrickCard], played: TrickCard, *, t: int = 0,
                    previous_lead: Hashable | None = None) -> Reason | None:
        """``None`` if ``played`` may be played from ``hand`` to ``trick`` (the cards
        already in it), else ``(rule, code)``."""
        if played not in hand:
            return ("T8", "card_not_held")
        if not trick or t < self.free_tricks:
            return None
        order = self.trick_order
        if played in obliged_plays(hand, trick, order):
            return None
        return _t1_reason(hand, trick, played, order)

    def legal_plays(self, hand: Sequence[C], trick: Sequence[TrickCard], *, t: int = 0,
                    previous_lead: Hashable | None = None) -> tuple[C, ...]:
        """Every card of ``hand`` that may be played now."""
        return tuple(c for c in hand if self.why_illegal(hand, trick, c, t=t, previous_lead=previous_lead) is None)


@dataclass(frozen=True, slots=True)
class KamerunRules(TrickRules):
    """Kamerun (R12, T4): no trump, and the winner of a trick may not lead the suit led
    to the previous trick unless he holds only that suit."""

    trump: Any = None

    def why_illegal(self, hand: Sequence[TrickCard], trick: Sequence[TrickCard], played: TrickCard, *, t: int = 0,
                    previous_lead: Hashable | None = None) -> Reason | None:
        follows = self.trick_order.follows
        if not trick and previous_lead is not None and played in hand and follows(played) == previous_lead \
                and any(follows(c) != previous_lead for c in hand):
            return ("T4", "kamerun_lead")
        return TrickRules.why_illegal(self, hand, trick, played, t=t, previous_lead=previous_lead)


@dataclass(frozen=True, slots=True)
class RufenRules(TrickRules):
    """Rufen's first trick (T5): the forehand leads a trump; the holder of the called card
    plays it to the first trick whatever T1 says, and leads it if he is the caller."""

    called_card: Any = None

    def why_illegal(self, hand: Sequence[TrickCard], trick: Sequence[TrickCard], played: TrickCard, *, t: int = 0,
                    previous_lead: Hashable | None = None) -> Reason | None:
        called = self.called_card
        if t == 0 and called is not None and played in hand:
            if called in hand:
                if played is called:
                    return None  # T5 overrides T1 for the called card
                return ("T5", "called_card_first_trick" if trick else "called_card_lead")
            if not trick and not self.trick_order.is_trump(played):
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
    suit: Any  # the suit of the game's pack (Dreeg's and Sixty-Six's: engine.cards.german.Suit)
    trick: int  # 1-based: the lead on which it was shown (one past the last trick: at a claim)


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """What a hand played trick by trick comes to (T8)."""

    tricks: tuple[PlayedTrick, ...]
    points: Mapping[str, int]
    tricks_won: Mapping[str, int]
    last_trick: str | None
    held: Mapping[str, frozenset[TrickCard]]
    on_lead: str  # who leads next (or led, if the hand went on): the last trick's winner
    marriages: tuple[MarriageShown, ...] = field(default=())
    violations: tuple[RuleViolation, ...] = field(default=())  # only when not ``strict``


MeldGiven = tuple[str, Any, "int | None"]  # player, suit (a MarriageSuit), trick


def replay(
    players: Sequence[str],
    leader: str,
    plays: Sequence[Sequence[TrickCard]],
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
    order = rules.trick_order
    owners = _owners(players, leader, plays, order=order)
    later: dict[str, list[TrickCard]] = {name: [] for name in players}
    for trick_cards, trick_owners in zip(plays, owners):
        for c, who in zip(trick_cards, trick_owners):
            later[who].append(c)
    held = {name: frozenset(cards) for name, cards in later.items()}
    _check_distinct(plays)

    remaining = {name: list(cards) for name, cards in later.items()}
    points = dict.fromkeys(players, 0)
    won = dict.fromkeys(players, 0)
    done: list[PlayedTrick] = []
    previous_lead: Hashable | None = None
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
        winner = trick_owners[_order.winning_index(trick_cards, order)]
        trick_points = sum(c.points for c in trick_cards)
        points[winner] += trick_points
        won[winner] += 1
        previous_lead = order.follows(trick_cards[0])
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


def _owners(players: Sequence[str], leader: str, plays: Sequence[Sequence[TrickCard]],
            *, order: TrickOrder) -> list[tuple[str, ...]]:
    """Who played each card: clockwise from the leader, the winner leading next."""
    seats = {name: i for i, name in enumerate(players)}
    count = len(players)
    owners = []
    lead_seat = seats[leader]
    for trick_cards in plays:
        who = tuple(players[(lead_seat + k) % count] for k in range(len(trick_cards)))
        owners.append(who)
        if trick_cards:
            lead_seat = seats[who[_order.winning_index(trick_cards, order)]]
    return owners


def _check_distinct(plays: Sequence[Sequence[TrickCard]]) -> None:
    seen: set[TrickCard] = set()
    for t, trick_cards in enumerate(plays):
        for position, c in enumerate(trick_cards):
            if c in seen:
                raise IllegalPlay("card_twice", rule="T8", field=f"plays.{t}.{position}", trick=t + 1, card=c)
            seen.add(c)


class MarriageSuit(Protocol):
    """A suit of a pack with marriages: it names its King and Ober (T6)."""

    def marriage(self) -> tuple[Any, Any]: ...


def marriage_pair(suit: MarriageSuit) -> tuple[Any, Any]:
    """A marriage's two cards: the King and the Ober of ``suit`` (T6), as its pack has them."""
    return suit.marriage()


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


def _held_at(c: TrickCard, player: str, t: int, done: Sequence[PlayedTrick]) -> bool:
    """Was ``c`` in ``player``'s hand when trick ``t`` was led?  It was if it had not been
    played before and, when it was played later, he played it (or it was never played,
    as after a claim)."""
    for index, trick in enumerate(done):
        if c in trick.cards:
            return index >= t and trick.players[trick.cards.index(c)] == player
    return True
