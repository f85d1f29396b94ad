"""Deals entered trick by trick (T8): they agree with the same deal entered as a
summary; a broken T1 once the stock is exhausted or closed is a Renonce that ends the
deal (noted with its trick, not refused); while the stock is open anything goes (T2);
the exchange and the closing follow T7, the hard game R23.

Anna deals, so Benno leads the first trick.  The deals were played at random by the
engine's dealer (legal plays only) and summed up by tests/api/sixtysix/cards.py, which
knows nothing of the engine's scoring."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import assert_problem
from tests.api.sixtysix.cards import (
    CLOSED,
    CLOSED_RENONCE,
    OTHER,
    PLAYERS,
    RENONCE,
    VARIANTS,
    Deal,
    first_claim,
    random_deal,
    rank,
    suit,
)
from tests.api.sixtysix.conftest import GERMAN, assert_german, open_match

# --- the same deal both ways --------------------------------------------------------------


def both_ways(variant: str, seed: int, how: str, close_after: int | None = None,
              melds: list[dict] | None = None) -> tuple[dict[str, Any], dict[str, Any], Deal]:
    """The trick-by-trick entry, the summary entry a table would write for the same deal
    (worked out by tests/api/sixtysix/cards.py), and the deal."""
    deal = random_deal(seed, variant, close_after=close_after)
    extra: dict[str, Any] = {"melds": melds} if melds else {}
    if how == "claim":
        upto = first_claim(deal)
        assert upto is not None and upto < len(deal.plays), "nobody reaches 66 before the last trick"
        deal = Deal(deal.trump, deal.plays[:upto])
        claimer = deal.winners[-1]
        plays = deal.entry(claim=claimer, **extra)
        summary = {"ended_by": "claim", "claim": claimer, "points": deal.points(), "tricks": deal.tricks()}
    elif how == "closed":
        assert close_after is not None
        closer = deal.leaders[close_after]
        opponent = OTHER[closer]
        plays = deal.entry(closed_by=closer, closed_after=close_after, **extra)
        summary = {"ended_by": "closed", "closed_by": closer, "closed_after": close_after,
                   "at_close": {"points": deal.points(close_after)[opponent],
                                "tricks": deal.tricks(close_after)[opponent]},
                   "points": deal.points(), "tricks": deal.tricks()}
    else:
        plays = deal.entry(**extra)
        summary = {"ended_by": "played_out", "last_trick": deal.winners[-1], "points": deal.points(),
                   "tricks": deal.tricks()}
    return plays, {**summary, "trump": deal.trump, **extra}, deal


@pytest.mark.parametrize(("variant", "seed", "how", "close_after", "melds"), [
    pytest.param("sixtysix", 0, "played_out", None, None, id="Sixty-Six played to the last trick"),
    pytest.param("sixtysix", 1, "played_out", None, None, id="Sixty-Six played out, Benno well ahead"),
    pytest.param("sixtysix", 2, "played_out", None, None, id="Sixty-Six played out, Benno under 33"),
    pytest.param("sixtysix", 21, "played_out", None,
                 [{"player": "Anna", "suit": "H", "trick": 3}, {"player": "Anna", "suit": "G", "trick": 9}],
                 id="Sixty-Six played out with Anna's forty and twenty"),
    pytest.param("sixtysix", 5, "closed", 0, None, id="Benno closes before the first trick"),
    pytest.param("sixtysix", 3, "closed", 2, None, id="Anna closes after two tricks"),
    pytest.param("sixtysix", 7, "closed", 4, None, id="closed after four tricks, as late as it goes"),
    pytest.param("sixtysix", 9, "claim", None, None, id="Benno claims after six tricks, Anna has none"),
    pytest.param("sixtysix", 12, "claim", None, None, id="Anna claims after eleven tricks"),
    pytest.param("schnapsen", 1, "played_out", None, None, id="Schnapsen played out"),
    pytest.param("schnapsen", 2, "closed", 1, None, id="Schnapsen closed after one trick"),
    pytest.param("schnapsen", 6, "closed", 3, None, id="Schnapsen closed after three tricks"),
    pytest.param("schnapsen", 13, "claim", None, None, id="Schnapsen: Anna claims after five tricks"),
])
def test_a_deal_trick_by_trick_agrees_with_its_summary(api: FlaskClient, variant: str, seed: int, how: str,
                                                       close_after: int | None, melds: list | None) -> None:
    plays, summary, deal = both_ways(variant, seed, how, close_after, melds)
    rules = {"variant": variant}
    by_tricks = open_match(api, rules).record(plays)
    by_summary = open_match(api, rules).record(summary)
    played, summed = by_tricks["hand"]["result"], by_summary["hand"]["result"]
    for key in ("ended_by", "winner", "game_points", "totals", "score", "bummerl"):
        assert played[key] == summed[key], key
    assert played["ended_by"] == how
    assert by_tricks["state"]["score"] == by_summary["state"]["score"]
    assert [n["code"] for n in played["notes"]] == [n["code"] for n in summed["notes"]]
    derived = played["derived"]
    assert (derived["points"], derived["tricks"], derived["winners"]) == (deal.points(), deal.tricks(), deal.winners)
    assert derived["renonce"] is None
    assert derived["last_trick"] == (deal.winners[-1] if how == "played_out" else None)
    assert derived["at_close"] == summary.get("at_close")
    if melds:
        assert derived["melds"] == melds
    assert "derived" not in summed
    assert by_tricks["hand"]["plays"] == plays["plays"]


@pytest.mark.parametrize(("variant", "seed", "close_after", "tricks"), [
    pytest.param("sixtysix", 0, None, 12, id="Sixty-Six: twelve tricks"),
    pytest.param("sixtysix", 7, 4, 10, id="Sixty-Six closed after four: ten tricks"),
    pytest.param("schnapsen", 1, None, 10, id="Schnapsen: ten tricks"),
    pytest.param("schnapsen", 6, 3, 8, id="Schnapsen closed after three: eight tricks"),
])
def test_the_helper_deals_are_whole_deals(variant: str, seed: int, close_after: int | None, tricks: int) -> None:
    """What the helper sums up (not the engine): every card once, 120 card points when
    the deal is played out, T1 kept once the stock is gone or closed."""
    deal = random_deal(seed, variant, close_after=close_after)
    cards = [c for trick in deal.plays for c in trick]
    assert len(deal.plays) == sum(deal.tricks().values()) == tricks and len(set(cards)) == len(cards)
    assert close_after is not None or sum(deal.points().values()) == 120
    free = VARIANTS[variant][2] if close_after is None else close_after
    assert all(t < free for t in deal.t1_breaks())


# --- a Renonce (R20) ---------------------------------------------------------------------

def test_the_renonce_deal_is_what_its_comment_says() -> None:
    assert RENONCE.owner(6, 1) == "Anna"
    assert [c for c in RENONCE.hand_at(6, "Anna") if suit(c) == "G"] == ["G9", "GU", "GA"]
    assert RENONCE.t1_breaks()[-1] == 6  # the earlier ones fall while the stock is open


def test_a_broken_t1_after_the_stock_is_gone_is_a_renonce(api: FlaskClient) -> None:
    answer = open_match(api).record(RENONCE.entry(), headers=GERMAN)
    result = answer["hand"]["result"]
    assert (result["ended_by"], result["winner"], result["game_points"]) == ("renonce", "Benno", 3)
    assert result["derived"]["renonce"] == {"player": "Anna", "trick": 7, "card": "SK"}
    found, scored = result["notes"]
    assert (found["rule"], found["code"], scored["rule"], scored["code"]) == ("T1", "ss_renonce_found", "R20",
                                                                              "ss_renonce")
    assert (found["params"]["trick"], found["params"]["player"], found["params"]["card"]) == (7, "Anna", "SK")
    assert "7" in found["en"] and "7" in found["de"]
    assert_german(found["de"], found["en"])
    assert answer["state"]["score"] == {"Anna": 7, "Benno": 4}
    assert "ended_by" not in answer["hand"]  # stored as entered: the ending was the engine's finding


@pytest.mark.parametrize(("fields", "status", "code", "rule", "field"), [
    pytest.param({"renonce_by": "Anna"}, 201, None, None, None, id="the table names Anna: agreed"),
    pytest.param({"ended_by": "renonce", "renonce_by": "Anna"}, 201, None, None, None,
                 id="the table says Renonce by Anna: agreed"),
    pytest.param({"renonce_by": "Benno"}, 422, "ss_plays_show_other_renonce", "T8", "renonce_by",
                 id="the table blames Benno, the cards show Anna"),
    pytest.param({"ended_by": "played_out"}, 422, "ss_plays_show_other_ending", "T8", "ended_by",
                 id="the table says played out, the cards show a Renonce"),
    pytest.param({"ended_by": "renonce"}, 422, "ss_field_required", "R20", "renonce_by",
                 id="a Renonce without saying whose"),
])
def test_what_the_table_says_about_the_renonce(api: FlaskClient, fields: dict, status: int, code: str | None,
                                               rule: str | None, field: str | None) -> None:
    match = open_match(api)
    if status == 201:
        assert match.record(RENONCE.entry(**fields))["hand"]["result"]["winner"] == "Benno"
        return
    problem = match.refuse(RENONCE.entry(**fields), code=code)
    assert problem["rule"] == rule and problem["errors"].keys() == {field}


def test_a_renonce_the_cards_cannot_show_is_taken_from_the_entry(api: FlaskClient) -> None:
    """The deal stopped at the Renonce in trick 7: the cards she kept were never shown
    (T8), so the table's word counts."""
    cut = Deal(RENONCE.trump, RENONCE.plays[:7])
    assert cut.t1_breaks() == [t for t in cut.t1_breaks() if t < 6]
    answer = open_match(api).record(cut.entry(renonce_by="Anna"))
    result = answer["hand"]["result"]
    assert (result["ended_by"], result["winner"], result["game_points"]) == ("renonce", "Benno", 3)
    assert result["derived"]["renonce"] == {"player": "Anna", "trick": None, "card": None}


