"""Messages a player reads, in English and German, keyed by a stable code.

The engine raises and explains with codes and parameters; this table turns them into
sentences.  The phone app gets both the code and the sentence, so it can show either.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGUAGES = ("en", "de")

MESSAGES: dict[str, dict[str, str]] = {
    # cards and notation
    "bad_card": {
        "en": "'{text}' is not a card: write suit then rank, e.g. HA, E10, GO, SU (or 'Eichel Ober').",
        "de": "'{text}' ist keine Karte: Farbe und Schlag, z. B. HA, E10, GO, SU (oder 'Eichel Ober').",
    },
    "bad_suit": {
        "en": "'{text}' is not a suit: H (hearts), S (bells), E (acorns) or G (leaves).",
        "de": "'{text}' ist keine Farbe: H (Herz), S (Schellen), E (Eichel) oder G (Grün/Laub).",
    },
    # match set-up
    "unknown_game": {
        "en": "There is no game '{game}'. Known games: {known}.",
        "de": "Ein Spiel '{game}' gibt es nicht. Bekannt: {known}.",
    },
    "game_not_available": {
        "en": "{game} is not available yet in this version of Kreide.",
        "de": "{game} gibt es in dieser Kreide-Version noch nicht.",
    },
    "player_count": {
        "en": "{game} is played by {allowed} players, not {count}.",
        "de": "{game} spielen {allowed} Spieler, nicht {count}.",
    },
    "player_name": {
        "en": "A player's name must be 1 to 24 characters without control characters.",
        "de": "Ein Spielername hat 1 bis 24 Zeichen ohne Steuerzeichen.",
    },
    "player_duplicate": {
        "en": "Two players are called '{name}'; names must be unique at the table.",
        "de": "Zwei Spieler heißen '{name}'; die Namen am Tisch müssen verschieden sein.",
    },
    "unknown_rule": {
        "en": "There is no house rule '{name}' for {game}. Known: {known}.",
        "de": "Eine Hausregel '{name}' gibt es bei {game} nicht. Bekannt: {known}.",
    },
    "bad_rule_value": {
        "en": "House rule '{name}' can be {allowed}, not '{value}'.",
        "de": "Die Hausregel '{name}' kann {allowed} sein, nicht '{value}'.",
    },
    # --- trick play -----------------------------------------------------------------------
    "trick_size": {
        "en": "Trick {trick} needs {expected} cards, one from each active player; it has {got}.",
        "de": "Stich {trick} braucht {expected} Karten, eine pro Mitspieler; er hat {got}.",
    },
    "card_twice": {
        "en": "{card} is played twice (again in trick {trick}).",
        "de": "{card} ist zweimal gespielt (nochmals in Stich {trick}).",
    },
    "card_not_held": {
        "en": "{player} does not hold {card}.",
        "de": "{player} hat {card} nicht.",
    },
    "must_follow": {
        "en": "Trick {trick}: {player} played {card} but holds the suit led and must follow.",
        "de": "Stich {trick}: {player} spielt {card}, hat aber die ausgespielte Farbe und muss bedienen.",
    },
    "must_win": {
        "en": "Trick {trick}: {player} played {card} but holds a higher card of the suit led and must win the trick.",
        "de": "Stich {trick}: {player} spielt {card}, hat aber eine höhere Karte der Farbe und muss stechen.",
    },
    "must_trump": {
        "en": "Trick {trick}: {player} played {card} but cannot follow and holds a trump, so must trump.",
        "de": "Stich {trick}: {player} spielt {card}, kann nicht bedienen, hat aber Trumpf und muss trumpfen.",
    },
    "must_overtrump": {
        "en": "Trick {trick}: {player} played {card} but holds a higher trump and must beat the trumps in the trick.",
        "de": "Stich {trick}: {player} spielt {card}, hat aber einen höheren Trumpf und muss übertrumpfen.",
    },
    "kamerun_lead": {
        "en": "Trick {trick}: {player} may not lead {card}: the suit led to the previous trick is barred while he holds another.",
        "de": "Stich {trick}: {player} darf {card} nicht ausspielen: die Farbe des vorigen Stichs ist gesperrt, solange er eine andere hat.",
    },
    "rufen_trump_lead": {
        "en": "Rufen: {player}'s first lead must be a trump.",
        "de": "Rufen: {player} muss zum ersten Stich Trumpf ausspielen.",
    },
    "called_card_lead": {
        "en": "Rufen: {player} holds the called {card} himself and must lead it.",
        "de": "Rufen: {player} hat die gerufene {card} selbst und muss sie ausspielen.",
    },
    "called_card_first_trick": {
        "en": "Rufen: {player} holds the called {card} and must play it to the first trick.",
        "de": "Rufen: {player} hat die gerufene {card} und muss sie im ersten Stich spielen.",
    },
    "exchange_not_on_lead": {
        "en": "The trump nine can be exchanged only by the player on lead.",
        "de": "Den Trumpf-Neuner tauscht nur, wer am Ausspielen ist.",
    },
    "exchange_without_trick": {
        "en": "The trump nine can be exchanged only after winning a trick.",
        "de": "Den Trumpf-Neuner tauscht nur, wer schon einen Stich hat.",
    },
    "exchange_stock_closed": {
        "en": "The trump nine can be exchanged only while the stock is open.",
        "de": "Den Trumpf-Neuner tauscht man nur, solange der Stock offen ist.",
    },
    "already_closed": {
        "en": "The stock is already closed.",
        "de": "Der Stock ist schon zugedreht.",
    },
    "close_not_on_lead": {
        "en": "Only the player on lead may close the stock.",
        "de": "Zudrehen darf nur, wer am Ausspielen ist.",
    },
    "close_stock_too_small": {
        "en": "The stock can be closed only while at least four cards remain in it.",
        "de": "Zudrehen geht nur, solange noch mindestens vier Karten im Stock liegen.",
    },
    # the referee's answer to "may I play this card?"
    "play_legal": {"en": "{card} may be played.", "de": "{card} darf gespielt werden."},
    "play_card_not_held": {"en": "{card} is not in your hand.", "de": "{card} ist nicht in deiner Hand."},
    "play_must_follow": {
        "en": "You hold the suit led ({led}) and must follow it.",
        "de": "Du hast die ausgespielte Farbe ({led}) und musst bedienen.",
    },
    "play_must_win": {
        "en": "You hold a higher card of the suit led ({led}) and must win the trick with it.",
        "de": "Du hast eine höhere Karte der ausgespielten Farbe ({led}) und musst stechen.",
    },
    "play_must_trump": {
        "en": "You cannot follow {led} but hold a trump, so you must trump.",
        "de": "Du kannst {led} nicht bedienen, hast aber Trumpf und musst trumpfen.",
    },
    "play_must_overtrump": {
        "en": "You hold a higher trump and must beat the trump in the trick.",
        "de": "Du hast einen höheren Trumpf und musst übertrumpfen.",
    },
    "play_kamerun_lead": {
        "en": "In Kamerun you may not lead {previous}, the suit led to the previous trick, while you hold another suit.",
        "de": "Im Kamerun darfst du {previous}, die Farbe des vorigen Stichs, nicht ausspielen, solange du eine andere hast.",
    },
    "play_called_card_lead": {
        "en": "You hold the called card {called} yourself and must lead it.",
        "de": "Du hast die gerufene {called} selbst und musst sie ausspielen.",
    },
    "play_called_card_first_trick": {
        "en": "You hold the called card {called} and must play it to the first trick.",
        "de": "Du hast die gerufene {called} und musst sie im ersten Stich spielen.",
    },
    "play_rufen_trump_lead": {
        "en": "The first lead in Rufen must be a trump.",
        "de": "Beim Rufen muss zum ersten Stich Trumpf ausgespielt werden.",
    },
    "unknown_subgame": {
        "en": "There is no sub-game '{name}'. Known: {known}.",
        "de": "Ein Spiel '{name}' gibt es nicht. Bekannt: {known}.",
    },
    "kamerun_no_trump": {"en": "Kamerun has no trump.", "de": "Im Kamerun gibt es keinen Trumpf."},
    "kamerun_no_marriages": {"en": "Kamerun has no marriages.", "de": "Im Kamerun gibt es keine Ansagen."},
    "rufen_trump_is_called_suit": {
        "en": "In Rufen the suit of the called card is trumps.",
        "de": "Beim Rufen ist die Farbe der gerufenen Karte Trumpf.",
    },
    "card_twice_given": {
        "en": "{card} is given twice (a card is either in the hand or in the trick).",
        "de": "{card} ist doppelt angegeben (eine Karte ist entweder in der Hand oder im Stich).",
    },
    "referee_players": {
        "en": "Name the two to four active players, each once, in clockwise order.",
        "de": "Bitte die zwei bis vier Mitspieler je einmal im Uhrzeigersinn nennen.",
    },
    "unknown_player": {
        "en": "'{name}' is not a player of this match.",
        "de": "'{name}' spielt in dieser Partie nicht mit.",
    },
}


def render(code: str, lang: str, params: Mapping[str, Any]) -> str:
    """The message for ``code`` in ``lang`` with ``params`` filled in."""
    texts = MESSAGES.get(code)
    if texts is None:
        return code
    template = texts.get(lang) or texts["en"]
    values = {k: _show(v) for k, v in params.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError):
        return template


def both(code: str, params: Mapping[str, Any]) -> dict[str, str]:
    """The message in every language: ``{"en": ..., "de": ...}``."""
    return {lang: render(code, lang, params) for lang in LANGUAGES}


def _show(value: Any) -> str:
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(_show(v) for v in value)
    return str(value)
