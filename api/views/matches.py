"""Matches, their hands and their history (API.md, "Matches")."""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo

from flask import Response, request, stream_with_context
from flask.views import MethodView
from flask_smorest import Blueprint

from api import errors, events, exports, limits, network, retention, services
from api.auth import authenticate, bearer_token, hash_token
from api.games import BY_GAME, game_api
from api.models import SCORER
from api.schemas.matches import MatchDeleteSchema, SlateQuerySchema
from api.schemas.pages import HandsPageSchema
from api.schemas.rates import MatchPatchSchema
from api.schemas.rulings import RulingRequestSchema, RulingsSchema, RulingWrittenSchema
from api.views.common import (
    BEARER,
    CREATE_IDEMPOTENCY_KEY,
    IDEMPOTENCY_KEY,
    REFOLD_CONFLICT,
    STALE_SEQ,
    body_doc,
    json_body,
    problems,
    qr_svg,
    tagged,
)

blp = Blueprint("matches", __name__, url_prefix="/api/matches",
                description="Matches: create, read, record hands, void and replace them, follow them live")

# any text: a whole number is the revision last received, anything else is ignored (the state is sent)
LAST_EVENT_ID = {
    "in": "header", "name": "Last-Event-ID", "required": False, "schema": {"type": "string"},
    "description": "The revision last received (a whole number; anything else is ignored): the state is sent "
                   "at once only if the match has moved on",
}
IF_NONE_MATCH = {"in": "header", "name": "If-None-Match", "required": False, "schema": {"type": "string"},
                 "description": "The ETag of the answer last received: 304 without a body if nothing changed"}
SEQ = {"in": "path", "name": "seq", "required": True, "schema": {"type": "integer", "minimum": 1},
       "description": "The hand's number (its seq)"}
AFTER = {"in": "query", "name": "after", "required": False, "schema": {"type": "string"},
         "description": "Same as Last-Event-ID"}
BASE = {"in": "query", "name": "base", "required": False, "schema": {"type": "string"},
        "description": "Encode the link with this base instead (one of GET /api/network's addresses): a join link "
                       "made on localhost opened by another phone"}


def by_game(kind: str) -> dict[str, Any]:
    """Every game's schema of ``kind`` (entry, match, written …): a component that is
    ``oneOf`` them, made for each app from the games registered then (``api.create_app``)."""
    return {"$ref": f"#/components/schemas/{BY_GAME[kind]}"}


REVISION_HEADER = "X-Kreide-Revision"
EXPORT_HEADERS = {REVISION_HEADER: {"schema": {"type": "integer"}, "description": (
    "The match's revision this export holds: what DELETE /api/matches/{id} wants as exported_revision")}}

ENTRY = {"required": True, "content": {"application/json": {"schema": by_game("entry")}}}


@blp.route("")
class Matches(MethodView):
    @blp.doc(requestBody={"required": True, "content": {"application/json": {"schema": by_game("create")}}},
             parameters=[CREATE_IDEMPOTENCY_KEY])
    @blp.response(201, by_game("created"), headers={"Location": {"required": True, "schema": {"type": "string"}}})
    @problems(blp, 400, 413, 422, 429, 503)
    def post(self) -> Response:
        """Create a match

        The game checks players, house rules and first dealer; the answer carries the
        scorer and viewer tokens and the join/view URLs (token in the URL fragment).
        Creations are limited per client address (429 with Retry-After)."""
        limits.creation()
        response = services.create_match(json_body())
        retention.maybe_purge()
        return response


