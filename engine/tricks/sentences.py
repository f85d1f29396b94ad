"""What trick play says, in English and German: refusals of plays (T1-T8), the
referee's reasons, the checks of a summary entry (R15, R23) and marriages (R10)."""

from __future__ import annotations

from engine.i18n import Sentences

SENTENCES = Sentences("tricks", {
    # --- a hand entered trick by trick (T1-T8) ---------------------------------------------
    "trick_size": {
        "en": "Trick {trick} needs {expected} cards, one from each active player; it has {got}.",
        "de": "Stich {trick} braucht {expected} Karten, eine von jedem Mitspieler; er hat {got}.",
    },
    "card_twice": {
        "en": "The {card} is played twice (again in trick {trick}).",
        "de": "{card} ist zweimal gespielt (nochmals in Stich {trick}).",
    },
    "card_not_held": {
        "en": "{player} does not hold the {card}.",
        "de": "{player} hat {card} nicht auf der Hand.",
    },
    "must_follow": {
        "en": "Trick {trick}: {player} played the {card} but holds the suit led and must follow.",
        "de": "Stich {trick}: {player} spielt {card}, hat aber die ausgespielte Farbe und muss bedienen.",
    },
    "must_win": {
        "en": "Trick {trick}: {player} played the {card} but holds a higher card of the suit led and must win the trick.",
        "de": "Stich {trick}: {player} spielt {card}, hat aber eine höhere Karte der Farbe und muss stechen.",
    },
    "must_trump": {
        "en": "Trick {trick}: {player} played the {card} but cannot follow and holds a trump, so must trump.",
        "de": "Stich {trick}: {player} spielt {card}, kann nicht bedienen, hat aber Trumpf und muss trumpfen.",
    },
    "must_overtrump": {
        "en": "Trick {trick}: {player} played the {card} but holds a higher trump and must beat the trumps in the trick.",
        "de": "Stich {trick}: {player} spielt {card}, hat aber einen höheren Trumpf und muss übertrumpfen.",
    },
    "kamerun_lead": {
        "en": "Trick {trick}: {player} may not lead the {card}: the suit led to the previous trick is barred while he holds another.",
        "de": "Stich {trick}: {player} darf {card} nicht ausspielen: die Farbe des vorigen Stichs ist gesperrt, solange er eine andere hat.",
    },
    "rufen_trump_lead": {
        "en": "Rufen: {player}'s first lead must be a trump.",
        "de": "Rufen: {player} muss zum ersten Stich Trumpf ausspielen.",
    },
    "called_card_lead": {
        "en": "Rufen: {player} holds the called card, the {called}, and must lead it.",
        "de": "Rufen: {player} hat die gerufene Karte ({called}) selbst und muss sie ausspielen.",
    },
    "called_card_first_trick": {
        "en": "Rufen: {player} holds the called card, the {called}, and must play it to the first trick.",
        "de": "Rufen: {player} hat die gerufene Karte ({called}) und muss sie im ersten Stich spielen.",
    },
    "marriage_not_shown": {
        "en": "{player} never led the King or Ober of {suit} while holding both, so no marriage in {suit} was shown.",
        "de": "{player} hat König oder Ober in {suit} nie mit beiden auf der Hand ausgespielt: keine Ansage in {suit}.",
    },
    # --- two players: the stock (T2, T7) -----------------------------------------------------
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
    # --- the referee's answer to "may I play this card?" -------------------------------------
    "play_legal": {"en": "The {card} may be played.", "de": "{card} darf gespielt werden."},
    "play_card_not_held": {"en": "The {card} is not in your hand.", "de": "{card} ist nicht in deiner Hand."},
    "play_must_follow": {
        "en": "You hold {led} and must follow suit.",
        "de": "Du hast {led} und musst bedienen.",
    },
    "play_must_win": {
        "en": "You hold a higher card of {led}, the suit led, and must win the trick with it.",
        "de": "Du hast eine höhere Karte in {led}, der ausgespielten Farbe, und musst stechen.",
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
        "en": "You hold the called card, the {called}, yourself and must lead it.",
        "de": "Du hast die gerufene Karte ({called}) selbst und musst sie ausspielen.",
    },
    "play_called_card_first_trick": {
        "en": "You hold the called card, the {called}, and must play it to the first trick.",
        "de": "Du hast die gerufene Karte ({called}) und musst sie im ersten Stich spielen.",
    },
    "play_rufen_trump_lead": {
        "en": "The first lead in Rufen must be a trump.",
        "de": "Beim Rufen muss zum ersten Stich Trumpf ausgespielt werden.",
    },
    "card_twice_given": {
        "en": "The {card} is given twice (a card is either in the hand or in the trick).",
        "de": "{card} ist doppelt angegeben (eine Karte ist entweder in der Hand oder im Stich).",
    },
    # --- a summary entry (R15, R23) -------------------------------------------------------------
    "term_points": {"en": "card points", "de": "Augen"},
    "term_tricks": {"en": "tricks", "de": "Stiche"},
    "player_missing": {
        "en": "{name} is still playing: the {what} of {name} are missing.",
        "de": "{name} spielt noch mit: die {what} von {name} fehlen.",
    },
    "player_not_playing": {
        "en": "{name} does not play this hand.",
        "de": "{name} spielt dieses Spiel nicht mit.",
    },
    "tricks_range": {
        "en": "{player} cannot take fewer than 0 or more than {most} tricks.",
        "de": "{player} kann nicht weniger als 0 und nicht mehr als {most} Stiche machen.",
    },
    "points_range": {
        "en": "{player}'s card points must be between 0 and {most}.",
        "de": "Die Augen von {player} müssen zwischen 0 und {most} liegen.",
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
        "en": "The card points add up to {total}, but a hand played out has exactly {expected}.",
        "de": "Die Augen ergeben {total}, ein ausgespieltes Spiel hat aber genau {expected}.",
    },
    "points_sum_claim": {
        "en": "The card points add up to {total}, more than the {expected} in the deck.",
        "de": "Die Augen ergeben {total}, mehr als die {expected} im Blatt.",
    },
    "points_without_trick": {
        "en": "{player} took no trick, so {player:has|have} 0 card points, not {points}.",
        "de": "{player} {player:hat|haben} keinen Stich, also 0 Augen, nicht {points}.",
    },
    "points_unreachable": {
        "en": "{points} card {points:point|points} cannot be made with the {cards} {cards:card|cards} {player} took.",
        "de": "{points} {points:Auge|Augen} {points:geht|gehen} mit {cards} {cards:Karte|Karten} von {player} nicht.",
    },
    "points_not_one_deck": {
        "en": "These card points do not fit one deck together ({totals}).",
        "de": "Diese Augen passen nicht zusammen in ein Blatt ({totals}).",
    },
    "last_trick_required": {
        "en": "Who took the last trick? A hand played to the end cannot be scored without it.",
        "de": "Wer hat den letzten Stich gemacht? Ohne ihn lässt sich ein ausgespieltes Spiel nicht werten.",
    },
    "last_trick_without_trick": {
        "en": "{player} cannot have taken the last trick with no tricks at all.",
        "de": "{player} kann ohne Stich nicht den letzten Stich gemacht haben.",
    },
    # --- marriages (T6, R10) -----------------------------------------------------------------
    "marriage_twice": {
        "en": "The marriage in {suit} can be shown only once per hand.",
        "de": "Die Ansage in {suit} gibt es pro Spiel nur einmal.",
    },
    "marriage_without_lead": {
        "en": "{player} {player:shows|show} {shown} {shown:marriage|marriages} but {player:was|were} on lead only {leads} {leads:time|times} (one marriage per lead).",
        "de": "{player} {player:sagt|sagen} {shown}-mal an, {player:war|waren} aber nur {leads}-mal am Ausspielen (eine Ansage pro Ausspiel).",
    },
    "marriage_counts": {
        "en": "{player}'s marriage in {suit} counts {value}.",
        "de": "Die Ansage von {player} in {suit} zählt {value}.",
    },
    "marriage_void": {
        "en": "{player}'s marriage in {suit} ({value}) does not count: no trick won.",
        "de": "Die Ansage von {player} in {suit} ({value}) zählt nicht: kein Stich.",
    },
})
