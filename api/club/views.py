"""Clubs (API.md "Clubs"; RULES.md R36-R38)."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api import events, limits, network, retention
from api.auth import hash_token
from api.club import transfer
from api.club.access import authenticate
from api.club.reads import club_json, evenings_json, member_page_json, season_json, sources_json
from api.club.schemas import (
    ClubCreatedSchema,
    ClubCreateSchema,
    ClubDeleteSchema,
    ClubMatchCreatedSchema,
    ClubMatchCreateSchema,
    ClubPatchSchema,
    ClubSchema,
    EveningsSchema,
    MemberNameSchema,
    MemberPageSchema,
    MemberSchema,
    MergeSchema,
    SeasonSchema,
    SourcesSchema,
)
from api.club.summaries import stream_key
from api.club.tokens import ADMIN, VIEWER, club_url, members_token_of
from api.club.writes import (
    add_member,
    anonymise_member,
    change_club,
    create,
    delete_club,
    merge_member,
    rename_member,
    start_match,
)
from api.store import json_response
from api.views.common import BEARER, CREATE_IDEMPOTENCY_KEY, body_doc, json_body, problems, qr_svg, tagged
from api.views.matches import AFTER, BASE, IF_NONE_MATCH, LAST_EVENT_ID

blp = Blueprint("clubs", __name__, url_prefix="/api/clubs",
                description="Clubs: the same people evening after evening, their evenings, money and season")

MEMBER = {"in": "path", "name": "member", "required": True, "schema": {"type": "string"},
          "description": "A member's id"}
RANGE = [{"in": "query", "name": "from", "schema": {"type": "string", "format": "date"},
          "description": "The first evening counted (R36), inclusive"},
         {"in": "query", "name": "to", "schema": {"type": "string", "format": "date"},
          "description": "The last evening counted, inclusive"}]
GAME = {"in": "query", "name": "game", "schema": {"type": "string"}, "description": "Only this game"}


@blp.route("")
class Clubs(MethodView):
    @blp.doc(requestBody=body_doc(ClubCreateSchema), parameters=[CREATE_IDEMPOTENCY_KEY])
    @blp.response(201, ClubCreatedSchema, headers={"Location": {"required": True, "schema": {"type": "string"}}})
    @problems(blp, 400, 413, 422, 429, 503)
    def post(self) -> Response:
        """Create a club

        Its members (names), time zone (R36) and money rates (R37).  The answer carries
        the admin's, the members' and the viewers' tokens and links; limited per client
        address as match creations are (429)."""
        limits.creation()
        response = create(json_body())
        retention.maybe_purge()
        return response


@blp.route("/import")
class Import(MethodView):
    @blp.doc(requestBody={"required": True, "content": {"application/json": {"schema": {"type": "object"}}}},
             parameters=[CREATE_IDEMPOTENCY_KEY])
    @blp.response(201, ClubCreatedSchema, headers={"Location": {"required": True, "schema": {"type": "string"}}})
    @problems(blp, 400, 413, 422, 429, 503)
    def post(self) -> Response:
        """Import a club

        A file of ``GET /api/clubs/{id}/export.json``: a new club with new ids and tokens.
        Every match is replayed through the engine first; a file that does not replay is
        refused as a whole (422, naming the match and the entry)."""
        limits.creation()
        return transfer.import_club(json_body())


@blp.route("/<string:club_id>")
class ClubView(MethodView):
    @blp.doc(security=BEARER, parameters=[IF_NONE_MATCH])
    @blp.response(200, ClubSchema, headers={"ETag": {"required": True, "schema": {"type": "string"}}})
    @blp.alt_response(304, description="Not modified (no body)")
    @problems(blp, 401, 404)
    def get(self, club_id: str) -> Any:
        """Read a club

        Its members, its matches with their evenings (R36), its evenings, tonight's date
        and each game's season figures; ``access`` says what the token may do."""
        club, role, token = authenticate(club_id)
        return tagged(f"c-{club.id}-{club.revision}-{role}", lambda: json_response(200, club_json(club, role, token)))

    @blp.doc(security=BEARER, requestBody=body_doc(ClubDeleteSchema))
    @blp.response(204)
    @problems(blp, 400, 401, 403, 404, 422, 503)
    def delete(self, club_id: str) -> Response:
        """Delete a club

        Admin only, with ``{"confirm": its id}``: its members and its tables with their
        whole history, in one go (export it first).  The tables' links answer 410."""
        return delete_club(club_id, json_body())

    @blp.doc(security=BEARER, requestBody=body_doc(ClubPatchSchema))
    @blp.response(200, ClubSchema)
    @problems(blp, 400, 401, 403, 404, 422, 503)
    def patch(self, club_id: str) -> Response:
        """Change a club's name, time zone or money rates

        Admin only.  New rates apply to the tables started from then on; a table keeps
        the rates it was started with (its scorer may change them, as for any match)."""
        return change_club(club_id, json_body())