# --- while the stock is open anything goes (T2) -------------------------------------------


@pytest.mark.parametrize(("variant", "seed"), [
    pytest.param("sixtysix", 1, id="Sixty-Six: no need to follow in the first six tricks"),
    pytest.param("sixtysix", 6, id="Sixty-Six: trumping and throwing off at will"),
    pytest.param("schnapsen", 3, id="Schnapsen: no need to follow in the first five tricks"),
])
def test_while_the_stock_is_open_anything_goes(api: FlaskClient, variant: str, seed: int) -> None:
    deal = random_deal(seed, variant)
    open_tricks = VARIANTS[variant][2]
    breaks = deal.t1_breaks()
    assert breaks and max(breaks) < open_tricks  # T1 would be broken, but only while the stock is open
    result = open_match(api, {"variant": variant}).record(deal.entry())["hand"]["result"]
    assert result["ended_by"] == "played_out" and result["derived"]["renonce"] is None
    assert result["winner"] is not None
    ruling = api.post("/api/referee/hand", json={"game": "sixtysix", "variant": variant, "players": list(PLAYERS),
                                                  "leader": "Benno", **deal.entry()}).get_json()
    assert ruling["legal"] is True and ruling["violations"] == []


# --- a closing (T7) -------------------------------------------------------------------------

