"""Dreeg's sentences, English and German: rejections and the notes of a result."""

from __future__ import annotations

from engine.i18n import MESSAGES

MESSAGES.update({
    # --- rejections ---------------------------------------------------------------------
    "game_finished": {
        "en": "The game of eight sub-games is over; no more hands can be entered.",
        "de": "Die Partie aus acht Spielen ist vorbei; es kann kein Spiel mehr eingetragen werden.",
    },
    "dealer_choice_required": {
        "en": "A new sub-game starts: {chooser} must choose who deals first; enter it as the dealer.",
        "de": "Ein neues Spiel beginnt: {chooser} bestimmt, wer zuerst gibt; bitte den Geber eintragen.",
    },
    "dealer_out_of_turn": {
        "en": "It is {expected}'s deal, not {given}'s.",
        "de": "{expected} gibt, nicht {given}.",
    },
    "field_not_in_subgame": {
        "en": "'{name}' is not part of a {subgame} hand.",
        "de": "'{name}' gehört nicht zu einem {subgame}-Spiel.",
    },
    "field_required": {
        "en": "'{name}' is missing: give it for every active player (or enter the hand trick by trick).",
        "de": "'{name}' fehlt: für jeden Mitspieler angeben (oder das Spiel Stich für Stich eintragen).",
    },
    "field_missing": {
        "en": "'{name}' is missing for this hand.",
        "de": "'{name}' fehlt für dieses Spiel.",
    },
    "player_dropped_out": {
        "en": "{name} has already dropped out of this sub-game and gets no cards.",
        "de": "{name} ist aus diesem Spiel schon ausgestiegen und bekommt keine Karten.",
    },
    "player_missing": {
        "en": "{name} is still playing: {what} for {name} is missing.",
        "de": "{name} spielt noch mit: {what} für {name} fehlt.",
    },
    "tricks_range": {
        "en": "{player} cannot take fewer than 0 or more than {most} tricks.",
        "de": "{player} kann nicht weniger als 0 oder mehr als {most} Stiche machen.",
    },
    "points_range": {
        "en": "{player}'s card points must be between 0 and 120.",
        "de": "Die Augen von {player} müssen zwischen 0 und 120 liegen.",
    },
    "tricks_sum": {
        "en": "The tricks add up to {total}, but a hand has {expected}.",
        "de": "Die Stiche ergeben {total}, ein Spiel hat aber {expected}.",
    },
    "tricks_sum_claim": {
        "en": "The tricks add up to {total}, more than the {expected} of a hand.",
        "de": "Die Stiche ergeben {total}, mehr als die {expected} eines Spiels.",
    },
    "points_sum": {
        "en": "The card points add up to {total}, but a hand played out has exactly 120.",
        "de": "Die Augen ergeben {total}, ein ausgespieltes Spiel hat aber genau 120.",
    },
    "points_sum_claim": {
        "en": "The card points add up to {total}, more than the 120 in the deck.",
        "de": "Die Augen ergeben {total}, mehr als die 120 im Spiel.",
    },
    "points_without_trick": {
        "en": "{player} took no trick, so {player} has 0 card points, not {points}.",
        "de": "{player} hat keinen Stich, also 0 Augen, nicht {points}.",
    },
    "points_unreachable": {
        "en": "{points} card points cannot be made with the {cards} cards {player} took.",
        "de": "{points} Augen gehen mit den {cards} Karten von {player} nicht.",
    },
    "points_not_one_deck": {
        "en": "These card points do not fit one deck together ({totals}).",
        "de": "Diese Augen passen nicht zusammen in ein Blatt ({totals}).",
    },
    "last_trick_required": {
        "en": "Who took the last trick? It decides ties.",
        "de": "Wer hat den letzten Stich gemacht? Er entscheidet bei Gleichstand.",
    },
    "last_trick_without_trick": {
        "en": "{player} cannot have taken the last trick with no tricks at all.",
        "de": "{player} kann ohne Stich nicht den letzten Stich gemacht haben.",
    },
    "marriage_twice": {
        "en": "The marriage in {suit} can be shown only once per hand.",
        "de": "Die Ansage in {suit} gibt es pro Spiel nur einmal.",
    },
    "trump_required": {
        "en": "Which suit was trumps? It is needed to count the hand.",
        "de": "Was war Trumpf? Das braucht die Wertung.",
    },
    "marriage_without_lead": {
        "en": "{player} shows {shown} marriages but was on lead only {leads} times (one per lead).",
        "de": "{player} sagt {shown}-mal an, war aber nur {leads}-mal am Ausspielen (eine Ansage pro Ausspiel).",
    },
    "marriage_not_shown": {
        "en": "{player} never led the King or Ober of {suit} while holding both, so no marriage was shown.",
        "de": "{player} hat König oder Ober in {suit} nie mit beiden in der Hand ausgespielt: keine Ansage.",
    },
    "claim_not_allowed": {
        "en": "A claim of 66 exists only with two active players in Deutsch (here: {active}).",
        "de": "66 ansagen gibt es bei Deutsch nur zu zweit (hier: {active}).",
    },
    "claim_without_trick": {
        "en": "{player} claimed 66 without having won a trick.",
        "de": "{player} hat 66 angesagt, ohne einen Stich zu haben.",
    },
    "claim_not_after_trick": {
        "en": "{player} can claim only right after winning a trick.",
        "de": "{player} kann nur direkt nach einem gewonnenen Stich ansagen.",
    },
    "closing_two_players": {
        "en": "The stock can be closed only with two active players (here: {active}).",
        "de": "Zudrehen geht nur zu zweit (hier: {active}).",
    },
    "closed_after_without_closer": {
        "en": "Who closed the stock? Give closed_by with closed_after.",
        "de": "Wer hat zugedreht? closed_by gehört zu closed_after.",
    },
    "closed_after_required": {
        "en": "With plays trick by trick, say after how many tricks the stock was closed.",
        "de": "Bei Stich-für-Stich-Eingabe angeben, nach wie vielen Stichen zugedreht wurde.",
    },
    "tricks_after_closing": {
        "en": "After closing, the six cards in each hand are played out: {expected} tricks, not {total}.",
        "de": "Nach dem Zudrehen werden die sechs Karten jeder Hand ausgespielt: {expected} Stiche, nicht {total}.",
    },
    "claim_too_late": {
        "en": "No claim once the second-to-last trick has been led: {played} tricks were played, at most {latest} allowed.",
        "de": "Nach dem Ausspielen zum vorletzten Stich wird nicht mehr angesagt: {played} Stiche gespielt, höchstens {latest} erlaubt.",
    },
    "plays_and_summary": {
        "en": "With plays trick by trick, leave out '{name}': it is worked out from the cards.",
        "de": "Bei Stich-für-Stich-Eingabe '{name}' weglassen: es ergibt sich aus den Karten.",
    },
    "plays_count": {
        "en": "A hand has {expected} tricks; {got} were entered.",
        "de": "Ein Spiel hat {expected} Stiche; eingetragen sind {got}.",
    },
    # --- notes of a result ----------------------------------------------------------------
    "deutsch_places": {
        "en": "Deutsch with {players} players: strokes {awards} by card points, marriages included.",
        "de": "Deutsch zu {players}: {awards} Striche nach Augen, Ansagen mitgezählt.",
    },
    "tie_last_trick": {
        "en": "{players} tied on {total}; {last_trick} took the last trick and takes the higher place ({top}); {rest} get {share}.",
        "de": "{players} gleichauf mit {total}; {last_trick} hat den letzten Stich und bekommt den besseren Platz ({top}); {rest} bekommen {share}.",
    },
    "tie_no_last_trick": {
        "en": "{players} tied on {total}; none of them took the last trick, so each gets {share}.",
        "de": "{players} gleichauf mit {total}; keiner davon hat den letzten Stich, also bekommt jeder {share}.",
    },
    "erase_capped": {
        "en": "{player} is due {due} but has only {left} strokes left and erases {left}.",
        "de": "{player} stehen {due} zu, es sind aber nur noch {left} Striche da; {player} wischt {left}.",
    },
    "dropped_out": {
        "en": "{player} has erased the last stroke and drops out.",
        "de": "{player} hat den letzten Strich gewischt und steigt aus.",
    },
    "subgame_lost": {
        "en": "{player} is the last one left and loses sub-game {number}: one blob.",
        "de": "{player} bleibt als Letzter übrig und verliert Spiel {number}: ein Bollen.",
    },
    "choose_dealer": {
        "en": "{players} chooses who deals the first hand of sub-game {number} ({subgame}).",
        "de": "{players} bestimmt, wer im Spiel {number} ({subgame}) zuerst gibt.",
    },
    "game_won": {
        "en": "The game is over: {players} won with {blobs} blobs.",
        "de": "Die Partie ist aus: {players} gewinnt mit {blobs} Bollen.",
    },
    "marriage_counts": {
        "en": "{player}'s marriage in {suit} counts {value}.",
        "de": "Die Ansage von {player} in {suit} zählt {value}.",
    },
    "marriage_void": {
        "en": "{player}'s marriage in {suit} ({value}) does not count: no trick won.",
        "de": "Die Ansage von {player} in {suit} ({value}) zählt nicht: kein Stich.",
    },
    "claim_right": {
        "en": "{player} claimed 66 with {total}: right, {player} erases 1.",
        "de": "{player} hat mit {total} 66 angesagt: richtig, {player} wischt 1.",
    },
    "claim_wrong": {
        "en": "{player} claimed 66 with only {total}: wrong, {opponent} erases 1.",
        "de": "{player} hat mit nur {total} 66 angesagt: falsch, {opponent} wischt 1.",
    },
    # --- Ace of Hearts, Rufen, side games ---------------------------------------------------
    "surrender_ends_hand": {
        "en": "A surrender ends the hand before play: leave out '{name}'.",
        "de": "Aufgeben beendet das Spiel vor dem ersten Stich: '{name}' weglassen.",
    },
    "surrender_two_players": {
        "en": "With two players there is no declarer to surrender.",
        "de": "Zu zweit gibt es keinen Spieler, der aufgeben könnte.",
    },
    "aoh_two_plays": {
        "en": "Enter a two-player Ace of Hearts hand as a summary: trumps are named only when the heart ace appears.",
        "de": "Herz-Sau zu zweit bitte als Summe eintragen: Trumpf wird erst genannt, wenn die Herz-Sau auftaucht.",
    },
    "declarer_not_ace_holder": {
        "en": "{player} did not hold the heart ace ({holder} did), so {player} cannot be the declarer.",
        "de": "{player} hatte die Herz-Sau nicht ({holder} hatte sie), kann also nicht Spieler sein.",
    },
    "aoh_surrender": {
        "en": "{player} surrendered before play: each opponent erases {strokes}.",
        "de": "{player} gibt vor dem ersten Stich auf: jeder Gegner wischt {strokes}.",
    },
    "aoh_each_for_himself": {
        "en": "{player} named trumps; by house rule everyone plays for himself, scored like Deutsch.",
        "de": "{player} hat Trumpf bestimmt; nach Hausregel spielt jeder für sich, gewertet wie Deutsch.",
    },
    "caller_not_forehand": {
        "en": "Only the forehand calls in Rufen: that is {forehand}, not {player}.",
        "de": "Beim Rufen ruft die Vorhand: das ist {forehand}, nicht {player}.",
    },
    "partner_required": {
        "en": "Who held the called card? Name the partner, or null if the caller played alone.",
        "de": "Wer hatte die gerufene Karte? Partner angeben, oder null, wenn der Rufer allein spielte.",
    },
    "partner_is_caller": {
        "en": "The caller cannot be his own partner: if he held the called card, he plays alone (partner null).",
        "de": "Der Rufer ist nicht sein eigener Partner: hatte er die Karte selbst, spielt er allein (Partner null).",
    },
    "partner_mismatch": {
        "en": "The cards show {holder} held {card}, but the partner entered is {given}.",
        "de": "Laut Karten hatte {holder} die {card}, eingetragen ist aber {given} als Partner.",
    },
    "rufen_partner": {
        "en": "{player} called {card}; {partner} held it and plays with {player}.",
        "de": "{player} hat die {card} gerufen; {partner} hatte sie und spielt mit {player}.",
    },
    "rufen_alone": {
        "en": "{player} called {card} and plays alone.",
        "de": "{player} hat die {card} gerufen und spielt allein.",
    },
    "side_claim_right": {
        "en": "{player} claimed 66 for {side} with {total}: right.",
        "de": "{player} hat für {side} mit {total} 66 angesagt: richtig.",
    },
    "side_claim_wrong": {
        "en": "{player} claimed 66 with only {total}: wrong, each of {side} erases {strokes}.",
        "de": "{player} hat mit nur {total} 66 angesagt: falsch, {side} wischen je {strokes}.",
    },
    "side_won": {
        "en": "{side} made {total}, 66 or more, and the other side did not.",
        "de": "{side} haben {total}, also 66 oder mehr, die Gegenseite nicht.",
    },
    "other_33": {
        "en": "The other side ({side}) has {total}, 33 or more: {strokes} stroke each.",
        "de": "Die Gegenseite ({side}) hat {total}, 33 oder mehr: je {strokes} Strich.",
    },
    "other_under_33": {
        "en": "The other side ({side}) has only {total}, under 33, but took a trick: {strokes} strokes each.",
        "de": "Die Gegenseite ({side}) hat nur {total}, unter 33, aber einen Stich: je {strokes} Striche.",
    },
    "other_no_trick": {
        "en": "The other side ({side}) took no trick: {strokes} strokes each.",
        "de": "Die Gegenseite ({side}) hat keinen Stich: je {strokes} Striche.",
    },
    "sides_both_over": {
        "en": "Both sides have 66 or more: the last trick went to {side}, who erase 1 stroke each.",
        "de": "Beide Seiten haben 66 oder mehr: {side} haben den letzten Stich und wischen je 1.",
    },
    "sides_both_under": {
        "en": "Neither side reached 66: the last trick went to {side}, who erase 1 stroke each.",
        "de": "Keine Seite hat 66: {side} haben den letzten Stich und wischen je 1.",
    },
    "two_players_more_points": {
        "en": "Two players: no sides; the player with more card points erases 1.",
        "de": "Zu zweit: keine Parteien; wer mehr Augen hat, wischt 1.",
    },
    # --- Kamerun ---------------------------------------------------------------------------
    "kamerun_places": {
        "en": "Kamerun with {players} players: {awards} strokes by card points, most first; erasing is bad.",
        "de": "Kamerun zu {players}: {awards} Striche nach Augen, die meisten zuerst; wischen ist schlecht.",
    },
    "kamerun_no_trick": {
        "en": "{player} took no trick and erases nothing (instead of {due}).",
        "de": "{player} hat keinen Stich und wischt nichts (statt {due}).",
    },
    "durchmarsch_not_first_trick": {
        "en": "Only the winner of the first trick can announce Durchmarsch; {player} did not win it.",
        "de": "Durchmarsch ansagen kann nur, wer den ersten Stich macht; {player} hat ihn nicht gemacht.",
    },
    "durchmarsch_made": {
        "en": "{player} announced Durchmarsch and took every trick: each opponent erases {strokes}.",
        "de": "{player} hat Durchmarsch angesagt und alle Stiche gemacht: jeder Gegner wischt {strokes}.",
    },
    "durchmarsch_failed": {
        "en": "{player} announced Durchmarsch but lost a trick: {player} erases {strokes}, nobody else anything.",
        "de": "{player} hat Durchmarsch angesagt, aber einen Stich abgegeben: {player} wischt {strokes}, sonst keiner.",
    },
    "kamerun_step": {
        "en": "Those due {due} erase: {players}.",
        "de": "Wer {due} wischen muss, wischt: {players}.",
    },
    "kamerun_lost": {
        "en": "{players} reached 0 and lose sub-game {number}: a blob each.",
        "de": "{players} sind auf 0 und verlieren Spiel {number}: je ein Bollen.",
    },
    "kamerun_steps_stop": {
        "en": "The sub-game is decided, so {players} erase nothing.",
        "de": "Das Spiel ist entschieden, also wischen {players} nichts.",
    },
})
