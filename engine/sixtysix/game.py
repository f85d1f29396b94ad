"""Sixty-Six and Schnapsen: deals of two players, counted down on the Bummerl (seed 001).

``SixtySixGame.apply`` takes one deal through the rules in the order a table would: is
the match still on (R22)?  is it this dealer's deal (R23)?  what happened in the deal
(R23 checks, T1-T8 for a deal entered trick by trick)?  who won it and how many game
points (R17-R21, :mod:`engine.sixtysix.scoring`)?  and on the Bummerl: who counts down,
who wins a Bummerl and who gets it (Schneider), who deals next (R22, R23).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.cards.german import GERMAN
from engine.errors import ConfigError, RuleViolation
from engine.game import Game, Judge, Note, Outcome, titles
from engine.i18n import render
from engine.sixtysix.club import SixtySixClub
from engine.sixtysix.deal import QUICK_POINTS, REFUSED, REQUIRED, DealFacts, Table, facts_from_entry, quick_deal
from engine.sixtysix.entries import Ending, SixtySixEntry
from engine.sixtysix.referee import judge_actions, judge_hand, judge_play, judge_stock
from engine.sixtysix.rules import BUMMERL_POINTS, CLAIM_TARGET, HOUSE_RULES, LAST_TRICK_TEN, SCHNEIDER_LINE, Variant
from engine.sixtysix.scoring import score, score_quick
from engine.sixtysix.slate import SixtySixSlate
from engine.sixtysix.state import BummerlRecord, SixtySixState
from engine.sixtysix.table import SixtySixTable
from engine.tricks.melds import MARRIAGE_PLAIN, MARRIAGE_TRUMP

ALL_FIELDS = ("at_close", "claim", "closed_after", "closed_by", "dealer", "ended_by", "exchange", "game_points",
              "last_trick", "melds", "plays", "points", "renonce_by", "trump", "tricks", "winner")


@dataclass(frozen=True, slots=True)
class BummerlWon:
    """R22: a Bummerl decided by a deal."""

    number: int
    winner: str
    loser: str
    count: int
    schneider: bool

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "winner": self.winner, "loser": self.loser, "count": self.count,
                "schneider": self.schneider}


@dataclass(frozen=True, slots=True)
class SixtySixResult:
    """What one deal decided; ``needs`` is what the deal needed (the state's ``needs``
    before it), so a correction asks the same questions."""

    deal: int
    dealer: str
    forehand: str
    ending: Ending | None  # a quick deal need not say
    winner: str | None
    game_points: int
    carry_used: int
    carry: int
    totals: Mapping[str, int]
    score: Mapping[str, int]
    bummerl: BummerlWon | None
    finished: bool
    notes: tuple[Note, ...]
    facts: DealFacts | None  # None: a quick deal, entered without figures
    needs: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "deal": self.deal,
            "dealer": self.dealer,
            "forehand": self.forehand,
            "ended_by": None if self.ending is None else self.ending.value,
            "quick": self.facts is None,
            "winner": self.winner,
            "claim": None if self.facts is None else self.facts.claim,
            "game_points": self.game_points,
            "carry_used": self.carry_used,
            "carry": self.carry,
            "totals": dict(self.totals),
            "score": dict(self.score),
            "bummerl": self.bummerl.to_json() if self.bummerl else None,
            "finished": self.finished,
            "notes": [n.to_json() for n in self.notes],
        }
        facts = self.facts
        if facts is not None and facts.played is not None:
            closing = facts.closing
            data["derived"] = {
                "points": dict(facts.points),
                "tricks": dict(facts.tricks),
                "last_trick": facts.last_trick,
                "melds": [{"player": m.player, "suit": str(m.suit), "trick": m.trick} for m in facts.melds],
                "winners": [t.winner for t in facts.played.tricks],
                "at_close": {"points": closing.at_close.points, "tricks": closing.at_close.tricks}
                if closing else None,
                "renonce": {"player": facts.renonce.player, "trick": facts.renonce.trick,
                            "card": str(facts.renonce.card) if facts.renonce.card else None}
                if facts.renonce else None,
            }
        if self.needs is not None:
            data["needs"] = dict(self.needs)
        return data


class SixtySixGame(Game[SixtySixState, SixtySixEntry, SixtySixResult]):
    name = "sixtysix"
    title = titles("sixtysix")
    player_counts = (2,)
    players_rule = "R16"
    money_rates = ("per_bummerl",)  # R37: cents per Bummerl, paid by its receiver to its winner
    house_rules = HOUSE_RULES
    cards = GERMAN
    #: the referee's questions: "may I play this card?", "may I exchange or close?", "what may I do
    #: now?", a disputed deal
    referee: ClassVar[Mapping[str, Judge]] = {"play": judge_play, "stock": judge_stock, "actions": judge_actions,
                                              "hand": judge_hand}
    slate = SixtySixSlate()
    #: what a match counts for a club's members (R37, R38)
    club = SixtySixClub()
    #: a Preisschnapsen's tables play Sixty-Six (R24)
    tournament_table = SixtySixTable()

    def catalogue_json(self) -> dict[str, Any]:
        data = super().catalogue_json()
        data["variants"] = [v.value for v in Variant]
        return data

    # --- set-up --------------------------------------------------------------------

    def start(self, players: Sequence[str], *, rules: Mapping[str, str] | None = None,
              dealer: str | None = None) -> SixtySixState:
        """R16: two players; R22: both at 7; R23: the drawn first dealer (default: the first player)."""
        names = self.check_players(players)
        resolved = self.resolve_rules(rules)
        first = names[0] if dealer is None else dealer.strip()
        if first not in names:
            raise ConfigError("unknown_player", rule="R23", field="dealer", name=dealer)
        return SixtySixState((names[0], names[1]), resolved, dealer=first)

    # --- one deal ------------------------------------------------------------------

    def apply(self, state: SixtySixState, entry: SixtySixEntry) -> Outcome[SixtySixState, SixtySixResult]:
        if state.finished:
            raise RuleViolation("ss_match_finished", rule="R22", field=None, winner=state.winner)
        dealer = state.dealer
        assert dealer is not None  # only a finished match has none
        if entry.dealer is not None and entry.dealer != dealer:
            if entry.dealer not in state.players:
                raise RuleViolation("unknown_player", rule="R23", field="dealer", name=entry.dealer)
            raise RuleViolation("ss_dealer_out_of_turn", rule="R23", field="dealer", given=entry.dealer,
                                expected=dealer)
        forehand = state.other(dealer)
        table = Table(state.players, dealer, forehand, state.deck, hard=state.rules["style"] == "hard")
        if entry.quick:
            quick = quick_deal(entry, table)
            facts, ending, scored = None, quick.ending, score_quick(quick)
        else:
            facts = facts_from_entry(entry, table)
            ending, scored = facts.ending, score(facts, table, state.rules)
        notes = list(scored.notes)
        carry_used = 0
        carry = state.carry
        if scored.tie:
            carry += 1
            notes.append(Note("R21", "ss_carry_waiting", {"n": carry}))
        elif scored.winner is not None and carry:
            carry_used, carry = carry, 0
            notes.append(Note("R21", "ss_carry_taken", {"player": scored.winner, "n": carry_used}))
        new_state, won, score_after = self._count_down(state, dealer, scored.winner, scored.game_points + carry_used,
                                                       notes)
        new_state = replace(new_state, carry=carry)
        result = SixtySixResult(state.deals + 1, dealer, forehand, ending, scored.winner,
                                scored.game_points, carry_used, carry, scored.totals,
                                dict(zip(state.players, score_after)), won, new_state.finished, tuple(notes), facts,
                                self.needs(state))
        return Outcome(new_state, result)

    def _count_down(self, state: SixtySixState, dealer: str, winner: str | None, points: int,
                    notes: list[Note]) -> tuple[SixtySixState, BummerlWon | None, tuple[int, int]]:
        """R22: the winner counts down by his game points (and the carry he takes); at 0
        he wins the Bummerl and the other gets one, two if he is still at 7 (Schneider;
        single in tournament mode), and both start again at 7; once a player has got the
        match's number of Bummerl the match is over and the counter stays as its last
        deal left it.  R23: the deal passes to the other player.  Returns the new state,
        the Bummerl decided (if any) and the score this deal left."""
        score = list(state.score)
        if winner is not None:
            index = state.players.index(winner)
            score[index] = max(0, score[index] - points)
        after = (score[0], score[1])
        moved = replace(state, score=after, dealer=state.other(dealer), deals=state.deals + 1,
                        deals_in_bummerl=state.deals_in_bummerl + 1)
        if winner is None or score[state.players.index(winner)] > 0:
            return moved, None, after
        loser = state.other(winner)
        schneider = state.score_of(loser) == BUMMERL_POINTS
        count = 2 if schneider and not state.tournament else 1
        number = len(state.bummerls) + 1
        bummerl = list(state.bummerl)
        bummerl[state.players.index(loser)] += count
        notes.append(Note("R22", "ss_bummerl_won", {"player": winner, "loser": loser, "number": number, "n": count}))
        if schneider:
            notes.append(Note("R22", "ss_schneider_single" if state.tournament else "ss_schneider",
                              {"player": loser}))
        record = BummerlRecord(number, winner, loser, count, schneider, moved.deals_in_bummerl,
                               dict(zip(state.players, after)))
        received = bummerl[state.players.index(loser)]
        finished = received >= state.target
        won = BummerlWon(number, winner, loser, count, schneider)
        moved = replace(moved, bummerl=(bummerl[0], bummerl[1]), bummerls=(*state.bummerls, record))
        if finished:
            notes.append(Note("R22", "ss_match_won", {"player": winner, "loser": loser, "n": received}))
            return replace(moved, dealer=None, finished=True, winner=winner), won, after
        return replace(moved, score=(BUMMERL_POINTS, BUMMERL_POINTS), deals_in_bummerl=0), won, after

    def given(self, entry: SixtySixEntry) -> tuple[str, ...]:
        return entry.given()

    # --- what the next deal needs -----------------------------------------------------

    def needs(self, state: SixtySixState) -> dict[str, Any] | None:  # type: ignore[override]
        """The next deal's form: who deals and leads, the endings and what each needs, the
        sums (R23), when the stock may be closed (T7), the carry waiting (R21) and the
        help of the soft or hard game.  ``None`` once the match is over (R22)."""
        if state.finished or state.dealer is None:
            return None
        deck = state.deck
        style = state.rules["style"]
        return {
            "deal": state.deals + 1,
            "bummerl": len(state.bummerls) + 1,
            "dealer": state.dealer,
            "forehand": state.other(state.dealer),
            "players": list(state.players),
            "variant": state.variant.value,
            "sums": {"points": sum(c.points for c in deck.cards), "tricks": deck.tricks},
            "hand_size": deck.hand,
            "stock": deck.stock,
            "close_after": list(range(deck.close_after_max + 1)),
            "ended_by": [e.value for e in Ending],
            "required": {e.value: list(REQUIRED[e]) for e in Ending},
            "refused": {e.value: list(REFUSED[e]) for e in Ending},
            "fields": list(ALL_FIELDS),
            "last_trick_ten": deck.last_trick_ten,
            "last_trick_bonus": LAST_TRICK_TEN if deck.last_trick_ten else 0,
            "carry": state.carry,
            "quick_points": list(QUICK_POINTS),
            "claim_target": CLAIM_TARGET,
            "schneider_line": SCHNEIDER_LINE,
            "marriage": {"trump": MARRIAGE_TRUMP, "plain": MARRIAGE_PLAIN},
            "lowest_trump": deck.lowest_trump.code,
            "style": style,
            "help": [{"code": code, **{lang: render(code, lang, {"card": deck.lowest_trump}) for lang in ("en", "de")}}
                     for code in HELP[style]],
        }

    # --- snapshots -----------------------------------------------------------------

    def state_to_json(self, state: SixtySixState) -> dict[str, Any]:
        return {**state.to_json(), "needs": self.needs(state)}

    def state_from_json(self, data: Mapping[str, Any]) -> SixtySixState:
        return SixtySixState.from_json(data)

    def result_to_json(self, result: SixtySixResult) -> dict[str, Any]:
        return result.to_json()


#: R23: what the form tells the table of the soft or the hard game.
HELP: dict[str, tuple[str, ...]] = {
    "soft": ("ss_help_soft_look", "ss_help_soft_marriage", "ss_help_exchange"),
    "hard": ("ss_help_hard_look", "ss_help_hard_marriage", "ss_help_hard_exchange"),
}
