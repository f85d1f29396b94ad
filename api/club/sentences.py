"""What the club's API says that no rule says: its tokens, its members, its imports (the
rules' sentences are the engine's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from api.errors import lang
from engine.i18n import Sentences, render

SENTENCES = Sentences("api.club", {
    "club_no_token": {
        "en": "This needs one of the club's tokens (Authorization: Bearer <token>).",
        "de": "Dafür braucht es einen Schlüssel des Stammtischs (Authorization: Bearer <Schlüssel>).",
    },
    "club_read_only": {
        "en": "This token may only watch the club; entering needs the members' link.",
        "de": "Mit diesem Schlüssel kann man den Stammtisch nur ansehen; eintragen geht mit dem Link für die "
              "Mitglieder.",
    },
    "club_admin_only": {
        "en": "Only the club's admin may do this (renaming, merging and anonymising members, rates, import).",
        "de": "Das darf nur die Verwaltung des Stammtischs (Mitglieder umbenennen, zusammenlegen und "
              "anonymisieren, Sätze, Import).",
    },
    "no_club": {
        "en": "There is no such club for this token.",
        "de": "Zu diesem Schlüssel gibt es keinen solchen Stammtisch.",
    },
    "no_member": {
        "en": "The club has no member '{member}'.",
        "de": "Der Stammtisch hat kein Mitglied '{member}'.",
    },
    "club_name": {
        "en": "A club's name must be 1 to 60 characters without control characters.",
        "de": "Der Name eines Stammtischs hat 1 bis 60 Zeichen ohne Steuerzeichen.",
    },
    "club_name_blank": {
        "en": "A club's name needs something to read: spaces and invisible characters alone are not a name.",
        "de": "Der Name eines Stammtischs braucht etwas Lesbares: Leerzeichen und unsichtbare Zeichen allein sind "
              "kein Name.",
    },
    "club_name_invisible": {
        "en": "A club's name may not contain the invisible character {char}.",
        "de": "Der Name eines Stammtischs darf das unsichtbare Zeichen {char} nicht enthalten.",
    },
    "club_name_marks": {
        "en": "A club's name may carry at most {max} accents or marks on one letter, not {count}.",
        "de": "Der Name eines Stammtischs darf höchstens {max} Akzente oder Zeichen auf einem Buchstaben tragen, "
              "nicht {count}.",
    },
    "member_exists": {
        "en": "The club already has a member called '{name}'.",
        "de": "Im Stammtisch heißt schon jemand '{name}'.",
    },
    "member_twice": {
        "en": "'{name}' is named twice.",
        "de": "'{name}' steht zweimal da.",
    },
    "members_too_many": {
        "en": "A club has at most {most} members.",
        "de": "Ein Stammtisch hat höchstens {most} Mitglieder.",
    },
    "merge_self": {
        "en": "A member cannot be merged into himself.",
        "de": "Ein Mitglied kann nicht mit sich selbst zusammengelegt werden.",
    },
    "merge_same_table": {
        "en": "{member} and {into} sat at the same table (match {match}): they are two people.",
        "de": "{member} und {into} saßen am selben Tisch (Partie {match}): das sind zwei Leute.",
    },
    "bad_timezone": {
        "en": "'{value}' is not a time zone; give one like Europe/Berlin or Europe/Vienna.",
        "de": "'{value}' ist keine Zeitzone; bitte etwa Europe/Berlin oder Europe/Vienna angeben.",
    },
    "range_backwards": {
        "en": "The range ends ({to}) before it begins ({since}).",
        "de": "Der Zeitraum endet ({to}), bevor er beginnt ({since}).",
    },
    "bad_date": {
        "en": "'{value}' is not a date; give one as 2026-12-02.",
        "de": "'{value}' ist kein Datum; bitte wie 2026-12-02 angeben.",
    },
    "unknown_figure": {
        "en": "{game} counts no figure '{figure}'. Known: {known}.",
        "de": "{game} zählt keine Zahl '{figure}'. Bekannt: {known}.",
    },
    "match_in_club": {
        "en": "This match belongs to a club and its figures rest on it; it cannot be deleted.",
        "de": "Diese Partie gehört zu einem Stammtisch, dessen Zahlen auf ihr beruhen; sie kann nicht gelöscht "
              "werden.",
    },
    "not_an_export": {
        "en": "This is not a Kreide club export (format 'kreide-club', version {version}).",
        "de": "Das ist kein Kreide-Export eines Stammtischs (Format 'kreide-club', Version {version}).",
    },
    "import_does_not_replay": {
        "en": "Match {match} (number {number} in the file) does not replay at entry {seq}: {reason}",
        "de": "Partie {match} (Nummer {number} in der Datei) lässt sich bei Eintrag {seq} nicht nachspielen: "
              "{reason}",
    },
    "import_bad_match": {
        "en": "Match {match} (number {number} in the file) is not as an export writes it: {reason}",
        "de": "Partie {match} (Nummer {number} in der Datei) ist nicht so, wie ein Export sie schreibt: {reason}",
    },
    "unknown_game_club": {
        "en": "There is no game '{game}' with season figures.",
        "de": "Ein Spiel '{game}' mit Saisonzahlen gibt es nicht.",
    },
    "anonymous": {"en": "Anonymous {number}", "de": "Anonym {number}"},
})


def sentence(code: str, params: Mapping[str, Any]) -> str:
    """A sentence of the API's or the engine's tables in the client's language."""
    return render(code, lang(), dict(params))
