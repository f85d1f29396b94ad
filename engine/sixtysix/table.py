"""Sixty-Six at a tournament's table (R22, R24): the match a Preisschnapsen's pairing
plays, what the hall's board shows of it and who won it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.game import TournamentTable
from engine.sixtysix.state import SixtySixState


class SixtySixTable(TournamentTable[SixtySixState]):
    #: R24: a table plays a match to two Bummerl; R22: in tournament mode, so a Schneider
    #: counts single.  The organiser chooses the rest (the variant, soft or hard …).
    forced_rules: ClassVar[Mapping[str, str]] = {"tournament": "true", "bummerl": "2"}

    def summary(self, state: SixtySixState) -> dict[str, Any]:
        """R22: each player's counter in the running Bummerl (down from 7), the Bummerl
        each has received, the deals played, and whether and by whom the match is won."""
        return {"score": dict(zip(state.players, state.score)), "bummerl": dict(zip(state.players, state.bummerl)),
                "deals": state.deals, "finished": state.finished, "winner": state.winner}

    def winner(self, state: SixtySixState) -> str | None:
        """R22: the match is won by the player who has given the other the match's Bummerl."""
        return state.winner if state.finished else None
