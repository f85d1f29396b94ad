"""Two players and the stock (talon): when play is free (T2), exchanging the trump nine
and closing (T7).  Sixty-Six and a two-player Dreeg hand play this way."""

from __future__ import annotations

#: T7: the stock may be closed while at least four cards remain in it.
CLOSE_MIN_STOCK = 4


def stock_is_open(stock_size: int, *, closed: bool = False) -> bool:
    """T2: with two players the stock is open while it holds two or more cards and
    nobody has closed it; only then are the players free of every obligation."""
    return stock_size >= 2 and not closed


def why_no_exchange(*, on_lead: bool, tricks_won: int, stock_size: int, closed: bool = False) -> str | None:
    """T7: the trump nine (Schnapsen: trump Unter) may be exchanged for the face-up trump
    card by a player on lead who has won a trick, while the stock is open.  ``None`` if he
    may, else the code of the reason."""
    if not on_lead:
        return "exchange_not_on_lead"
    if tricks_won < 1:
        return "exchange_without_trick"
    if not stock_is_open(stock_size, closed=closed):
        return "exchange_stock_closed"
    return None


def why_no_close(*, on_lead: bool, stock_size: int, closed: bool = False) -> str | None:
    """T7: the player on lead may close (zudrehen) while at least four cards remain in
    the stock."""
    if closed:
        return "already_closed"
    if not on_lead:
        return "close_not_on_lead"
    if stock_size < CLOSE_MIN_STOCK:
        return "close_stock_too_small"
    return None


def free_tricks(*, players: int, stock: int, closed_after: int | None) -> int:
    """T2: the tricks played while the stock is open carry no obligation.  With two
    players and ``stock`` cards in it after the deal, that is every trick until it is
    exhausted (each trick draws two cards), or until it was closed (T7); with more
    players there is no stock and no trick is free."""
    if players != 2:
        return 0
    return stock // 2 if closed_after is None else closed_after
