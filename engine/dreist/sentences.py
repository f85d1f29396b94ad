"""What DREIst! says, in English and German: the laying clauses of the referee (R35), Egon,
the checks of a series or solo entry and the notes of a game (R33, R34).  Codes start with
``dreist_``; DREIer, DREIste Geschenk and Egon stay as the rulebook names them."""

from __future__ import annotations

from engine.i18n import Sentences

NAMES = Sentences("dreist.names", {
    "game_dreist": {"en": "DREIst!", "de": "DREIst!"},
    "term_dreist_rating_okay": {"en": "okay", "de": "okay"},
    "term_dreist_rating_decent": {"en": "decent", "de": "ordentlich"},
    "term_dreist_rating_good": {"en": "good", "de": "gut"},
    "term_dreist_rating_very_good": {"en": "very good", "de": "sehr gut"},
    "term_dreist_rating_great": {"en": "great", "de": "großartig"},
    "term_dreist_rating_sensational": {"en": "sensational", "de": "sensationell"},
}, shared=True)

SENTENCES = Sentences("dreist", {
    # --- the laying referee (R35) ---------------------------------------------------------
    "dreist_legal": {
        "en": "{n:The card|All {n} cards} may be laid.",
        "de": "{n:Die Karte darf|Alle {n} Karten dürfen} gelegt werden.",
    },
    "dreist_legal_none": {"en": "Nothing was laid.", "de": "Es wurde nichts gelegt."},
    "dreist_draws": {
        "en": "{draws} {draws:DREIer|DREIers}: {draws} {draws:card|cards} to draw.",
        "de": "{draws} DREIer: {draws} {draws:Karte|Karten} nachziehen.",
    },
    "dreist_no_draws": {"en": "No DREIer, nothing to draw.", "de": "Kein DREIer, nichts nachzuziehen."},
    "dreist_clause_occupied": {
        "en": "Row {row}: a card lies there already, so {card} cannot go there.",
        "de": "Reihe {row}: dort liegt schon eine Karte, {card} kann nicht dorthin.",
    },
    "dreist_clause_colour": {
        "en": "Row {row}: {card} would lie right beside another colour.",
        "de": "Reihe {row}: {card} läge direkt neben einer anderen Farbe.",
    },
    "dreist_clause_single": {
        "en": "Row {row}: {card} is laid alone, and a single card may only be attached next to or below a number "
              "card; it touches none there.",
        "de": "Reihe {row}: {card} wird einzeln gelegt, und eine einzelne Karte darf nur neben oder unter einer "
              "Zahlenkarte angelegt werden; dort berührt sie keine.",
    },
    "dreist_clause_together": {
        "en": "Row {row}: {card} does not touch the cards laid with it; cards laid together form a chain.",
        "de": "Reihe {row}: {card} berührt die mit ihr gelegten Karten nicht; zusammen gelegte Karten bilden eine "
              "Kette.",
    },
    "dreist_clause_connection": {
        "en": "Row {row}: {card} would have no connection to the base cards.",
        "de": "Reihe {row}: {card} hätte keine Verbindung zu den Grundkarten.",
    },
    "dreist_not_in_hand": {
        "en": "These cards are laid but not in the hand: {cards}.",
        "de": "Diese Karten werden gelegt, sind aber nicht auf der Hand: {cards}.",
    },
    "dreist_egon_done": {
        "en": "Egon laid {n} {n:card|cards}; his turn is over.",
        "de": "Egon hat {n} {n:Karte|Karten} gelegt; sein Zug ist vorbei.",
    },
    "dreist_egon_more": {
        "en": "Egon has laid {n} {n:card|cards} so far: turn over more cards for him.",
        "de": "Egon hat bisher {n} {n:Karte|Karten} gelegt: für ihn weitere Karten aufdecken.",
    },
    # --- a display that cannot occur (422) ------------------------------------------------
    "dreist_display_row": {
        "en": "Row {row} must be eight characters: R, Y, T, V or a dot for an empty place.",
        "de": "Reihe {row} braucht acht Zeichen: R, Y, T, V oder einen Punkt für einen leeren Platz.",
    },
    "dreist_display_rows": {
        "en": "A display has at most {most} rows.",
        "de": "Eine Auslage hat höchstens {most} Reihen.",
    },
    "dreist_display_colours": {
        "en": "Row {row}: two colours lie side by side (columns {number} and {right}), which never happens.",
        "de": "Reihe {row}: zwei Farben liegen direkt nebeneinander (Spalten {number} und {right}), das gibt es nicht.",
    },
    "dreist_display_column": {
        "en": "Column {number} holds three colours: it would have been cleared (a column-DREIer).",
        "de": "Spalte {number} hat drei Farben: sie wäre abgeräumt worden (Spalten-DREIer).",
    },
    "dreist_display_loose": {
        "en": "The card in row {row}, column {number} has no connection to the base cards.",
        "de": "Die Karte in Reihe {row}, Spalte {number} hat keine Verbindung zu den Grundkarten.",
    },
    "dreist_too_many": {
        "en": "Each card exists three times, but here there are {copies}: {card}.",
        "de": "Jede Karte gibt es dreimal, hier sind es aber {copies}: {card}.",
    },
    # --- series and solo (R33, R34) --------------------------------------------------------
    "dreist_solo_one": {
        "en": "The solo against Egon is played by one player, not {count}.",
        "de": "Das Solo gegen Egon spielt ein Spieler, nicht {count}.",
    },
    "dreist_series_players": {
        "en": "A series is played by two to five players.",
        "de": "Eine Serie spielen zwei bis fünf Spieler.",
    },
    "dreist_finished": {
        "en": "This match is over: no further game can be entered.",
        "de": "Diese Partie ist vorbei: es kann kein weiteres Spiel eingetragen werden.",
    },
    "dreist_field_mode": {
        "en": "This field belongs to the other mode (a series enters cards left, a solo who won).",
        "de": "Diese Angabe gehört zur anderen Spielweise (Serie: übrige Karten, Solo: wer gewonnen hat).",
    },
    "dreist_remaining_required": {
        "en": "How many cards did each player have left?",
        "de": "Wie viele Karten hatte jeder noch?",
    },
    "dreist_remaining_missing": {
        "en": "How many cards did {player} have left (hand and pile)?",
        "de": "Wie viele Karten hatte {player} noch (Hand und Stapel)?",
    },
    "dreist_remaining_range": {
        "en": "{player} can have 0 to {most} cards left.",
        "de": "{player} kann 0 bis {most} Karten übrig haben.",
    },
    "dreist_remaining_sum": {
        "en": "Together that is {total} cards, but only {most} are in play.",
        "de": "Zusammen sind das {total} Karten, im Spiel sind aber nur {most}.",
    },
    "dreist_one_finisher": {
        "en": "A game ends as soon as one player has no card left: {players} cannot be at 0 together.",
        "de": "Ein Spiel endet, sobald ein Spieler keine Karte mehr hat: {players} können nicht zugleich bei 0 sein.",
    },
    "dreist_no_finisher": {
        "en": "Nobody is at 0: a game ends when one player has no card left. Enter a game stopped early as abandoned.",
        "de": "Niemand ist bei 0: ein Spiel endet, wenn ein Spieler keine Karte mehr hat. Ein vorzeitig beendetes "
              "Spiel als abgebrochen eintragen.",
    },
    "dreist_abandoned_finisher": {
        "en": "An abandoned game has nobody at 0, but {players} {players:has|have} no card left.",
        "de": "Ein abgebrochenes Spiel hat niemanden bei 0, {players} {players:hat|haben} aber keine Karte mehr.",
    },
    "dreist_won_required": {
        "en": "Did you beat Egon in this game?",
        "de": "Hast du Egon in diesem Spiel geschlagen?",
    },
    "dreist_finisher": {
        "en": "Game {number}: {player} got rid of every card.",
        "de": "Spiel {number}: {player} ist alle Karten losgeworden.",
    },
    "dreist_abandoned": {
        "en": "Game {number} was abandoned: everyone notes the cards left.",
        "de": "Spiel {number} wurde abgebrochen: jeder notiert seine übrigen Karten.",
    },
    "dreist_series_won": {
        "en": "The series is over: {players} {players:wins|win} with {total} {total:card|cards}.",
        "de": "Die Serie ist vorbei: {players} {players:gewinnt|gewinnen} mit {total} {total:Karte|Karten}.",
    },
    "dreist_solo_won": {
        "en": "Game {number}: {cards} cards against Egon's {egon}, and Egon is beaten.",
        "de": "Spiel {number}: {cards} Karten gegen Egons {egon}, und Egon ist geschlagen.",
    },
    "dreist_solo_lost": {
        "en": "Game {number}: {cards} cards against Egon's {egon}, and Egon won: the run is over.",
        "de": "Spiel {number}: {cards} Karten gegen Egons {egon}, und Egon hat gewonnen: die Partie ist vorbei.",
    },
    "dreist_rating": {
        "en": "Best game won: {best} cards, rated {rating}.",
        "de": "Bestes gewonnenes Spiel: {best} Karten, Wertung: {rating}.",
    },
    "dreist_no_rating": {
        "en": "Egon won the first game: no rating this time.",
        "de": "Egon hat das erste Spiel gewonnen: diesmal keine Wertung.",
    },
})
