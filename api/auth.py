"""Bearer tokens: only their SHA-256 is stored; comparisons take constant time.

401: no token, or a token of no match at all.  404: the match does not exist, or the
token belongs to another match (existence is not revealed).  403: a viewer writing.
410: the token of a match its scorer deleted.  A 401 or 404 for a token is a failed token
attempt (:mod:`api.limits`): too many from one address, and its tokens get 429 for a while.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Protocol

from flask import request
from sqlalchemy import or_, select

from api import limits
from api.errors import Problem
from api.extensions import db
from api.models import SCORER, VIEWER, DeletedMatch, Match
from api.store import MatchRow, Snapshot, load_match

_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="kreide"'}


class TokenOwner(Protocol):
    """Something beside a match whose tokens open it (a club's, on its tables):
    ``grants(match_id, digest)`` the kind of access (scorer / viewer) or None, and
    ``known(digest)`` whether the token is one of its at all (then a token of another
    match is a 404, not an unknown token)."""

    def grants(self, match_id: str, digest: str) -> str | None: ...

    def known(self, digest: str) -> bool: ...


#: Registered by the rooms at app creation (:func:`api.club.init_app`); asked only when a
#: token is not the match's own, so a match's own tokens cost nothing more.
TOKEN_OWNERS: list[TokenOwner] = []


def new_token() -> str:
    """256 bits from the OS's secure random source, URL-safe."""
    return secrets.token_urlsafe(32)


def new_match_id() -> str:
    return secrets.token_urlsafe(8)


def derived_token(key: str, message: str) -> str:
    """HMAC-SHA256 keyed with ``key`` (the organiser's token), urlsafe base64 unpadded:
    as unguessable as the key, and the same every time it is asked for."""
    digest = hmac.new(key.encode("utf-8", "surrogatepass"), message.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def bearer_token() -> str:
    scheme, _, token = request.headers.get("Authorization", "").strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise Problem(401, "no_token", headers=_CHALLENGE)
    return token


def authenticate(match_id: str, *, write: bool = False, known: Snapshot | None = None) -> tuple[MatchRow, str]:
    """The match and the token's kind (``scorer`` / ``viewer``), or a refusal.  A writer
    may pass the snapshot it already ``known``s; it is used only if the token fits it."""
    digest = hash_token(bearer_token())
    limits.token_allowed()
    if known is not None:
        if hmac.compare_digest(digest, known.scorer_hash):
            return known, SCORER
        if any(owner.grants(known.id, digest) == SCORER for owner in TOKEN_OWNERS):
            return known, SCORER  # a club's members' token on its table: as quick as the table's own
    match = load_match(match_id)
    if match is not None:
        if hmac.compare_digest(digest, match.scorer_hash):
            return match, SCORER
        if hmac.compare_digest(digest, match.viewer_hash):
            if write:
                raise Problem(403, "read_only")
            return match, VIEWER
        for owner in TOKEN_OWNERS:
            if (kind := owner.grants(match.id, digest)) is not None:
                if write and kind != SCORER:
                    raise Problem(403, "read_only")
                return match, kind
    elsewhere = db.session.scalar(
        select(Match.id).where(or_(Match.scorer_hash == digest, Match.viewer_hash == digest)).limit(1)
    )
    if elsewhere is None and any(owner.known(digest) for owner in TOKEN_OWNERS):
        elsewhere = "another's"
    if elsewhere is None and db.session.scalar(
        select(DeletedMatch.id).where(DeletedMatch.id == match_id,
                                      or_(DeletedMatch.scorer_hash == digest, DeletedMatch.viewer_hash == digest))
    ) is not None:
        raise Problem(410, "match_deleted")
    limits.bad_token()
    if elsewhere is not None:
        raise Problem(404, "no_match")
    raise Problem(401, "bad_token", headers=_CHALLENGE)
