"""Claims of 66 (R5, R8) with marriages (T6, R10) and trick-by-trick entries (T8).

Every hand here is one a table could have played: the trick-by-trick entries follow
T1/T2/T5 card by card, and the random ones are dealt from a seeded ``random.Random``.
Dieter deals (Anna is forehand with four); with two players Benno deals and Anna leads.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.german import Card, Rank, Suit, card, parse_card, parse_suit
from engine.dreeg import DreegEntry, DreegState, Meld
from engine.errors import RuleViolation
from engine.game import Outcome
from engine.tricks.deal import deal, play_out, play_out_with_stock
from engine.tricks.play import RufenRules, TrickRules, replay

from .helpers import apply, hand, start

AOH, RUFEN = 2, 3  # sub-game numbers in the default order nauf und noo (R1)
HEART_ACE = card(Suit.HEARTS, Rank.ACE)
ZERO = {"Anna": 0, "Benno": 0, "Carla": 0, "Dieter": 0}


def at(subgame: int, players: int = 4, **rules: str) -> DreegState:
    """A match whose sub-game ``subgame`` is running."""
    return replace(start(players, **rules), subgame=subgame)


def plays(text: str) -> tuple[tuple[Card, ...], ...]:
    """``"SA S9 GA SK / G10 G9 GU GO"``: the cards of each trick in play order."""
    return tuple(tuple(parse_card(c) for c in trick.split()) for trick in text.split("/") if trick.strip())


def melds(text: str) -> tuple[Meld, ...]:
    """``"Anna:E"`` or ``"Anna:E:3"`` (shown on the third lead)."""
    found = []
    for word in text.split():
        player, suit, *trick = word.split(":")
        found.append(Meld(player, parse_suit(suit), int(trick[0]) if trick else None))
    return tuple(found)


def strokes(line: str) -> dict[str, int]:
    """``"Anna 0 Benno 2"`` as a mapping."""
    words = line.split()
    return {name: int(n) for name, n in zip(words[::2], words[1::2])}


def notes_of(outcome: Outcome[Any, Any]) -> list[tuple[str, str]]:
    return [(n.rule, n.code) for n in outcome.result.notes]


def refusal(state: DreegState, entry: DreegEntry) -> tuple[str, str | None, str | None]:
    with pytest.raises(RuleViolation) as err:
        apply(state, entry)
    return err.value.code, err.value.rule, err.value.field


# --- a. Ace of Hearts ended by a claim before the heart ace was played (T8, R7) -------------

#: Carla names leaves: she trumps Anna's bells ace, then draws trumps; 26 + 15 + 29 = 70 in three tricks.
CARLA_TAKES_THREE = "SA S9 GA SK / G10 G9 GU GO / GK E10 EA EK"
#: The same hand, but Anna throws the heart ace on the third trick instead of the acorns ace.
ANNA_THROWS_HEART_ACE = "SA S9 GA SK / G10 G9 GU GO / GK E10 HA EK"


@pytest.mark.parametrize(("text", "declarer", "subtract", "sides"), [
    pytest.param(CARLA_TAKES_THREE, "Carla", "Anna 0 Benno 0 Carla 3 Dieter 0",
                 [("Carla",), ("Anna", "Benno", "Dieter")],
                 id="Carla, the declarer, claims 66 after three tricks with the heart ace still in her hand"),
    pytest.param(CARLA_TAKES_THREE, "Benno", "Anna 3 Benno 0 Carla 3 Dieter 3",
                 [("Benno",), ("Anna", "Carla", "Dieter")],
                 id="the heart ace never appeared: the cards cannot refute Benno as declarer, the entry decides"),
    pytest.param(ANNA_THROWS_HEART_ACE, "Anna", "Anna 0 Benno 3 Carla 3 Dieter 3",
                 [("Anna",), ("Benno", "Carla", "Dieter")],
                 id="Anna, the declarer, played the heart ace herself; Carla claims for the opponents"),
])
def test_ace_of_hearts_claimed_trick_by_trick_takes_the_declarer_from_the_entry(
        text: str, declarer: str, subtract: str, sides: list[tuple[str, ...]]) -> None:
    state = at(AOH, aoh="solo")
    entry = DreegEntry(plays=plays(text), trump=Suit.LEAVES, declarer=declarer, claim="Carla")
    outcome = apply(state, entry)
    assert dict(outcome.result.subtract) == strokes(subtract)
    assert [s.players for s in outcome.result.sides] == sides
    assert notes_of(outcome) == [("R8", "side_claim_right"), ("R8", "other_no_trick")]
    assert outcome.result.facts.points["Carla"] == 70 and outcome.result.facts.last_trick is None


def test_ace_of_hearts_declarer_refuted_by_the_heart_ace_played_by_another_r7() -> None:
    state = at(AOH, aoh="solo")
    entry = DreegEntry(plays=plays(ANNA_THROWS_HEART_ACE), trump=Suit.LEAVES, declarer="Carla", claim="Carla")
    assert refusal(state, entry) == ("declarer_not_ace_holder", "R7", "declarer")
    with pytest.raises(RuleViolation) as err:
        apply(state, entry)
    assert err.value.params["holder"] == "Anna"
    assert "Herz-Ass" in err.value.message("de") and "Ace of Hearts" in err.value.message("en")


# --- b. a claim resting on a marriage of a side without a trick (R8, R10) -----------------------


@pytest.mark.parametrize(("state", "entry", "subtract", "claimer"), [
    pytest.param(at(AOH), DreegEntry(points=ZERO, tricks=ZERO, trump=Suit.HEARTS, melds=melds("Anna:H"),
                                     declarer="Anna", claim="Anna"),
                 "Anna 0 Benno 2 Carla 2 Dieter 2", "Anna",
                 id="Ace of Hearts: declarer Anna shows the trump marriage at the first lead and claims at once"),
    pytest.param(at(AOH), DreegEntry(plays=(), trump=Suit.HEARTS, melds=melds("Anna:H:1"), declarer="Anna",
                                     claim="Anna"),
                 "Anna 0 Benno 2 Carla 2 Dieter 2", "Anna",
                 id="the same entered trick by trick: no trick played, the marriage on the first lead"),
    pytest.param(replace(at(AOH), dealer="Anna"),
                 DreegEntry(points=ZERO, tricks=ZERO, trump=Suit.HEARTS, melds=melds("Benno:G"),
                            declarer="Carla", claim="Benno"),
                 "Anna 0 Benno 0 Carla 2 Dieter 0", "Benno",
                 id="Ace of Hearts: forehand Benno, an opponent, shows leaves and claims: the declarer erases 2"),
    pytest.param(at(RUFEN), DreegEntry(points=ZERO, tricks=ZERO, trump=Suit.ACORNS, melds=melds("Anna:H"),
                                       caller="Anna", called_card=parse_card("EA"), partner="Carla", claim="Anna"),
                 "Anna 0 Benno 2 Carla 0 Dieter 2", "Anna",
                 id="Rufen: caller Anna shows hearts instead of leading a trump and claims: Benno and Dieter 2"),
])
def test_claim_on_a_marriage_without_a_trick_is_a_wrong_claim_r8(state: DreegState, entry: DreegEntry,
                                                                  subtract: str, claimer: str) -> None:
    outcome = apply(state, entry)
    assert dict(outcome.result.subtract) == strokes(subtract)
    assert outcome.result.totals[claimer] == 0  # R10: the marriage does not count without a trick
    assert ("R10", "marriage_void") in notes_of(outcome)
    assert notes_of(outcome)[-1] == ("R8", "side_claim_wrong")


@pytest.mark.parametrize(("state", "entry", "expected"), [
    pytest.param(at(AOH), DreegEntry(points=ZERO, tricks=ZERO, trump=Suit.HEARTS, declarer="Anna", claim="Anna"),
                 ("claim_without_trick", "R8", "claim"), id="declarer Anna claims with no trick and no marriage"),
    pytest.param(at(AOH), hand("Anna 0/0 Benno 20/1 Carla 0/0 Dieter 0/0", melds="Anna:H", declarer="Anna",
                               claim="Anna"),
                 ("claim_without_trick", "R8", "claim"),
                 id="Anna showed hearts on the first lead, lost that trick, and claims afterwards"),
    pytest.param(at(RUFEN), hand("Anna 0/0 Benno 0/0 Carla 0/0 Dieter 0/0", melds="Carla:H", trump="E",
                                 caller="Anna", called_card=parse_card("EA"), partner="Carla", claim="Carla"),
                 ("claim_without_trick", "R8", "claim"),
                 id="Rufen: partner Carla, never on lead, claims on a marriage before any trick"),
    pytest.param(at(AOH), DreegEntry(plays=plays("S9 SA S10 SK"), trump=Suit.HEARTS, melds=melds("Anna:H:2"),
                                     declarer="Anna", claim="Anna"),
                 ("marriage_not_shown", "T6", "melds"),
                 id="trick by trick: Benno won the first trick, so Anna cannot show a marriage on the second lead"),
    pytest.param(start(2), hand("Anna 0/0 Benno 20/1", melds="Anna:H", claim="Anna"),
                 ("claim_without_trick", "R8", "claim"),
                 id="two players: Anna lost the trick she showed hearts on and claims later"),
])
def test_claim_without_trick_or_fresh_marriage_is_refused_r8(state: DreegState, entry: DreegEntry,
                                                            expected: tuple[str, str, str]) -> None:
    assert refusal(state, entry) == expected


# --- c. trick by trick: a marriage shown with the claim, without leading (T6, R8, R10) ---------

#: Anna wins the hearts and the bells (21 + 21 = 42) and is on lead.
ANNA_ON_LEAD = "HA H10 / SA S10"


@pytest.mark.parametrize(("text", "trump", "shown", "total", "subtract", "codes"), [
    pytest.param(ANNA_ON_LEAD, "E", "Anna:E", 82, "Anna 1 Benno 0", ["marriage_counts", "claim_right"],
                 id="42 and the trump marriage in acorns (40): 82, right"),
    pytest.param(ANNA_ON_LEAD, "E", "Anna:E:3", 82, "Anna 1 Benno 0", ["marriage_counts", "claim_right"],
                 id="the same with the marriage dated to the third lead"),
    pytest.param(ANNA_ON_LEAD, "G", "Anna:E", 62, "Anna 0 Benno 1", ["marriage_counts", "claim_wrong"],
                 id="42 and a plain marriage in acorns (20), leaves trumps: 62, wrong"),
    pytest.param("HA H10 / S9 SA / G10 EA", "E", "Anna:E", 82, "Anna 1 Benno 0", ["marriage_counts", "claim_right"],
                 id="Anna trumps Benno's lead with the acorns ace, keeps King and Ober, shows them and claims"),
    pytest.param("", "E", "Anna:E:1", 0, "Anna 0 Benno 1", ["marriage_void", "claim_wrong"],
                 id="Anna shows the trump marriage on the first lead and claims: no trick, it does not count"),
])
def test_marriage_shown_with_a_claim_trick_by_trick(text: str, trump: str, shown: str, total: int, subtract: str,
                                                    codes: list[str]) -> None:
    played = plays(text)
    entry = DreegEntry(plays=played, trump=parse_suit(trump), melds=melds(shown), claim="Anna")
    outcome = apply(start(2), entry)
    assert outcome.result.totals["Anna"] == total
    assert dict(outcome.result.subtract) == strokes(subtract)
    assert [code for _, code in notes_of(outcome)] == codes
    assert [rule for rule, _ in notes_of(outcome)] == ["R10", "R5"]
    marriage = outcome.result.facts.melds[0]
    assert (marriage.player, marriage.suit, marriage.trick) == ("Anna", Suit.ACORNS, len(played) + 1)
    assert outcome.result.notes[0].params["value"] == (40 if trump == "E" else 20)


@pytest.mark.parametrize(("text", "shown"), [
    pytest.param("HA H10 / S9 SA", "Anna:E", id="Benno won the last trick: Anna is not on lead"),
    pytest.param("HA H10 / S9 SA", "Anna:E:3", id="Benno won the last trick, marriage dated to the third lead"),
    pytest.param("HA H10 / S9 SA / G10 EO", "Anna:E",
                 id="Anna trumped with the acorns Ober before: she no longer holds the pair"),
    pytest.param("EK E9 / SA S10", "Anna:E:3", id="Anna led the acorns King to the first trick, not to the third"),
])
def test_marriage_with_a_claim_needs_the_pair_and_the_lead_t6(text: str, shown: str) -> None:
    entry = DreegEntry(plays=plays(text), trump=Suit.ACORNS, melds=melds(shown), claim="Anna")
    assert refusal(start(2), entry) == ("marriage_not_shown", "T6", "melds")


# --- d. who may claim, and until when (R8) ------------------------------------------------------

#: Rufen for four: Anna calls the acorns ace (Carla holds it), leads a trump (T5); Carla takes
#: the first trick with the called card and then the hearts, leaves and bells aces; Anna trumps the fifth.
RUFEN_PLAYS = "E10 E9 EA EO / HA H9 H10 HO / GA G9 G10 GO / SA S9 S10 SO / SK SU EK HU"


def _rufen(tricks: int, claim: str) -> DreegEntry:
    played = plays(RUFEN_PLAYS)[:tricks]
    return DreegEntry(plays=played, caller="Anna", called_card=parse_card("EA"), claim=claim)


@pytest.mark.parametrize(("state", "entry", "subtract", "sides"), [
    pytest.param(at(RUFEN), _rufen(3, "Anna"), "Anna 3 Benno 0 Carla 3 Dieter 0",
                 [("Anna", "Carla"), ("Benno", "Dieter")],
                 id="Rufen: Carla took three tricks, her partner Anna (the caller) claims with 72"),
    pytest.param(at(RUFEN), _rufen(4, "Carla"), "Anna 3 Benno 0 Carla 3 Dieter 0",
                 [("Anna", "Carla"), ("Benno", "Dieter")],
                 id="Rufen: a claim after four of six tricks, before the second-to-last is led"),
    pytest.param(at(AOH), DreegEntry(plays=plays(CARLA_TAKES_THREE), trump=Suit.LEAVES, declarer="Benno",
                                     claim="Dieter"),
                 "Anna 3 Benno 0 Carla 3 Dieter 3", [("Benno",), ("Anna", "Carla", "Dieter")],
                 id="Ace of Hearts: Dieter claims for the opponents on the tricks Carla won"),
    pytest.param(at(RUFEN, 3), hand("Anna 70/4 Benno 0/0 Carla 20/2", trump="E", caller="Anna",
                                    called_card=parse_card("EA"), partner="Benno", claim="Benno"),
                 "Anna 2 Benno 2 Carla 0", [("Anna", "Benno"), ("Carla",)],
                 id="Rufen for three: partner Benno claims after six of eight tricks"),
    pytest.param(start(2), hand("Anna 66/6 Benno 40/5", claim="Anna"), "Anna 1 Benno 0", [],
                 id="two players: a claim after eleven of twelve tricks, no deadline"),
    pytest.param(at(AOH, 2), hand("Anna 40/5 Benno 66/6", trump="H", claim="Benno"), "Anna 0 Benno 1", [],
                 id="two players in Ace of Hearts: no sides, a claim after eleven tricks"),
])
def test_any_member_of_a_side_with_a_trick_may_claim_r8(state: DreegState, entry: DreegEntry, subtract: str,
                                                        sides: list[tuple[str, ...]]) -> None:
    outcome = apply(state, entry)
    assert dict(outcome.result.subtract) == strokes(subtract)
    assert [s.players for s in outcome.result.sides] == sides
    assert any(rule in ("R5", "R8") and code.endswith(("claim_right", "claim_wrong"))
               for rule, code in notes_of(outcome))


@pytest.mark.parametrize(("state", "entry", "expected"), [
    pytest.param(at(RUFEN), _rufen(5, "Anna"), ("claim_too_late", "R8", "claim"),
                 id="Rufen: a claim after five of six tricks, once the second-to-last trick was led"),
    pytest.param(at(RUFEN), _rufen(3, "Benno"), ("claim_without_trick", "R8", "claim"),
                 id="Rufen: Benno claims though his side has not won a trick"),
    pytest.param(at(RUFEN, 3), hand("Anna 70/5 Benno 0/0 Carla 20/2", trump="E", caller="Anna",
                                    called_card=parse_card("EA"), partner="Benno", claim="Benno"),
                 ("claim_too_late", "R8", "claim"), id="Rufen for three: a claim after seven of eight tricks"),
    pytest.param(at(AOH), hand("Anna 80/4 Benno 20/1 Carla 0/0 Dieter 0/0", trump="H", declarer="Anna",
                               claim="Anna"),
                 ("claim_too_late", "R8", "claim"), id="Ace of Hearts: the declarer claims after five of six tricks"),
])
def test_no_claim_after_the_second_to_last_trick_was_led_r8(state: DreegState, entry: DreegEntry,
                                                           expected: tuple[str, str, str]) -> None:
    assert refusal(state, entry) == expected


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_two_players_may_claim_after_any_trick_trick_by_trick_r8(seed: int) -> None:
    """A dealt two-player hand (T2 while the stock is open, T1 after) cut after eleven
    tricks: the winner of the eleventh claims; right or wrong, it is scored."""
    trump, played = play_out_with_stock(random.Random(seed), ("Anna", "Benno"), "Anna")
    cut = tuple(played[:11])
    winner = replay(("Anna", "Benno"), "Anna", cut, rules=TrickRules(trump, free_tricks=6)).last_trick
    assert winner is not None
    outcome = apply(start(2), DreegEntry(plays=cut, trump=trump, claim=winner))
    assert sum(outcome.result.subtract.values()) == 1
    right = outcome.result.totals[winner] >= 66
    assert outcome.result.subtract[winner] == (1 if right else 0)


# --- the claim rules as an invariant over dealt side games ------------------------------------


def _dealt_side_game(rng: random.Random, subgame: int, players: int) -> tuple[DreegState, dict[str, Any],
                                                                             list[tuple[Card, ...]],
                                                                             tuple[str, ...]]:
    """A dealt Ace of Hearts or Rufen hand played out legally: the state, the entry's
    side fields, the plays and the leading side (declarer, or caller and partner)."""
    state = at(subgame, players)
    names, leader = state.active, state.forehand
    assert leader is not None
    hands = deal(rng, names, cards_each=24 // players)
    if subgame == RUFEN:
        called = rng.choice([card(s, r) for s in {c.suit for c in hands[leader]} for r in Rank])
        holder = next(n for n in names if called in hands[n])
        partner = None if holder == leader else holder
        rules: TrickRules = RufenRules(called.suit, called_card=called)
        extra: dict[str, Any] = {"caller": leader, "called_card": called, "partner": partner}
        side = (leader,) if partner is None else (leader, partner)
    else:
        rules = TrickRules(rng.choice(list(Suit)))
        declarer = next(n for n in names if HEART_ACE in hands[n])
        extra = {"declarer": declarer, "trump": rules.trump}
        side = (declarer,)
    return state, extra, play_out(rng, hands, names, leader, rules=rules), side


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), subgame=st.sampled_from([AOH, RUFEN]), players=st.sampled_from([3, 4]),
       data=st.data())
def test_a_claim_after_any_trick_is_scored_or_refused_by_r8(seed: int, subgame: int, players: int,
                                                            data: st.DataObject) -> None:
    state, extra, played, leading = _dealt_side_game(random.Random(seed), subgame, players)
    total_tricks = len(played)
    tricks = data.draw(st.integers(1, total_tricks - 1), label="tricks before the claim")
    claimer = data.draw(st.sampled_from(state.active), label="claimer")
    cut = tuple(played[:tricks])
    entry = DreegEntry(plays=cut, claim=claimer, **extra)
    ours = leading if claimer in leading else tuple(n for n in state.active if n not in leading)
    theirs = tuple(n for n in state.active if n not in ours)
    full = apply(state, DreegEntry(plays=tuple(played), **extra)).result.facts
    assert full.played is not None
    won = sum(1 for t in full.played.tricks[:tricks] if t.winner in ours)
    if tricks > total_tricks - 2:
        assert refusal(state, entry) == ("claim_too_late", "R8", "claim")
        return
    if won == 0:
        assert refusal(state, entry) == ("claim_without_trick", "R8", "claim")
        return
    result = apply(state, entry).result
    side_points = sum(result.totals[n] for n in ours)
    if side_points >= 66:
        erased = {result.due[n] for n in ours}
        assert len(erased) == 1 and erased <= {1, 2, 3}
        assert all(result.due[n] == 0 for n in theirs)
    else:
        assert all(result.due[n] == 2 for n in theirs) and all(result.due[n] == 0 for n in ours)
    assert result.facts is not None and result.facts.last_trick is None
