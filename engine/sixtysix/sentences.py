"""What Sixty-Six says, in English and German: refusals of an entry, the notes that
explain a deal's game points and the Bummerl, the referee's reasons and the help of
the soft and the hard game.  Codes start with ``ss_`` (a code belongs to one table)."""

from __future__ import annotations

from engine.i18n import Sentences

NAMES = Sentences("sixtysix.names", {
    "game_sixtysix": {"en": "Sixty-Six / Schnapsen", "de": "Sechsundsechzig / Schnapsen"},
    "variant_sixtysix": {"en": "Sixty-Six", "de": "Sechsundsechzig"},
    "variant_schnapsen": {"en": "Schnapsen", "de": "Schnapsen"},
    "ending_claim": {"en": "claim of 66", "de": "ausgemeldet"},
    "ending_played_out": {"en": "played out", "de": "ausgespielt"},
    "ending_closed": {"en": "stock closed", "de": "zugedreht"},
    "ending_renonce": {"en": "Renonce", "de": "Renonce"},
}, shared=True)

SENTENCES = Sentences("sixtysix", {
    # --- the entry's fields, named in sentences -------------------------------------------
    "term_ss_end_claim": {"en": "A claim of 66", "de": "Ausgemeldet"},
    "term_ss_end_played_out": {"en": "Played out", "de": "Ausgespielt"},
    "term_ss_end_closed": {"en": "Stock closed", "de": "Zugedreht"},
    "term_ss_end_renonce": {"en": "Renonce", "de": "Renonce"},
    "term_ss_ask_claim": {"en": "Who claimed 66?", "de": "Wer hat sich ausgemeldet?"},
    "term_ss_ask_points": {"en": "How many card points did each take?", "de": "Wie viele Augen hat jeder?"},
    "term_ss_ask_tricks": {"en": "How many tricks did each take?", "de": "Wie viele Stiche hat jeder?"},
    "term_ss_ask_last_trick": {"en": "Who took the last trick?", "de": "Wer hat den letzten Stich gemacht?"},
    "term_ss_ask_closed_by": {"en": "Who closed the stock?", "de": "Wer hat zugedreht?"},
    "term_ss_ask_at_close": {"en": "How many card points and tricks did the opponent have at the closing?",
                             "de": "Wie viele Augen und Stiche hatte der Gegner beim Zudrehen?"},
    "term_ss_ask_renonce_by": {"en": "Who reneged?", "de": "Wer hat Renonce gemacht?"},
    "term_ss_field_claim": {"en": "the claim", "de": "das Ausmelden"},
    "term_ss_field_points": {"en": "the card points", "de": "die Augen"},
    "term_ss_field_tricks": {"en": "the tricks", "de": "die Stiche"},
    "term_ss_field_last_trick": {"en": "the last trick", "de": "den letzten Stich"},
    "term_ss_field_closed_by": {"en": "the closing", "de": "das Zudrehen"},
    "term_ss_field_closed_after": {"en": "the closing", "de": "das Zudrehen"},
    "term_ss_field_at_close": {"en": "the figures at the closing", "de": "die Augen beim Zudrehen"},
    "term_ss_field_renonce_by": {"en": "the Renonce", "de": "die Renonce"},
    "term_ss_field_trump": {"en": "the trumps", "de": "den Trumpf"},
    "term_ss_field_melds": {"en": "the marriages", "de": "die Ansagen"},
    "term_ss_field_plays": {"en": "the cards of the tricks", "de": "die Karten der Stiche"},
    "term_ss_field_exchange": {"en": "the exchange", "de": "den Tausch"},
    "term_ss_how_must_follow": {"en": "did not follow suit", "de": "hat nicht bedient"},
    "term_ss_how_must_win": {"en": "did not win the trick with a higher card of the suit led",
                             "de": "hat nicht mit einer höheren Karte gestochen"},
    "term_ss_how_must_trump": {"en": "did not trump", "de": "hat nicht getrumpft"},
    "term_ss_how_must_overtrump": {"en": "did not beat the trump", "de": "hat nicht übertrumpft"},
    "term_ss_basis_close": {"en": "at the closing", "de": "beim Zudrehen"},
    "term_ss_basis_end": {"en": "at the end", "de": "am Ende"},
    # --- refusals -------------------------------------------------------------------------
    "ss_match_finished": {
        "en": "The match is over: {winner} has won it. Start a new match to play on.",
        "de": "Die Partie ist aus, {winner} hat sie gewonnen. Zum Weiterspielen eine neue Partie beginnen.",
    },
    "ss_dealer_out_of_turn": {
        "en": "{expected} deals this time, not {given}: the deal alternates.",
        "de": "Diesmal gibt {expected}, nicht {given}: es wird abwechselnd gegeben.",
    },
    "ss_ended_by_required": {
        "en": "How did the deal end: a claim of 66, played out, the stock closed or a Renonce?",
        "de": "Wie endete das Spiel: ausgemeldet, ausgespielt, zugedreht oder Renonce?",
    },
    "ss_field_required": {"en": "{ending}: {what}", "de": "{ending}: {what}"},
    "ss_field_not_for_ending": {
        "en": "{ending}: leave out {what}, it does not count here.",
        "de": "{ending}: {what} bitte weglassen, das zählt hier nicht.",
    },
    "ss_meld_trick_range": {
        "en": "A marriage is shown on one of the leads 1 to {most}.",
        "de": "Eine Ansage erfolgt bei einem der Ausspiele 1 bis {most}.",
    },
    "ss_trump_required_melds": {
        "en": "Which suit was trumps? A marriage is worth 40 in trumps and 20 otherwise.",
        "de": "Was war Trumpf? Eine Ansage zählt in Trumpf 40, sonst 20.",
    },
    "ss_trump_required_plays": {
        "en": "Which suit was trumps? The tricks cannot be judged without it.",
        "de": "Was war Trumpf? Ohne Trumpf lassen sich die Stiche nicht beurteilen.",
    },
    "ss_claim_without_trick": {
        "en": "{player} cannot claim 66 before winning a trick or showing a marriage.",
        "de": "{player} kann sich erst nach einem eigenen Stich oder einer Ansage ausmelden.",
    },
    "ss_claim_not_on_lead": {
        "en": "{player} was not on lead after the last trick entered, so could not claim 66 there.",
        "de": "{player} war nach dem letzten eingetragenen Stich nicht am Ausspielen und konnte sich dort nicht "
              "ausmelden.",
    },
    "ss_hard_no_marriage_first_lead": {
        "en": "In the hard game {player} cannot show a marriage before the first trick.",
        "de": "Beim scharfen Spiel kann {player} vor dem ersten Stich nicht ansagen.",
    },
    "ss_hard_king_first": {
        "en": "In the hard game {player} must lead the King from the marriage in {suit}.",
        "de": "Beim scharfen Spiel muss {player} aus der Ansage in {suit} den König spielen.",
    },
    "ss_hard_exchange_last_card": {
        "en": "In the hard game the trump card cannot be exchanged while only one covered card is left in the stock.",
        "de": "Beim scharfen Spiel darf nicht mehr getauscht werden, wenn nur noch eine verdeckte Karte im Talon liegt.",
    },
    "ss_close_too_late": {
        "en": "The stock can be closed only while four or more cards remain in it: after at most {most} {most:trick|tricks}.",
        "de": "Zudrehen geht nur, solange noch vier oder mehr Karten im Talon liegen: nach höchstens {most} {most:Stich|Stichen}.",
    },
    "ss_at_close_tricks_range": {
        "en": "At the closing {player} can have taken at most {most} {most:trick|tricks}.",
        "de": "Beim Zudrehen kann {player} höchstens {most} {most:Stich|Stiche} gehabt haben.",
    },
    "ss_at_close_above_final": {
        "en": "{player} had {given} {what} at the closing but only {final} at the end: the figures at the closing "
              "cannot be higher.",
        "de": "{player} hatte beim Zudrehen {given} {what}, am Ende aber nur {final}: beim Zudrehen kann es nicht "
              "mehr gewesen sein.",
    },
    "ss_at_close_tricks_after": {
        "en": "The tricks at the closing do not fit the {after} {after:trick|tricks} played before it.",
        "de": "Die Stiche beim Zudrehen passen nicht {after:zu dem einen vorher gespielten Stich|zu den {after} "
              "vorher gespielten Stichen}.",
    },
    "ss_close_not_on_lead": {
        "en": "Only the player on lead may close the stock.",
        "de": "Zudrehen darf nur, wer am Ausspielen ist.",
    },
    "ss_tricks_after_closing": {
        "en": "After the closing each player plays out his hand: {expected} tricks in all, not {total}.",
        "de": "Nach dem Zudrehen spielt jeder seine Karten aus: insgesamt {expected} Stiche, nicht {total}.",
    },
    "ss_exchange_not_on_lead": {
        "en": "Only the player on lead may exchange the trump card.",
        "de": "Austauschen darf nur, wer am Ausspielen ist.",
    },
    "ss_exchange_without_trick": {
        "en": "The trump card can be exchanged only after winning a trick.",
        "de": "Austauschen darf nur, wer schon einen Stich gemacht hat.",
    },
    "ss_exchange_stock_closed": {
        "en": "The trump card can be exchanged only while the stock is open.",
        "de": "Ausgetauscht wird nur, solange der Talon offen ist.",
    },
    "ss_exchange_card_gone": {
        "en": "The {card} had already been played, so it could not be exchanged.",
        "de": "{card} war schon gespielt und konnte nicht mehr ausgetauscht werden.",
    },
    "ss_plays_and_summary": {
        "en": "With the deal entered trick by trick, leave out {what}: they come from the cards.",
        "de": "Bei Stich-für-Stich-Eingabe {what} weglassen: das ergibt sich aus den Karten.",
    },
    "ss_after_the_end": {
        "en": "The deal ended after {played} {played:trick|tricks}: nothing happened on a later lead.",
        "de": "Das Spiel war nach {played} {played:Stich|Stichen} aus: bei einem späteren Ausspiel geschah nichts mehr.",
    },
    "ss_player_missing": {
        "en": "The {what} of {player} are missing.",
        "de": "Die {what} von {player} fehlen.",
    },
    "ss_closed_after_required": {
        "en": "With the deal entered trick by trick, say after how many tricks the stock was closed.",
        "de": "Bei Stich-für-Stich-Eingabe angeben, nach wie vielen Stichen zugedreht wurde.",
    },
    "ss_closed_after_without_closer": {
        "en": "Who closed the stock? Name the player with the number of tricks.",
        "de": "Wer hat zugedreht? Den Spieler zur Zahl der Stiche angeben.",
    },
    "ss_plays_count": {
        "en": "This deal has {expected} tricks; {got} {got:was|were} entered.",
        "de": "Dieses Spiel hat {expected} Stiche; eingetragen {got:ist einer|sind {got}}.",
    },
    "ss_plays_show_other_ending": {
        "en": "The cards show a deal {derived}, not {given}.",
        "de": "Die Karten zeigen: {derived}, nicht {given}.",
    },
    "ss_plays_show_other_renonce": {
        "en": "The cards show the Renonce by {player} in trick {trick}.",
        "de": "Die Karten zeigen die Renonce von {player} im {trick}. Stich.",
    },
    # --- the referee ------------------------------------------------------------------------
    "ss_unknown_variant": {
        "en": "There is no variant '{name}'. Known: {known}.",
        "de": "Eine Spielart '{name}' gibt es nicht. Bekannt: {known}.",
    },
    "ss_card_not_in_deck": {
        "en": "The {card} is not in the {variant} deck.",
        "de": "{card} gehört nicht zum Blatt für {variant}.",
    },
    "ss_trick_two_players": {
        "en": "With two players a trick holds at most one card before yours.",
        "de": "Zu zweit liegt vor deiner Karte höchstens eine im Stich.",
    },
    "ss_referee_players": {
        "en": "Sixty-Six is played by two players with different names.",
        "de": "Sechsundsechzig spielen zwei Spieler mit verschiedenen Namen.",
    },
    "ss_stock_range": {
        "en": "The stock of {variant} holds 0 to {most} cards.",
        "de": "Der Talon bei {variant} hat 0 bis {most} Karten.",
    },
    "ss_stock_action": {
        "en": "Ask about exchanging the trump card or closing the stock.",
        "de": "Gefragt werden kann nach dem Austauschen oder dem Zudrehen.",
    },
    "ss_stock_exchange_legal": {
        "en": "You may exchange your {card} of trumps for the face-up trump card.",
        "de": "Du darfst tauschen: Trumpf-{card} gegen die aufgedeckte Trumpfkarte.",
    },
    "ss_stock_close_legal": {
        "en": "You may close the stock; from then on you must follow suit and you must reach 66.",
        "de": "Du darfst zudrehen; ab dann herrscht Farb- und Stichzwang, und du musst 66 erreichen.",
    },
    "ss_stock_exchange_not_on_lead": {
        "en": "Only the player on lead may exchange the {card} of trumps.",
        "de": "Tauschen (Trumpf-{card} gegen die aufgedeckte Karte) darf nur, wer am Ausspielen ist.",
    },
    "ss_stock_exchange_without_trick": {
        "en": "You may exchange the {card} of trumps only once you have won a trick.",
        "de": "Tauschen (Trumpf-{card} gegen die aufgedeckte Karte) darfst du erst, wenn du einen Stich hast.",
    },
    "ss_stock_exchange_stock_closed": {
        "en": "The {card} of trumps can be exchanged only while the stock is open (two or more cards, not closed).",
        "de": "Getauscht wird nur, solange der Talon offen ist (zwei oder mehr Karten, nicht zugedreht).",
    },
    "ss_stock_hard_exchange_last_card": {
        "en": "In the hard game you may not exchange while only one covered card is left in the stock.",
        "de": "Beim scharfen Spiel wird nicht mehr getauscht, wenn nur noch eine verdeckte Karte im Talon liegt.",
    },
    "ss_stock_already_closed": {"en": "The stock is already closed.", "de": "Der Talon ist schon zugedreht."},
    "ss_stock_close_not_on_lead": {
        "en": "Only the player on lead may close the stock.",
        "de": "Zudrehen darf nur, wer am Ausspielen ist.",
    },
    "ss_stock_close_stock_too_small": {
        "en": "With {stock} {stock:card|cards} left the stock can no longer be closed: it takes four or more.",
        "de": "Mit {stock} {stock:Karte|Karten} im Talon kann nicht mehr zugedreht werden: es braucht vier oder mehr.",
    },
    "ss_stock_exchange_not_held": {
        "en": "You do not hold the {card} of trumps: only its holder may exchange it.",
        "de": "Trumpf-{card} ist nicht auf deiner Hand: tauschen kann nur, wer die Karte hat.",
    },
    # --- what may I do now? (the referee's actions) ----------------------------------------
    "ss_hand_size": {
        "en": "A hand of {variant} holds one to {most} cards.",
        "de": "Eine Hand hat bei {variant} eine bis {most} Karten.",
    },
    "ss_actions_trump_required": {
        "en": "Which suit is trumps? Give the face-up trump card, or the trump suit once that card has been drawn.",
        "de": "Was ist Trumpf? Die aufgedeckte Trumpfkarte angeben oder, wenn sie schon gezogen ist, die Trumpffarbe.",
    },
    "ss_actions_trump_card_gone": {
        "en": "With the stock empty the face-up trump card has been drawn: give the trump suit instead.",
        "de": "Ist der Talon leer, ist die aufgedeckte Trumpfkarte schon gezogen: dann die Trumpffarbe angeben.",
    },
    "ss_actions_trump_mismatch": {
        "en": "With the {card} face up, {suit} is trumps, not {given}.",
        "de": "Mit {card} aufgedeckt ist {suit} Trumpf, nicht {given}.",
    },
    "ss_tricks_won_range": {
        "en": "A deal has at most {most} tricks.",
        "de": "Ein Spiel hat höchstens {most} Stiche.",
    },
    "ss_tricks_won_too_many": {
        "en": "With {stock} cards still in the stock, {played} {played:trick has|tricks have} been played: you cannot "
              "have won {n}.",
        "de": "Mit {stock} Karten im Talon {played:ist|sind} erst {played} {played:Stich|Stiche} gespielt: {n} "
              "kannst du nicht gemacht haben.",
    },
    "ss_tricks_won_none_played": {
        "en": "The whole stock is still there ({stock} cards): no trick has been played yet.",
        "de": "Der Talon ist noch ganz da ({stock} Karten): es ist noch kein Stich gespielt.",
    },
    "ss_on_lead_without_trick": {
        "en": "Only the forehand leads without a trick, to the first trick; after {played} {played:trick|tricks} "
              "whoever won the last one leads.",
        "de": "Ohne Stich spielt nur die Vorhand aus, zum ersten Stich; nach {played} {played:Stich|Stichen} spielt "
              "aus, wer den letzten gemacht hat.",
    },
    "ss_actions_marriage_held": {
        "en": "The marriage in {suit} was shown and one of its cards led at once: you cannot still hold both.",
        "de": "Die Ansage in {suit} ist gemacht und eine ihrer Karten gleich ausgespielt: beide kannst du nicht mehr "
              "haben.",
    },
    "ss_act_lead_open": {
        "en": "You are on lead and the stock is open: your opponent may play any card.",
        "de": "Du spielst aus, der Talon ist offen: dein Gegner darf jede Karte zugeben.",
    },
    "ss_act_lead_closed": {
        "en": "You are on lead and the stock is closed: your opponent must follow suit and take the trick if he can; "
              "without the suit he must trump.",
        "de": "Du spielst aus, der Talon ist zugedreht: dein Gegner muss Farbe bedienen und, wenn er kann, den Stich "
              "machen; ohne die Farbe muss er trumpfen.",
    },
    "ss_act_lead_empty": {
        "en": "You are on lead and the stock is used up: your opponent must follow suit and take the trick if he "
              "can; without the suit he must trump.",
        "de": "Du spielst aus, der Talon ist aufgebraucht: dein Gegner muss Farbe bedienen und, wenn er kann, den "
              "Stich machen; ohne die Farbe muss er trumpfen.",
    },
    "ss_act_follow_open": {
        "en": "Your opponent led the {card} and the stock is open: you may play any card.",
        "de": "Dein Gegner hat {card} ausgespielt, der Talon ist offen: du darfst jede Karte zugeben.",
    },
    "ss_act_follow_closed": {
        "en": "Your opponent led the {card} and the stock is closed: follow suit and take the trick if you can; "
              "without the suit, trump.",
        "de": "Dein Gegner hat {card} ausgespielt, der Talon ist zugedreht: Farbe bedienen und, wenn du kannst, den "
              "Stich machen; ohne die Farbe musst du trumpfen.",
    },
    "ss_act_follow_empty": {
        "en": "Your opponent led the {card} and the stock is used up: follow suit and take the trick if you can; "
              "without the suit, trump.",
        "de": "Dein Gegner hat {card} ausgespielt, der Talon ist aufgebraucht: Farbe bedienen und, wenn du kannst, "
              "den Stich machen; ohne die Farbe musst du trumpfen.",
    },
    "ss_act_marriage_legal_plain": {
        "en": "You may show the marriage in {suit} ({value}): then lead its King or Ober, or claim 66 at once.",
        "de": "Du darfst die {value} in {suit} ansagen: dann König oder Ober ausspielen oder dich gleich ausmelden.",
    },
    "ss_act_marriage_legal_hard": {
        "en": "You may show the marriage in {suit} ({value}): then lead its King, or claim 66 at once.",
        "de": "Du darfst die {value} in {suit} ansagen: dann den König ausspielen oder dich gleich ausmelden.",
    },
    "ss_act_marriage_legal_first": {
        "en": "You may show the marriage in {suit} ({value}) before the first trick; it counts once you win a "
              "trick. Then lead its King or Ober.",
        "de": "Du darfst die {value} in {suit} schon vor dem ersten Stich ansagen; sie zählt, sobald du einen Stich "
              "machst. Dann König oder Ober ausspielen.",
    },
    "ss_act_marriage_shown": {
        "en": "You have shown the marriage in {suit} ({value}) on this lead: now lead its King or Ober, or claim 66.",
        "de": "Du hast die {value} in {suit} angesagt: jetzt König oder Ober ausspielen oder dich ausmelden.",
    },
    "ss_act_marriage_shown_hard": {
        "en": "You have shown the marriage in {suit} ({value}) on this lead: now lead its King, or claim 66.",
        "de": "Du hast die {value} in {suit} angesagt: jetzt den König ausspielen oder dich ausmelden.",
    },
    "ss_act_marriage_not_on_lead": {
        "en": "A marriage is shown on your own lead: you may show the one in {suit} when you lead next.",
        "de": "Ansagen darf nur, wer am Ausspielen ist: die {value} in {suit} kannst du ansagen, wenn du wieder "
              "ausspielst.",
    },
    "ss_act_marriage_one_per_lead": {
        "en": "One marriage per lead: you have shown the one in {shown} on this lead.",
        "de": "Pro Ausspiel nur eine Ansage: du hast schon in {shown} angesagt.",
    },
    "ss_act_hard_no_marriage_first_lead": {
        "en": "In the hard game no marriage is shown before the first trick.",
        "de": "Beim scharfen Spiel wird vor dem ersten Stich nicht angesagt.",
    },
    "ss_act_play_marriage_lead": {
        "en": "After showing the marriage in {suit} you lead its King or Ober (or claim 66).",
        "de": "Nach der Ansage in {suit} spielst du König oder Ober aus (oder meldest dich aus).",
    },
    "ss_act_play_hard_king_first": {
        "en": "In the hard game the King is led from the marriage in {suit}.",
        "de": "Beim scharfen Spiel wird aus der Ansage in {suit} der König gespielt.",
    },
    "ss_act_claim_legal": {
        "en": "You may claim 66: if your card points and the marriages that count make 66, you win the deal; if "
              "not, your opponent scores.",
        "de": "Du darfst dich ausmelden: hast du mit den zählenden Ansagen 66, gewinnst du das Spiel, sonst punktet "
              "dein Gegner.",
    },
    "ss_act_claim_legal_no_trick": {
        "en": "You may claim now, without leading; but without a trick your marriage does not count yet, so the "
              "claim would be wrong.",
        "de": "Du darfst dich jetzt ausmelden, ohne auszuspielen; ohne Stich zählt die Ansage aber noch nicht, die "
              "Meldung wäre also falsch.",
    },
    "ss_act_claim_not_on_lead": {
        "en": "66 is claimed on your own lead: after winning a trick, or right after showing a marriage.",
        "de": "Ausmelden kannst du nur, wenn du am Ausspielen bist: nach einem eigenen Stich oder gleich nach einer "
              "Ansage.",
    },
    "ss_act_claim_without_trick": {
        "en": "You have not won a trick yet: claim 66 after winning one, or right after showing a marriage.",
        "de": "Du hast noch keinen Stich: ausmelden kannst du nach einem eigenen Stich oder gleich nach einer Ansage.",
    },
    # --- a quick deal, entered without figures ---------------------------------------------
    "ss_quick_no_figures": {
        "en": "A deal entered without figures takes only who won and his game points: leave out {what}.",
        "de": "Ein Spiel ohne Zahlen braucht nur den Gewinner und seine Punkte: {what} bitte weglassen.",
    },
    "ss_quick_winner_required": {"en": "Who won the deal?", "de": "Wer hat das Spiel gewonnen?"},
    "ss_quick_points_required": {
        "en": "How many game points did the deal bring: 1, 2 or 3?",
        "de": "Wie viele Punkte hat das Spiel gebracht: 1, 2 oder 3?",
    },
    "ss_quick_points_range": {
        "en": "A deal brings its winner 1, 2 or 3 game points, not {given}.",
        "de": "Ein Spiel bringt dem Gewinner 1, 2 oder 3 Punkte, nicht {given}.",
    },
    "ss_quick_points_renonce": {
        "en": "A Renonce brings the opponent 3 game points, not {given}.",
        "de": "Eine Renonce bringt dem Gegner 3 Punkte, nicht {given}.",
    },
    "ss_quick_points_schnapsen": {
        "en": "Schnapsen played out: the last trick wins 1 game point, not {given}.",
        "de": "Schnapsen ausgespielt: der letzte Stich gewinnt 1 Punkt, nicht {given}.",
    },
    "ss_quick_deal": {
        "en": "Entered without figures: {player} wins {n:1 game point|{n} game points}.",
        "de": "Ohne Zahlen eingetragen: {player} bekommt {n:1 Punkt|{n} Punkte}.",
    },
    # --- the notes of a deal --------------------------------------------------------------
    "ss_last_trick_ten": {
        "en": "{player} took the last trick: 10 more.",
        "de": "{player} hat den letzten Stich: 10 dazu.",
    },
    "ss_why_no_trick": {"en": "no trick", "de": "keinen Stich"},
    "ss_why_under": {"en": "{total}, fewer than {line}", "de": "{total}, weniger als {line}"},
    "ss_why_over": {"en": "{total}, {line} or more", "de": "{total}, {line} oder mehr"},
    "ss_why_flat": {"en": "a trick (flat rate)", "de": "einen Stich (pauschal)"},
    "ss_claim_right": {
        "en": "{player} claimed 66 with {total}; {opponent} has {why}: {n:1 point|{n} points}.",
        "de": "{player} meldet sich mit {total} aus; {opponent} hat {why}: {n:1 Punkt|{n} Punkte}.",
    },
    "ss_claim_wrong": {
        "en": "{player} claimed 66 with only {total}: wrong. {opponent} has {why} and scores {n:1 point|{n} points}.",
        "de": "{player} meldet sich mit nur {total} aus: falsch. {opponent} hat {why} und bekommt "
              "{n:1 Punkt|{n} Punkte}.",
    },
    "ss_played_out_won": {
        "en": "Played out: {player} has {total}; {opponent} has {why}: {n:1 point|{n} points} for {player}.",
        "de": "Ausgespielt: {player} hat {total}; {opponent} hat {why}: {n:1 Punkt|{n} Punkte} für {player}.",
    },
    "ss_both_over": {
        "en": "Both have 66 or more: the last trick decides, 1 point for {player}.",
        "de": "Beide haben 66 oder mehr: der letzte Stich entscheidet, 1 Punkt für {player}.",
    },
    "ss_tie_last_trick": {
        "en": "65 to 65: the last trick decides, 1 point for {player}.",
        "de": "65 zu 65: der letzte Stich entscheidet, 1 Punkt für {player}.",
    },
    "ss_tie_carry": {
        "en": "65 to 65: nobody scores; the winner of the next deal gets 1 more.",
        "de": "65 zu 65: keiner bekommt etwas; wer das nächste Spiel gewinnt, bekommt 1 dazu.",
    },
    "ss_schnapsen_last_trick": {
        "en": "Played out without a claim: the last trick wins, 1 point for {player}.",
        "de": "Ausgespielt ohne Ausmelden: der letzte Stich gewinnt, 1 Punkt für {player}.",
    },
    "ss_close_made": {
        "en": "{player} closed the stock and reached {total}; {basis} {opponent} had {why}: {n:1 point|{n} points}.",
        "de": "{player} hat zugedreht und {total} erreicht; {opponent} hatte {basis} {why}: {n:1 Punkt|{n} Punkte}.",
    },
    "ss_close_failed": {
        "en": "{player} closed the stock but reached only {total}: {opponent} scores {n:1 point|{n} points} "
              "({tricks:one trick|{tricks} tricks} at the closing).",
        "de": "{player} hat zugedreht, aber nur {total} erreicht: {opponent} bekommt {n:1 Punkt|{n} Punkte} "
              "({tricks:ein Stich|{tricks} Stiche} beim Zudrehen).",
    },
    "ss_close_failed_no_trick": {
        "en": "{player} closed the stock but reached only {total}: {opponent} had no trick at the closing and "
              "scores {n:1 point|{n} points}.",
        "de": "{player} hat zugedreht, aber nur {total} erreicht: {opponent} hatte beim Zudrehen keinen Stich und "
              "bekommt {n:1 Punkt|{n} Punkte}.",
    },
    "ss_close_beaten": {
        "en": "{player} closed the stock, but {opponent} claimed 66 first with {total}: {n:1 point|{n} points} for "
              "{opponent}.",
        "de": "{player} hat zugedreht, aber {opponent} meldet sich zuerst mit {total} aus: {n:1 Punkt|{n} Punkte} für "
              "{opponent}.",
    },
    "ss_close_wrong_claim": {
        "en": "After the closing {opponent} claimed 66 with only {total}: wrong. {player} scores as his own claim "
              "would have: {basis} {opponent} had {why}, {n:1 point|{n} points}.",
        "de": "Nach dem Zudrehen meldet sich {opponent} mit nur {total} aus: falsch. {player} bekommt, was sein eigenes "
              "Ausmelden gebracht hätte: {opponent} hatte {basis} {why}, {n:1 Punkt|{n} Punkte}.",
    },
    "ss_renonce_found": {
        "en": "Trick {trick}: {player} played the {card} and {how}.",
        "de": "{trick}. Stich: {player} spielt {card} und {how}.",
    },
    "ss_renonce": {
        "en": "Renonce by {player}: the deal ends, {n} points for {winner}.",
        "de": "Renonce von {player}: das Spiel ist aus, {n} Punkte für {winner}.",
    },
    "ss_carry_waiting": {
        "en": "{n:1 point|{n} points} waiting for the winner of the next deal.",
        "de": "{n:1 Punkt wartet|{n} Punkte warten} auf den Gewinner des nächsten Spiels.",
    },
    "ss_carry_taken": {
        "en": "{player} also takes the {n:point|{n} points} left from 65 to 65.",
        "de": "{player} bekommt dazu {n:den Punkt|die {n} Punkte} aus dem 65 zu 65.",
    },
    "ss_bummerl_won": {
        "en": "{player} has reached 0 and wins Bummerl {number}: {loser} gets {n:the Bummerl|{n} Bummerl}.",
        "de": "{player} ist auf 0 und gewinnt das {number}. Bummerl: {loser} bekommt {n:das Bummerl|{n} Bummerl}.",
    },
    "ss_schneider": {
        "en": "{player} is Schneider (still at 7): the Bummerl counts double.",
        "de": "{player} ist Schneider (noch auf 7): das Bummerl zählt doppelt.",
    },
    "ss_schneider_single": {
        "en": "{player} is Schneider (still at 7), but in a tournament the Bummerl counts single.",
        "de": "{player} ist Schneider (noch auf 7), im Turnier zählt das Bummerl aber einfach.",
    },
    "ss_match_won": {
        "en": "{player} wins the match: {loser} has {n:one Bummerl|{n} Bummerl}.",
        "de": "{player} gewinnt die Partie: {loser} hat {n:ein Bummerl|{n} Bummerl}.",
    },
    # --- the help of the soft and the hard game (R23) ---------------------------------------
    "ss_help_soft_look": {
        "en": "Played soft: you may look through your own tricks and ask to see your opponent's first trick.",
        "de": "Weich gespielt: die eigenen Stiche darf man ansehen, vom Gegner den ersten Stich.",
    },
    "ss_help_soft_marriage": {
        "en": "A marriage may be shown before the first trick; it counts once you win a trick.",
        "de": "Eine Ansage ist schon vor dem ersten Stich möglich; sie zählt, sobald man einen Stich macht.",
    },
    "ss_help_exchange": {
        "en": "The {card} of trumps may be exchanged on your lead after a trick, while the stock is open.",
        "de": "Wer nach einem Stich am Ausspielen ist, darf Trumpf-{card} gegen die aufgedeckte Karte tauschen, "
              "solange der Talon offen ist.",
    },
    "ss_help_hard_look": {
        "en": "Played hard: tricks once turned down may not be looked at: keep count in your head.",
        "de": "Scharf gespielt: abgelegte Stiche darf man nicht mehr ansehen, es wird im Kopf gezählt.",
    },
    "ss_help_hard_marriage": {
        "en": "No marriage before the first trick, and the King is led from a marriage.",
        "de": "Keine Ansage vor dem ersten Stich, und aus der Ansage wird der König gespielt.",
    },
    "ss_help_hard_exchange": {
        "en": "The {card} of trumps may be exchanged after a trick, but not once only one covered card is left.",
        "de": "Trumpf-{card} wird nach einem Stich getauscht, aber nicht mehr bei nur einer verdeckten Karte im Talon.",
    },
})