@blp.route("/<string:match_id>")
class MatchView(MethodView):
    @blp.doc(security=BEARER, parameters=[IF_NONE_MATCH])
    @blp.response(200, by_game("match"), headers={"ETag": {"required": True, "schema": {"type": "string"}}})
    @blp.alt_response(304, description="Not modified: If-None-Match named the current ETag (no body)",
                      headers={"ETag": {"required": True, "schema": {"type": "string"}}})
    @problems(blp, 401, 404)
    def get(self, match_id: str) -> Any:
        """Read a match

        Its state, version, revision and next_seq, without tokens; ``access`` says what
        the token may do.  ETag / If-None-Match (304)."""
        match, access = authenticate(match_id)
        services.SNAPSHOTS.put(services.snapshot_of(match))  # a fresh read: the next write starts here
        return tagged(f"{match.id}-{match.revision}-{access}",
                      lambda: services.json_response(200, services.match_json(match, access)))

    @blp.doc(security=BEARER, requestBody=body_doc(MatchPatchSchema), parameters=[IDEMPOTENCY_KEY])
    @blp.response(200, by_game("match"))
    @problems(blp, 400, 401, 403, 404, 413, 422, 503)
    def patch(self, match_id: str) -> Response:
        """Change a match's money rates

        Scorer only.  ``{"rates": {"per_fach": 5}}``: whole cents per unit (R37), the
        rates named change, the others stay; a name the game does not have, a value that
        is not whole cents or outside 0 to 10000 is 422 naming the field.  The change is one
        revision, kept in the match's ``audit`` and sent on the live stream; the rates as
        they stand change nothing.  The answer is the match."""
        return services.write(match_id, json_body(), services.change_match)

    @blp.doc(security=BEARER, requestBody=body_doc(MatchDeleteSchema),
             responses={"204": {"description": "Deleted: the match, its hands, rulings and idempotency records "
                                               "are gone; its links answer 410"}})
    @problems(blp, 400, 401, 403, 404, 409, 410, 422, 429)
    def delete(self, match_id: str) -> Response:
        """Delete a match

        Scorer only, and only after an export: the body confirms the match's id and
        names the revision of the export the scorer kept (``X-Kreide-Revision`` of
        ``export.json``/``export.csv``).  409 ``export_stale`` with the current
        ``revision`` if the match has changed since; everything of the match goes in one
        transaction."""
        return services.delete_match(match_id, json_body())


@blp.route("/<string:match_id>/hands")
class Hands(MethodView):
    @blp.doc(security=BEARER)
    @blp.arguments(HandsPageSchema, location="query", as_kwargs=True)
    @blp.response(200, by_game("hands"), headers={"Link": {
        "description": 'With `limit`, while more hands follow: `<...?after=N&limit=L>; rel="next"`',
        "schema": {"type": "string"}}})
    @problems(blp, 401, 404, 422)
    def get(self, match_id: str, limit: int | None = None, after: int | None = None) -> Response:
        """List the hands

        Every hand in seq order, voided ones included and marked, each with its current
        result, when and by which token kind it was recorded, and its audit trail.  With
        ``limit`` and ``after`` (a seq), one page of them and a ``Link`` to the next."""
        match, _ = authenticate(match_id)
        api = game_api(match.game)
        if limit is None and after is None:
            return services.json_response(200, api.dump("hands", {"hands": services.hands_json(match)}))
        hands, next_after = services.hands_page(match, after or 0, limit)
        response = services.json_response(200, api.dump("hands", {"hands": hands}))
        if next_after is not None:
            response.headers["Link"] = f'<{request.path}?after={next_after}&limit={limit}>; rel="next"'
        return response

    @blp.doc(security=BEARER, requestBody=ENTRY, parameters=[IDEMPOTENCY_KEY])
    @blp.response(201, by_game("written"))
    @problems(blp, 400, 401, 403, 404, 409, 413, 422, 503, special=STALE_SEQ)
    def post(self, match_id: str) -> Response:
        """Record a hand

        Scorer only.  The entry's seq must be the match's next_seq (else 409 with the
        current state); the engine checks it and explains its result with R-numbers."""
        return services.write(match_id, json_body(), services.record_hand)


