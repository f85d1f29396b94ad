"""Who may do what with a tournament: the organiser's token reads and writes, the
board's reads; refusals as for matches."""

from __future__ import annotations

import hmac
from typing import Any

from sqlalchemy import Row, or_, select

from api import limits
from api.auth import bearer_token, hash_token
from api.errors import Problem
from api.extensions import db
from api.tournament import rows
from api.tournament.rows import ORGANISER, TOURNAMENTS, VIEWER

_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="kreide"'}


def authenticate(tournament_id: str, *, write: bool = False) -> tuple[Row[Any], str, str]:
    """The tournament, the token's role (organiser / viewer) and the token, or a refusal
    as for matches: 401 no or unknown token, 404 a token of another tournament, 403 a
    viewer writing; unknown tokens count as failed attempts (429)."""
    try:
        token = bearer_token()
    except Problem as problem:
        raise Problem(401, "tournament_no_token", headers=_CHALLENGE) from problem
    digest = hash_token(token)
    limits.token_allowed()
    row = rows.load_tournament(tournament_id, lock=write)
    if row is not None:
        if hmac.compare_digest(digest, row.organiser_hash):
            return row, ORGANISER, token
        if hmac.compare_digest(digest, row.viewer_hash):
            if write:
                raise Problem(403, "tournament_read_only")
            return row, VIEWER, token
    elsewhere = db.session.scalar(select(TOURNAMENTS.c.id).where(
        or_(TOURNAMENTS.c.organiser_hash == digest, TOURNAMENTS.c.viewer_hash == digest)).limit(1))
    limits.bad_token()
    if elsewhere is not None:
        raise Problem(404, "no_tournament")
    raise Problem(401, "bad_token", headers=_CHALLENGE)
