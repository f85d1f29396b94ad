"""Storage only: the models know nothing about the rules.

A match is its configuration plus an append-only log of records (``Entry``): a hand,
a void of a hand, a replacement of a hand; and an append-only list of the referee's
rulings asked at the table (``Ruling``).  Log rows are never updated, and deleted only with
the whole match when its scorer asks for it (``DELETE /api/matches/{id}``, :mod:`api.retention`).
What can be derived from the log is cached: the engine's state after the last record
on ``Match`` (the snapshot), and hands' current results in ``HandResult`` once a void
or a replacement has changed them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar

from sqlalchemy import JSON, Boolean, CheckConstraint, DateTime, ForeignKey, Index, Integer, String, Table, text
from sqlalchemy.orm import Mapped, mapped_column

from api.extensions import db

if TYPE_CHECKING:
    from api.extensions import Base

    class Model(Base):
        """What mypy checks the models against: db.Model is made at run time from Base (its
        metadata, a DeclarativeBase), which mypy cannot follow.  Every model has a table."""

        __abstract__ = True
        __table__: ClassVar[Table]
else:
    Model = db.Model

HAND, VOID, REPLACE, RULING = "hand", "void", "replace", "ruling"
SCORER, VIEWER = "scorer", "viewer"


def utcnow() -> datetime:
    return datetime.now(UTC)


class Match(Model):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[list[str]] = mapped_column(JSON)
    rules: Mapped[dict[str, str]] = mapped_column(JSON)
    first_dealer: Mapped[str | None] = mapped_column(String(100))
    scorer_hash: Mapped[str] = mapped_column(String(64), unique=True)
    viewer_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    # snapshot (a cache of folding the log through the engine)
    version: Mapped[int] = mapped_column(Integer, default=0)  # hands that count
    revision: Mapped[int] = mapped_column(Integer, default=0)  # log records and rulings, for ETags
    next_seq: Mapped[int] = mapped_column(Integer, default=1)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    # what made the latest revision: {"action": hand|void|replace|ruling|rates, "seq": int | None}
    last_change: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    # R37: the table's money rates in whole cents by name (its game's; 0: not played for money);
    # null for a match created before rates were kept
    rates: Mapped[dict[str, int] | None] = mapped_column(JSON, default=None)
    # the match's own changes after its creation (a rate changed), oldest first:
    # [{"action": "rates", "at", "by", "rates": {...}, "previous": {...}}]; null: none yet
    audit: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, default=None)


class Entry(Model):
    """One record of a match's log: ``body`` is the canonical entry of a hand or a
    replacement, ``result`` what the engine decided for it when it was recorded."""

    __tablename__ = "entries"
    __table_args__ = (
        CheckConstraint("action IN ('hand', 'void', 'replace')", name="action"),
        Index("ix_entries_match_id_id", "match_id", "id"),
        Index(
            "uq_entries_hand_seq", "match_id", "seq", unique=True,
            sqlite_where=text("action = 'hand'"), postgresql_where=text("action = 'hand'"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"))
    seq: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(8))
    body: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    token_kind: Mapped[str] = mapped_column(String(8))
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Ruling(Model):
    """A referee's ruling asked for at the table, kept as precedent (append-only).

    ``question`` is the referee request as sent (player names in it are untrusted text,
    stored as data); ``answer`` is what the engine said, in English and German
    (``{"en": ..., "de": ...}``); ``rule`` and ``legal`` are copied out of it."""

    __tablename__ = "rulings"
    __table_args__ = (
        Index("uq_rulings_match_id_number", "match_id", "number", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"))
    number: Mapped[int] = mapped_column(Integer)  # 1, 2, ... within the match
    kind: Mapped[str] = mapped_column(String(32))  # a question of the game's referee (play, hand, ...)
    question: Mapped[dict[str, Any]] = mapped_column(JSON)
    answer: Mapped[dict[str, Any]] = mapped_column(JSON)
    rule: Mapped[str | None] = mapped_column(String(8))
    legal: Mapped[bool] = mapped_column(Boolean)
    note: Mapped[str | None] = mapped_column(String(500))
    token_kind: Mapped[str] = mapped_column(String(8))
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class HandResult(Model):
    """Cache: a hand's current result (null when voided) once a void or a replacement
    has been folded through the engine; from then on it overrides the log's ``result``.
    Every void/replace rewrites the rows from its seq on."""

    __tablename__ = "hand_results"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)


class IdempotencyRecord(Model):
    """The first answer to a write with an ``Idempotency-Key``, replayed on a repeat.

    ``key_hash`` is the SHA-256 of the client's key: the answer to a match creation holds
    the match's tokens sealed with the key, so the key itself is not stored either."""

    __tablename__ = "idempotency_records"
    __table_args__ = (Index("uq_idempotency_records_scope_key", "scope", "key_hash", unique=True),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    scope: Mapped[str] = mapped_column(String(16))  # a match id, or "create"
    key_hash: Mapped[str] = mapped_column(String(64))
    fingerprint: Mapped[str] = mapped_column(String(64))
    status: Mapped[int] = mapped_column(Integer)
    response: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)


