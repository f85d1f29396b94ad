"""One error shape for every error: problem JSON (RFC 9457).

``{"type", "title", "status", "detail", "code", "rule"?, "errors"?}`` with
``Content-Type: application/problem+json``.  ``detail`` speaks the language the client
prefers (``Accept-Language``: German if it prefers ``de``, else English).  Rule
violations from the engine, schema errors, our own refusals (:class:`Problem`) and
Flask's own 400/404/405/413 all end here, and so do a database that cannot serve (503,
:mod:`api.outage`) and anything unexpected (500).
"""

from __future__ import annotations

import http
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import marshmallow as ma
from flask import Response, current_app, has_request_context, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException, InternalServerError

from engine.errors import RuleViolation
from engine.i18n import LANGUAGES, Sentences, render, template

PROBLEM_JSON = "application/problem+json"

#: The API's own refusals, in the engine's one sentence mechanism (:mod:`engine.i18n`); a room
#: of the API (a package of its own) keeps its refusals in its own table.
SENTENCES = Sentences("api", {
    "referee_no_question": {
        "en": "'{question}' is a question for {owners}, not for the referee of {game}, which answers: {known}.",
        "de": "'{question}' ist eine Frage an {owners}, nicht an den Schiedsrichter von {game}; der beantwortet: "
              "{known}.",
    },
    "bad_request": {
        "en": "The request could not be understood.",
        "de": "Die Anfrage ist unverständlich.",
    },
    "not_json": {
        "en": "The request body must be JSON (Content-Type: application/json).",
        "de": "Der Inhalt der Anfrage muss JSON sein (Content-Type: application/json).",
    },
    "duplicate_key": {
        "en": "The field '{key}' is given twice in one object; each field may appear only once.",
        "de": "Das Feld '{key}' steht zweimal im selben Objekt; jedes Feld darf nur einmal vorkommen.",
    },
    "invalid_fields": {
        "en": "Some fields are not right: {fields}.",
        "de": "Einige Felder stimmen nicht: {fields}.",
    },
    "no_token": {
        "en": "This needs the match's token (Authorization: Bearer <token>).",
        "de": "Dafür braucht es den Schlüssel der Partie (Authorization: Bearer <Schlüssel>).",
    },
    "bad_token": {
        "en": "This token is not valid.",
        "de": "Dieser Schlüssel ist ungültig.",
    },
    "read_only": {
        "en": "This token may only watch the match; ask the table for the scorer's QR code.",
        "de": "Mit diesem Schlüssel darf man nur zuschauen; den QR-Code zum Anschreiben gibt es am Tisch.",
    },
    "no_match": {
        "en": "There is no such match for this token.",
        "de": "Zu diesem Schlüssel gibt es keine solche Partie.",
    },
    "no_hand": {
        "en": "Hand {seq} has not been recorded in this match.",
        "de": "Ein Spiel Nummer {seq} ist in dieser Partie nicht angeschrieben.",
    },
    "hand_voided": {
        "en": "Hand {seq} has already been struck out.",
        "de": "Spiel {seq} ist schon gestrichen.",
    },
    "not_found": {
        "en": "There is nothing at this address.",
        "de": "Unter dieser Adresse gibt es nichts.",
    },
    "method_not_allowed": {
        "en": "This address does not accept {method}.",
        "de": "Diese Adresse nimmt kein {method} an.",
    },
    "too_large": {
        "en": "The request is too large.",
        "de": "Die Anfrage ist zu groß.",
    },
    "stale_seq": {
        "en": "Hand {seq} is not the next one: the next hand is number {next_seq}. "
              "Someone else has entered a hand; look at the slate first.",
        "de": "Spiel {seq} ist nicht das nächste: als nächstes kommt Nummer {next_seq}. "
              "Jemand anderes hat schon angeschrieben; erst die Tafel ansehen.",
    },
    "seq_mismatch": {
        "en": "The entry says hand {given}, but it replaces hand {seq}.",
        "de": "Der Eintrag nennt Spiel {given}, ersetzt aber Spiel {seq}.",
    },
    "replay_conflict": {
        "en": "Not changed: hand {seq} would no longer fit: {reason}",
        "de": "Nicht geändert: Spiel {seq} passte dann nicht mehr: {reason}",
    },
    "idempotency_key_reused": {
        "en": "This Idempotency-Key was already used for a different request.",
        "de": "Dieser Idempotency-Key wurde schon für eine andere Anfrage benutzt.",
    },
    "idempotency_key_invalid": {
        "en": "An Idempotency-Key must be 1 to 100 characters.",
        "de": "Ein Idempotency-Key hat 1 bis 100 Zeichen.",
    },
    "idempotency_key_short": {
        "en": "A new match needs an Idempotency-Key that cannot be guessed: a random key of at least 128 bits "
              "(22 or more characters of base64url).",
        "de": "Eine neue Partie braucht einen Idempotency-Key, den niemand erraten kann: einen Zufallsschlüssel "
              "mit mindestens 128 Bit (22 oder mehr Zeichen base64url).",
    },
    "rate_limited": {
        "en": "Too many requests from your address; please try again in {wait} {wait:second|seconds}.",
        "de": "Zu viele Anfragen von deiner Adresse; bitte in {wait} {wait:Sekunde|Sekunden} noch einmal versuchen.",
    },
    "delete_unconfirmed": {
        "en": "To delete a match, confirm it with its id ({match_id}) in \"confirm\".",
        "de": "Zum Löschen einer Partie muss \"confirm\" ihre Kennung ({match_id}) tragen.",
    },
    "export_stale": {
        "en": "The match has changed since your export (revision {exported}, now {revision}); "
              "export it again before deleting it.",
        "de": "Die Partie hat sich seit deinem Export geändert (Stand {exported}, jetzt {revision}); "
              "erst noch einmal exportieren, dann löschen.",
    },
    "match_deleted": {
        "en": "This match was deleted by its scorer.",
        "de": "Diese Partie wurde von ihrem Schreiber gelöscht.",
    },
    "too_many_streams": {
        "en": "Too many live connections to this server; please try again shortly.",
        "de": "Zu viele Live-Verbindungen zu diesem Server; bitte gleich noch einmal versuchen.",
    },
    "streams_per_token": {
        "en": "This link already follows the match live on {limit} {limit:phone|phones} at once; close it on one of them first.",
        "de": "Mit diesem Link wird die Partie schon auf {limit} {limit:Handy|Handys} gleichzeitig live verfolgt; bitte erst auf einem davon schließen.",
    },
    "streams_per_address": {
        "en": "Your network already has {limit} live {limit:connection|connections} to this server; please try again shortly.",
        "de": "Aus Ihrem Netz {limit:besteht|bestehen} schon {limit} {limit:Live-Verbindung|Live-Verbindungen} zu diesem Server; bitte gleich noch einmal versuchen.",
    },
    "shutting_down": {
        "en": "The server is restarting; please connect again.",
        "de": "Der Server startet neu; bitte neu verbinden.",
    },
    "ruling_game_mismatch": {
        "en": "This match is a game of {game}; the referee can only be asked about {game} here.",
        "de": "Diese Partie ist {game}; hier kann der Schiedsrichter nur zu {game} gefragt werden.",
    },
    "busy": {
        "en": "The server is busy; please try again.",
        "de": "Der Server ist ausgelastet; bitte noch einmal versuchen.",
    },
    "database_unavailable": {
        "en": "The server cannot reach its database just now; nothing was recorded. Please try again in a few seconds.",
        "de": "Der Server erreicht seine Datenbank gerade nicht; es wurde nichts angeschrieben. Bitte in ein paar Sekunden noch einmal versuchen.",
    },
    "not_ready": {
        "en": "This server is not ready: {down} {down:is|are} not available.",
        "de": "Dieser Server ist nicht bereit: {down} {down:ist|sind} nicht verfügbar.",
    },
    "term_database": {
        "en": "the database",
        "de": "die Datenbank",
    },
    "term_database_writes": {
        "en": "writing to the database (it is read-only)",
        "de": "das Schreiben in die Datenbank (sie ist nur lesbar)",
    },
    "term_database_schema": {
        "en": "a database schema as new as this server's code (the migrations have not run yet)",
        "de": "ein Datenbankschema so neu wie der Code dieses Servers (die Migrationen sind noch nicht gelaufen)",
    },
    "term_rate_limits": {
        "en": "the shared store of the rate limits (Redis)",
        "de": "der gemeinsame Speicher der Zugriffsgrenzen (Redis)",
    },
    "internal": {
        "en": "Something went wrong on the server; nothing was recorded.",
        "de": "Auf dem Server ist etwas schiefgegangen; es wurde nichts angeschrieben.",
    },
    "fields_wrong": {
        "en": "{count} {count:field is|fields are} not right.",
        "de": "{count} {count:Feld stimmt|Felder stimmen} nicht.",
    },
})

