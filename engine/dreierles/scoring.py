"""One deal of Dreierles: its checks and what it is worth (RULES.md R26-R31).

A declarer's game is worth the Fach from points (R27), the game type (R28) and its
extras, doubled when lost by house rule; each active opponent pays or receives it (R29).
A discard error loses eightfold (R31).  In a Räuber the most points pays, more when others
took no trick; in a Drescher the last trick pays (R30).  Every settlement sums to zero.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.cards.cego import CegoCard, CegoSuit, cego_card
from engine.dreierles.counting import count, reachable
from engine.dreierles.entries import DECLARER_FIELDS, DRESCHER_FIELDS, RAEUBER_FIELDS, DreierlesEntry
from engine.dreierles.pile import pile_sizes, pile_term, points_bounds
from engine.dreierles.rules import (
    BLINDER,
    DRESCHER_FACH,
    EIGHTFOLD,
    EXTRA_FACH,
    FACH_BASE,
    FACH_STEP,
    RAEUBER_FACH,
    TOTAL,
    TRICKS,
    TYPE_FACH,
    WIN_FROM,
    Extra,
    GameType,
)
from engine.dreierles.seats import Seating
from engine.errors import Problems, RuleViolation
from engine.game import Note
from engine.i18n import Term

PFEIF, EINUNDZWANZIG, STIESS = (cego_card(CegoSuit.TRUMP, r) for r in ("1", "21", "S"))


@dataclass(frozen=True, slots=True)
class Parts:
    """How a declarer's game value was made up (R27, R28, R31)."""

    points: int = 0
    type: int = 0
    extras: Mapping[str, int] = field(default_factory=dict)
    doubled: bool = False
    eightfold: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"points": self.points, "type": self.type, "extras": dict(self.extras), "doubled": self.doubled,
                "eightfold": self.eightfold}


@dataclass(frozen=True, slots=True)
class Scored:
    """A deal's verdict: ``won`` (``None``: Räuber, Drescher), the Fach per opponent, the
    settlement per player (every seat; 0 for those sitting out) and the notes."""

    won: bool | None
    fach: int
    settlement: Mapping[str, int]
    notes: list[Note]
    declarer_points: int | None = None
    parts: Parts | None = None


