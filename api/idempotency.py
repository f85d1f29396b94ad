"""``Idempotency-Key``: a repeated write returns the first answer and records nothing.

A record holds the SHA-256 of the key, a fingerprint of the request (method, path,
body) and the answer.  The answer to a match creation carries the match's tokens; they
are stored sealed with a pad derived from the key, which only the client knows, so the
database holds no usable token.
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from flask import request
from sqlalchemy import insert, select

from api.errors import Problem
from api.extensions import db
from api.models import IdempotencyRecord, utcnow

HEADER = "Idempotency-Key"
KEY_MAX = 100
#: A match creation's key: its record hands out the match's tokens to whoever sends the same
#: key and body again, so the key must be as unguessable as a secret: 128 random bits are 22
#: characters of base64url.  Keys of writes to a match are scoped to it and its scorer token.
CREATE_KEY_MIN = 22
RECORDS = IdempotencyRecord.__table__


def request_key(*, minimum: int = 1) -> str | None:
    key = request.headers.get(HEADER)
    if key is None:
        return None
    if not 1 <= len(key) <= KEY_MAX:
        raise Problem(400, "idempotency_key_invalid", errors={HEADER: "1 to 100 characters"})
    if len(key) < minimum:
        raise Problem(400, "idempotency_key_short", errors={HEADER: f"at least {minimum} characters, random"})
    return key


def fingerprint(body: Any) -> str:
    """Same method, path and JSON body (key order aside) → same fingerprint."""
    try:
        text = json.dumps([request.method, request.path, body], sort_keys=True, separators=(",", ":"))
    except (RecursionError, ValueError):
        raise Problem(400, "not_json") from None
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _key_hash(key: str) -> str:
    return hashlib.sha256(b"kreide-idempotency\0" + key.encode("utf-8", "surrogatepass")).hexdigest()


def find(scope: str, key: str, fingerprint_: str) -> tuple[int, dict[str, Any]] | None:
    """The stored ``(status, answer)``; the same key with another request is refused."""
    row = db.session.execute(
        select(RECORDS.c.fingerprint, RECORDS.c.status, RECORDS.c.response)
        .where(RECORDS.c.scope == scope, RECORDS.c.key_hash == _key_hash(key))
    ).first()
    if row is None:
        return None
    if row.fingerprint != fingerprint_:
        raise Problem(422, "idempotency_key_reused", errors={HEADER: "used for another request"})
    return row.status, row.response


def remember(scope: str, key: str, fingerprint_: str, status: int, answer: dict[str, Any]) -> None:
    """Add the answer to the current transaction (the caller commits)."""
    db.session.execute(insert(RECORDS).values(
        scope=scope, key_hash=_key_hash(key), fingerprint=fingerprint_, status=status,
        response=answer, created_at=utcnow(),
    ))


def _pad(key: str, label: str, size: int) -> bytes:
    return hashlib.shake_256(f"kreide-seal\0{label}\0{key}".encode("utf-8", "surrogatepass")).digest(size)


def seal(secret: str, key: str, label: str) -> str:
    data = secret.encode("ascii")
    mixed = bytes(a ^ b for a, b in zip(data, _pad(key, label, len(data)), strict=True))
    return base64.urlsafe_b64encode(mixed).decode("ascii")


def unseal(sealed: str, key: str, label: str) -> str:
    data = base64.urlsafe_b64decode(sealed)
    return bytes(a ^ b for a, b in zip(data, _pad(key, label, len(data)), strict=True)).decode("ascii")


LINKS = ("join_url", "view_url")


def sealed_answer(answer: dict[str, Any], key: str, tokens: tuple[str, ...]) -> dict[str, Any]:
    """A creation's answer as stored for its replay: the ``tokens`` sealed with the key,
    the links (which hold them) left out."""
    kept = {k: v for k, v in answer.items() if k not in (*tokens, *LINKS)}
    kept["sealed"] = {name: seal(answer[name], key, name) for name in tokens}
    return kept


def unsealed_tokens(stored: dict[str, Any], key: str, tokens: tuple[str, ...]) -> tuple[dict[str, Any], dict[str, str]]:
    """The stored answer without its sealed part, and the tokens unsealed with the key."""
    answer = {k: v for k, v in stored.items() if k != "sealed"}
    return answer, {name: unseal(stored["sealed"][name], key, name) for name in tokens}