#: Codes whose ``type`` is plain HTTP (``about:blank``); the others name their problem.
_PLAIN = {"bad_request", "not_json", "not_found", "method_not_allowed", "too_large", "internal"}


def lang() -> str:
    """``de`` when the client's most preferred language we speak is German, else ``en``."""
    if not has_request_context():
        return "en"
    for value, _quality in request.accept_languages:
        primary = value.replace("_", "-").split("-")[0].lower()
        if primary in LANGUAGES:
            return primary
    return "en"


def message(code: str, **params: Any) -> str:
    """The sentence ``code`` in the client's language, from whichever table holds it (the
    API's, a room's own, or the engine's)."""
    return render(code if template(code, "en") is not None else "internal", lang(), params)


class Problem(Exception):
    """A refusal of ours, raised anywhere below a view and turned into problem JSON."""

    def __init__(
        self,
        status: int,
        code: str,
        *,
        detail: str | None = None,
        rule: str | None = None,
        errors: Mapping[str, str] | None = None,
        extra: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
        **params: Any,
    ) -> None:
        self.status = status
        self.code = code
        self.rule = rule
        self.errors = dict(errors) if errors else None
        self.extra = dict(extra or {})
        self.headers = dict(headers or {})
        self.detail = detail if detail is not None else message(code, **params)
        super().__init__(f"{status} {code}")

    @classmethod
    def from_violation(cls, violation: RuleViolation, *, status: int = 422, **extra: Any) -> Problem:
        """A rule the engine enforced; ``errors`` names every field it concerns (several
        independent mistakes of one entry are refused together)."""
        language = lang()
        errors: dict[str, str] = {}
        for each in violation.violations:
            if each.field:
                text = each.message(language)
                errors[each.field] = f"{errors[each.field]} {text}" if each.field in errors else text
        return cls(status, violation.code, detail=violation.message(language), rule=violation.rule,
                   errors=errors or None, extra=extra)

    @classmethod
    def from_validation(cls, error: ma.ValidationError) -> Problem:
        """A schema error; ``errors`` maps field paths (``melds.0.suit``) to messages."""
        errors = flatten_messages(error.messages)
        return cls(422, "invalid_fields", errors=errors, fields=", ".join(errors))

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "type": "about:blank" if self.code in _PLAIN else f"urn:kreide:problem:{self.code}",
            "title": http.HTTPStatus(self.status).phrase,
            "status": self.status,
            "detail": self.detail,
            "code": self.code,
        }
        if self.rule:
            body["rule"] = self.rule
        if self.errors:
            body["errors"] = self.errors
        body.update(self.extra)
        return body

    def response(self) -> Response:
        body = self.to_json()
        try:
            data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        except UnicodeEncodeError:  # half a surrogate pair echoed from the request (a field name): escaped
            data = json.dumps(body, separators=(",", ":")).encode("ascii")
        return Response(data, self.status, headers=self.headers, mimetype=PROBLEM_JSON)