@blp.route("/<string:club_id>/members")
class Members(MethodView):
    @blp.doc(security=BEARER, requestBody=body_doc(MemberNameSchema))
    @blp.response(201, MemberSchema)
    @problems(blp, 400, 401, 403, 404, 422, 503)
    def post(self, club_id: str) -> Response:
        """Add a member

        With the members' or the admin's token; a name already taken in the club (in any
        case) is refused."""
        return add_member(club_id, json_body())


@blp.route("/<string:club_id>/members/<string:member>")
class MemberView(MethodView):
    @blp.doc(security=BEARER, parameters=[MEMBER, *RANGE])
    @blp.response(200, MemberPageSchema)
    @problems(blp, 401, 404, 422)
    def get(self, club_id: str, member: str) -> Response:
        """A member's page

        His figures per game (R38), head-to-head against each other member, and his
        money and results per evening (for charts)."""
        club, _, _ = authenticate(club_id)
        return json_response(200, member_page_json(club, member, request.args))

    @blp.doc(security=BEARER, parameters=[MEMBER], requestBody=body_doc(MemberNameSchema))
    @blp.response(200, MemberSchema)
    @problems(blp, 400, 401, 403, 404, 409, 422, 503)
    def patch(self, club_id: str, member: str) -> Response:
        """Rename a member

        Admin only.  His history follows him: every match he played names him anew."""
        return rename_member(club_id, member, json_body())


@blp.route("/<string:club_id>/members/<string:member>/anonymise")
class Anonymise(MethodView):
    @blp.doc(security=BEARER, parameters=[MEMBER])
    @blp.response(200, MemberSchema)
    @problems(blp, 400, 401, 403, 404, 409, 503)
    def post(self, club_id: str, member: str) -> Response:
        """Anonymise a member

        Admin only.  His name is replaced by a neutral one in every answer, page and
        export of the club and its matches; his figures stay."""
        json_body(optional=True)
        return anonymise_member(club_id, member)


@blp.route("/<string:club_id>/members/<string:member>/merge")
class Merge(MethodView):
    @blp.doc(security=BEARER, parameters=[MEMBER], requestBody=body_doc(MergeSchema))
    @blp.response(200, MemberSchema)
    @problems(blp, 400, 401, 403, 404, 409, 422, 503)
    def post(self, club_id: str, member: str) -> Response:
        """Merge two members

        Admin only.  The member becomes ``into``: every match and figure of his counts
        for the other.  Two members who sat at the same table are two people (409)."""
        return merge_member(club_id, member, json_body())


@blp.route("/<string:club_id>/matches")
class ClubMatches(MethodView):
    @blp.doc(security=BEARER, requestBody=body_doc(ClubMatchCreateSchema), parameters=[CREATE_IDEMPOTENCY_KEY])
    @blp.response(201, ClubMatchCreatedSchema, headers={"Location": {"schema": {"type": "string"}}})
    @problems(blp, 400, 401, 403, 404, 413, 422, 429, 503)
    def post(self, club_id: str) -> Response:
        """Start a table

        With the members' or the admin's token; the body of ``POST /api/matches`` whose
        players are members' names (a new name becomes a member: ``new_members``).  The
        table plays at the club's rates unless the body names others.  The club's
        members' token scores it too; its viewers' token watches it."""
        limits.creation()
        return start_match(club_id, json_body())


