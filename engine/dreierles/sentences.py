"""What Dreierles says, in English and German: its game types and extras, the refusals of
an entry, the notes that explain a deal's Fach and settlement, and the referee's count.
Codes start with ``dl_``; the game's words stay German in both languages (Dreier, Räuber,
Blinder, Drull, Fach …)."""

from __future__ import annotations

from engine.i18n import Sentences

NAMES = Sentences("dreierles.names", {
    "game_dreierles": {"en": "Dreierles", "de": "Dreierles"},
    "dl_game_dreier": {"en": "Dreier", "de": "Dreier"},
    "dl_game_zweier": {"en": "Zweier", "de": "Zweier"},
    "dl_game_einser": {"en": "Einser", "de": "Einser"},
    "dl_game_solo": {"en": "Solo", "de": "Solo"},
    "dl_game_solo_durchmarsch": {"en": "Solo with Durchmarsch", "de": "Solo mit Durchmarsch"},
    "dl_game_raeuber": {"en": "Räuber", "de": "Räuber"},
    "dl_game_drescher": {"en": "Drescher", "de": "Drescher"},
    "dl_extra_blind": {"en": "played blind", "de": "blind gespielt"},
    "dl_extra_untouched": {"en": "bought cards untouched", "de": "Gekaufte nicht angesehen"},
    "dl_extra_drull": {"en": "Drull", "de": "Drull"},
    "dl_extra_pfeif_von_hinten": {"en": "Pfeif von hinten", "de": "Pfeif von hinten"},
    "dl_extra_21_last": {"en": "the 21 as the last card", "de": "21er als letzte Karte"},
    "dl_extra_zehn_druck": {"en": "ten trumps, declared at the last trick", "de": "10 Druck, beim letzten Stich angesagt"},
    "dl_extra_zehn_druck_start": {"en": "ten trumps, declared at the start", "de": "10 Druck, bei Beginn angesagt"},
}, shared=True)

