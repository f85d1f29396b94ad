"""A match's history exported as JSON or CSV, streamed, for machines; and its slate, the
table people read, as a workbook (xlsx) or a CSV a spreadsheet opens right.

The body is written piece by piece while the log is read in batches (``yield_per``:
server-side cursors on PostgreSQL), so a long match's export never sits whole in memory.
The bytes are those of the whole export built at once (:func:`api.services.export_json`,
kept as the reference the tests compare with); both are made of :mod:`api.log`.

Every read is bounded by the last log record there was when the export began, so a hand
recorded meanwhile does not appear halfway (SQLite reads outside one snapshot).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from flask import current_app
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from sqlalchemy import Select, func, select

import engine
from api.extensions import db
from api.games import game_api, load_entry
from api.log import HandRecord, csv_rows, fold_hands, hand_json, record_json, ruling_json
from api.models import Entry, HandResult, Ruling
from api.schemas.matches import RecordSchema
from api.schemas.rulings import RulingSchema
from api.services import match_json
from api.store import MatchRow
from engine.game import Cell, SlateRow
from engine.i18n import render

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
    (seq, record) order and folded (:func:`api.log.fold_hands`), merged with the
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
    """``{"game", "match", "records", "hands", "rulings"}`` as ``export.json`` answers it."""
    api = game_api(match.game)
    last = _last_record(match)
    yield '{"game":' + _dumps(match.game) + ',"match":' + _dumps(api.dump("match", match_json(match))) + ',"records":['
    rows = _stream(_log(match, last, Entry.seq, Entry.action, Entry.body, Entry.token_kind, Entry.recorded_at)
                   .order_by(Entry.id))
    for number, row in enumerate(rows, start=1):
        yield ("," if number > 1 else "") + _dumps(_records.dump(record_json(number, row)))
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
    """``export.csv`` (:func:`api.log.csv_rows`): what became of each record is worked out
    in a first pass over (record, seq, action) alone, then the rows are written in a second."""
    last = _last_record(match)
    light = _stream(_log(match, last, Entry.seq, Entry.action).order_by(Entry.id))
    fates = ((number, seq, action) for number, (seq, action) in enumerate(light, start=1))
    rows = _stream(_log(match, last, Entry.seq, Entry.action, Entry.body, Entry.token_kind, Entry.recorded_at)
                   .order_by(Entry.id))
    records = (record_json(number, row) for number, row in enumerate(rows, start=1))
    out = io.StringIO()
    writer = csv.writer(out)
    batch = _batch()
    for number, line in enumerate(csv_rows(records, fates)):  # the heading is line 0
        writer.writerow(line)
        if number and number % batch == 0:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()


# --- the slate: the table people read (xlsx and a spreadsheet's CSV) ---------------------------

#: R36: the time zone of a club's evenings unless it names another; the slate's times are in it.
DEFAULT_ZONE = "Europe/Berlin"
#: The languages whose readers write 2,5 (a spreadsheet there splits CSV at ``;``).
DECIMAL_COMMA = frozenset({"de"})
#: How a time is written, by language (CSV text that a spreadsheet there reads as a time;
#: the xlsx number format that shows it so).
TIME_TEXT = {"de": "%d.%m.%Y %H:%M", "en": "%Y-%m-%d %H:%M"}
TIME_FORMAT = {"de": "DD.MM.YYYY HH:MM", "en": "YYYY-MM-DD HH:MM"}
DATE_TEXT = {"de": "%d.%m.%Y", "en": "%Y-%m-%d"}
#: A text cell starting with one of these is a formula to a spreadsheet: it gets a leading '.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
SHEET_NAME_MAX = 31
SHEET_NAME_BANNED = re.compile(r"[\[\]:*?/\\]")

@dataclass(frozen=True)
class Money:
    """An amount in whole cents (R37): a number of euros in a workbook, "1,50" or "1.50" in
    the reader's CSV."""

    cents: int

    def text(self, lang: str) -> str:
        sign = "-" if self.cents < 0 else ""
        euros, cents = divmod(abs(self.cents), 100)
        return f"{sign}{euros}{',' if lang in DECIMAL_COMMA else '.'}{cents:02d}"


#: A slate cell as the export writes it.
Value = int | str | datetime | Money | None
#: How an amount in euros is shown in a workbook (the reader's spreadsheet writes the comma).
MONEY_FORMAT = '#,##0.00 "€";-#,##0.00 "€"'


@dataclass
class SlateTable:
    """The slate of a match in one language: its sheet's name, the column headings and
    the rows (one per hand that counts, read from the log as they are written)."""

    name: str
    headings: list[str]
    widths: list[int]
    rows: Iterator[list[Value]]
    lang: str