def test_the_closed_deals_are_what_their_comment_says() -> None:
    for deal in (CLOSED, CLOSED_RENONCE):
        assert deal.leaders[2] == "Anna" and deal.tricks(2)["Benno"] == 1 and deal.points(2)["Benno"] == 4
        assert {0, 1} <= set(deal.t1_breaks())
    assert 2 not in CLOSED.t1_breaks()
    assert min(t for t in CLOSED_RENONCE.t1_breaks() if t >= 2) == 2
    assert CLOSED_RENONCE.owner(2, 1) == "Benno" and "G10" in CLOSED_RENONCE.hand_at(2, "Benno")


def test_a_closing_in_the_plays_derives_the_figures_at_the_closing(api: FlaskClient) -> None:
    result = open_match(api).record(CLOSED.entry(closed_by="Anna", closed_after=2))["hand"]["result"]
    assert result["ended_by"] == "closed"
    assert result["derived"]["at_close"] == {"points": 4, "tricks": 1}
    assert result["derived"]["renonce"] is None
    anna = CLOSED.points()["Anna"]
    assert result["totals"] == CLOSED.points()
    if anna >= 66:
        assert (result["winner"], result["notes"][-1]["code"]) == ("Anna", "ss_close_made")
    else:
        assert (result["winner"], result["game_points"], result["notes"][-1]["code"]) == ("Benno", 2,
                                                                                          "ss_close_failed")


def test_after_the_closing_t1_applies(api: FlaskClient) -> None:
    result = open_match(api).record(CLOSED_RENONCE.entry(closed_by="Anna", closed_after=2))["hand"]["result"]
    assert (result["ended_by"], result["winner"], result["game_points"]) == ("renonce", "Anna", 3)
    assert result["derived"]["renonce"] == {"player": "Benno", "trick": 3, "card": "SO"}