class DeletedMatch(Model):
    """What is left of a match its scorer deleted: its id and its tokens' hashes, so its
    links answer ``410 match_deleted`` (and are not failed token attempts) for a while."""

    __tablename__ = "deleted_matches"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    scorer_hash: Mapped[str] = mapped_column(String(64), index=True)
    viewer_hash: Mapped[str] = mapped_column(String(64), index=True)
    deleted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)


class Tournament(Model):
    """A Preisschnapsen tournament (R24): its configuration, the sixtysix house rules of
    its matches, and a snapshot of the engine's state after its last entry (a cache of
    folding ``tournament_entries``).  ``revision`` grows on every entry and on every
    write to one of its matches (the board's live stream follows it); ``next_seq`` is the
    seq the next entry must carry."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    match_rules: Mapped[dict[str, str]] = mapped_column(JSON)
    organiser_hash: Mapped[str] = mapped_column(String(64), unique=True)
    viewer_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    next_seq: Mapped[int] = mapped_column(Integer, default=1)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    # what made the latest revision: {"action": "entry"|"match"|"open", "seq"?, "number"?, "match_id"?}
    last_change: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)


class TournamentEntry(Model):
    """One entry of a tournament's log (append-only): ``body`` is the canonical entry the
    engine applied; ``source`` says who made it: the organiser, or a match whose finish
    recorded the result (``match_id``)."""

    __tablename__ = "tournament_entries"
    __table_args__ = (
        CheckConstraint("source IN ('organiser', 'match')", name="source"),
        Index("uq_tournament_entries_tournament_id_seq", "tournament_id", "seq", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"))
    seq: Mapped[int] = mapped_column(Integer)
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    source: Mapped[str] = mapped_column(String(16))
    match_id: Mapped[str | None] = mapped_column(String(16))
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TournamentMatch(Model):
    """The ``sixtysix`` match opened for a pairing (``round``, table ``number``)."""

    __tablename__ = "tournament_matches"
    __table_args__ = (
        Index("uq_tournament_matches_pairing", "tournament_id", "round", "number", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"))
    round: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), unique=True)
    # where the match stands, for the board (a cache of its snapshot, moved on by every write to it)
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)


class Club(Model):
    """A club (a Stammtisch): its name, time zone (R36) and money rates (R37: every game's,
    whole cents by name), three tokens' hashes (the admin's, the members', the viewers'),
    and a revision that grows with every change of the club and every write to one of its
    matches (its live stream and ETags follow it)."""

    __tablename__ = "clubs"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    timezone: Mapped[str] = mapped_column(String(64))
    rates: Mapped[dict[str, int]] = mapped_column(JSON)
    admin_hash: Mapped[str] = mapped_column(String(64), unique=True)
    member_hash: Mapped[str] = mapped_column(String(64), unique=True)
    viewer_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    # what made the latest revision: {"action": "club"|"member"|"match", "match_id"?, "member"?}
    last_change: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)


class ClubMember(Model):
    """A member: a person, not a string.  His matches name him by ``ClubMatch.players``;
    a rename changes ``name`` (and his matches' names); a merged member points to the one
    he became (``merged_into``) and is listed no more; an anonymised one keeps his figures
    under a neutral name."""

    __tablename__ = "club_members"
    __table_args__ = (Index("ix_club_members_club_id", "club_id"),)

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id"))
    name: Mapped[str] = mapped_column(String(100))
    anonymised: Mapped[bool] = mapped_column(Boolean, default=False)
    merged_into: Mapped[str | None] = mapped_column(String(16), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ClubMatch(Model):
    """A match of a club: which member each of its players is (``players``: the name at
    the table → member id), and its summary, kept up to date in the transaction of every
    write to the match (a cache of the game's tallies over its log, R37/R38): ``tallies``
    ``[{"seq", "at", "figures", "money", "ranking"}]`` by the names at the table,
    ``standing``, ``first_at`` (the first counting entry's time: its evening, R36)."""

    __tablename__ = "club_matches"
    __table_args__ = (Index("ix_club_matches_club_id", "club_id"),)

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id"))
    players: Mapped[dict[str, str]] = mapped_column(JSON)
    tallies: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    standing: Mapped[list[list[str]]] = mapped_column(JSON)
    first_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    last_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
