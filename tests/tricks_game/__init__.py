"""A trick game for tests only, "Obers": the proof that the trick core fits a pack and a
kind of trump Dreeg and Sixty-Six do not play.

Four players, the long German pack of 32 cards (:data:`engine.cards.german.GERMAN_32`),
eight tricks a hand.  The trumps are no suit: as in Schafkopf's Sauspiel, the four Obers
(Eichel, Gras, Herz, Schellen), then the four Unters in the same order, then Herz A 10 K
9 8 7; the other suits run A 10 K 9 8 7.  An Ober or Unter led is a trump, not a card of
its suit.  Play follows the trick core's T1 (follow, win, trump) in that order, so it is
not Schafkopf's own rule of play; what it proves is that the core asks the game's order.

It is registered in no production registry: a fixture plugs it into ``engine.GAMES`` and
``api.games.GAMES`` for a test (``tests/tricks_game/conftest.py``).
"""
