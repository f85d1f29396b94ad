"""Request helpers shared by the views, and the OpenAPI snippets they repeat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import request
from flask_smorest import Blueprint

from api.bodies import loads
from api.errors import PROBLEM_JSON, Problem, ProblemSchema

BEARER: list[dict[str, list[str]]] = [{"bearer": []}]
IDEMPOTENCY_KEY = {
    "in": "header", "name": "Idempotency-Key", "required": False,
    "description": "Repeat a write with the same key: the first answer comes back, nothing new is recorded.",
    "schema": {"type": "string", "maxLength": 100},
}

CREATE_IDEMPOTENCY_KEY = {
    **IDEMPOTENCY_KEY,
    "description": "Repeat the creation with the same key: the first answer (with the tokens) comes back. "
                   "It hands out the tokens, so it must be random: at least 128 bits, 22 characters of base64url "
                   "(400 idempotency_key_short).",
    "schema": {"type": "string", "minLength": 22, "maxLength": 100},
}


def json_body(*, optional: bool = False) -> Any:
    """The request's JSON; ``400`` when it is not JSON or repeats a key in an object
    (:func:`api.bodies.loads`; an empty body is ``{}`` if optional)."""
    raw = request.get_data(cache=True)
    if optional and not raw.strip():
        return {}
    if not request.is_json:
        raise Problem(400, "not_json")
    try:
        return loads(raw)
    except (ValueError, RecursionError):
        raise Problem(400, "not_json") from None


PROBLEMS = {
    400: "Not JSON, a key given twice in one object (duplicate_key), or a bad Idempotency-Key",
    401: "No token, or a token of no match",
    403: "A viewer token tried to write",
    404: "No such match (or hand), or a token of another match",
    409: "Stale seq (the answer carries the current state and the hand recorded under that seq), "
         "or a void/replacement a later hand refuses, or (delete) a match changed since its export",
    410: "The match was deleted by its scorer",
    422: "Schema or rule violation; errors names the fields, rule the R- or T-number",
    429: "Too many requests from this address (match creations, or failed token attempts: then every request "
         "with a token is refused for a while), or live streams of this token or client address; Retry-After "
         "says when to try again",
    503: "Busy: too many live streams in this worker, or the server is restarting (Retry-After)",
}


def problems(blp: Blueprint, *codes: int) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Document the problem answers a view can give (all share one shape).  A view that
    takes a token (401) can also answer 410 (a deleted match) and 429 (failed token attempts)."""
    if 401 in codes:
        codes = tuple(sorted({*codes, 410, 429}))

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        for code in codes:
            view = blp.alt_response(code, schema=ProblemSchema, content_type=PROBLEM_JSON,
                                    description=PROBLEMS[code])(view)
        return view

    return decorate


def body_doc(schema: type) -> dict[str, Any]:
    """A ``requestBody`` for views that load their body themselves (after auth)."""
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def one_of(components: list[str], *, discriminator: str | None = None,
           mapping: dict[str, str] | None = None) -> dict[str, Any]:
    """An OpenAPI schema that is one of the named components (one per game)."""
    schema: dict[str, Any] = {"oneOf": [{"$ref": f"#/components/schemas/{name}"} for name in components]}
    if discriminator is not None:
        schema["discriminator"] = {"propertyName": discriminator, "mapping": {
            key: f"#/components/schemas/{name}" for key, name in (mapping or {}).items()}}
    return schema