def slate_table(match: MatchRow, lang: str, zone: ZoneInfo) -> SlateTable:
    """The match's slate (``engine.game.Slate``): hand number and time, the game's own
    columns, a column per player for each thing the game counts (followed by its worth in
    money at the table's rate, R37, where it plays for money), the result in words."""
    game = engine.get_game(match.game)
    start = game.start(match.players, rules=match.rules, dealer=match.first_dealer)
    rates = match.rates or {}
    players = list(match.players)
    names = max((len(p) for p in players), default=0)
    # each column of the game: its heading, its width, and its cell of a row
    spread: list[tuple[str, int, Callable[[SlateRow], Value]]] = []
    for column in game.slate_columns(start):
        rate = rates.get(column.money, 0) if column.money else 0
        for player in players if column.per_player else [None]:
            heading = column.heading(lang, player)
            width = min(len(heading) + 2, 30) if player else min(max(len(heading), names, 12) + 2, 30)
            spread.append((heading, width, _getter(column.key, player, lang)))
            if rate:
                spread.append((column.money_heading(lang, player), width + 4,
                               _money_getter(column.key, player, rate)))
    first = [render("slate_seq", lang, {}), render("slate_at", lang, {})]
    headings = [*first, *(h for h, _, _ in spread), render("slate_words", lang, {})]
    widths = [max(len(first[0]) + 2, 6), max(len(first[1]), 16) + 4, *(w for _, w, _ in spread), 80]

    def rows() -> Iterator[list[Value]]:
        counted = (((seq, hand.recorded_at), load_entry(match.game, hand.body)[1])
                   for seq, hand in iter_hands(match, _last_record(match)) if not hand.voided)
        for (seq, at), row in game.slate_rows(start, counted):
            yield [seq, _local(at, zone), *(cell(row) for _, _, cell in spread), row.words(lang)]

    created = _local(match.created_at, zone).strftime(DATE_TEXT[lang])
    name = SHEET_NAME_BANNED.sub(" ", f"{game.name_in(lang)} {created}")
    if len(name) > SHEET_NAME_MAX:  # the date matters more than the whole title
        name = f"{name[:SHEET_NAME_MAX - len(created) - 1].rstrip()} {created}"
    return SlateTable(name, headings, widths, rows(), lang)


def _raw(row: SlateRow, key: str, player: str | None) -> Cell:
    return row.cells.get(key) if player is None else row.players.get(key, {}).get(player)


def _getter(key: str, player: str | None, lang: str) -> Callable[[SlateRow], Value]:
    return lambda row: _cell(_raw(row, key, player), lang)


def _money_getter(key: str, player: str | None, rate: int) -> Callable[[SlateRow], Value]:
    def cell(row: SlateRow) -> Value:
        units = _raw(row, key, player)
        return Money(units * rate) if isinstance(units, int) else None
    return cell


def _local(moment: datetime, zone: ZoneInfo) -> datetime:
    """A stored moment (UTC; SQLite gives it back naive) as a wall-clock time in ``zone``,
    without its zone (a spreadsheet has none)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(zone).replace(tzinfo=None, microsecond=0)


def _cell(value: Cell, lang: str) -> Value:
    if isinstance(value, (int, str)) or value is None:
        return value
    return value.name_in(lang)


def formula_safe(text: str) -> str:
    """Text a spreadsheet shows as it is: one that would start a formula (``=SUM(A1)``,
    ``-1+2``, ``@x``) gets a leading ``'``."""
    return f"'{text}" if text.startswith(FORMULA_START) else text


def slate_csv_chunks(table: SlateTable) -> Iterator[str]:
    """The slate as a CSV a spreadsheet opens right in the reader's language: UTF-8 with a
    byte-order mark, ``;`` between cells where the decimal comma is written (German), ``,``
    elsewhere; times as that language writes them; text made formula-safe."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if table.lang in DECIMAL_COMMA else ",")
    writer.writerow([formula_safe(h) for h in table.headings])
    yield "\ufeff" + out.getvalue()
    out.seek(0)
    out.truncate()
    batch = _batch()
    for number, row in enumerate(table.rows, start=1):
        writer.writerow([_csv_value(v, table.lang) for v in row])
        if number % batch == 0:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()


def _csv_value(value: Value, lang: str) -> str | int:
    if isinstance(value, Money):  # a number to the spreadsheet, never a formula
        return value.text(lang)
    if isinstance(value, datetime):
        return value.strftime(TIME_TEXT[lang])
    if isinstance(value, str):
        return formula_safe(value)
    return "" if value is None else value


def slate_xlsx(table: SlateTable) -> bytes:
    """The slate as a workbook (openpyxl, written row by row): one sheet named after the
    game and the match's date, the heading row bold and frozen, numbers as numbers, times
    as times, every text a text (never a formula), columns as wide as their headings."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet(title=table.name)
    sheet.freeze_panes = "A2"
    for index, width in enumerate(table.widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    bold = Font(bold=True)
    sheet.append([_xlsx_cell(sheet, heading, table.lang, font=bold) for heading in table.headings])
    for row in table.rows:
        sheet.append([_xlsx_cell(sheet, value, table.lang) for value in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _xlsx_cell(sheet: Any, value: Value, lang: str, *, font: Font | None = None) -> WriteOnlyCell | None:
    if value is None:
        return None
    if isinstance(value, Money):
        cell = WriteOnlyCell(sheet, value=Decimal(value.cents) / 100)
        cell.number_format = MONEY_FORMAT
        return cell
    cell = WriteOnlyCell(sheet, value=value)
    if isinstance(value, str):
        cell.data_type = "s"  # openpyxl takes "=..." for a formula and "#N/A" for an error
    elif isinstance(value, datetime):
        cell.number_format = TIME_FORMAT[lang]
    if font is not None:
        cell.font = font
    return cell
