"""Rulings kept as precedent in a match: the question (a referee request), the engine's
answer in both languages, and a note.  Player names in questions and notes are
untrusted text: stored and returned as data, never interpreted."""

from __future__ import annotations

import re

from marshmallow import Schema, ValidationError, fields, validate

NOTE_MAX = 500
KIND_MAX = 32
# a NUL or half a surrogate pair cannot be stored as text (PostgreSQL refuses the NUL,
# UTF-8 the surrogate): refused, never an error of the database
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def storable_text(value: str) -> None:
    if _UNSTORABLE.search(value):
        raise ValidationError("Not storable text: no NUL characters or unpaired surrogates.")


class RulingRequestSchema(Schema):
    kind = fields.String(required=True, validate=validate.Length(min=1, max=KIND_MAX),
                         metadata={"description": "A question the match's game's referee answers: play (may I play "
                                                  "this card?), hand (a disputed hand) … (GET /api/games: referee)"})
    question = fields.Dict(required=True, metadata={
        "description": "The body of POST /api/referee/play or /hand (game may be left out: the match's)"})
    note = fields.String(allow_none=True, validate=[validate.Length(max=NOTE_MAX), storable_text],
                         metadata={"description": "What the table agreed, at most 500 characters"})


class RulingAnswerSchema(Schema):
    en = fields.Dict(metadata={"description": "The referee's answer, reasons in English"})
    de = fields.Dict(metadata={"description": "The same answer, reasons in German"})


class RulingSchema(Schema):
    number = fields.Integer(metadata={"description": "1, 2, ... within the match"})
    kind = fields.String(metadata={"description": "play or hand"})
    question = fields.Dict(metadata={"description": "The question as asked"})
    answer = fields.Nested(RulingAnswerSchema)
    rule = fields.String(allow_none=True, metadata={"description": "The T-number broken (the first, for a hand)"})
    legal = fields.Boolean()
    note = fields.String(allow_none=True)
    at = fields.String(metadata={"description": "ISO 8601, UTC"})
    by = fields.String(metadata={"description": "Token kind that asked (scorer)"})


class RulingWrittenSchema(Schema):
    ruling = fields.Nested(RulingSchema)
    revision = fields.Integer(metadata={"description": "The match's revision after the ruling"})


class RulingsSchema(Schema):
    rulings = fields.List(fields.Nested(RulingSchema), metadata={"description": "Oldest first"})
