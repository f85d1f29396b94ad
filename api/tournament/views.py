"""Preisschnapsen tournaments (API.md, "Tournaments"; RULES.md R24)."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api import events, limits, network, retention
from api.auth import hash_token
from api.errors import ProblemSchema
from api.extensions import rest
from api.store import json_response
from api.tournament.access import authenticate
from api.tournament.creation import create
from api.tournament.export import export_csv
from api.tournament.reads import entries_json, stream_key, tournament_json
from api.tournament.schemas import (
    ENTRY_SCHEMAS,
    PairingMatchSchema,
    TournamentCreatedSchema,
    TournamentCreateSchema,
    TournamentEntriesSchema,
    TournamentEntryWrittenSchema,
    TournamentSchema,
)
from api.tournament.tables import MAX_TABLE, board_url, open_match, table_join_url
from api.tournament.writes import write_entry
from api.views.common import (
    BEARER,
    CREATE_IDEMPOTENCY_KEY,
    IDEMPOTENCY_KEY,
    StaleSeqProblemSchema,
    body_doc,
    json_body,
    one_of,
    problems,
    qr_svg,
    tagged,
)
from api.views.matches import AFTER, BASE, IF_NONE_MATCH, LAST_EVENT_ID

blp = Blueprint("tournaments", __name__, url_prefix="/api/tournaments",
                description="Preisschnapsen tournaments: sell cards, draw, follow the tables' matches, the board")

NUMBER = {"in": "path", "name": "number", "required": True,
          "schema": {"type": "integer", "minimum": 1, "maximum": MAX_TABLE},
          "description": "The pairing's table number in the current round"}
ENTRY = {"required": True, "content": {"application/json": {"schema": one_of(list(ENTRY_SCHEMAS))}}}
STALE_ENTRY = {409: ("Stale seq: the answer carries the current state, revision and next_seq, and the entry "
                     "recorded under the seq sent (recorded)", StaleSeqProblemSchema)}
TABLE_REFUSED = {409: ("Not playing yet, or the table is a bye, a player meeting himself, or decided already",
                       ProblemSchema)}


def document_entries() -> None:
    """The organiser's entries as named OpenAPI components (``oneOf`` in the request)."""
    for name, schema in ENTRY_SCHEMAS.items():
        if name not in rest.spec.components.schemas:
            rest.spec.components.schema(name, schema=schema)


@blp.route("")
class Tournaments(MethodView):
    @blp.doc(requestBody=body_doc(TournamentCreateSchema), parameters=[CREATE_IDEMPOTENCY_KEY])
    @blp.response(201, TournamentCreatedSchema,
                  headers={"Location": {"required": True, "schema": {"type": "string"}}})
    @problems(blp, 400, 413, 422, 429, 503)
    def post(self) -> Response:
        """Create a tournament

        Sales open at once.  The answer carries the organiser's and the board's tokens
        and links (token in the URL fragment); limited per client address as match
        creations are (429)."""
        limits.creation()
        response = create(json_body())
        retention.maybe_purge()
        return response


@blp.route("/<string:tournament_id>")
class TournamentView(MethodView):
    @blp.doc(security=BEARER, parameters=[IF_NONE_MATCH])
    @blp.response(200, TournamentSchema, headers={"ETag": {"required": True, "schema": {"type": "string"}}})
    @blp.alt_response(304, description="Not modified: If-None-Match named the current ETag (no body)",
                      headers={"ETag": {"required": True, "schema": {"type": "string"}}})
    @problems(blp, 401, 404)
    def get(self, tournament_id: str) -> Any:
        """Read a tournament

        Its state, each pairing with its match (the current round's with the match's
        score), revision and next_seq; ``role`` says what the token may do.  ETag /
        If-None-Match (304)."""
        row, role, token = authenticate(tournament_id)
        return tagged(f"t-{row.id}-{row.revision}-{role}",
                      lambda: json_response(200, tournament_json(row, role, token)))