@blp.route("/<string:match_id>/hands/<int:seq>")
class Hand(MethodView):
    @blp.doc(security=BEARER, requestBody=ENTRY, parameters=[SEQ, IDEMPOTENCY_KEY])
    @blp.response(200, by_game("written"))
    @problems(blp, 400, 401, 403, 404, 409, 413, 422, 503, special=REFOLD_CONFLICT)
    def put(self, match_id: str, seq: int) -> Response:
        """Replace a hand

        Scorer only.  Every later hand is folded through the engine again; if one no
        longer fits, nothing changes and the answer is 409 naming it."""
        return services.write(match_id, json_body(), services.replace_hand(seq))


@blp.route("/<string:match_id>/hands/<int:seq>/void")
class VoidHand(MethodView):
    @blp.doc(security=BEARER, parameters=[SEQ, IDEMPOTENCY_KEY])
    @blp.response(200, by_game("written"))
    @problems(blp, 400, 401, 403, 404, 409, 413, 422, 503, special=REFOLD_CONFLICT)
    def post(self, match_id: str, seq: int) -> Response:
        """Void a hand

        Scorer only.  The hand keeps its number and stays in the history, marked; every
        later hand is folded through the engine again, 409 if one no longer fits."""
        return services.write(match_id, json_body(optional=True), services.void_hand(seq))


@blp.route("/<string:match_id>/qr.svg")
class QrCode(MethodView):
    @blp.doc(security=BEARER, parameters=[BASE], responses={"200": {"description": "SVG QR code",
                                                                    "content": {"image/svg+xml": {}}}})
    @problems(blp, 401, 404, 422)
    def get(self, match_id: str) -> Response:
        """QR code to share the match

        Of the join URL when asked with the scorer token, of the view URL with the
        viewer token (a viewer can share viewing, never writing); ``base`` puts one of
        the server's network addresses in place of the one the request came to."""
        match, access = authenticate(match_id)
        token = bearer_token()
        base = network.checked_base(request.args.get("base"))
        url = services.links(match.id, token, token, base=base)["join_url" if access == SCORER else "view_url"]
        return qr_svg(url)


@blp.route("/<string:match_id>/export.json")
class ExportJson(MethodView):
    @blp.doc(security=BEARER)
    @blp.response(200, by_game("export"), headers=EXPORT_HEADERS)
    @problems(blp, 401, 404)
    def get(self, match_id: str) -> Response:
        """Export the history as JSON

        One row per log record (hand, void, replace), the match without tokens, and
        every hand as the hands list shows it."""
        match, _ = authenticate(match_id)
        return Response(stream_with_context(exports.json_chunks(match)), mimetype="application/json",
                        headers={"Content-Disposition": _attachment(match.id, "json"),
                                 REVISION_HEADER: str(match.revision)})


@blp.route("/<string:match_id>/export.csv")
class ExportCsv(MethodView):
    @blp.doc(security=BEARER, responses={"200": {"description": "CSV, one row per log record",
                                                 "content": {"text/csv": {}}, "headers": EXPORT_HEADERS}})
    @problems(blp, 401, 404)
    def get(self, match_id: str) -> Response:
        """Export the history as CSV

        One row per log record: record, seq, action, at, by, body (JSON), status
        (counts, replaced, voided), changes_record and changed_by (record numbers)."""
        match, _ = authenticate(match_id)
        return Response(stream_with_context(exports.csv_chunks(match)), mimetype="text/csv",
                        headers={"Content-Disposition": _attachment(match.id, "csv"),
                                 REVISION_HEADER: str(match.revision)})


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
SLATE_HEADERS = {**EXPORT_HEADERS, "Content-Language": {"schema": {"type": "string"},
                                                        "description": "The language it is written in (de, en)"}}


