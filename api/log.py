"""A match's log read back, from its rows: each hand with its replacements and voids
folded in, what became of each record, and the shapes the answers and exports give them.

Both the answers of :mod:`api.services` (a match's hands, the whole history at once) and
the streamed exports of :mod:`api.exports` are made of these; nothing here reads the
database: the callers hand in the rows they read (a list, or a cursor read in batches).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from api.models import HAND, VOID
from api.store import iso

#: The columns of ``export.csv``: one row per record of the log.
CSV_HEADER = ("record", "seq", "action", "at", "by", "body", "status", "changes_record", "changed_by")
#: ``(record, seq, action)`` of each record, in log order: enough to tell what became of it.
Fate = tuple[int, int, str]


@dataclass(slots=True)
class HandRecord:
    """A hand as the log tells it: its current body and the changes made to it."""

    body: dict[str, Any]
    recorded_at: Any
    recorded_by: str
    voided: bool = False
    audit: list[dict[str, Any]] = field(default_factory=list)
    result: Any = None

    def amend(self, action: str, at: Any, kind: str, body: dict | None) -> None:
        self.audit.append({"action": action, "at": iso(at), "by": kind, "previous": self.body})
        if action == VOID:
            self.voided = True
        elif body is not None:
            self.body = body


def fold_hands(rows: Iterable[Any]) -> Iterator[tuple[int, HandRecord]]:
    """Each hand of a match's log with its replacements and voids folded in, one at a
    time, from log rows (seq, action, body, result, token_kind, recorded_at) read in
    (seq, record) order; its result is the one its last record holds."""
    seq, hand = 0, None
    for row in rows:
        if row.action == HAND:
            if hand is not None:
                yield seq, hand
            seq, hand = row.seq, HandRecord(row.body, row.recorded_at, row.token_kind, result=row.result)
        elif hand is not None and row.seq == seq:
            hand.amend(row.action, row.recorded_at, row.token_kind, row.body)
            hand.result = row.result
    if hand is not None:
        yield seq, hand


def hand_json(hand: HandRecord, result: Any) -> dict[str, Any]:
    """A hand as the hands list shows it, with ``result`` (none when voided)."""
    return {**hand.body, "result": None if hand.voided else result, "recorded_at": iso(hand.recorded_at),
            "recorded_by": hand.recorded_by, "voided": hand.voided, "audit": hand.audit}


def record_json(number: int, row: Any) -> dict[str, Any]:
    """Record ``number`` of the log (1, 2, ... in log order) as the exports give it, from its
    row (seq, action, body, token_kind, recorded_at)."""
    return {"record": number, "seq": row.seq, "action": row.action, "body": row.body, "by": row.token_kind,
            "at": iso(row.recorded_at)}


def ruling_json(row: Any) -> dict[str, Any]:
    """A ruling as the rulings list shows it, from its row (or a dict of its columns)."""
    get: Callable[[str], Any] = row.get if isinstance(row, dict) else row._mapping.get
    return {"number": get("number"), "kind": get("kind"), "question": get("question"), "answer": get("answer"),
            "rule": get("rule"), "legal": get("legal"), "note": get("note"), "at": iso(get("recorded_at")),
            "by": get("token_kind")}


def record_status(records: Iterable[Fate]) -> tuple[dict[int, str], dict[int, int], dict[int, int]]:
    """What became of each record of the log, from (record, seq, action) in log order:
    its status (``counts``: its body is the hand as it now stands, ``replaced``,
    ``voided``; none for a void), the record a void or replacement changed
    (``changes_record``) and, the other way round, the one that changed it (``changed_by``)."""
    body_record: dict[int, int] = {}  # seq -> the record holding the hand's current body
    changes: dict[int, int] = {}  # record -> the void/replace record that changed it
    status: dict[int, str] = {}
    for number, seq, action in records:
        if action != HAND and seq in body_record:
            changes[number] = body_record[seq]
            status[body_record[seq]] = "voided" if action == VOID else "replaced"
        if action != VOID:
            body_record[seq] = number
            status[number] = "counts"
    return status, changes, {old: new for new, old in changes.items()}


def csv_rows(records: Iterable[dict[str, Any]], fates: Iterable[Fate] | None = None) -> Iterator[list[Any]]:
    """The log for a machine, row by row: :data:`CSV_HEADER`, then each record
    (:func:`record_json`) with what became of it (:func:`record_status`).  ``fates``: the
    (record, seq, action) of every record, read before ``records`` when those are read
    once, as they come (a stream); left out, they are taken from ``records``."""
    if fates is None:
        records = list(records)
        fates = ((row["record"], row["seq"], row["action"]) for row in records)
    status, changes, changed_by = record_status(fates)
    yield list(CSV_HEADER)
    for row in records:
        number = row["record"]
        body = "" if row["body"] is None else json.dumps(row["body"], ensure_ascii=False)
        yield [number, row["seq"], row["action"], row["at"], row["by"], body, status.get(number, ""),
               changes.get(number, ""), changed_by.get(number, "")]