def flatten_messages(messages: Any, prefix: str = "") -> dict[str, str]:
    """marshmallow's nested messages as ``{"points.Anna": "Not a valid integer."}``."""
    if isinstance(messages, Mapping):
        flat: dict[str, str] = {}
        wrapped = set(map(str, messages)) <= {"key", "value"}
        for key, value in messages.items():
            step = "" if key == "_schema" or (wrapped and prefix) else str(key)
            path = ".".join(p for p in (prefix, step) if p)
            flat.update(flatten_messages(value, path))
        return flat
    if isinstance(messages, (list, tuple)):
        if all(isinstance(m, str) for m in messages):
            return {prefix or "body": " ".join(messages)}
        flat = {}
        for value in messages:
            flat.update(flatten_messages(value, prefix))
        return flat
    return {prefix or "body": str(messages)}


_HTTP_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 413: "too_large"}


class ProblemSchema(ma.Schema):
    """Every error answer (documentation only; :class:`Problem` builds them)."""

    type = ma.fields.String(required=True, metadata={"description": "URI naming the problem, or about:blank"})
    title = ma.fields.String(required=True, metadata={"description": "HTTP status phrase"})
    status = ma.fields.Integer(required=True)
    detail = ma.fields.String(required=True, metadata={"description": "Explanation in the Accept-Language (en/de)"})
    code = ma.fields.String(required=True, metadata={"description": "Stable code the app can translate"})
    rule = ma.fields.String(metadata={"description": "R- or T-number of RULES.md that was broken"})
    errors = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(),
                            metadata={"description": "Field path -> message"})


