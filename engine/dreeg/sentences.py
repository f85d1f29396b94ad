"""Dreeg's sentences, English and German: refusals and the notes of a result.

The table's own words: in German a hand is a *Spiel*, a sub-game a *Runde* and the
whole game of eight the *Partie*; in English a hand, a sub-game and the game.
"""

from __future__ import annotations

from engine.i18n import Sentences

NAMES = Sentences("dreeg.names", {
    "game_dreeg": {"en": "Dreeg", "de": "Dreeg"},
    "subgame_deutsch": {"en": "Deutsch", "de": "Deutsch"},
    "subgame_ace_of_hearts": {"en": "Ace of Hearts", "de": "Herz-Ass"},
    "subgame_rufen": {"en": "Rufen", "de": "Rufen"},
    "subgame_kamerun": {"en": "Kamerun", "de": "Kamerun"},
}, shared=True)

SENTENCES = Sentences("dreeg", {
    # --- refusals -----------------------------------------------------------------------
    "game_finished": {
        "en": "The game of eight sub-games is over; no more hands can be entered.",
        "de": "Die Partie aus acht Runden ist vorbei; es kann kein Spiel mehr eingetragen werden.",
    },
    "dealer_choice_required": {
        "en": "A new sub-game starts: {chooser} {chooser:chooses|choose} who deals first; enter the dealer.",
        "de": "Eine neue Runde beginnt: {chooser} {chooser:bestimmt|bestimmen}, wer zuerst gibt; bitte den Geber eintragen.",
    },
    "dealer_out_of_turn": {
        "en": "It is {expected}'s deal, not {given}'s.",
        "de": "{expected} gibt, nicht {given}.",
    },
    "field_not_in_subgame": {
        "en": "'{name}' is not part of a hand of {subgame}.",
        "de": "'{name}' gibt es in einem Spiel der Runde {subgame} nicht.",
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
        "de": "{name} ist aus dieser Runde schon ausgestiegen und bekommt keine Karten.",
    },
    "trump_required": {
        "en": "Which suit was trumps? It is needed to count the hand.",
        "de": "Was war Trumpf? Das braucht die Wertung.",
    },
    "claim_not_allowed": {
        "en": "Nobody can claim 66 in this hand: with {active} active players only the side games (Ace of Hearts, Rufen) have a claim.",
        "de": "In diesem Spiel kann niemand 66 ansagen: mit {active} Mitspielern gibt es das nur in den Partiespielen (Herz-Ass, Rufen).",
    },
    "claim_without_trick": {
        "en": "{player} claimed 66, but {player}'s side had neither won a trick nor just shown a marriage.",
        "de": "{player} hat 66 angesagt, aber die Partei von {player} hatte weder einen Stich noch gerade angesagt.",
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
        "en": "No claim once the second-to-last trick has been led: {played} {played:trick was|tricks were} played, at most {latest} allowed.",
        "de": "Nach dem Ausspielen zum vorletzten Stich wird nicht mehr angesagt: {played} {played:Stich|Stiche} gespielt, höchstens {latest} erlaubt.",
    },
    "plays_and_summary": {
        "en": "With plays trick by trick, leave out '{name}': it is worked out from the cards.",
        "de": "Bei Stich-für-Stich-Eingabe '{name}' weglassen: es ergibt sich aus den Karten.",
    },
    "plays_count": {
        "en": "A hand has {expected} tricks; {got} {got:was|were} entered.",
        "de": "Ein Spiel hat {expected} Stiche; eingetragen {got:ist|sind} {got}.",
    },
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
        "de": "Herz-Ass zu zweit bitte als Summe eintragen: Trumpf wird erst genannt, wenn das Herz-Ass auftaucht.",
    },
    "declarer_not_ace_holder": {
        "en": "{player} did not hold the Ace of Hearts ({holder} played it), so {player} cannot be the declarer.",
        "de": "{player} hatte das Herz-Ass nicht ({holder} hat es gespielt) und kann also nicht Spieler sein.",
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
        "en": "The cards show that {holder} held the {card}, but the partner entered is {given}.",
        "de": "Laut Karten hatte {holder} die Karte {card}, eingetragen ist aber {given} als Partner.",
    },
    "rufen_trump_is_called_suit": {
        "en": "In Rufen the suit of the called card is trumps.",
        "de": "Beim Rufen ist die Farbe der gerufenen Karte Trumpf.",
    },
    "durchmarsch_not_first_trick": {
        "en": "Only the winner of the first trick can announce Durchmarsch; {player} did not win it.",
        "de": "Durchmarsch ansagen kann nur, wer den ersten Stich macht; {player} hat ihn nicht gemacht.",
    },
    # --- notes of a result ----------------------------------------------------------------
    "deutsch_places": {
        "en": "Deutsch with {players} players: strokes {awards} by card points, marriages included.",
        "de": "Deutsch zu {players}: {awards} Striche nach Augen, Ansagen mitgezählt.",
    },
    "tie_last_trick": {
        "en": "{players} tied on {total}; {last_trick} took the last trick and takes the higher place ({top}); {rest} {rest:gets|get} {share}.",
        "de": "{players} gleichauf mit {total}; {last_trick} hat den letzten Stich und bekommt den besseren Platz ({top}); {rest} {rest:bekommt|bekommen} {share}.",
    },
    "tie_no_last_trick": {
        "en": "{players} tied on {total}; none of them took the last trick, so each gets {share}.",
        "de": "{players} gleichauf mit {total}; keiner davon hat den letzten Stich, also bekommt jeder {share}.",
    },
    "erase_capped": {
        "en": "{player} is due {due} but has only {left} {left:stroke|strokes} left and erases {left}.",
        "de": "{player} stehen {due} zu, es {left:ist|sind} aber nur noch {left} {left:Strich|Striche} da; {player} wischt {left}.",
    },
    "dropped_out": {
        "en": "{player} has erased the last stroke and drops out.",
        "de": "{player} hat den letzten Strich gewischt und steigt aus.",
    },
    "subgame_lost": {
        "en": "{player} is the last one left and loses sub-game {number}, {subgame}: a blob.",
        "de": "{player} bleibt als Letzter übrig und verliert Runde {number}, {subgame}: ein Bollen.",
    },
    "choose_dealer": {
        "en": "{players} {players:chooses|choose} who deals the first hand of sub-game {number}, {subgame}.",
        "de": "{players} {players:bestimmt|bestimmen}, wer in Runde {number}, {subgame}, zuerst gibt.",
    },
    "game_won": {
        "en": "The game is over: {players} {players:wins|win} with {blobs} {blobs:blob|blobs}.",
        "de": "Die Partie ist aus: {players} {players:gewinnt|gewinnen} mit {blobs} Bollen.",
    },
    "claim_right": {
        "en": "{player} claimed 66 with {total}: right, so {player} erases 1.",
        "de": "{player} hat mit {total} 66 angesagt: richtig, also wischt {player} 1.",
    },
    "claim_wrong": {
        "en": "{player} claimed 66 with only {total}: wrong, so {opponent} erases 1.",
        "de": "{player} hat mit nur {total} 66 angesagt: falsch, also wischt {opponent} 1.",
    },
    "aoh_surrender": {
        "en": "{player} surrendered before play: each opponent erases {strokes}.",
        "de": "{player} gibt vor dem ersten Stich auf: jeder Gegenspieler wischt {strokes}.",
    },
    "aoh_each_for_himself": {
        "en": "{player} named trumps; by house rule everyone plays for himself, scored like Deutsch.",
        "de": "{player} hat Trumpf bestimmt; nach Hausregel spielt jeder für sich, gewertet wie Deutsch.",
    },
    "rufen_partner": {
        "en": "{player} called the {card}; {partner} held it and plays with {player}.",
        "de": "{player} hat {card} gerufen; {partner} hatte die Karte und spielt mit {player}.",
    },
    "rufen_alone": {
        "en": "{player} called the {card} and plays alone.",
        "de": "{player} hat {card} gerufen und spielt allein.",
    },
    "side_claim_right": {
        "en": "{player} claimed 66 for {side} with {total}: right.",
        "de": "{player} hat für {side} mit {total} 66 angesagt: richtig.",
    },
    "side_claim_wrong": {
        "en": "{player} claimed 66 with only {total}: wrong, so {side} {side:erases|each erase} {strokes} {strokes:stroke|strokes}.",
        "de": "{player} hat mit nur {total} 66 angesagt: falsch, also {side:wischt|wischen} {side} je {strokes}.",
    },
    "side_won": {
        "en": "{side} made {total}, 66 or more, and the other side did not.",
        "de": "{side} {side:hat|haben} {total}, also 66 oder mehr, die Gegenseite nicht.",
    },
    "other_33": {
        "en": "The other side ({side}) has {total}, 33 or more: {strokes} {strokes:stroke|strokes} each.",
        "de": "Die Gegenseite ({side}) hat {total}, 33 oder mehr: je {strokes} {strokes:Strich|Striche}.",
    },
    "other_under_33": {
        "en": "The other side ({side}) has only {total}, under 33, but took a trick: {strokes} {strokes:stroke|strokes} each.",
        "de": "Die Gegenseite ({side}) hat nur {total}, unter 33, aber einen Stich: je {strokes} {strokes:Strich|Striche}.",
    },
    "other_no_trick": {
        "en": "The other side ({side}) took no trick: {strokes} {strokes:stroke|strokes} each.",
        "de": "Die Gegenseite ({side}) hat keinen Stich: je {strokes} {strokes:Strich|Striche}.",
    },
    "sides_both_over": {
        "en": "Both sides have 66 or more: the last trick went to {side}, who {side:erases 1 stroke|erase 1 stroke each}.",
        "de": "Beide Seiten haben 66 oder mehr: {side} {side:hat|haben} den letzten Stich und {side:wischt 1|wischen je 1}.",
    },
    "sides_both_under": {
        "en": "Neither side reached 66: the last trick went to {side}, who {side:erases 1 stroke|erase 1 stroke each}.",
        "de": "Keine Seite hat 66: {side} {side:hat|haben} den letzten Stich und {side:wischt 1|wischen je 1}.",
    },
    "two_players_more_points": {
        "en": "Two players: no sides; the player with more card points erases 1.",
        "de": "Zu zweit: keine Parteien; wer mehr Augen hat, wischt 1.",
    },
    "kamerun_places": {
        "en": "Kamerun with {players} players: {awards} strokes by card points, most first; erasing is bad.",
        "de": "Kamerun zu {players}: {awards} Striche nach Augen, die meisten zuerst; wischen ist schlecht.",
    },
    "kamerun_no_trick": {
        "en": "{player} took no trick and erases nothing (instead of {due}).",
        "de": "{player} hat keinen Stich und wischt nichts (statt {due}).",
    },
    "durchmarsch_made": {
        "en": "{player} announced Durchmarsch and took every trick: each opponent erases {strokes}.",
        "de": "{player} hat Durchmarsch angesagt und alle Stiche gemacht: jeder Gegenspieler wischt {strokes}.",
    },
    "durchmarsch_failed": {
        "en": "{player} announced Durchmarsch but lost a trick: {player} erases {strokes}, nobody else anything.",
        "de": "{player} hat Durchmarsch angesagt, aber einen Stich abgegeben: {player} wischt {strokes}, sonst keiner.",
    },
    "kamerun_step": {
        "en": "{players} {players:erases|erase} {due} first.",
        "de": "Zuerst {players:wischt|wischen} {players} {due}.",
    },
    "kamerun_lost": {
        "en": "{players} {players:reaches|reach} 0 and {players:loses|lose} sub-game {number}, {subgame}: {players:a blob|a blob each}.",
        "de": "{players} {players:ist|sind} auf 0 und {players:verliert|verlieren} Runde {number}, {subgame}: {players:ein Bollen|je ein Bollen}.",
    },
    "kamerun_steps_stop": {
        "en": "The sub-game is decided, so {players} {players:erases|erase} nothing.",
        "de": "Die Runde ist entschieden, also {players:wischt|wischen} {players} nichts.",
    },
    # --- the referee --------------------------------------------------------------------
    "unknown_subgame": {
        "en": "There is no sub-game '{name}'. Known: {known}.",
        "de": "Eine Runde '{name}' gibt es nicht. Bekannt: {known}.",
    },
    "kamerun_no_trump": {"en": "Kamerun has no trump.", "de": "Im Kamerun gibt es keinen Trumpf."},
    "kamerun_no_marriages": {"en": "Kamerun has no marriages.", "de": "Im Kamerun gibt es keine Ansagen."},
    "kamerun_no_claim": {"en": "Kamerun has no claim of 66.", "de": "Im Kamerun kann niemand 66 ansagen."},
    "kamerun_no_closing": {
        "en": "Kamerun has no trump card to turn down: the stock cannot be closed.",
        "de": "Im Kamerun gibt es keine Trumpfkarte zum Zudrehen: der Stock kann nicht zugedreht werden.",
    },
    "referee_players": {
        "en": "Name the two to four active players, each once, in clockwise order.",
        "de": "Bitte die zwei bis vier Mitspieler je einmal im Uhrzeigersinn nennen.",
    },
    "claim_not_playing": {
        "en": "'{name}' does not play this hand, so cannot claim 66.",
        "de": "'{name}' spielt dieses Spiel nicht mit und kann nicht 66 ansagen.",
    },
})