@blp.route("/<string:match_id>/export.xlsx")
class ExportXlsx(MethodView):
    @blp.doc(security=BEARER, responses={"200": {
        "description": "The slate as a workbook: one row per hand that counts (voided ones left out, a replaced one "
                       "as it stands now), a column per player for what the game counts, the result in words",
        "content": {XLSX: {"schema": {"type": "string", "format": "binary"}}}, "headers": SLATE_HEADERS}})
    @blp.arguments(SlateQuerySchema, location="query", as_kwargs=True)
    @problems(blp, 401, 404, 422)
    def get(self, match_id: str, lang: str | None = None, tz: str | None = None) -> Response:
        """Export the slate as a spreadsheet (xlsx)

        For people: the heading row bold and frozen, numbers as numbers, the sheet named
        after the game and the match's date; in the language of ``lang`` or
        Accept-Language, times in ``tz`` (default Europe/Berlin)."""
        match, _ = authenticate(match_id)
        table = exports.slate_table(match, lang or errors.lang(), ZoneInfo(tz or exports.DEFAULT_ZONE))
        return _slate(Response(exports.slate_xlsx(table), mimetype=XLSX), match, table.lang, "xlsx")


@blp.route("/<string:match_id>/export.slate.csv")
class ExportSlateCsv(MethodView):
    @blp.doc(security=BEARER, responses={"200": {
        "description": "The slate as a CSV a spreadsheet opens right: UTF-8 with a byte-order mark, `;` between "
                       "cells in German (the decimal comma's languages), `,` in English; the rows and columns of "
                       "export.xlsx", "content": {"text/csv": {}}, "headers": SLATE_HEADERS}})
    @blp.arguments(SlateQuerySchema, location="query", as_kwargs=True)
    @problems(blp, 401, 404, 422)
    def get(self, match_id: str, lang: str | None = None, tz: str | None = None) -> Response:
        """Export the slate as CSV for a spreadsheet

        The table of export.xlsx, for a spreadsheet in the reader's language (``lang``
        or Accept-Language); export.csv stays the log for machines."""
        match, _ = authenticate(match_id)
        table = exports.slate_table(match, lang or errors.lang(), ZoneInfo(tz or exports.DEFAULT_ZONE))
        body = stream_with_context(exports.slate_csv_chunks(table))
        return _slate(Response(body, mimetype="text/csv"), match, table.lang, "slate.csv")


def _slate(response: Response, match: Any, lang: str, extension: str) -> Response:
    response.headers.update({"Content-Disposition": _attachment(match.id, extension),
                             REVISION_HEADER: str(match.revision), "Content-Language": lang})
    response.vary.add("Accept-Language")
    return response


@blp.route("/<string:match_id>/events")
class Events(MethodView):
    @blp.doc(security=BEARER, parameters=[LAST_EVENT_ID, AFTER], responses={"200": {
        "description": "Server-sent events: `state` with {version, revision, next_seq, state, change, rates} "
                       "after every change (id: the revision), `: keep-alive` every 15 s",
        "content": {"text/event-stream": {}}}})
    @problems(blp, 401, 404, 429, 503)
    def get(self, match_id: str) -> Response:
        """Follow the match live

        The current state first (unless Last-Event-ID is the current revision), then an
        event after every hand, void, replacement, ruling and change of a rate,
        from any worker."""
        match, _ = authenticate(match_id)
        return events.open_stream(match.id, hash_token(bearer_token()))


@blp.route("/<string:match_id>/rulings")
class Rulings(MethodView):
    @blp.doc(security=BEARER)
    @blp.response(200, RulingsSchema)
    @problems(blp, 401, 404)
    def get(self, match_id: str) -> dict[str, Any]:
        """List the rulings

        The referee's rulings kept in this match, oldest first."""
        match, _ = authenticate(match_id)
        return {"rulings": services.rulings_json(match)}

    @blp.doc(security=BEARER, requestBody=body_doc(RulingRequestSchema), parameters=[IDEMPOTENCY_KEY])
    @blp.response(201, RulingWrittenSchema)
    @problems(blp, 400, 401, 403, 404, 413, 422, 503)
    def post(self, match_id: str) -> Response:
        """Keep a ruling as precedent

        Scorer only.  The server asks the referee the question itself and keeps it with
        the answer (English and German) and the note; the match's revision grows, its
        version and next_seq do not."""
        return services.write(match_id, json_body(), services.record_ruling)


def _attachment(match_id: str, extension: str) -> str:
    return f'attachment; filename="kreide-{match_id}.{extension}"'
