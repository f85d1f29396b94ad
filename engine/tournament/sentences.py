"""What the Preisschnapsen tournament says, in English and German: refusals of an
organiser's entry (codes start with ``tn_``) and of a table's match (R24).  Not sent to the phones with /shared.js:
the app shows a refusal's ``detail`` as the server wrote it in the phone's language."""

from __future__ import annotations

from engine.i18n import Sentences

SENTENCES = Sentences("tournament", {
    # --- setting up ---------------------------------------------------------------------
    "tn_cards_power_of_two": {
        "en": "A Preisschnapsen has a power of two of entry cards between {least} and {most} (32, 64, 128 …), "
              "not {cards}.",
        "de": "Ein Preisschnapsen hat eine Zweierpotenz an Teilnehmerkarten zwischen {least} und {most} "
              "(32, 64, 128 …), nicht {cards}.",
    },
    "tn_config_range": {
        "en": "{what} must be a whole number from {least} to {most}, not {value}.",
        "de": "{what} muss eine ganze Zahl von {least} bis {most} sein, nicht {value}.",
    },
    "tn_config_flag": {
        "en": "{what} is true or false, not {value}.",
        "de": "{what} ist true oder false, nicht {value}.",
    },
    "term_tn_cards": {"en": "The number of entry cards", "de": "Die Zahl der Teilnehmerkarten"},
    "term_tn_max_per_player": {"en": "The most cards one player may buy",
                               "de": "Die Höchstzahl an Karten pro Spieler"},
    "term_tn_prizes": {"en": "The number of prizes", "de": "Die Zahl der Preise"},
    "term_tn_multiple_prizes": {"en": "Several prizes to one player", "de": "Mehrere Preise an einen Spieler"},
    # --- any entry ----------------------------------------------------------------------
    "tn_kind": {
        "en": "An entry is a sale (buy), a sale taken back (refund), a commitment (commit), a draw, a result "
              "or a settled tie (settle), not '{kind}'.",
        "de": "Ein Eintrag ist ein Verkauf (buy), ein zurückgenommener Verkauf (refund), eine Festlegung "
              "(commit), eine Auslosung (draw), ein Ergebnis (result) oder ein entschiedener Gleichstand "
              "(settle), nicht '{kind}'.",
    },
    "tn_field_missing": {
        "en": "This entry needs '{field_name}'.",
        "de": "Dieser Eintrag braucht '{field_name}'.",
    },
    "tn_field_whole_number": {
        "en": "'{field_name}' must be a whole number from {least} to {most}.",
        "de": "'{field_name}' muss eine ganze Zahl von {least} bis {most} sein.",
    },
    "tn_field_text": {
        "en": "'{field_name}' must be text.",
        "de": "'{field_name}' muss ein Text sein.",
    },
    "tn_finished": {
        "en": "The tournament is over: {winner} holds the last card.",
        "de": "Das Turnier ist aus: {winner} hält die letzte Karte.",
    },
    # --- sales --------------------------------------------------------------------------
    "tn_sales_closed": {
        "en": "Sales closed with the first draw: no card can be sold or taken back now.",
        "de": "Mit der ersten Auslosung ist der Verkauf geschlossen: jetzt wird keine Karte mehr verkauft "
              "oder zurückgenommen.",
    },
    "tn_max_per_player": {
        "en": "{player} has {has:one card|{has} cards}; nobody may have more than {most}, so {left:one more|{left} "
              "more} at the most.",
        "de": "{player} hat {has:eine Karte|{has} Karten}; mehr als {most} darf niemand haben, also höchstens "
              "{left:noch eine|noch {left}}.",
    },
    "tn_max_reached": {
        "en": "{player} already has {most:one card|{most} cards}, the most one player may buy.",
        "de": "{player} hat schon {most:eine Karte|{most} Karten}, mehr darf ein Spieler nicht kaufen.",
    },
    "tn_sold_out": {
        "en": "Only {left:one card is|{left} cards are} left of {size}; {cards} cannot be sold.",
        "de": "Von {size} {left:ist nur noch eine Karte|sind nur noch {left} Karten} übrig; {cards} "
              "lassen sich nicht verkaufen.",
    },
    "tn_all_sold": {
        "en": "All {size} entry cards are sold.",
        "de": "Alle {size} Teilnehmerkarten sind verkauft.",
    },
    "tn_refund_unknown": {
        "en": "{player} has bought no card.",
        "de": "{player} hat keine Karte gekauft.",
    },
    "tn_refund_too_many": {
        "en": "{player} has bought only {has:one card|{has} cards}.",
        "de": "{player} hat nur {has:eine Karte|{has} Karten} gekauft.",
    },
    # --- the commitment and the draw ----------------------------------------------------
    "tn_commit_hash": {
        "en": "A commitment is the SHA-256 of the draw's seed: 64 hexadecimal digits.",
        "de": "Eine Festlegung ist der SHA-256 des Losungsschlüssels: 64 Hexadezimalziffern.",
    },
    "tn_commit_late": {
        "en": "Every result of round {round} is in, so everyone knows who draws next: a commitment now "
              "would come too late to be fair. Draw with the real pots instead.",
        "de": "Alle Ergebnisse der Runde {round} sind da, man weiß also, wer als Nächstes zieht: eine "
              "Festlegung käme jetzt zu spät, um fair zu sein. Bitte mit den echten Töpfen auslosen.",
    },
    "tn_draw_kind": {
        "en": "A draw is either the seed of a computed draw or the numbers drawn from the real pots, "
              "one of the two.",
        "de": "Eine Auslosung ist entweder der Schlüssel einer berechneten Auslosung oder die aus den echten "
              "Töpfen gezogenen Nummern, eins von beiden.",
    },
    "tn_round_open": {
        "en": "Round {round} is still being played: {tables:table|tables} {tables} {tables:has|have} no winner yet.",
        "de": "Runde {round} läuft noch: {tables:Tisch|die Tische} {tables} {tables:hat|haben} noch keinen "
              "Sieger.",
    },
    "tn_too_few_sold": {
        "en": "The draw needs at least {least} of the {size} cards sold (half of them); {sold:one is|{sold} are} "
              "sold.",
        "de": "Für die Auslosung müssen mindestens {least} der {size} Karten verkauft sein (die Hälfte); "
              "verkauft {sold:ist eine|sind {sold}}.",
    },
    "tn_no_commit": {
        "en": "A computed draw needs the hash of its seed published first (commit), so that everyone can "
              "check it afterwards.",
        "de": "Eine berechnete Auslosung braucht zuerst den veröffentlichten Hash ihres Schlüssels (commit), "
              "damit alle sie danach prüfen können.",
    },
    "tn_seed_format": {
        "en": "A seed is {least} to {most} printable characters (no line breaks or tabs), so that nobody can "
              "guess it from its hash.",
        "de": "Ein Schlüssel hat {least} bis {most} druckbare Zeichen (keine Zeilenumbrüche oder Tabulatoren), "
              "damit niemand ihn aus seinem Hash erraten kann.",
    },
    "tn_seed_mismatch": {
        "en": "This seed does not match the published hash {hash}: its SHA-256 is {actual}.",
        "de": "Dieser Schlüssel passt nicht zum veröffentlichten Hash {hash}: sein SHA-256 ist {actual}.",
    },
    "tn_draw_missing": {
        "en": "{player} holds {cards:a card|{cards} cards} and has drawn no number.",
        "de": "{player} hat {cards:eine Karte|{cards} Karten} und keine Nummer gezogen.",
    },
    "tn_draw_unknown_player": {
        "en": "{player} holds no entry card in this round.",
        "de": "{player} hat in dieser Runde keine Teilnehmerkarte.",
    },
    "tn_draw_count": {
        "en": "{player} holds {cards:one card|{cards} cards} and draws {cards:one number|{cards} numbers}, "
              "not {drawn}.",
        "de": "{player} hat {cards:eine Karte|{cards} Karten} und zieht {cards:eine Nummer|{cards} Nummern}, "
              "nicht {drawn}.",
    },
    "tn_draw_number": {
        "en": "'{number}' is not a number from the pots: L or R with a number from 1 to {most} (L3, R12).",
        "de": "'{number}' ist keine Nummer aus den Töpfen: L oder R mit einer Zahl von 1 bis {most} (L3, R12).",
    },
    "tn_draw_twice": {
        "en": "{number} is drawn twice: {first} has it already.",
        "de": "{number} ist zweimal gezogen: {first} hat sie schon.",
    },
    "tn_draw_left_first": {
        "en": "{player} draws {number} from the right pot while the left pot still holds {left:a number|{left} "
              "numbers}: the left pot is emptied first, in the order of the draw.",
        "de": "{player} zieht {number} aus dem rechten Topf, während im linken noch {left:eine Nummer|{left} "
              "Nummern} {left:liegt|liegen}: zuerst wird der linke Topf geleert, in der Reihenfolge der Auslosung.",
    },
    "tn_draw_left_empty": {
        "en": "{player} draws {number} from the left pot, which was already empty: it holds only {most} numbers.",
        "de": "{player} zieht {number} aus dem linken Topf, der schon leer war: er hat nur {most} Nummern.",
    },
    "tn_draw_own_number": {
        "en": "{player} drew {number} from the right pot while holding L{own}: he would meet himself, so he "
              "draws again while the right pot holds another number.",
        "de": "{player} hat {number} aus dem rechten Topf gezogen und hält schon L{own}: er träfe auf sich "
              "selbst, also zieht er noch einmal, solange im rechten Topf eine andere Nummer liegt.",
    },
    # --- the tables' matches ----------------------------------------------------------------
    "tn_game": {
        "en": "{game} cannot be played at the tables of a Preisschnapsen.",
        "de": "{game} kann an den Tischen eines Preisschnapsens nicht gespielt werden.",
    },
    "pairing_bye": {
        "en": "Table {number} is a bye: {player} goes through without playing.",
        "de": "Tisch {number} ist ein Freilos: {player} kommt kampflos weiter.",
    },
    "pairing_self": {
        "en": "At table {number} {player} would meet himself: he gives up one card and goes through, "
              "nothing to play.",
        "de": "An Tisch {number} träfe {player} auf sich selbst: er gibt eine Karte ab und kommt weiter, "
              "da gibt es nichts zu spielen.",
    },
    "pairing_decided": {
        "en": "Table {number} is decided already: {winner} won.",
        "de": "Tisch {number} ist schon entschieden: {winner} hat gewonnen.",
    },
    "tournament_result_recorded": {
        "en": "The tournament has recorded {winner} as the winner of table {number}; this match can no longer "
              "be changed to say otherwise.",
        "de": "Im Turnier steht {winner} als Sieger von Tisch {number} fest; diese Partie lässt sich nicht mehr "
              "so ändern, dass sie etwas anderes sagt.",
    },
    # --- results ------------------------------------------------------------------------
    "tn_no_round": {
        "en": "No round is being played yet: results come after the draw.",
        "de": "Es wird noch keine Runde gespielt: Ergebnisse gibt es nach der Auslosung.",
    },
    "tn_unknown_table": {
        "en": "Round {round} has tables 1 to {most}, not {number}.",
        "de": "Runde {round} hat die Tische 1 bis {most}, nicht {number}.",
    },
    "tn_bye_decided": {
        "en": "At table {number} {player} has a bye and goes through without playing.",
        "de": "An Tisch {number} hat {player} ein Freilos und kommt kampflos weiter.",
    },
    "tn_self_decided": {
        "en": "At table {number} {player} meets himself: he has given up one card and goes through with the other.",
        "de": "An Tisch {number} trifft {player} auf sich selbst: er hat eine Karte abgegeben und kommt mit der "
              "anderen weiter.",
    },
    "tn_already_decided": {
        "en": "Table {number} is decided already: {winner} won.",
        "de": "Tisch {number} ist schon entschieden: {winner} hat gewonnen.",
    },
    "tn_decided_by_match": {
        "en": "Table {number} was decided by its match, which {winner} won; a result by hand cannot replace it.",
        "de": "Tisch {number} wurde durch seine Partie entschieden, die {winner} gewonnen hat; ein Ergebnis von "
              "Hand kann das nicht ersetzen.",
    },
    "tn_not_at_table": {
        "en": "{winner} does not play at table {number}: {players} play there.",
        "de": "{winner} spielt nicht an Tisch {number}: dort spielen {players}.",
    },
    "tn_no_tie": {
        "en": "There is no tie for a prize to settle.",
        "de": "Es gibt keinen Gleichstand um einen Preis zu entscheiden.",
    },
    "tn_settle_order": {
        "en": "Places {first} to {last} are a tie between {players}: list exactly these, in the order the table "
              "decided.",
        "de": "Um die Plätze {first} bis {last} stehen {players} gleich: bitte genau diese nennen, in der "
              "Reihenfolge, die entschieden wurde.",
    },
})
