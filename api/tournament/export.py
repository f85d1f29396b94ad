"""The tournament's export: every pairing of every round, then the prize list, as CSV."""

from __future__ import annotations

import csv
import io
from typing import Any

from api.extensions import db
from api.tournament.reads import enriched_state

CSV_PAIRINGS = ("round", "table", "left", "right", "bye", "self", "winner", "decided_by", "match_id", "left_card",
                "right_card")
CSV_PRIZES = ("place", "places", "player", "card")
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    """A cell a spreadsheet shows as text: names are untrusted, so one that starts like a
    formula gets a leading apostrophe (OWASP's advice on CSV injection)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(_FORMULA):
        return f"'{value}"
    return value


def export_csv(row: Any) -> str:
    """Every pairing of every round (with its match), then the prize list; a player's cards
    told apart by their numbers (``left_card``, ``right_card``, ``card``: empty for a player
    with one card), in columns after the first ones, so a reader of the old columns reads on."""
    state = enriched_state(db.session.connection(), row)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_PAIRINGS)
    for each in state.get("rounds") or []:
        for pairing in each.get("pairings") or []:
            players = list(pairing.get("players") or [])
            left = players[0] if players else None
            right = players[1] if len(players) > 1 else None
            cards = [card.get("card") for card in pairing.get("cards") or []] + [None, None]
            writer.writerow([_cell(v) for v in (
                each.get("round"), pairing.get("number"), left, right, bool(pairing.get("bye")),
                bool(pairing.get("self")), pairing.get("winner"), pairing.get("by"), pairing.get("match_id"),
                cards[0], cards[1] if right is not None else None)])
    writer.writerow([])
    writer.writerow(CSV_PRIZES)
    for prize in state.get("prizes") or []:
        places = prize.get("places") or []
        span = "-".join(str(p) for p in places) if len(set(places)) > 1 else str(prize.get("place"))
        writer.writerow([_cell(prize.get("place")), span, _cell(prize.get("player")), _cell(prize.get("card"))])
    return out.getvalue()
