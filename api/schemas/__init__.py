"""Request and response schemas that every game shares; a game's own (its entry, state
and result) live in ``api/games/<game>.py``."""