@pytest.mark.parametrize(("fields", "code", "rule", "field"), [
    pytest.param({"closed_by": "Benno", "closed_after": 2}, "ss_close_not_on_lead", "T7", "closed_by",
                 id="Benno closes while Anna is on lead"),
    pytest.param({"closed_by": "Anna"}, "ss_closed_after_required", "T8", "closed_after",
                 id="the closing without after how many tricks"),
    pytest.param({"closed_after": 2}, "ss_closed_after_without_closer", "T7", "closed_by",
                 id="after how many tricks, but not who closed"),
    pytest.param({"closed_by": "Anna", "closed_after": 5}, "ss_close_too_late", "T7", "closed_after",
                 id="closed after five tricks"),
    pytest.param({"closed_by": "Anna", "closed_after": 2, "at_close": {"points": 4, "tricks": 1}},
                 "ss_plays_and_summary", "T8", "at_close", id="the figures at the closing given with the plays"),
])
def test_a_closing_the_plays_do_not_bear_out(api: FlaskClient, fields: dict, code: str, rule: str,
                                             field: str) -> None:
    problem = open_match(api).refuse(CLOSED.entry(**fields), code=code)
    assert problem["rule"] == rule and problem["errors"].keys() == {field}


# --- the exchange (T7) and the hard game (R23) ----------------------------------------------


def nine_led_late(deal: Deal) -> tuple[str, int]:
    """A player on lead at trick 2 or later who has won a trick before it, before the
    trump nine is played: (player, 1-based lead)."""
    nine = deal.trump + "9"
    for t in range(1, 6):
        leader = deal.leaders[t]
        if deal.tricks(t)[leader] and all(nine not in trick for trick in deal.plays[:t]):
            return leader, t + 1
    raise AssertionError("no lead fits")


@pytest.mark.parametrize(("rules", "exchange", "status", "code", "rule"), [
    pytest.param(None, "fits", 201, None, None, id="the trump nine exchanged on a later lead"),
    pytest.param(None, {"player": "Benno", "trick": 1}, 422, "ss_exchange_without_trick", "T7",
                 id="exchanged on the first lead, before any trick"),
    pytest.param(None, "other", 422, "ss_exchange_not_on_lead", "T7", id="exchanged by the player not on lead"),
    pytest.param(None, {"player": "Anna", "trick": 7}, 422, "ss_exchange_stock_closed", "T7",
                 id="exchanged after the stock is gone"),
    pytest.param({"style": "hard"}, {"player": "Anna", "trick": 6}, 422, "ss_hard_exchange_last_card", "R23",
                 id="hard game: exchanged with one covered card left"),
])
def test_the_exchange(api: FlaskClient, rules: dict | None, exchange: Any, status: int, code: str | None,
                      rule: str | None) -> None:
    deal = random_deal(1)
    player, lead = nine_led_late(deal)
    if exchange == "fits":
        exchange = {"player": player, "trick": lead}
    elif exchange == "other":
        exchange = {"player": OTHER[player], "trick": lead}
    match = open_match(api, rules)
    if status == 201:
        hand = match.record(deal.entry(exchange=exchange))["hand"]
        assert hand["exchange"] == exchange
        return
    problem = match.refuse(deal.entry(exchange=exchange), code=code)
    assert problem["rule"] == rule and set(problem["errors"]) <= {"exchange.trick", "exchange.player"}


def test_an_exchange_on_the_first_lead_is_refused_in_a_summary_too(api: FlaskClient) -> None:
    entry = {"ended_by": "claim", "claim": "Benno", "points": {"Anna": 10, "Benno": 66},
             "tricks": {"Anna": 1, "Benno": 4}, "exchange": {"player": "Benno", "trick": 1}}
    problem = open_match(api).refuse(entry, code="ss_exchange_without_trick")
    assert (problem["rule"], problem["errors"].keys()) == ("T7", {"exchange.trick"})
    german = open_match(api).refuse(entry, headers=GERMAN)
    assert_german(german["detail"], problem["detail"])


