"""What the tournament's API says that no rule says: its tokens, its names, its
addresses (the rules' sentences are the engine's, ``engine/tournament/sentences.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from api.errors import lang
from engine.i18n import Sentences, render

SENTENCES = Sentences("api.tournament", {
    "tournament_no_token": {
        "en": "This needs the tournament's token (Authorization: Bearer <token>).",
        "de": "Dafür braucht es den Schlüssel des Turniers (Authorization: Bearer <Schlüssel>).",
    },
    "tournament_read_only": {
        "en": "This token may only watch the tournament; only the organiser can enter anything.",
        "de": "Mit diesem Schlüssel kann man das Turnier nur ansehen; eintragen kann nur die Turnierleitung.",
    },
    "no_tournament": {
        "en": "There is no such tournament for this token.",
        "de": "Zu diesem Schlüssel gibt es kein solches Turnier.",
    },
    "tournament_name": {
        "en": "A tournament's name must be 1 to 60 characters without control characters.",
        "de": "Der Name eines Turniers hat 1 bis 60 Zeichen ohne Steuerzeichen.",
    },
    "tournament_name_blank": {
        "en": "A tournament's name needs something to read: spaces and invisible characters alone are not a name.",
        "de": "Der Name eines Turniers braucht etwas Lesbares: Leerzeichen und unsichtbare Zeichen allein sind "
              "kein Name.",
    },
    "tournament_name_invisible": {
        "en": "A tournament's name may not contain the invisible character {char}.",
        "de": "Der Name eines Turniers darf das unsichtbare Zeichen {char} nicht enthalten.",
    },
    "tournament_name_marks": {
        "en": "A tournament's name may carry at most {max} accents or marks on one letter, not {count}.",
        "de": "Der Name eines Turniers darf höchstens {max} Akzente oder Zeichen auf einem Buchstaben tragen, "
              "nicht {count}.",
    },
    "tournament_stale_seq": {
        "en": "Entry {seq} is not the next one: the next entry is number {next_seq}. "
              "The tournament has moved on; look at it first.",
        "de": "Eintrag {seq} ist nicht der nächste: als nächstes kommt Nummer {next_seq}. "
              "Im Turnier hat sich etwas getan; bitte erst nachsehen.",
    },
    "tournament_not_playing": {
        "en": "The tournament has not been drawn yet, so no table has a match.",
        "de": "Das Turnier ist noch nicht ausgelost, also hat noch kein Tisch eine Partie.",
    },
    "no_pairing": {
        "en": "There is no table {number} in the current round.",
        "de": "In der laufenden Runde gibt es keinen Tisch {number}.",
    },
    "pairing_no_match": {
        "en": "Table {number} has no match yet; open it first.",
        "de": "Tisch {number} hat noch keine Partie; bitte zuerst eröffnen.",
    },
    "match_in_tournament": {
        "en": "This match belongs to a tournament table and stays with the tournament; it cannot be deleted.",
        "de": "Diese Partie gehört zu einem Turniertisch und bleibt beim Turnier; sie kann nicht gelöscht werden.",
    },
})


def sentence(code: str, params: Mapping[str, Any]) -> str:
    """A sentence of the API's or the engine's tables in the client's language."""
    return render(code, lang(), dict(params))
