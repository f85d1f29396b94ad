"""Request helpers shared by the views, and the OpenAPI snippets they repeat."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import Any

import qrcode
from flask import Response, request
from flask_smorest import Blueprint
from marshmallow import Schema, fields
from qrcode.image.svg import SvgPathFillImage

from api.bodies import loads
from api.errors import PROBLEM_JSON, Problem, ProblemSchema
from api.idempotency import KEY_MAX

BEARER: list[dict[str, list[str]]] = [{"bearer": []}]
IDEMPOTENCY_KEY = {
    "in": "header", "name": "Idempotency-Key", "required": False,
    "description": "Repeat a write with the same key: the first answer comes back, nothing new is recorded.",
    "schema": {"type": "string", "minLength": 1, "maxLength": KEY_MAX},
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
    413: "The request body is larger than the server accepts",
    422: "Schema or rule violation; errors names the fields, rule the R- or T-number",
    429: "Too many requests from this address (match creations, or failed token attempts: then every request "
         "with a token is refused for a while), or live streams of this token or client address; Retry-After "
         "says when to try again",
    503: "The database cannot be reached or is read-only (database_unavailable; any request may get it), busy "
         "(the database stayed locked by other writes), too many live streams in this worker, or the server is "
         "restarting; nothing was recorded, Retry-After says when to try again",
}
#: Headers some problem answers carry.
PROBLEM_HEADERS: dict[int, dict[str, Any]] = {
    401: {"WWW-Authenticate": {"required": True, "schema": {"type": "string"},
                               "description": "Bearer realm=\"kreide\""}},
    429: {"Retry-After": {"required": True, "schema": {"type": "integer"}, "description": "Seconds"}},
    503: {"Retry-After": {"required": True, "schema": {"type": "integer"}, "description": "Seconds"}},
}


class ViolationJsonSchema(Schema):
    """A rule the engine enforced, as a replay conflict names it."""

    code = fields.String(required=True)
    rule = fields.String(required=True, allow_none=True, metadata={"description": "R- or T-number"})
    field = fields.String(required=True, allow_none=True, metadata={"description": "Field path in the hand"})
    detail = fields.String(required=True, metadata={"description": "In the Accept-Language (en/de)"})
    params = fields.Dict(required=True, metadata={"description": "The values in the sentence"})


class StaleSeqProblemSchema(ProblemSchema):
    """409 ``stale_seq``: the entry's seq is not the match's next_seq; the match as it
    stands, and the hand already recorded under that seq (so the phone can show it)."""

    state = fields.Dict(required=True, metadata={"description": "The game's state now (as in the match)"})
    version = fields.Integer(required=True)
    revision = fields.Integer(required=True)
    next_seq = fields.Integer(required=True, metadata={"description": "The seq the next hand must carry"})
    recorded = fields.Dict(required=True, allow_none=True, metadata={
        "description": "The hand recorded under the seq sent, as the hands list shows it; null if none"})


class ReplayConflictProblemSchema(ProblemSchema):
    """409 ``replay_conflict``: a later hand no longer fits after the void or replacement."""

    seq = fields.Integer(required=True, metadata={"description": "The later hand that no longer fits"})
    reason = fields.Nested(ViolationJsonSchema, required=True)


#: A 409 answer by what the write does: a new hand can only be stale; a void or a
#: replacement meets a hand already voided or a later hand that no longer fits.
STALE_SEQ = {409: ("Stale seq: the answer carries the current state, version, revision and next_seq, and the "
                   "hand recorded under the seq sent (recorded)", StaleSeqProblemSchema)}
REFOLD_CONFLICT = {409: ("The hand is already voided (hand_voided), or a later hand no longer fits "
                         "(replay_conflict: seq and reason name it)",
                         {"oneOf": [ReplayConflictProblemSchema, ProblemSchema]})}


Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def problems(blp: Blueprint, *codes: int, special: Mapping[int, tuple[str, Any]] | None = None) -> Decorator:
    """Document the problem answers a view can give (all share one shape; ``special``:
    a description and schema of their own, e.g. :data:`STALE_SEQ`).  A view that takes a
    token (401) can also answer 410 (a deleted match) and 429 (failed token attempts)."""
    if 401 in codes:
        codes = tuple(sorted({*codes, 410, 429}))

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        for code in codes:
            description, schema = (special or {}).get(code, (PROBLEMS[code], ProblemSchema))
            view = blp.alt_response(code, schema=schema, content_type=PROBLEM_JSON, description=description,
                                    headers=PROBLEM_HEADERS.get(code))(view)
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


def qr_svg(url: str) -> Response:
    """A QR code of ``url`` as SVG (never cached: it holds a token)."""
    image = qrcode.make(url, image_factory=SvgPathFillImage, border=2)
    svg = io.BytesIO()
    image.save(svg)
    return Response(svg.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


def tagged(tag: str, answer: Callable[[], Response]) -> Response:
    """A token-bound read with its ETag: ``304`` when If-None-Match names it (a compressed
    answer's carries its encoding, flask-compress: "tag:gzip"), else ``answer()``; revalidated
    on every use, and kept apart per token."""
    seen = next((t for t in (tag, f"{tag}:br", f"{tag}:gzip") if request.if_none_match.contains_weak(t)), None)
    if seen is not None:
        response = Response(status=304)
        response.set_etag(seen)
    else:
        response = answer()
        response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("Authorization")
    return response