@pytest.mark.parametrize(("seed", "meld", "style", "code", "field"), [
    pytest.param(3, {"player": "Anna", "suit": "G", "trick": 3}, "hard", None, None,
                 id="hard game: Anna leads the King from her twenty"),
    pytest.param(5, {"player": "Anna", "suit": "S", "trick": 3}, "soft", None, None,
                 id="soft game: Anna leads the Ober from her twenty"),
    pytest.param(5, {"player": "Anna", "suit": "S", "trick": 3}, "hard", "ss_hard_king_first", "plays.2.0",
                 id="hard game: the Ober led from a marriage"),
    pytest.param(0, {"player": "Benno", "suit": "G", "trick": 1}, "soft", None, None,
                 id="soft game: Benno shows twenty on the first lead"),
    pytest.param(0, {"player": "Benno", "suit": "G", "trick": 1}, "hard", "ss_hard_no_marriage_first_lead",
                 "melds.0", id="hard game: a marriage before the first trick"),
])
def test_marriages_in_the_soft_and_the_hard_game(api: FlaskClient, seed: int, meld: dict, style: str,
                                                 code: str | None, field: str | None) -> None:
    deal = random_deal(seed)
    led = deal.plays[meld["trick"] - 1][0]
    assert deal.leaders[meld["trick"] - 1] == meld["player"] and suit(led) == meld["suit"]
    assert rank(led) in ("K", "O")
    match = open_match(api, {"style": style})
    if code is None:
        result = match.record(deal.entry(melds=[meld]))["hand"]["result"]
        assert result["derived"]["melds"] == [meld]
        assert any(n["code"] in ("marriage_counts", "marriage_void") for n in result["notes"])
        return
    problem = match.refuse(deal.entry(melds=[meld]), code=code)
    assert problem["rule"] == "R23" and problem["errors"].keys() == {field}


def test_a_marriage_the_cards_do_not_show_is_refused(api: FlaskClient) -> None:
    """Anna never leads a leaf King or Ober in deal 1: T6."""
    deal = random_deal(1)
    meld = {"player": "Anna", "suit": "G"}
    problem = open_match(api).refuse(deal.entry(melds=[meld]), code="marriage_not_shown")
    assert problem["rule"] == "T6" and problem["errors"].keys() == {"melds"}


def test_a_claim_after_the_last_trick_is_not_a_wrong_claim(api: FlaskClient) -> None:
    """Benno takes the twelfth trick: 59 card points and the ten make 69.  Played out,
    he wins (R21); if he says "66" after that trick, the engine drops the ten and scores
    his claim as wrong, a point for Anna.  Either the claim should be refused (there is
    nothing left to claim) or the ten should count; it must not turn the deal round."""
    deal = random_deal(0)
    assert deal.winners[-1] == "Benno" and deal.points()["Benno"] == 59
    played = open_match(api).record(deal.entry())["hand"]["result"]
    assert (played["winner"], played["totals"]["Benno"]) == ("Benno", 69)
    response = open_match(api).post(deal.entry(claim="Benno"))
    assert response.status_code == 422 or response.get_json()["hand"]["result"]["winner"] == "Benno", \
        response.get_json()["hand"]["result"]["notes"]


# Benno takes the first three tricks (47 card points) and claims: the deal ends there.
CLAIMED_EARLY = Deal(random_deal(9).trump, random_deal(9).plays[:3])


def test_the_early_claim_is_what_its_comment_says() -> None:
    assert CLAIMED_EARLY.winners == ["Benno"] * 3 and CLAIMED_EARLY.points() == {"Anna": 0, "Benno": 47}


def test_a_closing_right_before_the_claim_is_taken(api: FlaskClient) -> None:
    """Benno closes on his lead after trick 3 and claims at once (wrongly, with 47)."""
    entry = CLAIMED_EARLY.entry(claim="Benno", closed_by="Benno", closed_after=3)
    result = open_match(api).record(entry)["hand"]["result"]
    assert (result["ended_by"], result["winner"], result["game_points"]) == ("closed", "Anna", 3)
    assert result["derived"]["at_close"] == {"points": 0, "tricks": 0}


def test_a_summary_closing_after_more_tricks_than_were_played_is_refused(api: FlaskClient) -> None:
    entry = {"ended_by": "closed", "claim": "Benno", "closed_by": "Benno", "closed_after": 4,
             "at_close": {"points": 0, "tricks": 0}, "points": {"Anna": 0, "Benno": 47},
             "tricks": {"Anna": 0, "Benno": 3}}
    problem = open_match(api).refuse(entry, code="ss_after_the_end")
    assert (problem["rule"], problem["errors"].keys()) == ("T7", {"closed_after"})


