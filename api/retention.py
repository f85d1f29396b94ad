"""What is kept and for how long: the purge, and a match deleted on its scorer's request.

- :func:`purge` deletes matches that never got a hand or a ruling (``revision`` 0, no log
  row, no ruling) once they are ``KREIDE_EMPTY_MATCH_TTL`` old, idempotency records once
  they are ``KREIDE_IDEMPOTENCY_TTL`` old, and what is left of deleted matches after
  :data:`DELETED_KEPT`.  It works in batches of :data:`BATCH`; each batch is one
  transaction (a match goes together with its records), so a large purge never holds
  SQLite's write lock for long.  Nothing with a hand (even a voided one) is touched: the
  match is matched by ``revision = 0`` and by the absence of log rows and rulings, in the
  ``DELETE`` itself, and the foreign keys of ``entries`` and ``rulings`` would refuse it.
  It runs from ``flask --app wsgi kreide purge`` (cron) and, so that a deployment without
  cron purges too, in each worker at most every ``KREIDE_PURGE_EVERY`` after a match
  creation (:func:`maybe_purge`).
- :func:`delete_match` deletes one match with everything of it (log, rulings, cached
  results, idempotency records) in one transaction, if it is still at the revision its
  scorer exported, and leaves its id and token hashes in ``deleted_matches``.

A retried hand whose idempotency record has expired is not recorded twice: its ``seq`` is
taken, so it is answered ``409 stale_seq``.
"""

from __future__ import annotations

import threading
import time
from datetime import datetime, timedelta
from typing import Any

import click
from flask import Flask, current_app
from flask.cli import AppGroup
from sqlalchemy import delete, exists, select, update

from api.extensions import db
from api.models import DeletedMatch, Entry, HandResult, IdempotencyRecord, Match, Ruling, utcnow
from api.store import SNAPSHOTS, writing

BATCH = 500
DELETED_KEPT = timedelta(days=30)  # a deleted match's links answer 410 this long, then 401


#: Columns of other rows that hold on to a match (a room's, registered at app creation by
#: :func:`held_by`): a match one of them names is never purged as empty.
HOLDERS: list[Any] = []


def held_by(column: Any) -> None:
    """Keep every match that ``column`` (a match id of a room's table) names from the purge."""
    if not any(column is known for known in HOLDERS):
        HOLDERS.append(column)


def _empty_matches(cutoff: datetime) -> Any:
    """Matches created before ``cutoff`` that never got a log record or a ruling (and
    that no other row holds on to: :data:`HOLDERS`)."""
    condition = (
        (Match.created_at < cutoff) & (Match.revision == 0)
        & ~exists().where(Entry.match_id == Match.id)
        & ~exists().where(Ruling.match_id == Match.id)
    )
    for column in HOLDERS:
        condition = condition & ~exists().where(column == Match.id)
    return condition


def purge(now: datetime | None = None, *, max_batches: int | None = None) -> dict[str, int]:
    """Delete what has expired; how many of each went."""
    config = current_app.config
    now = now or utcnow()
    empty_cutoff = now - config["KREIDE_EMPTY_MATCH_TTL"]
    key_cutoff = now - config["KREIDE_IDEMPOTENCY_TTL"]
    deleted_cutoff = now - DELETED_KEPT
    counts = {"matches": 0, "idempotency_records": 0, "deleted_matches": 0}
    batches = 0
    while max_batches is None or batches < max_batches:
        batches += 1
        with writing():
            try:
                ids = list(db.session.scalars(select(Match.id).where(_empty_matches(empty_cutoff)).limit(BATCH)))
                if ids:  # the condition again in the DELETE: a match that just got its first hand stays
                    counts["matches"] += db.session.connection().execute(
                        delete(Match).where(Match.id.in_(ids), _empty_matches(empty_cutoff))
                    ).rowcount
                    db.session.execute(delete(IdempotencyRecord).where(
                        IdempotencyRecord.scope.in_(ids), ~exists().where(Match.id == IdempotencyRecord.scope)))
                keys = list(db.session.scalars(
                    select(IdempotencyRecord.id).where(IdempotencyRecord.created_at < key_cutoff).limit(BATCH)
                ))
                if keys:
                    db.session.execute(delete(IdempotencyRecord).where(IdempotencyRecord.id.in_(keys)))
                    counts["idempotency_records"] += len(keys)
                tombs = list(db.session.scalars(
                    select(DeletedMatch.id).where(DeletedMatch.deleted_at < deleted_cutoff).limit(BATCH)
                ))
                if tombs:
                    db.session.execute(delete(DeletedMatch).where(DeletedMatch.id.in_(tombs)))
                    counts["deleted_matches"] += len(tombs)
                db.session.commit()
            except BaseException:
                db.session.rollback()
                raise
        for match_id in ids:
            SNAPSHOTS.forget(match_id)
        if len(ids) < BATCH and len(keys) < BATCH and len(tombs) < BATCH:
            break
    if any(counts.values()):
        current_app.logger.info("purged %(matches)d empty matches, %(idempotency_records)d idempotency records, "
                                "%(deleted_matches)d deleted matches' ids", counts)
    return counts


_last_purge: dict[str, float] = {}
_purging = threading.Lock()


def maybe_purge() -> None:
    """Purge (a few batches at most) if this worker has not for ``KREIDE_PURGE_EVERY``;
    called after a match creation.  A failure is logged, never the request's."""
    every = current_app.config["KREIDE_PURGE_EVERY"].total_seconds()
    url = current_app.config["SQLALCHEMY_DATABASE_URI"]
    if time.monotonic() - _last_purge.get(url, -every - 1) < every or not _purging.acquire(blocking=False):
        return
    try:
        _last_purge[url] = time.monotonic()
        purge(max_batches=4)
    except Exception:
        current_app.logger.exception("purge failed; the next one tries again")
    finally:
        _purging.release()


def delete_match(match_id: str, revision: int, scorer_hash: str, viewer_hash: str) -> bool:
    """Delete the match and everything of it in one transaction, if it is still at
    ``revision``; False if a write got in first."""
    with writing():
        try:
            # takes the write lock (a row lock in PostgreSQL) and checks nothing was written since
            held = db.session.connection().execute(
                update(Match).where(Match.id == match_id, Match.revision == revision).values(revision=revision)
            ).rowcount
            if held != 1:
                db.session.rollback()
                return False
            db.session.execute(delete(IdempotencyRecord).where(IdempotencyRecord.scope == match_id))
            db.session.execute(delete(HandResult).where(HandResult.match_id == match_id))
            db.session.execute(delete(Entry).where(Entry.match_id == match_id))
            db.session.execute(delete(Ruling).where(Ruling.match_id == match_id))
            db.session.execute(delete(Match).where(Match.id == match_id))
            db.session.add(DeletedMatch(id=match_id, scorer_hash=scorer_hash, viewer_hash=viewer_hash,
                                        deleted_at=utcnow()))
            db.session.commit()
        except BaseException:
            db.session.rollback()
            raise
    SNAPSHOTS.forget(match_id)
    return True


cli = AppGroup("kreide", help="Kreide's maintenance commands.")


@cli.command("purge")
def purge_command() -> None:
    """Delete expired empty matches and idempotency records (for cron)."""
    counts = purge()
    click.echo(f"purged {counts['matches']} empty matches, {counts['idempotency_records']} idempotency records, "
               f"{counts['deleted_matches']} deleted matches' ids")


def init_retention(app: Flask) -> None:
    app.cli.add_command(cli)
