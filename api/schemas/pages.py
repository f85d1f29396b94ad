"""Query parameters of the hands list's pages (API.md: ``GET /api/matches/{id}/hands``)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

#: The most hands one page may ask for.
HANDS_PAGE_MAX = 1000


class HandsPageSchema(Schema):
    """Without either parameter the list is whole, as API.md promises."""

    limit = fields.Integer(
        validate=validate.Range(min=1, max=HANDS_PAGE_MAX),
        metadata={"description": f"At most this many hands (1-{HANDS_PAGE_MAX}); a `Link: <...>; rel=\"next\"` "
                                 "header names the next page while more follow"},
    )
    after = fields.Integer(
        validate=validate.Range(min=0),
        metadata={"description": "Only hands with a seq above this one (the cursor: the last seq of the page "
                                 "before; 0 or left out: from the first hand)"},
    )