@pytest.mark.parametrize(("entry", "field"), [
    pytest.param(CLAIMED_EARLY.entry(claim="Benno", closed_by="Benno", closed_after=4), "closed_after",
                 id="plays: closed after trick 4 of a deal claimed after trick 3"),
    pytest.param(CLAIMED_EARLY.entry(claim="Benno", exchange={"player": "Benno", "trick": 5}), "exchange.trick",
                 id="plays: the trump nine exchanged on lead 5 of a deal claimed after trick 3"),
    pytest.param({"ended_by": "claim", "claim": "Benno", "points": {"Anna": 0, "Benno": 47},
                  "tricks": {"Anna": 0, "Benno": 3}, "exchange": {"player": "Benno", "trick": 5}}, "exchange.trick",
                 id="summary: exchanged on lead 5 after three tricks"),
])
def test_nothing_happens_after_the_deal_ended(api: FlaskClient, entry: dict, field: str) -> None:
    response = open_match(api).post(entry)
    problem = assert_problem(response, 422)
    assert field in problem["errors"]


# --- plays that are not a deal ---------------------------------------------------------------

DEAL = random_deal(0)


@pytest.mark.parametrize(("rules", "entry", "code", "rule", "field"), [
    pytest.param(None, {"plays": DEAL.plays}, "ss_trump_required_plays", "T8", "trump", id="no trump named"),
    pytest.param(None, DEAL.entry(points={"Anna": 61, "Benno": 59}), "ss_plays_and_summary", "T8", "points",
                 id="the card points given beside the plays"),
    pytest.param(None, DEAL.entry(last_trick="Benno"), "ss_plays_and_summary", "T8", "last_trick",
                 id="the last trick given beside the plays"),
    pytest.param(None, {"trump": DEAL.trump, "plays": DEAL.plays[:11]}, "ss_plays_count", "T8", "plays",
                 id="eleven tricks of a deal played out"),
    pytest.param(None, {"trump": DEAL.trump, "plays": [*DEAL.plays[:11], ["GK", "GA"]]}, "card_twice", "T8",
                 "plays.11.0", id="the leaf King played twice"),
    pytest.param({"variant": "schnapsen"}, random_deal(1, "schnapsen").entry(plays=[
        *random_deal(1, "schnapsen").plays[:9], ["EU", "G9"]]), "ss_card_not_in_deck", "R16", "plays.9.1",
        id="Schnapsen with a nine"),
    pytest.param(None, {"trump": DEAL.trump, "plays": DEAL.plays[:3], "ended_by": "played_out"},
                 "ss_plays_count", "T8", "plays", id="played out after three tricks"),
    pytest.param(None, {"trump": DEAL.trump, "plays": DEAL.plays[:3], "claim": "Benno"}, "ss_claim_not_on_lead",
                 "R17", "claim", id="Benno claims while Anna is on lead"),
])
def test_plays_that_cannot_be_a_deal(api: FlaskClient, rules: dict | None, entry: dict, code: str, rule: str,
                                     field: str) -> None:
    problem = open_match(api, rules).refuse(entry, code=code)
    assert problem["rule"] == rule
    assert field in problem["errors"]


@pytest.mark.parametrize("fields", [
    pytest.param({"closed_by": "Anna", "closed_after": 2, "at_close": {"points": 4, "tricks": 1}},
                 id="the figures at the closing"),
    pytest.param({"last_trick": "Benno"}, id="the last trick"),
    pytest.param({"points": {"Anna": 61, "Benno": 59}}, id="the card points"),
])
def test_a_summary_field_beside_the_plays_is_named_in_german_words(api: FlaskClient, fields: dict) -> None:
    english = open_match(api).refuse(DEAL.entry(**fields), code="ss_plays_and_summary")
    german = open_match(api).refuse(DEAL.entry(**fields), headers=GERMAN)
    name = next(iter(german["errors"]))
    assert_german(german["errors"][name], english["errors"][name])


@pytest.mark.parametrize(("plays", "field"), [
    pytest.param([["GK", "EK", "HA"]], "plays.0", id="three cards in a trick"),
    pytest.param([["GK", "XX"]], "plays.0.1", id="no such card"),
    pytest.param([["GK", "EK"]] * 13, "plays", id="thirteen tricks"),
    pytest.param("GK EK", "plays", id="the cards as one string"),
])
def test_malformed_plays_are_422_naming_the_field(api: FlaskClient, plays: Any, field: str) -> None:
    problem = open_match(api).refuse({"trump": "E", "plays": plays}, code="invalid_fields")
    assert field in problem["errors"]


def test_cards_named_in_german_are_stored_as_codes(api: FlaskClient) -> None:
    entry = DEAL.entry()
    entry["plays"] = [list(trick) for trick in DEAL.plays]
    entry["plays"][0] = ["Grün König", "eichel könig"]
    entry["trump"] = "Eichel"
    hand = open_match(api).record(entry)["hand"]
    assert hand["plays"][0] == ["GK", "EK"] and hand["trump"] == "E"