@blp.route("/<string:tournament_id>/entries")
class Entries(MethodView):
    @blp.doc(security=BEARER)
    @blp.response(200, TournamentEntriesSchema)
    @problems(blp, 401, 404)
    def get(self, tournament_id: str) -> Response:
        """List the entries

        The whole log in seq order: the organiser's entries and the results the
        tables' matches recorded (``source``)."""
        row, _, _ = authenticate(tournament_id)
        return json_response(200, {"entries": entries_json(row)})

    @blp.doc(security=BEARER, requestBody=ENTRY, parameters=[IDEMPOTENCY_KEY])
    @blp.response(201, TournamentEntryWrittenSchema)
    @problems(blp, 400, 401, 403, 404, 409, 413, 422, 503, special=STALE_ENTRY)
    def post(self, tournament_id: str) -> Response:
        """Record an entry

        Organiser only: a sale, a refund, a commit, a draw, a result by hand or a
        settled prize tie.  The seq must be the tournament's next_seq (else 409 with
        the current state); the engine checks it against R24 (422 with the rule)."""
        return write_entry(tournament_id, json_body())


@blp.route("/<string:tournament_id>/pairings/<int:number>/match")
class PairingMatch(MethodView):
    @blp.doc(security=BEARER, parameters=[NUMBER])
    @blp.response(201, PairingMatchSchema, headers={"Location": {"schema": {"type": "string"}}})
    @blp.alt_response(200, schema=PairingMatchSchema,
                      description="Opened before: the same match, tokens and links (nothing new is created)")
    @problems(blp, 400, 401, 403, 404, 409, 422, 503, special=TABLE_REFUSED)
    def post(self, tournament_id: str, number: int) -> Response:
        """Open a table's match

        Organiser only.  Opens the sixtysix match (tournament mode, two Bummerl) of the
        current round's pairing at table ``number``, its players in the pairing's order.
        Its tokens are derived from the organiser's, so asking again returns the same
        match and links (200).  Its finish records the pairing's result."""
        return open_match(tournament_id, number)


@blp.route("/<string:tournament_id>/pairings/<int:number>/qr.svg")
class PairingQr(MethodView):
    @blp.doc(security=BEARER, parameters=[NUMBER, BASE], responses={"200": {
        "description": "SVG QR code of the table's join URL", "content": {"image/svg+xml": {}}}})
    @problems(blp, 401, 403, 404, 409, 422)
    def get(self, tournament_id: str, number: int) -> Response:
        """QR code of a table's match

        Organiser only: the join link of the table's match, for its two phones (409
        until the match is opened)."""
        base = network.checked_base(request.args.get("base"))
        return qr_svg(table_join_url(tournament_id, number, base=base))


@blp.route("/<string:tournament_id>/qr.svg")
class BoardQr(MethodView):
    @blp.doc(security=BEARER, parameters=[BASE], responses={"200": {
        "description": "SVG QR code of the board's URL", "content": {"image/svg+xml": {}}}})
    @problems(blp, 401, 404, 422)
    def get(self, tournament_id: str) -> Response:
        """QR code of the board

        The board's view link (read only), with either token."""
        base = network.checked_base(request.args.get("base"))
        return qr_svg(board_url(tournament_id, base=base))


@blp.route("/<string:tournament_id>/events")
class Events(MethodView):
    @blp.doc(security=BEARER, parameters=[LAST_EVENT_ID, AFTER], responses={"200": {
        "description": "Server-sent events: `state` with the tournament as GET shows it (without role and "
                       "view_url) after every entry and every write to one of its matches (id: the revision), "
                       "`: keep-alive` every 15 s",
        "content": {"text/event-stream": {}}}})
    @problems(blp, 401, 404, 429, 503)
    def get(self, tournament_id: str) -> Response:
        """Follow the tournament live

        The current state first (unless Last-Event-ID is the current revision), then an
        event after every entry and every deal posted at one of its tables."""
        row, _, token = authenticate(tournament_id)
        return events.open_stream(stream_key(row.id), hash_token(token))


@blp.route("/<string:tournament_id>/export.csv")
class ExportCsv(MethodView):
    @blp.doc(security=BEARER, responses={"200": {
        "description": "CSV: one row per pairing of every round (round, table, left, right, bye, self, winner, "
                       "decided_by, match_id), an empty row, then the prizes (place, places, player)",
        "content": {"text/csv": {}}}})
    @problems(blp, 401, 404)
    def get(self, tournament_id: str) -> Response:
        """Export the pairings and prizes as CSV"""
        row, _, _ = authenticate(tournament_id)
        return Response(export_csv(row), mimetype="text/csv", headers={
            "Content-Disposition": f'attachment; filename="kreide-tournament-{row.id}.csv"'})

