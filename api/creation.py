"""Creating something that hands out tokens (a match, a tournament, a club), with an
``Idempotency-Key`` (:mod:`api.idempotency`): the same key and body create it once.

The first request makes the row and its answer, stores both in one transaction with the
answer for its replay (the tokens sealed with the key, the links that hold them left out)
and answers ``201`` with its ``Location``.  A repeat finds the stored answer, unseals the
tokens with the key it brings and answers as the first time; the same key with another
body is refused (``422``).  The key must be one nobody can guess
(:data:`~api.idempotency.CREATE_KEY_MIN`), since its record hands out the tokens.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import Response

from api import idempotency
from api.errors import Problem, lang
from api.extensions import db
from api.store import json_response, with_retries, writing
from engine.i18n import render
from engine.names import name_problem, trimmed


@dataclass(frozen=True, slots=True)
class Creatable:
    """A kind of thing created with a key: the ``scope`` of its creations' idempotency
    records, the ``tokens`` its answer hands out (names of the answer's fields), the
    ``links(id, tokens)`` that hold them, and its address (``location`` with ``{id}``)."""

    scope: str
    tokens: tuple[str, ...]
    links: Callable[[str, Mapping[str, str]], dict[str, str]]
    location: str

    def answered(self, status: int, answer: dict[str, Any]) -> Response:
        return json_response(status, answer, {"Location": self.location.format(id=answer["id"])})


@dataclass(frozen=True, slots=True)
class Created:
    """What a creation made: the ``row`` to add, the ``answer`` (with the tokens and
    links, and the ``id``) and what to do after the commit (``then``: a cache, a log line)."""

    row: Any
    answer: dict[str, Any]
    then: Callable[[], None] | None = None
    #: what else to write in the creation's transaction, after ``row`` (rows that refer to it)
    during: Callable[[], None] | None = None


def create(kind: Creatable, body: Any, make: Callable[[Any], Created]) -> Response:
    """Create with ``make(body)`` (which loads and checks the body and raises its refusals)
    once per ``Idempotency-Key``; retried when another write got in first."""
    key = idempotency.request_key(minimum=idempotency.CREATE_KEY_MIN)
    fingerprint = idempotency.fingerprint(body) if key else None

    def attempt() -> Response:
        if key and fingerprint and (stored := idempotency.find(kind.scope, key, fingerprint)):
            return replayed(kind, *stored, key=key)
        created = make(body)
        with writing():
            db.session.add(created.row)
            if created.during is not None:
                db.session.flush()
                created.during()
            if key and fingerprint:
                idempotency.remember(kind.scope, key, fingerprint, 201,
                                     idempotency.sealed_answer(created.answer, key, kind.tokens))
            db.session.commit()
        if created.then is not None:
            created.then()
        return kind.answered(201, created.answer)

    return with_retries(attempt)


def replayed(kind: Creatable, status: int, stored: dict[str, Any], *, key: str) -> Response:
    """The stored answer again, its tokens unsealed with the key and its links made anew."""
    answer, tokens = idempotency.unsealed_tokens(stored, key, kind.tokens)
    answer.update(tokens, **kind.links(answer["id"], tokens))
    return kind.answered(status, answer)


def checked_name(raw: str, field: str, *, limit: int, prefix: str = "player_name") -> str:
    """Untrusted text checked as players' names are (:mod:`engine.names`), up to ``limit``
    characters: a tournament's, a club's or a member's name; a refusal's sentence is
    ``prefix`` + the reason (``club_name_blank``), in the client's language."""
    name = trimmed(raw)
    refusal = name_problem(name, limit=limit)
    if refusal is not None:
        code, params = refusal
        raise Problem(422, "invalid_fields", errors={field: render(code.replace("player_name", prefix), lang(),
                                                                   dict(params))}, fields=field)
    return name
