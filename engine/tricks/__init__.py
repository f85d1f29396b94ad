"""The trick core: what every trick game (Dreeg, Sixty-Six) plays and checks alike.

- :mod:`engine.tricks.order`: the trick order the core asks (is a card a trump, which suit
  it follows, its strength), with T3's suit trump (:class:`~engine.tricks.order.SuitTrump`)
  as Dreeg's and Sixty-Six's;
- :mod:`engine.tricks.play`: T1-T6 and the replay of a hand trick by trick (T8), with a
  :class:`~engine.tricks.play.TrickRules` per way of playing (Kamerun's T4, Rufen's T5);
- :mod:`engine.tricks.stock`: two players and the stock (T2, T7);
- :mod:`engine.tricks.summary`: a summary entry's card points and tricks (R15, R23), on
  :mod:`engine.tricks.counting`'s dynamic programme over card values;
- :mod:`engine.tricks.melds`: marriages (T6, R10);
- :mod:`engine.tricks.seating`: seats, dealers and forehands;
- :mod:`engine.tricks.referee`: "may I play this card?" and a replayed hand;
- :mod:`engine.tricks.deal`: random deals for tests and benchmarks.

It imports no game and no card family: a game imports it and gives it its order.
"""

from __future__ import annotations

from engine.tricks import sentences as _sentences  # noqa: F401  (registers the sentences)
