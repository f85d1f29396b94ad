"""Dreierles' referee: "what is this pile worth?", counted in threes (RULES.md R26)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards.cego import CegoCard
from engine.dreierles.counting import Packet, exact, packets, points_of_thirds, thirds
from engine.errors import RuleViolation
from engine.i18n import render


@dataclass(frozen=True, slots=True)
class CountRuling:
    """A pile counted packet by packet, with its leftover in thirds."""

    cards: tuple[CegoCard, ...]
    whole: tuple[Packet, ...]
    leftover: Packet | None

    @property
    def thirds(self) -> int:
        return thirds(self.cards)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        def packet(p: Packet) -> dict[str, Any]:
            code = f"dl_packet_{p.counters}" if len(p.cards) == 3 else "dl_packet_leftover"
            return {"cards": [str(c) for c in p.cards], "points": p.points, "thirds": p.thirds,
                    "rule": render(code, lang, {"cards": list(p.cards), "points": p.points, "exact": exact(p.thirds)})}

        total = self.thirds
        return {
            "cards": len(self.cards),
            "points": points_of_thirds(total),
            "thirds": total,
            "exact": exact(total),
            "packets": [packet(p) for p in self.whole],
            "leftover": None if self.leftover is None else {**packet(self.leftover)},
            "reason": render("dl_count_total" if total % 3 else "dl_count_whole", lang,
                             {"n": len(self.cards), "points": points_of_thirds(total), "exact": exact(total)}),
        }


def judge_count(*, cards: Sequence[CegoCard]) -> CountRuling:
    """R26: the pile in packets of three, the leftover in thirds, the total rounded."""
    seen: set[CegoCard] = set()
    for index, c in enumerate(cards):
        if c in seen:
            raise RuleViolation("dl_card_twice", rule="R25", field=f"cards.{index}", card=c)
        seen.add(c)
    whole, leftover = packets(cards)
    return CountRuling(tuple(cards), whole, leftover)
