"""Trick play: which cards may be played (T1-T6), who wins a trick (T3), and the replay
of a whole hand entered trick by trick (T8).

The referee's questions are answered by three functions: :func:`legal_plays` (what may
this player play now?), :func:`check_play` (may he play this card? if not, which rule
forbids it), and :func:`trick_winner`.  :func:`replay` runs them over every play of a
hand and derives card points, tricks and the last trick, or rejects the first illegal
play with its T-number, trick and player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.cards import Card, Rank, Suit, card
from engine.errors import IllegalPlay, RuleViolation

Trick = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayRules:
    """How a hand is played.

    ``trump`` is ``None`` in Kamerun (R12) and in a two-player Ace of Hearts until the
    heart ace appears.  ``free_tricks`` counts the tricks at the start of a two-player
    hand that are played with the stock open, where T2 lifts every obligation.
    ``kamerun_lead`` switches on T4; ``called_card`` and ``caller`` switch on T5.
    """

    trump: Suit | None
    free_tricks: int = 0
    kamerun_lead: bool = False
    called_card: Card | None = None
    caller: str | None = None
    marriages: bool = True


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


def legal_plays(
    hand: Sequence[Card],
    trick: Sequence[Card],
    *,
    trump: Suit | None,
    obligations: bool = True,
    previous_lead: Suit | None = None,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (T1, T2, T4).

    On a lead (empty trick) any card may be played, except that in Kamerun the
    ``previous_lead`` suit is barred unless the hand holds nothing else (T4).
    """
    hand = tuple(hand)
    if not trick:
        if previous_lead is None:
            return hand
        others = tuple(c for c in hand if c.suit is not previous_lead)
        return others or hand
    if not obligations:
        return hand
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


def why_illegal(
    hand: Sequence[Card],
    trick: Sequence[Card],
    played: Card,
    *,
    trump: Suit | None,
    obligations: bool = True,
    previous_lead: Suit | None = None,
) -> tuple[str, str] | None:
    """``None`` if ``played`` may be played, else ``(rule, code)`` saying why not."""
    if played not in hand:
        return ("T8", "card_not_held")
    if played in legal_plays(hand, trick, trump=trump, obligations=obligations, previous_lead=previous_lead):
        return None
    if not trick:
        return ("T4", "kamerun_lead")
    led = trick[0].suit
    if any(c.suit is led for c in hand):
        return ("T1", "must_follow" if played.suit is not led else "must_win")
    return ("T1", "must_trump" if played.suit is not trump else "must_overtrump")


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
    trick: int  # 1-based


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """What a hand played trick by trick comes to (T8)."""

    tricks: tuple[PlayedTrick, ...]
    points: Mapping[str, int]
    tricks_won: Mapping[str, int]
    last_trick: str | None
    held: Mapping[str, frozenset[Card]]
    marriages: tuple[MarriageShown, ...] = field(default=())
    violations: tuple[RuleViolation, ...] = field(default=())  # only when not ``strict``