def fach_from_points(points: int) -> int:
    """R27: 1 + (P - 35) // 5 for the side's points P (36-39 → 1 … 65-69 → 7, 70 → 8); at
    least 1 (a failed Durchmarsch may leave the defenders fewer than 35)."""
    return max(1, 1 + (points - FACH_BASE) // FACH_STEP)


def score(entry: DreierlesEntry, seats: Seating, players: tuple[str, ...], rules: Mapping[str, str]) -> Scored:
    game = entry.game
    if game is None:
        raise RuleViolation("dl_game_required", rule="R28", field="game")
    allowed = DECLARER_FIELDS if game.has_declarer else RAEUBER_FIELDS if game is GameType.RAEUBER else DRESCHER_FIELDS
    problems = Problems()
    for name in sorted((DECLARER_FIELDS | RAEUBER_FIELDS) - allowed):
        if getattr(entry, name) is not None:
            problems.add(RuleViolation("dl_field_not_for_game", rule="R30" if not game.has_declarer else "R28",
                                       field=name, game=game, what=Term(f"dl_field_{name}")))
    problems.check()
    if game.has_declarer:
        return _declarer_game(entry, game, seats, players, rules)
    if game is GameType.RAEUBER:
        return _raeuber(entry, seats, players, rules)
    return _drescher(entry, seats, players)


def _seated(name: str, field_name: str, seats: Seating, players: tuple[str, ...]) -> RuleViolation | None:
    """R32: a player named in the deal must be at the table and not sitting out."""
    if name not in players:
        return RuleViolation("unknown_player", field=field_name, name=name)
    if name not in seats.active:
        return RuleViolation("dl_sitting_out", rule="R32", field=field_name, name=name)
    return None


# --- a declarer's game (R26-R29, R31) ----------------------------------------------------


def _declarer_game(entry: DreierlesEntry, game: GameType, seats: Seating, players: tuple[str, ...],
                   rules: Mapping[str, str]) -> Scored:
    problems = Problems()
    declarer = entry.declarer
    if declarer is None:
        problems.add(RuleViolation("dl_declarer_required", rule="R28", field="declarer", game=game))
    else:
        refusal = _seated(declarer, "declarer", seats, players)
        if refusal is not None:
            problems.add(refusal)
    if entry.declarer_points is None and entry.cards is None:
        problems.add(RuleViolation("dl_points_required", rule="R26", field="declarer_points"))
    if entry.declarer_points is not None and entry.cards is not None:
        problems.add(RuleViolation("dl_points_or_cards", rule="R26", field="cards"))
    if entry.discard_error and not game.discards:
        problems.add(RuleViolation("dl_discard_solo", rule="R31", field="discard_error", game=game))
    points = None if entry.cards is None else _counted(entry.cards, problems)
    if entry.declarer_points is not None:
        points = _check_points(entry.declarer_points, game, rules, problems, regular=not entry.discard_error)
    elif points is not None and not entry.discard_error:
        _check_pile(len(entry.cards or ()), points, game, rules, problems)
    extras = _check_extras(entry, game, rules, problems)
    problems.check()
    assert declarer is not None and points is not None
    opponents = tuple(p for p in seats.active if p != declarer)
    notes = [] if entry.cards is None else [Note("R26", "dl_counted", {"cards": len(entry.cards), "points": points})]
    if entry.discard_error:
        value = EIGHTFOLD
        notes.append(Note("R31", "dl_discard_error", {"player": declarer, "n": value}))
        return Scored(False, value, _settle(players, declarer, opponents, -value), notes, points,
                      Parts(eightfold=True))
    defenders = TOTAL - points
    if game is GameType.SOLO_DURCHMARSCH:
        won = points == TOTAL
        notes.append(Note("R28", "dl_durchmarsch_made" if won else "dl_durchmarsch_failed",
                          {"player": declarer, "points": points}))
    else:
        won = points >= WIN_FROM
    from_points = fach_from_points(points if won else defenders)
    notes.append(Note("R27", "dl_won" if won else "dl_lost", {
        "player": declarer, "points": points, "defenders": defenders, "n": from_points, "game": game,
        "the_game": Term(f"dl_acc_{game}")}))
    type_fach = TYPE_FACH[rules["ladder"]][game]
    if type_fach:
        notes.append(Note("R28", "dl_type_fach", {"game": game, "n": type_fach}))
    for extra in extras:
        notes.append(Note("R28", "dl_extra", {"extra": extra, "n": EXTRA_FACH}))
    value = from_points + type_fach + EXTRA_FACH * len(extras)
    doubled = not won and rules["lost_double"] == "true"
    if doubled:
        value *= 2
        notes.append(Note("R27", "dl_lost_double", {"n": value}))
    notes.append(Note("R29", "dl_settle_won" if won else "dl_settle_lost",
                      {"player": declarer, "opponents": list(opponents), "n": value}))
    parts = Parts(from_points, type_fach, {str(e): EXTRA_FACH for e in extras}, doubled)
    return Scored(won, value, _settle(players, declarer, opponents, value if won else -value), notes, points, parts)


def _check_points(points: int, game: GameType, rules: Mapping[str, str], problems: Problems, *,
                  regular: bool) -> int:
    """R26: 0 to 70 in any case; and, unless he discarded wrongly (R31: then his pile is
    irregular and his points count for nothing), what his pile can count (R28's decisions)."""
    if not 0 <= points <= TOTAL:
        problems.add(RuleViolation("dl_points_range", rule="R26", field="declarer_points", most=TOTAL))
        return points
    least, most = points_bounds(game, rules["blind_rest"])
    if regular and not least <= points <= most:
        problems.add(RuleViolation("dl_points_bounds", rule="R26", field="declarer_points", points=points, game=game,
                                   the_game=Term(f"dl_acc_{game}"), least=least, most=most,
                                   pile=pile_term(game, rules["blind_rest"])))
    return points


def _check_pile(cards: int, points: int, game: GameType, rules: Mapping[str, str], problems: Problems) -> None:
    """R26: his pile counts what such a pile can; R28: it holds his tricks of three and
    the rest the house rule gives him, so only so many cards."""
    blind_rest = rules["blind_rest"]
    least, most = points_bounds(game, blind_rest)
    sizes = pile_sizes(game, blind_rest)
    if not least <= points <= most:
        problems.add(RuleViolation("dl_pile_bounds", rule="R26", field="cards", cards=cards, points=points,
                                   game=game, the_game=Term(f"dl_acc_{game}"), least=least, most=most,
                                   pile=pile_term(game, blind_rest)))
    elif cards not in sizes:
        problems.add(RuleViolation("dl_pile_size", rule="R28", field="cards", cards=cards, game=game,
                                   pile=pile_term(game, blind_rest),
                                   sizes=f"{sizes[0]}, {sizes[1]}, {sizes[2]} … {sizes[-1]}"))


def _counted(cards: tuple[CegoCard, ...], problems: Problems) -> int | None:
    """R26: his pile counted in threes; R25: each card once (else not counted)."""
    seen: set[CegoCard] = set()
    for index, c in enumerate(cards):
        if c in seen:
            problems.add(RuleViolation("dl_card_twice", rule="R25", field=f"cards.{index}", card=c))
            return None
        seen.add(c)
    return count(cards)


def _settle(players: tuple[str, ...], declarer: str, opponents: tuple[str, ...], value: int) -> dict[str, int]:
    """R29: each active opponent pays the declarer ``value`` (receives it when negative)."""
    settlement = dict.fromkeys(players, 0)
    for opponent in opponents:
        settlement[opponent] -= value
        settlement[declarer] += value
    return settlement


def _check_extras(entry: DreierlesEntry, game: GameType, rules: Mapping[str, str],
                  problems: Problems) -> tuple[Extra, ...]:
    """R28: each extra once, only where it can apply; the 21 as the last card only by
    house rule; ten trumps declared once; with the cards given, the Drull, the Pfeif and
    the 21 the extras claim must be in the declarer's pile."""
    extras = entry.extras or ()
    seen: set[Extra] = set()
    for index, extra in enumerate(extras):
        where = f"extras.{index}"
        if extra in seen:
            problems.add(RuleViolation("dl_extra_twice", rule="R28", field=where, extra=extra))
        seen.add(extra)
        if game not in extra.games:
            problems.add(RuleViolation("dl_extra_not_here", rule="R28", field=where, extra=extra, game=game,
                                       games=list(extra.games)))
        if extra is Extra.EINUNDZWANZIG_LAST and rules["einundzwanzig_last"] != "true":
            problems.add(RuleViolation("dl_extra_house_rule", rule="R28", field=where, extra=extra))
        needed = {Extra.DRULL: (PFEIF, EINUNDZWANZIG, STIESS), Extra.PFEIF_VON_HINTEN: (PFEIF,),
                  Extra.EINUNDZWANZIG_LAST: (EINUNDZWANZIG,)}.get(extra, ())
        missing = [c for c in needed if entry.cards is not None and c not in entry.cards]
        if missing:
            problems.add(RuleViolation("dl_extra_cards", rule="R28", field=where, extra=extra, cards=missing))
    if Extra.ZEHN_DRUCK in seen and Extra.ZEHN_DRUCK_START in seen:
        problems.add(RuleViolation("dl_zehn_druck_once", rule="R28", field="extras"))
    return tuple(extras)


# --- Räuber and Drescher (R30) ---------------------------------------------------------------


def _three(entry: DreierlesEntry, seats: Seating, players: tuple[str, ...], *, required: bool) -> \
        tuple[dict[str, int], dict[str, int]]:
    """``points`` and ``tricks`` of exactly the three active players (R32)."""
    problems = Problems()
    found: dict[str, dict[str, int]] = {}
    for name in ("points", "tricks"):
        values = getattr(entry, name)
        if values is None:
            if required:
                problems.add(RuleViolation("dl_raeuber_required", rule="R30", field=name))
            continue
        for given in values:
            refusal = _seated(given, f"{name}.{given}", seats, players)
            if refusal is not None:
                problems.add(refusal)
        for player in seats.active:
            if player not in values:
                problems.add(RuleViolation("dl_player_missing", rule="R30", field=f"{name}.{player}", player=player,
                                           what=Term(f"dl_{name}")))
        found[name] = {p: values[p] for p in seats.active if p in values}
    problems.check()
    return found.get("points", {}), found.get("tricks", {})


def _raeuber(entry: DreierlesEntry, seats: Seating, players: tuple[str, ...], rules: Mapping[str, str]) -> Scored:
    points, tricks = _three(entry, seats, players, required=True)
    blind = entry.blind_points
    with_last = rules["raeuber_blind"] == "last_trick"
    problems = Problems()
    for name in seats.active:
        if not 0 <= tricks[name] <= TRICKS:
            problems.add(RuleViolation("dl_tricks_range", rule="R30", field=f"tricks.{name}", most=TRICKS))
        if not 0 <= points[name] <= TOTAL:
            problems.add(RuleViolation("dl_points_range", rule="R26", field=f"points.{name}", most=TOTAL))
    if blind is not None and not reachable(blind, BLINDER):
        problems.add(RuleViolation("dl_blind_range", rule="R26", field="blind_points"))
    if with_last and entry.last_trick is None:
        problems.add(RuleViolation("dl_last_trick_required", rule="R30", field="last_trick"))
    problems.check()
    if sum(tricks.values()) != TRICKS:
        raise RuleViolation("dl_tricks_sum", rule="R30", field="tricks", total=sum(tricks.values()), expected=TRICKS)
    last = entry.last_trick
    if last is not None:
        refusal = _seated(last, "last_trick", seats, players)
        if refusal is not None:
            raise refusal
        if tricks[last] == 0:
            raise RuleViolation("dl_last_trick_without_trick", rule="R30", field="last_trick", player=last)
    total = sum(points.values())
    if with_last:
        if total != TOTAL:
            raise RuleViolation("dl_raeuber_sum", rule="R30", field="points", total=total, expected=TOTAL)
    elif blind is not None and total != TOTAL - blind:
        raise RuleViolation("dl_raeuber_sum_blind", rule="R30", field="points", total=total, expected=TOTAL - blind,
                            blind=blind)
    elif blind is None and not reachable(TOTAL - total, BLINDER):
        raise RuleViolation("dl_raeuber_sum_range", rule="R30", field="points", total=total,
                            least=TOTAL - max(r for r in range(30) if reachable(r, BLINDER)),
                            most=TOTAL - min(r for r in range(30) if reachable(r, BLINDER)))
    for name in seats.active:
        pile = 3 * tricks[name] + (BLINDER if with_last and name == last else 0)
        if not reachable(points[name], pile):
            raise RuleViolation("dl_points_unreachable", rule="R26", field=f"points.{name}", player=name,
                                points=points[name], cards=pile)
    return _raeuber_settlement(points, tricks, seats, players)


def _raeuber_settlement(points: Mapping[str, int], tricks: Mapping[str, int], seats: Seating,
                        players: tuple[str, ...]) -> Scored:
    """R30: the most points pays each player below him 1 Fach, times 2 for each other
    player who took no trick; equal highest each pay those below, not each other."""
    settlement = dict.fromkeys(players, 0)
    most = max(points.values())
    payers = [p for p in seats.active if points[p] == most]
    below = [p for p in seats.active if points[p] < most]
    notes: list[Note] = []
    fach = 0
    if not below:
        notes.append(Note("R30", "dl_raeuber_all_equal", {"points": most}))
        return Scored(None, 0, settlement, notes)
    for payer in payers:
        without = [p for p in seats.active if p != payer and tricks[p] == 0]
        amount = RAEUBER_FACH * 2 ** len(without)
        fach = max(fach, amount)
        for receiver in below:
            settlement[payer] -= amount
            settlement[receiver] += amount
        notes.append(Note("R30", "dl_raeuber_pays_tied" if len(payers) > 1 else "dl_raeuber_pays",
                          {"player": payer, "points": most, "players": below, "n": amount}))
        if without:
            notes.append(Note("R30", "dl_raeuber_times", {"players": without, "factor": 2 ** len(without)}))
    return Scored(None, fach, settlement, notes)


def _drescher(entry: DreierlesEntry, seats: Seating, players: tuple[str, ...]) -> Scored:
    """R30: whoever takes the last trick pays each other player 1."""
    if entry.last_trick is None:
        raise RuleViolation("dl_last_trick_required", rule="R30", field="last_trick")
    refusal = _seated(entry.last_trick, "last_trick", seats, players)
    if refusal is not None:
        raise refusal
    if entry.points is not None or entry.tricks is not None:
        points, tricks = _three(entry, seats, players, required=False)
        problems = Problems()
        for name, value in points.items():
            if not 0 <= value <= TOTAL:
                problems.add(RuleViolation("dl_points_range", rule="R26", field=f"points.{name}", most=TOTAL))
        for name, value in tricks.items():
            if not 0 <= value <= TRICKS:
                problems.add(RuleViolation("dl_tricks_range", rule="R30", field=f"tricks.{name}", most=TRICKS))
        problems.check()
        if tricks and sum(tricks.values()) != TRICKS:
            raise RuleViolation("dl_tricks_sum", rule="R30", field="tricks", total=sum(tricks.values()),
                                expected=TRICKS)
        if tricks and tricks[entry.last_trick] == 0:
            raise RuleViolation("dl_last_trick_without_trick", rule="R30", field="last_trick", player=entry.last_trick)
        if points and sum(points.values()) > TOTAL:
            raise RuleViolation("dl_raeuber_sum_range", rule="R30", field="points", total=sum(points.values()),
                                least=0, most=TOTAL)
    loser = entry.last_trick
    others = [p for p in seats.active if p != loser]
    settlement = dict.fromkeys(players, 0)
    for other in others:
        settlement[loser] -= DRESCHER_FACH
        settlement[other] += DRESCHER_FACH
    return Scored(None, DRESCHER_FACH, settlement,
                  [Note("R30", "dl_drescher", {"player": loser, "players": others, "n": DRESCHER_FACH})])
