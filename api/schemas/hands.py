"""Hands as the API shows them: the entry as stored, plus what became of it."""

from __future__ import annotations

from marshmallow import Schema, fields

from api.schemas.dreeg import DreegEntrySchema


class AuditSchema(Schema):
    """A later change to a hand: when, by which token kind, and what it was before."""

    action = fields.String(metadata={"description": "void or replace"})
    at = fields.String(metadata={"description": "ISO 8601, UTC"})
    by = fields.String(metadata={"description": "scorer or viewer (the token kind)"})
    previous = fields.Dict(metadata={"description": "The entry as it stood before this change"})


class HandMixin:
    result = fields.Dict(allow_none=True,
                         metadata={"description": "The engine's current decision (null when voided)"})
    recorded_at = fields.String(metadata={"description": "ISO 8601, UTC"})
    recorded_by = fields.String(metadata={"description": "Token kind that recorded it"})
    voided = fields.Boolean()
    audit = fields.List(fields.Nested(AuditSchema))


class DreegHandSchema(HandMixin, DreegEntrySchema):
    """A recorded Dreeg hand (dump only)."""
