"""Shorthand for writing Dreeg hands the way a table calls them out."""

from __future__ import annotations

from engine.cards.german import parse_suit
from engine.dreeg import DREEG, DreegEntry, Meld

NAMES = ("Anna", "Benno", "Carla", "Dieter")


def start(players: int = 4, *, dealer: str | None = None, **rules: str):
    """A fresh match; by default Dieter deals (so Anna is forehand with four)."""
    names = NAMES[:players]
    return DREEG.start(names, rules=rules or None, dealer=dealer or names[-1])


def hand(line: str, *, last: str | None = None, melds: str = "", trump: str | None = None, **fields) -> DreegEntry:
    """``hand("Anna 40/2 Benno 40/2 Carla 40/2 Dieter 0/0", last="Anna")``: card points/tricks."""
    words = line.split()
    points, tricks = {}, {}
    for name, score in zip(words[::2], words[1::2]):
        p, t = score.split("/")
        points[name], tricks[name] = int(p), int(t)
    meld_list = tuple(Meld(m.split(":")[0], parse_suit(m.split(":")[1])) for m in melds.split())
    if meld_list and trump is None:
        trump = "H"
    return DreegEntry(points=points, tricks=tricks, last_trick=last, melds=meld_list,
                      trump=parse_suit(trump) if trump else None, **fields)


def apply(state, entry):
    return DREEG.apply(state, entry)


def random_entry(rng, state) -> DreegEntry:
    """A random legal hand for whatever ``state`` is waiting for, entered as a summary
    with the sub-game's own fields (declarer, caller and partner, Durchmarsch)."""
    from engine.cards.german import Rank, Suit, card
    from engine.tricks.deal import deal, play_out, play_out_with_stock
    from engine.tricks.play import KamerunRules, RufenRules, TrickRules, replay
    from engine.tricks.seating import first_active_after

    dealer = state.dealer or rng.choice(state.players)
    names = state.active
    leader = first_active_after(state.players, names, dealer)
    kind = state.subgame_type.value
    extra: dict = {} if state.dealer else {"dealer": dealer}
    if len(names) == 2 and kind != "kamerun":
        trump, plays = play_out_with_stock(rng, names, leader)
        rules = TrickRules(trump, free_tricks=6)
    else:
        hands = deal(rng, names, cards_each=24 // len(names))
        if kind == "kamerun":
            rules = KamerunRules()
        elif kind == "rufen" and len(names) > 2:
            called = rng.choice([card(s, r) for s in {c.suit for c in hands[leader]} for r in Rank])
            rules = RufenRules(called.suit, called_card=called)
            holder = next(n for n in names if called in hands[n])
            extra.update(caller=leader, called_card=called, partner=None if holder == leader else holder)
        else:
            rules = TrickRules(rng.choice(list(Suit)))
            if kind == "ace_of_hearts" and len(names) > 2:
                extra["declarer"] = next(n for n in names if card(Suit.HEARTS, Rank.ACE) in hands[n])
        plays = play_out(rng, hands, names, leader, rules=rules)
    if len(names) == 2 and kind == "kamerun":
        rules = TrickRules(None, free_tricks=12)
    played = replay(names, leader, plays, rules=rules)
    if kind == "kamerun" and rng.random() < 0.2:
        extra["durchmarsch"] = played.tricks[0].winner
    return DreegEntry(points=dict(played.points), tricks=dict(played.tricks_won), last_trick=played.last_trick,
                      trump=rules.trump if kind != "kamerun" else None, **extra)


def entry_from_json(data: dict) -> DreegEntry:
    """An entry written as API.md shows it (``seq`` left out) as the engine's value."""
    from engine.cards.german import parse_card

    fields = dict(data)
    if "trump" in fields and fields["trump"] is not None:
        fields["trump"] = parse_suit(fields["trump"])
    if "called_card" in fields:
        fields["called_card"] = parse_card(fields["called_card"])
    if "melds" in fields:
        fields["melds"] = tuple(Meld(m["player"], parse_suit(m["suit"]), m.get("trick")) for m in fields["melds"])
    if "plays" in fields:
        fields["plays"] = tuple(tuple(parse_card(c) for c in trick) for trick in fields["plays"])
    return DreegEntry(**fields)
