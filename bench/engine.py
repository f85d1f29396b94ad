"""Engine throughput: random legal four-player Dreeg hands and two-player Sixty-Six deals,
every play checked.

Deals and plays out hands at random (untimed), then times the engine's own work:
replaying each hand trick by trick with every card checked against T1-T3, deriving
card points, tricks and the last trick (``engine.tricks.play.replay``), and scoring the
whole entry the way ``POST /hands`` does (``DREEG.apply`` with ``plays``).  Beside it, the
same for Sixty-Six deals played out with the stock (T2 while it is open, T1 after) and
scored onto the Bummerl (``SIXTYSIX.apply`` with ``plays``).

Target (issue 2): 100,000 checked tricks per second on one core.

    .venv/bin/python bench/engine.py [--hands 5000] [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards.cego import DECK_54
from engine.cards.dreist import Colour, number_card
from engine.cards.german import Suit
from engine.dreeg import DREEG, DreegEntry
from engine.dreierles import DREIERLES
from engine.dreierles.counting import count
from engine.dreierles.entries import DreierlesEntry
from engine.dreierles.rules import GameType
from engine.dreist import judge_lay
from engine.sixtysix import SIXTYSIX, SixtySixEntry
from engine.tricks.deal import deal, play_out, play_out_with_stock
from engine.tricks.play import TrickRules, replay

PLAYERS = ("Anna", "Benno", "Carla", "Dieter")
TARGET = 100_000


def make_hands(count: int, seed: int) -> list[tuple[Suit, list]]:
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        trump = rng.choice(list(Suit))
        dealt = deal(rng, PLAYERS, cards_each=6)
        hands.append((trump, play_out(rng, dealt, PLAYERS, "Anna", rules=TrickRules(trump))))
    return hands


def time_replay(hands: list[tuple[Suit, list]]) -> float:
    start = time.perf_counter()
    for trump, plays in hands:
        replay(PLAYERS, "Anna", plays, rules=TrickRules(trump))
    return time.perf_counter() - start


def time_apply(hands: list[tuple[Suit, list]]) -> float:
    state = DREEG.start(PLAYERS, dealer="Dieter")  # Anna is forehand
    start = time.perf_counter()
    for trump, plays in hands:
        DREEG.apply(state, DreegEntry(trump=trump, plays=tuple(plays)))
    return time.perf_counter() - start


def make_deals(count: int, seed: int) -> list[tuple[Suit, list]]:
    """Sixty-Six deals played out with the stock; Benno leads (Anna deals the first deal)."""
    rng = random.Random(seed)
    return [play_out_with_stock(rng, ["Anna", "Benno"], "Benno") for _ in range(count)]


def time_sixtysix(deals: list[tuple[Suit, list]]) -> float:
    state = SIXTYSIX.start(["Anna", "Benno"])
    start = time.perf_counter()
    for trump, plays in deals:
        SIXTYSIX.apply(state, SixtySixEntry(trump=trump, plays=tuple(plays)))
    return time.perf_counter() - start


def time_dreierles(count_deals: int, seed: int) -> float:
    """Räuber deals from real piles of a shuffled Cego pack: checks, reachability, settlement."""
    rng = random.Random(seed)
    players = ("Anna", "Benno", "Carla")
    entries = []
    for _ in range(count_deals):
        pack = list(DECK_54)
        rng.shuffle(pack)
        piles: dict[str, list] = {name: [] for name in players}
        for t in range(16):
            piles[rng.choice(players)].extend(pack[3 * t:3 * t + 3])
        entries.append(DreierlesEntry(game=GameType.RAEUBER, points={n: count(p) for n, p in piles.items()},
                                      tricks={n: len(p) // 3 for n, p in piles.items()}, blind_points=count(pack[48:])))
    state = DREIERLES.start(players)
    start = time.perf_counter()
    for entry in entries:
        DREIERLES.apply(state, entry)
    return time.perf_counter() - start


def time_dreist(count_layings: int, seed: int) -> float:
    """A laying of a column pair and a run of three beside it, judged card by card (R35)."""
    rng = random.Random(seed)
    layings = []
    for _ in range(count_layings):
        colour = rng.choice(list(Colour))
        n = rng.randint(1, 6)
        layings.append([[(number_card(n, colour), 1), (number_card(n, colour), 2)],
                        [(number_card(n + 1, colour), 1)], [(number_card(n + 2, colour), 1)]])
    start = time.perf_counter()
    for lay in layings:
        judge_lay(display=[], lay=lay)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    hands = make_hands(args.hands, args.seed)
    tricks = 6 * len(hands)
    replay_rate = tricks / min(time_replay(hands) for _ in range(3))
    apply_rate = tricks / min(time_apply(hands) for _ in range(3))
    print(f"hands: {len(hands)} four-player Deutsch hands, {tricks} tricks, every play checked")
    print(f"replay (T1-T3 checks, points, tricks, last trick): {replay_rate:,.0f} tricks/s "
          f"= {replay_rate / TARGET:.2f} x target {TARGET:,}")
    print(f"full entry (replay + R5/R6 scoring + new state):   {apply_rate:,.0f} tricks/s "
          f"= {apply_rate / TARGET:.2f} x target")
    deals = make_deals(args.hands, args.seed)
    sixtysix_rate = 12 * len(deals) / min(time_sixtysix(deals) for _ in range(3))
    print(f"Sixty-Six deal by plays (T2/T1, R21, Bummerl):     {sixtysix_rate:,.0f} tricks/s "
          f"= {sixtysix_rate / apply_rate:.2f} x a Dreeg hand's rate")
    hand_rate = len(hands) / min(time_apply(hands) for _ in range(3))
    dreierles_rate = args.hands / min(time_dreierles(args.hands, args.seed) for _ in range(3))
    dreist_rate = args.hands / min(time_dreist(args.hands, args.seed) for _ in range(3))
    print(f"Dreierles Räuber deal (R26 reachability, R30):     {dreierles_rate:,.0f} deals/s "
          f"= {dreierles_rate / hand_rate:.2f} x Dreeg hands/s ({hand_rate:,.0f})")
    print(f"DREIst! laying of four cards judged (R35):         {dreist_rate:,.0f} layings/s "
          f"= {dreist_rate / hand_rate:.2f} x Dreeg hands/s")


if __name__ == "__main__":
    main()