@blp.route("/<string:club_id>/evenings")
class Evenings(MethodView):
    @blp.doc(security=BEARER)
    @blp.response(200, EveningsSchema)
    @problems(blp, 401, 404)
    def get(self, club_id: str) -> Response:
        """The evenings and their settle-up

        Newest first (R36); each member's net, the kitty and the payments that settle
        the evening (R37)."""
        club, _, _ = authenticate(club_id)
        return json_response(200, evenings_json(club))


@blp.route("/<string:club_id>/season")
class Season(MethodView):
    @blp.doc(security=BEARER, parameters=[GAME, *RANGE])
    @blp.response(200, SeasonSchema)
    @problems(blp, 401, 404, 422)
    def get(self, club_id: str) -> Response:
        """The season's figures

        Per member and game the figures of R38, the money and the rating (shown once a
        member has five ranked results in the game)."""
        club, _, _ = authenticate(club_id)
        return json_response(200, season_json(club, request.args))


@blp.route("/<string:club_id>/sources")
class Sources(MethodView):
    @blp.doc(security=BEARER, parameters=[
        {"in": "query", "name": "member", "required": True, "schema": {"type": "string"}},
        {"in": "query", "name": "game", "required": True, "schema": {"type": "string"}},
        {"in": "query", "name": "figure", "required": True, "schema": {"type": "string"}}, *RANGE])
    @blp.response(200, SourcesSchema)
    @problems(blp, 401, 404, 422)
    def get(self, club_id: str) -> Response:
        """Where a figure came from

        Every match and entry that added to a member's figure, with what it added."""
        club, _, _ = authenticate(club_id)
        return json_response(200, sources_json(club, request.args))


@blp.route("/<string:club_id>/qr.svg")
class ClubQr(MethodView):
    @blp.doc(security=BEARER, parameters=[BASE], responses={"200": {
        "description": "SVG QR code: the members' link when asked by a member or the admin, the viewers' link "
                       "when asked by a viewer", "content": {"image/svg+xml": {}}}})
    @problems(blp, 401, 404, 422)
    def get(self, club_id: str) -> Response:
        """QR code of the club"""
        base = network.checked_base(request.args.get("base"))
        club, role, token = authenticate(club_id)
        if role == VIEWER:
            return qr_svg(club_url(club.id, token, base=base))
        return qr_svg(club_url(club.id, members_token_of(club.id, token, role), base=base))


@blp.route("/<string:club_id>/events")
class Events(MethodView):
    @blp.doc(security=BEARER, parameters=[LAST_EVENT_ID, AFTER], responses={"200": {
        "description": "Server-sent events: `state` with the club as GET shows it (without access) after every "
                       "change of the club and every write to one of its matches (id: the revision)",
        "content": {"text/event-stream": {}}}})
    @problems(blp, 401, 404, 429, 503)
    def get(self, club_id: str) -> Response:
        """Follow the club live (tonight's board)"""
        club, _, token = authenticate(club_id)
        return events.open_stream(stream_key(club.id), hash_token(token))


@blp.route("/<string:club_id>/export.json")
class Export(MethodView):
    @blp.doc(security=BEARER, responses={"200": {"description": "The whole club (format kreide-club)",
                                                 "content": {"application/json": {}}}})
    @problems(blp, 401, 403, 404)
    def get(self, club_id: str) -> Response:
        """Export the whole club

        Admin only: its members, rates and every match with its whole log (voided and
        replaced entries included) and rulings; ``POST /api/clubs/import`` takes it."""
        club, _, _ = authenticate(club_id, need=ADMIN)
        response = json_response(200, transfer.export_club(club))
        response.headers["Content-Disposition"] = f'attachment; filename="kreide-club-{club.id}.json"'
        return response
