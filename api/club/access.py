"""Who may do what with a club: the admin's token everything, the members' token what a
player does (start a table, add a member, score every table of the club), the viewers'
token read.  Refusals as for matches: 401 no or unknown token, 404 a token of another club
(existence is not revealed), 403 a token that may not do this; unknown tokens count as
failed attempts (429)."""

from __future__ import annotations

import hmac
from typing import Any

from sqlalchemy import Row, or_, select

from api import limits
from api.auth import bearer_token, hash_token
from api.club import rows
from api.club.rows import CLUB_MATCHES, CLUBS
from api.club.tokens import ADMIN, MEMBER, VIEWER
from api.errors import Problem
from api.extensions import db
from api.models import SCORER
from api.models import VIEWER as MATCH_VIEWER

_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="kreide"'}
_RANK = {VIEWER: 0, MEMBER: 1, ADMIN: 2}


def authenticate(club_id: str, *, need: str = VIEWER, lock: bool = False) -> tuple[Row[Any], str, str]:
    """The club, the token's role (admin / member / viewer) and the token, or a refusal."""
    try:
        token = bearer_token()
    except Problem as problem:
        raise Problem(401, "club_no_token", headers=_CHALLENGE) from problem
    digest = hash_token(token)
    limits.token_allowed()
    row = rows.load_club(club_id, lock=lock)
    if row is not None:
        role = _role(row, digest)
        if role is not None:
            if _RANK[role] < _RANK[need]:
                raise Problem(403, "club_admin_only" if need == ADMIN else "club_read_only")
            return row, role, token
    elsewhere = db.session.scalar(select(CLUBS.c.id).where(or_(
        CLUBS.c.admin_hash == digest, CLUBS.c.member_hash == digest, CLUBS.c.viewer_hash == digest)).limit(1))
    limits.bad_token()
    if elsewhere is not None:
        raise Problem(404, "no_club")
    raise Problem(401, "bad_token", headers=_CHALLENGE)


def _role(row: Any, digest: str) -> str | None:
    for role, stored in ((ADMIN, row.admin_hash), (MEMBER, row.member_hash), (VIEWER, row.viewer_hash)):
        if hmac.compare_digest(digest, stored):
            return role
    return None


class MatchTokens:
    """A club's tokens on its matches (:data:`api.auth.TOKEN_OWNERS`): the admin's and the
    members' score every table of the club, the viewers' watch them.  A match's club and the
    club's tokens never change, so each worker asks once per match (a deleted club's match is
    gone before its tokens are asked: its row is not found)."""

    MOST = 20_000

    def __init__(self) -> None:
        self.kept: dict[str, Any] = {}

    def grants(self, match_id: str, digest: str) -> str | None:
        found = self.kept.get(match_id)
        if found is None:
            found = db.session.execute(select(CLUBS.c.admin_hash, CLUBS.c.member_hash, CLUBS.c.viewer_hash)
                                       .join(CLUB_MATCHES, CLUB_MATCHES.c.club_id == CLUBS.c.id)
                                       .where(CLUB_MATCHES.c.match_id == match_id)).first()
            if found is None:
                return None
            if len(self.kept) >= self.MOST:
                self.kept.clear()
            self.kept[match_id] = found
        if hmac.compare_digest(digest, found.admin_hash) or hmac.compare_digest(digest, found.member_hash):
            return SCORER
        if hmac.compare_digest(digest, found.viewer_hash):
            return MATCH_VIEWER
        return None

    def known(self, digest: str) -> bool:
        return db.session.scalar(select(CLUBS.c.id).where(or_(
            CLUBS.c.admin_hash == digest, CLUBS.c.member_hash == digest, CLUBS.c.viewer_hash == digest))
            .limit(1)) is not None


MATCH_TOKENS = MatchTokens()
