"""A match's history exported as JSON or CSV, streamed.

The body is written piece by piece while the log is read in batches (``yield_per``:
server-side cursors on PostgreSQL), so a long match's export never sits whole in memory.
The bytes are those of the whole export built at once (:func:`api.services.export_json`
and :func:`api.services.csv_rows`, kept as the reference the tests compare with).

Every read is bounded by the last log record there was when the export began, so a hand
recorded meanwhile does not appear halfway (SQLite reads outside one snapshot).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from typing import Any

from flask import current_app
from sqlalchemy import Select, func, select

from api.extensions import db
from api.games import game_api
from api.models import Entry, HandResult, Ruling
from api.schemas.matches import RecordSchema
from api.schemas.rulings import RulingSchema
from api.services import CSV_HEADER, HandRecord, fold_hands, hand_json, match_json, record_status, ruling_json
from api.store import MatchRow, iso

DEFAULT_BATCH = 500
_records = RecordSchema()
_rulings = RulingSchema()


def _batch() -> int:
    return int(current_app.config.get("KREIDE_EXPORT_BATCH") or DEFAULT_BATCH)


def _stream(query: Select[Any]) -> Iterator[Any]:
    """The rows of ``query``, fetched ``KREIDE_EXPORT_BATCH`` (500) at a time."""
    yield from db.session.execute(query.execution_options(yield_per=_batch()))


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))  # as api.store.json_response


def _last_record(match: MatchRow) -> int:
    return db.session.scalar(select(func.max(Entry.id)).where(Entry.match_id == match.id)) or 0


def _log(match: MatchRow, last: int, *columns: Any) -> Select[Any]:
    return select(*columns).where(Entry.match_id == match.id, Entry.id <= last)


def iter_hands(match: MatchRow, last: int) -> Iterator[tuple[int, HandRecord]]:
    """Every hand in seq order with its current result, one at a time: the log read in
    (seq, record) order and folded (:func:`api.services.fold_hands`), merged with the
    cached results (read in seq order beside it)."""
    rows = _stream(_log(match, last, Entry.seq, Entry.action, Entry.body, Entry.result, Entry.token_kind,
                        Entry.recorded_at).order_by(Entry.seq, Entry.id))
    cached = _stream(select(HandResult.seq, HandResult.result).where(HandResult.match_id == match.id)
                     .order_by(HandResult.seq))
    pending = next(cached, None)
    for seq, hand in fold_hands(rows):
        while pending is not None and pending.seq < seq:
            pending = next(cached, None)
        if pending is not None and pending.seq == seq:
            hand.result = pending.result
        yield seq, hand
    for _ in cached:  # read the cursor to its end
        pass


def json_chunks(match: MatchRow) -> Iterator[str]:
    """``{"match", "records", "hands", "rulings"}`` as ``export.json`` answers it."""
    api = game_api(match.game)
    last = _last_record(match)
    yield '{"match":' + _dumps(api.dump("match", match_json(match))) + ',"records":['
    rows = _stream(_log(match, last, Entry.seq, Entry.action, Entry.body, Entry.token_kind, Entry.recorded_at)
                   .order_by(Entry.id))
    for number, row in enumerate(rows, start=1):
        record = {"record": number, "seq": row.seq, "action": row.action, "body": row.body, "by": row.token_kind,
                  "at": iso(row.recorded_at)}
        yield ("," if number > 1 else "") + _dumps(_records.dump(record))
    yield '],"hands":['
    for number, (_, hand) in enumerate(iter_hands(match, last)):
        yield ("," if number else "") + _dumps(api.dump("hand", hand_json(hand, hand.result)))
    yield '],"rulings":['
    rulings = _stream(select(Ruling.number, Ruling.kind, Ruling.question, Ruling.answer, Ruling.rule, Ruling.legal,
                             Ruling.note, Ruling.recorded_at, Ruling.token_kind)
                      .where(Ruling.match_id == match.id).order_by(Ruling.id))
    for number, row in enumerate(rulings):
        yield ("," if number else "") + _dumps(_rulings.dump(ruling_json(row)))
    yield "]}"


def csv_chunks(match: MatchRow) -> Iterator[str]:
    """``export.csv``: what became of each record is worked out in a first pass over
    (record, seq, action) alone, then the rows are written in a second."""
    last = _last_record(match)
    light = _stream(_log(match, last, Entry.seq, Entry.action).order_by(Entry.id))
    status, changes, changed_by = record_status((number, seq, action)
                                                for number, (seq, action) in enumerate(light, start=1))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    rows = _stream(_log(match, last, Entry.seq, Entry.action, Entry.body, Entry.token_kind, Entry.recorded_at)
                   .order_by(Entry.id))
    batch = _batch()
    for number, row in enumerate(rows, start=1):
        body = "" if row.body is None else json.dumps(row.body, ensure_ascii=False)
        writer.writerow([number, row.seq, row.action, iso(row.recorded_at), row.token_kind, body,
                         status.get(number, ""), changes.get(number, ""), changed_by.get(number, "")])
        if number % batch == 0:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()