SENTENCES = Sentences("dreierles", {
    # --- refusals ----------------------------------------------------------------------------
    "dl_game_required": {
        "en": "What was played: Dreier, Zweier, Einser, Solo, Solo with Durchmarsch, Räuber or Drescher?",
        "de": "Was wurde gespielt: Dreier, Zweier, Einser, Solo, Solo mit Durchmarsch, Räuber oder Drescher?",
    },
    "dl_field_not_for_game": {
        "en": "{what}: not for a {game}; leave it out.",
        "de": "{what}: beim {game} nicht angeben, bitte weglassen.",
    },
    "term_dl_field_declarer": {"en": "Declarer", "de": "Spieler"},
    "term_dl_field_declarer_points": {"en": "The declarer's points", "de": "Punkte des Spielers"},
    "term_dl_field_cards": {"en": "The declarer's cards", "de": "Karten des Spielers"},
    "term_dl_field_extras": {"en": "Extras", "de": "Extras"},
    "term_dl_field_discard_error": {"en": "Discarded wrongly", "de": "Falsch abgelegt"},
    "term_dl_field_points": {"en": "Points of each player", "de": "Punkte der Spieler"},
    "term_dl_field_tricks": {"en": "Tricks of each player", "de": "Stiche der Spieler"},
    "term_dl_field_last_trick": {"en": "Last trick", "de": "Letzter Stich"},
    "term_dl_field_blind_points": {"en": "The Blinder's points", "de": "Punkte des Blinden"},
    "term_dl_points": {"en": "points", "de": "Punkte"},
    "term_dl_tricks": {"en": "tricks", "de": "Stiche"},
    "term_dl_acc_dreier": {"en": "the Dreier", "de": "den Dreier"},
    "term_dl_acc_zweier": {"en": "the Zweier", "de": "den Zweier"},
    "term_dl_acc_einser": {"en": "the Einser", "de": "den Einser"},
    "term_dl_acc_solo": {"en": "the Solo", "de": "das Solo"},
    "term_dl_acc_solo_durchmarsch": {"en": "the Solo with Durchmarsch", "de": "das Solo mit Durchmarsch"},
    "dl_pile_size": {
        "en": "{cards} {cards:card|cards} cannot be a {game}'s pile: it holds {pile}, so {sizes} cards.",
        "de": "{cards} {cards:Karte ist|Karten sind} kein Stapel beim {game}: zu ihm gehören {pile}, also {sizes} "
              "Karten.",
    },
    "dl_pile_bounds": {
        "en": "These {cards} {cards:card count|cards count} {points}, but in {the_game} the player's pile counts "
              "{least} to {most}: it holds {pile}.",
        "de": "{cards:Diese Karte zählt|Diese {cards} Karten zählen} {points}, beim {game} zählt der Stapel des "
              "Spielers aber {least} bis {most}: zu ihm gehören {pile}.",
    },
    "dl_points_bounds": {
        "en": "In {the_game} the player's pile counts {least} to {most}, so {points} {points:point is|points are} "
              "not possible: it holds {pile}.",
        "de": "Beim {game} zählt der Stapel des Spielers {least} bis {most}, {points} {points:Punkt ist|Punkte sind} "
              "also nicht möglich: zu ihm gehören {pile}.",
    },
    "term_dl_pile_declarer": {
        "en": "his tricks and six cards (what he laid away and the rest of the Blinder)",
        "de": "seine Stiche und sechs Karten (das Abgelegte und der Rest des Blinden)",
    },
    "term_dl_pile_solo": {
        "en": "his tricks and the Blinder's six cards",
        "de": "seine Stiche und die sechs Karten des Blinden",
    },
    "term_dl_pile_defenders_dreier": {
        "en": "his tricks and the three cards he laid away (the Blinder's other three count for the others)",
        "de": "seine Stiche und die drei abgelegten Karten (die anderen drei des Blinden zählen für die Gegenspieler)",
    },
    "term_dl_pile_defenders_zweier": {
        "en": "his tricks and the two cards he laid away (the Blinder's other four count for the others)",
        "de": "seine Stiche und die zwei abgelegten Karten (die anderen vier des Blinden zählen für die Gegenspieler)",
    },
    "term_dl_pile_defenders_einser": {
        "en": "his tricks and the card he laid away (the Blinder's other five count for the others)",
        "de": "seine Stiche und die abgelegte Karte (die anderen fünf des Blinden zählen für die Gegenspieler)",
    },
    "dl_dealer_out_of_turn": {
        "en": "{expected} deals this time, not {given}.",
        "de": "Diesmal gibt {expected}, nicht {given}.",
    },
    "dl_sitting_out": {
        "en": "{name} sits out this deal.",
        "de": "{name} sitzt in diesem Spiel aus.",
    },
    "dl_declarer_required": {
        "en": "Who played the {game}?",
        "de": "Wer war Spieler beim {game}?",
    },
    "dl_points_required": {
        "en": "How many points did the player make? Give the points, or his cards to be counted.",
        "de": "Wie viele Punkte hat der Spieler gemacht? Die Punkte angeben oder seine Karten zum Zählen.",
    },
    "dl_points_or_cards": {
        "en": "Give the points or the cards, not both.",
        "de": "Entweder die Punkte oder die Karten angeben, nicht beides.",
    },
    "dl_points_range": {
        "en": "Points are between 0 and {most}: the pack counts {most} in threes.",
        "de": "Punkte liegen zwischen 0 und {most}: das ganze Blatt zählt {most}.",
    },
    "dl_discard_solo": {
        "en": "A {game} takes the Blinder unseen and discards nothing, so there is no discard error.",
        "de": "Beim {game} bleibt der Blinde ungesehen und es wird nichts abgelegt: kein Ablegefehler möglich.",
    },
    "dl_card_twice": {
        "en": "The {card} is given twice.",
        "de": "{card} ist doppelt angegeben.",
    },
    "dl_extra_twice": {
        "en": "The extra '{extra}' is given twice.",
        "de": "Das Extra „{extra}“ ist doppelt angegeben.",
    },
    "dl_extra_not_here": {
        "en": "'{extra}' counts only at {games}, not at a {game}.",
        "de": "„{extra}“ gibt es nur beim {games}, nicht beim {game}.",
    },
    "dl_extra_house_rule": {
        "en": "'{extra}' is not played at this table (house rule).",
        "de": "„{extra}“ wird an diesem Tisch nicht gespielt (Hausregel).",
    },
    "dl_extra_cards": {
        "en": "'{extra}' needs the player to hold these cards: {cards}.",
        "de": "„{extra}“ setzt voraus, dass der Spieler diese Karten hat: {cards}.",
    },
    "dl_zehn_druck_once": {
        "en": "Ten trumps are declared once: at the start or at the last trick.",
        "de": "10 Druck wird einmal angesagt: bei Beginn oder beim letzten Stich.",
    },
    "dl_raeuber_required": {
        "en": "A Räuber needs the points and tricks of all three players.",
        "de": "Ein Räuber braucht die Punkte und Stiche aller drei Spieler.",
    },
    "dl_player_missing": {
        "en": "The {what} of {player} are missing.",
        "de": "Die {what} von {player} fehlen.",
    },
    "dl_tricks_range": {
        "en": "A player takes 0 to {most} tricks.",
        "de": "Ein Spieler macht 0 bis {most} Stiche.",
    },
    "dl_blind_range": {
        "en": "The six cards of the Blinder count 2 to 26 in threes.",
        "de": "Die sechs Karten des Blinden zählen in Dreierpäckchen 2 bis 26.",
    },
    "dl_last_trick_required": {
        "en": "Who took the last trick?",
        "de": "Wer hat den letzten Stich gemacht?",
    },
    "dl_tricks_sum": {
        "en": "The tricks add up to {total}, but a deal has {expected}.",
        "de": "Die Stiche ergeben {total}, ein Spiel hat aber {expected}.",
    },
    "dl_last_trick_without_trick": {
        "en": "{player} cannot have taken the last trick with no tricks at all.",
        "de": "{player} kann ohne Stich nicht den letzten Stich gemacht haben.",
    },
    "dl_raeuber_sum": {
        "en": "The points add up to {total}; with the Blinder going to the last trick they make {expected}.",
        "de": "Die Punkte ergeben {total}; mit dem Blinden beim letzten Stich sind es {expected}.",
    },
    "dl_raeuber_sum_blind": {
        "en": "The points add up to {total}, but 70 less the Blinder's {blind} is {expected}.",
        "de": "Die Punkte ergeben {total}, 70 weniger {blind} für den Blinden sind aber {expected}.",
    },
    "dl_raeuber_sum_range": {
        "en": "The points add up to {total}: without the Blinder (2 to 26) they make {least} to {most}.",
        "de": "Die Punkte ergeben {total}: ohne den Blinden (2 bis 26) sind es {least} bis {most}.",
    },
    "dl_points_unreachable": {
        "en": "{points} {points:point|points} cannot be counted from the {cards} cards of {player}.",
        "de": "{points} {points:Punkt|Punkte} lassen sich aus den {cards} Karten von {player} nicht zählen.",
    },
    # --- the notes of a deal -------------------------------------------------------------
    "dl_counted": {
        "en": "{cards} cards counted in packets of three: {points} points.",
        "de": "{cards} Karten in Dreierpäckchen gezählt: {points} Punkte.",
    },
    "dl_won": {
        "en": "{player} won {the_game} with {points}: {n} Fach for the points.",
        "de": "{player} gewinnt {the_game} mit {points}: {n} Fach für die Punkte.",
    },
    "dl_lost": {
        "en": "{player} lost {the_game} with {points}; the others have {defenders}: {n} Fach for the points.",
        "de": "{player} verliert {the_game} mit {points}; die anderen haben {defenders}: {n} Fach für die Punkte.",
    },
    "dl_durchmarsch_made": {
        "en": "{player} took every trick: the Durchmarsch is made.",
        "de": "{player} hat alle Stiche: der Durchmarsch ist gelungen.",
    },
    "dl_durchmarsch_failed": {
        "en": "{player} announced a Durchmarsch but has {points}, not all 70: lost.",
        "de": "{player} hat Durchmarsch angesagt, aber nur {points} statt aller 70: verloren.",
    },
    "dl_type_fach": {
        "en": "{game}: {n} Fach more.",
        "de": "{game}: {n} Fach mehr.",
    },
    "dl_extra": {
        "en": "{extra}: {n} Fach more.",
        "de": "{extra}: {n} Fach mehr.",
    },
    "dl_lost_double": {
        "en": "A lost game counts double at this table: {n} Fach.",
        "de": "Ein verlorenes Spiel zählt an diesem Tisch doppelt: {n} Fach.",
    },
    "dl_settle_won": {
        "en": "{opponents} {opponents:pays|pay} {player} {n} Fach each.",
        "de": "{opponents} {opponents:zahlt|zahlen} {player} je {n} Fach.",
    },
    "dl_settle_lost": {
        "en": "{player} pays {opponents} {n} Fach each.",
        "de": "{player} zahlt {opponents} je {n} Fach.",
    },
    "dl_discard_error": {
        "en": "{player} discarded wrongly: the game is lost eightfold, {n} Fach to each opponent.",
        "de": "{player} hat falsch abgelegt: das Spiel ist achtfach verloren, {n} Fach an jeden Gegner.",
    },
    "dl_raeuber_pays": {
        "en": "Räuber: {player} has the most points ({points}) and pays {players} {n} Fach{players:| each}.",
        "de": "Räuber: {player} hat die meisten Punkte ({points}) und zahlt {players} {players:|je }{n} Fach.",
    },
    "dl_raeuber_pays_tied": {
        "en": "Räuber: {player} shares the most points ({points}) and pays {players} {n} Fach{players:| each}.",
        "de": "Räuber: {player} hat gleichauf die meisten Punkte ({points}) und zahlt {players} "
              "{players:|je }{n} Fach.",
    },
    "dl_raeuber_times": {
        "en": "{players} took no trick: the payment counts {factor} times.",
        "de": "{players} {players:hat|haben} keinen Stich: die Zahlung zählt {factor}-fach.",
    },
    "dl_raeuber_all_equal": {
        "en": "Räuber: all three have {points}; nobody pays.",
        "de": "Räuber: alle drei haben {points}; keiner zahlt.",
    },
    "dl_drescher": {
        "en": "Drescher: {player} took the last trick and pays {players} {n} Fach each.",
        "de": "Drescher: {player} hat den letzten Stich und zahlt {players} je {n} Fach.",
    },
    "dl_sat_out": {
        "en": "{players} sat out.",
        "de": "{players} {players:hat|haben} ausgesetzt.",
    },
    # --- the referee's count (R26) ---------------------------------------------------------
    "dl_packet_0": {"en": "three blanks: 1", "de": "drei Leere: 1"},
    "dl_packet_1": {"en": "one counter and two blanks: its value, {points}",
                    "de": "ein Bild und zwei Leere: sein Wert, {points}"},
    "dl_packet_2": {"en": "two counters and a blank: their sum less 1, {points}",
                    "de": "zwei Bilder und eine Leere: ihr Wert weniger 1, {points}"},
    "dl_packet_3": {"en": "three counters: their sum less 2, {points}",
                    "de": "drei Bilder: ihr Wert weniger 2, {points}"},
    "dl_packet_leftover": {
        "en": "left over, counted in thirds: {exact}",
        "de": "Rest, in Dritteln gezählt: {exact}",
    },
    "dl_count_total": {
        "en": "{n} {n:card|cards} counted in packets of three: {exact}, that is {points} {points:point|points}.",
        "de": "{n} {n:Karte|Karten} in Dreierpäckchen gezählt: {exact}, also {points} {points:Punkt|Punkte}.",
    },
    "dl_count_whole": {
        "en": "{n} {n:card|cards} counted in packets of three: {points} {points:point|points}.",
        "de": "{n} {n:Karte|Karten} in Dreierpäckchen gezählt: {points} {points:Punkt|Punkte}.",
    },
})