#: The OpenAPI documents built in this process, by what each is built from (:meth:`ProblemApi.document`).
_DOCUMENTS: dict[str, Any] = {}


class ProblemApi(Api):
    """flask-smorest's ``Api`` with every error in problem JSON, and its OpenAPI document built
    once per process for what it is built from (:meth:`document`)."""

    ERROR_SCHEMA = ProblemSchema

    def document(self, source: object, components: Callable[[], None], blueprints: Sequence[Any]) -> None:
        """Register ``blueprints`` on the app, with the document's ``components`` (what their
        views refer to). Building the document walks every schema of every game (some 0.1 s);
        an app made later in the same process from the same settings and ``source`` (the rest
        of what the document depends on: the games plugged in) shares the document built first
        and registers the blueprints alone, as flask-smorest does (the test suite makes
        thousands of apps)."""
        settings = {key: value for key, value in self._app.config.items() if key.startswith(("API_", "OPENAPI_"))}
        key = json.dumps([settings, repr(source)], sort_keys=True, default=repr)
        built = _DOCUMENTS.get(key)
        if built is None:
            components()
            for blueprint in blueprints:
                self.register_blueprint(blueprint)
            _DOCUMENTS[key] = self.spec  # type: ignore[has-type]  # flask-smorest is untyped
            return
        self.spec = built
        for blueprint in blueprints:
            self._app.extensions["flask-smorest"]["blp_name_to_api"][blueprint.name] = self
            self._app.register_blueprint(blueprint)

    def _register_error_handlers(self) -> None:
        app = self._app
        app.register_error_handler(HTTPException, self.handle_http_exception)
        app.register_error_handler(Problem, lambda problem: problem.response())
        app.register_error_handler(RuleViolation, lambda rv: Problem.from_violation(rv).response())
        app.register_error_handler(ma.ValidationError, lambda err: Problem.from_validation(err).response())
        app.register_error_handler(Exception, unexpected)

    def handle_http_exception(self, error: HTTPException) -> Response:  # type: ignore[override]
        status = error.code or 500
        if status >= 500:
            return unexpected(error)
        data = getattr(error, "data", None) or {}
        if "messages" in data or "errors" in data:  # webargs / smorest abort(422, messages=...)
            messages = data.get("errors") or data.get("messages")
            errors = flatten_messages(messages)
            problem = Problem(status, "invalid_fields", errors=errors, fields=", ".join(errors))
        else:
            code = _HTTP_CODES.get(status, "bad_request")
            problem = Problem(status, code, method=request.method if has_request_context() else "")
        response = problem.response()
        for name, value in error.get_headers():
            if name.lower() != "content-type":
                response.headers[name] = value
        return response


def unexpected(error: BaseException) -> Response:
    """A bug (and anything else that is not an outage of the database, :mod:`api.outage`): logged with its traceback (never the request's headers), answered as 500."""
    original = getattr(error, "original_exception", None) or error
    if not isinstance(original, InternalServerError):
        current_app.logger.error("unexpected error", exc_info=original)
    return Problem(500, "internal").response()
