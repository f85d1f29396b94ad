"""The rule book's answers (``GET /api/rules``, ``GET /api/rules/{id}``: docs/api-notes.md)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from engine.i18n import LANGUAGES


class RulesQuerySchema(Schema):
    lang = fields.String(validate=validate.OneOf(LANGUAGES), metadata={
        "description": "de or en; default: Accept-Language (German if it prefers de, else English)"})


class RuleSchema(Schema):
    """One rule as the book (docs/rules/<lang>.md) gives it: plain text, no markup."""

    id = fields.String(required=True, metadata={"description": "R1-R38 or T1-T8, as the engine cites it"})
    group = fields.String(required=True, metadata={"description": "The game or part it belongs to: Dreeg, …"})
    title = fields.String(required=True)
    text = fields.String(required=True, metadata={"description": "Its paragraphs, separated by a blank line"})
    example = fields.String(required=True, allow_none=True, metadata={"description": "One worked example, or null"})
    house_rules = fields.List(fields.String(), required=True, metadata={
        "description": "The house rules of this rule as the app names them, each with its default and the other "
                       "values"})


class OneRuleSchema(RuleSchema):
    lang = fields.String(required=True, metadata={"description": "The language of the text: de or en"})


class RuleBookSchema(Schema):
    lang = fields.String(required=True, metadata={"description": "The language of the book: de or en"})
    title = fields.String(required=True)
    intro = fields.String(required=True, metadata={"description": "The book's introduction: cards, card points"})
    rules = fields.List(fields.Nested(RuleSchema), required=True, metadata={"description": "T1-T8, then R1-R38"})