def replay(
    players: Sequence[str],
    leader: str,
    plays: Sequence[Sequence[Card]],
    *,
    rules: PlayRules,
    marriages: Sequence[tuple[str, Suit, int | None]] = (),
    strict: bool = True,
) -> PlayedHand:
    """Play ``plays`` (cards per trick in play order, the first trick led by ``leader``,
    play going clockwise through ``players``) and check every card.

    Each player's cards are fixed by what he plays (T8): a card played later was in his
    hand all along.  Raises :class:`IllegalPlay` for the first card that breaks a rule;
    with ``strict=False`` (the referee replaying a disputed hand) every broken rule is
    collected in ``violations`` and the hand is played on as it was.  A trick of the
    wrong size or a card played twice is never a hand that was played: always refused.
    """
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
        obligations = t >= rules.free_tricks
        for position, (c, who) in enumerate(zip(trick_cards, trick_owners)):
            hand = remaining[who]
            try:
                _check_t5(rules, t, position, c, who, hand, held)
            except IllegalPlay as error:
                broken(error)
            if t == 0 and c is rules.called_card:  # T5 overrides T1 for the called card
                hand.remove(c)
                continue
            lead_bar = previous_lead if (rules.kamerun_lead and position == 0 and t > 0) else None
            if (obligations and position > 0) or lead_bar is not None:
                problem = why_illegal(hand, trick_cards[:position], c, trump=rules.trump,
                                      obligations=obligations, previous_lead=lead_bar)
                if problem is not None:
                    rule, code = problem
                    broken(IllegalPlay(code, rule=rule, field=f"plays.{t}.{position}", trick=t + 1,
                                       player=who, card=str(c), trick_so_far=[str(x) for x in trick_cards[:position]]))
            hand.remove(c)
        winner = trick_owners[winning_index(trick_cards, rules.trump)]
        trick_points = sum(c.rank.points for c in trick_cards)
        points[winner] += trick_points
        won[winner] += 1
        previous_lead = trick_cards[0].suit
        done.append(PlayedTrick(trick_owners[0], tuple(trick_cards), trick_owners, winner, trick_points))
    shown = []
    for meld in marriages:
        try:
            shown.append(_check_marriage(meld, done, rules))
        except RuleViolation as error:
            broken(error)
    return PlayedHand(tuple(done), points, won, done[-1].winner if done else None, held, tuple(shown),
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
                raise IllegalPlay("card_twice", rule="T8", field=f"plays.{t}.{position}", trick=t + 1, card=str(c))
            seen.add(c)


def _check_t5(rules: PlayRules, t: int, position: int, played: Card, who: str,
              hand: list[Card], held: Mapping[str, frozenset[Card]]) -> None:
    """Rufen's first trick (T5): a trump lead; the called card led by a caller who holds
    it, and played by its holder to the first trick whatever T1 says."""
    if rules.called_card is None or t != 0:
        return
    called = rules.called_card
    if position == 0:
        if called in hand and played is not called:
            raise IllegalPlay("called_card_lead", rule="T5", field="plays.0.0", trick=1, player=who, card=str(called))
        if played.suit is not rules.trump:
            raise IllegalPlay("rufen_trump_lead", rule="T5", field="plays.0.0", trick=1, player=who)
    elif called in hand and played is not called:
        raise IllegalPlay("called_card_first_trick", rule="T5", field=f"plays.0.{position}", trick=1,
                          player=who, card=str(called))


def _check_marriage(meld: tuple[str, Suit, int | None], done: Sequence[PlayedTrick], rules: PlayRules) -> MarriageShown:
    """T6: a marriage is shown by the player on lead, who holds K and O of the suit and
    leads one of them.  Without a trick number, the first lead that fits is taken."""
    player, suit, trick_no = meld
    pair = (card(suit, Rank.KING), card(suit, Rank.OBER))
    candidates = range(len(done)) if trick_no is None else [trick_no - 1]
    for t in candidates:
        if not 0 <= t < len(done):
            break
        trick = done[t]
        if trick.leader != player or trick.cards[0] not in pair:
            continue
        partner = pair[1] if trick.cards[0] is pair[0] else pair[0]
        if _held_at(partner, player, t, done):
            return MarriageShown(player, suit, t + 1)
    raise RuleViolation("marriage_not_shown", rule="T6", field="melds", player=player, suit=str(suit))


def _held_at(c: Card, player: str, t: int, done: Sequence[PlayedTrick]) -> bool:
    """Was ``c`` in ``player``'s hand when trick ``t`` was led?  It was if it had not been
    played before and, when it was played later, he played it (or it was never played,
    as after a claim)."""
    for index, trick in enumerate(done):
        if c in trick.cards:
            return index >= t and trick.players[trick.cards.index(c)] == player
    return True


# --- two players: the stock (T2, T7) ------------------------------------------------------


def stock_is_open(stock_size: int, *, closed: bool = False) -> bool:
    """T2: with two players the stock is open while it holds two or more cards and
    nobody has closed it; only then are the players free of every obligation."""
    return stock_size >= 2 and not closed


def why_no_exchange(*, on_lead: bool, tricks_won: int, stock_size: int, closed: bool = False) -> str | None:
    """T7: the trump nine (Schnapsen: trump Unter) may be exchanged for the face-up trump
    card by a player on lead who has won a trick, while the stock is open.  ``None`` if he
    may, else the code of the reason."""
    if not on_lead:
        return "exchange_not_on_lead"
    if tricks_won < 1:
        return "exchange_without_trick"
    if not stock_is_open(stock_size, closed=closed):
        return "exchange_stock_closed"
    return None


def why_no_close(*, on_lead: bool, stock_size: int, closed: bool = False) -> str | None:
    """T7: the player on lead may close (zudrehen) while at least four cards remain in
    the stock."""
    if closed:
        return "already_closed"
    if not on_lead:
        return "close_not_on_lead"
    if stock_size < 4:
        return "close_stock_too_small"
    return None
